"""History is read from the games' logs (issue 32): an entry exists exactly when a log ends in an outcome, the
History files of before keep showing (an entry whose log is gone too), a removed entry is hidden and Undo brings
it back, a damaged History file says so while the logs still give their games."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from companion import games
from companion.gamelog import GameStore
from companion.history import FinishedGames
from companion.ui.history_screen import HistoryScreen

V1 = Path(__file__).parents[1] / "data" / "v1"


def _v1(tmp_path: Path) -> Path:
    shutil.copytree(V1 / "data", tmp_path / "d")
    return tmp_path / "d"


def test_the_history_of_version_1_reads_the_same(tmp_path: Path) -> None:
    expected = json.loads((V1 / "expected.json").read_text(encoding="utf-8"))["history"]
    got = FinishedGames(_v1(tmp_path)).finished()
    assert [(f.id, f.world, {n: s["total"] for n, s in f.scores.items()}, f.winners) for f in got] == [
        (e["id"], e["world"], e["totals"], e["winners"]) for e in expected]


def test_an_entry_whose_log_is_gone_still_shows(tmp_path: Path) -> None:
    root = _v1(tmp_path)
    [entry] = FinishedGames(root).finished()
    (root / "games" / f"{entry.id}.sqlite").unlink()
    assert [f.id for f in FinishedGames(root).finished()] == [entry.id]


def _finished_mountain_king(root: Path, seed: int = 3) -> tuple[str, object]:
    game = games.get("mountain-king")
    c, store = game.contract("game"), GameStore(root)
    gid, log = store.create(game.kind("game"), "An evening")
    from companion.gamelog import Session

    s, rng = Session(log, game.reducer("game")), random.Random(seed)
    while (a := c.random_action(s.state, rng)) is not None:
        s.do(a)
    return gid, s


def test_ending_undoing_and_redoing_the_end_and_removing_an_entry(tmp_path: Path) -> None:
    gid, s = _finished_mountain_king(tmp_path)
    h = FinishedGames(tmp_path)
    [f] = h.finished("mountain-king")
    assert f.id == gid and f.winners == list(s.state.winners) and f.extra["sentence"].endswith(".")
    s.undo()
    assert h.finished() == []
    s.redo()
    assert [f.id for f in h.finished()] == [gid]
    taken = h.remove(gid)
    assert h.finished() == [] and FinishedGames(tmp_path).finished() == []  # hidden, on every page
    h.put_back(taken)
    assert [f.id for f in FinishedGames(tmp_path).finished()] == [gid]


def test_a_history_screen_says_when_its_file_is_damaged_and_shows_what_the_logs_give(tmp_path: Path) -> None:
    _finished_mountain_king(tmp_path)
    (tmp_path / "history.sqlite").write_bytes(b"this is not a database " * 200)
    h = FinishedGames(tmp_path)
    assert h.problem and "damaged" in h.problem
    body = HistoryScreen(h).body.value
    assert "damaged" in body and "No finished game yet" not in body and "1 finished game" in body


def test_a_damaged_history_file_with_no_finished_log_says_so(tmp_path: Path) -> None:
    (tmp_path / "history.sqlite").write_bytes(b"this is not a database " * 200)
    body = HistoryScreen(FinishedGames(tmp_path)).body.value
    assert "damaged" in body and "No finished game yet" not in body


def test_a_1989_score_reads_as_the_chart_shows_it(tmp_path: Path) -> None:
    from companion.gamelog import Session
    from companion.ui.history_screen import scorepad_html

    game = games.get("rise-and-fall-1989")
    store = GameStore(tmp_path)
    gid, log = store.create(game.kind("chart"), "Thirds")
    s = Session(log, game.reducer("chart"))
    s.do({"type": "setup", "title": "Thirds", "victory": None})
    s.do({"type": "nation", "name": "Goths", "kind": "other", "player": "Ann", "enters": 1})
    from companion.rome1989.taps import offer

    for _ in range(3):
        s.do({"type": "turn", "nation": "Goths", "turn": offer(s.state, "Goths").draft.set("areas_income", 17).turn()})
    s.do({"type": "end", "unfinished": True})
    [f] = FinishedGames(tmp_path).finished()
    exact = f.extra["vp_exact"]["Ann"]
    from fractions import Fraction

    from companion.rome1989.chart import one_decimal

    assert str(f.scores["Ann"]["total"]) == one_decimal(Fraction(exact))  # as the chart shows it, not rounded off
    assert [x["text"] for x in f.scores["Ann"]["nation_lines"]] == ["Goths"]
    assert "Goths" in scorepad_html(f)
