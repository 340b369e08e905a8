"""A refusal's "Why?" and every game's Rules screen, without a browser.

"Why?" is drawn with the refusal, in the same message: the rulebook's sentence and its section stand in the
same grid cell as our sentence (one hidden, the tap swaps them in the page), so showing it moves nothing: the
screen's widgets are the same, in the same places, before and after; only the message's text is new.
"""

from __future__ import annotations

import html
import re

import ipywidgets as W
import pytest
from rulebooks import quote

from companion import rulebook as R
from companion.errors import IllegalAction, Refusal
from companion.gamelog import GameStore
from companion.ui.style import CSS
from companion.ui.widgets import message_html


def tree(w: W.Widget) -> list:
    """The widget tree as the page lays it out: each widget, its classes and its layout's size and display."""
    out = [(type(w).__name__, id(w), tuple(getattr(w, "_dom_classes", ())),
            tuple(getattr(w.layout, k, None) for k in ("display", "height", "width")) if hasattr(w, "layout") else ())]
    for c in getattr(w, "children", ()):
        out += tree(c)
    return out


def why_parts(value: str) -> tuple[str, str]:
    """The sentence's side and the rulebook's side of a message with its "Why?"."""
    said = re.search(r"<div class='rf-why-said'>(.*?)</div><div class='rf-why-rule'>", value, re.S)
    rule = re.search(r"<div class='rf-why-rule'>(.*?)</div></div></div>$", value, re.S)
    assert said and rule, value
    return said.group(1), rule.group(1)


def test_a_refusal_s_message_holds_its_why_the_rulebook_s_sentence_and_section():
    try:
        from companion.rise import game as rise

        rise.apply(rise.start(), {"type": "fly"})
    except IllegalAction as e:
        value = message_html(str(e), "error")
    said, rule = why_parts(value)
    assert "Why?" in said and "Unknown action" in said
    q = quote("rise", "Using the following list of options players must choose two actions every turn.")
    assert html.escape(q) in rule and "Rulebook, Playing the Game" in rule and "Back" in rule
    # the toggle and its two labels name the same control, so one tap shows it and one takes it back
    (tid,) = set(re.findall(r"id='(rf-why-\d+)'", value))
    assert value.count(f"for='{tid}'") == 2


def test_a_decision_of_ours_shows_the_decision_and_why_and_says_the_rulebook_is_silent():
    value = message_html(Refusal("Set up the game first.", "set-up-first", ("companion.rise_and_fall.play.tracker",)), "error")
    _, rule = why_parts(value)
    e = R.entry("rise-and-fall", "set-up-first")
    assert "The rulebook is silent here." in rule and html.escape(e.decision) in rule and html.escape(e.why) in rule


def test_every_string_is_escaped_and_a_sentence_without_a_rule_stays_plain():
    hostile = Refusal("<script>alert(1)</script> & co", "seat", ("companion.rome1989.seats",))
    value = message_html(hostile, "error")
    assert "<script>" not in value and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in value and "Why?" in value
    assert "Why?" not in message_html("A plain sentence.", "error")
    assert "Why?" not in message_html(Refusal("Told.", "seat", ("companion.rise.game",)), "info")
    assert "Why?" not in message_html(Refusal("No entry.", "no-such-rule-anywhere", ()), "error")
    assert "Why?" in message_html("Rise!'s sentence.", "error", rule="no-land", game="rise")


def test_why_keeps_its_room_in_the_page_css_so_nothing_moves():
    for rule in (".rf-why-stack > .rf-why-said { grid-area: 1 / 1;",  # the box is the sentence's size
                 ".rf-why-rule { visibility: hidden; position: absolute; inset: 0; overflow-y: auto;",  # the rule scrolls in it
                 ".rf-why-toggle:checked + .rf-why-stack > .rf-why-said { visibility: hidden; }",
                 ".rf-why-toggle:checked + .rf-why-stack > .rf-why-rule { visibility: visible; }"):
        assert rule in CSS
    assert "min-height: 44px" in CSS[CSS.index(".rf-why-btn {"):]  # a finger's size


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path)


def test_a_refused_tap_on_mountain_king_shows_why_and_moves_nothing(store):
    from companion.mountain_king.screens import MountainKingScreens

    s = MountainKingScreens(store)
    board = s.screen("Board")
    before = tree(board)
    s.names.value = "Blue"
    s.new_btn.click()  # one player: refused
    assert tree(board) == before  # the same widgets, classes and sizes: only the message's text changed
    said, rule = why_parts(s.message.value)
    assert "2 to 5 players" in said
    assert html.escape(quote("mountain-king", "Use the side appropriate for your player count.")) in rule
    assert "Rulebook, General Setup" in rule and "Our decision:" in rule  # the solo mode is out of scope: ours


def test_a_refused_tap_on_rise_s_board_shows_the_rulesheet_s_sentence(store):
    from companion.rise.screens import RiseScreen

    s = RiseScreen(store)
    before = tree(s.widget)
    s.mode_buttons["play"].click()
    s.tap((20, 20))  # far off the board: no land tile there
    assert tree(s.widget) == before
    said, rule = why_parts(s.message.value)
    assert "no land tile" in said
    assert html.escape(quote("rise", "This action allows a player increase the number of workers they have by adding one "
                                     "to a land tile that is unoccupied.")) in rule


# --- the Rules screen -----------------------------------------------------------------------------------
def test_every_game_has_a_rules_screen_on_its_bar_searched_as_you_type(tmp_path):
    from companion.ui.app import App

    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    for game in R.PACKAGES:
        app.choose(game)
        assert app.screens()[-1] == "Rules"
        app.go_to("Rules")
        rules = app.rules_screen(game)
        assert app.body.children == (rules.widget,) and app.query().endswith("screen=rules")
        assert rules.query.continuous_update
        e = next(e for e in R.index(game).entries.values() if e.quote)
        rules.query.value = e.quote[:-1]  # as typed, the last letter still to come
        assert f"<code>{e.rule}</code>" in rules.found.value and html.escape(e.quote) in rules.found.value
        assert all(html.escape(t.term) in rules.fixed.value for t in R.index(game).glossary)
        assert all(html.escape(d.decision) in rules.fixed.value for d in R.index(game).decisions())
        assert all(html.escape(p.name) in rules.table.value for p in R.index(game).phases)


def test_the_rules_screen_marks_the_table_s_player_count_and_phase(tmp_path):
    from companion.ui.app import App

    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    room = app.choose("mountain-king")
    room.names.value = "Blue, Yellow, Green"
    room.new_btn.click()
    app.go_to("Rules")
    table = app.rules_screen("mountain-king").table.value
    assert re.search(r"<li class='rf-rules-here'><b>3 players</b>", table)
    assert "The Battle <b class=rf-rules-now>← the table is here</b>" in table and "Wave 1" in table
    app.go_to("Score the Wave")
    room.end_btn.click()
    assert room.state.scoring or room.state.end  # the End of the Wave's steps, then Score the Wave
    app.go_to("Rules")
    assert "End of the Wave <b class=rf-rules-now>← the table is here</b>" in app.rules_screen("mountain-king").table.value


def test_the_rules_screen_reads_at_arm_s_length_in_both_themes():
    base = int(re.search(r"\.rf-app \{ font-size: (\d+)px", CSS).group(1))
    rules = [ln for ln in CSS.splitlines() if "rf-rules" in ln or "rf-why" in ln]
    ems = [float(x) for ln in rules for x in re.findall(r"font-size: ([\d.]+)em", ln)]
    assert ems and not [ln for ln in rules if re.search(r"font-size: [\d.]+px", ln)]
    assert base * min(ems) >= 16  # nothing under 16 px at the usual size (A+ makes it larger)
    assert ".rf-app.rf-dark .rf-rules-entry" in CSS and ".rf-rules { max-width: 60em; font-size: 1em;" in CSS
