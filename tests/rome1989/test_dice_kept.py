"""The logged dice kept and listed (issue 34: the chart file's dice kept beside it, a screen listing the logged
dice): the status roll, the revolt's and a battle's dice, each with its game turn, nation and purpose, read
from the log, escaped on the Chart screen, and written to the dice file beside the chart file (whose own format
admits no dice)."""

from __future__ import annotations

import base64
import json
import re

from companion.gamelog import GameStore
from companion.rome1989.chart import read
from companion.rome1989.dice_log import FORMAT, dice_doc, dice_rows
from companion.rome1989.screens import Rome1989Screens
from tests.rulebooks import quote

from .helpers import play
from .test_round_two_screens import Table

GAME = "rise-and-fall-1989"
AREAS = [{"name": "Italia", "revolt_value": 1, "capitol": True}, {"name": "Gallia", "revolt_value": 6}]


def roll(name, purpose, *dice):
    return {"type": "roll", "nation": name, "purpose": purpose, "dice": list(dice), "by": "table"}


def game():
    b = {"status": "B", "areas_income": 5, "capitol_on_board": False}
    return [{"type": "setup", "title": "Dice", "scenario": "six-player", "rules": 3},
            {"type": "nation", "name": "<b>Goths</b>", "kind": "other", "player": "Ann"},
            *({"type": "turn", "nation": "<b>Goths</b>", "turn": b} for _ in range(3)),
            roll("<b>Goths</b>", "transition", 9),
            {"type": "areas", "nation": "Western Rome", "areas": AREAS},
            {"type": "revolt", "nation": "Western Rome", "revolt_table": 3}, roll("Western Rome", "rebellion", 6, 0),
            {"type": "battle", "nation": "<b>Goths</b>", "area": "Gallia",
             "attacker": {"name": "<b>Goths</b>", "units": [{"unit": "cavalry", "count": 1, "attack": 4}]},
             "defender": {"name": "Western Rome", "units": [{"unit": "infantry", "count": 2, "attack": 4}]}},
            roll("<b>Goths</b>", "combat", 3, 9)]


def test_every_logged_roll_is_listed_with_its_turn_nation_and_purpose():
    quote(GAME, "In this game a 0 is always a ten")
    rows = dice_rows(play(game()), newest_first=False)
    assert [(r.game_turn, r.nation, r.purpose, r.dice) for r in rows] == [
        (4, "<b>Goths</b>", "transition", (9,)), (1, "Western Rome", "rebellion", (6, 10)),
        (4, "<b>Goths</b>", "combat", (3, 9))]
    assert rows[0].what == "status roll (8.3)" and rows[2].what == "combat (12.0.8): Western Rome fires, round 1: 1 hit"


def test_the_chart_screen_lists_the_dice_escaped_and_keeps_them_beside_the_chart_file(tmp_path):
    s = Rome1989Screens(Table(GameStore(tmp_path)))
    s.start_btn.click()
    actions = game()
    s.session = GameStore(tmp_path).start("rise-and-fall-1989/chart", "Dice", s.session.rules, actions[0])
    for a in actions[1:]:
        s.session.do(a)
    s.refresh()
    listed = s.dice_list.value
    assert "Dice (3 rolls" in listed and "&lt;b&gt;Goths&lt;/b&gt;" in listed and "<b>Goths</b>" not in listed
    assert listed.index("combat (12.0.8)") < listed.index("status roll (8.3)")  # the newest first
    assert "<td>6 0</td>" in listed  # a ten shown as the die shows it
    link = re.search(r"download='chart.dice.json' href='data:application/json;base64,([^']+)'", s.links.value)
    doc = json.loads(base64.b64decode(link.group(1)))
    assert doc == dice_doc(s.state) and doc["format"] == FORMAT and len(doc["rolls"]) == 3
    assert doc["rolls"][0] == {"game_turn": 4, "nation": "<b>Goths</b>", "purpose": "transition", "dice": [9],
                               "by": "table"}
    chart = json.loads(s.export_json())
    assert "dice" not in chart and "rolls" not in chart  # the chart file keeps its format
    read(json.dumps(chart).encode())
