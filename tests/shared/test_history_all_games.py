"""One history for every game: version 1's rows are Rise & Fall's, a new game's rows are its own."""

import shutil
from pathlib import Path

from counter_game import GAME as COUNTER

from companion import games
from companion.history import FinishedGames
from companion.rise_and_fall.history import History

V1 = Path(__file__).parents[1] / "data" / "v1" / "data"


def test_version_1_history_is_rise_and_fall_s_and_a_new_game_keeps_its_own(tmp_path):
    shutil.copytree(V1, tmp_path / "d")
    unregister = games.register(COUNTER)
    try:
        h = FinishedGames(tmp_path / "d")
        [old] = h.finished()
        assert old.game == "rise-and-fall" and old.world == "Four Winds"
        h.keep("counter", "c1", "Tally", {"Ann": {"count": 10, "total": 10}}, ["Ann"])
        assert [f.game for f in FinishedGames(tmp_path / "d").finished()] == ["rise-and-fall", "counter"]
        assert [f.id for f in History(tmp_path / "d").games()] == [old.id]  # Rise & Fall sees its own
        assert History(tmp_path / "d").stats()["games"] == 1
        assert [f.id for f in h.finished("counter")] == ["c1"]
    finally:
        unregister()


def test_the_history_screen_filters_by_game_and_shows_each_game_s_scorepad(tmp_path):
    from companion.ui.history_screen import HistoryScreen

    shutil.copytree(V1, tmp_path / "d")
    unregister = games.register(COUNTER)
    try:
        h = FinishedGames(tmp_path / "d")
        h.keep("counter", "c1", "Tally <1>", {"Ann": {"count": 10, "total": 10}}, ["Ann"])
        screen = HistoryScreen(h)
        body = screen.body.value
        assert "2 finished games" in body and "Four Winds" in body and "Tally &lt;1&gt;" in body
        assert "<th>Economy</th>" in body and "<th>Count</th>" in body  # each game's own categories
        assert body.count("<svg") >= 3  # each game's picture, and the chart
        screen.show_game("counter")
        assert "1 finished game" in screen.body.value and "Four Winds" not in screen.body.value
        screen.show_game("rise-and-fall")
        assert "Four Winds" in screen.body.value and "Tally" not in screen.body.value
        assert "Average by category" in screen.body.value
    finally:
        unregister()
