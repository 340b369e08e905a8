"""The combat helper (12.0): who hits, with the defence modifier, terrain, leaders and national characteristics.

"To eliminate another unit in a battle, a unit must roll its attack value or less on a ten sided die (a 0 is
always a ten), minus any defense modifier and plus or minus terrain effects. A unit, regardless of modifiers,
always hits on a 1." Defence modifiers are written as the unit chart prints them (``-1``); only one unit's
modifier counts, the best one (12.1.2, 12.1.3). Kingdom and empire attack values are not in the rulebook's
scan: the table enters them (``data/rules.json`` marks them table-entered).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import IllegalAction
from .dice import check_die
from .numbers import numbers

TERRAINS = ("clear", "mountain", "forest")
CAPITOL = "capitol"


@dataclass(frozen=True)
class Shooter:
    """One firing unit: its type (``infantry``, ``cavalry``, ``ships``, ``fort``, ``capitol``) and attack value,
    with the optional rules' national characteristic and a leader stacked with it."""

    unit: str
    attack: int
    national: int = 0
    leader: int = 0


UNITS = ("infantry", "cavalry", "ships", "fort", "capitol")
LEADERS = {"Military": ("infantry", "cavalry"), "Naval": ("ships",)}
_SPELLINGS = {"ship": "ships", "forts": "fort", "capitols": "capitol", "cavalries": "cavalry"}


def unit_type(text: str) -> str:
    """A unit's type as the rules name it, however it was written ("Cavalry", "Ship" → cavalry, ships)."""
    t = text.strip().lower()
    t = _SPELLINGS.get(t, t)
    if t not in UNITS:
        raise IllegalAction(f"A unit is one of {', '.join(UNITS)}, not {text!r} (4.2).", rule="unit")
    return t


@dataclass(frozen=True)
class Group:
    """Units of one type on one side of a battle: how many and their attack value."""

    unit: str
    count: int
    attack: int


def national_bonus(group_name: str | None, unit: str) -> int:
    """A national characteristic (15.2.1): the plus or minus to this unit type's attack value."""
    if not group_name:
        return 0
    table = numbers()["national_characteristics"]
    if group_name not in table:
        raise IllegalAction(f"{group_name!r} has no national characteristics in the rulebook's list (15.2.1).",
                            rule="national")
    return table[group_name].get(unit, 0)


def leader_bonus(leader: str | None, unit: str) -> int:
    """A Military leader: +1 to land units stacked with him (15.1.4.1); a Naval leader: +1 to ships (15.1.8.1)."""
    if not leader:
        return 0
    if leader not in LEADERS:
        raise IllegalAction(f"A leader in combat is Military or Naval, not {leader!r} (15.1.4, 15.1.8).", rule="leader")
    c = numbers()["combat"]
    plus = c["military_leader_plus"] if leader == "Military" else c["naval_leader_plus"]
    return plus if unit in LEADERS[leader] else 0


def shooters(groups: Sequence[Group], national: str | None = None, leader: str | None = None) -> list[Shooter]:
    """One :class:`Shooter` per unit of the groups picked, with the side's characteristic and leader."""
    out: list[Shooter] = []
    for g in groups:
        unit = unit_type(g.unit)
        if type(g.count) is not int or g.count < 0:
            raise IllegalAction(f"The number of {unit} is 0 or more, not {g.count!r}.", rule="unit")
        out += [Shooter(unit, g.attack, national_bonus(national, unit), leader_bonus(leader, unit))] * g.count
    if not out:
        raise IllegalAction("Pick the firing units: at least one, with its type and count.", rule="unit")
    return out


def best_defence(modifiers: Iterable[int]) -> int:
    """The one defence modifier that counts (12.1.2–12.1.3): the strongest, as a number ≥ 0 (``-1`` → 1)."""
    return max((abs(m) for m in modifiers), default=0)


def to_hit(s: Shooter, defence: int, terrain: str = "clear", defending: bool = False) -> int:
    """The highest die that hits: the attack value (with national characteristic and leader), less the
    defence modifier, +1 for a land unit defending in mountains (2.1.2), −1 for cavalry in forest (2.1.3)."""
    if terrain not in TERRAINS:
        raise IllegalAction(f"The terrain is clear, mountain or forest, not {terrain!r} (2.1).", rule="terrain")
    c = numbers()["combat"]
    unit = unit_type(s.unit)
    need = s.attack + s.national + s.leader - abs(defence)
    if terrain == "mountain" and defending and unit != "ships":
        need += c["mountain_defender_plus"]
    if terrain == "forest" and unit == "cavalry":
        need -= c["forest_cavalry_minus"]
    return need


def hits(roll: int, need: int) -> bool:
    """A hit: the die (a 0 is ten) at most ``need``; a 1 always hits (12.0.8, 15.2.2)."""
    value = check_die(roll)
    return value == numbers()["combat"]["always_hits"] or value <= need


def fire(shooters: Sequence[Shooter], rolls: Sequence[int], defence: int, terrain: str = "clear",
         defending: bool = False) -> list[bool]:
    """One volley: one die per unit (12.0.8 step 2), each a hit or a miss."""
    if len(rolls) != len(shooters):
        raise IllegalAction(f"One die per firing unit: {len(shooters)} units fire, so roll {len(shooters)} dice, not "
                            f"{len(rolls)} (12.0.8).", rule="dice-count")
    return [hits(r, to_hit(s, defence, terrain, defending)) for s, r in zip(shooters, rolls)]


def take_losses(units: Sequence[str], hit_count: int, order: Sequence[int] | None = None) -> tuple[list[str], list[str]]:
    """(removed, kept): one unit per hit in the owner's chosen order (indexes into ``units``; the listed order
    by default), the capitol always last (4.1.5: "the capitol must be the last unit removed")."""
    idx = list(range(len(units))) if order is None else list(order)
    if sorted(idx) != list(range(len(units))):
        raise IllegalAction("The order of losses names each unit once.", rule="loss-order")
    idx = [i for i in idx if units[i] != CAPITOL] + [i for i in idx if units[i] == CAPITOL]
    gone = set(idx[:hit_count])
    return [units[i] for i in idx[:hit_count]], [u for i, u in enumerate(units) if i not in gone]


def loss_order(groups: Sequence[Group]) -> list[str]:
    """The units a side may lose, in the order the owner removes them by default: the capitol always last
    (4.1.5: "the capitol must be the last unit removed to satisfy losses")."""
    units = [unit_type(g.unit) for g in groups for _ in range(g.count)]
    return take_losses(units, len(units))[0]
