"""The acting player's offers and what a tap sends, without a screen: one tap, one entry of the log."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.play.offers import (
    area_offers,
    card_choices,
    card_offers,
    choice_offers,
    in_order_offer,
    only_the_end_left,
    purchase_offers,
    tap,
)
from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.play.tracker import (
    Game,
    TrackerRules,
    actions_of,
    building_actions_left,
    least_count,
    random_play,
)
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


def takes(g: Game, action: dict) -> bool:
    """Whether the rules themselves accept ``action`` now."""
    try:
        RULES.apply(g, action)
        return True
    except IllegalAction:
        return False


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
            # the end comes with the action exactly when the rules take nothing but the end after it
            mid, p = RULES.apply(g, without_then(a)), a["player"]
            acting = mid.phase == "B" and mid.acting == p
            taken = [s["id"] for s in (actions_of(mid, p, mid.acting_card) if acting else ())
                     if takes(mid, {"type": "act", "player": p, "action": s["id"], **(least_count(mid, p, s) or {})})]
            if "then" in a:  # the end never cuts off an action the rules would still take
                assert acting and not taken and not building_actions_left(mid, p), (a, taken)
                assert takes(mid, {"type": "end-turn", "player": p})
            assert ("then" in a) == only_the_end_left(mid, p)
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


# --- the other phases' choices: phase A, C and D -------------------------------------------------
def every_choice(g: Game, i: int) -> list[dict]:
    """Every action of player ``i`` a player could mean in phases A, C and D, tried on the rules
    without the offers' help: each card of the game played, changed (for each card face down),
    placed into Decline, bought back, and buying nothing."""
    out = [{"type": "pass", "player": i}]
    for c in PIECE_TYPES:
        out += [{"type": kind, "player": i, "card": c} for kind in ("play", "decline", "buy")]
        if g.phase == "A":
            out.append({"type": "change", "player": i, "card": c})
        out += [{"type": "change", "player": i, "card": c, "was": was} for j, was in g.face_down if j == i]
    return out


def taken(g: Game, a: dict) -> bool:
    try:
        RULES.apply(g, a)
        return True
    except IllegalAction:
        return False


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 400))
def test_the_other_phases_offer_exactly_what_the_rules_take(seed, steps):
    rng = random.Random(seed)
    g = RULES.initial()
    checked = 0
    for _ in range(steps):
        a = game_action(g, rng)
        if a is None:
            break
        g = RULES.apply(g, a)
        if g.phase not in ("A", "C", "D"):
            assert all(choice_offers(g, i) == [] for i in range(len(g.civs))) and in_order_offer(g) is None
            continue
        for i in range(len(g.civs)):
            offers = choice_offers(g, i)
            for o in offers:
                assert o.enabled == taken(g, o.action), (o.label, o.why)
                assert o.enabled or (o.why and o.rule)  # an offer the rules refuse says why, with the rule
                assert o.label and o.css.endswith(str(o.action.get("card", "pass")))
                if o.action["type"] == "buy":  # the rulebook's price, as this player pays it now
                    assert o.label == f"Buy back {o.action['card'].title()} for {g.price_for(i)} GP"
            # nothing the rules take is missing from the offers
            assert sorted(map(repr, (o.action for o in offers if o.enabled))) == sorted(
                repr(a) for a in every_choice(g, i) if taken(g, a))
            checked += 1
        ask = in_order_offer(g)
        if g.phase == "D" and not g.in_order:
            assert ask is not None and ask.enabled == taken(g, {"type": "purchase-in-order"})
        else:
            assert ask is None
    assert steps < 40 or checked  # a long game reaches the choices


def test_a_card_drawn_at_random_is_not_offered_to_change_and_says_why():
    rng = random.Random(2)
    g = RULES.initial()
    while g.phase != "A":
        g = RULES.apply(g, game_action(g, rng))
    i = g.to_move()[0]
    g = RULES.apply(g, random_play(g, i, rng))
    changes = card_choices(g, i)
    assert changes and not any(o.enabled for o in changes)
    assert {o.rule for o in changes} == {"change-card-drawn"} and "drawn at random" in changes[0].why


def test_buying_nothing_is_refused_with_the_rule_when_no_active_card_is_left():
    rng = random.Random(9)
    g = RULES.initial()
    while not (g.phase == "D" and g.to_move()):
        g = RULES.apply(g, game_action(g, rng))
    i = g.to_move()[0]
    civ = g.civs[i]
    g = replace(g, civs=tuple(replace(c, hand=(), discard=(), decline=c.decline + c.active) if j == i else c
                              for j, c in enumerate(g.civs)))
    refused = next(o for o in purchase_offers(g, i) if o.action["type"] == "pass")
    assert not refused.enabled and refused.rule == "must-purchase"
    assert any(o.enabled for o in purchase_offers(g, i) if o.action["type"] == "buy") == (civ.gold >= g.price_for(i))


# --- the Guild cards dealt ------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.data())
def test_the_guild_cards_dealt_offer_the_marks_and_the_choice_the_rules_take(n, data):
    """Random deals and handicap levels, players choosing in a random order: every way of marking
    the three cards dealt (Keep, Give, Return as offered) is enabled exactly when the rules take it."""
    import itertools

    from companion.rise_and_fall.play.offers import guild_offer
    from companion.rise_and_fall.variants.guilds import guilds as G
    from companion.rise_and_fall.variants.guilds.variant import guild_marks

    levels = [data.draw(st.sampled_from(sorted(G.levels()))) for _ in range(n)]
    setup = {**setup_action(n, data.draw(st.integers(0, n - 1))), "guilds": {"levels": levels, "dealt": G.deal(random.Random(data.draw(st.integers())), n)}}
    g = RULES.apply(RULES.initial(), setup)
    while g.phase == "guilds":
        i = data.draw(st.sampled_from(g.to_move()))
        marks = guild_marks(g, i)
        values = [m for _, m in marks]
        assert values[-1] == "return" and ("keep" in values) == (G.levels()[g.levels[i]].keep > 0)
        assert ("give" in values) == G.gives(list(g.levels), i)
        assert all(guild_marks(g, j) == [] for j in range(n) if j not in g.to_move())  # chosen once
        allowed = []
        for chosen in itertools.product(values, repeat=len(g.dealt[i])):
            o = guild_offer(g, i, list(zip(g.dealt[i], chosen)))
            if chosen.count("give") > 1:  # 'Places one face-down in front of the player on their left'
                assert not o.enabled and o.rule == "guild-choice-give-one"
                continue
            assert o.enabled == taken(g, o.action) and (o.enabled or (o.why and o.rule)), (chosen, o.why)
            assert sorted(o.action["keep"]) == sorted(gid for gid, m in zip(g.dealt[i], chosen) if m == "keep")
            if o.enabled:
                allowed.append(o.action)
        assert allowed, "some marking is always a choice"
        g = RULES.apply(g, data.draw(st.sampled_from(allowed)))
    assert all(guild_marks(g, i) == [] for i in range(n))
