"""The acting player's offers and what a tap sends, without a screen: one tap, one entry of the log."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore
from companion.rise_and_fall.play.offers import area_offers, card_offers, only_the_end_left, tap
from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.play.tracker import Game, TrackerRules, least_count
from companion.rise_and_fall.randomplay import game_action, setup_action

RULES = TrackerRules()


def filled(g: Game, offer) -> dict:
    """An offer's action as a tap sends it: with the smallest count worth entering."""
    return {**offer.action, **(least_count(g, g.acting, offer.spec) or {})} if offer.spec else dict(offer.action)


def player_tap(g: Game, rng: random.Random) -> dict | None:
    """What a player taps: in phase B one of the offers drawn (or the end), else a random legal action."""
    if g.phase == "B" and g.acting is not None:
        shown = [o for o in card_offers(g, g.acting) if o.enabled] + area_offers(g, g.acting)
        if shown and rng.random() < 0.85:
            return tap(g, filled(g, rng.choice(shown)))
        return {"type": "end-turn", "player": g.acting}
    return game_action(g, rng)


def without_then(a: dict) -> dict:
    return {k: v for k, v in a.items() if k != "then"}


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10**6))
def test_every_tap_writes_one_entry_and_one_undo_takes_it_back(tmp_path_factory, seed):
    rng = random.Random(seed)
    store = GameStore(tmp_path_factory.mktemp("taps"))
    session = store.start("game", "Game", RULES, setup_action(rng.choice((2, 3, 4)), 0))
    for _ in range(200):
        g = session.state
        action = player_tap(g, rng)
        if action is None:
            break
        n = len(session.history())
        after = session.do(action)
        assert len(session.history()) == n + 1  # one tap, one entry
        if action.get("then"):  # the player's actions ended with the tap
            assert not (after.phase == "B" and after.acting == g.acting and after.turn == g.turn)
        if rng.random() < 0.2:  # now and then the table takes the tap back, then does it again
            session.undo()
            assert session.state == g and len(session.history()) == n
            session.redo()
            assert session.state == after
    session.log.close()


def test_the_cards_last_action_carries_the_end_and_the_history_says_so():
    rng = random.Random(3)
    g = RULES.initial()
    seen = 0
    for _ in range(3000):
        a = player_tap(g, rng)
        if a is None:
            break
        after = RULES.apply(g, a)
        if a["type"] == "act":
            # the end comes with the action exactly when nothing but the end is offered after it
            assert ("then" in a) == only_the_end_left(RULES.apply(g, without_then(a)), a["player"])
            if "then" in a:
                seen += 1
                assert any("actions end" in n for n in after.notes)
                assert describe(a, g).endswith(", then the end of their actions")
        g = after
    assert seen >= 3


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 120))
def test_an_offer_is_enabled_exactly_when_the_rules_take_it(seed, steps):
    rng = random.Random(seed)
    g = RULES.initial()
    for _ in range(steps):
        a = player_tap(g, rng)
        if a is None:
            return
        g = RULES.apply(g, a)
    if g.phase != "B" or g.acting is None:
        assert all(card_offers(g, i) == [] and area_offers(g, i) == [] for i in range(len(g.civs)))
        return
    offers = card_offers(g, g.acting)
    assert offers, "a card always has actions"
    for o in offers:
        assert o.css.startswith("rf-act rf-act-") and o.label
        try:
            RULES.apply(g, filled(g, o))
            taken = least_count(g, g.acting, o.spec) is not None
        except IllegalAction:
            taken = False
        assert o.enabled == taken, (o.label, o.why)
        assert o.enabled or (o.why and o.rule)  # a button not offered says why, with the rule
    assert all(card_offers(g, i) == [] for i in range(len(g.civs)) if i != g.acting)  # only the acting player's


def test_an_old_log_with_the_end_as_its_own_entry_replays_the_same():
    """A log written before the end travelled with the action (its own end-turn, marked
    ``after_last_action``) replays to the same game as one action carrying the end."""
    rng = random.Random(11)
    g = RULES.initial()
    for _ in range(3000):
        a = player_tap(g, rng)
        assert a is not None, "no action carried the end"
        if a.get("then"):
            old = RULES.apply(RULES.apply(g, without_then(a)), {"type": "end-turn", "player": a["player"], "after_last_action": True})
            assert replace(old, notes=()) == replace(RULES.apply(g, a), notes=())
            return
        g = RULES.apply(g, a)
    pytest.fail("no action carried the end")


def test_an_action_followed_by_anything_but_the_end_is_refused():
    rng = random.Random(5)
    g = RULES.initial()
    while not (g.phase == "B" and any(o.enabled for o in card_offers(g, g.acting))):
        g = RULES.apply(g, player_tap(g, rng))
    o = next(o for o in card_offers(g, g.acting) if o.enabled)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(g, {**filled(g, o), "then": "pass"})
    assert e.value.rule == "then"
