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


def _luminance(colour: str) -> float:
    r, g, b = (int(colour.lstrip("#")[k : k + 2], 16) / 255 for k in (0, 2, 4))
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_line_of_the_leader_board_stands_out_on_the_paper_light_and_dark():
    """WCAG 3:1 for graphics: each player's line (and its legend square) against the paper the picture
    is drawn on, in the light (the SVG's own paper) and in the dark (the paper and overrides the dark
    theme's style gives it), for as many players as the palette has colours."""
    import re

    from companion.ui.style import CSS

    players = [nation(f"N{i}", "other", barbarian(), player=f"P{i}") for i in range(8)]
    svg = leader_board_svg(compute(read(json.dumps(doc(*players)))))
    light_paper = re.search(r'<rect width="\d+" height="\d+" fill="(#[0-9a-fA-F]{6})"/>', svg).group(1)
    dark_paper = re.search(r"\.rf-dark \.rf89-leaders svg > rect:first-child \{ fill: (#[0-9a-fA-F]{6}); \}", CSS).group(1)
    dark_override = dict(re.findall(r'\.rf-dark \.rf89-leaders svg (?:polyline|rect)\[(?:stroke|fill)="(#\w+)"\] \{ (?:stroke|fill): (#\w+); \}', CSS))
    lines = re.findall(r'<polyline [^>]*stroke="(#[0-9a-fA-F]{6})"', svg)
    squares = re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="12" height="12" fill="(#[0-9a-fA-F]{6})"/>', svg)
    assert len(set(lines)) == 8 and set(squares) == set(lines)
    for colour in lines:
        assert _contrast(colour, light_paper) >= 3, f"{colour} on {light_paper}: {_contrast(colour, light_paper):.2f}"
        dark = dark_override.get(colour, colour)
        assert _contrast(dark, dark_paper) >= 3, f"{dark} on {dark_paper}: {_contrast(dark, dark_paper):.2f}"


def test_history_draws_each_player_in_the_leader_boards_colour():
    """The end kept for History carries each player's colour as the leader board drew it (History drew Ben yellow
    where Leaders drew him blue)."""
    import re

    from companion.rome1989.contract import CONTRACTS
    from companion.rome1989.game import ChartGame
    from companion.rome1989.view import player_colours

    r = compute(read(example_bytes(1)))
    svg = leader_board_svg(r)
    colours = player_colours(r)
    assert set(colours) == {p.name for p in r.players} and len(set(colours.values())) == len(colours)
    for player, colour in colours.items():  # each legend square, then its name
        assert re.search(rf'fill="{colour}"/><text[^>]*>{re.escape(player)} ', svg), player
    state = ChartGame(started=True, chart=read(example_bytes(1)), ended=True)
    assert CONTRACTS["chart"].outcome(state).extra["colours"] == colours
