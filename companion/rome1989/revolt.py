"""Phase 3, the Revolt Procedure (10.0), step by step, for empires.

1. Stability: the Revolt Table's number for the roll (entered: the table is not transcribed), adjusted by last
   turn's overtax and refund (:func:`companion.rome1989.chart.rebellion_rolls`).
2. Which areas rebel: each rebellion die picks every area of that revolt value; two equal dice check an area
   twice (10.2.2, 10.2.3).
3. Revolt roll: an area revolts on a die at most its revolt value, less 1 per infantry and 2 per cavalry of the
   empire there (and 1 for a Popular leader, 15.1.6.1); the capitol's area never revolts (10.3).
4. Revolting forces: a die halved, fractions up, once per area; at most five are fought (10.4).
5. Combat: the revolting units fight as barbarian infantry, the empire's units defend and fire first (10.5).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import IllegalAction
from .dice import check_die
from .numbers import numbers


@dataclass(frozen=True)
class Area:
    """An area the empire controls, as the revolt procedure needs it."""

    name: str
    revolt_value: int
    capitol: bool = False
    infantry: int = 0
    cavalry: int = 0
    popular: int = 0  # 1 or 2: a Popular leader in the empire, and adjacent (15.1.6.1)


def rebelling(areas: Sequence[Area], dice: Sequence[int]) -> dict[str, int]:
    """Step 2: each area to check, with how many times (one per die showing its revolt value)."""
    out: dict[str, int] = {}
    for d in dice:
        v = check_die(d)
        for a in areas:
            if a.revolt_value == v:
                out[a.name] = out.get(a.name, 0) + 1
    return out


def revolts_on(area: Area) -> int:
    """Step 3: the highest die on which the area revolts (0: it cannot revolt; the capitol's area never does)."""
    if area.capitol:
        return 0
    r = numbers()["revolt"]
    return max(0, area.revolt_value - r["infantry_lowers_revolt_value"] * area.infantry
               - r["cavalry_lowers_revolt_value"] * area.cavalry - area.popular)


def revolt_roll(area: Area, rolls: Sequence[int]) -> bool:
    """Step 3 for one area checked once per roll: it revolts if any roll is at most :func:`revolts_on`."""
    if not rolls:
        raise IllegalAction(f"{area.name} is checked for revolt with at least one die (10.3.1).", rule="revolt-dice")
    return any(check_die(d) <= revolts_on(area) for d in rolls)


def revolting_forces(roll: int) -> int:
    """Step 4: the die divided by two, fractions rounded up (10.4.1): a 7 gives four."""
    return math.ceil(check_die(roll) / numbers()["revolt"]["forces_divisor"])


def fought(forces: int) -> int:
    """A player need never fight more than five revolting pieces in one area at a time (10.4.3)."""
    return min(forces, numbers()["revolt"]["max_forces_fought"])
