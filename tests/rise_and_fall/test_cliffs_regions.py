from conftest import quote
from helpers import T, complete_world

from companion.hexgrid import DIRECTIONS, lattice_corners
from companion.rise_and_fall.world.world import World, regions_of


def test_cliff_between_levels_two_apart(rulebook_text):
    quote(rulebook_text, "When two adjacent spaces have a difference of 2 or more levels (for example a Plain and a Mountain), they are separated by a cliff.")
    w = World([T("starting-sea", 0, 0), T("plains", 1, 0), T("forest", 0, 1), T("mountain", 0, 1)])
    levels = {s: w.level(s) for s in w.spaces()}
    expected = set()
    for s, lv in levels.items():
        for dq, dr in DIRECTIONS:
            n = (s[0] + dq, s[1] + dr)
            if n in levels and abs(levels[n] - lv) >= 2:
                expected.add(frozenset((s, n)))
    got = {frozenset((c.low, c.high)) for c in w.cliffs()}
    assert got == expected and got
    for c in w.cliffs():
        assert w.level(c.high) - w.level(c.low) >= 2
        assert set(c.segment) <= set(lattice_corners(c.low)) & set(lattice_corners(c.high))


def test_sea_next_to_plains_is_no_cliff():
    w = World([T("starting-sea", 0, 0), T("plains", 1, 0)])
    assert w.cliffs() == []


def test_regions_join_glacier_to_mountain(rulebook_text):
    quote(rulebook_text, "Be careful: Glacier spaces are considered to be Mountains when determining Regions.")
    terrain = {(0, 0): "mountain", (1, 0): "glacier", (2, 0): "glacier", (5, 5): "mountain", (0, 1): "forest"}
    regions = regions_of(terrain)
    big = [g for g in regions if g.terrain == "mountain" and g.size == 3]
    assert len(big) == 1 and big[0].value == 12
    assert sorted((g.terrain, g.size) for g in regions) == [("forest", 1), ("mountain", 1), ("mountain", 3)]


def test_region_values(rulebook_text):
    quote(rulebook_text, "- 1 Sea space is worth 2 VP,")
    terrain = {(0, 0): "sea", (1, 0): "sea", (3, 0): "plains", (5, 0): "forest"}
    values = sorted((g.terrain, g.value) for g in regions_of(terrain))
    assert values == [("forest", 3), ("plains", 1), ("sea", 4)]


def test_regions_partition_the_world():
    w = complete_world(4)
    regions = w.regions()
    seen = [s for g in regions for s in g.spaces]
    assert sorted(seen) == sorted(w.spaces())
    terr = w.terrain_map()
    for g in regions:
        for s in g.spaces:
            assert {"glacier": "mountain"}.get(terr[s], terr[s]) == g.terrain
