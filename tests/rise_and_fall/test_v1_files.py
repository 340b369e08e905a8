"""Files written by version 1 (one game, kinds without a game id) open and continue today."""

import json
import shutil
from pathlib import Path

import pytest

from companion import games
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.history import History

V1 = Path(__file__).parents[1] / "data" / "v1"
EXPECTED = json.loads((V1 / "expected.json").read_text())


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """Version 1's data directory where version 1 kept it, moved by today's first start."""
    monkeypatch.delenv("COMPANION_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    shutil.copytree(V1 / "data", tmp_path / "rise-and-fall-companion")
    root = GameStore().root
    assert root == tmp_path / "table-companion"
    return root


def opened(data: Path, kind: str) -> Session:
    """The most recent log of ``kind``, replayed by the reducer the registry names."""
    rf = games.get("rise-and-fall")
    s = GameStore(data).latest(rf.kind(kind), rf.reducer(kind))
    assert s is not None
    return s


def test_the_world_build_opens_and_continues(data):
    ex = EXPECTED["world"]
    s = opened(data, "world")
    assert s.log.path.stem == ex["id"]
    assert (s.head, len(s.state.tiles), list(s.state.names), s.state.name) == (ex["head"], ex["tiles"], ex["names"], ex["name"])
    assert s.can_redo() == ex["can_redo"] and s.state.next_kind() == ex["next_kind"]
    s.redo()
    assert len(s.state.tiles) == ex["tiles"] + 1


def test_the_game_in_phase_d_opens_and_continues(data):
    ex = EXPECTED["game"]
    s = opened(data, "game")
    assert s.log.path.stem == ex["id"]
    g = s.state
    assert (g.phase, g.turn, g.to_move(), g.decline_price) == (ex["phase"], ex["turn"], ex["to_move"], ex["decline_price"])
    assert {c.name: c.gold for c in g.civs} == ex["gold"]
    for i in ex["to_move"]:
        s.do({"type": "pass", "player": i})
    assert s.state.phase == "A" and s.state.turn == ex["turn"] + 1


def test_the_finished_scoring_and_the_history_open(data):
    ex = EXPECTED["scoring"]
    s = opened(data, "scoring")
    assert s.log.path.stem == ex["id"]
    assert s.state.finished
    assert {p.name: p.total for p in s.state.full_score().players} == ex["totals"]
    kept = History(data).games()
    assert [(f.id, f.world, f.winners, {n: v["total"] for n, v in f.scores.items()}) for f in kept] == [
        (h["id"], h["world"], h["winners"], h["totals"]) for h in EXPECTED["history"]]
    assert json.loads((data / "settings.json").read_text()) == EXPECTED["settings"]


def test_the_screens_open_version_1_s_files_where_the_table_left_them(data):
    """After the move of Rise & Fall's screens: the shelf continues the game in phase D, and the
    World, Game and Scores screens show the World build, the game and the final scoring."""
    from companion.ui.app import App

    app = App(data_dir=data, layouts_dir=data / "layouts")
    assert app.shelf.last.info.id == EXPECTED["game"]["id"]
    app.resume(app.shelf.last)
    assert app.place == "Game" and app.hub.game.phase == "D"
    assert {"rf-dark", "rf-large"} <= set(app.widget._dom_classes)  # version 1's settings
    app.go_to("World")
    assert len(app.world.build.tiles) == EXPECTED["world"]["tiles"] and app.world.session.can_redo()
    app.go_to("Scores")
    assert app.scores.entry.finished and EXPECTED["scoring"]["winners"][0] in app.scores.pad.value
    app.go_to("History")
    assert "Four Winds" in app.history.body.value
