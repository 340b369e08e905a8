"""A screen shown again makes no new widget, in every game: a tap on the bar draws what changed, with the page's
widgets it already has (each new one is a model the page makes and a message the phone waits for; Fall of the
Mountain King's walk made 116 at every tab)."""

from __future__ import annotations

import random
from pathlib import Path

import ipywidgets as W
import pytest

from companion import games
from companion.gamelog import GameStore, Session
from companion.ui.app import App

from .test_every_game_ends import kind_of


def in_progress(data: Path, g: games.Game, steps: int = 60) -> None:
    """A game of ``g`` played at random for ``steps`` actions, left in progress."""
    kind = kind_of(g)
    _, log = GameStore(data).create(g.kind(kind), f"{g.title}: in progress")
    s, rng = Session(log, g.reducer(kind)), random.Random(1)
    for _ in range(steps):
        action = g.random_action(kind, s.state, rng)
        if action is None:
            break
        s.do(action)
    log.close()


@pytest.mark.parametrize("game", games.games(), ids=lambda g: g.id)
def test_every_screen_shown_again_makes_no_new_widget(tmp_path: Path, game: games.Game, monkeypatch) -> None:
    in_progress(tmp_path / "d", game)
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game=game.id)
    screens = list(app.screens())
    for screen in screens:  # each drawn once
        app.go_to(screen)
    made: list[str] = []
    opened = W.Widget.open
    monkeypatch.setattr(W.Widget, "open", lambda self: (made.append(type(self).__name__), opened(self))[1])
    again = {}
    for screen in screens:
        made.clear()
        app.go_to(screen)
        again[screen] = list(made)
    assert {s: m for s, m in again.items() if m} == {}, f"{game.title}: screens shown again made widgets"
