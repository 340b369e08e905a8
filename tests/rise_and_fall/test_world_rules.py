"""The rules of "Creating the World", each stated as the rulebook states it."""

import pytest
from conftest import quote
from helpers import T, complete_world, partial_world, starting_world

from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world.placement import (
    legal_placements,
    next_kind,
    violation,
    violation_by_spaces,
)
from companion.rise_and_fall.world.world import World
from companion.rise_and_fall.world.worldgen import default_starting_seas


def both(world, tile, players=None):
    a, b = violation(world, tile, players), violation_by_spaces(world, tile, players)
    assert (a and a.rule) == (b and b.rule)
    return a


def test_pool_by_player_count(rulebook_text):
    quote(rulebook_text, "| 4 | 19 | 17 | 15 | 11 | 4 |")
    quote(rulebook_text, "Place the 2 to 4 (depending on the number of players) Starting Sea tiles")
    rules = load_rules()
    assert rules.pool(2) == {"starting-sea": 2, "sea": 12, "plains": 10, "forest": 8, "mountain": 6, "glacier": 2}
    assert rules.pool(3) == {"starting-sea": 3, "sea": 15, "plains": 14, "forest": 11, "mountain": 8, "glacier": 3}
    assert sum(rules.pool(4).values()) == 70
    sizes = {k: len(v.cells) for k, v in rules.tile_kinds.items() if not v.special_area}  # the Tales' areas aside
    assert sizes == {"starting-sea": 8, "sea": 7, "plains": 6, "forest": 4, "mountain": 3, "glacier": 2}


def test_sea_tile_must_touch_two_sea_tiles(rulebook_text):
    quote(rulebook_text, "The added Sea tile must touch at least 2 Sea tiles already present in the World.")
    w = World([T("starting-sea", 0, 0)])
    v = both(w, T("sea", 1, 3))  # touches the one Starting Sea only
    assert v.rule == "sea-touch" and "touches 1" in v.message
    w2 = World([T("starting-sea", 0, 0), T("starting-sea", 3, 0)])
    assert both(w2, T("sea", 1, 3)) is None  # touches both
    assert both(w2, T("sea", 1, 30)).rule == "sea-touch"  # touches none


def test_sea_tile_cannot_close_off_empty_spaces(rulebook_text):
    quote(rulebook_text, "You cannot close off a zone containing empty spaces.")
    w = World(default_starting_seas(2, "before_the_pairs"))  # one of its notches, closed
    v = both(w, T("sea", -2, 3, 1))
    assert v.rule == "enclosed"
    assert v.spaces == ((-2, 2),)
    assert "close off" in v.message and "1 space" in v.message


def test_sea_tiles_go_on_empty_table():
    w = starting_world(2)
    v = both(w, T("sea", 0, 0))
    assert v.rule == "overlap" and "7 of its 7 spaces" in v.message


def test_plains_must_cover_sea_only(rulebook_text):
    quote(rulebook_text, "Each space of the Plains tile must cover a Sea space (it cannot cover empty spaces or a Plain).")
    w = World([T("starting-sea", 0, 0)])
    assert both(w, T("plains", 1, 0)) is None  # six of the Starting Sea's eight spaces
    w.place(T("plains", 1, 0))
    v = both(w, T("plains", 1, 0))
    assert v.rule == "wrong-base" and "Plain" in v.message
    v = both(World([T("starting-sea", 0, 0)]), T("plains", 0, 0))
    assert v.rule == "wrong-base" and "empty" in v.message
    assert "of its 6 spaces" in v.message


def test_plains_islands_are_allowed(rulebook_text):
    quote(rulebook_text, "Note: the added Plains tile doesn't necessarily have to be adjacent to another Plains tile, you can create islands.")
    w = partial_world(4, 1, "plains")
    options = legal_placements(w, "plains", 4)
    assert options, "the first Plains tile has somewhere to go"
    assert all(violation(w, t, 4) is None for t in options[:20])


@pytest.mark.parametrize(
    "kind,base,sentence",
    [
        ("forest", "plains", "Each space of the Forest tile can only cover a Plain space."),
        ("mountain", "forest", "the players then place the Mountain tiles, which can only cover Forest spaces."),
        ("glacier", "mountain", "each player places their unique Glacier exclusively on Mountain spaces."),
    ],
)
def test_upper_layers_cover_the_layer_below(rulebook_text, kind, base, sentence):
    quote(rulebook_text, sentence)
    w = complete_world(4)
    legal = legal_placements(w, kind)
    for t in legal:
        assert all(w.terrain(c) == base for c in t.cells)
    # and every place that covers anything else is refused
    for s in w.spaces():
        t = T(kind, *s)
        if any(w.terrain(c) != base for c in t.cells):
            assert both(w, t).rule == "wrong-base"


def test_layers_in_order(rulebook_text):
    quote(rulebook_text, "Once all of the Sea tiles have been placed, continuing the order around the table, the players place Plains tiles")
    quote(rulebook_text, "Once all of the Plains tiles have been placed, continuing in order around the table, the players place the Forest tiles")
    w = starting_world(3)
    assert next_kind(w, 3) == "sea"
    v = both(w, T("plains", 0, 0), 3)
    assert v.rule == "phase-order" and "all Sea tiles come first" in v.message
    w = partial_world(4, 1, "forest")
    assert next_kind(w, 4) == "forest"
    assert both(w, T("sea", 40, 40), 4).rule == "pool-exhausted"


def test_pool_is_respected():
    w = complete_world(2)
    for kind in ("sea", "plains", "forest", "mountain", "glacier"):
        assert both(w, T(kind, 0, 0), 2).rule == "pool-exhausted"
    assert next_kind(w, 2) is None


def test_rule_precedence_when_one_tile_breaks_several():
    # formats.md: "rule is the first of: phase-order, pool-exhausted, overlap, wrong-base, sea-touch, enclosed"
    w = starting_world(2)
    assert both(w, T("forest", 0, 0), 2).rule == "phase-order"  # also wrong-base
    assert both(w, T("sea", 0, 0), 2).rule == "overlap"  # overlap and touches nothing new


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 1)])
def test_removing_support_makes_tiles_above_wrong_base(players, seed):
    """For every tile that carries others: without it, each tile placed on it is wrong-base."""
    w = complete_world(players, seed)
    checked = 0
    for i in range(len(w.tiles)):
        above = [j for j in range(i + 1, len(w.tiles)) if i in w.tiles_under(j)]
        if not above:
            continue
        without = World(x for k, x in enumerate(w.tiles) if k != i and k < min(above))
        for j in above:
            v = violation(without, w.tiles[j])
            assert v is not None and v.rule == "wrong-base", (i, j, v)
            checked += 1
    assert checked > 20
