"""Taps a table makes (issue "Made for hands and eyes"): a typical turn for 3 players, and scoring.

How they are counted: the real screens are built (``App``, no browser) and driven as a player
drives them, one widget at a time; every button pressed, every toggle chosen, every − or + of a
count and every tap on the board is one tap, and a button pressed must be on the screen (no box
around it hidden). The board is given the width it is drawn at on a 1024×768 tablet (measured in
the browser: while the pieces are entered the Scores board is 694 CSS px wide, the scorepad
folded to its line of totals; beside the scorepad it is 409 px), so a tap on Spaces smaller
than a finger first zooms, as on the tablet, and a Space off the zoomed board costs a tap on Fit. Choices are drawn at random from what the screen offers
(seeded), as players of a first game would; a count is set to 1–3 within the rule's limit.
It also times, in the kernel, the operations long enough to show the busy bar.
"""

from __future__ import annotations

import random
import statistics
import tempfile
from pathlib import Path

import ipywidgets as W

from bench.common import row
from companion.hexgrid import PixelLayout
from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.scoring.scoring import score
from companion.rise_and_fall.screens.world_screen import STYLE
from companion.ui.app import App
from companion.ui.widgets import Stepper

SCORES_BOARD_CSS = 409.0  # CSS px the Scores board is drawn wide at 1024×768 (landscape, beside the scorepad)
ENTERING_BOARD_CSS = 694.0  # ... and while the pieces are entered (the board takes the width)
PHONE_BOARD_CSS = 374.0  # ... on a 390×844 phone (the width of the screen)
TURNS = 8


def shown(root: W.Widget, w: W.Widget) -> bool:
    """Whether ``w`` is drawn on the screen ``root``: inside it, and no box on the way hidden."""
    stack: list[W.Widget] = [root]
    while stack:
        x = stack.pop()
        if getattr(x.layout, "display", "") == "none":
            continue
        if x is w:
            return True
        stack.extend(getattr(x, "children", ()))
    return False


class Finger:
    """Counts the taps of one table (on the screen ``root``, when given: a button pressed is on it)."""

    def __init__(self, root: W.Widget | None = None) -> None:
        self.taps = 0
        self.root = root

    def press(self, b: W.Button) -> None:
        assert not b.disabled, b.description
        assert self.root is None or shown(self.root, b), f"{b.description} is not on the screen"
        self.taps += 1
        b.click()

    def choose(self, toggle: W.ToggleButtons, value) -> None:
        if toggle.value != value:
            assert self.root is None or shown(self.root, toggle), f"{toggle.options} is not on the screen"
            self.taps += 1
            toggle.value = value

    def count(self, stepper: Stepper, value: int) -> None:
        while stepper.value != value:
            self.taps += 1
            stepper.step(1 if value > stepper.value else -1)

    def tap_space(self, board, space) -> None:
        """As on the tablet: Fit when the Space is off the board, a zooming tap when Spaces are
        smaller than a finger, then the tap that chooses."""
        lay = PixelLayout(STYLE.hex_size)
        for _ in range(6):
            bx, by = board.to_buffer(*lay.hex_to_pixel(space))
            if not (0 < bx < board.width * board.dpr and 0 < by < board.height * board.dpr):
                self.press(board.fit_btn)
                continue
            before = board.zoom
            self.taps += 1
            board.tap(bx, by)
            if board.zoom == before:
                return
        raise AssertionError(f"the Space {space} could not be tapped")


def buttons(root: W.Widget, css: str) -> list[W.Button]:
    out, stack = [], [root]
    while stack:
        w = stack.pop(0)
        stack.extend(getattr(w, "children", ()))
        if isinstance(w, W.Button) and css in w._dom_classes and w.layout.display != "none":
            out.append(w)
    return out


def steppers(root: W.Widget) -> list[Stepper]:
    out, stack = [], [root]
    while stack:
        w = stack.pop(0)
        if isinstance(w, Stepper):
            out.append(w)
        else:
            stack.extend(getattr(w, "children", ()))
    return out


def new_game(data: Path) -> App:
    app = App(data_dir=data, layouts_dir=data / "layouts", game="rise-and-fall")
    app.world.n_players.value = 3
    app.world.seed.value = 2
    app.world.random_btn.click()
    app.setup.start_btn.click()
    terrain = app.world.build.world.terrain_map()
    used: set = set()
    while app.hub.game.phase == "placement":
        piece = app.setup.piece.value
        space = next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier" and s not in used)
        used.add(space)
        app.setup.tap_space(space)
    return app


def one_turn(app: App, rnd: random.Random) -> int:
    """Taps from the first card played to the next turn's first card (or the end of the game)."""
    f = Finger()
    screen, turn = app.game, app.hub.game.turn
    for _ in range(400):
        g = app.hub.game
        if g.phase == "over" or (g.turn != turn and g.phase == "A"):
            return f.taps
        c = screen.controls
        if g.phase == "A":
            i = g.to_move()[0]
            name = g.civs[i].name
            row_ = next(r for r in c.children if isinstance(r, W.HBox) and name in getattr(r.children[0], "value", ""))
            f.press(rnd.choice([b for b in row_.children if isinstance(b, W.Button) and any(k.startswith("rf-play-") and k != "rf-play-random"
                                                                                                for k in b._dom_classes)]))
        elif g.phase == "B":
            acts = buttons(c, "rf-act")
            if acts and g.activations < g.act_limit:
                b = rnd.choice(acts)
                for st in steppers(c):
                    if st.layout.display != "none" and st.max >= 1:
                        f.count(st, min(st.max, rnd.randint(1, 3)))
                f.press(b)
            else:
                f.press(buttons(c, "rf-end-turn")[0])
        elif g.phase == "C":
            first = c.children[0]
            picks = [b for b in first.children if isinstance(b, (W.Button, W.ToggleButton)) and "rf-decline-place" not in b._dom_classes]
            owed = g.cards_owed[g.to_move()[0]]
            chosen = rnd.sample(picks, owed)
            if owed == 1:
                f.press(chosen[0])
            else:
                for t in chosen:
                    f.taps += 1
                    t.value = True
                f.press(buttons(first, "rf-decline-place")[0])
        elif g.phase == "D":
            f.press(buttons(c, "rf-pass")[0])  # a typical table buys nothing back
    raise AssertionError("a turn did not end")


def scoring_taps(data: Path, fast: bool, by_player: bool = False, board_css: float | None = None) -> int:
    """Score a complete 3-player end of game: by the fast path, Region by Region as the screen
    walks them (a tap for who holds each, one for the Regions left empty) or by player (choose a
    player, tap the chip of every Region they control, then one tap for the Regions nobody
    controls); or with every piece entered on the board (the player and piece chosen, then the Space;
    then Done, which shows the scorepad and its Final). ``board_css``: the board's width on the
    page, when not the tablet's."""
    app = App(data_dir=data, layouts_dir=data / "layouts", game="rise-and-fall")
    app.world.n_players.value = 3
    app.world.seed.value = 2
    app.world.random_btn.click()
    pos = random_end_position(app.world.build.layout(), 3, players=3)
    truth = score(pos)
    s = app.scores
    s.start_from_world()  # a random World's players are Red, Yellow and Green, as the position's
    s.board.css_width = board_css or (SCORES_BOARD_CSS if fast else ENTERING_BOARD_CSS)
    f = Finger(s.widget)
    names = [p.name for p in s.entry.players]
    colours = {p.name: n for p, n in zip(pos.players, names)}
    if fast and by_player:
        f.choose(s.mode, "fast")
        for name in names:
            for k, r in enumerate(truth.regions):
                if r.controller and colours[r.controller] == name:
                    f.choose(s.painter, name)
                    f.press(s.chips.children[k])
        f.press(buttons(s.widget, "rf-rest-empty")[0])
    elif fast:
        f.choose(s.mode, "fast")
        held = {k for k, r in enumerate(truth.regions) if r.pieces}
        while s.entry.regions_to_vote():
            left = s.entry.regions_to_vote()
            if not held & set(left):
                f.press(buttons(s.widget, "rf-rest-empty")[0])
                break
            r = truth.regions[s.region]
            if s.region in held:
                who = colours.get(r.controller) if r.controller else None
                f.press(next(b for b in s.votes.children if b.description == who) if who else buttons(s.widget, "rf-vote-tie")[0])
            else:
                f.press(buttons(s.widget, "rf-vote-tie")[0])
    else:
        for p in sorted(pos.pieces, key=lambda p: (p.player, p.type)):
            f.choose(s.who, colours[p.player])
            f.choose(s.piece, p.type)
            f.tap_space(s.board, p.space)
        assert len(s.entry.pieces) == len(pos.pieces)
        f.press(s.done_btn)  # the scorepad unfolds beside the board, with Final
    f.press(s.finish_btn)
    assert s.entry.finished
    if fast:  # every Region went to its controller (a tie and an empty Region to nobody)
        assert dict(s.entry.votes) == {k: colours.get(r.controller) if r.controller else None for k, r in enumerate(truth.regions)}
    return f.taps


def slow_operations(data: Path) -> None:
    """What takes long enough to show the busy bar (it appears after 300 ms): opening a long
    game, the saved games, History with many finished games (kernel time, no browser)."""
    import time

    from bench.tracker import random_game
    from companion.gamelog import GameStore
    from companion.rise_and_fall.history import History
    from companion.rise_and_fall.scoring.scoring import PlayerScore, Score

    store = GameStore(data)
    long_id, s = random_game(store, 1000, seed=3)
    n = s.log.head()
    s.log.close()
    for k in range(5):
        random_game(store, 200, seed=10 + k)[1].log.close()
    h = History(data)
    ps = [PlayerScore(x, gold=1, economy=2, trophies=3, development=4, territories=50, development_lines={}) for x in ("Ana", "Ben", "Cy")]
    for k in range(300):
        h.record(f"h{k}", "Harbour", Score(ps, []), {"Ana": "#d33b2c", "Ben": "#f2c12e", "Cy": "#2a5db0"})
    h.close()
    app = App(data_dir=data, layouts_dir=data / "layouts", game="rise-and-fall")
    app.go_to("Game")

    def timed(fn) -> float:
        t = time.perf_counter()
        fn()
        return (time.perf_counter() - t) * 1000

    row(f"open a {n}-action game (Resume; shows the busy bar)", timed(lambda: app.game.resume(long_id)), "bar after 300 ms")
    row("open the Saved games (7 games; shows the busy bar)", timed(lambda: setattr(app.game.saved, "selected_index", 0)), "bar after 300 ms")
    row("open History with 300 finished games (shows the busy bar)", timed(lambda: app.go_to("History")), "bar after 300 ms")


def run() -> None:
    with tempfile.TemporaryDirectory() as d:
        slow_operations(Path(d) / "slow")
        app = new_game(Path(d) / "turns")
        rnd = random.Random(7)
        counts = []
        for _ in range(TURNS):
            if app.hub.game.phase == "over":
                break
            counts.append(one_turn(app, rnd))
        row(f"taps for a typical 3-player turn (median of {len(counts)}, {min(counts)}–{max(counts)})",
            statistics.median(counts), "to lower", unit="taps")
        fast = scoring_taps(Path(d) / "fast", fast=True, by_player=True)
        row("taps to score a 3-player game, fast path by player", fast, "to lower", unit="taps")
        walk = scoring_taps(Path(d) / "walk", fast=True)
        row("taps to score a 3-player game, fast path Region by Region", walk, "to lower", unit="taps")
        full = scoring_taps(Path(d) / "full", fast=False)
        row("taps to score a 3-player game, every piece entered", full, "to lower", unit="taps")
        phone = scoring_taps(Path(d) / "phone", fast=False, board_css=PHONE_BOARD_CSS)
        row("taps to score a 3-player game, every piece entered, on a 390×844 phone", phone, "to lower", unit="taps")
