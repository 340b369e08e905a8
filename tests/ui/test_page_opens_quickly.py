"""A page opens with no work it does not need: a phone at its seat never replays the logs for the
shelf's Continue (it never shows the shelf), and a preheated kernel has imported what opening
any game's screens or seat needs before its page asks."""

from __future__ import annotations

import subprocess
import sys

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


def test_a_preheated_kernel_imports_every_games_screens_and_seat_before_its_page_asks():
    code = ("import sys\n"
            "from companion import games\n"
            "from companion.ui.app import warm_up\n"
            "before = {m for m in sys.modules}\n"
            "warm_up()\n"
            "wanted = {r.partition(':')[0] for g in games.games() for r in (g.screens, g.seat) if r}\n"
            "print(sorted(wanted - before) != [], sorted(wanted - set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split(None, 1)
    assert out == ["True", "[]\n"], out
