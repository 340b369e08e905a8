"""Status changes, the revolt procedure and the combat helper: the rulebook's examples, quoted."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.rome1989.combat import Shooter, best_defence, fire, hits, take_losses, to_hit
from companion.rome1989.dice import face, roll
from companion.rome1989.revolt import Area, fought, rebelling, revolt_roll, revolting_forces, revolts_on
from companion.rome1989.status import must_quit, roll_succeeds, transition


def test_a_0_is_always_a_ten():
    assert face(0) == 10 and face(7) == 7
    import random

    dice = roll(random.Random(5), 50)
    assert dice == roll(random.Random(5), 50) and set(dice) <= set(range(1, 11))


def test_barbarian_to_kingdom():
    """8.3: "check for transition to a kingdom starting the fourth turn" … "the number rolled on the die must be
    less than the turn number" … "if a barbarian nation beginning its turn five … a die roll of 1"."""
    assert transition("B", 3).to is None and not transition("B", 3).must_roll
    t = transition("B", 4)
    assert (t.to, t.voluntary, t.below) == ("K", True, 4)
    assert roll_succeeds("B", 5, 1) and roll_succeeds("B", 5, 4) and not roll_succeeds("B", 5, 5)
    assert all(roll_succeeds("B", 11, d) for d in range(0, 11))  # from B11 every roll succeeds (decision 14)
    assert not roll_succeeds("B", 10, 0)  # a 0 is ten, not less than 10


def test_kingdom_to_empire():
    """8.3.3.1: "a player on the thirteenth turn of being a kingdom (K13) must roll either a one or a two" …
    "a player cannot be forced to transition from kingdom into an empire on turn eleven"."""
    assert [d for d in range(1, 11) if roll_succeeds("K", 13, d)] == [1, 2]
    assert not any(roll_succeeds("K", 11, d) for d in range(0, 11))
    assert transition("K", 11).voluntary and transition("K", 10).to is None


def test_quitting():
    """8.2: "If, at the end of the previous turn, an empire's income was less than 20, that empire must quit";
    4.1.5.3: Rome without its capitol goes out of the game."""
    assert "below 20" in must_quit("E", 17, "other", True)
    assert must_quit("E", 20, "other", True) is None and must_quit("K", 5, "other", True) is None
    assert "capitol" in must_quit("E", 90, "western-rome", False)


def test_which_areas_rebel():
    """10.2.2–10.2.3: "if a player rolls a 6, ALL areas with a revolt value of 6 must be checked" … "if the
    player rolls a second six, he must check for revolt twice"."""
    areas = [Area("Syria", 6), Area("Egypt", 6), Area("Achaea", 4), Area("Thracia", 10)]
    assert rebelling(areas, [6, 6, 3]) == {"Syria": 2, "Egypt": 2}
    assert rebelling(areas, [0]) == {"Thracia": 1}  # a 0 is ten


def test_the_revolt_roll():
    """10.3.1–10.3.3: "a revolt value of 6, a 1-6 would cause the area to revolt"; "a revolt value of 6 that has
    two imperial infantry in it, will revolt only on a 4 or less"; "a revolt value of 5, that has one cavalry, two
    forts, and a ship will revolt only on a three or less"; "An area with the capitol in it can never revolt";
    15.1.6.1 Syria (4) next to a Popular leader "would revolt only on a 2 or less"."""
    assert revolts_on(Area("A", 6)) == 6 and revolt_roll(Area("A", 6), [6]) and not revolt_roll(Area("A", 6), [7])
    assert revolts_on(Area("A", 6, infantry=2)) == 4
    assert revolts_on(Area("A", 5, cavalry=1)) == 3
    assert revolts_on(Area("Roma", 1, capitol=True)) == 0 and not revolt_roll(Area("Roma", 1, capitol=True), [1])
    assert revolts_on(Area("Syria", 4, popular=2)) == 2
    assert revolt_roll(Area("A", 3), [9, 2])  # checked twice: either roll
    with pytest.raises(IllegalAction) as e:
        revolt_roll(Area("A", 3), [])
    assert e.value.rule == "revolt-dice"


def test_revolting_forces():
    """10.4.1: "if … a 7 is rolled for revolting troops, four revolting units"; 10.4.3 at most five fought."""
    assert revolting_forces(7) == 4 and revolting_forces(1) == 1 and revolting_forces(0) == 5
    assert fought(7) == 5 and fought(3) == 3


def test_the_combat_example():
    """12.3: the Romans (a fort and two infantry) roll "a 5 for the fort, and a 4 and 7 for the infantry. Since
    the East German defensive values are all zero, the Roman player scores one hit". The East Germans roll "a 4
    and a 3 for the cavalry, and a 1 and a 0 for the infantry. This scores only two hits because the East German
    player needs a 3 for his cavalry and a 2 for his infantry since the Roman player has a unit present with a
    defensive modifier of -1". The empire's attack values are table-entered (not in the scan): here a fort and
    infantry of 4, which the example's hits and misses allow."""
    romans = [Shooter("fort", 4), Shooter("infantry", 4), Shooter("infantry", 4)]
    assert fire(romans, [5, 4, 7], defence=best_defence([0, 0, 0, 0, 0]), defending=True) == [False, True, False]
    germans = [Shooter("cavalry", 4), Shooter("cavalry", 4), Shooter("infantry", 3), Shooter("infantry", 3)]
    defence = best_defence([-1, 0, 0])  # only one unit gives its modifier (12.1.2)
    assert [to_hit(s, defence) for s in germans] == [3, 3, 2, 2]
    assert fire(germans, [4, 3, 1, 0], defence) == [False, True, True, False]  # a 1 always hits, a 0 is ten
    removed, kept = take_losses(["infantry", "fort", "infantry"], 2, order=[0, 1, 2])
    assert removed == ["infantry", "fort"] and kept == ["infantry"]


def test_defence_modifiers_and_terrain():
    """12.1.3: attack values 3 and 4 against defences -1 and -2 "need a 1 and a 2"; 2.1.2 a defender in mountains
    "with an attack value of three would hit on a four or less" (not ships); 2.1.3 "a cavalry unit with an
    attack value of four would hit on a three or less" in forest."""
    d = best_defence([-1, -2])
    assert [to_hit(Shooter("infantry", a), d) for a in (3, 4)] == [1, 2]
    assert to_hit(Shooter("infantry", 3), 0, "mountain", defending=True) == 4
    assert to_hit(Shooter("ships", 3), 0, "mountain", defending=True) == 3
    assert to_hit(Shooter("infantry", 3), 0, "mountain", defending=False) == 3
    assert to_hit(Shooter("cavalry", 4), 0, "forest") == 3
    assert to_hit(Shooter("infantry", 4, leader=1), 0) == 5  # 15.1.4.1 "an attack value of four now has … five"
    assert hits(1, -3)  # "A unit, regardless of modifiers, always hits on a 1"
    with pytest.raises(IllegalAction) as e:
        to_hit(Shooter("infantry", 3), 0, "swamp")
    assert e.value.rule == "terrain"
    with pytest.raises(IllegalAction) as e:
        fire([Shooter("infantry", 3)], [1, 2], 0)
    assert e.value.rule == "dice-count"
    with pytest.raises(IllegalAction) as e:
        hits(11, 3)
    assert e.value.rule == "die"


def test_the_capitol_is_the_last_loss():
    """4.1.5: "the capitol must be the last unit removed to satisfy losses"."""
    removed, kept = take_losses(["capitol", "infantry", "fort"], 2, order=[0, 1, 2])
    assert removed == ["infantry", "fort"] and kept == ["capitol"]
    removed, kept = take_losses(["capitol", "infantry"], 2)
    assert removed == ["infantry", "capitol"] and kept == []
    with pytest.raises(IllegalAction) as e:
        take_losses(["infantry", "fort"], 1, order=[0, 0])
    assert e.value.rule == "loss-order"
