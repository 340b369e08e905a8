"""The list of a game's games: before the first game, its one line keeps the room of a game's row (the same
two lines and the room of Open), so the first game's row takes its place and moves nothing below the list
(Mountain King's Board moved 27 px at the first New game)."""

import ipywidgets as W

from companion.gamelog import GameStore
from companion.mountain_king.board import placeholder
from companion.mountain_king.game import MountainKingRules
from companion.ui.games_list import GamesList


def test_the_empty_list_keeps_the_room_of_a_row_and_lists_no_game(tmp_path):
    store = GameStore(tmp_path)
    games = GamesList(store, "mountain-king/game", lambda gid: None, lambda: None)
    games.refresh()
    [row] = games.rows.children
    assert isinstance(row, W.HBox) and {"rf-games-row", "rf-games-none"} <= set(row._dom_classes)
    text, room = row.children
    assert "No game kept yet." in text.value and "<br>" in text.value and "rf-games-when" in text.value
    assert room.layout.visibility == "hidden" and room.disabled
    assert games.titles() == [] and games.open_buttons() == []
    setup = {"type": "setup", "players": ["Blue", "Yellow"], "board": placeholder("2-3").to_dict()}
    store.start("mountain-king/game", "Blue and Yellow", MountainKingRules(), setup)
    games.refresh()
    [row] = games.rows.children
    assert "rf-games-none" not in row._dom_classes and len(games.titles()) == 1 and len(games.open_buttons()) == 1
