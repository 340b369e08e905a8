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


def best_defence(modifiers: Iterable[int]) -> int:
    """The one defence modifier that counts (12.1.2–12.1.3): the strongest, as a number ≥ 0 (``-1`` → 1)."""
    return max((abs(m) for m in modifiers), default=0)


def to_hit(s: Shooter, defence: int, terrain: str = "clear", defending: bool = False) -> int:
    """The highest die that hits: the attack value (with national characteristic and leader), less the
    defence modifier, +1 for a land unit defending in mountains (2.1.2), −1 for cavalry in forest (2.1.3)."""
    if terrain not in TERRAINS:
        raise IllegalAction(f"The terrain is clear, mountain or forest, not {terrain!r} (2.1).", rule="terrain")
    c = numbers()["combat"]
    need = s.attack + s.national + s.leader - abs(defence)
    if terrain == "mountain" and defending and s.unit != "ships":
        need += c["mountain_defender_plus"]
    if terrain == "forest" and s.unit == "cavalry":
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
        raise IllegalAction(f"One die per firing unit: {len(shooters)} units, {len(rolls)} dice (12.0.8).", rule="dice-count")
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
