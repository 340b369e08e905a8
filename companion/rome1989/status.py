"""Phase 1, Determining Status (8.0–8.3): the voluntary and the rolled transitions, and quitting.

* Barbarian to kingdom: from B4 the player may become a kingdom at will; otherwise he rolls, and "the number
  rolled on the die must be less than the turn number" (8.3).
* Kingdom to empire: from K11, the same, the roll "less than the turn number minus ten" (8.3.3.1).
* A successful roll lets him change "on either the current turn or the next" (8.3, 8.3.3.3).
* An empire whose income was below 20 must quit; so must Rome without its capitol (8.2, 4.1.5.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from .dice import check_die
from .numbers import numbers

NEXT = {"B": "K", "K": "E"}


@dataclass(frozen=True)
class Transition:
    """What Phase 1 offers a nation on a turn (``number`` is the turn number it would have without a change)."""

    status: str
    number: int
    to: str | None  # the status it may become, None when no change is possible yet
    voluntary: bool  # it may change without a roll this turn
    below: int | None  # a roll below this succeeds (None: no roll this turn)

    @property
    def must_roll(self) -> bool:
        """If the player does not change voluntarily he must roll (8.3)."""
        return self.below is not None


def transition(status: str, number: int) -> Transition:
    """The offer for a nation in ``status`` on its turn ``number`` (e.g. ("B", 5) for B5)."""
    S = numbers()["status"]
    if status == "B" and number >= S["kingdom_from_turn"]:
        return Transition(status, number, "K", True, number)
    if status == "K" and number >= S["empire_from_turn"]:
        return Transition(status, number, "E", True, number - S["empire_roll_below_minus"])
    return Transition(status, number, None, False, None)


def roll_succeeds(status: str, number: int, roll: int) -> bool:
    """Whether a transition roll succeeds: less than the turn number (B), or the turn number minus ten (K)."""
    t = transition(status, number)
    return t.below is not None and check_die(roll) < t.below


def must_quit(status: str, income: int, kind: str, capitol_on_board: bool) -> str | None:
    """Why the nation must quit at its next Phase 1 (a sentence), or None (8.2, 4.1.5.3)."""
    below = numbers()["income"]["empire_must_quit_below"]
    if status == "E" and income < below:
        return f"its income of {income} is below {below}: an empire must quit at its next Phase 1 (8.2)"
    if kind in ("western-rome", "eastern-rome") and not capitol_on_board:
        return "Rome without its capitol must go out of the game (4.1.5.3)"
    return None
