"""How far one tap walks through the code: the Python calls and the modules a tap passes through.

Run: ``.venv/bin/python -m bench.tap_walk`` (``--json`` for the figures as data). The real screens
are built without a browser (``App``, as ``tests/ui/`` drives them) and one tap is followed with
``sys.setprofile`` from its handler to its end, drawing included:

* **a tap on a Space of the World**: the first tap (the tile shown there) and the second (placed);
* **a tap on an action of the Game screen**: a City's Tax, the card's last action (its player's
  actions end with it).

Counted for each: every Python call; the calls into ``companion``; the distinct ``companion``
modules entered ("rooms"); the calls from one of its modules into another ("crossings"), and how
many distinct ones there are, a function of one module calling a function of another ("stops");
the calls from the core (neither ``ui/`` nor a game's ``screens/``) up into a screen or ``ui/``
("climbs": a listener called back); and the calls into the World's builder from outside it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

import companion

PACKAGE = Path(companion.__file__).resolve().parent
BUILDER = "rise_and_fall/world/builder.py"


def module_of(filename: str) -> str | None:
    """``rise_and_fall/world/builder.py`` for a file of the package, None for any other."""
    try:
        return Path(filename).resolve().relative_to(PACKAGE).as_posix()
    except ValueError:
        return None


def is_widgets(module: str) -> bool:
    return module.startswith("ui/") or "/screens/" in module


@dataclass
class Walk:
    calls: int = 0
    companion_calls: int = 0
    crossings: int = 0
    stops: int = 0
    climbs: int = 0
    builder_entered: int = 0
    ms: float = 0.0
    rooms: list[str] = field(default_factory=list)

    def figures(self) -> dict:
        d = asdict(self)
        d["modules"] = len(self.rooms)
        return d


def walk(tap: Callable[[], object]) -> Walk:
    """Follow one call of ``tap``: what it calls, down to the last line."""
    w = Walk()
    names: dict[str, str | None] = {}
    rooms: set[str] = set()
    edges: set[tuple] = set()

    def name(code) -> str | None:
        f = code.co_filename
        if f not in names:
            names[f] = module_of(f)
        return names[f]

    def profile(frame, event, arg) -> None:
        if event != "call":
            return
        w.calls += 1
        here = name(frame.f_code)
        if here is None:
            return
        w.companion_calls += 1
        rooms.add(here)
        back = frame.f_back
        there = name(back.f_code) if back is not None else None
        if there is not None and there != here:
            w.crossings += 1
            edges.add((back.f_code, frame.f_code))
            if is_widgets(here) and not is_widgets(there):
                w.climbs += 1
            if here == BUILDER:
                w.builder_entered += 1

    t = time.perf_counter()
    sys.setprofile(profile)
    try:
        tap()
    finally:
        sys.setprofile(None)
    w.ms = (time.perf_counter() - t) * 1000
    w.rooms = sorted(rooms)
    w.stops = len(edges)
    return w


def world_taps(root: Path) -> dict[str, Walk]:
    """The World's two taps on a Space: the tile shown there, then placed there."""
    from companion.ui.app import App

    random.seed(1)
    app = App(data_dir=root / "d", layouts_dir=root / "l", game="rise-and-fall")
    screen = app.world
    b = screen.build
    tile = b.legal(b.next_kind())[0]
    first = walk(lambda: screen.tap_space(tile.cells[0]))
    assert screen.preview is not None and screen.preview.verdict is None, screen.message.value
    n = len(screen.build.tiles)
    second = walk(lambda: screen.tap_space(screen.preview.tile.cells[0]))
    assert len(screen.build.tiles) == n + 1, screen.message.value
    return {"world: tap shows the tile": first, "world: tap places it": second}


def game_tap(root: Path) -> dict[str, Walk]:
    """A tap on the Game screen's Tax of a City, the card's last action."""
    import ipywidgets as W

    from companion.rise_and_fall.scoring.position import STANDS_ON
    from companion.ui.app import App

    random.seed(1)
    app = App(data_dir=root / "g", layouts_dir=root / "gl", game="rise-and-fall")
    app.world.n_players.value = 3
    app.world.seed.value = 4
    app.world.random_btn.click()
    app.setup.start_btn.click()
    used: set = set()
    terrain = app.world.build.world.terrain_map()
    while app.hub.game.phase == "placement":
        piece = app.setup.piece.value
        space = next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier" and s not in used)
        used.add(space)
        app.setup.tap_space(space)
    g = app.hub.game
    for i in g.order():
        app.hub.do({"type": "play", "player": i, "card": "city"})
    assert app.hub.game.phase == "B"

    def button(css: str) -> W.Button:
        stack = list(app.game.controls.children)
        while stack:
            x = stack.pop(0)
            if isinstance(x, W.Button) and css in x._dom_classes and not x.disabled:
                return x
            stack.extend(getattr(x, "children", ()))
        raise AssertionError(f"no {css} on the Game screen")

    tax = button("rf-act-city-tax-plains")
    acting = app.hub.game.acting
    w = walk(tax.click)
    assert app.hub.game.acting != acting, app.game.message.value
    return {"game: tap on the last action": w}


def measure() -> dict[str, Walk]:
    with tempfile.TemporaryDirectory() as warm:  # imports and first-use caches, outside the figures
        world_taps(Path(warm))
        game_tap(Path(warm))
    from companion.rise_and_fall.world import builder

    getattr(builder, "_ANY_LEGAL", {}).clear()  # what the warm-up learnt of its World is not the tap's
    with tempfile.TemporaryDirectory() as tmp:
        return {**world_taps(Path(tmp)), **game_tap(Path(tmp))}


def run() -> None:
    from bench.common import row

    for what, w in measure().items():
        row(f"{what}: Python calls", w.calls, "fewer", unit="calls")
        row(f"{what}: modules of the package", len(w.rooms), "fewer", unit="modules")


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench.tap_walk")
    ap.add_argument("--json", action="store_true", help="the figures as JSON")
    ap.add_argument("--rooms", action="store_true", help="also list the modules each tap enters")
    args = ap.parse_args()
    walks = measure()
    if args.json:
        print(json.dumps({k: w.figures() for k, w in walks.items()}, indent=1))
        return
    for what, w in walks.items():
        print(f"{what}: {w.calls} Python calls, {w.companion_calls} in companion, {len(w.rooms)} modules, "
              f"{w.crossings} calls between modules ({w.stops} stops), {w.climbs} climbs up to widgets, builder entered {w.builder_entered}×, "
              f"{w.ms:.0f} ms (profiled)")
        if args.rooms:
            print("   " + " ".join(w.rooms))


if __name__ == "__main__":
    main()
