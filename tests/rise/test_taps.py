"""Rise!: taps on the board become actions; lit tiles are exactly the legal targets."""

from companion.rise.game import Tower, apply, start
from companion.rise.taps import Taps

from .helpers import custom


def test_tap_a_lit_tile_to_place_a_worker():
    p, t = start(), Taps()
    assert set(t.lit(p)) == {(0, 0), (2, 0), (1, -1), (0, 1)}
    a = t.tap(p, (2, 0))
    assert a.action == {"type": "place", "at": [2, 0]}
    far = t.tap(p, (4, 0))
    assert far.action is None and far.rule == "place-adjacent" and "adjacent to one of Red's Workers" in far.error
    off = t.tap(p, (9, 9))
    assert off.rule == "no-land"


def test_tap_a_worker_then_a_target_moves_or_jumps():
    p = custom({(0, 0), (-1, 0)}, {(1, 0), (3, 3)})
    t = Taps()
    assert t.tap(p, (0, 0)).note and t.selected == [(0, 0)]
    lit = set(t.lit(p))
    assert (1, 0) in lit and (0, 1) in lit and (-1, 0) not in lit
    assert t.tap(p, (1, 0)).action == {"type": "jump", "from": [0, 0], "over": [1, 0]}
    t.tap(p, (0, 0))
    assert t.tap(p, (2, 0)).action == {"type": "jump", "from": [0, 0], "over": [1, 0]}  # the landing tile
    t.tap(p, (0, 0))
    assert t.tap(p, (0, 1)).action == {"type": "move", "from": [0, 0], "to": [0, 1]}
    t.tap(p, (0, 0))
    far = t.tap(p, (0, 3))
    assert far.rule == "move-one" and t.selected == [(0, 0)]
    assert t.tap(p, (-1, 0)).note and t.selected == [(-1, 0)]  # another Worker of one's own
    assert t.tap(p, (-1, 0)).note and t.selected == []  # tapped again: not chosen any more


def test_every_lit_target_is_legal():
    p = custom({(0, 0), (-1, 0), (2, -2)}, {(1, 0), (3, 3)}, towers=(Tower((-2, 2), "red", 2),))
    for mode in ("play", "tile", "remove-tier"):
        t = Taps()
        t.set_mode(mode)
        for h in t.lit(p):
            ans = Taps(mode=mode).tap(p, h)
            assert ans.action is not None, (mode, h, ans)
            apply(p, ans.action)
    t = Taps()
    t.tap(p, (0, 0))
    for h in t.lit(p):
        u = Taps(selected=[(0, 0)])
        assert u.tap(p, h).action is not None


def test_sacrifices_by_taps():
    p = custom({(0, 0), (1, 0), (2, 0)}, {(-4, 4), (4, -4)})
    t = Taps()
    t.set_mode("eliminate")
    assert "two" in t.prompt(p)
    assert t.tap(p, (-4, 4)).rule == "not-yours"
    t.tap(p, (0, 0))
    t.tap(p, (1, 0))
    assert set(t.lit(p)) == {(-4, 4), (4, -4)}
    a = t.tap(p, (4, -4))
    assert a.action == {"type": "eliminate", "sacrifice": [[0, 0], [1, 0]], "target": [4, -4]}
    t.set_mode("free-place")
    t.tap(p, (0, 0))
    t.tap(p, (1, 0))
    assert t.tap(p, (-3, 0)).action == {"type": "free-place", "sacrifice": [[0, 0], [1, 0]], "at": [-3, 0]}
    two = custom({(0, 0), (1, 0)}, {(4, -4)})
    t.set_mode("eliminate")
    ans = t.tap(two, (0, 0))
    assert ans.rule == "last-worker" and "Red has 2, so needs at least 3" in ans.error


def test_a_won_game_lights_nothing_and_says_so():
    p = apply(custom({(0, 0)}, {(1, 0)}), {"type": "jump", "from": [0, 0], "over": [1, 0]})
    t = Taps()
    assert t.lit(p) == [] and "over" in t.prompt(p)
    assert t.tap(p, (0, 1)).rule == "game-over"


def test_a_mode_chosen_for_one_turn_does_not_carry_over_to_the_next_player():
    """A table found Red's turn begun in Blue's "Place a Land Tile": each turn begins in the usual mode."""
    p, t = start(), Taps()
    p = apply(p, {**t.tap(p, t.lit(p)[0]).action, "player": p.player})  # Red's first turn: one action
    assert p.player == "blue" and p.actions_left == 2
    t.set_mode("tile", p)
    assert "land tile" in t.prompt(p)
    p = apply(p, {**t.tap(p, t.lit(p)[0]).action, "player": p.player})
    assert t.mode == "tile" and p.actions_left == 1  # the same turn: the mode stays for a second tile
    p = apply(p, {**t.tap(p, t.lit(p)[0]).action, "player": p.player})
    assert p.player == "red"
    assert t.lit(p) and t.mode == "play" and t.selected == []
    assert "place a Worker" in t.prompt(p)
