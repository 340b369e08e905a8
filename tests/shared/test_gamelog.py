"""One log per game: every accepted action on disk, undo/redo as actions, stale screens told."""

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import DamagedGame, GameStore, Reducer, Session, StaleGame, effective


class Counter(Reducer[int]):
    def initial(self) -> int:
        return 0

    def apply(self, state: int, action: dict) -> int:
        if action["type"] != "add":
            raise IllegalAction("only add", rule="counter-add")
        if state + action["n"] < 0:
            raise IllegalAction("The counter cannot go below zero.", rule="counter-below-zero")
        return state + action["n"]


def test_actions_are_on_disk_before_the_state_changes(tmp_path):
    store = GameStore(tmp_path)
    gid, log = store.create("count", "c")
    s = Session(log, Counter())
    s.do({"type": "add", "n": 2})
    rows = sqlite3.connect(store.path(gid)).execute("SELECT action FROM actions").fetchall()
    assert rows == [('{"type":"add","n":2}',)]


def test_refused_action_changes_nothing(tmp_path):
    gid, log = GameStore(tmp_path).create("count", "c")
    s = Session(log, Counter())
    with pytest.raises(IllegalAction):
        s.do({"type": "add", "n": -1})
    assert s.state == 0 and log.head() == 0


def test_reopen_resumes_exactly(tmp_path):
    store = GameStore(tmp_path)
    gid, log = store.create("count", "c")
    s = Session(log, Counter())
    for n in (1, 2, 3):
        s.do({"type": "add", "n": n})
    s.undo()
    again = Session(store.open(gid), Counter())
    assert again.state == 3 and again.can_redo()
    again.redo()
    assert again.state == 6


def test_two_screens_never_overwrite_silently(tmp_path):
    store = GameStore(tmp_path)
    gid, log = store.create("count", "c")
    a = Session(log, Counter())
    b = Session(store.open(gid), Counter())
    a.do({"type": "add", "n": 5})
    with pytest.raises(StaleGame):
        b.do({"type": "add", "n": 1})
    assert b.state == 5  # refreshed, not overwritten
    b.do({"type": "add", "n": 1})
    assert Session(store.open(gid), Counter()).state == 6


def test_undo_to_here(tmp_path):
    gid, log = GameStore(tmp_path).create("count", "c")
    s = Session(log, Counter())
    seqs = []
    for n in (1, 10, 100):
        s.do({"type": "add", "n": n})
        seqs.append(s.head)
    s.undo_to(seqs[0])
    assert s.state == 1
    s.redo()
    assert s.state == 11


def test_damaged_file_is_reported_and_others_kept(tmp_path):
    store = GameStore(tmp_path)
    gid, log = store.create("count", "good")
    Session(log, Counter()).do({"type": "add", "n": 1})
    store.path("broken").write_bytes(b"this is not a database" * 100)
    games = store.games()
    assert {g.id for g in games} == {gid, "broken"}
    bad = next(g for g in games if g.id == "broken")
    assert bad.problem and "damaged" in bad.problem
    with pytest.raises(DamagedGame):
        Session(store.open("broken"), Counter())
    assert Session(store.open(gid), Counter()).state == 1


ops = st.lists(st.one_of(st.tuples(st.just("add"), st.integers(0, 9)), st.just(("undo", 0)), st.just(("redo", 0))), max_size=30)


@given(ops)
def test_replay_equals_live_state_and_undo_redo_is_identity(tmp_path_factory, program):
    store = GameStore(tmp_path_factory.mktemp("g"))
    gid, log = store.create("count", "c")
    s = Session(log, Counter())
    for op, n in program:
        try:
            if op == "add":
                s.do({"type": "add", "n": n})
            elif op == "undo":
                s.undo()
            else:
                s.redo()
        except IllegalAction:
            pass
    assert Session(store.open(gid), Counter()).state == s.state
    if s.can_undo():
        before = s.state
        s.undo()
        s.redo()
        assert s.state == before
    assert [e.seq for e in effective(log.entries())] == [e.seq for e in s.history()]


def test_a_refused_first_action_leaves_no_game_file(tmp_path):
    store = GameStore(tmp_path)
    with pytest.raises(IllegalAction):
        store.start("count", "c", Counter(), {"type": "add", "n": -5})
    assert store.games() == []
    s = store.start("count", "c", Counter(), {"type": "add", "n": 5})
    assert s.state == 5 and len(store.games()) == 1


def test_latest_skips_damaged_files(tmp_path):
    store = GameStore(tmp_path)
    s = store.start("count", "c", Counter(), {"type": "add", "n": 3})
    store.path("zzz-broken").write_bytes(b"not a database" * 50)
    assert store.latest("count", Counter()).state == s.state
    assert GameStore(tmp_path / "empty").latest("count", Counter()) is None


def test_two_games_started_with_one_title_read_apart(tmp_path):
    """Two Rise! games started in the same minute were both "Rise!: Red and Blue, 02 Dec 15:57" in the list."""
    store = GameStore(tmp_path)
    _, a = store.create("rise/game", "Rise!: Red and Blue, 02 Dec 15:57")
    _, b = store.create("rise/game", "Rise!: Red and Blue, 02 Dec 15:57")
    _, c = store.create("rise/game", "Rise!: Red and Blue, 02 Dec 15:57")
    _, other = store.create("mountain-king/game", "Rise!: Red and Blue, 02 Dec 15:57")  # another game's list
    assert [x.meta()["title"] for x in (a, b, c, other)] == [
        "Rise!: Red and Blue, 02 Dec 15:57", "Rise!: Red and Blue, 02 Dec 15:57 (2)", "Rise!: Red and Blue, 02 Dec 15:57 (3)",
        "Rise!: Red and Blue, 02 Dec 15:57"]


def test_a_rise_and_fall_game_is_listed_by_its_start_as_its_screen_names_it():
    import time

    from companion.gamelog import GameInfo
    from companion.rise_and_fall.hub import when_played

    start = time.mktime((2026, 12, 2, 15, 57, 0, 0, 0, -1))

    def info(created: float, updated: float) -> GameInfo:
        return GameInfo("g", Path("g"), "rise-and-fall/game", "", updated, 3, created=created)

    assert when_played(info(start, start + 20)) == "started 02 Dec at 15:57"
    assert when_played(info(start, start + 3600)) == "started 02 Dec at 15:57, last played 16:57"
    assert when_played(info(start, start + 86400)) == "started 02 Dec at 15:57, last played 03 Dec at 15:57"
