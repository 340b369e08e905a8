"""A preheated kernel waits for its page with the request info Voilà sends on its websocket, no
kernel imports Voilà's server to do so (47 MB and a second in every page's kernel), and every wait
in it ends: a server that refuses, closes or stops answering leaves the page to open on the shelf,
saying so."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading

import pytest

from companion.ui.app import NO_ADDRESS, request_info, wait_for_page

#: How long a test lets the wait run before it calls it a hang (far beyond every bound of the wait).
HANG = 120


def serve(handler_of) -> tuple[int, threading.Event]:
    """A Tornado server with Voilà's ``voila/query/<kernel id>`` made by ``handler_of(base class)``;
    its port, and an event that, once set, lets a server that was told to stall go on."""
    import tornado.web
    import tornado.websocket

    ready, port, release = threading.Event(), [], threading.Event()

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = tornado.web.Application([(r"/voila/query/(.*)", handler_of(tornado.websocket.WebSocketHandler, release))])
        server = app.listen(0, "127.0.0.1")
        port.append(next(iter(server._sockets.values())).getsockname()[1])
        ready.set()
        loop.run_forever()

    threading.Thread(target=run, daemon=True).start()
    assert ready.wait(HANG)
    return port[0], release


def serve_request_info(payload: str) -> tuple[int, list[str]]:
    """As Voilà: sends ``payload`` once asked."""
    asked: list[str] = []

    def handler(base, _release):
        class Query(base):
            def open(self, kernel_id: str) -> None:
                asked.append(kernel_id)
                self.write_message(payload)
        return Query

    return serve(handler)[0], asked


def in_time(fn):
    """``fn()`` on a thread of its own; its answer, or the test fails if it never ends (a hang)."""
    out: list = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    t.join(HANG)
    assert out, "the wait for the page never ended"
    return out[0]


@pytest.fixture
def preheated(monkeypatch):
    """A preheated kernel's environment; sets the port of the server it asks."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.setenv("VOILA_KERNEL_ID", "k-1")
    for key in ("QUERY_STRING", "SERVER_NAME"):  # what the page's request writes goes when the test ends
        monkeypatch.setenv(key, "")  # (a delenv of a name not set would not be undone)
        monkeypatch.delenv(key)
    return lambda port: monkeypatch.setenv("VOILA_APP_PORT", str(port))


def test_a_preheated_kernel_takes_its_pages_address(preheated):
    info = {"QUERY_STRING": "game=rise-and-fall&seat=abc", "SERVER_NAME": "tablet"}
    port, asked = serve_request_info(json.dumps(info))
    preheated(port)
    assert wait_for_page() is None
    assert os.environ["QUERY_STRING"] == "game=rise-and-fall&seat=abc" and asked == ["k-1"]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_no_answer_is_no_address_and_the_page_says_so(preheated):
    problems: list[str] = []
    assert request_info(f"ws://127.0.0.1:{closed_port()}/voila/query/none", connect_timeout=1, problems=problems) == {}
    assert len(problems) == 3, problems  # tried three times, then given up
    preheated(closed_port())
    said = wait_for_page()
    assert said is not None and said.startswith(NO_ADDRESS.split("(")[0]) and "QUERY_STRING" not in os.environ


def test_a_server_that_closes_without_answering_is_tried_again_and_answers_then():
    """Voilà keeps a page's request for a kernel that was not connected: a kernel whose connection
    closed asks again and gets it."""
    opened: list[str] = []

    def handler(base, _release):
        class Query(base):
            def open(self, kernel_id: str) -> None:
                opened.append(kernel_id)
                if len(opened) == 1:
                    self.close()
                else:
                    self.write_message(json.dumps({"QUERY_STRING": "game=rise"}))
        return Query

    port, _ = serve(handler)
    assert in_time(lambda: request_info(f"ws://127.0.0.1:{port}/voila/query/k", connect_timeout=5)) == {"QUERY_STRING": "game=rise"}
    assert opened == ["k", "k"]


def test_a_server_that_stops_answering_is_given_up_on():
    """A server whose connection is open but which answers nothing more (not even a ping): the wait
    ends once the pings go unanswered, on every try."""
    stalled = []

    def handler(base, release):
        class Query(base):
            def open(self, kernel_id: str) -> None:
                stalled.append(kernel_id)
                release.wait(HANG)  # the server's loop stops here: no pong, no new connection
        return Query

    port, release = serve(handler)
    try:
        problems: list[str] = []
        got = in_time(lambda: request_info(f"ws://127.0.0.1:{port}/voila/query/k", connect_timeout=1, ping_interval=0.3,
                                           ping_timeout=0.3, problems=problems))
        assert got == {} and len(problems) == 3 and stalled, problems
    finally:
        release.set()


def test_a_kernel_started_for_its_page_waits_for_nothing_and_imports_no_voila():
    code = ("import os, sys; os.environ['VOILA_PREHEAT'] = 'False'\n"
            "from companion.ui.app import wait_for_page\n"
            "said = wait_for_page()\n"
            "print(said is None, any(m.split('.')[0] in ('voila', 'jupyter_server', 'nbconvert') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False"], out


def test_a_page_whose_address_was_lost_opens_the_shelf_and_says_why(tmp_path, preheated):
    from companion.ui.app import App

    preheated(closed_port())
    app = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts")
    app.attach(live=False)
    assert app.place == "shelf" and "could not learn its address" in app.alert.value
