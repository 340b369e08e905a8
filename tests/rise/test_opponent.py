"""Rise!'s practice opponent: legal whole turns at every level, wins it sees, losses it avoids.

How strong and how fast it is, is measured by ``make bench`` (bench/rise.py), not here.
"""

import random

import pytest

from companion.rise.game import Tower, apply, start
from companion.rise.opponent import LEVELS, choose_turn, evaluate, own_pieces, own_turn_ends

from .helpers import custom, ring


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_legal_turn_at_every_level(level):
    rng = random.Random(4)
    p = start()
    turn = choose_turn(p, level, rng)
    assert len(turn) == 1  # red's first turn
    for a in turn:
        p = apply(p, a)
    assert p.player == "blue"
    for _ in range(6):
        if p.over:
            break
        me = p.player
        turn = choose_turn(p, level, rng)
        assert 1 <= len(turn) <= 2
        for a in turn:
            p = apply(p, a)  # raises if illegal
        assert p.over or p.player != me


def test_it_takes_a_win_in_one_turn():
    # blue's last Worker can be eliminated by a sacrifice (red has three Workers)
    p = custom({(0, 0), (1, 0), (2, 0)}, {(-3, 3)})
    for level in ("normal", "hard"):
        q = p
        for a in choose_turn(p, level, random.Random(1)):
            q = apply(q, a)
        assert q.winner == "red", level


def test_it_does_not_leave_its_last_worker_to_a_sacrifice():
    # red has one Worker; blue has three and could sacrifice two to eliminate it next turn
    p = custom({(0, 0)}, {(-3, 3), (-2, 3), (-3, 2)})
    q = p
    for a in choose_turn(p, "hard", random.Random(2)):
        q = apply(q, a)
    assert len(q.of("red")) >= 2 or q.winner == "red"


def test_the_evaluation_prefers_complete_towers_and_fears_rings():
    mine = custom(set(ring((0, 0))), {(-4, 4)}, towers=(Tower((0, 0), "red", 3),))
    none = custom(set(ring((0, 0))), {(-4, 4)})
    assert evaluate(mine, "red") > evaluate(none, "red")
    assert evaluate(mine, "blue") < evaluate(none, "blue")


def test_progress_and_stop():
    seen = []
    p = apply(start(), {"type": "place", "at": [2, 0]})
    turn = choose_turn(p, "hard", random.Random(5), progress=seen.append)
    assert seen and seen[-1] == pytest.approx(1.0) and all(0 <= x <= 1 for x in seen)
    for a in turn:
        p = apply(p, a)
    stopped = choose_turn(p, "hard", random.Random(5), should_stop=lambda: True)
    q = p
    for a in stopped:
        q = apply(q, a)  # even when stopped at once, a legal turn
    assert q.player != p.player or q.over


def test_unknown_level():
    with pytest.raises(ValueError):
        choose_turn(start(), "grandmaster")


def test_boxed_in_it_still_finds_the_only_action():
    """Red's one Worker is walled in by two rings of blue Workers, with free land beyond them:
    placing a land tile at the edge is red's only action, far from every Worker."""
    from companion.hexgrid import ring as hex_ring
    from companion.hexgrid import spiral
    from companion.rise.game import simple_actions

    blue = set(hex_ring((0, 0), 1)) | set(hex_ring((0, 0), 2))
    p = custom({(0, 0)}, blue, tiles=frozenset(spiral((0, 0), 3)))
    assert {a["type"] for a in simple_actions(p)} == {"tile"}
    for level in LEVELS:
        q = p
        turn = choose_turn(p, level, random.Random(6))
        for a in turn:
            q = apply(q, a)
        assert [a["type"] for a in turn] == ["tile", "tile"] and q.player == "blue"


# --- a plan a player can feel (issue 21); how often and how fast: bench/rise.py --------------------
def play_turn(p, level="hard", seed=7, before=()):
    me = p.player
    for a in choose_turn(p, level, random.Random(seed), before=before):
        p = apply(p, a)
    assert p.over or p.player != me
    return p


def test_hard_closes_a_ring_one_worker_short_and_its_tower_starts():
    gap = (1, 0)
    red = set(ring((0, 0))) - {gap} | {(2, -1)}
    p = custom(red, {(-4, 2), (-3, 2), (-4, 3)})
    q = play_turn(p)
    assert q.tower_at((0, 0)) is not None and q.tower_at((0, 0)).colour == "red"


def test_hard_breaks_the_ring_of_the_other_colours_rising_tower():
    """Blue's Tower on (0, 0) completes at the start of blue's turn if its ring holds. Its ring
    Workers guard each other from jumps: red sacrifices two spare Workers to take one."""
    blue = set(ring((0, 0)))
    p = custom({(2, -1), (-2, -1), (-3, 0), (4, -4), (-1, 4)}, blue, towers=(Tower((0, 0), "blue", 2),))
    assert p.ringed_by((0, 0)) == "blue"
    q = play_turn(p)
    assert q.ringed_by((0, 0)) is None and q.tower_at((0, 0)).tiers == 2


def test_hard_does_not_walk_back_to_where_it_stood_last_turn():
    p = custom({(0, 0), (1, 0)}, {(-4, 2), (-3, 2)})
    q = play_turn(p)
    again = play_turn(p, before=[q])  # the same position, but it stood like q after its last turn
    assert own_pieces(again, "red") != own_pieces(q, "red")


def test_hard_builds_three_towers_against_a_passive_player_without_marking_time():
    """A player who only places and moves Workers at random: hard wins by Towers, soon, and
    never leaves its pieces as they stood after one of its two turns before."""
    from companion.rise.randomplay import actions_by_type, random_action

    passive = {"place": 1.0, "move": 1.0, "tile": 0.0, "jump": 0.0, "eliminate": 0.0, "free-place": 0.0, "remove-tier": 0.0}
    rng = random.Random(1001)
    p, states = start(), []
    states.append(p)
    while not p.over and p.turn <= 60:
        if p.player == "red":
            w = passive if {"place", "move"} & set(actions_by_type(p)) else None
            p = apply(p, random_action(p, rng, w))
            states.append(p)
            continue
        before = own_turn_ends(states, "blue")
        for a in choose_turn(p, "hard", rng, before=before):
            p = apply(p, a)
            states.append(p)
        if not p.over:
            assert own_pieces(p, "blue") not in {own_pieces(b, "blue") for b in before[-2:]}, p.turn
    assert p.winner == "blue" and p.reason == "towers" and p.turn <= 40
