"""Building the World by hand does not dead-end: the Starting Seas are fitted into each other's
notches, and a preview says when a tile would leave no place for the tiles still to come."""

import pytest
from helpers import T

from companion.errors import IllegalAction
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world.builder import BuildRules, world_setup_action
from companion.rise_and_fall.world.worldgen import default_starting_seas, first_dead_end


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_orders_complete_the_sea_layer(players, rulebook_text):
    from conftest import quote

    quote(rulebook_text, "The added Sea tile must touch at least 2 Sea tiles already present in the World.")
    quote(rulebook_text, "You cannot close off a zone containing empty spaces.")
    stuck = [end for s in range(25) if (end := first_dead_end(players, s, ("sea",))) is not None]
    assert stuck == []  # on the first arrangement, 5 to 9 of these 25 were stuck at their 2nd to 4th Sea tile


def build(actions):
    rules = BuildRules()
    state = rules.initial()
    for a in actions:
        state = rules.apply(state, a)
    return state


def test_a_new_world_writes_its_starting_seas_in_its_log_and_an_old_one_replays_on_its_own():
    action = world_setup_action(3, first=1)
    assert action["starting_seas"] == [list(t) for t in load_rules().starting_seas(3)]
    assert list(build([action]).tiles) == default_starting_seas(3)
    old = build([{"type": "setup", "players": 3, "first": 1}])  # begun before the pairs
    assert list(old.tiles) == default_starting_seas(3, "before_the_pairs")
    assert old.tiles != build([action]).tiles


@pytest.mark.parametrize("seas", [[[0, 0, 0]], [[0, 0, 0], [0, 0, 3]], [[0, 0, 0], [1, 1, 9]], "here"])
def test_starting_seas_that_cannot_begin_a_world_are_refused_with_a_sentence(seas):
    with pytest.raises(IllegalAction) as e:
        build([{"type": "setup", "players": 2, "starting_seas": seas}])
    assert str(e.value).endswith(".") and "Traceback" not in str(e.value)


# A 2-player World on the first arrangement, after two Sea tiles: of the 12 legal places of the
# third, some leave no place for the 9 after it.
TWO_SEAS = [T("sea", 2, -2, 2), T("sea", -3, -2, 5)]
DEAD_END = T("sea", -5, 0, 0)


def two_seas():
    return build([{"type": "setup", "players": 2}] + [
        {"type": "place", "tile": "sea", "q": t.q, "r": t.r, "rotation": t.rotation} for t in TWO_SEAS
    ])


def test_a_tile_that_leaves_no_place_for_the_rest_of_its_layer_is_told():
    b = two_seas()
    assert b.check(DEAD_END) is None  # legal, but the last Sea tile the World can take
    assert b.dead_end_after(DEAD_END) == "after this tile, no place is left for the 9 Sea tiles still to place"
    assert b.with_tile(DEAD_END).stuck()
    fine = [t for t in b.legal("sea") if b.dead_end_after(t) is None]
    assert fine and all(b.with_tile(t).has_legal("sea") for t in fine)
    assert b.tiles == two_seas().tiles  # asking changes nothing
