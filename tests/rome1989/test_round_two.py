"""Rise and Fall (1989), the table's second evening: the rulebook's own situations charted (Eastern Rome's setup,
the scenarios, leaving and coming back, the status phase), and the revolt procedure and combat as the game's
procedures in the log."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rome1989.chart import read
from companion.rome1989.combat import Group, Shooter, fire, loss_order, shooters, to_hit
from companion.rome1989.game import ChartRules
from companion.rome1989.procedure import DONE, summary
from companion.rome1989.randomplay import random_game
from companion.rome1989.scenarios import scenarios, start_income
from companion.rome1989.seats import check_undo
from companion.rome1989.taps import offer, record
from tests.rulebooks import quote

from .helpers import RULES, doc, empire, nation, play, refused

GAME = "rise-and-fall-1989"
V2 = {"type": "setup", "title": "Test", "victory": {"points": 500}, "rules": 2}


def goths(*turns, player="Ann", name="Goths", **extra):
    return [{"type": "nation", "name": name, "kind": "other", "player": player, **extra},
            *({"type": "turn", "nation": name, "turn": t} for t in turns)]


def b(areas=5, **extra):
    return {"status": "B", "areas_income": areas, "capitol_on_board": False, **extra}


def roll(name, purpose, *dice):
    return {"type": "roll", "nation": name, "purpose": purpose, "dice": list(dice), "by": "table"}


# --- 1. Eastern Rome's setup --------------------------------------------------------------------------------


def test_eastern_rome_starts_on_e1_with_its_refund_and_its_turn_is_recorded():
    quote(GAME, "Eastern Rome begins the game with an income of 98, a refund rate of 10%, and starts on Empire "
          "turn 1 (E1).")
    s = play([{"type": "setup", "title": "Six", "scenario": "six-player", "rules": 2}])
    east = s.chart.nation("Eastern Rome")
    assert (east.first_turn, east.opening.refund_pct) == (1, 10)
    o = offer(s, "Eastern Rome")
    assert o.statuses == (("E", "E1"),)
    c = o.draft.preview(s)
    assert c.income == 98 and c.label == "E1"
    s = RULES.apply(s, record(o.draft))  # refused as `opening` before the amendment
    assert s.chart.nation("Eastern Rome").turns
    # the chart file says the same: an opening refund before E1 is no problem (rule `opening` amended)
    read(json.dumps(doc(nation("Eastern Rome", "eastern-rome", empire(93), opening={"refund_pct": 10}))))


def test_an_opening_refund_before_a_kingdom_turn_is_still_refused():
    with pytest.raises(IllegalAction) as e:
        play([V2, *goths(), {"type": "nation-edit", "name": "Goths", "kind": "other", "player": "Ann",
                             "opening": {"refund_pct": 10}}, {"type": "turn", "nation": "Goths", "turn": b()}])
    assert e.value.rule == "opening"


def test_a_nation_is_corrected_until_its_first_turn_is_recorded():
    s = play([{"type": "setup", "title": "Six", "scenario": "six-player", "rules": 2}])
    s = RULES.apply(s, {"type": "nation-edit", "name": "Eastern Rome", "kind": "eastern-rome", "player": "Cy",
                        "opening": {"refund_pct": 20, "final_treasury": 10}})
    east = s.chart.nation("Eastern Rome")
    assert (east.who, east.opening.refund_pct, east.opening.final_treasury) == ("Cy", 20, 10)
    assert [n.name for n in s.chart.nations] == ["Western Rome", "Eastern Rome", "Persia"]  # its place kept
    s = RULES.apply(s, record(offer(s, "Eastern Rome").draft))
    assert refused(s, {"type": "nation-edit", "name": "Eastern Rome", "kind": "eastern-rome"}) == "nation-played"


# --- 2. The status phase ------------------------------------------------------------------------------------


def test_one_transition_roll_a_turn():
    s = play([V2, *goths(b(), b(), b())])
    s = RULES.apply(s, roll("Goths", "transition", 9))  # B4: below 4 changes; a 9 does not
    assert s.due_for("Goths") is None
    assert refused(s, roll("Goths", "transition", 1)) == "transition-roll"
    s = RULES.apply(s, {"type": "turn", "nation": "Goths", "turn": b()})
    s = RULES.apply(s, roll("Goths", "transition", 1))  # B5: a new turn, a new roll
    assert s.due_for("Goths") == ("K", "may")


def test_the_compulsory_roll():
    quote(GAME, "If the player does not voluntarily become a kingdom, he must take his chances and roll the die")
    s = play([V2, *goths(b(), b(), b())])
    assert offer(s, "Goths").must_roll
    assert refused(s, {"type": "turn", "nation": "Goths", "turn": b()}) == "transition-unrolled"
    s2 = RULES.apply(s, {"type": "turn", "nation": "Goths", "turn": {"status": "K", "areas_income": 5,
                                                                       "capitol_on_board": True}})
    assert s2.chart.nation("Goths").turns[-1].status == "K"  # the voluntary change needs no roll


def test_an_old_log_replays_as_it_was_played():
    """A log written before version 2 (no ``rules`` in its setup): a second roll and an unrolled B4 stand."""
    old = [{"type": "setup", "title": "Old", "victory": {"points": 500}}, *goths(b(), b(), b()),
           roll("Goths", "transition", 9), roll("Goths", "transition", 2), {"type": "turn", "nation": "Goths", "turn": b()}]
    s = play(old)
    assert s.version == 1 and len(s.chart.nation("Goths").turns) == 4


def test_a_new_setup_is_written_with_the_rules_version(tmp_path):
    session = GameStore(tmp_path).start("rise-and-fall-1989/chart", "T", ChartRules(), {"type": "setup", "title": "T"})
    assert session.log.entries()[0].action["rules"] == 3 and session.state.version == 3


def test_dice_are_logged_under_the_game_turn_being_played():
    s = play([V2, *goths(b(), b(), b()), *goths(b(), name="Huns", player="Bo", enters=1)])
    s = RULES.apply(s, roll("Huns", "combat", 3))
    assert s.rolls[-1].game_turn == 2  # the Huns' coming turn, not the latest charted (3)
    s = RULES.apply(s, roll("Goths", "transition", 9))
    assert s.rolls[-1].game_turn == 4


def test_a_re_entering_group_may_take_a_name_used_before():
    quote(GAME, "A player may not return to the game as a barbarian nation that is currently being played by "
          "another player.")
    s = play([V2, *goths(b(), b(), b(quit=True))])
    s = RULES.apply(s, {"type": "nation", "name": "Goths", "kind": "other", "player": "Ann", "enters": 6})
    assert [n.name for n in s.chart.nations] == ["Goths", "Goths (2)"]
    s = play([V2, *goths(b())])
    assert refused(s, {"type": "nation", "name": "Goths", "kind": "other", "player": "Bo"}) == "group-in-play"
    assert refused(s, {"type": "nation", "name": "Goths", "kind": "other", "player": "Ann"}) == "duplicate-nation"


def test_b4_does_not_carry_b3s_levies():
    quote(GAME, "Barbarians have a total of three turns of levies. On B4, barbarians may not raise levies.")
    s = play([V2, *goths(b(levy_revolt_values=6, levies_spent=12), b(levy_revolt_values=6), b(levy_revolt_values=6))])
    s = RULES.apply(s, roll("Goths", "transition", 9))
    d = offer(s, "Goths").draft
    assert d.status == "B" and d.get("levy_revolt_values") == 0
    RULES.apply(s, record(d))  # the app's own draft is accepted (it was refused: `levy-turn`)
    s2 = play([V2, *goths(b(levy_revolt_values=6))])
    assert offer(s2, "Goths").draft.get("levy_revolt_values") == 6  # B2 still carries B1's


# --- 3. Leaving and coming back ----------------------------------------------------------------------------


def test_any_player_may_quit_at_the_beginning_of_the_status_phase():
    quote(GAME, "At the beginning of the Status phase, any player may quit")
    quote(GAME, "his treasury is reduced to zero. However, a player retains his victory points")
    s = play([V2, *goths(b(), b(), b())])
    assert offer(s, "Goths").withdraw == "quit"
    s = RULES.apply(s, {"type": "withdraw", "nation": "Goths"})
    nc = s.result.nation("Goths")
    assert nc.quit and nc.closing_treasury == 0 and nc.vp_total == 15
    assert s.withdrew_on("Goths") == 4 and s.comes_back_on("Goths") == 6
    o = offer(s, "Goths")
    assert o.draft is None and "enters on 6" in o.blocked and o.withdraw is None
    assert refused(s, {"type": "turn", "nation": "Goths", "turn": b()}) == "after-quit"
    assert refused(s, {"type": "withdraw", "nation": "Goths"}) == "withdraw"


def test_rome_without_its_capitol_goes_out_with_its_treasury_at_zero():
    quote(GAME, "If either the Western Roman player or the Eastern Roman player loses his capitol, he must go out "
          "of the game")
    s = play([{"type": "setup", "title": "Six", "scenario": "six-player", "rules": 2}])
    s = RULES.apply(s, record(offer(s, "Western Rome").draft))
    assert s.result.nation("Western Rome").closing_treasury > 0
    assert offer(s, "Western Rome").withdraw == "capitol"
    s = RULES.apply(s, {"type": "withdraw", "nation": "Western Rome", "why": "capitol"})
    assert s.result.nation("Western Rome").closing_treasury == 0
    assert s.comes_back_on("Western Rome") == 4


# --- 4. The revolt procedure -----------------------------------------------------------------------------

AREAS = [{"name": "Italia", "revolt_value": 1, "capitol": True}, {"name": "Gallia", "revolt_value": 6, "infantry": 2},
         {"name": "Hispania", "revolt_value": 6}, {"name": "Africa", "revolt_value": 4, "cavalry": 1}]


def rome(*more):
    return [{"type": "setup", "title": "Six", "scenario": "six-player", "rules": 2},
            {"type": "areas", "nation": "Western Rome", "areas": AREAS}, *more]


def test_the_dice_due_are_this_turns():
    s = play(rome({"type": "revolt", "nation": "Western Rome", "revolt_table": 2}))
    p = s.procedure
    assert p.due == 1 and p.step == 2  # 2 less one for the opening's 10 % refund (10.2.1)
    assert offer(s, "Western Rome").draft.get("revolt_table") == 2  # entered once
    s = play(rome({"type": "revolt", "nation": "Western Rome", "revolt_table": 1}))
    assert s.procedure.step == DONE and "no area revolts" in summary(s.procedure)


def test_the_capitols_area_never_revolts_and_gets_no_die():
    quote(GAME, "10.3.3 An area with the capitol in it can never revolt.")
    s = play(rome({"type": "revolt", "nation": "Western Rome", "revolt_table": 3}, roll("Western Rome", "rebellion", 1, 6)))
    p = s.procedure
    assert p.checks == ("Gallia", "Hispania") and p.step == 3
    assert refused(s, roll("Western Rome", "revolt", 4)) == "revolt-dice"
    s = RULES.apply(s, roll("Western Rome", "revolt", 4, 7))
    assert s.procedure.lines() == [("Gallia", 4, 4, True), ("Hispania", 7, 6, False)]  # each die against its area
    s = RULES.apply(s, roll("Western Rome", "forces", 7))
    assert s.procedure.forces == (("Gallia", 4),) and s.procedure.step == DONE


def test_the_lost_capitol_mode_and_a_popular_leader():
    quote(GAME, "If an empire player lost his capitol on the previous turn, he must make a revolt roll for every area "
          "under his control.")
    s = play(rome({"type": "revolt", "nation": "Western Rome", "revolt_table": 0, "lost_capitol": True,
                   "popular": True}))
    p = s.procedure
    assert p.step == 3 and p.checks == ("Italia", "Gallia", "Hispania", "Africa")
    assert [p.revolts_on(a) for a in p.areas] == [0, 3, 5, 1]  # each less 1 for the Popular leader (15.1.6.1)


def test_the_revolt_table_goes_beyond_six():
    s = play(rome({"type": "revolt", "nation": "Western Rome", "revolt_table": 8}))
    assert s.procedure.due == 7


def test_the_procedures_dice_belong_to_its_nation_and_another_phone_cannot_undo_them():
    s = play(rome(*goths(b(), player="Bo"), {"type": "revolt", "nation": "Western Rome", "revolt_table": 3}))
    assert refused(s, roll("Goths", "rebellion", 1, 6)) == "procedure-nation"
    assert refused(s, {"type": "revolt", "nation": "Goths", "revolt_table": 2}) == "procedure-open"
    last = roll("Western Rome", "rebellion", 1, 6)
    s = RULES.apply(s, last)
    with pytest.raises(IllegalAction) as e:
        check_undo(s.chart, last, "Bo")
    assert e.value.rule == "seat-undo"


def test_a_reload_mid_revolt_returns_to_the_same_step(tmp_path):
    store = GameStore(tmp_path)
    actions = rome({"type": "revolt", "nation": "Western Rome", "revolt_table": 3}, roll("Western Rome", "rebellion", 1, 6))
    session = store.start("rise-and-fall-1989/chart", "T", ChartRules(), actions[0])
    for a in actions[1:]:
        session.do(a)
    again = Session(store.open(session.log.path.stem), ChartRules())
    assert again.state.procedure == session.state.procedure and again.state.procedure.step == 3
    assert again.state.areas_of("Western Rome") == session.state.areas_of("Western Rome")


# --- combat from choices -------------------------------------------------------------------------------------


def test_terrain_applies_to_the_units_picked_however_written():
    quote(GAME, "Forest areas effect combat by subtracting one from the attack strength of cavalry regardless of "
          "whether it is attacking or defending")
    quote(GAME, "Note that this modifier does not affect naval units defending in a coastal mountainous region.")
    assert to_hit(Shooter("Cavalry", 4), 0, "forest") == 3
    assert to_hit(Shooter("Ships", 3), 0, "mountain", defending=True) == 3
    assert to_hit(Shooter("infantry", 3), 0, "mountain", defending=True) == 4


def test_national_characteristics_and_leaders_are_modifiers():
    s = shooters([Group("cavalry", 2, 4), Group("ships", 1, 3)], national="Huns", leader="Military")
    assert [to_hit(x, 0) for x in s] == [6, 6, 2]  # Huns: cavalry +1, ships −1; the Military leader: land +1


def test_a_die_count_that_does_not_match_the_units_is_refused_with_a_sentence():
    with pytest.raises(IllegalAction) as e:
        fire(shooters([Group("infantry", 4, 3)]), [1, 2, 3], 0)
    assert e.value.rule == "dice-count" and "4 units fire, so roll 4 dice" in str(e.value)


def test_losses_take_the_capitol_last():
    quote(GAME, "the capitol must be the last unit removed to satisfy losses")
    assert loss_order([Group("capitol", 1, 0), Group("infantry", 2, 3)]) == ["infantry", "infantry", "capitol"]


# --- 5. Scenarios ----------------------------------------------------------------------------------------------


@given(sid=st.sampled_from(sorted(scenarios())))
@settings(max_examples=30, deadline=None)
def test_a_scenarios_start_equals_the_rulebooks_numbers(sid):
    quote(GAME, "Western Rome begins the game with an income of 99, a tax-refund rate of 10%, and starts on Empire turn 11 (E11).")
    quote(GAME, "In the three player game, victory is 1,000 points.")
    s = play([{"type": "setup", "title": sid, "scenario": sid, "rules": 2}])
    printed = {"western-rome": ("E11", 99, 10), "eastern-rome": ("E1", 98, 10), "persia": ("K6", None, 0)}
    for n in s.chart.nations:
        label, income, refund = printed[n.kind]
        o = offer(s, n.name)
        assert o.statuses[0][1] == label and n.opening.refund_pct == refund
        if income is not None:
            assert o.draft.preview(s).income == income == start_income(n.kind) + 5
    goal = {"three-player": {"points": 1000}}.get(sid, s.chart.victory)
    assert s.chart.victory == goal
    if sid.startswith("solitaire"):
        assert s.chart.victory == {"scenario": "rome-solitaire"}
    elif sid != "three-player":
        assert s.chart.victory == {"points": 500}


def test_players_must_enter_by_turn_three_where_the_scenario_says():
    quote(GAME, "Players must enter the game by turn three.")
    s = play([{"type": "setup", "title": "x", "scenario": "six-player-no-civilized", "rules": 2}])
    assert refused(s, {"type": "nation", "name": "Goths", "kind": "other", "player": "Ann", "enters": 4}) == "enter-by"
    RULES.apply(s, {"type": "nation", "name": "Goths", "kind": "other", "player": "Ann", "enters": 3})


def test_six_kingdoms_start_on_k1():
    quote(GAME, "All players start out on turn K1.")
    s = play([{"type": "setup", "title": "x", "scenario": "six-kingdoms", "rules": 2},
              {"type": "nation", "name": "Gallia", "kind": "other", "player": "Ann"}])
    assert offer(s, "Gallia").statuses == (("K", "K1"),)


# --- properties --------------------------------------------------------------------------------------------------


@given(seed=st.integers(0, 10**6))
@settings(max_examples=15, deadline=None)
def test_a_procedures_steps_replayed_after_any_prefix_give_the_same_state(seed):
    actions = random_game(random.Random(seed), limit=150)
    states = [RULES.initial()]
    for a in actions:
        states.append(RULES.apply(states[-1], a))
    k = random.Random(seed).randrange(len(actions) + 1)
    assert play(actions[:k]) == states[k]
    assert play(actions[:k]).procedure == states[k].procedure


@given(seed=st.integers(0, 10**6))
@settings(max_examples=15, deadline=None)
def test_dice_always_belong_to_the_procedures_nation(seed):
    s = RULES.initial()
    for a in random_game(random.Random(seed), limit=200):
        before = s.procedure
        s = RULES.apply(s, a)
        if a["type"] == "roll" and before is not None and before.purpose is not None \
                and a["purpose"] in ("rebellion", "revolt", "forces"):
            assert s.rolls[-1].nation == before.nation


def test_table_dice_are_one_digit_a_die():
    from companion.rome1989.taps import read_dice

    quote(GAME, "In this game a 0 is always a ten")
    assert read_dice("6603") == [6, 6, 0, 3] and read_dice("6 6 10") == [6, 6, 10] and read_dice("10", 1) == [10]
    with pytest.raises(IllegalAction) as e:
        read_dice("six")
    assert e.value.rule == "die"


def test_a_chart_file_with_barbarian_turns_past_b4_opens_as_a_game(tmp_path):
    """A file keeps no dice: its B4 and B5 open although no transition roll is in it."""
    from companion.rome1989.game import from_chart

    chart = read(json.dumps(doc(nation("Goths", "other", *[b()] * 5))))
    session = GameStore(tmp_path).start("rise-and-fall-1989/chart", "f", ChartRules(), from_chart(chart)[0])
    for a in from_chart(chart)[1:]:
        session.do(a)
    assert len(session.state.chart.nation("Goths").turns) == 5


@given(seed=st.integers(0, 10**6), back=st.integers(0, 12))
@settings(max_examples=8, deadline=None)
def test_undo_inside_a_procedure_gives_the_state_of_the_replayed_prefix(seed, back):
    import tempfile

    actions = random_game(random.Random(seed), limit=80)
    with tempfile.TemporaryDirectory() as tmp:
        session = GameStore(tmp).start("rise-and-fall-1989/chart", "T", ChartRules(), actions[0])
        for a in actions[1:]:
            session.do(a)
        undone = 0
        for _ in range(min(back, len(actions) - 1)):
            session.undo()
            undone += 1
        expected = play([ChartRules().recorded(actions[0]), *actions[1:len(actions) - undone]])
        assert session.state == expected
        again = Session(GameStore(tmp).open(session.log.path.stem), ChartRules())
        assert again.state == expected
