"""Hostile files and damaged games on the dashboard, without a browser: a chart file opened on 1989's Chart screen
is checked whole before anything is written; a game that can only be read says so on its own screen and writes
nothing; a name too long is refused where every game accepts names."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from companion import games
from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.ui.app import App

ROOT = Path(__file__).resolve().parents[2]
CHART = (ROOT / "tests" / "rome1989" / "examples" / "example1.json").read_text(encoding="utf-8")


def files(root: Path) -> dict[str, bytes]:
    """Every game file and its bytes: what "nothing written" compares."""
    return {p.name: p.read_bytes() for p in sorted((root / "games").glob("*.sqlite"))}


def rome_app(tmp_path: Path) -> App:
    return App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall-1989")


HOSTILE_CHARTS = {
    "a lone surrogate in a nation's name": CHART.replace('"Turks"', '"Turks \\ud800"'),
    "a nation of 3,000 characters": CHART.replace('"Turks"', json.dumps("T" * 3000)),
    "a 4,300-digit areas_income": CHART.replace('"areas_income": 5', '"areas_income": ' + "9" * 4300, 1),
    "a repeated key": CHART.replace('"version": 1', '"version": 1, "version": 1'),
    "1e400": CHART.replace('"areas_income": 5', '"areas_income": 1e400', 1),
    "not UTF-8": b"\xff" + CHART.encode(),
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
}


@pytest.mark.parametrize("case", sorted(HOSTILE_CHARTS))
def test_a_hostile_chart_file_writes_nothing_and_leaves_1989_whole(tmp_path, case):
    app = rome_app(tmp_path)
    room = app.room
    room.goal_points.value = 10
    room.start_btn.click()  # a game in progress, which Continue offers
    before = files(tmp_path / "d")
    data = HOSTILE_CHARTS[case]
    room.open_file(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data, "hostile\udcff.json")
    assert "rf-msg-error" in room.message.value and "Traceback" not in room.message.value
    assert len(room.message.value) < 2000
    assert files(tmp_path / "d") == before, "a refused file writes nothing"
    again = rome_app(tmp_path)  # a reload: the tile and Continue still answer
    assert again.room.session is not None and again.room.session.state.started
    again.show_shelf()
    assert "Something went wrong" not in again.alert.value


def test_a_chart_file_the_rules_refuse_part_way_writes_nothing(tmp_path):
    """The chart file reads, but an action built from it is refused by the game's rules: no game is started."""
    app = rome_app(tmp_path)
    doc = json.loads(CHART)
    doc["nations"][0]["player"] = "P" * 41  # a player's name is bounded in the game
    before = files(tmp_path / "d")
    app.room.open_file(json.dumps(doc).encode(), "long.json")
    assert "long-name" in app.room.message.value or "at most 40" in app.room.message.value
    assert files(tmp_path / "d") == before


def test_1989s_open_of_a_damaged_file_answers_with_a_sentence(tmp_path):
    app = rome_app(tmp_path)
    (tmp_path / "d" / "games").mkdir(parents=True, exist_ok=True)
    (tmp_path / "d" / "games" / "broken.sqlite").write_bytes(b"not a database at all" * 100)
    assert app.room.resume("rise-and-fall-1989/chart", "broken") == "Chart"
    assert "broken.sqlite" in app.room.message.value and "damaged" in app.room.message.value


def a_game(store: GameStore, game: games.Game, actions: int = 3) -> Session:
    """A game of ``game`` with a few random legal actions in its log."""
    rng = random.Random(7)
    kind = next(k for k in game.kinds if game.random_action(k, game.reducer(k).initial(), rng) is not None)
    rules = game.reducer(kind)
    s = store.start(game.kind(kind), "<b>T</b>", rules, game.random_action(kind, rules.initial(), rng))
    for _ in range(actions):
        a = game.random_action(kind, s.state, rng)
        if a is None:
            break
        s.do(a)
    return s


def unreadable_title(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = '{not json' WHERE key = 'title'")
    db.commit()
    db.close()


@pytest.mark.parametrize("game_id", ["rise", "mountain-king", "rise-and-fall-1989"])
def test_a_game_whose_title_cannot_be_read_opens_read_only_and_says_so_on_its_screen(tmp_path, game_id):
    game = games.get(game_id)
    store = GameStore(tmp_path / "d")
    s = a_game(store, game)
    path = s.log.path
    s.log.close()
    unreadable_title(path)
    listed = next(g for g in GameStore(tmp_path / "d").games() if g.id == path.stem)
    assert listed.problem, "listed as damaged"
    opened = Session(GameStore(tmp_path / "d").open(path.stem), game.reducer(next(iter(game.kinds))))
    assert opened.read_only and "title" in opened.problem
    before = path.read_bytes()
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game=game_id)
    room = app.room
    if game_id == "rise":
        room.open_game(path.stem)
        assert "Opened the game." in room.message.value  # and the read-only sentence beside it, not replaced
    else:
        room.resume(next(iter(game.kinds)), path.stem)
    assert "read-only" in room.message.value and path.name in room.message.value
    if game_id == "rise-and-fall-1989":
        for screen in ("Revolt", "Combat", "Leaders"):
            app.go_to(screen)
            assert "read-only" in room.read_only_note.value
    with pytest.raises(Exception):
        room.session.do(game.random_action(next(iter(game.kinds)), room.session.state, random.Random(1)) or {"type": "x"})
    assert path.read_bytes() == before, "nothing written to a game that can only be read"


LONG = "N" * 41


def test_names_are_bounded_where_every_game_accepts_them():
    from companion.mountain_king.board import placeholder
    from companion.mountain_king.game import MountainKingRules
    from companion.rise_and_fall.play.tracker import TrackerRules, setup_action
    from companion.rise_and_fall.state.civilizations import Game
    from companion.rome1989.game import ChartRules

    mk = MountainKingRules()
    with pytest.raises(IllegalAction) as e:
        mk.apply(mk.initial(), {"type": "setup", "players": ["Ann", "X" * 10_000], "board": placeholder("2-3").to_dict()})
    assert e.value.rule == "long-name" and len(str(e.value)) < 300
    mk.apply(mk.initial(), {"type": "setup", "players": ["Ann", "N" * 40], "board": placeholder("2-3").to_dict()})
    rf = TrackerRules()
    with pytest.raises(IllegalAction) as e:
        rf.apply(Game(), setup_action([("Ann", "red"), (LONG, "blue")]))
    assert e.value.rule == "long-name"
    r89 = ChartRules()
    s = r89.apply(r89.initial(), {"type": "setup", "title": "T", "victory": None})
    for key in ("name", "player"):
        with pytest.raises(IllegalAction) as e:
            r89.apply(s, {"type": "nation", "name": "Huns", "kind": "other", key: "H" * 3000})
        assert e.value.rule == "long-name" and len(str(e.value)) < 300


HOSTILE_POSITIONS = {
    "a lone surrogate in a name": lambda t: t.replace("onerror", "\\udc80onerror"),
    "a 4,300-digit gold": lambda t: t.replace('"gold": ', '"gold": ' + "9" * 4300, 1),
    "a repeated key": lambda t: t.replace('"version": 1', '"version": 1, "version": 1', 1),
    "1e400": lambda t: t.replace('"gold": ', '"gold": 1e400, "x": ', 1),
    "nested 100,000 deep": lambda t: "[" * 100_000 + "]" * 100_000,
    "5 MB": lambda t: t + " " * (5 << 20),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_POSITIONS))
def test_a_hostile_position_file_on_the_scores_screen_writes_nothing(tmp_path, case):
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    app.go("Scores")
    before = files(tmp_path / "d")
    text = HOSTILE_POSITIONS[case]((ROOT / "tests" / "data" / "hostile-names.json").read_text(encoding="utf-8"))
    app.scores.open_position(text.encode("utf-8", "surrogatepass"), "p\udcff.json")
    assert "rf-msg-error" in app.scores.message.value and len(app.scores.message.value) < 2000
    assert files(tmp_path / "d") == before
