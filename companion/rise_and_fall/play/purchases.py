"""Phase D's purchases as the table reads them: in the rulebook's order, whatever order the taps came in.

The rulebook, phase D: "This phase can be performed simultaneously. However, if any player feels
that the resolution order is strategically important, then the player with the First Player token
makes their purchase first, followed by every other player going clockwise." Phones decide at the
same time, each at its own moment; the tablet lists every player's purchase from the First Player
clockwise (the First Player of that phase, before a Recycling passes the token), so the result
reads as if made in the rulebook's order, and follows that order one at a time when it was asked for.

Pure Python: derived from the game's effective actions and the state before each one.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from companion.rise_and_fall.play.tracker import Game


@dataclass(frozen=True)
class Purchase:
    """One player's line: who, and what they did (or that they are still deciding)."""

    player: int
    name: str
    what: str
    done: bool


@dataclass(frozen=True)
class Purchases:
    turn: int
    first: int
    in_order: bool
    over: bool  # every player has decided
    lines: tuple[Purchase, ...]


def purchases(actions: list[dict], states: list[Game]) -> Purchases | None:
    """The purchases of the phase D going on, or of the one just ended (until the next turn's
    actions begin); None otherwise. ``states[k]`` is the game before ``actions[k]``, and
    ``states[-1]`` the game now (``len(states) == len(actions) + 1``)."""
    now = states[-1]
    start = next((k for k in range(len(states) - 1, 0, -1)
                  if states[k].phase == "D" and states[k - 1].phase != "D"), None)
    if start is None:
        return None
    opening = states[start]
    if not (now.phase == "D" and now.turn == opening.turn) and not (
            now.phase in ("E", "A") and now.turn in (opening.turn, opening.turn + 1)):
        return None
    made: dict[int, str] = {}
    k = start
    while k < len(actions) and states[k].phase == "D":
        a, before = actions[k], states[k]
        i = a.get("player")
        if a.get("type") == "buy" and isinstance(i, int):
            made[i] = f"buys back the {str(a.get('card')).title()} card for {before.price_for(i)} GP"
        elif a.get("type") == "pass" and isinstance(i, int):
            made[i] = "buys nothing"
        k += 1
    in_order = any(states[j].in_order for j in range(start, min(k + 1, len(states))))
    over = now.phase != "D"
    lines = []
    waiting = [i for i in opening.order() if i not in made and i not in opening.decided]
    for i in opening.order():
        civ = opening.civs[i]
        if i in made:
            lines.append(Purchase(i, civ.name, made[i], True))
        elif i in opening.decided:
            lines.append(Purchase(i, civ.name, "has no card in Decline", True))
        elif over:
            lines.append(Purchase(i, civ.name, "goes extinct" if now.civs[i].extinct else "buys nothing", True))
        elif in_order and waiting and waiting[0] != i:  # after the player just before, still to decide
            before_i = waiting[waiting.index(i) - 1] if i in waiting else waiting[-1]
            lines.append(Purchase(i, civ.name, f"decides after {opening.civs[before_i].name}", False))
        else:
            lines.append(Purchase(i, civ.name, "is deciding", False))
    return Purchases(opening.turn, opening.first, in_order, over, tuple(lines))


def purchases_html(p: Purchases | None) -> str:
    """The purchases as the tablet shows them (names escaped); empty when there are none to show."""
    if p is None:
        return ""
    how = ("one at a time, as a player asked" if p.in_order
           else "decided at the same time, listed")
    rows = "".join(
        f"<li class='{'rf-done' if x.done else 'rf-deciding'}'><b>{html.escape(x.name)}</b>"
        f"{' (First Player)' if x.player == p.first else ''} {html.escape(x.what)}</li>" for x in p.lines)
    return (f"<div class='rf-purchases'><b>Purchases of turn {p.turn}</b>, {how} in the rulebook's order: "
            f"the First Player first, then clockwise.<ol>{rows}</ol></div>")
