"""One error type with a rule id for every game, and a new game's setup that names the current rules' version."""

import ast
import json
import re
import sqlite3
from pathlib import Path

import pytest

from companion.errors import IllegalAction, Problem
from companion.gamelog import GameLog, GameStore, Session
from companion.rise import game as rise
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules, setup_action
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, problems
from rise_and_fall.test_tracker import NAMES, R, started

ROOT = Path(__file__).parents[2] / "companion"
RULE_ID = re.compile(r"[a-z]+(-[a-z]+)+")


def test_illegal_action_needs_its_rule():
    e = IllegalAction("Cards are played in phase A.", rule="phase")
    assert (e.message, e.rule, str(e)) == ("Cards are played in phase A.", "phase", "Cards are played in phase A.")
    assert IllegalAction("x", "phase").rule == "phase"  # positional, in the same order
    with pytest.raises(TypeError):
        IllegalAction("x")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        IllegalAction("x", rule="")


def test_rise_refuses_with_the_same_type_and_field_order():
    assert issubclass(rise.RiseIllegal, IllegalAction)
    e = rise.RiseIllegal("There is no Worker on 0,0.", "no-worker")
    assert (e.message, e.rule) == ("There is no Worker on 0,0.", "no-worker")
    with pytest.raises(IllegalAction) as caught:
        rise.apply(rise.start(), {"type": "fly"})
    assert caught.value.rule == "unknown-action" and caught.value.message.startswith("Unknown action 'fly'")


def _calls_without_rule(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call):
            name = n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", None)
            if name in ("IllegalAction", "RiseIllegal") and len(n.args) < 2 and not any(k.arg == "rule" for k in n.keywords):
                out.append(n.lineno)
            first = n.args[0] if name in ("IllegalAction", "RiseIllegal") and n.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and RULE_ID.fullmatch(first.value):
                out.append(n.lineno)  # a rule id where the sentence goes: the fields in the old order
    return out


def test_every_refusal_in_the_code_names_its_rule():
    """The tracker, the builder, the scoring entry, the Tales, Rise! and the log: no refusal without its rule id."""
    missing = {str(p.relative_to(ROOT)): lines for p in sorted(ROOT.rglob("*.py")) if (lines := _calls_without_rule(p))}
    assert missing == {}


def test_every_position_problem_names_its_rule():
    terrain = {(0, 0): "sea", (1, 0): "plains", (2, 0): "glacier", (3, 0): "volcano?"}
    players = [PlayerState("Red", -5, trophies=["city", "city", "dragon"], decline=["x", "x"], wood=9, guilds=["nope"]),
               PlayerState("Red", 0, guilds=["nope"])]
    pieces = [Piece((0, 0), "Red", "city"), Piece((9, 9), "Red", "ship"), Piece((1, 0), "Blue", "nomad"),
              Piece((1, 0), "Red", "tower"), Piece((2, 0), "Red", "nomad"), Piece((2, 0), "Red", "city")]
    found = problems(Position(terrain, players, pieces, creatures={"leviathan": (0, 0), "dragon": (1, 0)}))
    assert len(found) >= 12
    assert all(isinstance(p, Problem) and p.rule for p in found), [p for p in found if not isinstance(p, Problem)]
    assert {"gold", "trophy", "one-trophy", "decline-card", "treasury-limit", "guild-card", "player-names", "terrain",
            "space-in-world", "player", "piece-type", "stands-on", "creature-space", "creature-terrain"} <= {p.rule for p in found}


# --- a new game names the current version -----------------------------------------------------------
PLAYERS = [{"name": n, "colour": c} for n, c in zip(NAMES, ("red", "yellow", "green"))]


def test_a_new_setup_without_a_version_is_recorded_with_the_current_one(tmp_path):
    store = GameStore(tmp_path)
    s = store.start("rise-and-fall/game", "t", TrackerRules(), {"type": "setup", "players": PLAYERS})
    assert s.state.tracker_version == TRACKER_VERSION
    assert s.history()[0].action["tracker_version"] == TRACKER_VERSION  # written so: a replay is the same game
    again = Session(GameLog(s.log.path), TrackerRules())
    assert again.state.tracker_version == TRACKER_VERSION and again.state == s.state
    assert setup_action([(n, c) for n, c in zip(NAMES, ("red", "yellow", "green"))], first=1) == {
        "type": "setup", "players": PLAYERS, "tracker_version": TRACKER_VERSION, "first": 1}
    assert R.apply(R.initial(), setup_action(PLAYERS)).tracker_version == TRACKER_VERSION


def test_a_log_written_before_versions_existed_replays_as_version_1(tmp_path):
    """Such a log's setup has no tracker_version: it replays as it was played (every player asked in phase D)."""
    path = tmp_path / "old.sqlite"
    GameLog.create(path, "rise-and-fall/game", "old", first={"type": "setup", "players": PLAYERS})
    with sqlite3.connect(path) as db:
        (text,) = db.execute("SELECT action FROM actions WHERE seq = 1").fetchone()
    assert "tracker_version" not in json.loads(text)
    s = Session(GameLog(path), TrackerRules())
    assert s.state.tracker_version == 1 and not s.read_only
    old = started(version=1)
    assert old.tracker_version == 1 and R.apply(R.initial(), {"type": "setup", "players": PLAYERS}).tracker_version == 1
