"""Rise!'s practice opponent: legal whole turns at every level, wins it sees, losses it avoids.

How strong and how fast it is, is measured by ``make bench`` (bench/rise.py), not here.
"""

import random

import pytest

from companion.rise.game import Tower, apply, start
from companion.rise.opponent import LEVELS, choose_turn, evaluate

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
