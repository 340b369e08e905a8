"""Every finished game of every game, read from the games' logs: History.

**The logs are the truth.** A finished game is in History exactly when its log ends in an outcome (the game's
contract, ``companion.rules``: ``outcome(state)`` is not None and kept): ending a game adds it, undoing the end
takes it away, redo puts it back, scoring again replaces it. No screen writes History; a page that dies between
the end and drawing it loses nothing. ``history.sqlite`` in the data directory keeps what the logs cannot say:

* ``outcomes``: a cache of each log's outcome, by the log file's size and time (a log changed is read again);
* ``hidden``: the entries the table removed from History (Undo brings them back);
* ``finished``: the entries kept before History was read from the logs (and by ``keep``, for scripts): each
  still shows while its log is gone or no longer readable, and gives way to its log's own outcome when there
  is a log. Version 1 kept Rise & Fall's games in the same table without the game column: they are read as
  Rise & Fall's.

Each entry names its game (the registry's id), when it ended, its title (the World's name for Rise & Fall),
each player's points by category with the total (as the game shows them: 1989's 6.7), and the winners.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .gamelog import synchronous
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
    """A number of points (a bool is not one): whole, or to a decimal as a game shows it (1989's 6.7)."""
    if isinstance(value, float):
        return math.isfinite(value)
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


_UNREADABLE: Any = object()


def entry_of_log(path: Path) -> Finished | None | Any:
    """A log's History entry: its game's outcome (``companion.rules``) when the log ends in a kept one, else None;
    ``_UNREADABLE`` for a file that is no log of a registered game with a contract (an older entry of its id then
    still shows)."""
    from .errors import CompanionError
    from .gamelog import GameLog, Session
    from .games import game_of

    try:
        log = GameLog(path, writable=False)
    except CompanionError:
        return _UNREADABLE
    try:
        meta = log.meta()
        kind = meta.get("kind")
        game = game_of(kind) if isinstance(kind, str) else None
        contract = game.contract(kind) if game is not None else None
        if contract is None:
            return _UNREADABLE
        session = Session(log, game.reducer(kind))
        if not session.applied:
            return None
        outcome = contract.outcome(session.state)
        if outcome is None or not outcome.kept:
            return None
        title = outcome.title or (meta["title"] if isinstance(meta.get("title"), str) else "")
        extra = {**outcome.extra, "sentence": outcome.sentence, "shown": dict(outcome.scores)}
        if outcome.of:
            extra["of"] = outcome.of
        odd = oddity(outcome.pad, list(outcome.winners))
        pad = {} if odd else {n: dict(r) for n, r in outcome.pad.items()}
        return Finished(path.stem, session.applied[-1].at, title or game.title, pad, list(outcome.winners), game.id, extra, odd)
    except Exception:  # noqa: BLE001 - a log the rules cannot read: its older entry, if any, still shows
        return _UNREADABLE
    finally:
        log.close()


class FinishedGames:
    """The history of every game: ``keep`` a finished game, list them (one game's or all)."""

    def __init__(self, root: str | os.PathLike) -> None:
        self.path = Path(root) / "history.sqlite"
        self.problem: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA synchronous=" + synchronous())
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS finished (id TEXT PRIMARY KEY, at REAL, world TEXT, scores TEXT, winners TEXT)"
            )
            have = {row[1] for row in self._db.execute("PRAGMA table_info(finished)")}
            for name, decl in _COLUMNS.items():
                if name not in have:  # a history written by version 1
                    self._db.execute(f"ALTER TABLE finished ADD COLUMN {name} {decl}")
            self._db.execute("CREATE TABLE IF NOT EXISTS hidden (id TEXT PRIMARY KEY, at REAL)")
            self._db.execute("CREATE TABLE IF NOT EXISTS outcomes (id TEXT PRIMARY KEY, stamp TEXT, entry TEXT)")
        except (OSError, sqlite3.Error) as e:  # a read-only, full or damaged disk: show what can be read
            damaged = isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.OperationalError) or "malformed" in str(e)
            self.problem = (f"The history file ({self.path}) is damaged ({e}): the games it kept cannot be shown, "
                            "and a removed game cannot be hidden." if damaged else
                            f"The history ({self.path}) cannot be written ({e}); finished games are not kept.")
            self._db = self._read_only()
        self._cache: dict[str, tuple[str, Finished | None]] = {}  # the outcomes' cache when the file cannot hold it

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

    def _table(self, name: str) -> bool:
        try:
            return self._db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)).fetchone() is not None
        except sqlite3.Error:
            return False

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
        """Take a finished game out of the history (hidden: its log still ends as it did); what was taken (for
        :meth:`put_back`), None if there was no such entry."""
        self._writable()
        if not any(f.id == entry_id for f in self.finished()):
            return None
        row = self._db.execute("SELECT id, at, world, scores, winners, game, extra FROM finished WHERE id = ?",
                               (entry_id,)).fetchone()
        with self._db:
            self._db.execute("BEGIN")
            if row is not None:
                self._db.execute("DELETE FROM finished WHERE id = ?", (entry_id,))
            self._db.execute("INSERT OR REPLACE INTO hidden VALUES (?, ?)", (entry_id, time.time()))
        return ("hidden", entry_id, row)

    def put_back(self, row: tuple) -> None:
        """Undo :meth:`remove`: the entry as it was, with its date."""
        self._writable()
        if len(row) == 3 and row[0] == "hidden":
            _, entry_id, kept = row
            with self._db:
                self._db.execute("BEGIN")
                self._db.execute("DELETE FROM hidden WHERE id = ?", (entry_id,))
                if kept is not None:
                    self._db.execute("INSERT OR REPLACE INTO finished (id, at, world, scores, winners, game, extra) "
                                     "VALUES (?, ?, ?, ?, ?, ?, ?)", tuple(kept))
            return
        self._db.execute("INSERT OR REPLACE INTO finished (id, at, world, scores, winners, game, extra) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         tuple(row))

    def _writable(self) -> None:
        if self.problem:
            from .errors import CompanionError

            raise CompanionError(self.problem)

    def finished(self, game: str | None = None) -> list[Finished]:
        """Finished games, oldest first: of one game, or of every game. Each log that ends in an outcome is one;
        an entry kept before (``keep``, an older History) shows while no log of its id can say otherwise; a
        tracked game scored several times is its last scoring; what the table removed is left out."""
        logs = self.from_logs()
        sql = "SELECT id, at, world, scores, winners, game, extra FROM finished"
        try:
            kept = [_read(row) for row in self._db.execute(sql + " ORDER BY at")]
        except sqlite3.Error:
            kept = []
        told = {i for i, _ in logs}  # the logs that say something of their own id (an outcome or none)
        entries = [f for _, f in logs if f is not None] + [f for f in kept if f.id not in told]
        hidden = self._hidden()
        entries = [f for f in entries if f.id not in hidden]
        last: dict[str, Finished] = {}
        for f in sorted(entries, key=lambda f: f.at):  # a game scored again: its last scoring is its one entry
            of = f.extra.get("of") if isinstance(f.extra, dict) else None
            if isinstance(of, str) and of:
                last[of] = f
        entries = [f for f in entries if not (isinstance(f.extra, dict) and isinstance(f.extra.get("of"), str)
                                              and f.extra.get("of") and last.get(f.extra["of"]) is not f)]
        if game:
            entries = [f for f in entries if f.game == game]
        return sorted(entries, key=lambda f: f.at)

    def _hidden(self) -> set[str]:
        try:
            return {row[0] for row in self._db.execute("SELECT id FROM hidden")} if self._table("hidden") else set()
        except sqlite3.Error:
            return set()

    def from_logs(self) -> list[tuple[str, Finished | None]]:
        """Every readable log of a registered game with a contract, and its History entry (None when its log does
        not end in a kept outcome). A log's outcome is read again only when its file changed."""
        games_dir = self.path.parent / "games"
        try:
            files = sorted(p for p in games_dir.glob("*.sqlite") if p.is_file())
        except OSError:
            return []
        out = []
        for p in files:
            try:
                st = p.stat()
            except OSError:
                continue
            stamp = f"{st.st_size}:{st.st_mtime_ns}"
            found = self._cached(p.stem, stamp)
            if found is None:
                entry = entry_of_log(p)
                if entry is _UNREADABLE:
                    continue
                found = (entry,)
                self._store(p.stem, stamp, entry)
            out.append((p.stem, found[0]))
        return out

    def _cached(self, log_id: str, stamp: str) -> tuple[Finished | None] | None:
        if log_id in self._cache and self._cache[log_id][0] == stamp:
            return (self._cache[log_id][1],)
        try:
            row = self._db.execute("SELECT stamp, entry FROM outcomes WHERE id = ?", (log_id,)).fetchone() if self._table("outcomes") else None
        except sqlite3.Error:
            row = None
        if row is None or row[0] != stamp:
            return None
        if row[1] is None:
            return (None,)
        try:
            d = json.loads(row[1])
            return (_read((log_id, d["at"], d["world"], json.dumps(d["scores"]), json.dumps(d["winners"]), d["game"],
                           json.dumps(d["extra"]))),)
        except (TypeError, ValueError, KeyError):
            return None

    def _store(self, log_id: str, stamp: str, entry: Finished | None) -> None:
        self._cache[log_id] = (stamp, entry)
        if self.problem:
            return
        text = None if entry is None else json.dumps({"at": entry.at, "world": entry.world, "scores": entry.scores,
                                                      "winners": entry.winners, "game": entry.game, "extra": entry.extra})
        try:
            self._db.execute("INSERT OR REPLACE INTO outcomes VALUES (?, ?, ?)", (log_id, stamp, text))
        except sqlite3.Error:
            pass  # the cache is for speed only

    def version(self) -> int:
        """Changes when another connection keeps or removes a game, or a game's log changes (a game ended or
        reopened on another page)."""
        try:
            listing = tuple((e.name, e.stat().st_mtime_ns, e.stat().st_size)
                            for e in os.scandir(self.path.parent / "games") if e.name.endswith(".sqlite"))
        except OSError:
            listing = ()
        return hash((self._db.execute("PRAGMA data_version").fetchone()[0], listing))

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
