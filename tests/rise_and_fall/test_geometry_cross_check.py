"""shapely's verdicts against plain sets of Spaces, on thousands of random placements."""

import random

import pytest
from helpers import complete_layout

from companion.rise_and_fall.world.placement import violation, violation_by_spaces
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import World

KINDS = ["starting-sea", "sea", "plains", "forest", "mountain", "glacier"]


def stages(players: int, seed: int):
    tiles = complete_layout(players, seed).tiles
    for cut in (len([t for t in tiles if t.kind == "starting-sea"]), 10, 25, len(tiles) // 2, len(tiles)):
        yield World(tiles[:cut])


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 1)])
def test_shapely_and_space_sets_agree(players, seed):
    rng = random.Random(players * 100 + seed)
    checked = {}
    for world in stages(players, seed):
        spaces = list(world.spaces())
        for _ in range(250):
            q, r = rng.choice(spaces)
            tile = Tile(rng.choice(KINDS), q + rng.randint(-3, 3), r + rng.randint(-3, 3), rng.randint(0, 5))
            for pool in (None, players):
                a = violation(world, tile, pool)
                b = violation_by_spaces(world, tile, pool)
                assert (a and a.rule) == (b and b.rule), (tile, a, b)
                if a:
                    assert sorted(a.spaces) == sorted(b.spaces), (tile, a, b)
                    assert a.message == b.message
                checked[a and a.rule] = checked.get(a and a.rule, 0) + 1
    # the random placements reach every verdict, so the comparison means something
    for rule in (None, "overlap", "wrong-base", "sea-touch", "phase-order", "pool-exhausted"):
        assert checked.get(rule, 0) > 0, checked


def test_enclosed_zones_agree_on_sea_placements():
    """Sea tiles next to the World, where closing off a zone is possible."""
    rng = random.Random(7)
    n_enclosed = 0
    for players, seed in [(2, 3), (3, 4), (4, 5)]:
        tiles = complete_layout(players, seed).tiles
        for cut in range(players, players + 12, 3):
            world = World(tiles[:cut])
            frontier = sorted({(q + dq, r + dr) for q, r in world.spaces() for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))} - set(world.spaces()))
            for _ in range(150):
                q, r = rng.choice(frontier)
                tile = Tile("sea", q + rng.randint(-2, 1), r + rng.randint(-2, 1), rng.randint(0, 5))
                a, b = violation(world, tile), violation_by_spaces(world, tile)
                assert (a and a.rule) == (b and b.rule), (tile, a, b)
                if a and a.rule == "enclosed":
                    n_enclosed += 1
                    assert sorted(a.spaces) == sorted(b.spaces)
                    # and the World's outline really gains a hole with the tile
                    after = World(list(world.tiles) + [tile]).outline()
                    assert len(after.interiors) > len(world.outline().interiors)
    assert n_enclosed > 5
