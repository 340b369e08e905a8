"""One append-only log per game, in SQLite: the truth from which every state is replayed.

Every accepted action is committed to disk before anyone is told it happened. Undo, redo
and "undo to here" are actions too, so the log keeps the whole story and saves, history and
crash recovery all come from it. Each game is its own database file in the data directory,
so a damaged file costs that one game only. Shared by every game of the dashboard.

**Damaged and read-only games.** A :class:`Session` never fails on a log it can partly read.
It replays the actions in order and stops at the first one that cannot be read (SQLite
cannot read its page, it is not a JSON object, its checksum or sequence number is wrong) or
that the rules refuse on replay (``IllegalAction``, or any error of the rules' code). It then
holds the state just before that action, ``Session.read_only`` is True and
``Session.problem`` is one sentence naming the file and that first failing action. Every
change (``do``, ``undo``, ``redo``, ``undo_to``) on a read-only session raises
:class:`ReadOnlyGame` with that sentence, so screens refuse actions with their usual
message path. The same holds when the data directory cannot be written
(``GameStore.writable`` is False, the page says so). A log that no longer replays after a
change of the rules is read-only in the same way. ``GameStore.games()`` lists every file,
damaged ones with ``GameInfo.problem``; it never raises for one file.

**Creation is atomic.** A game's file is written with its meta and first action under a
temporary name and renamed into place, so a half-created game never exists.

**The journal.** Logs use SQLite's rollback journal (``journal_mode=DELETE``), not WAL: a
reader needs no ``-shm`` file, so a full disk (where growing the memory-mapped ``-shm``
raises SIGBUS) or a read-only directory still opens every game. A log that cannot be
written is opened ``mode=ro``; one that even that cannot open is tried ``immutable=1``.

**Write errors** keep their own sentence: a full disk says "The disk is full: this action
was not saved; free some space and tap again", and nothing is changed (a failed rollback
never hides the real error).

**Every commit is on the disk** before the screen changes: ``PRAGMA synchronous=FULL`` (:func:`synchronous`).
The test runs alone set ``COMPANION_SQLITE_SYNC=OFF``: a test kills processes but never the machine's power,
and what a killed process committed is in the system's cache all the same. Waiting for the disk was a third of
the random games' time in the contract's test (every game played to its end: 24.7 s, 15.4 s without).
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import time
import urllib.parse
import uuid
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from .datadir import default_data_dir
from .errors import CompanionError, IllegalAction
from .games import game_of, qualified
from .timings import mark

Action = dict[str, Any]
S = TypeVar("S")

#: The rule a tap breaks when it was made on the screen as it was before the game changed.
STALE_TAP = "stale-tap"

def synchronous() -> str:
    """How SQLite writes a commit: FULL (on the disk before the commit returns) at every table. The test runs set
    ``COMPANION_SQLITE_SYNC=OFF`` (see the module's docstring); any other value is FULL."""
    return "OFF" if os.environ.get("COMPANION_SQLITE_SYNC", "").upper() == "OFF" else "FULL"


def stale_tap() -> IllegalAction:
    """The refusal of a tap made on the screen as it was before the game changed (nothing is done)."""
    return IllegalAction("That tap was made on the screen as it was before the game changed, so nothing was "
                         "done: look at the screen as it is now and tap again.", rule=STALE_TAP)
CONTROL = ("undo", "redo", "undo-to")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    seq INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    crc INTEGER
);
"""
DISK_FULL = "The disk is full: this action was not saved; free some space and tap again."
_CREATING = ".creating"  # suffix of a game file still being written; never listed


class StaleGame(CompanionError):
    """Another tab or device changed this game since this screen last looked."""


class DamagedGame(CompanionError):
    """A game file that SQLite cannot read."""


class ReadOnlyGame(CompanionError):
    """A change asked of a game that is open read-only (damaged, or its disk cannot be written)."""


class NotSaved(CompanionError):
    """The disk refused a write: nothing was saved and nothing changed."""


def identity(kind: str) -> dict[str, Any]:
    """What a new log records of itself: its kind with the game id (``rise-and-fall/world``), the
    game, and the version of the game's rules data it is played under."""
    kind = qualified(kind)
    game = game_of(kind)
    return {"kind": kind, "game": kind.split("/", 1)[0], "rules_version": game.rules_version() if game else ""}


def write_error(e: sqlite3.Error) -> CompanionError:
    """The sentence for a write that SQLite or the disk refused."""
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e).lower()
    if name.startswith("SQLITE_FULL") or "full" in text:
        return NotSaved(DISK_FULL)
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return NotSaved("The data directory cannot be written: this action was not saved.")
    if name.startswith("SQLITE_BUSY") or "locked" in text:
        return NotSaved("The game is busy on another screen: this action was not saved; tap again.")
    return NotSaved(f"The disk could not be written ({e}): this action was not saved; check the disk and tap again.")


def _uri(path: Path, **params: str) -> str:
    return "file:" + urllib.parse.quote(str(path.resolve())) + ("?" + urllib.parse.urlencode(params) if params else "")


@dataclass(frozen=True)
class LogEntry:
    seq: int
    action: Action
    at: float


class GameLog:
    """The log of one game: a SQLite file with its actions in order.

    ``writable=False`` opens it read-only (``mode=ro``, then ``immutable=1``); ``self.writable``
    says what was achieved. Opening never writes to a file that exists.
    """

    def __init__(self, path: str | os.PathLike, writable: bool = True) -> None:
        self.path = Path(path)
        self.why_read_only: str | None = None
        if self.path.is_dir():
            raise DamagedGame(f"The game file {self.path.name} is a folder, not a game; the other games are kept.")
        self.writable = writable
        self._db = self._connect()
        self._check_schema()
        self._crc = "crc" in self._columns("actions")
        self.cut_short = _cut_short(self.path)

    def _connect(self) -> sqlite3.Connection:
        tries = [{"mode": "rw"}] if self.writable else []
        tries += [{"mode": "ro"}, {"mode": "ro", "immutable": "1"}]
        last: Exception | None = None
        for params in tries:
            try:
                db = sqlite3.connect(_uri(self.path, **params), uri=True, timeout=5, isolation_level=None, check_same_thread=False)
                db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error as e:
                last = e
                if isinstance(e, sqlite3.DatabaseError) and "not a database" in str(e):
                    break
                continue
            self.writable = params["mode"] == "rw"
            if not self.writable:
                self.why_read_only = (
                    f"This game is read-only: the data directory ({self.path.parent}) cannot be written; nothing was changed."
                )
            if self.writable:
                try:
                    db.execute("PRAGMA synchronous=" + synchronous())
                    if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "delete":
                        db.execute("PRAGMA journal_mode=DELETE")  # no -shm file: see the module's docstring
                except sqlite3.Error:
                    pass  # kept as it is; reading still works
            return db
        raise DamagedGame(f"The game file {self.path.name} is damaged and cannot be opened ({last}); the other games are kept.")

    def _columns(self, table: str) -> list[str]:
        return [row[1] for row in self._db.execute(f"PRAGMA table_info({table})")]

    def _check_schema(self) -> None:
        try:
            meta, actions = self._columns("meta"), self._columns("actions")
        except sqlite3.DatabaseError as e:
            self._db.close()
            raise DamagedGame(f"The game file {self.path.name} is damaged and cannot be opened ({e}); the other games are kept.") from None
        if meta[:2] != ["key", "value"] or actions[:3] != ["seq", "action", "at"]:
            self._db.close()
            raise DamagedGame(f"The file {self.path.name} is not a game of this companion (its tables are not a game log); the other games are kept.")

    @classmethod
    def in_memory(cls, kind: str, title: str, first: Action, why: str) -> GameLog:
        """A read-only game held in memory only, for a screen that must show something when
        nothing can be saved (``why`` is the sentence shown for every refused change)."""
        log = cls.__new__(cls)
        log.path = Path(f"{qualified(kind).replace('/', '-')}-not-saved")
        log.writable = False
        log.why_read_only = why
        log.cut_short = None
        log._crc = True
        log._db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        for stmt in _SCHEMA.split(";"):
            if stmt.strip():
                log._db.execute(stmt)
        text = json.dumps(first, separators=(",", ":"))
        log._db.execute("INSERT INTO meta VALUES ('kind', ?), ('title', ?)", (json.dumps(kind), json.dumps(title)))
        log._db.execute("INSERT INTO actions VALUES (1, ?, ?, ?)", (text, time.time(), zlib.crc32(text.encode())))
        return log

    @classmethod
    def create(
        cls, path: str | os.PathLike, kind: str, title: str, meta: dict[str, Any] | None = None, first: Action | None = None
    ) -> GameLog:
        """A new game file with its meta (and first action), all written before it takes its name."""
        path = Path(path)
        info = {"title": title, "created": time.time(), **(meta or {}), **identity(kind)}
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=_CREATING)
        os.close(fd)
        try:
            db = sqlite3.connect(tmp, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=DELETE")
                db.execute("PRAGMA synchronous=" + synchronous())
                db.execute("BEGIN IMMEDIATE")
                for stmt in _SCHEMA.split(";"):
                    if stmt.strip():
                        db.execute(stmt)
                for k, v in info.items():
                    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (k, json.dumps(v)))
                if first is not None:
                    text = json.dumps(first, separators=(",", ":"))
                    db.execute("INSERT INTO actions VALUES (1, ?, ?, ?)", (text, time.time(), zlib.crc32(text.encode())))
                    db.execute("INSERT OR REPLACE INTO meta VALUES ('updated', ?)", (json.dumps(time.time()),))
                db.execute("COMMIT")
            finally:
                db.close()
            os.replace(tmp, path)
            _fsync_dir(path.parent)
        except sqlite3.Error as e:
            _remove(tmp)
            raise write_error(e) from None
        except OSError as e:
            _remove(tmp)
            if e.errno == 28:
                raise NotSaved(DISK_FULL) from None
            raise NotSaved(f"The game could not be saved ({e.strerror}): nothing was written.") from None
        except BaseException:
            _remove(tmp)
            raise
        return cls(path)

    def meta(self) -> dict[str, Any]:
        try:
            rows = self._db.execute("SELECT key, value FROM meta").fetchall()
        except sqlite3.DatabaseError as e:
            raise DamagedGame(f"The game file {self.path.name} is damaged ({e}); the other games are kept.") from None
        out = {}
        for k, v in rows:
            try:
                out[k] = json.loads(v)
            except (TypeError, ValueError, RecursionError):
                raise DamagedGame(f"The game file {self.path.name} is damaged (its '{k}' is not readable); the other games are kept.") from None
        return out

    def set_meta(self, key: str, value: Any) -> None:
        self._require_writable()
        try:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value)))
        except sqlite3.Error as e:
            raise write_error(e) from None

    def update_meta(self, key: str, change: Callable[[Any], Any]) -> Any:
        """Read ``key`` of the meta, ``change`` it and write it back, in one transaction: another page that
        changes the same key at the same moment waits for this one and then reads what it wrote (two pages
        that each read, then wrote, lost the first one's write). ``change`` is given the value read (None if
        there is none) and returns the value to keep; nothing is written when it returns what it was given.
        The value kept is returned."""
        self._require_writable()
        with self._written() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            try:
                old = json.loads(row[0]) if row is not None else None
            except (TypeError, ValueError, RecursionError):
                raise DamagedGame(f"The game file {self.path.name} is damaged (its '{key}' is not readable); the other games are kept.") from None
            new = change(old)
            if new != old:
                db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(new)))
        return new

    def mark_used(self) -> None:
        """This log becomes the most recently used of its kind: a page opened next (a reload,
        another device) opens it. A read-only log, or a disk that refuses the write, leaves the
        order as it was: the game still opens."""
        if self.writable:
            try:
                self.set_meta("updated", time.time())
            except NotSaved:
                pass

    def head(self) -> int:
        """The seq of the last action, 0 for a new game."""
        try:
            row = self._db.execute("SELECT MAX(seq) FROM actions").fetchone()
        except sqlite3.DatabaseError as e:
            raise DamagedGame(f"The game file {self.path.name} is damaged ({e}); the other games are kept.") from None
        return row[0] or 0

    def read(self, after: int = 0) -> tuple[list[LogEntry], str | None]:
        """The actions after ``after`` that can be read, in order, and why the next one cannot (or None)."""
        out: list[LogEntry] = []
        expected = after + 1
        cols = "seq, action, at, crc" if self._crc else "seq, action, at, NULL"
        try:
            cur = self._db.execute(f"SELECT {cols} FROM actions WHERE seq > ? ORDER BY seq", (after,))
            for seq, text, at, crc in cur:
                action, why = _decode(seq, text, at, crc, expected)
                if why:
                    return out, self._sentence(expected, why)
                out.append(LogEntry(seq, action, float(at)))
                expected = seq + 1
        except sqlite3.DatabaseError as e:
            return out, self._sentence(expected, f"SQLite cannot read it: {e}")
        if self.cut_short:
            return out, self._sentence(expected, f"the file is cut short: {self.cut_short}")
        return out, None

    def _sentence(self, seq: int, why: str) -> str:
        return f"The game file {self.path.name} is damaged at action {seq} ({why}); it is shown up to the action before, read-only."

    def entries(self, after: int = 0) -> list[LogEntry]:
        """Every action after ``after``; DamagedGame if one cannot be read."""
        out, problem = self.read(after)
        if problem:
            raise DamagedGame(problem)
        return out

    def append(self, action: Action, expected_head: int) -> int:
        """Commit ``action`` as the next entry, unless someone else wrote since ``expected_head``."""
        self._require_writable()
        text = json.dumps(action, separators=(",", ":"))
        with self._written() as db:
            head = db.execute("SELECT MAX(seq) FROM actions").fetchone()[0] or 0
            if head != expected_head:
                raise StaleGame("This game was changed on another screen; it has been refreshed, please look and tap again.")
            now = time.time()
            if self._crc:
                db.execute("INSERT INTO actions VALUES (?, ?, ?, ?)", (head + 1, text, now, zlib.crc32(text.encode())))
            else:
                db.execute("INSERT INTO actions VALUES (?, ?, ?)", (head + 1, text, now))
            db.execute("INSERT OR REPLACE INTO meta VALUES ('updated', ?)", (json.dumps(now),))
        return head + 1

    @contextmanager
    def _written(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``: another page's write waits for it, and its
        reads see what this one wrote): committed when the block ends, rolled back if it raises (SQLite's and the
        disk's errors said as :func:`write_error`)."""
        db = self._db
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except sqlite3.Error as e:
            self._rollback()
            raise write_error(e) from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        """Undo a failed transaction; SQLite may already have rolled it back (a full disk does)."""
        if self._db.in_transaction:
            try:
                self._db.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the real error is the one being raised

    def _require_writable(self) -> None:
        if not self.writable:
            raise ReadOnlyGame(self.why_read_only or f"The game file {self.path.name} is open read-only: nothing was changed.")

    def version(self) -> int:
        """A number that changes when another connection commits to this file (a cheap poll)."""
        return self._db.execute("PRAGMA data_version").fetchone()[0]

    def close(self) -> None:
        self._db.close()


def _decode(seq: Any, text: Any, at: Any, crc: Any, expected: int) -> tuple[Action, str | None]:
    """One row of the actions table as an action, or why it is not a readable one."""
    if seq != expected:
        return {}, ("it is missing" if isinstance(seq, int) and seq > expected else "its number is wrong")
    if not isinstance(text, str):
        return {}, "it is not text"
    if crc is not None and zlib.crc32(text.encode("utf-8", "surrogatepass")) != crc:
        return {}, "its checksum does not match: the file was changed or damaged"
    try:
        action = json.loads(text)
    except (ValueError, RecursionError):
        return {}, "it is not valid JSON"
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return {}, "it is not an action object with a type"
    if not isinstance(at, (int, float)):
        return {}, "its time is not a number"
    return action, None


def _cut_short(path: Path) -> str | None:
    """Whether the file is shorter than its SQLite header says (a truncated copy or disk)."""
    if Path(str(path) + "-wal").exists():
        return None  # the header may lag behind a write-ahead log
    try:
        with open(path, "rb") as f:
            head = f.read(100)
        size = path.stat().st_size
    except OSError:
        return None
    if len(head) < 100 or head[:16] != b"SQLite format 3\x00":
        return None
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    valid = head[24:28] == head[92:96] and pages > 0
    if valid and size < pages * page:
        return f"SQLite's header says {pages * page} bytes, the file holds {size}"
    if size % page:
        return f"{size} bytes is not a whole number of {page}-byte pages"
    return None


def _remove(path: str | os.PathLike) -> None:
    for p in (str(path), str(path) + "-journal"):
        try:
            os.unlink(p)
        except OSError:
            pass


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _resolve(entries: Iterable[LogEntry]) -> tuple[list[LogEntry], list[LogEntry]]:
    """(actions in force, actions undone and still redoable) once undo/redo/undo-to apply."""
    done: list[LogEntry] = []
    undone: list[LogEntry] = []
    for e in entries:
        kind = e.action.get("type")
        if kind == "undo":
            if done:
                undone.append(done.pop())
        elif kind == "redo":
            if undone:
                done.append(undone.pop())
        elif kind == "undo-to":
            while done and done[-1].seq > e.action.get("seq", 0):
                undone.append(done.pop())
        else:
            done.append(e)
            undone.clear()
    return done, undone


def effective(entries: Iterable[LogEntry]) -> list[LogEntry]:
    """The actions in force once undo, redo and undo-to are applied."""
    return _resolve(entries)[0]


def redo_available(entries: Iterable[LogEntry]) -> int:
    return len(_resolve(entries)[1])


class Reducer(Generic[S]):
    """What a game gives the session: its first state and how an action changes it."""

    def initial(self) -> S:  # pragma: no cover - interface
        raise NotImplementedError

    def apply(self, state: S, action: Action) -> S:  # pragma: no cover - interface
        """The next state, or IllegalAction with the rule's sentence. Must not change ``state``."""
        raise NotImplementedError

    def recorded(self, action: Action) -> Action:
        """The action as a new entry of the log writes it (``Session.do``, ``GameStore.start``); a replay
        reads the log as written. A game names here what a new action may leave out (the rules' version)."""
        return action


def _recorded(rules: Any, action: Action) -> Action:
    """``rules.recorded(action)`` for a game's rules that name it (a duck-typed reducer may not)."""
    hook = getattr(rules, "recorded", None)
    return hook(action) if hook is not None else action


class Session(Generic[S]):
    """A screen's view of one game: the state replayed from the log, and actions to add to it.

    States after each effective action are kept, so undo is a step back, not a replay.
    ``read_only`` and ``problem``: see the module's docstring.
    """

    def __init__(self, log: GameLog, rules: Reducer[S], on_change: Callable[[], None] | None = None) -> None:
        self.log = log
        self.rules = rules
        self.on_change = on_change
        self.problem: str | None = None
        self.refresh()

    @property
    def read_only(self) -> bool:
        """True when the log could not be replayed to its end, or cannot be written."""
        return self.problem is not None or not self.log.writable

    @property
    def why_read_only(self) -> str | None:
        """The sentence a screen shows for a game that can only be read (damaged, or a disk that cannot be
        written); None for a game that can be changed."""
        if self.problem:
            return self.problem
        if not self.log.writable:
            return self.log.why_read_only or "This game is read-only: nothing can be changed."
        return None

    def refresh(self) -> None:
        """Replay the whole log (on open, and when another screen changed the game)."""
        if self._unheard is None and hasattr(self, "_states"):  # what the page held before another page's actions
            self._unheard = (self.applied, self._states)
        entries, problem = self.log.read()
        if problem is None:
            try:  # a game whose meta (its kind, its title) cannot be read is listed as damaged: it opens read-only
                self.log.meta()
            except CompanionError as e:
                problem = f"{str(e).rstrip('.')}; it is shown read-only."
        self._entries = entries
        self.head = entries[-1].seq if entries else 0
        self.problem = problem
        self._rebuild()

    def _rebuild(self) -> None:
        """Replay the effective actions; the first one the rules refuse ends the replay (read-only)."""
        while True:
            self.applied = effective(self._entries)
            states = [self.rules.initial()]
            failed = None
            for e in self.applied:
                try:
                    states.append(self.rules.apply(states[-1], e.action))
                except Exception as err:  # noqa: BLE001 - IllegalAction, or the rules' own code failing on odd data
                    failed = (e, err)
                    break
            if failed is None:
                self._states = states
                return
            e, err = failed
            why = str(err) if isinstance(err, CompanionError) else f"{type(err).__name__}: {err}"
            # replay stops before any unreadable action, so this one comes first
            self.problem = (
                f"The game file {self.log.path.name} no longer replays at action {e.seq} "
                f"({e.action.get('type')}): {why.rstrip('.')}; it is shown up to the action before, read-only."
            )
            self._entries = [x for x in self._entries if x.seq < e.seq]

    @property
    def state(self) -> S:
        return self._states[-1]

    _unheard: tuple[list[LogEntry], list[S]] | None = None

    def heard(self, seat: Any = None) -> list[str]:
        """The news, for ``seat`` (None: the table), of the actions the last replays brought in from other
        pages (``companion.news``); said once: the next call says only what came in after it."""
        before, self._unheard = self._unheard, None
        if before is None:
            return []
        from .news import told

        return told(self.contract, before[0], before[1], self.applied, self._states, seat)

    def can_undo(self) -> bool:
        return bool(self.applied) and not self.read_only and not self._kept_start(len(self.applied))

    def _kept_start(self, left: int) -> bool:
        """Whether undoing down to ``left`` actions would take back a start the rules keep (a game joined in progress)."""
        keeps = getattr(self.rules, "keeps", None)
        return left <= 1 and bool(self.applied) and keeps is not None and keeps(self.applied[0].action)

    def can_redo(self) -> bool:
        return redo_available(self._entries) > 0 and not self.read_only

    def do(self, action: Action, seen: int | None = None) -> S:
        """Check ``action`` against the rules, commit it to disk, then show it. ``seen``: the log's head the
        tap was drawn at (a button drawn for one question carries it): a tap made before the game changed —
        a second quick tap, a page behind another — is refused (``stale-tap``), nothing written."""
        self._require_writable()
        if seen is not None and seen != self.head:
            raise stale_tap()
        if action.get("type") in CONTROL:
            raise IllegalAction("Use undo and redo for that.", rule="log-control")
        action = _recorded(self.rules, action)
        guard = self.contract
        if guard is not None:
            # the shared guards (companion.rules), a phone's seat among them (a phone's action names it): nothing written
            guard.check(self.state, action, seat=action.get("seat"))
        new_state = self.rules.apply(self.state, action)  # raises IllegalAction: nothing written
        if guard is not None:
            guard.check_offered(self.state, action, seat=action.get("seat"))  # a closed game: only what it offers
        self._append(action)
        self.applied.append(self._entries[-1])
        self._states.append(new_state)
        self._changed()
        return new_state

    _contract: Any = None
    _contract_read = False

    @property
    def contract(self) -> Any:
        """The game's rules of this log's kind under the shared contract (``companion.rules.Contract``), or None
        (a log of a game without one, or of a kind this dashboard does not hold)."""
        if not self._contract_read:
            self._contract_read = True
            try:
                kind = self.log.meta().get("kind")
            except CompanionError:
                kind = None
            game = game_of(kind) if isinstance(kind, str) else None
            self._contract = game.contract(kind) if game is not None and "/" in qualified(kind) else None
        return self._contract

    def outcome(self) -> Any:
        """The log's outcome now (``companion.rules.Outcome``): None while it goes on."""
        return self.contract.outcome(self.state) if self.contract is not None else None

    def undo(self) -> None:
        self._require_writable()
        if not self.applied:
            raise IllegalAction("There is nothing to undo.", rule="undo")
        if self._kept_start(len(self.applied)):
            raise IllegalAction("This game was joined in progress: undo stops at the state it started from.", rule="undo")
        self._append({"type": "undo"})
        self.applied.pop()
        self._states.pop()
        self._changed()

    def redo(self) -> None:
        self._require_writable()
        if not self.can_redo():
            raise IllegalAction("There is nothing to redo.", rule="redo")
        self._append({"type": "redo"})
        self._rebuild_tail()
        self._changed()

    def undo_to(self, seq: int) -> None:
        """Back to the state just after action ``seq`` (0: the very start)."""
        self._require_writable()
        if not any(e.seq == seq for e in self.applied) and seq != 0:
            raise IllegalAction("That step is not in the game's history any more.", rule="undo-to")
        if seq == 0 and self._kept_start(0):
            raise IllegalAction("This game was joined in progress: undo stops at the state it started from.", rule="undo")
        self._append({"type": "undo-to", "seq": seq})
        keep = sum(1 for e in self.applied if e.seq <= seq)
        del self.applied[keep:]
        del self._states[keep + 1 :]
        self._changed()

    def history(self) -> list[LogEntry]:
        return list(self.applied)

    def states(self) -> list[S]:
        """The state before the first effective action, then after each one (one more than ``history()``)."""
        return list(self._states)

    def _require_writable(self) -> None:
        if self.problem is not None:
            raise ReadOnlyGame(f"This game is read-only, nothing was changed. {self.problem}")
        if not self.log.writable:
            raise ReadOnlyGame(self.log.why_read_only or "This game is read-only: nothing was changed.")

    def _append(self, action: Action) -> None:
        try:
            seq = self.log.append(action, self.head)
        except StaleGame as stale:
            self.refresh()
            # what the other screen did, said with the refusal: the page's next look finds it heard, and
            # has no news to say over the refusal
            news = " ".join(s.strip() for s in self.heard(None) if s.strip())
            self._changed()
            if news:
                raise StaleGame(f"{stale} Meanwhile: {news}") from None
            raise
        mark("committed")
        self._unheard = None  # the page draws the log as it is now: what came before is not news any more
        entry = LogEntry(seq, action, time.time())
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
    created: float = 0.0  #: when the game was started (its place in a list of games, which opening it never changes)

    @property
    def game(self) -> str:
        """The id of the game this log belongs to ("?" for a file that cannot be read)."""
        return self.kind.split("/", 1)[0] if "/" in self.kind else "?"


class GameStore:
    """The data directory: one SQLite file per game.

    ``writable`` is False when the games' folder cannot be written (read-only disk or
    folder): every game then opens read-only and ``problem`` says why in one sentence.
    """

    def __init__(self, root: str | os.PathLike | None = None) -> None:
        self.root = Path(root) if root else default_data_dir()
        self.games_dir = self.root / "games"
        self.problem: str | None = None
        try:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self.problem = f"The data directory {self.root} cannot be used ({e.strerror}): games open read-only."
        self.writable = self.problem is None and _can_write(self.games_dir)
        if self.problem is None and not self.writable:
            self.problem = f"The data directory {self.root} cannot be written: games open read-only and nothing new is saved."
        if self.writable:
            _clean_unfinished(self.games_dir)

    def path(self, game_id: str) -> Path:
        return self.games_dir / f"{game_id}.sqlite"

    def file_names(self) -> set[str]:
        """The names of the game files in the folder now (one listing, no file opened; none without a folder):
        a page compares two of them to see a game started on another page."""
        try:
            return {e.name for e in os.scandir(self.games_dir) if e.name.endswith(".sqlite")}
        except OSError:
            return set()

    def _require_writable(self) -> None:
        if not self.writable:
            raise NotSaved(self.problem or "The data directory cannot be written.")

    def _new_id(self) -> str:
        return time.strftime("%Y%m%d-%H%M%S") + "-" + uuid.uuid4().hex[:6]

    def create(self, kind: str, title: str, meta: dict[str, Any] | None = None) -> tuple[str, GameLog]:
        self._require_writable()
        game_id = self._new_id()
        return game_id, GameLog.create(self.path(game_id), kind, self.fresh_title(kind, title), meta)

    def fresh_title(self, kind: str, title: str) -> str:
        """``title``, or with a number after it ("… (2)") when another game of this kind has it already: two games
        started in the same minute by the same table read apart in every list of games."""
        if not title:
            return title
        taken = {g.title for g in self.games(kind)}
        k = 2
        fresh = title
        while fresh in taken:
            fresh = f"{title} ({k})"
            k += 1
        return fresh

    def start(self, kind: str, title: str, rules: Reducer, first: Action, meta: dict[str, Any] | None = None) -> Session:
        """A new game whose first action the rules accept; a refused one leaves no file behind.

        The file appears with its first action already in it, or not at all.
        """
        first = _recorded(rules, first)
        rules.apply(rules.initial(), first)  # raises IllegalAction before anything is written
        self._require_writable()
        log = GameLog.create(self.path(self._new_id()), kind, self.fresh_title(kind, title), meta, first=first)
        return Session(log, rules)

    def start_or_show(self, kind: str, title: str, rules: Reducer, first: Action) -> Session:
        """Like :meth:`start`; where nothing can be saved (a full or read-only disk) the screen
        still gets a game to show, held in memory and read-only, whose every change says why."""
        try:
            return self.start(kind, title, rules, first)
        except NotSaved as e:
            return Session(GameLog.in_memory(kind, title, _recorded(rules, first), str(e)), rules)

    def discard(self, game_id: str) -> None:
        """Remove a game's file. Only for a game started by mistake and taken back at once (nothing
        in it but its first action): it must not shadow the game the table was playing."""
        self._require_writable()
        _remove(self.path(game_id))
        _fsync_dir(self.games_dir)

    def latest(self, kind: str, rules: Reducer) -> Session | None:
        """The most recently changed game of ``kind`` that shows anything, replayed; None if there is none.

        A damaged one opens read-only as far as it replays (see ``Session.problem``); one where
        not even the first action replays is passed over for the next.
        """
        for info in self.games(kind):
            if info.kind != qualified(kind):
                continue
            try:
                session = Session(self.open(info.id), rules)
            except CompanionError:
                continue  # damaged since it was listed: try the next one
            if session.applied or (session.head and not session.read_only):
                return session  # an empty game (a creation cut short) never shadows a real one
        return None

    def open(self, game_id: str) -> GameLog:
        p = self.path(game_id)
        if not p.exists():
            raise CompanionError(f"There is no saved game {game_id}.")
        return GameLog(p, writable=self.writable)

    def games(self, kind: str | None = None) -> list[GameInfo]:
        """Every saved game, newest first; a damaged file is listed with the sentence why."""
        out = []
        for p in sorted(self.games_dir.glob("*.sqlite")):
            info = self._info(p)
            if kind is None or info.kind == qualified(kind) or (info.problem and info.kind == "?"):
                out.append(info)
        out.sort(key=lambda g: -g.updated)
        return out

    def _info(self, p: Path) -> GameInfo:
        gid = p.stem
        try:
            mtime = p.stat().st_mtime
        except OSError:
            mtime = 0.0
        try:
            log = GameLog(p, writable=False)
        except CompanionError as e:
            return GameInfo(gid, p, "?", gid, mtime, 0, str(e))
        try:
            try:
                m = log.meta()
            except CompanionError as e:
                return GameInfo(gid, p, "?", gid, mtime, 0, str(e))
            entries, problem = log.read()
            kind = qualified(m["kind"]) if isinstance(m.get("kind"), str) else "?"
            title = m.get("title") if isinstance(m.get("title"), str) else gid
            updated = m.get("updated", m.get("created", mtime))
            if not isinstance(updated, (int, float)) or isinstance(updated, bool):
                updated = mtime
            if problem is None and not entries:
                problem = f"The game file {p.name} holds no action (its creation was cut short, or it is damaged)."
            created = m.get("created", mtime)
            if not isinstance(created, (int, float)) or isinstance(created, bool):
                created = mtime
            return GameInfo(gid, p, kind, title, float(updated), len(entries), problem, float(created))
        finally:
            log.close()


def _can_write(folder: Path) -> bool:
    """Whether a file can be made in ``folder`` (an empty one: a full disk still says yes)."""
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".probe-", suffix=_CREATING)
    except OSError:
        return False
    os.close(fd)
    _remove(tmp)
    return True


def _clean_unfinished(folder: Path, older_than: float = 600.0) -> None:
    """Remove game files whose creation was cut short (never listed, never opened)."""
    now = time.time()
    for p in folder.glob(f".*{_CREATING}*"):
        try:
            if now - p.stat().st_mtime > older_than:
                p.unlink()
        except OSError:
            pass
