"""Rise!: each rule, quoted from the rulebook, and each decision where the rulebook is open."""

import pytest
from conftest import quote

from companion.hexgrid import neighbours
from companion.rise.game import RiseIllegal, Tower, apply, legal_actions, start, threats
from companion.rise.numbers import numbers

from .helpers import custom, do, ring


def refused(p, rule: str, match: str | None = None, **action) -> str:
    with pytest.raises(RiseIllegal) as e:
        apply(p, action)
    assert e.value.rule == rule, e.value.message
    if match:
        assert match in e.value.message, e.value.message
    return e.value.message


def test_printed_numbers_are_data(rise_rulebook):
    quote(rise_rulebook, "• 60 Land Tiles")
    quote(rise_rulebook, "• 60 Wood Tokens \"Workers\" (30 per color)")
    quote(rise_rulebook, "Each player should have 9 blocks total: 3 large blocks (base), 3 medium blocks (middle), and 3 small blocks (top).")
    n = numbers()
    assert (n.land_tiles, n.workers_per_colour, n.blocks) == (60, 30, {"base": 3, "middle": 3, "top": 3})
    assert (n.actions_per_turn, n.first_turn_actions, n.ring, n.towers_to_win) == (2, 1, 6, 3)


def test_starting_formation(rise_rulebook):
    quote(rise_rulebook, "The starting formation consists of 12 land tiles.")
    quote(rise_rulebook, "8 tiles are used for the central strip of land. Place a tile on both sides between the first and second tile, repeat on the opposite end between the seventh and eigth tile. Then red player places a worker on the second tile and blue player places theirs on the seventh tile.")
    p = start()
    strip = [(q, 0) for q in range(8)]
    assert len(p.tiles) == 12 and set(strip) <= p.tiles
    extras = p.tiles - set(strip)
    first_second = set(neighbours(strip[0])) & set(neighbours(strip[1]))
    seventh_eighth = set(neighbours(strip[6])) & set(neighbours(strip[7]))
    assert extras == first_second | seventh_eighth and len(extras) == 4
    assert p.of("red") == {strip[1]} and p.of("blue") == {strip[6]}
    assert p.supply("red") == {"tiles": 48, "workers": 29, "base": 3, "middle": 3, "top": 3}


def test_turns_of_two_actions_red_first_with_one(rise_rulebook):
    quote(rise_rulebook, "The red player will choose only one action on their first turn and then two actions a turn for the remainder of the game. Blue player will always choose two actions. Any combination of actions is allowed, this includes using the same action twice.")
    p = start()
    assert (p.player, p.actions_left) == ("red", 1)
    refused(p, "not-your-turn", type="tile", at=[8, 0], player="blue")
    p = do(p, type="tile", at=[8, 0])
    assert (p.player, p.actions_left) == ("blue", 2)
    p = do(p, type="tile", at=[9, 0])
    p = do(p, type="tile", at=[10, 0])  # the same action twice
    assert (p.player, p.actions_left, p.turn) == ("red", 2, 3)
    p = do(p, type="place", at=[2, 0])
    assert (p.player, p.actions_left) == ("red", 1)


def test_place_a_land_tile(rise_rulebook):
    quote(rise_rulebook, "With this action a player may place a new land tile adjacent to any existing tile and increase the size of the board.")
    p = start()
    refused(p, "tile-adjacent", "the space chosen touches no land tile", type="tile", at=[3, 3])
    refused(p, "tile-taken", type="tile", at=[3, 0])
    assert (3, 1) in do(p, type="tile", at=[3, 1]).tiles


def test_land_tiles_run_out(rise_rulebook):
    quote(rise_rulebook, "• 60 Land Tiles")
    from companion.hexgrid import spiral

    tiles = frozenset(spiral((0, 0), 4))  # 61 > 60: take one away to have exactly 60
    tiles = tiles - {(4, -4)}
    p = custom({(0, 0)}, {(2, 0)}, tiles=tiles)
    msg = refused(p, "no-tiles", type="tile", at=[5, 0])
    assert "All 60 land tiles" in msg


def test_place_a_worker(rise_rulebook):
    quote(rise_rulebook, "This action allows a player increase the number of workers they have by adding one to a land tile that is unoccupied. The new worker must be placed adjacent to any of your already existing workers.")
    p = start()
    refused(p, "place-adjacent", "adjacent to one of Red's Workers", type="place", at=[4, 0])
    refused(p, "no-land", type="place", at=[1, 1])
    p2 = custom({(0, 0)}, {(1, 0)})
    refused(p2, "occupied", "Blue Worker", type="place", at=[1, 0])
    p = do(p, type="place", at=[2, 0])
    assert p.of("red") == {(1, 0), (2, 0)}


def test_workers_run_out(rise_rulebook):
    quote(rise_rulebook, "These 60 wood tokens are split up by color, 30 to each player.")
    from companion.hexgrid import spiral

    red = set(list(spiral((0, 0), 4))[:30])
    p = custom(red, {(4, -4)})
    msg = refused(p, "no-workers", type="place", at=[3, -3] if (3, -3) not in red else [-4, 4])
    assert "All 30 of Red's Workers" in msg


def test_move_a_worker(rise_rulebook):
    quote(rise_rulebook, "With this action a player may move a worker one space to an adjacent tile that is not occupied.")
    p = custom({(0, 0)}, {(1, 0)})
    refused(p, "move-one", type="move", **{"from": [0, 0], "to": [2, 0]})
    refused(p, "occupied", type="move", **{"from": [0, 0], "to": [1, 0]})
    refused(p, "not-yours", type="move", **{"from": [1, 0], "to": [2, 0]})
    refused(p, "no-worker", type="move", **{"from": [3, 0], "to": [2, 0]})
    q = custom({(0, 0)}, {(1, 0)}, tiles=frozenset({(0, 0), (1, 0)}))
    refused(q, "no-land", type="move", **{"from": [0, 0], "to": [0, 1]})
    assert do(p, type="move", **{"from": [0, 0], "to": [-1, 0]}).of("red") == {(-1, 0)}


def test_jump_a_worker(rise_rulebook):
    quote(rise_rulebook, "This is done by jumping an unprotected enemy worker. An unoccupied land tile must be directly behind the worker being jumped. The worker that was jumped is then removed from the board.")
    p = custom({(0, 0), (-1, 0)}, {(1, 0), (3, 3)})
    after = do(p, type="jump", **{"from": [0, 0], "over": [1, 0]})
    assert after.of("red") == {(2, 0), (-1, 0)} and after.of("blue") == {(3, 3)}
    refused(p, "jump-enemy", type="jump", **{"from": [0, 0], "over": [-1, 0]})
    refused(p, "jump-adjacent", type="jump", **{"from": [0, 0], "over": [3, 3]})


def test_decision_unprotected_means_free_land_behind(rise_rulebook):
    """Decision: a Worker is protected from a jump when the tile directly behind it (on the line of
    the jump) is not an unoccupied land tile: a Worker of either colour, a Tower, or no land."""
    quote(rise_rulebook, "An unoccupied land tile must be directly behind the worker being jumped.")
    backed = custom({(0, 0)}, {(1, 0), (2, 0)})
    msg = refused(backed, "protected", type="jump", **{"from": [0, 0], "over": [1, 0]})
    assert "protected from the centre tile" in msg and "the tile 2 steps east of the centre, holds a Blue Worker" in msg
    by_red = custom({(0, 0), (2, 0)}, {(1, 0)})
    refused(by_red, "protected", "holds a Red Worker", type="jump", **{"from": [0, 0], "over": [1, 0]})
    edge = custom({(3, 0)}, {(4, 0)})
    refused(edge, "protected", "has no land tile", type="jump", **{"from": [3, 0], "over": [4, 0]})
    # the same Worker is unprotected from another side
    assert do(backed, type="move", **{"from": [0, 0], "to": [0, 1]}).player == "red"
    side = custom({(1, 1)}, {(1, 0), (2, 0)})
    assert do(side, type="jump", **{"from": [1, 1], "over": [1, 0]}).of("blue") == {(2, 0)}


def test_decision_a_tower_occupies_its_tile(rise_rulebook):
    """Decision: a tile holding a Tower block is occupied: no Worker moves, is placed or lands there,
    and a Tower behind a Worker protects it from a jump."""
    quote(rise_rulebook, "With this action a player may move a worker one space to an adjacent tile that is not occupied.")
    t = Tower((1, 0), "blue", 3)
    p = custom({(0, 0), (2, -1), (-2, 0)}, {(3, -1)}, towers=(t,))
    refused(p, "occupied", "a Tower occupies its tile", type="move", **{"from": [0, 0], "to": [1, 0]})
    refused(p, "occupied", "Tower", type="place", at=[1, 0])
    refused(p, "occupied", "Tower", type="free-place", sacrifice=[[0, 0], [2, -1]], at=[1, 0])
    q = custom({(-1, 0), (5, 5)}, {(0, 0), (-3, 3)}, towers=(t,))
    refused(q, "protected", "holds a Tower", type="jump", **{"from": [-1, 0], "over": [0, 0]})


def test_sacrifice_to_eliminate(rise_rulebook):
    quote(rise_rulebook, "With this action a player may choose to remove two of their own workers from the board to be able to eliminate any one of their opponent's workers. A player may not reduce their workers to zero at any time, at least one worker must always be in play.")
    p = custom({(0, 0), (1, 0), (2, 0)}, {(-4, 4), (4, -4)})
    q = do(p, type="eliminate", sacrifice=[[0, 0], [1, 0]], target=[4, -4])
    assert q.of("red") == {(2, 0)} and q.of("blue") == {(-4, 4)}
    two = custom({(0, 0), (1, 0)}, {(4, -4)})
    msg = refused(two, "last-worker", type="eliminate", sacrifice=[[0, 0], [1, 0]], target=[4, -4])
    assert "Red has 2, so needs at least 3" in msg
    refused(p, "sacrifice-twice", type="eliminate", sacrifice=[[0, 0], [0, 0]], target=[4, -4])
    refused(p, "eliminate-enemy", type="eliminate", sacrifice=[[0, 0], [1, 0]], target=[2, 0])
    refused(p, "not-yours", type="eliminate", sacrifice=[[0, 0], [4, -4]], target=[-4, 4])
    refused(p, "bad-action", type="eliminate", sacrifice=[[0, 0]], target=[-4, 4])


def test_sacrifice_to_place_freely(rise_rulebook):
    quote(rise_rulebook, "The new worker may be placed on any unoccupied land tile, it does not have to be adjacent to an already existing worker.")
    p = custom({(0, 0), (1, 0), (2, 0)}, {(-4, 4)})
    q = do(p, type="free-place", sacrifice=[[0, 0], [1, 0]], at=[-4, 0])
    assert q.of("red") == {(2, 0), (-4, 0)}
    # decision: the sacrificed Workers leave first, so one of their tiles may take the new Worker
    assert do(p, type="free-place", sacrifice=[[0, 0], [1, 0]], at=[1, 0]).of("red") == {(1, 0), (2, 0)}
    two = custom({(0, 0), (1, 0)}, {(-4, 4)})
    refused(two, "last-worker", "needs at least 3", type="free-place", sacrifice=[[0, 0], [1, 0]], at=[-4, 0])


def test_decision_a_sacrifice_may_break_ones_own_ring(rise_rulebook):
    """Decision: any two of one's own Workers may be sacrificed, ring Workers too; the ring's
    Tower then pauses (a complete Tower stands without its ring)."""
    quote(rise_rulebook, "This action allows a player to remove any two of their own workers from the board to be able to place a new worker.")
    c = (0, 0)
    p = custom(set(ring(c)) | {(3, 0)}, {(-4, 4)}, towers=(Tower(c, "red", 1),), actions_left=2)
    p = do(p, type="free-place", sacrifice=[list(ring(c)[0]), list(ring(c)[1])], at=[3, 1])
    assert p.tower_at(c).tiers == 1
    p = do(p, type="tile", at=[5, 0])  # blue's turn now
    p = do(p, type="move", **{"from": [-4, 4], "to": [-3, 4]})
    p = do(p, type="move", **{"from": [-3, 4], "to": [-4, 4]})
    assert p.player == "red" and p.tower_at(c).tiers == 1  # paused


def test_remove_a_tier_from_your_tower(rise_rulebook):
    quote(rise_rulebook, "With this action a player may choose to remove a tier from any of their towers.")
    t = Tower((0, 0), "red", 2)
    p = custom({(2, 0)}, {(-3, 0)}, towers=(t, Tower((-2, 0), "blue", 1)))
    q = do(p, type="remove-tier", at=[0, 0])
    assert q.tower_at((0, 0)).tiers == 1 and q.supply("red")["middle"] == 3
    refused(p, "not-yours", type="remove-tier", at=[-2, 0])
    refused(p, "no-tower", type="remove-tier", at=[1, 1])
    gone = do(q, type="remove-tier", at=[0, 0])
    assert gone.tower_at((0, 0)) is None


def test_unknown_and_malformed_actions_change_nothing():
    p = start()
    refused(p, "unknown-action", type="fly")
    refused(p, "bad-action", type="tile", at=[1])
    refused(p, "bad-action", type="tile", at=["a", 0])
    refused(p, "bad-action", type="tile", at=[True, 0])
    with pytest.raises(RiseIllegal):
        apply(p, ["tile"])  # type: ignore[arg-type]
    assert p == start()


def test_pass_only_without_a_legal_action():
    p = start()
    refused(p, "must-act", type="pass")
    assert {"type": "pass"} not in legal_actions(p)


def test_threats_are_rings_one_worker_short_for_both_colours():
    c = (0, 0)
    red = set(ring(c)[:5])
    p = custom(red, set(ring((3, -1))[:5]), towers=(Tower((3, -1), "red", 3),))
    found = {(t.at, t.colour, t.kind) for t in threats(p)}
    assert (c, "red", "start") in found
    assert ((3, -1), "blue", "fall") in found
    blocked = custom(red, {ring(c)[5]})
    assert (c, "red", "start") not in {(t.at, t.colour, t.kind) for t in threats(blocked)}


def test_a_tile_is_named_by_its_way_from_the_centre_in_words():
    """Sentences name tiles in words the table reads on the board, never by coordinates."""
    from companion.hexgrid import neighbours
    from companion.rise.game import at

    assert at((0, 0)) == "the centre tile"
    ring = {at(h) for h in neighbours((0, 0))}
    assert len(ring) == 6 and all(w.startswith("the tile 1 step ") and w.endswith(" of the centre") for w in ring)
    assert at((2, -1)) == "the tile 2 steps north-east of the centre" and "(" not in at((5, 0))
