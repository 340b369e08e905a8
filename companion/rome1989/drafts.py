"""A phone's turn being written, kept beside the game's log so that a reload comes back to it.

The log holds accepted actions only; what a player has typed into the next turn's form and not yet recorded is a
draft, kept per game and per seat in a small file beside the game's file (``<game>.seat-<n>.draft.json``, written
whole through a temporary file and ``os.replace``, so a reader sees the old draft or the new one, never half).
It says the nation the phone showed, the status and the keys typed, and the point of the log it was typed at
(the last action in force then, and the nation's turns then): it is given back only while it still fits the
game (the nation has not recorded a turn since, and that action has not been undone); a turn recorded clears it. Pure Python, no
widgets; a draft that cannot be written or read is no draft (the phone shows the next turn as the log leaves it).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..atomic import write_atomically
from ..errors import CompanionError
from ..jsonfile import read_json
from .chart import TURN_KEYS, parse_turn
from .game import ChartGame
from .taps import Draft, offer

FORMAT = "rise-and-fall-1989/draft"
VERSION = 1
MOST_BYTES = 16 * 1024  # a turn's keys are a few hundred bytes


@dataclass(frozen=True)
class KeptDraft:
    """A draft as kept: the nation shown, the status and keys typed, the log's last action in force (its seq, 0
    for none) and the nation's turns then."""

    nation: str
    status: str
    values: dict[str, Any]
    head: int
    turns: int

    def to_doc(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "nation": self.nation, "status": self.status,
                "values": self.values, "head": self.head, "turns": self.turns}


def draft_path(log_path: Path, seat: int) -> Path:
    """Where a seat's draft of a game is kept: beside the game's file (never listed as a game: not ``.sqlite``)."""
    return log_path.with_name(f"{log_path.stem}.seat-{int(seat)}.draft.json")


def kept_of(draft: Draft, state: ChartGame, head: int) -> KeptDraft | None:
    """The draft to keep now, typed after the log's action ``head`` (its seq; 0 for none); None when the nation is
    not in the game."""
    n = state.chart.nation(draft.nation)
    if n is None:
        return None
    return KeptDraft(draft.nation, draft.status, {k: v for k, v in draft.values.items() if k in TURN_KEYS}, head,
                     len(n.turns))


def save(path: Path, kept: KeptDraft) -> bool:
    """Write the draft whole (the shared atomic write: a temporary file, then a rename); False when it cannot be
    written."""
    try:
        write_atomically(path, json.dumps(kept.to_doc(), ensure_ascii=False))
        return True
    except OSError:
        return False


def clear(path: Path) -> None:
    """The draft gone (a turn recorded, or the log undone past it)."""
    try:
        path.unlink()
    except OSError:
        pass


def load(path: Path) -> KeptDraft | None:
    """The kept draft, or None when there is none or it is not one (read with the shared bounded reader)."""
    if not path.is_file():
        return None
    try:
        doc = read_json(path, MOST_BYTES)
    except CompanionError:
        return None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
        return None
    nation, status, values, head, turns = (doc.get(k) for k in ("nation", "status", "values", "head", "turns"))
    if not (isinstance(nation, str) and isinstance(status, str) and isinstance(values, dict)
            and type(head) is int and type(turns) is int):
        return None
    return KeptDraft(nation, status, values, head, turns)


def restored(kept: KeptDraft, state: ChartGame, in_force: Collection[int]) -> Draft | None:
    """The draft given back to the phone, or None when it no longer fits the game: the nation recorded a turn
    since (here or on the tablet), the action it was typed after is undone (``in_force``: the seqs of the log's
    actions in force), its status is not one the nation may take now, or its keys are not a turn's."""
    n = state.chart.nation(kept.nation)
    if n is None or len(n.turns) != kept.turns or (kept.head and kept.head not in in_force):
        return None
    o = offer(state, n.name)
    if o.draft is None or o.blocked or kept.status not in {s for s, _ in o.statuses}:
        return None
    values = {k: v for k, v in kept.values.items() if k in TURN_KEYS and k != "status"}
    draft = Draft(n.name, kept.status, values)
    try:
        _, problems = parse_turn(draft.turn(), "the draft")
    except (TypeError, ValueError):
        return None
    return None if problems else draft
