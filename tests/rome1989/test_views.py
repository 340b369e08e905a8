"""What the screens show: the sheet as the paper chart, the printable chart, the leader board, every name escaped."""

from __future__ import annotations

import json
import xml.dom.minidom
from fractions import Fraction

from companion.rome1989.chart import compute, read
from companion.rome1989.view import (
    chart_svg,
    leader_board_svg,
    leader_series,
    sheet_html,
    sheet_rows,
    standings,
    victory_sentence,
)

from .helpers import barbarian, doc, example_bytes, nation

HOSTILE = '<script>alert("x")</script> & Co'


def test_the_sheet_is_the_paper_chart():
    r = compute(read(example_bytes(1)))
    rows = sheet_rows(r.nation("Turks"))
    assert rows[3][:5] == ["K1", "4", "23", "25", "79"]  # Turn, game turn, income, bonus, treasury
    assert rows[0][3] == ""  # no bonus: the paper cell stays blank
    assert rows[3][10:12] == ["34", "54.0"]  # final treasury; victory points to one decimal
    r3 = compute(read(example_bytes(3)))
    assert sheet_rows(r3.nation("Vandals"))[1][9] == "-10"  # the refund's percentage
    assert "quit" in sheet_html(r3.nation("Vandals")) and "quit" in chart_svg(r3)


def test_every_name_is_escaped_in_html_and_svg():
    r = compute(read(json.dumps(doc(nation(HOSTILE, "other", barbarian(), player=HOSTILE), victory={"points": 3}))))
    for text in (sheet_html(r.nations[0]), chart_svg(r), leader_board_svg(r)):
        assert "<script>" not in text and "&lt;script&gt;" in text
    for svg in (chart_svg(r), leader_board_svg(r)):
        xml.dom.minidom.parseString(svg)  # well-formed
    assert HOSTILE in victory_sentence(r)  # plain text: the screen escapes it


def test_the_leader_board_over_the_turns():
    r = compute(read(example_bytes(3)))
    series = leader_series(r)
    assert series == {"Gisela": [(1, 50), (2, 100), (3, 117), (6, 117), (7, 123)]}
    r2 = compute(read(example_bytes(2)))
    assert standings(r2) == [("Western Rome", Fraction(205, 3)), ("Persia", Fraction(121, 2))]
    assert victory_sentence(r2) == "Persia has won (first to 60) on game turn 2."
    svg = leader_board_svg(r2)
    assert svg.count("<polyline") == 2 and "goal 60" in svg and "Western Rome 68.3" in svg
