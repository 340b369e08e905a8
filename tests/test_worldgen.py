import math

import pytest
from helpers import T

from companion.hexgrid import lattice_center
from companion.rise_and_fall.layout import check
from companion.rise_and_fall.placement import legal_placements, violation
from companion.rise_and_fall.world import World
from companion.rise_and_fall.worldgen import default_starting_seas, generate, rescue_plains


@pytest.mark.parametrize("players", [2, 3, 4])
def test_default_starting_seas(players):
    tiles = default_starting_seas(players)
    assert len(tiles) == players
    w = World()
    for t in tiles:
        assert violation(w, t) is None  # no overlap, no enclosed zone
        w.place(t)
    assert len(legal_placements(w, "sea", players)) > 0


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23), (4, 24)])
def test_every_generated_world_passes_check(players, seed):
    lay = generate(players, seed)
    report = check(lay)
    assert report.valid and report.complete, report
    assert generate(players, seed).dumps() == lay.dumps()


def _spread(lay, kind):
    pts = [lattice_center(c) for t in lay.tiles if t.kind == kind for c in t.cells]
    mx = sum(p[0] for p in pts) / len(pts)
    my = sum(p[1] for p in pts) / len(pts)
    return math.sqrt(sum((p[0] - mx) ** 2 + (p[1] - my) ** 2 for p in pts) / len(pts))


def test_spread_keeps_forests_apart_more_than_chance():
    spread = [_spread(generate(4, s, spread=True), "forest") for s in range(3)]
    plain = [_spread(generate(4, s, spread=False), "forest") for s in range(3)]
    assert sum(spread) > sum(plain)


def test_plains_rescue_moves_the_fewest_tiles(rulebook_text):
    from conftest import quote

    quote(rulebook_text, "they MUST move as few Plains tiles of their choice as possible in order to be able to place their tile.")
    # The 2-player Starting Seas hold two Plains tiles, but not after this first one.
    w = World(default_starting_seas(2) + [T("plains", -1, 0, 5)])
    assert legal_placements(w, "plains") == []
    rescue = rescue_plains(w)
    assert rescue is not None and len(rescue.moved) == 1
    after = rescue.apply(w)
    assert sum(1 for t in after.tiles if t.kind == "plains") == 2
    assert check_all_legal(after)


def check_all_legal(world):
    w = World()
    for t in world.tiles:
        if violation(w, t) is not None:
            return False
        w.place(t)
    return True
