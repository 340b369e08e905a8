"""The battle rules of 12.0.3 and 12.0.6 and the leaders in combat (15.1.9, 15.1.12), each quoted: land units
and ships never fight each other; the attacker of a naval invasion never retreats; a leader is never a loss, and
falls when his side is eliminated around him."""

from __future__ import annotations

from companion.gamelog import GameStore
from companion.rome1989.battle import ATTACKER_CHOOSES, OVER, summary
from companion.rome1989.screens import Rome1989Screens
from tests.rulebooks import quote

from .helpers import play, refused
from .test_battle import GERMANS, SIX, germania_inferior, roll
from .test_round_two_screens import Table

GAME = "rise-and-fall-1989"


def battle(attacker_units, defender_units, **extra):
    return {"type": "battle", "nation": "East Germans", "area": "the coast",
            "attacker": {"name": "East Germans", "units": attacker_units},
            "defender": {"name": "Western Rome", "units": defender_units}, **extra}


def units(**counts):
    return [{"unit": u, "count": k, "attack": 3} for u, k in counts.items()]


def set_up():
    return play([SIX, GERMANS])


def test_land_units_and_ships_never_fight_each_other():
    quote(GAME, "Combat never occurs between land units and ship units.")
    quote(GAME, "Ship units can never attack land units, nor enter an area with enemy land units when unaccompanied "
                "by friendly land units.")
    quote(GAME, "If a land unit enters an area with only enemy ship units, those units must immediately retreat to a "
                "friendly controlled area, or an uncontrolled sea area.")
    s = set_up()
    assert refused(s, battle(units(ships=3), units(infantry=2))) == "land-and-ships"  # ships attack land units
    assert refused(s, battle(units(infantry=3), units(ships=2))) == "land-and-ships"  # land units meet only ships
    assert refused(s, battle(units(infantry=2, ships=1), units(infantry=2))) == "land-and-ships"  # one side both
    assert refused(s, battle(units(cavalry=1), units(fort=1, ships=2))) == "land-and-ships"
    assert play([SIX, GERMANS, battle(units(ships=3), units(ships=2))]).battle.defender.count == 2  # a naval battle
    assert play([SIX, GERMANS, battle(units(infantry=3), units(fort=1, capitol=1))]).battle.attacker.count == 3


def test_the_attacker_of_a_naval_invasion_may_not_retreat():
    quote(GAME, "A player may not retreat from a naval invasion when he is the attacker.")
    quote(GAME, "If a player is attempting a naval assault (an attack with the land units carried by ship), that "
                "player must engage in a naval battle all ship units on the coast and destroy them (or make them "
                "retreat) before he can land his land units.")
    invasion = battle(units(infantry=3), units(infantry=2), invasion=True)
    s = play([SIX, GERMANS, invasion, roll("East Germans", 9, 9)])  # the defender misses: step 5
    assert s.battle.step == ATTACKER_CHOOSES and s.battle.choosing is None
    assert "no retreat, 12.0.6" in summary(s.battle)
    assert refused(s, {"type": "retreat", "nation": "East Germans"}) == "invasion-retreat"
    plain = play([SIX, GERMANS, battle(units(infantry=3), units(infantry=2)), roll("East Germans", 9, 9)])
    assert play([SIX, GERMANS, battle(units(infantry=3), units(infantry=2)), roll("East Germans", 9, 9),
                 {"type": "retreat", "nation": "East Germans"}]).battle.step == OVER and plain.battle.choosing
    # the defender of an invasion retreats as ever (12.2), and an invasion is a land battle
    s = play([SIX, GERMANS, invasion, roll("East Germans", 9, 9), roll("East Germans", 9, 9, 9)])
    assert s.battle.choosing == "defender"
    assert refused(set_up(), battle(units(ships=3), units(ships=2), invasion=True)) == "land-and-ships"
    assert refused(set_up(), battle(units(infantry=3), units(infantry=2), invasion="yes")) == "battle"


def test_a_leader_is_never_taken_as_a_combat_loss():
    quote(GAME, "A leader unit is not a combat unit and can thus stack free, but cannot be taken as a combat loss!")
    s = set_up()
    assert refused(s, battle(units(infantry=2, leader=1), units(infantry=2))) == "leader-loss"
    mixed = battle(units(infantry=2, cavalry=1), units(infantry=2))
    mixed["attacker"]["leader"] = "Military"
    hit = play([SIX, GERMANS, mixed, roll("East Germans", 1, 9)])  # one hit: infantry or cavalry, his choice
    assert hit.battle.hits_due == 1
    for named in ({"leader": 1}, {"Military leader": 1}, {"infantry": 0, "leader": 1}):
        assert refused(hit, {"type": "losses", "nation": "East Germans", "units": named}) == "leader-loss"


def test_a_leader_left_alone_with_the_enemy_is_eliminated_with_his_side():
    quote(GAME, "If a leader is left alone in an area containing enemy units, or at sea without friendly ships, then "
                "he is eliminated.")
    b = battle(units(infantry=1), units(infantry=2))
    b["attacker"]["leader"] = "Military"
    s = play([SIX, GERMANS, b, roll("East Germans", 1, 1)])  # both hit: the one infantry is lost (forced)
    assert s.battle.step == OVER and s.battle.leaders_lost == ("attacker",)
    assert "East Germans' Military leader, left alone with the enemy, is eliminated (15.1.9)" in summary(s.battle)
    s = play([SIX, GERMANS, germania_inferior()])
    assert s.battle.leaders_lost == ()  # no leader falls while his side stands


def combat_against_western_rome(tmp_path):
    """The six-player game with the East Germans added, its Combat screen set against Western Rome."""
    s = Rome1989Screens(Table(GameStore(tmp_path)))
    s.scenario.value = "six-player"
    s.start_btn.click()
    s.n_name.value, s.n_player.value = "East Germans", "Bo"
    s.add_btn.click()
    p = s.battle_panel
    p.refresh()
    p.opponent.value = "Western Rome"
    return s, p


def test_the_combat_screen_asks_whether_the_battle_is_a_naval_invasion(tmp_path):
    quote(GAME, "A player may not retreat from a naval invasion when he is the attacker.")
    s, p = combat_against_western_rome(tmp_path)
    p.counts["mine"]["infantry"].value, p.counts["theirs"]["infantry"].value = 3, 2
    p.invasion.value = True
    assert p.action()["invasion"] is True
    p.start_btn.click()
    assert s.state.battle is not None and s.state.battle.invasion
    p.fire("99")  # the table's dice: the defender misses, and the attacker fires on with no retreat offered
    assert s.state.battle.step == ATTACKER_CHOOSES
    p.refresh()
    assert p.retreat_btn.widget.layout.display == "none" and "no retreat" in p.step.value


def test_the_combat_screen_says_why_ships_and_land_units_are_not_a_battle(tmp_path):
    quote(GAME, "Combat never occurs between land units and ship units.")
    s, p = combat_against_western_rome(tmp_path)
    p.counts["mine"]["ships"].value, p.counts["theirs"]["infantry"].value = 3, 2
    p.start_btn.click()
    assert s.state.battle is None and "ship units can never attack land units (12.0.3)" in s.message.value
