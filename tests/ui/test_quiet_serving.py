"""What keeps a first run's terminal quiet, without a server: the kernels talk over Unix sockets, the
companion's notebook holds no outputs (so Jupyter's trust check guards nothing and is answered), and a
notebook with outputs is still checked as Jupyter checks it."""

from __future__ import annotations

import json
import logging

import nbformat
from traitlets.config import Config

from companion.ui import serve, voila_launch


def test_kernels_talk_over_unix_sockets():
    assert serve.TRANSPORT == "ipc"
    assert "--KernelManager.transport=ipc" in voila_command_line()
    c = Config()
    assert voila_launch.configure(c, ["notebooks/companion.ipynb"], "/venv/bin/voila")
    assert c.KernelManager.transport == "ipc"


def voila_command_line() -> list[str]:
    return serve.voila_command(8866, "127.0.0.1", None)


def test_the_companions_notebook_holds_no_outputs():
    nb = nbformat.read(serve.notebook_path(), as_version=4)
    assert not voila_launch.outputs_stored(nb), "run notebooks/companion.ipynb's cells clear of outputs before committing it"


def test_the_trust_check_is_answered_for_a_notebook_without_outputs_only(tmp_path, caplog):
    from jupyter_server.services.contents.filemanager import FileContentsManager

    voila_launch.install_trust()
    from nbformat.sign import NotebookNotary

    (tmp_path / "jupyter").mkdir()
    manager = FileContentsManager(root_dir=str(tmp_path))
    # no signature or secret of this user's is read or written
    manager.notary = NotebookNotary(data_dir=str(tmp_path / "jupyter"), db_file=":memory:",
                                    secret_file=str(tmp_path / "jupyter" / "secret"))
    plain = nbformat.read(serve.notebook_path(), as_version=4)
    with caplog.at_level(logging.WARNING):
        manager.mark_trusted_cells(plain, "companion.ipynb")
    assert "not trusted" not in caplog.text
    assert all(c.metadata.get("trusted") for c in plain.cells if c.cell_type == "code")
    ran = nbformat.reads(json.dumps({**json.loads(nbformat.writes(plain)), "cells": [
        {"cell_type": "code", "execution_count": 1, "id": "x", "metadata": {}, "source": "1",
         "outputs": [{"output_type": "display_data", "data": {"text/html": "<script>alert(1)</script>"}, "metadata": {}}]}]}),
        as_version=4)
    with caplog.at_level(logging.WARNING):
        manager.mark_trusted_cells(ran, "other.ipynb")
    assert "not trusted" in caplog.text and not ran.cells[0].metadata.get("trusted")


def test_tornados_ping_note_is_kept_out_of_the_terminal_and_nothing_else(caplog):
    """Tornado's note that the websocket ping timeout "cannot be longer" than its interval (Jupyter Server's
    milliseconds read as seconds: true of no page) is not said; any other line of Tornado's still is."""
    voila_launch.install_ping_note_answered()
    voila_launch.install_ping_note_answered()  # installed twice (configure, then main): one filter
    general = logging.getLogger("tornado.general")
    assert general.filters.count(voila_launch.ping_note) == 1
    with caplog.at_level(logging.WARNING, logger="tornado.general"):
        general.warning("The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000)."
                        "\nSetting websocket_ping_timeout=30000")
        general.warning("Uncaught exception in a websocket")
    assert [r.getMessage() for r in caplog.records] == ["Uncaught exception in a websocket"]
