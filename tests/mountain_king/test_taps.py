"""What each button means (pure): Honour offers with their number, the walk from Moss clockwise, the fast path."""

from __future__ import annotations

from companion.mountain_king.board import placeholder
from companion.mountain_king.game import MountainKingRules
from companion.mountain_king.numbers import numbers
from companion.mountain_king.taps import fast_path_taps, honour_offers, walk_order, walk_step
from tests.rulebooks import quote

RULES = MountainKingRules()


def start(n: int = 4):
    s = RULES.apply(RULES.initial(), {"type": "setup", "players": ["Blue", "Yellow", "Pink", "Green", "Red"][:n],
                                      "board": placeholder("4-5" if n > 3 else "2-3").to_dict()})
    return s


def test_each_offer_says_its_number_and_sends_an_action_the_rules_accept_with_that_number():
    s = start()
    for o in honour_offers(s, "Pink", strength=3, spaces=4, boost=1, amount=5):
        after = RULES.apply(s, o.action)
        assert after.taps[-1].honour == o.honour and o.text.endswith(f": +{o.honour}")
    assert [o.honour for o in honour_offers(s, "Pink", strength=3, spaces=4, boost=1, amount=5)] == [0, 3, 5, 5]


def test_during_the_battle_a_troll_falls_only_in_a_breach_and_earns_nothing():
    """"Trolls that fall during a Breach earn zero Honour" (the invasions' falls are tapped at the End of the Wave)."""
    quote("mountain-king", "Trolls that fall during a Breach earn zero Honour")
    first = honour_offers(start(), "Blue")[0]
    assert first.text == "Troll fallen in a Breach: +0"
    s = RULES.apply(start(), first.action)
    assert s.taps[-1].honour == 0 and honour_offers(s, "Blue")[0].text == "Troll fallen in a Breach: +0"


def test_the_wheel_offer_remembers_each_player_s_honour_boost():
    s = RULES.apply(start(), honour_offers(start(), "Green", spaces=2, boost=3)[2].action)
    assert honour_offers(s, "Green", spaces=1)[2].honour == 1 + 3 and honour_offers(s, "Blue", spaces=1)[2].honour == 1


def test_the_walk_goes_domain_by_domain_from_moss_clockwise_and_wave_iii_asks_only_about_the_halls():
    s = RULES.apply(start(), {"type": "end-wave"})
    order = walk_order(s)
    domains = [s.board.cavern(c).domain for c in order]
    assert domains == sorted(domains, key=numbers().domains.index) and domains[0] == "moss"
    step = walk_step(s)
    assert step.cavern == "moss-1" and [o.label for o in step.fast][:4] == ["Blue", "Yellow", "Pink", "Green"]
    assert fast_path_taps(s) == len(s.board.caverns) + 1
    for _ in range(2):
        s = RULES.apply(RULES.apply(s, {"type": "score-wave"}), {"type": "end-wave"})
    assert set(walk_order(s)) == set(s.board.hall_caverns()) and len(walk_order(s)) < len(s.board.caverns)


def test_every_fast_path_offer_is_accepted_and_the_walk_moves_on():
    s = RULES.apply(start(2), {"type": "end-wave"})
    step = walk_step(s)
    for o in step.fast:
        after = RULES.apply(s, o.action)
        assert walk_step(after).entered == 1


def test_a_vote_tile_is_picked_place_by_place_from_the_core_s_offers():
    """"the players with the most, second-most, and third-most Votes gain the displayed amount of Honour for 1st,
    2nd, and 3rd place": each place's value is tapped, never more than the place before (decision 8)."""
    from companion.mountain_king.taps import next_tile_clan, tile_offers, tile_prompt

    quote("mountain-king", "the displayed amount of Honour for 1st, 2nd, and 3rd place")
    first = tile_offers("moss")
    assert [o.label for o in first] == [str(v) for v in range(numbers().vote_tile_most + 1)]
    assert all(o.action is None for o in first)
    second = tile_offers("moss", (9,))
    assert [o.label for o in second] == [str(v) for v in range(10)] and tile_prompt("moss", (9,)) == "Moss Vote tile, 2nd place (1st: 9)"
    third = tile_offers("moss", (9, 5))
    assert [o.label for o in third] == ["0", "1", "2", "3", "4", "5"]
    s = RULES.apply(start(), third[3].action)
    assert s.tiles["moss"] == (9, 5, 3) and tile_offers("moss", (9, 5, 3)) == ()
    assert next_tile_clan(s) == "ice" and next_tile_clan(s, "fire") == "ice"
