"""A page opens with no work it does not need: a phone at its seat never replays the logs for the
shelf's Continue (it never shows the shelf)."""

from __future__ import annotations

from companion.ui import shelf

from .test_seat_page import table  # noqa: F401 - the fixture: a 3-player game and its phones


def test_a_phone_at_its_seat_never_looks_for_the_shelfs_continue(table, monkeypatch):  # noqa: F811
    tablet, phone = table
    looks: list[int] = []
    real = shelf.last_unfinished
    monkeypatch.setattr(shelf, "last_unfinished", lambda store, *a, **k: looks.append(1) or real(store, *a, **k))
    ben = phone(1)
    ben.attach(live=False)  # the page attached: every open screen reads its logs again
    assert looks == [] and ben.place == "seat"
    ben.show_shelf()  # the shelf, when shown, still looks
    assert looks == [1]
