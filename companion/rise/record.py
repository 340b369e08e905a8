"""The Rise! game-record file (``"format": "rise/game"``): its actions in order, replayed under the rules.

See ``docs/rise.md``. A file that cannot be read as a record raises :class:`FileFormatError`
with one sentence; an illegal action is not an error of the file but the answer of :func:`check`.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..atomic import write_atomically
from ..errors import FileFormatError, cut
from ..jsonfile import parse_json, read_bounded, shown_path
from .game import ACTION_TYPES, Action, Position, RiseIllegal, apply, name, short_repr, start

FORMAT, VERSION = "rise/game", 1
MAX_BYTES = 4 * 1024 * 1024  # far beyond any real game (60 tiles, some hundreds of actions)
MAX_ACTIONS = 20000


@dataclass(frozen=True)
class Record:
    actions: tuple[Action, ...]
    players: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Report:
    valid: bool
    position: Position
    applied: int
    action: int | None = None
    rule: str | None = None
    message: str = ""

    def to_dict(self) -> dict[str, Any]:
        p = self.position
        return {
            "valid": self.valid,
            "action": self.action,
            "rule": self.rule,
            "message": self.message,
            "actions": self.applied,
            "player": p.player,
            "turn": p.turn,
            "towers": [{"at": list(t.at), "colour": t.colour, "tiers": t.tiers, "complete": t.complete} for t in p.towers],
            "workers": {c: len(p.of(c)) for c in ("red", "blue")},
            "winner": p.winner,
            "reason": p.reason,
        }


def read_text(path: str | os.PathLike) -> str:
    """The file's text, read with a bound on its size (the shared reader); a pipe or a device is refused."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = 0  # the shared reader says why
    if mode and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        # a FIFO with no writer would wait for ever, a device never end: a game record is a file
        raise FileFormatError(f"{shown_path(path)} is not a regular file (a pipe or a device); a game record is a file.",
                              rule="json")
    data = read_bounded(path, MAX_BYTES)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return parse_json(data, str(path))  # raises: the sentence says which byte


def parse(doc: Any, source: str) -> Record:
    if not isinstance(doc, dict):
        raise FileFormatError(f"{source}: a game record is a JSON object with \"format\": \"{FORMAT}\".")
    if doc.get("format") != FORMAT:
        raise FileFormatError(f"{source}: \"format\" must be \"{FORMAT}\", not {short_repr(doc.get('format'))}.")
    if type(doc.get("version")) is not int or doc["version"] != VERSION:
        raise FileFormatError(f"{source}: this companion reads version {VERSION} of {FORMAT}, not {short_repr(doc.get('version'))}.")
    acts = doc.get("actions")
    if not isinstance(acts, list):
        raise FileFormatError(f"{source}: \"actions\" must be a list of actions.")
    if len(acts) > MAX_ACTIONS:
        raise FileFormatError(f"{source}: {len(acts)} actions is more than the {MAX_ACTIONS} a record may hold.")
    for i, a in enumerate(acts):
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise FileFormatError(f"{source}: action {i} is not an object with a \"type\".")
    players = doc.get("players", {})
    if not isinstance(players, dict) or not all(isinstance(v, str) and k in ("red", "blue") for k, v in players.items()):
        raise FileFormatError(f"{source}: \"players\" maps \"red\" and \"blue\" to names.")
    extra = {k: v for k, v in doc.items() if k not in ("format", "version", "actions", "players")}
    return Record(tuple(acts), dict(players), extra)


def load(path: str | os.PathLike) -> Record:
    return parse(parse_json(read_text(path), str(path)), str(path))


def to_doc(record: Record) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if record.players:
        doc["players"] = record.players
    doc["actions"] = list(record.actions)
    doc.update(record.extra)
    return doc


def save(record: Record, path: str | os.PathLike) -> None:
    import json

    write_atomically(Path(path), json.dumps(to_doc(record), indent=1) + "\n")


def check(record: Record, upto: int | None = None) -> Report:
    """Replay the actions; stop at the first one the rules refuse (its index, rule id and sentence)."""
    p = start()
    acts = record.actions if upto is None else record.actions[:upto]
    for i, a in enumerate(acts):
        try:
            p = apply(p, a)
        except RiseIllegal as e:
            return Report(False, p, i, i, e.rule, f"Action {i} ({cut(str(a.get('type')), 40)}) is refused: {e.message}")
    return Report(True, p, len(acts), message=summary(p, len(acts)))


def summary(p: Position, n: int) -> str:
    towers = ", ".join(f"{name(t.colour)} {t.tiers} on ({t.at[0]}, {t.at[1]})" for t in p.towers) or "none"
    head = f"{n} legal actions. Towers: {towers}."
    if p.winner:
        why = "three complete Towers" if p.reason == "towers" else "the other player's last Worker is gone"
        return f"{head} {name(p.winner)} has won: {why}."
    return f"{head} {name(p.player)} to play, {p.actions_left} action{'s' if p.actions_left != 1 else ''} left."


__all__ = ["ACTION_TYPES", "Record", "Report", "check", "load", "parse", "save"]
