"""Every finished game of every game, in one SQLite file: ``history.sqlite`` in the data directory.

Each row names its game (the registry's id), when it ended, its title (the World's name for
Rise & Fall), each player's points by category with the total, and the winners. Version 1 kept
Rise & Fall's games in the same table without the game column: they are read as Rise & Fall's.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .games import VERSION_1_GAME

_COLUMNS = {"game": f"TEXT NOT NULL DEFAULT '{VERSION_1_GAME}'", "extra": "TEXT NOT NULL DEFAULT '{}'"}


@dataclass(frozen=True)
class Finished:
    id: str
    at: float
    world: str  # the game's title: the World's name for Rise & Fall
    scores: dict[str, dict[str, int]]  # player -> category -> points (and "total")
    winners: list[str]
    game: str = VERSION_1_GAME
    extra: dict[str, Any] = field(default_factory=dict)  # what a game keeps besides (players' colours)
    problem: str | None = None  # why this record cannot be shown (a sentence), None when it can


def is_points(value: Any) -> bool:
    """A number of points (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def points(entry: dict[str, Any]) -> dict[str, int]:
    """A player's points by category (with "total"), without what is kept beside them: the lines
    of the scorepad (a Rise & Fall game's ``guild_lines`` and ``tale_lines``), flags (``extinct``)."""
    return {c: v for c, v in entry.items() if is_points(v)}


def lines(entry: dict[str, Any]) -> list[tuple[str, int]]:
    """The lines of a player's scorepad kept beside the points (each guild's or Tale's effect):
    (sentence, VP) for every ``*_lines`` entry that reads as such."""
    out = []
    for key, value in entry.items():
        if key.endswith("_lines") and isinstance(value, list):
            out += [(str(x["text"]), x["vp"]) for x in value
                    if isinstance(x, dict) and isinstance(x.get("text"), str) and is_points(x.get("vp"))]
    return out


def oddity(scores: Any, winners: Any) -> str | None:
    """Why a finished game's scores and winners cannot be shown (a sentence), None when they can."""
    if not isinstance(scores, dict) or not scores:
        return "its scores name no player"
    for name, entry in scores.items():
        if not isinstance(entry, dict):
            return f"the points of {name} are not a scorepad's column"
        if not is_points(entry.get("total")) or any(
                not is_points(v) for c, v in entry.items() if not c.endswith("_lines") and not isinstance(v, bool)):
            return f"the points of {name} are not numbers"
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        return "its winners are not a list of players"
    return None


def _read(row: tuple) -> Finished:
    """One row of the history; a row that cannot be read keeps its id, date and title with the reason."""
    i, at, w, sc, wn, g, ex = row
    try:
        scores, winners = json.loads(sc), json.loads(wn)
    except (TypeError, ValueError):
        return Finished(i, at, str(w), {}, [], g, {}, "its scores cannot be read")
    try:
        extra = json.loads(ex)
    except (TypeError, ValueError):
        extra = {}
    problem = oddity(scores, winners)
    if problem:
        return Finished(i, at, str(w), {}, [], g, {}, problem)
    return Finished(i, at, str(w), scores, winners, g, extra if isinstance(extra, dict) else {})


class FinishedGames:
    """The history of every game: ``keep`` a finished game, list them (one game's or all)."""

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
            have = {row[1] for row in self._db.execute("PRAGMA table_info(finished)")}
            for name, decl in _COLUMNS.items():
                if name not in have:  # a history written by version 1
                    self._db.execute(f"ALTER TABLE finished ADD COLUMN {name} {decl}")
        except (OSError, sqlite3.Error) as e:  # a read-only or full disk: show what can be read
            self.problem = f"The history ({self.path}) cannot be written ({e}); finished games are not kept."
            self._db = self._read_only()

    def _read_only(self) -> sqlite3.Connection:
        """The history as it is on disk, read-only; an empty one in memory if it cannot be read."""
        columns = "id TEXT PRIMARY KEY, at REAL, world TEXT, scores TEXT, winners TEXT, " + ", ".join(
            f"{n} {d}" for n, d in _COLUMNS.items()
        )
        try:
            db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
            have = {row[1] for row in db.execute("PRAGMA table_info(finished)")}
            if set(_COLUMNS) <= have:
                return db
            db.close()
        except sqlite3.Error:
            pass
        db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        db.execute(f"CREATE TABLE finished ({columns})")
        return db

    def keep(self, game: str, log_id: str, title: str, scores: dict[str, dict[str, int]], winners: list[str],
             extra: dict[str, Any] | None = None, of: str | None = None) -> None:
        """Keep a finished game (keeping the same log again replaces it). ``of`` names the game
        played when several scorings can score it: a game has one entry, so its last final
        scoring replaces the entry of an earlier one (``extra["of"]``)."""
        self._writable()
        extra = {**(extra or {}), **({"of": of} if of else {})}
        with self._db:
            self._db.execute("BEGIN")
            if of:
                self._db.execute("DELETE FROM finished WHERE id != ? AND CASE WHEN json_valid(extra) THEN json_extract(extra, '$.of') END = ?", (log_id, of))
            self._db.execute(
                "INSERT OR REPLACE INTO finished (id, at, world, scores, winners, game, extra) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (log_id, time.time(), title, json.dumps(scores), json.dumps(winners), game, json.dumps(extra)),
            )

    def remove(self, entry_id: str) -> tuple | None:
        """Take a finished game out of the history; what was taken (for :meth:`put_back`), None if
        there was no such entry."""
        self._writable()
        row = self._db.execute("SELECT id, at, world, scores, winners, game, extra FROM finished WHERE id = ?",
                               (entry_id,)).fetchone()
        if row is not None:
            self._db.execute("DELETE FROM finished WHERE id = ?", (entry_id,))
        return row

    def put_back(self, row: tuple) -> None:
        """Undo :meth:`remove`: the entry as it was, with its date."""
        self._writable()
        self._db.execute("INSERT OR REPLACE INTO finished (id, at, world, scores, winners, game, extra) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         tuple(row))

    def _writable(self) -> None:
        if self.problem:
            from .errors import CompanionError

            raise CompanionError(self.problem)

    def finished(self, game: str | None = None) -> list[Finished]:
        """Finished games, oldest first: of one game, or of every game."""
        sql = "SELECT id, at, world, scores, winners, game, extra FROM finished"
        rows = self._db.execute(sql + " WHERE game = ? ORDER BY at" if game else sql + " ORDER BY at", (game,) if game else ())
        return [_read(row) for row in rows]

    def version(self) -> int:
        """Changes when another connection keeps a game."""
        return self._db.execute("PRAGMA data_version").fetchone()[0]

    def close(self) -> None:
        self._db.close()


def stats(games: list[Finished], categories: tuple[str, ...]) -> dict[str, Any]:
    """Wins per player, average points per category per player, and totals game after game.
    Only points are added up (never the lines kept beside them); a game that cannot be shown
    (``problem``) is left out."""
    games = [g for g in games if g.problem is None]
    wins: dict[str, int] = {}
    sums: dict[str, dict[str, int]] = {}
    played: dict[str, int] = {}
    over: dict[str, list[int | None]] = {}
    for k, g in enumerate(games):
        for w in g.winners:
            wins[w] = wins.get(w, 0) + 1
        for name, sc in g.scores.items():
            played[name] = played.get(name, 0) + 1
            acc = sums.setdefault(name, {c: 0 for c in categories})
            pts = points(sc)
            for c in categories:
                acc[c] += pts.get(c, 0)
            over.setdefault(name, [None] * len(games))[k] = pts.get("total")
    averages = {n: {c: round(v / played[n], 1) for c, v in acc.items()} for n, acc in sums.items()}
    return {"games": len(games), "wins": wins, "averages": averages, "totals": over}
