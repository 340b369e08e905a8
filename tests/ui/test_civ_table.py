"""The Game screen as a table, drawn by pure functions from the public view (no browser)."""

import re
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rise_and_fall.test_tracker import do, started  # noqa: E402

from companion.rise_and_fall.play.public import public_view  # noqa: E402
from companion.rise_and_fall.screens.civ_table import card_html, civ_html, plural, table_html  # noqa: E402


def section(out: str, state: str) -> str:
    """The part of a player's place that draws the cards in ``state``."""
    rest = out.split(f"rf-state-{state}'")[1]
    return re.split(r"<div class='rf-state |<div class='rf-pieces'>", rest)[0]


def names_in(fragment: str) -> list[str]:
    return re.findall(r"<div class='rf-card-name'>([^<]*)</div>", fragment)


def test_every_card_is_drawn_where_it_is():
    g = started()
    v = public_view(g)
    out = civ_html(v, 0)
    assert names_in(section(out, "hand")) == [c.title() for c in g.civs[0].hand]
    assert names_in(section(out, "reserve")) == [c.title() for c in g.civs[0].reserve]
    assert out.count("class='rf-card'") == len(g.civs[0].hand) + len(g.civs[0].reserve)


def test_a_card_played_face_down_is_a_card_back_and_the_table_cannot_tell_which():
    base = started()
    a = do(base, type="play", player=0, card="city")
    b = do(base, type="play", player=0, card="ship")
    assert table_html(public_view(a)) == table_html(public_view(b))
    eric = civ_html(public_view(a), 0)
    played = section(eric, "played")
    assert "rf-card-back" in played and names_in(played) == []
    assert "1 card played face down, from these" in eric
    own = civ_html(public_view(a, viewer=0), 0)  # a player sees their own card
    assert names_in(section(own, "played")) == ["City"]


def test_the_discard_pile_shows_its_top_card_first():
    g = started()
    civ = replace(g.civs[0], discard=("nomad", "city", "ship"))  # ship played last
    from companion.rise_and_fall.play.tracker import _set

    out = civ_html(public_view(_set(g, 0, civ)), 0)
    pile = section(out, "discard")
    assert names_in(pile) == ["Ship", "City", "Nomad"] and "on top" in pile


def test_the_player_to_act_comes_first():
    g = started()
    v = public_view(g)
    first = v.to_move[0]
    out = table_html(v)
    assert out.index(f"<b>{v.civs[first].name}</b>") < min(out.index(f"<b>{c.name}</b>") for k, c in enumerate(v.civs) if k != first)


def test_names_are_escaped_and_counts_are_plural():
    g = started()
    from companion.rise_and_fall.play.tracker import _set

    g = _set(g, 0, replace(g.civs[0], name="<script>x</script>", trophies=("nomad", "city")))
    out = civ_html(public_view(g), 0)
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "2 Trophies" in out
    assert plural(1, "Trophy", "Trophies") == "1 Trophy" and plural(0, "Ship") == "0 Ships"
    assert "&lt;B&gt;" in card_html("<b>", "red")
