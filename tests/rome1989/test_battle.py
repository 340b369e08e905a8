"""Combat as a procedure of the game's log (12.0.8): a battle's steps in the state, each step an action, its dice
filed under the nation whose battle it is; a reload returns to the same step; another player's phone can neither
send nor undo a step of it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rome1989.battle import (
    ATTACKER_CHOOSES,
    ATTACKER_LOSSES,
    DEFENDER_CHOOSES,
    DEFENDER_FIRES,
    DEFENDER_LOSSES,
    OVER,
    summary,
)
from companion.rome1989.contract import CONTRACTS
from companion.rome1989.game import ChartRules
from companion.rome1989.randomplay import random_game
from companion.rome1989.seats import check_undo
from companion.rules import offered
from tests.rulebooks import quote

from .helpers import RULES, play, refused

GAME = "rise-and-fall-1989"
SIX = {"type": "setup", "title": "Six", "scenario": "six-player", "rules": 3}
GERMANS = {"type": "nation", "name": "East Germans", "kind": "other", "player": "Bo"}


def roll(name, *dice):
    return {"type": "roll", "nation": name, "purpose": "combat", "dice": list(dice), "by": "table"}


def germania_inferior():
    """12.3's example: two barbarian cavalry and three barbarian infantry against a fort and two imperial
    infantry (the Roman attack values are the table's; these make the example's dice come out as printed)."""
    return {"type": "battle", "nation": "East Germans", "area": "Germania Inferior",
            "attacker": {"name": "East Germans", "units": [{"unit": "cavalry", "count": 2, "attack": 4},
                                                           {"unit": "infantry", "count": 3, "attack": 3}]},
            "defender": {"name": "Western Rome", "units": [{"unit": "fort", "count": 1, "attack": 3},
                                                           {"unit": "infantry", "count": 2, "attack": 4}],
                         "defence": -1}}


def started():
    return play([SIX, GERMANS, germania_inferior()])


def test_the_rulebooks_example_of_combat_step_by_step():
    quote(GAME, "He rolls a 5 for the fort, and a 4 and 7 for the infantry.")
    quote(GAME, "For the one hit the East German player elects to eliminate one infantry unit.")
    quote(GAME, "This scores only two hits because the East German player needs a 3 for his cavalry and a 2 for his "
          "infantry since the Roman player has a unit present with a defensive modifier of -1.")
    quote(GAME, "The Roman player took two hits, and elects to eliminate one infantry unit and the fort.")
    s = started()
    b = s.battle
    assert b.step == DEFENDER_FIRES and b.dice_due == 3 and "Western Rome fires first" in summary(b)
    s = RULES.apply(s, roll("East Germans", 5, 4, 7))  # the defender fires first (step 2)
    b = s.battle
    assert b.volleys[-1].hits == (False, True, False) and b.step == ATTACKER_LOSSES and b.hits_due == 1
    s = RULES.apply(s, {"type": "losses", "nation": "East Germans", "units": {"infantry": 1}})
    b = s.battle
    assert b.step == ATTACKER_CHOOSES and b.choosing == "attacker" and b.attacker.count == 4
    assert b.needs("attacker") == [("cavalry", 3), ("cavalry", 3), ("infantry", 2), ("infantry", 2)]
    s = RULES.apply(s, roll("East Germans", 4, 3, 1, 0))  # the East German stays and returns fire
    b = s.battle
    assert sum(b.volleys[-1].hits) == 2 and b.step == DEFENDER_LOSSES
    s = RULES.apply(s, {"type": "losses", "nation": "East Germans", "units": {"infantry": 1, "fort": 1}})
    assert s.battle.step == DEFENDER_CHOOSES and s.battle.choosing == "defender"
    s = RULES.apply(s, {"type": "retreat", "nation": "East Germans"})  # the Roman withdraws to Belgicia
    b = s.battle
    assert b.step == OVER and b.winner == "attacker" and "East Germans won the battle" in summary(b)
    assert [r.nation for r in s.rolls] == ["East Germans", "East Germans"]  # filed under the battle's nation


def test_a_reload_mid_combat_returns_to_the_same_step(tmp_path):
    store = GameStore(tmp_path)
    actions = [SIX, GERMANS, germania_inferior(), roll("East Germans", 5, 4, 7)]
    session = store.start("rise-and-fall-1989/chart", "T", ChartRules(), actions[0])
    for a in actions[1:]:
        session.do(a)
    again = Session(store.open(session.log.path.stem), ChartRules())
    assert again.state.battle == session.state.battle and again.state.battle.step == ATTACKER_LOSSES
    again.do({"type": "losses", "nation": "East Germans", "units": {"cavalry": 1}})
    assert again.state.battle.attacker.count == 4


def test_another_players_phone_can_neither_send_nor_undo_a_step():
    s = play([SIX, GERMANS, germania_inferior()])
    rome = s.chart.nation("Western Rome").who
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, {**roll("East Germans", 5, 4, 7), "seat": rome})  # the defender's phone
    assert e.value.rule == "seat"
    last = roll("East Germans", 5, 4, 7)
    s = RULES.apply(s, last)
    with pytest.raises(IllegalAction) as e:
        check_undo(s.chart, last, rome)
    assert e.value.rule == "seat-undo"
    check_undo(s.chart, last, "Bo")  # the battle's own player may


def test_the_battles_dice_are_its_nations_and_one_battle_at_a_time():
    s = started()
    assert refused(s, roll("Western Rome", 5, 4, 7)) == "procedure-nation"
    assert refused(s, {**germania_inferior(), "nation": "Western Rome"}) == "procedure-open"
    assert refused(s, {"type": "retreat", "nation": "East Germans"}) == "procedure-step"  # the defender fires first


def test_a_die_count_that_does_not_match_the_firing_units_is_refused():
    quote(GAME, "2. The defender rolls one die for each unit he has in the area under attack.")
    assert refused(started(), roll("East Germans", 5, 4)) == "dice-count"


def test_the_capitol_is_the_last_unit_removed():
    quote(GAME, "If a battle occurs in an area containing a player's capitol, the capitol must be the last unit removed "
          "to satisfy losses.")
    battle = {**germania_inferior(), "defender": {"name": "Western Rome", "units": [
        {"unit": "capitol", "count": 1, "attack": 3}, {"unit": "infantry", "count": 2, "attack": 4},
        {"unit": "fort", "count": 1, "attack": 3}]}}
    s = play([SIX, GERMANS, battle, roll("East Germans", 1, 9, 9, 9)])
    s = RULES.apply(s, {"type": "losses", "nation": "East Germans", "units": {"infantry": 1}})  # Rome's 4 shots: 1 hit
    s = RULES.apply(s, roll("East Germans", 1, 1, 10, 10))  # two hits on Rome
    assert s.battle.step == DEFENDER_LOSSES
    assert refused(s, {"type": "losses", "nation": "East Germans", "units": {"capitol": 1, "fort": 1}}) == "loss-order"
    assert refused(s, {"type": "losses", "nation": "East Germans", "units": {"fort": 1}}) == "loss-order"
    s = RULES.apply(s, {"type": "losses", "nation": "East Germans", "units": {"fort": 1, "infantry": 1}})
    assert s.battle.defender.count == 2


def test_a_side_has_one_capitol_at_most():
    quote(GAME, "The Eastern and Western Roman Empires and the Persian Kingdom begin the game with a capitol.")
    two = {**germania_inferior(), "defender": {"name": "Western Rome", "units": [{"unit": "capitol", "count": 2,
                                                                                  "attack": 3}]}}
    assert refused(play([SIX, GERMANS]), two) == "unit"


def test_a_forced_choice_is_taken_without_asking():
    quote(GAME, "Independent kingdom forces, barbarian area defense forces, and rebelling forces may not retreat.")
    battle = {"type": "battle", "nation": "East Germans", "terrain": "forest",
              "attacker": {"name": "East Germans", "units": [{"unit": "cavalry", "count": 2, "attack": 4}]},
              "defender": {"name": "Independent area", "units": [{"unit": "infantry", "count": 3, "attack": 3}],
                           "may_retreat": False}}
    s = play([SIX, GERMANS, battle, roll("East Germans", 1, 9, 9)])
    assert s.battle.step == ATTACKER_CHOOSES and s.battle.attacker.count == 1  # one type: no question
    assert s.battle.needs("attacker") == [("cavalry", 3)]  # cavalry in forest: −1 (2.1.3)
    s = RULES.apply(s, roll("East Germans", 1))
    assert s.battle.step == DEFENDER_CHOOSES and s.battle.choosing is None
    assert refused(s, {"type": "retreat", "nation": "East Germans"}) == "retreat"
    s = RULES.apply(s, roll("East Germans", 1, 1))  # the area fires again (step 10): the last cavalry falls
    assert s.battle.step == OVER and s.battle.winner == "defender" and s.battle.round == 2


def test_a_combat_roll_outside_a_battle():
    """Version 3 refuses it; a log of version 2 keeps its combat rolls made with no battle, as played."""
    assert refused(play([SIX, GERMANS]), roll("East Germans", 3)) == "battle-first"
    old = play([{**SIX, "rules": 2}, GERMANS, roll("East Germans", 3, 4)])
    assert old.rolls[-1].purpose == "combat" and old.battle is None


def test_the_contract_offers_each_step_of_a_battle():
    c = CONTRACTS["chart"]
    s = started()
    assert offered(c, s, roll("East Germans", 5, 4, 7)) and not offered(c, s, roll("East Germans", 5, 4))
    s = RULES.apply(s, roll("East Germans", 1, 1, 9))
    choices = [m.action["units"] for m in c.legal_actions(s) if m.type == "losses"]
    assert {"cavalry": 2} in choices and {"cavalry": 1, "infantry": 1} in choices and {"infantry": 2} in choices
    steps = [m for m in c.legal_actions(s) if m.type in ("losses", "retreat") or m.action.get("purpose") == "combat"]
    assert steps and all(m.seat == "Bo" for m in steps)


@given(seed=st.integers(0, 10**6))
@settings(max_examples=15, deadline=None)
def test_a_battles_dice_always_belong_to_its_nation(seed):
    s = RULES.initial()
    for a in random_game(random.Random(seed), limit=250):
        before = s.battle
        s = RULES.apply(s, a)
        if a["type"] == "roll" and a["purpose"] == "combat" and before is not None and not before.over:
            assert s.rolls[-1].nation == before.nation and s.battle.volleys[-1].dice == s.rolls[-1].dice
        if s.battle is not None:
            b = s.battle
            assert b.attacker.count >= 0 and b.defender.count >= 0
            assert b.over == (b.retreated is not None or not b.attacker.count or not b.defender.count)


def test_a_page_reloaded_at_every_step_of_a_battle_draws_the_same_step(tmp_path):
    from companion.rome1989.screens import Rome1989Screens

    from .test_round_two_screens import Table, start

    s = start(tmp_path, "six-player")
    s.pick.value = "Persia"
    c = s.battle_panel
    c.counts["mine"]["infantry"].value, c.counts["mine"]["cavalry"].value = 2, 1
    c.opponent.value = "Western Rome"
    c.counts["theirs"]["infantry"].value = 2
    c.start_btn.click()
    seen = []
    for tap in (lambda p: p.fire("19"), lambda p: p.lose(0), lambda p: p.fire("99"), lambda p: p.retreat()):
        again = Rome1989Screens(Table(s.store)).battle_panel  # a reload: a new page drawn from the log
        assert (again.step.value, again.sides.value, again.volleys.value) == (c.step.value, c.sides.value, c.volleys.value)
        assert [b.description for b in again.losses.children] == [b.description for b in c.losses.children]
        seen.append(s.session.state.battle.step)
        tap(c)
    assert seen == [DEFENDER_FIRES, ATTACKER_LOSSES, ATTACKER_CHOOSES, DEFENDER_CHOOSES]
    assert s.session.state.battle.over and "Western Rome retreated" in c.step.value


def test_a_revolting_area_with_the_empires_units_sets_its_battle():
    quote(GAME, "The imperial (or kingdom) troops are the defenders and fire first.")
    quote(GAME, "The revolting units have the attack and defense modifiers of barbarian infantry.")
    import tempfile

    from .test_round_two_screens import GALLIA_REVOLTS, table_dice, western_revolt

    with tempfile.TemporaryDirectory() as tmp:
        s = western_revolt(tmp, GALLIA_REVOLTS, 3)
        table_dice(s, "1 6", "4 7", "7")
        assert [b.description for b in s.r_fights.children] == ["Fight the revolt in Gallia (4 revolting infantry)"]
        s.r_fights.children[0].click()
        c = s.battle_panel
        assert (c.role.value, c.opponent.value, c.area.value) == ("defends", "Revolting forces", "Gallia")
        assert c.counts["theirs"]["infantry"].value == 4 and c.attacks["theirs"]["infantry"].value == 3
        c.start_btn.click()
        b = s.session.state.battle
        assert b.nation == "Western Rome" and b.attacker.name == "Revolting forces" and not b.attacker.may_retreat
        assert b.defender.count == 2 and b.dice_due == 2  # the empire's two infantry fire first


def test_the_rules_screen_marks_the_combat_phase_while_a_battle_is_fought():
    from types import SimpleNamespace

    from companion.rulebook import index, table_now

    ix = index(GAME)
    assert table_now(ix, SimpleNamespace(state=started())).phase == "5. Combat"
    assert table_now(ix, SimpleNamespace(state=play([SIX, GERMANS]))).phase is None
    revolt = play([SIX, {"type": "areas", "nation": "Western Rome", "areas": [{"name": "Gallia", "revolt_value": 6}]},
                   {"type": "revolt", "nation": "Western Rome", "revolt_table": 3}])
    assert table_now(ix, SimpleNamespace(state=revolt)).phase.startswith("3. Roll for Possible Revolts")


UNIT_KINDS = ("infantry", "cavalry", "fort", "capitol")


@st.composite
def sides(draw, name):
    units = [{"unit": u, "count": draw(st.integers(0, 1 if u == "capitol" else 3)), "attack": draw(st.integers(1, 6))}
             for u in UNIT_KINDS]
    units = [u for u in units if u["count"]] or [{"unit": "infantry", "count": 1, "attack": 3}]
    return {"name": name, "units": units, "defence": draw(st.integers(0, 2)), "may_retreat": draw(st.booleans())}


@given(attacker=sides("East Germans"), defender=sides("Western Rome"), terrain=st.sampled_from(["clear", "mountain", "forest"]),
       seed=st.integers(0, 10**6))
@settings(max_examples=60, deadline=None)
def test_every_volley_removes_one_unit_per_hit_the_capitol_last(attacker, defender, terrain, seed):
    rng = random.Random(seed)
    s = play([SIX, GERMANS, {"type": "battle", "nation": "East Germans", "terrain": terrain, "attacker": attacker,
                             "defender": defender}])
    c = CONTRACTS["chart"]
    for _ in range(200):
        b = s.battle
        if b.over:
            break
        before = {w: b.side(w).count for w in ("attacker", "defender")}
        steps = [m for m in c.legal_actions(s) if m.type in ("losses", "retreat") or m.action.get("purpose") == "combat"]
        assert steps, f"step {b.step} offers nothing"
        a = rng.choice(steps).sample(rng)
        s = RULES.apply(s, a)
        after = s.battle
        if a["type"] == "roll":
            hit = after.other(after.volleys[-1].side)
            taken = before[hit] - after.side(hit).count
            assert taken in (0, min(sum(after.volleys[-1].hits), before[hit]))  # at once when forced, else asked
            assert taken or after.losing == hit or not sum(after.volleys[-1].hits)
        for w in ("attacker", "defender"):
            side = after.side(w)
            capitol = sum(g.count for g in side.units if g.unit == "capitol")
            assert not (capitol == 0 and any(g.unit == "capitol" for g in b.side(w).units if g.count) and side.count)
    assert s.battle.over or s.battle.round > 50


def test_two_quick_taps_on_a_steps_button_fire_one_volley(tmp_path):
    from .test_round_two_screens import start

    s = start(tmp_path, "six-player")
    s.pick.value = "Persia"
    c = s.battle_panel
    c.counts["mine"]["cavalry"].value = 2
    c.opponent.value = "Independent area"
    c.counts["theirs"]["infantry"].value = 2
    c.start_btn.click()
    shown = c.app_btn.button  # the button on the screen when the player taps twice
    shown.click()
    shown.click()  # the second tap was drawn for the step before: refused, nothing written
    assert len(s.session.state.battle.volleys) == 1 and len(s.session.state.rolls) == 1
    assert "before the game changed" in s.message.value
