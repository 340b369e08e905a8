"""A random World with Tales in a blink: the quicker judgements the generators use give the same
verdicts as the full judges, the World's kept-up-to-date sets equal fresh ones, and a World with
Tales still follows every rule. The speed itself is a figure of ``make bench``, not a test."""

import random

from conftest import examples, quote
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.variants.tales.worlds import build_with_tales
from companion.rise_and_fall.world import special_areas as A
from companion.rise_and_fall.world.placement import (
    _new_holes,
    candidate_tiles,
    new_holes_by_spaces,
    touching_ground_tiles,
    violation,
    violation_by_spaces,
)
from companion.rise_and_fall.world.world import World
from companion.rise_and_fall.world.worldgen import generate

KINDS = ["sea", "plains", "forest", "mountain", "glacier", "swamp", "volcano", "orb-of-acceleration", "storm-peak"]


def _grown(players: int, seed: int, upto: int) -> list:
    return generate(players, seed).tiles[:upto]


@settings(max_examples=examples(10, 60), deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 300), st.integers(2, 25), st.integers(0, 10_000))
def test_zones_closed_off_counted_on_spaces_as_shapely_counts_them(rulebook_text, players, seed, upto, pick):
    quote(rulebook_text, "You cannot close off a zone containing empty spaces.")
    world = World(_grown(players, seed, upto))
    seas = [t for t in candidate_tiles(world, "sea") if len(touching_ground_tiles(world, t.cells)) >= 2]
    for t in random.Random(pick).sample(seas, min(25, len(seas))):
        touching = world.ground_tiles_touching(t.footprint)
        assert new_holes_by_spaces(world, t) == _new_holes(world, t.footprint, touching), t


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([(12, 15, 20, 23), (13, 15, 20, 23), (10, 11, 14, 16)]), st.integers(0, 500))
def test_a_world_grown_tile_by_tile_keeps_the_same_places_as_a_fresh_one(drawn, seed):
    """The World keeps its Spaces by terrain (and shifted copies) up to date as tiles are placed;
    the places offered on it are the places a World built afresh offers."""
    tiles = build_with_tales(4, seed, drawn).tiles
    grown = World()
    for i, t in enumerate(tiles):
        if i % 7 == 0 or i > len(tiles) - 4:
            fresh = World(tiles[:i])
            assert grown.terrain_map() == fresh.terrain_map()
            for kind in KINDS:
                assert candidate_tiles(grown, kind) == candidate_tiles(fresh, kind), (i, kind)
            assert grown.group("rim") == fresh.group("rim")
            assert [grown.ground_component(j) for j in range(i) if j in grown._ground_parent] == [
                fresh.ground_component(j) for j in range(i) if j in fresh._ground_parent]
        grown.place(t)


def test_land_tiles_judged_on_spaces_as_with_shapely():
    """The generators judge Plains, Forest, Mountain and Glacier tiles by counting Spaces; the
    verdicts are the shapely judge's, special areas included."""
    b = build_with_tales(4, 7, (13, 15, 20, 23))
    w = b.world
    for kind in ("forest", "mountain", "glacier"):
        for t in candidate_tiles(w, kind)[:80]:
            a, s = violation(w, t, None), violation_by_spaces(w, t, None)
            assert (a is None) == (s is None) and (a is None or a.rule == s.rule), (t, a, s)


def test_the_first_legal_place_of_an_order_is_a_legal_place_and_the_first_one():
    b = build_with_tales(4, 5, (13, 1, 2, 3), stop_at="orb-of-acceleration")
    area, copy = b.pending_area()
    legal = b.legal_areas()
    order = A.places(b.world, b.markers, area)
    random.Random(1).shuffle(order)
    first = A.first_legal(b.world, b.markers, area, order)
    assert first in legal
    assert first == next(p for p in order if p in legal)
    assert A.first_legal(b.world, b.markers, area, [p for p in order if p not in legal]) is None


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000))
def test_the_first_sea_tiles_never_leave_the_rest_of_the_sea_aside(seed):
    """When the first Sea tiles close the way for the next one, the generator starts again (as the
    plain generator does) instead of setting the Sea tiles aside and squeezing the Plains."""
    b = build_with_tales(4, seed, T.draw(4, seed))
    assert "sea" not in dict(b.set_aside)
    assert b.complete


def test_the_same_seed_gives_the_same_world_with_tales():
    one = build_with_tales(4, 3002, (12, 13, 15, 20))
    two = build_with_tales(4, 3002, (12, 13, 15, 20))
    assert one.tiles == two.tiles and one.markers == two.markers and one.areas_aside == two.areas_aside
    assert build_with_tales(4, 3003, (12, 13, 15, 20)).tiles != one.tiles
