"""The offers a screen draws are the contract's: through a random game of each game, every button a screen offers
now (Fall of the Mountain King's Honour, falls, consolations, Votes, the walk's caverns; 1989's turn drafted for
each status; Rise & Fall's cards, a card's actions with their counts, Decline, the purchases, on the tablet and on
the player's phone) that the game's rules accept is among ``legal_actions`` — so a tablet and a phone draw the same
offers, and the guard (which refuses anything outside them) never refuses a button the table was shown.
And the other way: a key the game does not know, added to an offered action, is refused (the contract is closed).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator

import pytest

from companion import games
from companion.errors import IllegalAction
from companion.rules import UNKNOWN_ACTION, Contract

Action = dict[str, Any]


def _mountain_king(state: Any) -> Iterator[Action]:
    from companion.mountain_king import taps
    from companion.mountain_king.numbers import numbers

    if not state.started or state.finished:
        return
    for p in state.players:
        for o in taps.honour_offers(state, p, strength=3, spaces=2, amount=2):
            yield o.action
        for clan in numbers().domains:
            yield taps.vote_offer(p, clan, 2, "gnomes").action
    for o in taps.fall_offers(state) + taps.consolation_offers(state):
        yield o.action
    if state.end == "invasions":
        yield taps.invasion_done(state).action
    if state.scoring:
        for asked in (None, *list(state.walk)[:2]):
            step = taps.walk_step(state, asked)
            if step.at_once is not None:  # a Domain at once, its counts tapped
                yield {**step.at_once.action, "controlled": {state.players[0]: 1}, "overrun": 0}
            if step.tallied:  # its Domain was entered at once: the cavern's buttons are off (corrected at once)
                continue
            for o in (*step.fast, *step.dominated, step.rest, step.before, step.rest_before):
                if o is not None:
                    yield o.action
            if step.cavern is not None:
                yield taps.cavern_action(step.cavern, {state.players[0]: 2}, 0, again=step.cavern in state.walk)
                yield taps.cavern_action(step.cavern, {}, 1, again=step.cavern in state.walk)


def _rome1989(state: Any) -> Iterator[Action]:
    from companion.rome1989 import taps

    if not state.started or state.over:
        return
    for n in state.chart.nations:
        o = taps.offer(state, n.name)
        if o.draft is None:
            continue
        for status, _ in o.statuses:
            yield taps.record(o.draft.with_status(status))
            yield {**taps.record(o.draft.with_status(status)), "seat": n.who}


def _rise_and_fall(g: Any) -> Iterator[Action]:
    from companion.rise_and_fall.play import offers

    if g.phase in ("setup", "over"):
        return
    for i in range(len(g.civs)):
        for o in offers.card_offers(g, i) + offers.choice_offers(g, i) + offers.area_offers(g, i):
            yield o.action
            yield {**o.action, "seat": i}  # the same button on the player's phone
    o = offers.in_order_offer(g)
    if o is not None:
        yield o.action


SCREENS: dict[str, Callable[[Any], Iterator[Action]]] = {
    "mountain-king": _mountain_king, "rise-and-fall-1989": _rome1989, "rise-and-fall": _rise_and_fall}
CLOSED = [(g, k) for g in games.games() for k in g.kinds if g.contract(k).closed]


def test_the_closed_logs_are_named() -> None:
    every = {(g.id, k) for g in games.games() for k in g.kinds}
    assert {(g.id, k) for g, k in CLOSED} == every, "every log of every game is closed"


def _accepts(game: games.Game, kind: str, state: Any, action: Action) -> bool:
    try:
        game.reducer(kind).apply(state, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game_id", sorted(SCREENS))
def test_every_offer_a_screen_draws_is_among_legal_actions(game_id: str, seed: int) -> None:
    game = games.get(game_id)
    kind = "game" if "game" in game.kinds else next(iter(game.kinds))
    c: Contract = game.contract(kind)
    rules = game.reducer(kind)
    rng = random.Random(f"{game_id}:{seed}")
    state = rules.initial()
    checked = 0
    for _ in range(300):
        moves: dict[Any, list] = {}  # legal_actions(state, seat), drawn once per state
        for action in SCREENS[game_id](state):
            if _accepts(game, kind, state, action):
                seat = action.get("seat")
                if seat not in moves:
                    moves[seat] = c.legal_actions(state, seat)
                legal = moves[seat]
                assert any(m.admits(c.normal(action)) for m in legal), f"the screen offers {action}, the contract does not"
                checked += 1
        a = c.random_action(state, rng)
        state = rules.apply(state, a) if a is not None else rules.initial()  # a game ended: the next one
    assert checked > 20, f"only {checked} screen offers were met"


@pytest.mark.parametrize(("game", "kind"), CLOSED, ids=lambda v: v.id if isinstance(v, games.Game) else str(v))
def test_a_key_the_game_does_not_know_is_refused(game: games.Game, kind: str) -> None:
    c: Contract = game.contract(kind)
    rules = game.reducer(kind)
    rng = random.Random(f"{game.id}:keys")
    state = rules.initial()
    tried = 0
    for step in range(300):
        a = c.random_action(state, rng)
        if a is None:
            break
        if step % 7 == 3:
            odd = {**a, "odd_key_nobody_sends": 1}
            with pytest.raises(IllegalAction) as e:
                rules.apply(state, odd)
                c.check_offered(state, c.normal(odd))
            assert e.value.rule, "refused with a rule id"
            if _accepts(game, kind, state, odd):  # the game's rules took it: the contract is the one that refuses
                assert e.value.rule == UNKNOWN_ACTION
            tried += 1
        state = rules.apply(state, a)
    assert tried >= 5
