"""A Trade or a Tithe that counts nothing is refused with a sentence (the stepper left at 0 would
spend the piece's action for 0 GP); a log of an older version replays such an action as written."""

import random

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules, _pieces, _set, card_actions, least_count
from rise_and_fall.test_guilds_random import counts_nothing, guild_setup_action, legal
from rise_and_fall.test_tracker import acting, do, started


def test_a_ship_s_trade_counting_no_coastal_city_is_refused_and_nothing_changes(rulebook_text):
    quote(rulebook_text, "Effect: Gain 3 GP for each coastal City (allied or opposing) adjacent to the Sea Region in which the Ship is located.")
    g = acting(started(), 1, "ship", pieces={"ship": 1, "city": 2})
    with pytest.raises(IllegalAction, match="Trade with 0 coastal Cities .* gains nothing and would use the piece's action") as e:
        do(g, type="act", player=1, action="ship-trade", count=0)
    assert e.value.rule == "nothing-counted"
    after = do(g, type="act", player=1, action="ship-trade", count=2)
    assert after.civs[1].gold == g.civs[1].gold + 6 and after.activations == 1


def test_a_tithe_counting_no_piece_and_a_merchant_s_trade_counting_no_city_are_refused(rulebook_text):
    quote(rulebook_text, "Effect: Gain 2 GP for each game piece of your color adjacent to the Temple, other than another Temple (Temples do not pay each other Tithes).")
    quote(rulebook_text, "Effect: The player gains 5 GP for each adjacent opposing City, and 3 GP for each adjacent allied City.")
    g = acting(started(), 2, "temple", pieces={"temple": 1, "nomad": 2})
    with pytest.raises(IllegalAction, match="Tithe with 0 .* gains nothing"):
        do(g, type="act", player=2, action="temple-tithe", count=0)
    m = acting(started(), 0, "merchant", pieces={"merchant": 1, "city": 2})
    with pytest.raises(IllegalAction, match="Trade with Cities with no City counted gains nothing"):
        do(m, type="act", player=0, action="merchant-trade", counts={"opposing Cities adjacent": 0, "your Cities adjacent": 0})
    assert do(m, type="act", player=0, action="merchant-trade", counts={"your Cities adjacent": 1}).civs[0].gold == m.civs[0].gold + 3


def test_a_game_of_version_5_replays_its_trade_at_0_as_written():
    g = acting(started(version=5), 1, "ship", pieces={"ship": 1})
    after = do(g, type="act", player=1, action="ship-trade", count=0)
    assert after.civs[1].gold == g.civs[1].gold and after.activations == 1


def test_the_smallest_count_worth_entering_is_1_of_what_the_world_holds(rulebook_text):
    quote(rulebook_text, "Example: The Red Merchant trades with 4 Cities. It gains 5 GP for each opposing City and 3 GP for each City of its own color.")
    g = acting(started(), 0, "merchant", pieces={"merchant": 1})
    spec = {s["id"]: s for s in card_actions("merchant")}["merchant-trade"]
    assert least_count(g, 0, spec) == {"counts": {"opposing Cities adjacent": 1, "your Cities adjacent": 0}}
    alone = _set(g, 1, _pieces(g.civs[1], "city", -1))
    alone = _set(alone, 2, _pieces(alone.civs[2], "city", -1))  # no opposing City left in the World
    assert least_count(alone, 0, spec) == {"counts": {"opposing Cities adjacent": 0, "your Cities adjacent": 1}}
    assert least_count(_set(alone, 0, _pieces(alone.civs[0], "city", -1)), 0, spec) is None  # no City at all
    tithe = {s["id"]: s for s in card_actions("temple")}["temple-tithe"]
    t = acting(started(), 2, "temple", pieces={"temple": 2})
    assert least_count(t, 2, tithe) == {"count": 1}
    only_temples = acting(started(), 2, "temple", pieces={"temple": 2, "nomad": 0, "city": 0, "ship": 0})
    assert least_count(only_temples, 2, tithe) is None  # 'Temples do not pay each other Tithes'
    with pytest.raises(IllegalAction, match="Tithe counts at most 0 now"):
        do(only_temples, type="act", player=2, action="temple-tithe", count=1)
    assert least_count(t, 2, {s["id"]: s for s in card_actions("temple")}["temple-convert-nomad"]) == {}


def _play_old_game(s: Session, rnd: random.Random, version: int) -> set[str]:
    """Random legal actions of a Guild game whose log names ``version``, a Trade or a Tithe for 0
    taken whenever one is accepted, until each of the three was: the actions so taken."""
    s.do({**guild_setup_action(3, rnd), "tracker_version": version})
    zero_taken: set[str] = set()
    for _ in range(2000):
        if s.state.phase == "over" or len(zero_taken) == 3:
            break
        opts = legal(s.state)
        zero = [a for a in opts if counts_nothing(a) and a["action"] not in zero_taken]
        acts = [a for a in opts if a["type"] == "act"]
        pick = zero[0] if zero else rnd.choice(acts if acts and rnd.random() < 0.8 else opts)
        s.do(pick)
        if pick in zero:
            zero_taken.add(pick["action"])
    return zero_taken


def test_a_log_of_version_5_with_trades_and_a_tithe_for_0_replays_and_goes_on(tmp_path):
    """A game begun before version 6 may hold a Trade or a Tithe for 0: it opens as it was written
    and goes on under the rules it was begun with; the same actions in a game of version 6 are refused."""
    store = GameStore(tmp_path)
    gid, log = store.create("game", "old")
    s = Session(log, TrackerRules())
    assert _play_old_game(s, random.Random(0), 5) == {"ship-trade", "temple-tithe", "merchant-trade"}
    reopened = Session(store.open(gid), TrackerRules())
    assert reopened.state == s.state and reopened.state.tracker_version == 5
    written = [e.action for e in reopened.history()]
    zeros = [a for a in written if a.get("type") == "act" and counts_nothing(a)]
    assert {a["action"] for a in zeros} == {"ship-trade", "temple-tithe", "merchant-trade"}
    reopened.do(legal(reopened.state)[0])  # and the game goes on
    g = TrackerRules().apply(TrackerRules().initial(), {**written[0], "tracker_version": TRACKER_VERSION})
    for a in written[1:]:
        try:
            g = TrackerRules().apply(g, a)
        except IllegalAction as e:
            assert counts_nothing(a) and e.rule == "nothing-counted", (a, e)
            break
    else:
        raise AssertionError("a game of version 6 accepted a Trade or a Tithe for 0")
