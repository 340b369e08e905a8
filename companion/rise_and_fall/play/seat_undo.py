"""Undo my last, on a player's phone: a player takes back their own last action while nothing else has happened
since (rule ``seat-undo``, as Rise and Fall (1989)'s phones: ``companion/rome1989/seats.py``). Pure Python: the
phone asks :func:`check_undo` with the log's effective actions, then takes the action back through the log's own
Undo (one more entry), so the tablet, History and every other phone see it as any Undo.
"""

from __future__ import annotations

from typing import Sequence

from companion.errors import IllegalAction
from companion.gamelog import LogEntry
from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.state.civilizations import Game

RULE = "seat-undo"


def check_undo(history: Sequence[LogEntry], head: int, seat: int, game: Game) -> str:
    """What Undo on ``seat``'s phone takes back ('Ana: Taxes, City in a Mountain'), or ``IllegalAction`` (rule
    ``seat-undo``) when it is not that player's own last action with nothing since. ``history`` is the log's effective
    actions, ``head`` the log's last entry (an Undo or a Redo on another device is something that happened since),
    ``game`` the game now (to name the action as the table's history does)."""
    if not history:
        raise IllegalAction("There is nothing to undo.", rule=RULE)
    last = history[-1]
    mine = last.action.get("player") == seat
    what = describe(last.action, game)
    if mine and last.seq == head:
        return what
    if mine:
        raise IllegalAction(f"Your last action ({what}) was redone or another was taken back since: undo it on the tablet.",
                            rule=RULE)
    ours = [e for e in history if e.action.get("player") == seat]
    if not ours:
        raise IllegalAction(f"You have no action to take back: the last one is {what}. Undo it on the tablet.", rule=RULE)
    raise IllegalAction(f"Another action followed yours ({what}): a phone takes back only its own last action while "
                        "nothing else has happened since. Undo on the tablet.", rule=RULE)
