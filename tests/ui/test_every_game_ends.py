"""The end of a game, the same at every game's table, without a browser: a game played to its end and opened
shows its outcome on the screen in front; Undo asks "Reopen the finished game?" before it takes anything back;
"No" keeps it finished (and in History); "Yes" reopens it, says what it reopened and what it took back, and
History no longer holds it. A new game passes by being registered."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path
from typing import Any, Iterator

import ipywidgets as W
import pytest

from companion import games
from companion.gamelog import GameStore, Session
from companion.history import FinishedGames
from companion.ui.app import App
from companion.ui.shelf import Unfinished

MAX_STEPS = 4000


def kind_of(g: games.Game) -> str:
    """The log a game is played in (not the one that prepares it)."""
    return g.seat_kind if g.seat_kind in g.kinds else next(k for k in g.kinds if k not in g.prepares)


def played_to_the_end(data: Path, g: games.Game, seed: int) -> tuple[str, Any]:
    """A game of ``g`` played at random from its contract's legal actions to its end: its id and outcome."""
    kind, rng = kind_of(g), random.Random(seed)
    reducer = g.reducer(kind)
    store = GameStore(data)
    gid, log = store.create(g.kind(kind), f"{g.title}: to the end {seed}")
    s = Session(log, reducer)
    c = s.contract
    for _ in range(MAX_STEPS):
        moves = c.legal_actions(s.state)
        if not moves:
            break
        s.do(c.pick(moves, rng).sample(rng))
    outcome = c.outcome(s.state)
    assert outcome is not None, f"{g.title}: no end in {MAX_STEPS} random actions"
    s.log.close()
    return gid, outcome


def over_in_log(data: Path, g: games.Game, gid: str) -> bool:
    """Whether the game's log, read again from disk, ends in an outcome."""
    kind = kind_of(g)
    s = Session(GameStore(data).open(gid), g.reducer(kind))
    try:
        return s.contract.outcome(s.state) is not None
    finally:
        s.log.close()


def walk(w: Any) -> Iterator[Any]:
    yield w
    for child in getattr(w, "children", ()) or ():
        yield from walk(child)


def shown(w: Any) -> Iterator[Any]:
    """The widgets on screen under ``w`` (a hidden box hides what it holds)."""
    if getattr(getattr(w, "layout", None), "display", None) == "none":
        return
    yield w
    for child in getattr(w, "children", ()) or ():
        yield from shown(child)


def text_of(w: Any) -> str:
    """What the screen says, as a player reads it (tags and bidi isolation marks taken away)."""
    parts = [x.value for x in shown(w) if isinstance(x, (W.HTML, W.Label)) and isinstance(x.value, str)]
    plain = html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts)))
    return " ".join(re.sub("[\u2066-\u2069]", "", plain).split())


def button_on_screen(app: App, css: str) -> W.Button | None:
    found = [b for b in shown(app.body) if isinstance(b, W.Button) and any(c == css or c.endswith(css) for c in b._dom_classes)
             and not b.disabled]
    return found[0] if found else None


@pytest.mark.parametrize("game", games.games(), ids=lambda g: g.id)
def test_the_end_is_announced_and_undo_asks_before_it_reopens(tmp_path: Path, game: games.Game) -> None:
    data = tmp_path / "d"
    gid, outcome = played_to_the_end(data, game, seed=7)
    history = FinishedGames(data)
    listed = lambda: gid in [f.id for f in history.finished()]  # noqa: E731
    assert listed() == outcome.kept

    app = App(data_dir=data, layouts_dir=tmp_path / "l", game=game.id)
    info = next(i for i in GameStore(data).games(game.kind(kind_of(game))) if i.id == gid)
    app._resume(Unfinished(game, info))
    said = text_of(app.body)
    winners = [w for w in outcome.winners if isinstance(w, str)]
    assert all(w in said for w in winners), f"{game.title}: the winners are not on the screen in front: {said[:400]}"
    assert winners or "over" in said, f"{game.title}: the end is not said on the screen in front: {said[:400]}"

    undo = button_on_screen(app, "-undo")
    assert undo is not None, f"{game.title}: no Undo on the screen that shows the end"
    undo.click()
    no = button_on_screen(app, "rf-reopen-no")
    assert no is not None and "Reopen the finished game?" in text_of(app.body), f"{game.title}: Undo after the end did not ask"
    assert over_in_log(data, game, gid) and listed() == outcome.kept, "asking takes nothing back"
    no.click()
    assert listed() == outcome.kept and "stays finished" in text_of(app.body)

    button_on_screen(app, "-undo").click()
    button_on_screen(app, "rf-reopen-yes").click()
    assert not listed() and not over_in_log(data, game, gid), f"{game.title}: the game is not reopened in its log and History"
    said = text_of(app.body)
    assert "Reopened" in said and "Undone:" in said, f"{game.title}: the reopening is not said: {said[:400]}"


@pytest.mark.parametrize("game", games.games(), ids=lambda g: g.id)
def test_undo_s_question_goes_when_another_game_is_opened(tmp_path: Path, game: games.Game) -> None:
    """"Reopen the finished game?" left open, then another game of the same shelf opened (a new game, the list):
    the question goes with the game it was about (on Rise!'s phone it stayed over the new game)."""
    data = tmp_path / "d"
    gid, _ = played_to_the_end(data, game, seed=7)
    other, _ = played_to_the_end(data, game, seed=8)
    app = App(data_dir=data, layouts_dir=tmp_path / "l", game=game.id)
    infos = {i.id: i for i in GameStore(data).games(game.kind(kind_of(game)))}
    app._resume(Unfinished(game, infos[gid]))
    button_on_screen(app, "-undo").click()
    assert button_on_screen(app, "rf-reopen-yes") is not None, f"{game.title}: Undo after the end did not ask"
    app._resume(Unfinished(game, infos[other]))
    assert button_on_screen(app, "rf-reopen-yes") is None and "Reopen the finished game?" not in text_of(app.body), \
        f"{game.title}: the question about the game left is still on the screen"
