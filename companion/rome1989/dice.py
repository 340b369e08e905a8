"""Ten-sided dice (1.1: "In this game a 0 is always a ten"): the table's own rolls or the app's, seeded."""

from __future__ import annotations

import random

from ..errors import IllegalAction
from .numbers import numbers


def face(roll: int) -> int:
    """The value of a die as read: 0 is ten (1.1)."""
    return numbers().die_sides if roll == 0 else roll


def check_die(roll: object) -> int:
    """A die the table taps in: 0–10 (0 and 10 are the same face), else IllegalAction ``die``."""
    if type(roll) is not int or not 0 <= roll <= numbers().die_sides:
        raise IllegalAction(f"A ten-sided die shows 1 to 10 (a 0 is ten), not {roll!r}.", rule="die")
    return face(roll)


def roll(rng: random.Random, count: int = 1) -> list[int]:
    """``count`` dice from a seeded generator, each 1–10 (the log keeps the numbers, not the seed)."""
    return [rng.randint(1, numbers().die_sides) for _ in range(count)]
