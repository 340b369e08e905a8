"""A seat's secret address on a table served to the network: it opens that seat's page and
nothing else, and stops working once the seat is given to another phone."""

from __future__ import annotations

import http.client
import re

from rise_and_fall.test_tracker import started_session

from companion.gamelog import GameStore
from companion.seats import Seats
from companion.ui.serve import seat_lines
from companion.ui.voila_launch import SeatTokens, seat_may
from shared.test_serve import start_table, stop


def test_what_a_seat_may_ask_for():
    kernel = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
    assert seat_may("/", True, "T" * 24, "T" * 24)
    assert not seat_may("/", True, None, "T" * 24)  # the dashboard without its seat: the table's page
    assert not seat_may("/", True, "U" * 24, "T" * 24)  # another seat's page
    for ok in (f"/api/kernels/{kernel}", f"/api/kernels/{kernel}/channels", "/voila/static/voila.js", f"/voila/query/{kernel}"):
        assert seat_may(ok, False, None, "T" * 24), ok
    for no in ("/api/kernels", "/api/contents/x", "/voila/render/other.ipynb", "/tree", "/login", "/api/sessions"):
        assert not seat_may(no, False, None, "T" * 24), no


def test_seat_tokens_are_checked_again_after_a_moment():
    valid, now = {"A" * 24}, [100.0]
    tokens = SeatTokens(lambda t: t in valid, ttl=2.0, clock=lambda: now[0])
    assert tokens.valid("A" * 24) and not tokens.valid("B" * 24) and not tokens.valid(None)
    valid.clear()  # reseated
    now[0] += 2.0
    assert tokens.valid("A" * 24)  # remembered for 2 s (a page load's dozens of requests check the files once)
    now[0] += 0.01
    assert not tokens.valid("A" * 24)  # then checked again: revoked


def request(port: int, path: str, cookie: str | None = None) -> tuple[int, str | None]:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=90)
    c.request("GET", path, headers={"Host": f"127.0.0.1:{port}", **({"Cookie": cookie} if cookie else {})})
    r = c.getresponse()
    status, set_cookie = r.status, r.getheader("Set-Cookie")
    r.read()
    c.close()
    return status, set_cookie


def test_a_seat_address_opens_its_seat_only_on_a_table_served_with_a_token(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SEAT_TTL", "0")  # every request checks the game files (the 2 s memory: above)
    store = GameStore(tmp_path / "data")
    _, s = started_session(store, 3)
    seats = Seats(s.log).ensure(3)
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))
    lines = seat_lines("http://10.0.0.2:8866/")  # what make table prints: one address per seat
    assert [u for _, u in lines] == [f"http://10.0.0.2:8866/?game=rise-and-fall&seat={seats[i].token}" for i in range(3)]
    proc, port, _table = start_table(tmp_path)
    try:
        status, cookie = request(port, f"/?game=rise-and-fall&seat={seats[1].token}")
        assert status == 200 and cookie and "companion-seat" in cookie
        seat_cookie = re.match(r"[^;]+", cookie).group(0)
        assert request(port, "/", seat_cookie)[0] != 200  # the seat's cookie does not open the table's page
        assert request(port, f"/?game=rise-and-fall&seat={seats[2].token}", seat_cookie)[0] == 200  # its own code opens seat 2
        assert request(port, "/?game=rise-and-fall&screen=setup", seat_cookie)[0] != 200
        Seats(s.log).reseat(1)
        assert request(port, f"/?game=rise-and-fall&seat={seats[1].token}")[0] != 200  # revoked
        assert request(port, "/?game=rise-and-fall&seat=" + "x" * 24)[0] != 200
    finally:
        stop(proc)
