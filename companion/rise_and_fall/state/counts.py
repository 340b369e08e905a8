"""The checks every action that counts or targets shares: a whole number the World can hold, an
opposing player, an amount said in words. Pure Python, below the tracker and the variants' rules,
which both refuse a bad count with these sentences.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction
from companion.words import plural


def whole(v: Any, what: str) -> int:
    if type(v) is not int or not 0 <= v <= 99:
        raise IllegalAction(f"Enter {what} as a whole number from 0 to 99.", rule="whole-number")
    return v


def counted(v: Any, what: str, label: str, limits: dict[str, tuple[int, str]], noun: str = "") -> int:
    """A count entered by the table, refused beyond what the World can hold (rule ``count-limit``)."""
    n = whole(v, what)
    if what in limits:
        most, why = limits[what]
        if n > most:
            raise IllegalAction(f"{label} counts at most {most}{' ' + noun if noun else ''} now, since {why}; {n} is too many.",
                                rule="count-limit")
    return n


def opponent(game: Any, i: int, t: Any, what: str) -> int:
    """Player ``t``, an opponent of player ``i`` still in the game (rule ``opponent``)."""
    if type(t) is not int or not 0 <= t < len(game.civs) or t == i or game.civs[t].extinct:
        raise IllegalAction(f"Choose the opposing player {what}.", rule="opponent")
    return t


def amounts(d: dict[str, int]) -> str:
    names = {"gold": "GP", "wood": "Wood", "stone": "Stone"}
    return " and ".join(f"{v} {names[k]}" for k, v in d.items())


__all__ = ["amounts", "counted", "opponent", "plural", "whole"]
