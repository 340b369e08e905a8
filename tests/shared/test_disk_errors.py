"""Full disk, read-only disk, a creation cut short: the real error is told, nothing changes,
no empty file is left, every game stays readable and the dashboard starts."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from companion.gamelog import DISK_FULL, GameLog, GameStore, NotSaved, ReadOnlyGame, Session
from companion.rise_and_fall.world.builder import BuildRules, world_setup_action

ROOT = Path(__file__).resolve().parents[2]
SETUP = world_setup_action(3, first=0)
SEA = {"type": "place", "tile": "sea", "q": 0, "r": 0, "rotation": 0}


class Failing:
    """A connection whose COMMIT fails as SQLite does on a full disk; SQLite has then already
    rolled back, so a ROLLBACK fails too ("no transaction is active")."""

    def __init__(self, db: sqlite3.Connection, error: str = "database or disk is full", code: str = "SQLITE_FULL") -> None:
        self._db, self.error, self.code = db, error, code

    def execute(self, sql, *args):
        if sql == "COMMIT":
            self._db.execute("ROLLBACK")
            e = sqlite3.OperationalError(self.error)
            e.sqlite_errorname = self.code
            raise e
        if sql == "ROLLBACK" and not self._db.in_transaction:
            raise sqlite3.OperationalError("cannot rollback - no transaction is active")
        return self._db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._db, name)


def placements(n: int):
    from tests.helpers import complete_layout

    out = []
    for t in complete_layout(3, 5).tiles:
        if t.kind != "starting-sea":
            out.append({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation})
    return out[:n]


def test_a_full_disk_at_commit_tells_the_player_and_changes_nothing(tmp_path):
    store = GameStore(tmp_path)
    s = store.start("world", "W", BuildRules(), SETUP)
    first, second = placements(2)
    s.do(first)
    before = (s.state, s.head, s.can_undo(), s.can_redo())
    s.log._db = Failing(s.log._db)
    with pytest.raises(NotSaved) as e:
        s.do(second)
    assert str(e.value) == DISK_FULL == "The disk is full: this action was not saved; free some space and tap again."
    with pytest.raises(NotSaved):
        s.undo()
    assert (s.state, s.head, s.can_undo(), s.can_redo()) == before
    again = Session(GameStore(tmp_path).open(s.log.path.stem), BuildRules())
    assert again.state == s.state and not again.read_only
    s.log._db = s.log._db._db  # space again: the same tap works
    s.do(second)
    assert Session(GameStore(tmp_path).open(s.log.path.stem), BuildRules()).head == 3


@pytest.mark.parametrize(
    "error,code,said",
    [
        ("attempt to write a readonly database", "SQLITE_READONLY", "cannot be written"),
        ("disk I/O error", "SQLITE_IOERR_WRITE", "disk I/O error"),
    ],
)
def test_other_write_errors_keep_their_own_sentence(tmp_path, error, code, said):
    s = GameStore(tmp_path).start("world", "W", BuildRules(), SETUP)
    s.log._db = Failing(s.log._db, error, code)
    with pytest.raises(NotSaved) as e:
        s.do(placements(1)[0])
    assert said in str(e.value) and "not saved" in str(e.value) and "rollback" not in str(e.value)


def test_a_game_that_cannot_be_created_leaves_no_file(tmp_path, monkeypatch):
    store = GameStore(tmp_path)

    def full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(NotSaved) as e:
        store.start("world", "W", BuildRules(), SETUP)
    assert str(e.value) == DISK_FULL
    assert list((tmp_path / "games").iterdir()) == []


def test_a_creation_killed_at_any_moment_never_leaves_a_half_created_game(tmp_path):
    """A process creating games, killed at random moments: every game listed holds its first action."""
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from companion.gamelog import GameStore
        from companion.rise_and_fall.world.builder import BuildRules
        store = GameStore({str(tmp_path)!r})
        print("ready", flush=True)
        while True:
            store.start("world", "W", BuildRules(), {SETUP!r})
        """
    )
    import random

    rnd = random.Random(15)
    for _ in range(12):
        p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
        p.stdout.readline()
        time.sleep(rnd.uniform(0.0, 0.15))
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
    store = GameStore(tmp_path)
    games = store.games()
    assert games and all(g.problem is None and g.actions == 1 for g in games)
    assert all(not p.name.endswith(".sqlite") or p.stat().st_size > 0 for p in (tmp_path / "games").iterdir())
    assert store.latest("world", BuildRules()).head == 1


def test_an_unfinished_creation_is_never_listed_and_is_cleaned_up(tmp_path):
    store = GameStore(tmp_path)
    real = store.start("world", "W", BuildRules(), SETUP)
    left = tmp_path / "games" / ".20991231-000000-abcdef.x.creating"
    left.write_bytes(b"")
    os.utime(left, (1, 1))
    assert [g.id for g in store.games()] == [real.log.path.stem]
    GameStore(tmp_path)
    assert not left.exists()


def test_the_world_screen_starts_when_nothing_can_be_saved(tmp_path, monkeypatch):
    """No game yet and a disk that refuses every new file: the screen shows a World, read-only."""
    from companion.ui.app import App

    def full(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    app = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")
    assert app.world.session.read_only
    assert not app.world.act(placements(1)[0])
    assert "The disk is full" in app.world.message.value
    assert list((tmp_path / "data" / "games").iterdir()) == []


def test_a_read_only_session_is_refused_with_the_stores_sentence(tmp_path):
    store = GameStore(tmp_path)
    s = store.start("world", "W", BuildRules(), SETUP)
    ro = Session(GameLog(s.log.path, writable=False), BuildRules())
    assert ro.read_only and ro.state == s.state
    with pytest.raises(ReadOnlyGame) as e:
        ro.do(placements(1)[0])
    assert "cannot be written" in str(e.value)
