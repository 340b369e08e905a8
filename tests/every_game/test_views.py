"""``view(state, seat)`` never shows a seat another seat's secret (the shared contract, ``companion.rules``).

Rise & Fall's secrets are the cards a player places face down (phase A's card, phase C's cards into Decline) and
the Guild cards dealt before they are chosen: what one seat sees of another player is what the table sees of
them (``view(state, None)``), so nothing of another player's face-down choice reaches a phone. Rise!, Fall of
the Mountain King and Rise and Fall (1989) keep no secret: every seat sees what the table sees.
"""

from __future__ import annotations

import random

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import games


def _states(game_id: str, kind: str, seed: int, limit: int = 160) -> list:
    g = games.get(game_id)
    c, rules = g.contract(kind), g.reducer(kind)
    rng, state, out = random.Random(seed), rules.initial(), []
    for _ in range(limit):
        action = c.random_action(state, rng)
        if action is None:
            break
        state = rules.apply(state, action)
        out.append(state)
    return out


@settings(max_examples=examples(6, 60), deadline=None)
@given(st.integers(0, 10_000))
def test_a_rise_and_fall_phone_sees_of_another_player_only_what_the_table_sees(seed: int) -> None:
    c = games.get("rise-and-fall").contract("game")
    for g in _states("rise-and-fall", "game", seed)[::3]:
        table = c.view(g, None)
        for me in range(len(g.civs)):
            mine = c.view(g, me)
            for other in range(len(g.civs)):
                if other == me:
                    continue
                seen = mine.civs[other]
                assert seen == table.civs[other], "a seat sees of another player only what the table sees"
                if seen.face_down:
                    assert seen.played == () and seen.own_face_down == () and seen.hand == ()
            assert mine.civs[me].own_face_down or not mine.civs[me].face_down, "a player's own face-down cards show to them"


@settings(max_examples=examples(6, 60), deadline=None)
@given(st.integers(0, 10_000))
def test_the_games_without_a_secret_show_every_seat_the_table(seed: int) -> None:
    for game_id, kind, seats in (("rise", "game", ("red", "blue")), ("mountain-king", "game", ("Blue", "Yellow")),
                                 ("rise-and-fall-1989", "chart", ("Ann", "Bo"))):
        c = games.get(game_id).contract(kind)
        for state in _states(game_id, kind, seed, 40)[::7]:
            for seat in seats:
                assert c.view(state, seat) == c.view(state, None)
