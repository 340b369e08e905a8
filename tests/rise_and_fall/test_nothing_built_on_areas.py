"""A first City on a special area is refused at the tap, as the end-scoring check refuses it."""

import pytest

from companion.errors import IllegalAction
from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.play.tracker import TRACKER_VERSION
from companion.rise_and_fall.variants.tales.tales import area_spaces
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from rise_and_fall.test_tracker import R, do
from tests.rulebooks import quote

PLAYERS = [{"name": n, "colour": c} for n, c in (("Ana", "red"), ("Ben", "yellow"), ("Cy", "green"))]


def on_a_swamp(version: int = TRACKER_VERSION):
    world = generate_with_tales(3, 1, (15,))
    g = do(R.initial(), type="setup", players=PLAYERS, first=0, world=world.to_dict(), tracker_version=version)
    swamp = sorted(area_spaces(g.tiles)["swamp"])
    return g, swamp


def test_a_first_city_on_a_swamp_is_refused_at_that_tap():
    quote("rise-and-fall", "Nothing can be built on Swamps.")
    quote("rise-and-fall", "Unless otherwise specified, players are not allowed to construct a City, Temple, or any special "
                           "buildings on a special area.")
    g, swamp = on_a_swamp()
    i = g.to_move()[0]
    with pytest.raises(IllegalAction) as e:
        do(g, type="place-first", player=i, piece="city", q=swamp[0][0], r=swamp[0][1])
    assert e.value.rule == "special-area-no-piece"
    assert str(e.value).startswith(f"{g.civs[i].name}'s City cannot be placed on The Swamp: 'Unless otherwise specified")
    assert str(e.value).endswith("Place it on another Space.")


def test_a_nomad_may_stop_on_a_swamp_and_the_history_names_the_swamp():
    quote("rise-and-fall", "Mobile land units can move through or stop in Swamps.")
    g, swamp = on_a_swamp()
    i = g.to_move()[0]
    action = {"type": "place-first", "player": i, "piece": "nomad", "q": swamp[0][0], "r": swamp[0][1]}
    after = do(g, **action)
    assert after.civs[i].count("nomad") == 1
    line = describe(action, after)
    assert "of The Swamp" in line and "Plains Space" not in line, line


def test_a_log_of_version_8_replays_as_it_was_written():
    g, swamp = on_a_swamp(version=8)
    i = g.to_move()[0]
    assert do(g, type="place-first", player=i, piece="city", q=swamp[0][0], r=swamp[0][1]).civs[i].count("city") == 1
