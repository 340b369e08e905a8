"""A preheated kernel waits for its page with the request info Voilà sends on its websocket, and
no kernel imports Voilà's server to do so (47 MB and a second in every page's kernel)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading

from companion.ui.app import request_info, wait_for_page


def serve_request_info(payload: str) -> tuple[int, list[str], threading.Event]:
    """A Tornado server, as Voilà's ``voila/query/<kernel id>``: sends ``payload`` once asked."""
    import tornado.web
    import tornado.websocket

    asked: list[str] = []
    ready, port = threading.Event(), []

    class Query(tornado.websocket.WebSocketHandler):
        def open(self, kernel_id: str) -> None:
            asked.append(kernel_id)
            self.write_message(payload)

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = tornado.web.Application([(r"/voila/query/(.*)", Query)])
        server = app.listen(0, "127.0.0.1")
        port.append(next(iter(server._sockets.values())).getsockname()[1])
        ready.set()
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    ready.wait(10)
    return port[0], asked, ready


def test_a_preheated_kernel_takes_its_pages_address(monkeypatch):
    info = {"QUERY_STRING": "game=rise-and-fall&seat=abc", "SERVER_NAME": "tablet"}
    port, asked, _ = serve_request_info(json.dumps(info))
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
    for key in info:  # what the page's request writes into the environment goes when the test ends
        monkeypatch.setenv(key, "")  # (a delenv of a name not set would not be undone)
        monkeypatch.delenv(key)
    wait_for_page()
    assert os.environ["QUERY_STRING"] == "game=rise-and-fall&seat=abc" and asked == ["k-1"]


def test_no_answer_is_no_address():
    assert request_info("ws://127.0.0.1:9/voila/query/none", connect_timeout=1) == {}


def test_a_kernel_started_for_its_page_waits_for_nothing_and_imports_no_voila():
    code = ("import os, sys, time; os.environ['VOILA_PREHEAT'] = 'False'\n"
            "from companion.ui.app import wait_for_page\n"
            "t = time.perf_counter(); wait_for_page()\n"
            "print(time.perf_counter() - t < 0.05, any(m.split('.')[0] in ('voila', 'jupyter_server', 'nbconvert') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False"], out
