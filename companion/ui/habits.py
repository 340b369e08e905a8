"""A table's habits: the players' names and colours of last time, offered again.

Kept in ``habits.json`` in the data directory. A missing or damaged file means no habits:
the screens fall back to the colours' names, and the next game writes the file anew.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..atomic import write_atomically

MAX_PLAYERS = 8  # more than any game here seats; a longer list in the file is cut


class Habits:
    def __init__(self, root: Path) -> None:
        self.path = Path(root) / "habits.json"

    def _read(self) -> dict:
        try:
            doc = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return doc if isinstance(doc, dict) else {}

    def players(self) -> list[tuple[str, str]]:
        """The (name, colour) of each player last time, in seating order; [] if none is known."""
        rows = self._read().get("players")
        if not isinstance(rows, list):
            return []
        out = []
        for r in rows[:MAX_PLAYERS]:
            if isinstance(r, dict) and isinstance(r.get("name"), str) and isinstance(r.get("colour"), str) and r["name"].strip():
                out.append((r["name"].strip()[:40], r["colour"]))
        return out

    def remember_players(self, names: list[str], colours: list[str]) -> None:
        """Keep these players for next time (a disk that refuses is no reason to stop a game)."""
        doc = self._read()
        doc["players"] = [{"name": n, "colour": c} for n, c in zip(names, colours)]
        try:
            write_atomically(self.path, json.dumps(doc, ensure_ascii=False, indent=1))
        except OSError:
            pass

    def seat(self, count: int, fallback: list[str]) -> list[tuple[str, str]]:
        """``count`` players to offer: last time's first, then the fallback colours not yet taken."""
        known = self.players()[:count]
        taken = {c for _, c in known}
        rest = [c for c in fallback if c not in taken]
        while len(known) < count and rest:
            c = rest.pop(0)
            known.append((c.title(), c))
        return known
