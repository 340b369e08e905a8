"""Every message a page's kernel sends reaches its server, however far behind the server is: a tap that opens a big
panel (Setup's game in progress, some 900 widgets) sends thousands of messages at once, and a server short of CPU
reads them late. ZeroMQ dropped what passed 1,000 waiting (the page then missed widgets its boxes held: "widget
model not found", and the panel never drew). First the server is a reader that takes nothing until the kernel has
sent everything; then the messages go through a served page's websocket, as a page hears them."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
import zmq
from jupyter_client import BlockingKernelClient
from jupyter_client.connect import write_connection_file
from jupyter_client.session import Session
from tornado.websocket import websocket_connect

from tests.browser.harness import served

ROOT = Path(__file__).resolve().parents[2]
SENT = 5000  # five times ZeroMQ's high-water mark
BURST = f"""
from comm import create_comm
burst = create_comm(target_name="burst")
for i in range({SENT}):
    burst.send({{"i": i}})
"""


@pytest.fixture
def page_kernel(tmp_path):
    """The dashboard's page kernel on IPC sockets, as Voilà starts it, and a client on its shell channel."""
    conn, _ = write_connection_file(str(tmp_path / "kernel.json"), transport="ipc", ip=str(tmp_path / "k"))
    kernel = subprocess.Popen([sys.executable, "-m", "companion.ui.page_kernel", "-f", conn], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    client = BlockingKernelClient(connection_file=conn)
    client.load_connection_file()
    client.start_channels(iopub=False, stdin=False, hb=False, control=False)
    try:
        yield client
    finally:
        client.stop_channels()
        kernel.kill()
        kernel.wait(10)


def _ready(client: BlockingKernelClient, iopub: zmq.Socket) -> None:
    """The kernel answers, and the reader hears it (a subscription is in place only once a message got through)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            client.kernel_info(reply=True, timeout=5)
        except TimeoutError:
            continue
        if iopub.poll(2000):
            while iopub.poll(200):  # what came before the burst
                iopub.recv_multipart()
            return
    pytest.fail("the page kernel did not answer in 60 s")


def test_a_burst_of_messages_reaches_a_server_that_reads_late(page_kernel):
    session = Session(key=page_kernel.session.key)
    context = zmq.Context()
    iopub = context.socket(zmq.SUB)  # as the server's: ZeroMQ's default high-water mark
    iopub.setsockopt(zmq.SUBSCRIBE, b"")
    iopub.connect(page_kernel._make_url("iopub"))
    try:
        _ready(page_kernel, iopub)
        reply = page_kernel.execute(BURST, reply=True, timeout=120)  # nothing read meanwhile
        assert reply["content"]["status"] == "ok"
        heard: list[int] = []
        while iopub.poll(3000):
            _, parts = session.feed_identities(iopub.recv_multipart())
            msg = session.deserialize(parts)
            if msg["header"]["msg_type"] == "comm_msg":
                heard.append(msg["content"]["data"]["i"])
            if heard and heard[-1] == SENT - 1:
                break
        assert len(heard) == SENT and heard == sorted(heard), f"{SENT - len(heard)} of {SENT} messages were lost"
    finally:
        iopub.close(linger=0)
        context.term()


BURST_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": (
        "from comm import get_comm_manager\n"
        "def burst(comm, msg):\n"
        f"    for i in range({SENT}):\n"
        "        comm.send({'i': i})\n"
        "get_comm_manager().register_target('burst', burst)\n")}],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def test_a_burst_of_widget_messages_reaches_the_page_through_the_server(tmp_path):
    """End to end, as a page hears its kernel: the served page kernel, Voilà's server with the dashboard's settings
    (the server's own guard dropped what passed 1,000 messages a second), its websocket."""
    notebook = tmp_path / "burst.ipynb"
    notebook.write_text(json.dumps(BURST_NOTEBOOK))
    with served(tmp_path / "served", notebook=notebook) as (url, _, _):
        page = urllib.request.urlopen(url, timeout=90).read().decode()  # runs the notebook in a kernel of its own
        kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page).group(1)

        async def hear() -> list[int]:
            ws = await websocket_connect(url.replace("http", "ws", 1) + f"api/kernels/{kernel}/channels?session_id=t")
            comm = uuid.uuid4().hex
            ws.write_message(json.dumps({
                "header": {"msg_id": uuid.uuid4().hex, "msg_type": "comm_open", "session": "t", "username": "t",
                           "date": "2026-01-01T00:00:00Z", "version": "5.3"},
                "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                "content": {"comm_id": comm, "target_name": "burst", "data": {}}}))
            heard: list[int] = []
            while True:
                try:
                    raw = await asyncio.wait_for(ws.read_message(), timeout=30)
                except asyncio.TimeoutError:
                    break
                if raw is None:
                    break
                msg = json.loads(raw)
                if msg.get("msg_type") == "comm_msg" and msg["content"].get("comm_id") == comm:
                    heard.append(msg["content"]["data"]["i"])
                    if heard[-1] == SENT - 1:
                        break
            ws.close()
            return heard

        heard = asyncio.run(hear())
    assert len(heard) == SENT, f"{SENT - len(heard)} of {SENT} messages were lost"
