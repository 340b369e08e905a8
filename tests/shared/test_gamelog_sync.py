"""At the table every commit is on the disk before the screen changes (``PRAGMA synchronous=FULL``); only a run
that sets ``COMPANION_SQLITE_SYNC=OFF`` (the test runs: tests/conftest.py) writes without waiting for it."""

from companion.gamelog import GameStore
from companion.history import FinishedGames

FULL, OFF = 2, 0  # what SQLite answers to PRAGMA synchronous


def test_a_table_s_game_and_history_wait_for_the_disk(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_SQLITE_SYNC", raising=False)
    _, log = GameStore(tmp_path).create("game", "a game")
    assert log._db.execute("PRAGMA synchronous").fetchone()[0] == FULL
    history = FinishedGames(tmp_path)
    assert history._db.execute("PRAGMA synchronous").fetchone()[0] == FULL


def test_the_test_runs_write_without_waiting(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SQLITE_SYNC", "off")
    _, log = GameStore(tmp_path).create("game", "a game")
    assert log._db.execute("PRAGMA synchronous").fetchone()[0] == OFF
    monkeypatch.setenv("COMPANION_SQLITE_SYNC", "anything else")
    _, log = GameStore(tmp_path).create("game", "another game")
    assert log._db.execute("PRAGMA synchronous").fetchone()[0] == FULL
