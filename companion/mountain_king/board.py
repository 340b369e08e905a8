"""The board a table plays on (``mountain-king/board`` version 1): its caverns by Domain, Gate caverns, Great Halls.

The rulebook names the seven Domains but its text gives neither the caverns of each side (2–3 and 4–5
players), nor which caverns touch each Great Hall, nor the Gates. So the table enters its board once;
the companion keeps it as a board file and reuses it. Until then it ships one **placeholder** per side
(``data/board-2-3.json``, ``data/board-4-5.json``), marked ``"placeholder": true`` and said so on screen.

A board file::

    {"format": "mountain-king/board", "version": 1, "side": "4-5", "placeholder": false,
     "caverns": [{"id": "moss-1", "domain": "moss", "gate": true}, ...],
     "great_halls": [["moss-4", "moss-5", "ice-5"], ...], "lairs": [["moss-5", "fire-5"], ...]}

``great_halls`` lists, for each Great Hall space, the ids of the caverns touching it. ``lairs`` (optional) lists
the pairs of Lair spaces ("pairs are marked with matching glyphs"), each Lair space by the cavern it is drawn
beside; a Lair is no cavern of a Domain and scores nothing (decision 10), so no scoring reads them. Refusals are
``IllegalAction`` sentences with a rule id (``board-…``), one for the first broken rule.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..atomic import write_atomically
from ..errors import FileFormatError, IllegalAction
from ..jsonfile import read_json
from .numbers import numbers

FORMAT = "mountain-king/board"
VERSION = 1
SIDES = {"2-3": (2, 3), "4-5": (4, 5)}
KEYS = ("format", "version", "side", "placeholder", "about", "caverns", "great_halls", "lairs")


@dataclass(frozen=True)
class BoardCavern:
    id: str
    domain: str
    gate: bool = False


@dataclass(frozen=True)
class Board:
    side: str
    caverns: tuple[BoardCavern, ...]
    great_halls: tuple[tuple[str, ...], ...]
    placeholder: bool = False
    lairs: tuple[tuple[str, str], ...] = ()  # the pairs of Lair spaces, each by the cavern it is beside

    def of(self, domain: str) -> tuple[BoardCavern, ...]:
        """The caverns of one Domain, in board order."""
        return tuple(c for c in self.caverns if c.domain == domain)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.caverns)

    def cavern(self, cid: str) -> BoardCavern:
        for c in self.caverns:
            if c.id == cid:
                return c
        raise IllegalAction(f"This board has no cavern {cid!r}.", rule="unknown-cavern")

    def hall_caverns(self) -> tuple[str, ...]:
        """Every cavern touching a Great Hall (what Wave III asks about), in board order."""
        touching = {cid for h in self.great_halls for cid in h}
        return tuple(c.id for c in self.caverns if c.id in touching)

    def suits(self, players: int) -> bool:
        return players in SIDES[self.side]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "side": self.side,
            "placeholder": self.placeholder,
            "caverns": [{"id": c.id, "domain": c.domain, **({"gate": True} if c.gate else {})} for c in self.caverns],
            "great_halls": [list(h) for h in self.great_halls],
            **({"lairs": [list(p) for p in self.lairs]} if self.lairs else {}),
        }


def side_for(players: int) -> str:
    """The side of the board for this many players ("Use the side appropriate for your player count")."""
    for side, counts in SIDES.items():
        if players in counts:
            return side
    raise IllegalAction(f"The game is for 2 to 5 players, not {players}.", rule="player-count")


class BoardFileError(IllegalAction, FileFormatError):
    """A board that breaks a rule: an ``IllegalAction`` for the game's log (a board entered on the screen), and the
    file formats' one error (``FileFormatError``, its ``problems``) for a board file."""

    def __init__(self, message: str, rule: str) -> None:
        FileFormatError.__init__(self, message, rule=rule)


def _no(sentence: str, rule: str) -> IllegalAction:
    return BoardFileError(sentence, rule=rule)


def parse(doc: Any) -> Board:
    """A board document → :class:`Board`, or ``IllegalAction`` naming the first broken rule."""
    if not isinstance(doc, dict):
        raise _no("A board file holds one JSON object.", "board-type")
    extra = [k for k in doc if k not in KEYS]
    if extra:
        raise _no(f"A board file has no key {extra[0]!r}.", "board-unknown-key")
    if doc.get("format") != FORMAT or type(doc.get("version")) is not int or doc.get("version") != VERSION:
        raise _no(f"This is not a board file: it must say \"format\": \"{FORMAT}\", \"version\": {VERSION}.", "board-format")
    side = doc.get("side")
    if side not in SIDES:
        raise _no(f"The board's side is {side!r}; it is \"2-3\" or \"4-5\" (players).", "board-side")
    caverns = doc.get("caverns")
    if not isinstance(caverns, list) or not caverns:
        raise _no("The board lists no caverns; enter each Domain's caverns.", "board-caverns")
    out: list[BoardCavern] = []
    seen: set[str] = set()
    domains = numbers().domains
    for i, c in enumerate(caverns):
        if not isinstance(c, dict) or set(c) - {"id", "domain", "gate"}:
            raise _no(f"Cavern {i + 1} of the board is not {{\"id\", \"domain\", \"gate\"}}.", "board-type")
        cid, dom, gate = c.get("id"), c.get("domain"), c.get("gate", False)
        if not isinstance(cid, str) or not cid:
            raise _no(f"Cavern {i + 1} of the board has no id.", "board-cavern-id")
        if cid in seen:
            raise _no(f"Two caverns of the board are called {cid!r}.", "board-duplicate-cavern")
        if dom not in domains:
            raise _no(f"Cavern {cid!r} is in {dom!r}, which is not a Domain ({', '.join(domains)}).", "board-domain")
        if type(gate) is not bool:
            raise _no(f"Cavern {cid!r}: \"gate\" is true or false.", "board-type")
        seen.add(cid)
        out.append(BoardCavern(cid, dom, gate))
    halls = doc.get("great_halls", [])
    if not isinstance(halls, list):
        raise _no("The board's Great Halls are a list of the caverns around each.", "board-type")
    hs: list[tuple[str, ...]] = []
    for i, h in enumerate(halls):
        if not isinstance(h, list) or not h or not all(isinstance(x, str) for x in h):
            raise _no(f"Great Hall {i + 1} touches no cavern; tap the caverns around it.", "board-hall-empty")
        if len(set(h)) != len(h):
            raise _no(f"Great Hall {i + 1} names a cavern twice.", "board-hall-duplicate")
        unknown = [x for x in h if x not in seen]
        if unknown:
            raise _no(f"Great Hall {i + 1} touches {unknown[0]!r}, which is not a cavern of the board.", "board-hall-cavern")
        hs.append(tuple(h))
    placeholder = doc.get("placeholder", False)
    if type(placeholder) is not bool:
        raise _no("\"placeholder\" is true or false.", "board-type")
    return Board(side, tuple(out), tuple(hs), placeholder, _lairs(doc.get("lairs", []), seen))


def _lairs(lairs: Any, caverns: set[str]) -> tuple[tuple[str, str], ...]:
    """The pairs of Lair spaces: each two Lair spaces, each beside a cavern of the board, no cavern beside two."""
    if not isinstance(lairs, list):
        raise _no("The board's Lairs are a list of pairs, each the two caverns its Lair spaces are beside.", "board-type")
    out: list[tuple[str, str]] = []
    beside: set[str] = set()
    for i, pair in enumerate(lairs):
        if not isinstance(pair, list) or len(pair) != 2 or not all(isinstance(x, str) for x in pair):
            raise _no(f"Lair pair L{i + 1} is not two Lair spaces; tap the caverns beside both of its spaces.", "board-lair")
        for cid in pair:
            if cid not in caverns:
                raise _no(f"Lair pair L{i + 1} is beside {cid!r}, which is not a cavern of the board.", "board-lair")
            if cid in beside:
                raise _no(f"Two Lair spaces are beside {cid!r}; each cavern has at most one beside it.", "board-lair")
            beside.add(cid)
        out.append((pair[0], pair[1]))
    return tuple(out)


def placeholder(side: str) -> Board:
    """The board shipped for a side until the table enters its own (marked as a placeholder)."""
    if side not in SIDES:
        raise _no(f"The board's side is {side!r}; it is \"2-3\" or \"4-5\" (players).", "board-side")
    text = resources.files(__package__).joinpath(f"data/board-{side}.json").read_text(encoding="utf-8")
    return parse(json.loads(text))


def board_path(data_dir: str | os.PathLike, side: str) -> Path:
    """Where the table's own board of a side is kept, in the data directory beside the games."""
    return Path(data_dir) / "mountain-king" / f"board-{side}.json"


def saved_or_placeholder(data_dir: str | os.PathLike | None, side: str) -> Board:
    """The table's board of that side if it has entered one, else the placeholder."""
    if data_dir is not None:
        path = board_path(data_dir, side)
        if path.is_file():
            try:  # the shared bounded reader: a board file is a game's file like any other
                return parse(read_json(path))
            except (OSError, ValueError, FileFormatError):
                pass  # a damaged board file: the placeholder, and the screen says so
    return placeholder(side)


def save(data_dir: str | os.PathLike, board: Board) -> Path:
    """Keep the table's board (no longer a placeholder) for every later game on that side."""
    path = board_path(data_dir, board.side)
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = {**board.to_dict(), "placeholder": False}
    write_atomically(path, (json.dumps(doc, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    return path
