"""The game's log: each action checked by the chart's own rules (refusals with rule ids), the dice kept, the
winner, and the chart of a game equal to the chart of its exported file."""

from __future__ import annotations

import json

import pytest

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.games import get
from companion.rome1989 import finished
from companion.rome1989.chart import read, result_json
from companion.rome1989.game import ChartRules, from_chart
from companion.rome1989.taps import offer, record, taps_for

from .helpers import RULES, example_bytes, expected_output, play, refused

SETUP = {"type": "setup", "title": "Test", "victory": {"points": 100}}
GOTHS = {"type": "nation", "name": "Goths", "kind": "other", "player": "Ann"}


def turn(nation="Goths", **t):
    return {"type": "turn", "nation": nation, "turn": {"status": "B", "areas_income": 5, "capitol_on_board": False, **t}}


@pytest.mark.parametrize("n", [1, 2, 3])
def test_a_game_built_from_a_file_charts_as_the_file(n):
    chart = read(example_bytes(n))
    s = play(from_chart(chart))
    assert result_json(s.result) == expected_output(n).rstrip("\n")
    assert read(json.dumps(s.export())) == chart
    assert not finished("chart", s)  # the winner is announced; the table may play on (decision 20)
    assert finished("chart", RULES.apply(s, {"type": "end"}))


def test_the_order_of_actions_and_the_rules_ids():
    s0 = RULES.initial()
    assert refused(s0, GOTHS) == "setup-first"
    s = play([SETUP])
    assert refused(s, SETUP) == "setup-once"
    assert refused(s, {"type": "fly"}) == "action"
    assert refused(s, turn()) == "unknown-nation"
    s = RULES.apply(s, GOTHS)
    assert refused(s, GOTHS) == "duplicate-nation"
    assert refused(s, {**GOTHS, "name": ""}) == "empty-name"
    assert refused(s, {**GOTHS, "name": "Huns", "kind": "rome"}) == "kind"
    assert refused(s, {**GOTHS, "name": "Huns", "enters": 0}) == "range"
    assert refused(s, turn(areas_income=-2)) == "range"
    assert refused(s, turn(income=5)) == "unknown-key"
    assert refused(s, turn(capitol_on_board=True)) == "barbarian-capitol"
    assert refused(s, turn(maintenance=2)) == "barbarian-spending"
    assert refused(s, turn(levy_revolt_values=4, levies_spent=7)) == "levy-cost"
    s = RULES.apply(s, turn(levy_revolt_values=4, levies_spent=8))
    s = RULES.apply(s, turn())
    assert refused(s, turn(status="K", capitol_on_board=True)) == "early-transition"
    p = RULES.apply(s, {"type": "nation", "name": "Persia", "kind": "persia"})
    assert refused(p, {"type": "nation", "name": "Sassanids", "kind": "persia"}) == "duplicate-kind"


def test_an_illegal_action_changes_nothing():
    s = play([SETUP, GOTHS, turn()])
    before = s.export()
    refused(s, turn(capitol_on_board=True))
    assert s.export() == before


def test_a_successful_transition_roll_makes_the_change_due():
    """8.3: "The player must become a kingdom on either the current turn or the next"."""
    s = play([SETUP, GOTHS, turn(), turn(), turn(), turn()])  # B1–B4 charted: the next is B5
    assert refused(s, {"type": "roll", "nation": "Goths", "purpose": "transition", "dice": [1, 2]}) == "transition-roll"
    failed = RULES.apply(s, {"type": "roll", "nation": "Goths", "purpose": "transition", "dice": [7], "by": "app"})
    assert failed.due == () and failed.rolls[-1].dice == (7,) and failed.rolls[-1].by == "app"
    ok = RULES.apply(s, {"type": "roll", "nation": "Goths", "purpose": "transition", "dice": [4]})
    assert ok.due_for("Goths") == ("K", "may")
    assert refused(ok, {"type": "roll", "nation": "Goths", "purpose": "transition", "dice": [2]}) == "transition-roll"
    waited = RULES.apply(ok, turn())  # B5: it may wait one turn
    assert waited.due_for("Goths") == ("K", "must")
    assert refused(waited, turn()) == "transition-due"
    assert [st for st, _ in offer(waited, "Goths").statuses] == ["K"]
    k1 = RULES.apply(waited, turn(status="K", capitol_on_board=True))
    assert k1.due == () and k1.result.nation("Goths").turns[-1].label == "K1"
    early = play([SETUP, GOTHS, turn(), turn()])
    assert refused(early, {"type": "roll", "nation": "Goths", "purpose": "transition", "dice": [1]}) == "transition-roll"
    assert refused(early, {"type": "roll", "nation": "Goths", "purpose": "luck", "dice": [1]}) == "roll-purpose"
    assert refused(early, {"type": "roll", "nation": "Goths", "purpose": "combat", "dice": [11]}) == "die"


def test_quitting_and_coming_back_as_barbarians_keeps_the_victory_points():
    """8.2 "a player retains his victory points"; 14.0.5 "adds to them the victory points earned with the next
    group he takes"; the new nation's points are counted in full (14.0.3)."""
    s = play([SETUP, {"type": "nation", "name": "Persia", "kind": "persia", "player": "Ann", "first_turn": 6},
              {"type": "turn", "nation": "Persia", "turn": {"status": "K", "areas_income": 35, "capitol_on_board": True,
                                                           "quit": True}}])
    assert offer(s, "Persia").blocked and offer(s, "Persia").draft is None
    assert refused(s, {"type": "turn", "nation": "Persia", "turn": {"status": "K", "areas_income": 1,
                                                                   "capitol_on_board": True}}) == "after-quit"
    s = RULES.apply(s, {"type": "nation", "name": "Huns", "kind": "other", "player": "Ann", "enters": 4})
    s = RULES.apply(s, turn("Huns", areas_income=10))
    ann = s.result.players[0]
    assert (ann.name, ann.nations, ann.vp_total) == ("Ann", ("Persia", "Huns"), 20 + 10)
    assert s.result.nation("Persia").closing_treasury == 0


def test_the_winner_closes_the_game_and_undo_reopens_it(tmp_path):
    store = GameStore(tmp_path)
    session = store.start("rise-and-fall-1989/chart", "Test", ChartRules(), SETUP)
    session.do(GOTHS)
    for income in (30, 30, 30):
        session.do(turn(areas_income=income))
    assert not session.state.over
    with pytest.raises(IllegalAction) as e:
        session.do({"type": "end"})
    assert e.value.rule == "no-winner"
    session.do({"type": "roll", "nation": "Goths", "purpose": "transition", "dice": [9]})  # B4: no change (8.3)
    session.do(turn(areas_income=30))
    assert session.state.winners == ("Ann",) and not session.state.over
    session.do({"type": "end"})
    assert get("rise-and-fall-1989").is_finished("rise-and-fall-1989/chart", session.state)
    with pytest.raises(IllegalAction) as e:
        session.do(turn())
    assert e.value.rule == "game-over"
    session.undo()
    assert not session.state.over and session.state.winners == ("Ann",)
    again = Session(store.open(session.log.path.stem), ChartRules())
    assert again.state == session.state


def test_the_table_can_end_a_game_without_a_goal():
    s = play([{"type": "setup", "title": "", "victory": None}, GOTHS, turn(), {"type": "end"}])
    assert s.over and s.winners == () and finished("chart", s)
    s = play([SETUP, GOTHS, turn(), {"type": "end", "unfinished": True}])
    assert s.over and s.winners == ()


def test_an_ordinary_turn_is_a_few_taps():
    """The next turn starts as the last one left it: a kingdom that only bought units writes the purchases."""
    s = play([SETUP, GOTHS, turn(), turn(), turn(),
              turn(status="K", areas_income=18, capitol_on_board=True, maintenance=0)])
    o = offer(s, "Goths")
    assert [lab for _, lab in o.statuses] == ["K2"]
    d = o.draft
    assert d.get("areas_income") == 18 and d.get("capitol_on_board") is True
    after = d.set("purchases", 12)
    assert taps_for(d, after) == 1 + 2 + 1  # the field, two digits, record
    assert taps_for(d, after.set("areas_income", 21)) == 1 + 1 + 2 + 1  # a chip (+3) for the areas' income
    assert taps_for(d, after.set("areas_income", 26)) == 2 + 1 + 2 + 1  # two chips (+5 +3)
    assert taps_for(d, after.set("areas_income", 40)) == 3 + 1 + 2 + 1  # typed: 4, 0
    s2 = RULES.apply(s, record(after))
    cells = s2.result.nation("Goths").turns[-1]
    assert cells == after.preview(s)
    assert (cells.label, cells.income, cells.purchases) == ("K2", 23, 12)
