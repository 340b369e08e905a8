"""The dice of a game, as the log keeps them: a list a screen shows (game turn, nation, what for, the dice) and
the dice file kept beside the chart file (``rise-and-fall-1989/dice``, version 1: the chart file itself keeps
no dice, its format admits no key it does not define; :mod:`companion.rome1989.dice_file` writes and reads it).
Pure Python, no widgets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .dice import face
from .dice_file import FORMAT, VERSION
from .dice_file import dice_doc as file_doc
from .game import ChartGame

__all__ = ["FORMAT", "PURPOSE_WORDS", "VERSION", "DiceRow", "dice_doc", "dice_rows"]

#: what each roll purpose was for, in the rulebook's words and sections
PURPOSE_WORDS = {
    "transition": "status roll (8.3)", "stability": "stability (10.1)", "rebellion": "revolt: rebellion dice (10.2)",
    "revolt": "revolt: revolt roll (10.3)", "forces": "revolt: revolting forces (10.4)", "combat": "combat (12.0.8)",
    "leader": "leader (15.1)", "modifier": "modifier (15.2.4)", "order": "order of play", "other": "other",
}


@dataclass(frozen=True)
class DiceRow:
    """One roll as listed: the game turn, the nation (or ""), what it was for, the dice, whose dice."""

    number: int
    game_turn: int
    nation: str
    purpose: str
    what: str
    dice: tuple[int, ...]
    by: str


def dice_rows(state: ChartGame, newest_first: bool = True) -> list[DiceRow]:
    """Every roll of the game, numbered in the order rolled (the newest first by default)."""
    rows = [DiceRow(k + 1, r.game_turn, r.nation or "", r.purpose,
                    PURPOSE_WORDS.get(r.purpose, r.purpose) + (f": {r.about}" if r.about else ""),
                    tuple(face(d) for d in r.dice), r.by)
            for k, r in enumerate(state.rolls)]
    return rows[::-1] if newest_first else rows


def dice_doc(state: ChartGame) -> dict[str, Any]:
    """The dice file of a game, kept beside its chart file (formats.md, "The dice file"; read back by
    :func:`companion.rome1989.dice_file.read`)."""
    return file_doc(state.title, state.rolls, {n.name for n in state.played.nations})
