"""The dice file read back (issue 34: the chart file's dice kept beside it): what the Chart screen writes as
``chart.dice.json`` reads back as the same dice; a hostile file gets one sentence per problem, naming the file
and the roll, and changes nothing; a chart opened with its dice file lists those dice; the command checks one."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.gamelog import GameStore
from companion.jsonfile import MAX_BYTES
from companion.rome1989.dice_file import (
    FORMAT,
    MOST_DICE,
    MOST_ROLLS,
    PURPOSES,
    DiceFileError,
    Roll,
    dice_doc,
    read,
    read_path,
)
from companion.rome1989.dice_log import dice_doc as game_dice_doc
from companion.rome1989.screens import Rome1989Screens
from tests.rulebooks import quote

from .helpers import play, refused
from .test_dice_kept import game
from .test_round_two_screens import Table

GAME = "rise-and-fall-1989"
NATIONS = {"<b>Goths</b>", "Western Rome", "Eastern Rome", "Persia"}


def problems(data: bytes | str, nations=NATIONS, source: str = "chart.dice.json") -> list:
    with pytest.raises(DiceFileError) as e:
        read(data, source, nations)
    assert e.value.problems and all(str(p).startswith(f"{p.rule}: ") for p in e.value.problems)
    assert all(source in p.sentence for p in e.value.problems), "every sentence names the file"
    return e.value.problems


def doc_with(*rolls, **top) -> bytes:
    return json.dumps({"format": FORMAT, "version": 1, "title": "T", "rolls": list(rolls), **top}).encode()


def one(**keys):
    return {"game_turn": 1, "nation": "Persia", "purpose": "other", "dice": [3], "by": "table", **keys}


# --- the round trip ------------------------------------------------------------------------------------
def test_a_game_s_dice_file_reads_back_as_the_same_dice():
    quote(GAME, "In this game a 0 is always a ten")
    state = play(game())
    written = json.dumps(game_dice_doc(state), indent=1, ensure_ascii=False).encode("utf-8")
    played = {n.name for n in state.played.nations}
    back = read(written, "chart.dice.json", played)  # read with its chart file's nations
    assert back.rolls == state.rolls and back.title == state.title
    assert back.unplayed == ("Western Rome",)  # its revolt rolled before its first turn is charted
    assert dice_doc(back.title, back.rolls, played) == game_dice_doc(state)
    assert back.rolls[1].dice == (6, 10)  # the table's 0 kept as ten, read as ten


rolls = st.builds(Roll, st.sampled_from([None, *sorted(NATIONS)]), st.sampled_from(PURPOSES),
                  st.lists(st.integers(1, 10), min_size=1, max_size=12).map(tuple), st.sampled_from(["app", "table"]),
                  st.integers(1, 40), st.text(max_size=30))


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60), st.lists(rolls, max_size=20))
def test_any_dice_written_read_back_the_same(title, kept):
    data = json.dumps(dice_doc(title, kept), ensure_ascii=False).encode("utf-8")
    back = read(data, "x.dice.json", NATIONS)
    assert back.title == title and list(back.rolls) == kept


# --- hostile files -------------------------------------------------------------------------------------
def test_a_file_too_big_is_refused_unread_with_its_sentence(tmp_path):
    f = tmp_path / "huge.dice.json"
    f.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(DiceFileError) as e:
        read_path(str(f), NATIONS)
    assert e.value.rules == ["json"] and "huge.dice.json" in str(e.value)
    assert problems(b"[" * 100 + b"]" * 100)[0].rule == "json"  # nested too deep
    assert problems(b'{"format": 1, "format": 2}')[0].rule == "json"  # a repeated key
    assert problems(b'"\\ud800"')[0].rule == "json"  # a lone surrogate


def test_too_many_rolls_or_dice_or_too_long_a_text_breaks_the_bounds():
    many = [one() for _ in range(MOST_ROLLS + 1)]
    assert [p.rule for p in problems(doc_with(*many))] == ["dice-bounds"]
    p = problems(doc_with(one(dice=[1] * (MOST_DICE + 1))))
    assert [x.rule for x in p] == ["dice-bounds"] and "chart.dice.json, roll 1" in p[0].sentence
    assert [x.rule for x in problems(doc_with(one(about="x" * 1001)))] == ["dice-bounds"]
    assert [x.rule for x in problems(doc_with(title="x" * 1001))] == ["dice-bounds"]


def test_a_file_of_the_wrong_shape_gets_a_sentence_for_each_problem_with_its_place():
    assert [p.rule for p in problems(b"[1, 2]")] == ["not-object"]
    p = problems(json.dumps({"format": "rise-and-fall-1989/chart", "version": 2, "rolls": {}, "dice": 1}).encode())
    assert [x.rule for x in p] == ["unknown-key", "missing-key", "format", "format", "type"]
    p = problems(doc_with(one(), "six", one(game_turn=0), one(game_turn="2", dice=[0, 11], by="me", purpose="fun", x=1)))
    assert [(x.rule, x.where) for x in p] == [
        ("type", "chart.dice.json, roll 2"), ("range", "chart.dice.json, roll 3"),
        ("unknown-key", "chart.dice.json, roll 4"), ("type", "chart.dice.json, roll 4"),
        ("roll-purpose", "chart.dice.json, roll 4"), ("die", "chart.dice.json, roll 4"),
        ("roll-by", "chart.dice.json, roll 4")]
    assert "die 1 is 0; a die kept shows 1 to 10" in p[5].sentence
    assert [x.rule for x in problems(doc_with({"nation": None}))] == ["missing-key"] * 4


def test_a_roll_of_a_nation_the_chart_does_not_hold_is_refused_its_name_escaped():
    hostile = "\u202eHuns\x1b[2J<script>"
    p = problems(doc_with(one(nation=hostile)))
    assert [x.rule for x in p] == ["unknown-nation"]
    said = p[0].sentence
    assert "\x1b" not in said and "\u202e" not in said and "\\u202e" in said and "\\u001b" in said
    assert "\"Hérules\"" in problems(doc_with(one(nation="Hérules")))[0].sentence  # letters stay readable
    assert [x.rule for x in problems(doc_with(one(nation="")))] == ["empty-name"]
    assert [x.rule for x in problems(doc_with(one(nation="N" * 41)))] == ["long-name"]
    assert read(doc_with(one(nation=hostile)), "x", None).rolls[0].nation == hostile  # no chart: any nation
    # a nation of the game with no turn charted yet is not in the chart file: the dice file lists it as unplayed
    assert read(doc_with(one(nation="Huns"), unplayed=["Huns"]), "x", NATIONS).unplayed == ("Huns",)
    assert [x.rule for x in problems(doc_with(one(), unplayed=["N" * 41]))] == ["type"]


# --- the game and the screen ---------------------------------------------------------------------------
def test_the_log_keeps_a_dice_file_s_dice_once_before_any_die_and_refuses_what_is_not_one():
    state = play(game())
    actions = [a for a in game() if a["type"] in ("setup", "nation", "turn")]
    before = play(actions)
    kept = [r.to_doc() for r in state.rolls]
    after = play([*actions, {"type": "kept-dice", "rolls": kept}])
    assert after.rolls == state.rolls and after.due == before.due and after.battle is None  # they decide nothing now
    assert refused(after, {"type": "kept-dice", "rolls": kept}) == "dice-kept"
    assert refused(before, {"type": "kept-dice", "rolls": [{**kept[0], "nation": "Huns"}]}) == "unknown-nation"
    assert refused(before, {"type": "kept-dice", "rolls": "x"}) == "dice-kept"
    assert refused(before, {"type": "roll", "nation": "Persia", "purpose": "other", "dice": [1] * (MOST_DICE + 1),
                            "by": "table"}) == "die"


def test_a_chart_opened_with_its_dice_file_lists_those_dice(tmp_path):
    quote(GAME, "In this game a 0 is always a ten")
    first = Rome1989Screens(Table(GameStore(tmp_path / "a")))
    first.start_btn.click()
    actions = game()
    first.session = first.store.start("rise-and-fall-1989/chart", "Dice", first.session.rules, actions[0])
    for a in actions[1:]:
        first.session.do(a)
    first.refresh()
    chart = first.export_json().encode("utf-8")
    dice = json.dumps(game_dice_doc(first.state), ensure_ascii=False).encode("utf-8")
    s = Rome1989Screens(Table(GameStore(tmp_path / "b")))
    s._uploaded({"new": ({"name": "chart.dice.json", "content": dice}, {"name": "chart.json", "content": chart})})
    assert "with the 3 rolls of chart.dice.json" in s.message.value
    listed = s.dice_list.value
    assert "Dice (3 rolls" in listed and "&lt;b&gt;Goths&lt;/b&gt;" in listed and "<td>6 0</td>" in listed
    assert [(r.nation, r.purpose, r.dice, r.game_turn) for r in s.state.rolls] == [
        (r.nation, r.purpose, r.dice, r.game_turn) for r in first.state.rolls]
    assert game_dice_doc(s.state)["rolls"] == game_dice_doc(first.state)["rolls"]  # written again as read


def test_a_bad_dice_file_opens_no_game_and_says_why(tmp_path):
    store = GameStore(tmp_path)
    s = Rome1989Screens(Table(store))
    chart = json.dumps({"format": "rise-and-fall-1989/chart", "version": 1, "nations": [
        {"name": "Goths", "kind": "other", "turns": [{"status": "B", "areas_income": 5, "capitol_on_board": False}]}]})
    s.open_file(chart.encode(), "chart.json", doc_with(one(nation="Huns")), "chart.dice.json")
    assert "unknown-nation" in s.message.value and "chart.dice.json, roll 1" in s.message.value
    assert store.games("rise-and-fall-1989/chart") == [] and s.session is None
    s._uploaded({"new": ({"name": "a.dice.json", "content": b"{}"},)})
    assert "Pick one chart file" in s.message.value and s.session is None


def test_the_command_checks_a_dice_file_against_its_chart(tmp_path, capsys):
    chart = tmp_path / "chart.json"
    chart.write_text(json.dumps({"format": "rise-and-fall-1989/chart", "version": 1, "nations": [
        {"name": "Persia", "kind": "persia", "first_turn": 6, "turns": [
            {"status": "K", "areas_income": 20, "capitol_on_board": True}]}]}))
    good, bad = tmp_path / "chart.dice.json", tmp_path / "bad.dice.json"
    good.write_bytes(doc_with(one(dice=[10, 4], about="\x1b[31m")))
    bad.write_bytes(doc_with(one(nation="Huns")))
    assert main([GAME, "dice", str(good), "--chart", str(chart)]) == 0
    out = capsys.readouterr().out
    assert "T: 1 roll" in out and "game turn 1, Persia, other: \\u001b[31m: 0 4 (table)" in out and "\x1b" not in out
    assert main([GAME, "dice", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rolls"][0]["dice"] == [10, 4]
    assert main([GAME, "dice", str(bad), "--chart", str(chart)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("unknown-nation: ") and "bad.dice.json, roll 1" in err
    assert main([GAME, "dice", str(tmp_path / "none.dice.json")]) == 2
    assert capsys.readouterr().err.startswith("json: ")
