"""One append-only log per game, in SQLite: the truth from which every state is replayed.

Every accepted action is committed to disk before anyone is told it happened. Undo, redo
and "undo to here" are actions too, so the log keeps the whole story and saves, history and
crash recovery all come from it. Each game is its own database file in the data directory,
so a damaged file costs that one game only. Shared by every game of the dashboard.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, Iterable, TypeVar

from .errors import CompanionError, IllegalAction

Action = dict[str, Any]
S = TypeVar("S")

CONTROL = ("undo", "redo", "undo-to")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    seq INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    at REAL NOT NULL
);
"""


class StaleGame(CompanionError):
    """Another tab or device changed this game since this screen last looked."""


class DamagedGame(CompanionError):
    """A game file that SQLite cannot read."""


def default_data_dir() -> Path:
    """``$COMPANION_DATA`` if set, else ``~/.local/share/rise-and-fall-companion``."""
    env = os.environ.get("COMPANION_DATA")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "rise-and-fall-companion"


@dataclass(frozen=True)
class Entry:
    seq: int
    action: Action
    at: float


class GameLog:
    """The log of one game: a SQLite file with its actions in order."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        try:
            self._db = sqlite3.connect(self.path, timeout=5, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as e:
            raise DamagedGame(f"The game file {self.path.name} is damaged and cannot be opened ({e}); the other games are kept.") from None

    @classmethod
    def create(cls, path: str | os.PathLike, kind: str, title: str, meta: dict[str, Any] | None = None) -> "GameLog":
        log = cls(path)
        info = {"kind": kind, "title": title, "created": time.time(), **(meta or {})}
        with log._db:
            for k, v in info.items():
                log._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (k, json.dumps(v)))
        return log

    def meta(self) -> dict[str, Any]:
        try:
            return {k: json.loads(v) for k, v in self._db.execute("SELECT key, value FROM meta")}
        except sqlite3.DatabaseError as e:
            raise DamagedGame(f"The game file {self.path.name} is damaged ({e}); the other games are kept.") from None

    def set_meta(self, key: str, value: Any) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value)))

    def head(self) -> int:
        """The seq of the last action, 0 for a new game."""
        row = self._db.execute("SELECT MAX(seq) FROM actions").fetchone()
        return row[0] or 0

    def entries(self, after: int = 0) -> list[Entry]:
        try:
            rows = self._db.execute("SELECT seq, action, at FROM actions WHERE seq > ? ORDER BY seq", (after,))
            return [Entry(seq, json.loads(a), at) for seq, a, at in rows]
        except (sqlite3.DatabaseError, json.JSONDecodeError) as e:
            raise DamagedGame(f"The game file {self.path.name} is damaged ({e}); the other games are kept.") from None

    def append(self, action: Action, expected_head: int) -> int:
        """Commit ``action`` as the next entry, unless someone else wrote since ``expected_head``."""
        text = json.dumps(action, separators=(",", ":"))
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            head = db.execute("SELECT MAX(seq) FROM actions").fetchone()[0] or 0
            if head != expected_head:
                raise StaleGame("This game was changed on another screen; it has been refreshed, please look and tap again.")
            db.execute("INSERT INTO actions VALUES (?, ?, ?)", (head + 1, text, time.time()))
            db.execute("INSERT OR REPLACE INTO meta VALUES ('updated', ?)", (json.dumps(time.time()),))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return head + 1

    def close(self) -> None:
        self._db.close()


def _resolve(entries: Iterable[Entry]) -> tuple[list[Entry], list[Entry]]:
    """(actions in force, actions undone and still redoable) once undo/redo/undo-to apply."""
    done: list[Entry] = []
    undone: list[Entry] = []
    for e in entries:
        kind = e.action.get("type")
        if kind == "undo":
            if done:
                undone.append(done.pop())
        elif kind == "redo":
            if undone:
                done.append(undone.pop())
        elif kind == "undo-to":
            while done and done[-1].seq > e.action["seq"]:
                undone.append(done.pop())
        else:
            done.append(e)
            undone.clear()
    return done, undone


def effective(entries: Iterable[Entry]) -> list[Entry]:
    """The actions in force once undo, redo and undo-to are applied."""
    return _resolve(entries)[0]


def redo_available(entries: Iterable[Entry]) -> int:
    return len(_resolve(entries)[1])


class Rules(Generic[S]):
    """What a game gives the session: its first state and how an action changes it."""

    def initial(self) -> S:  # pragma: no cover - interface
        raise NotImplementedError

    def apply(self, state: S, action: Action) -> S:  # pragma: no cover - interface
        """The next state, or IllegalAction with the rule's sentence. Must not change ``state``."""
        raise NotImplementedError


class Session(Generic[S]):
    """A screen's view of one game: the state replayed from the log, and actions to add to it.

    States after each effective action are kept, so undo is a step back, not a replay.
    """

    def __init__(self, log: GameLog, rules: Rules[S], on_change: Callable[[], None] | None = None) -> None:
        self.log = log
        self.rules = rules
        self.on_change = on_change
        self.refresh()

    def refresh(self) -> None:
        """Replay the whole log (on open, and when another screen changed the game)."""
        self._entries = self.log.entries()
        self.head = self._entries[-1].seq if self._entries else 0
        self._rebuild()

    def _rebuild(self) -> None:
        self.applied = effective(self._entries)
        states = [self.rules.initial()]
        for e in self.applied:
            states.append(self.rules.apply(states[-1], e.action))
        self._states = states

    @property
    def state(self) -> S:
        return self._states[-1]

    def can_undo(self) -> bool:
        return bool(self.applied)

    def can_redo(self) -> bool:
        return redo_available(self._entries) > 0

    def do(self, action: Action) -> S:
        """Check ``action`` against the rules, commit it to disk, then show it."""
        if action.get("type") in CONTROL:
            raise IllegalAction("Use undo and redo for that.")
        new_state = self.rules.apply(self.state, action)  # raises IllegalAction: nothing written
        self._append(action)
        self.applied.append(self._entries[-1])
        self._states.append(new_state)
        self._changed()
        return new_state

    def undo(self) -> None:
        if not self.applied:
            raise IllegalAction("There is nothing to undo.")
        self._append({"type": "undo"})
        self.applied.pop()
        self._states.pop()
        self._changed()

    def redo(self) -> None:
        if not self.can_redo():
            raise IllegalAction("There is nothing to redo.")
        self._append({"type": "redo"})
        self._rebuild_tail()
        self._changed()

    def undo_to(self, seq: int) -> None:
        """Back to the state just after action ``seq`` (0: the very start)."""
        if not any(e.seq == seq for e in self.applied) and seq != 0:
            raise IllegalAction("That step is not in the game's history any more.")
        self._append({"type": "undo-to", "seq": seq})
        keep = sum(1 for e in self.applied if e.seq <= seq)
        del self.applied[keep:]
        del self._states[keep + 1 :]
        self._changed()

    def history(self) -> list[Entry]:
        return list(self.applied)

    def _append(self, action: Action) -> None:
        try:
            seq = self.log.append(action, self.head)
        except StaleGame:
            self.refresh()
            self._changed()
            raise
        entry = Entry(seq, action, time.time())
        self._entries.append(entry)
        self.head = seq

    def _rebuild_tail(self) -> None:
        applied = effective(self._entries)
        n = len(self.applied)
        for e in applied[n:]:
            self._states.append(self.rules.apply(self._states[-1], e.action))
        self.applied = applied

    def _changed(self) -> None:
        if self.on_change:
            self.on_change()


@dataclass(frozen=True)
class GameInfo:
    id: str
    path: Path
    kind: str
    title: str
    updated: float
    actions: int
    problem: str | None = None


class GameStore:
    """The data directory: one SQLite file per game."""

    def __init__(self, root: str | os.PathLike | None = None) -> None:
        self.root = Path(root) if root else default_data_dir()
        self.games_dir = self.root / "games"
        self.games_dir.mkdir(parents=True, exist_ok=True)

    def path(self, game_id: str) -> Path:
        return self.games_dir / f"{game_id}.sqlite"

    def create(self, kind: str, title: str, meta: dict[str, Any] | None = None) -> tuple[str, GameLog]:
        game_id = time.strftime("%Y%m%d-%H%M%S") + "-" + uuid.uuid4().hex[:6]
        return game_id, GameLog.create(self.path(game_id), kind, title, meta)

    def start(self, kind: str, title: str, rules: "Rules", first: Action) -> "Session":
        """A new game whose first action the rules accept; a refused one leaves no file behind."""
        rules.apply(rules.initial(), first)  # raises IllegalAction before anything is written
        _, log = self.create(kind, title)
        session = Session(log, rules)
        session.do(first)
        return session

    def latest(self, kind: str, rules: "Rules") -> "Session | None":
        """The most recently changed readable game of ``kind``, replayed; None if there is none."""
        for info in self.games(kind):
            if info.problem is None and info.kind == kind:
                try:
                    return Session(self.open(info.id), rules)
                except CompanionError:
                    continue  # damaged since it was listed: try the next one
        return None

    def open(self, game_id: str) -> GameLog:
        p = self.path(game_id)
        if not p.exists():
            raise CompanionError(f"There is no saved game {game_id}.")
        return GameLog(p)

    def games(self, kind: str | None = None) -> list[GameInfo]:
        """Every saved game, newest first; a damaged file is listed with the sentence why."""
        out = []
        for p in sorted(self.games_dir.glob("*.sqlite")):
            gid = p.stem
            try:
                log = GameLog(p)
                m = log.meta()
                n = log.head()
                log.close()
                info = GameInfo(gid, p, m.get("kind", "?"), m.get("title", gid), m.get("updated", m.get("created", 0)), n)
            except DamagedGame as e:
                info = GameInfo(gid, p, "?", gid, p.stat().st_mtime, 0, str(e))
            if kind is None or info.kind == kind or info.problem:
                out.append(info)
        out.sort(key=lambda g: -g.updated)
        return out
