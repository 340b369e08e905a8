"""A newcomer's first run: `make run` prints where to open the table and nothing alarming. Served as
`make run` serves it (its command, its pool of preheated kernels, a data folder of its own, a free
port), a page opened, then stopped as a terminal's Ctrl-C stops it: the terminal holds the address
and no warning, error or traceback (no kernel "running over TCP without encryption", no notebook
"not trusted", no kernel's traceback as the server stops, no note of a websocket's ping that "cannot be longer")."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time

from companion.ui.serve import POOL

from .harness import ROOT, free_port, open_shelf, tablet

ALARMING = re.compile(r"WARNING|ERROR|CRITICAL|Traceback|not trusted|without encryption|cannot", re.I)


def test_make_run_prints_its_address_and_nothing_alarming(browser, tmp_path):
    recipe = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "$(PY) -m companion.ui.serve --port $(PORT)" in recipe  # what follows is what `make run` runs
    port = free_port()
    terminal = tmp_path / "terminal.txt"
    env = dict(os.environ, COMPANION_DATA=str(tmp_path / "data"), COMPANION_LAYOUTS=str(tmp_path / "layouts"))
    with open(terminal, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "companion.ui.serve", "--port", str(port)], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # Ctrl-C heard, as in a terminal
    url = f"http://localhost:{port}/"
    try:
        deadline = time.monotonic() + 120
        while True:  # the server listens (a request of the test's own would be in the terminal)
            try:
                socket.create_connection(("127.0.0.1", port), timeout=5).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, terminal.read_text()[-3000:]
                time.sleep(0.3)  # the poll's step
        ctx = tablet(browser)
        page = ctx.new_page()
        open_shelf(page, url, timeout=120_000)
        ctx.close()
        filled = f"is filled with {POOL} kernel(s)"
        deadline = time.monotonic() + 180
        while terminal.read_text().count(filled) < 1 and time.monotonic() < deadline:
            time.sleep(0.3)  # the poll's step: every kernel of the pool started (each would have warned)
        said = terminal.read_text()
        assert filled in said, said[-3000:]
    finally:
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C: the terminal's signal to its foreground group
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            raise AssertionError("Ctrl-C did not stop the server in a minute") from None
    said = terminal.read_text()
    assert f"open {url}" in said.splitlines()[1], said[:500]
    alarming = [line for line in said.splitlines() if ALARMING.search(line)]
    assert not alarming, "\n".join(alarming[:20]) + "\n---\n" + said[said.find(alarming[0]):][:3000] if alarming else ""
