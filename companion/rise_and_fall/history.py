"""Every finished game, kept in SQLite: date, World, players, scores by category, winners."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .scoring import Score

CATEGORIES = ("economy", "trophies", "development", "territories")


@dataclass(frozen=True)
class Finished:
    id: str
    at: float
    world: str
    scores: dict[str, dict[str, int]]  # player -> category -> VP (and total)
    winners: list[str]


class History:
    def __init__(self, root: str | os.PathLike) -> None:
        self.path = Path(root) / "history.sqlite"
        self.problem: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS finished (id TEXT PRIMARY KEY, at REAL, world TEXT, scores TEXT, winners TEXT)"
            )
        except (OSError, sqlite3.Error) as e:  # a read-only or full disk: show what can be read
            self.problem = f"The history ({self.path}) cannot be written ({e}); finished games are not kept."
            self._db = self._read_only()

    def _read_only(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
            db.execute("SELECT 1 FROM finished LIMIT 1").fetchall()
            return db
        except sqlite3.Error:
            db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            db.execute("CREATE TABLE finished (id TEXT PRIMARY KEY, at REAL, world TEXT, scores TEXT, winners TEXT)")
            return db

    def record(self, game_id: str, world: str, s: Score) -> None:
        """Keep a finished game (recording the same game again replaces it)."""
        scores = {p.name: p.to_dict() for p in s.players}
        if self.problem:
            from ..errors import CompanionError

            raise CompanionError(self.problem)
        self._db.execute(
            "INSERT OR REPLACE INTO finished VALUES (?, ?, ?, ?, ?)",
            (game_id, time.time(), world, json.dumps(scores), json.dumps(s.winners)),
        )

    def games(self) -> list[Finished]:
        rows = self._db.execute("SELECT id, at, world, scores, winners FROM finished ORDER BY at")
        return [Finished(i, at, w, json.loads(sc), json.loads(wn)) for i, at, w, sc, wn in rows]

    def stats(self) -> dict[str, Any]:
        """Wins per player, average VP per category per player, and totals game after game."""
        games = self.games()
        wins: dict[str, int] = {}
        sums: dict[str, dict[str, int]] = {}
        played: dict[str, int] = {}
        over: dict[str, list[int | None]] = {}
        for k, g in enumerate(games):
            for w in g.winners:
                wins[w] = wins.get(w, 0) + 1
            for name, sc in g.scores.items():
                played[name] = played.get(name, 0) + 1
                acc = sums.setdefault(name, {c: 0 for c in CATEGORIES})
                for c in CATEGORIES:
                    acc[c] += sc[c]
                over.setdefault(name, [None] * len(games))[k] = sc["total"]
        averages = {n: {c: round(v / played[n], 1) for c, v in acc.items()} for n, acc in sums.items()}
        return {"games": len(games), "wins": wins, "averages": averages, "totals": over}
