"""The Chart screen's list of the game's dice, read from the log (:mod:`companion.rome1989.dice_log`), escaped."""

from __future__ import annotations

import html

from ...words import name_html
from ..dice_log import DiceRow

SHOWN = 60  # the newest rolls listed; the dice file keeps them all


def dice_list_html(rows: list[DiceRow], shown: int = SHOWN) -> str:
    """A folded "Dice" list: one line per roll, the newest first (game turn, nation, what for, the dice)."""
    if not rows:
        return ""
    lines = "".join(
        f"<tr><td>{r.number}</td><td>{r.game_turn}</td><td>{name_html(r.nation) if r.nation else ''}</td>"
        f"<td>{html.escape(r.what)}</td><td>{' '.join('0' if d == 10 else str(d) for d in r.dice)}</td>"
        f"<td>{'the app' if r.by == 'app' else 'the table'}</td></tr>" for r in rows[:shown])
    more = f"<div>… and {len(rows) - shown} earlier rolls, in the dice file.</div>" if len(rows) > shown else ""
    return (f"<details class='rf89-dice' data-rf-fold='rf89-dice'><summary>Dice ({len(rows)} rolls, from the "
            "game's log)</summary><table class='rf89-chart'><tr><th>#</th><th>Game turn</th><th>Nation</th>"
            f"<th>For</th><th>Dice</th><th>Rolled by</th></tr>{lines}</table>{more}</details>")
