"""Rise!: the action that takes the other player's last Worker and completes a ring (docs/rise.md, Decisions)."""

import pytest
from conftest import quote

from companion.rise.game import Tower

from .helpers import custom, do, ring

C = (0, 0)


def jump_closing_the_ring(towers=()):
    """Red holds five tiles of the ring around (0, 0); its sixth Worker jumps over blue's last Worker and lands on
    the sixth tile of the ring."""
    r = ring(C)
    gap = r[5]
    over = next(h for h in ring(gap) if h != C and h not in r)
    start = (2 * over[0] - gap[0], 2 * over[1] - gap[1])
    p = custom(set(r[:5]) | {start}, {over}, towers=towers)
    return do(p, type="jump", **{"from": list(start), "over": list(over)})


def test_the_rings_tower_step_happens_before_the_game_ends(rise_rulebook):
    quote(rise_rulebook, "Completing this formation anytime during a turn will instantly result in the start of a tower.")
    quote(rise_rulebook, "A Player is declared the winner if they can eliminate all the workers of the other player.")
    p = jump_closing_the_ring()
    assert (p.winner, p.reason) == ("red", "elimination")
    assert p.tower_at(C) == Tower(C, "red", 1)  # the base was placed by the same action, then the game ended
    starts = next(k for k, e in enumerate(p.events) if "a Tower starts there" in e)
    wins = next(k for k, e in enumerate(p.events) if "wins" in e)
    assert starts < wins


@pytest.mark.parametrize("tiers", [1, 3])
def test_a_ring_around_an_enemy_tower_takes_its_tier_before_the_game_ends(rise_rulebook, tiers):
    quote(rise_rulebook, "Once this is achieved one tier is immediately removed from the encompassed tower as a free action.")
    p = jump_closing_the_ring(towers=(Tower(C, "blue", tiers),))
    assert (p.winner, p.reason) == ("red", "elimination")
    left = p.tower_at(C)
    assert (left.tiers if left else 0) == tiers - 1
    assert any("ring removes" in e for e in p.events)
