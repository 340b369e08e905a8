"""A game's list of games is filled the moment its screens are first drawn, from the shelf as from an address: 1989's
Chart, its first screen, was drawn from the shelf with an empty list (the list was read only when the Chart was
shown again), so a game in progress was not a tap away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion import games
from companion.gamelog import GameStore
from companion.ui.app import App

from .test_every_game_ends import walk
from .test_screens_drawn_again import in_progress


def listed(app: App) -> set[str] | None:
    """The games with an Open button in the list of games on the screen shown now (None: no list there)."""
    lists = [w for w in walk(app.body) if "rf-games-list" in getattr(w, "_dom_classes", ())]
    if not lists:
        return None
    return {m.group(1) for lst in lists for w in walk(lst) for css in getattr(w, "_dom_classes", ())
            if (m := re.fullmatch(r"rf-games-open-(.+)", css))}


@pytest.mark.parametrize("game", games.games(), ids=lambda g: g.id)
def test_a_game_opened_from_the_shelf_lists_its_games_at_once(tmp_path: Path, game: games.Game) -> None:
    """Each screen of the game opened first from the shelf (or an address naming it): a list of games on it holds the
    game in progress, as the same screen shown again does."""
    in_progress(tmp_path / "d", game)
    (gid,) = [g.id for g in GameStore(tmp_path / "d").games()]
    for screen in App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game=game.id).screens():
        app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")  # the shelf
        app.choose(game.id, screen)  # the game's screens drawn for the first time, at that screen
        found = listed(app)
        if found is not None:
            assert gid in found, f"{game.title}: {screen}'s list of games, first drawn, does not hold the game in progress"
