"""The dice file kept beside a chart file (``rise-and-fall-1989/dice`` version 1): written and read back.

Pure Python, no widgets. The chart file keeps no dice (its format admits no key it does not define), so a game's
dice are kept in a file of their own (``chart.dice.json``, ``docs/rise-and-fall-1989/formats.md``, "The dice file
beside it"). :func:`read` turns the file's bytes into a :class:`DiceFile` or raises :class:`DiceFileError` with
one sentence per problem, each naming the file and the place in it (``chart.dice.json, roll 3: …``) and beginning
with its rule id; the file is read with the shared bounded reader (:mod:`companion.jsonfile`) and nothing is
changed when it is refused. Given the chart's nations, a roll filed under a nation the chart does not hold is
refused (``unknown-nation``).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from ..errors import FileFormatError, RuledProblem, cut
from ..jsonfile import parse_json, read_bounded, shown_path
from ..words import LONGEST_NAME

FORMAT = "rise-and-fall-1989/dice"
VERSION = 1
#: what a roll may be for (the log's purposes)
PURPOSES = ("transition", "stability", "rebellion", "revolt", "forces", "combat", "leader", "modifier", "order", "other")
BY = ("app", "table")
#: the file's bounds (our decision): far beyond a game's (an evening of 12 game turns rolled some 200 times)
MOST_ROLLS = 10_000
MOST_DICE = 200  # in one roll: a battle's side fires at most 5 types × 30 units; a revolt checks every area
LONGEST_TEXT = 1000  # the title, a roll's "about" (a side of a battle names itself)
TOP_KEYS = ("format", "version", "title", "rolls", "unplayed")
ROLL_KEYS = ("game_turn", "nation", "purpose", "dice", "by", "about")
SIDES = 10  # 1.1: "In this game a 0 is always a ten": a die kept is 1 to 10

Problem = RuledProblem


@dataclass(frozen=True)
class Roll:
    """Dice kept in the log: whose, what for, the faces (1–10), and who rolled them."""

    nation: str | None
    purpose: str
    dice: tuple[int, ...]
    by: str
    game_turn: int
    about: str = ""  # what the dice decided beyond their purpose: a battle's volley names the side firing

    def to_doc(self) -> dict[str, Any]:
        """The roll as the dice file writes it."""
        return {"game_turn": self.game_turn, "nation": self.nation, "purpose": self.purpose, "dice": list(self.dice),
                "by": self.by, **({"about": self.about} if self.about else {})}


@dataclass(frozen=True)
class DiceFile:
    """A dice file read: the game's title and every roll in the order rolled."""

    title: str
    rolls: tuple[Roll, ...]
    #: the game's nations its rolls name that the chart file leaves out (no turn charted yet: an empire's revolt
    #: rolled before its first turn is recorded)
    unplayed: tuple[str, ...] = ()


class DiceFileError(FileFormatError):
    """A dice file with problems: one sentence each, naming the file and the place, beginning with its rule id."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__([p if isinstance(p, RuledProblem) else p.ruled() for p in problems])


def dice_doc(title: str, rolls: tuple[Roll, ...] | list[Roll], played: Collection[str] | None = None) -> dict[str, Any]:
    """The dice file of a game (its title and rolls); given the nations of its chart file (``played``), the
    nations its rolls name that the chart file leaves out are listed as ``unplayed``."""
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "title": title, "rolls": [r.to_doc() for r in rolls]}
    unplayed = unplayed_of(rolls, played) if played is not None else ()
    if unplayed:
        doc["unplayed"] = list(unplayed)
    return doc


def unplayed_of(rolls: tuple[Roll, ...] | list[Roll], played: Collection[str]) -> tuple[str, ...]:
    """The nations ``rolls`` name that are not among ``played``, in the order first named."""
    return tuple(dict.fromkeys(r.nation for r in rolls if r.nation is not None and r.nation not in played))


def plain(text: str) -> str:
    """Text for a terminal: every control or format character (an escape sequence's, a right-to-left override)
    written as its escape (``\\u001b``), nothing a terminal would obey."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c)[0] == "C" else c for c in text)


def _show(value: Any) -> str:
    """A value as JSON, cut short: a quote, a control character or a right-to-left override shows as its escape
    (``\\u202e``); letters of any script stay as they are."""
    return cut(plain(json.dumps(value, ensure_ascii=False)), LONGEST_NAME)


def _check_keys(raw: dict, keys: tuple[str, ...], required: int, what: str, bad: Callable[[str, str], None]) -> None:
    """Every key of ``raw`` one of ``keys``, and the first ``required`` of them there; each problem said through ``bad``."""
    for key in raw:
        if key not in keys:
            bad("unknown-key", f"the key {_show(key)} is not one of {what}'s ({', '.join(keys)}).")
    for key in keys[:required]:
        if key not in raw:
            bad("missing-key", f"{key!r} is missing; {what} has {', '.join(keys[:required])}.")


def parse_roll(raw: Any, where: str, nations: Collection[str] | None = None) -> tuple[Roll | None, list[Problem]]:
    """One roll object → the :class:`Roll` (None when any problem) and its problems, each naming ``where``."""
    out: list[Problem] = []

    def bad(rule: str, text: str) -> None:
        out.append(Problem(rule, f"{where}: {text}", where))

    if not isinstance(raw, dict):
        bad("type", f"a roll is an object, not {_show(raw)}.")
        return None, out
    _check_keys(raw, ROLL_KEYS, 5, "a roll", bad)
    turn, nation, purpose, dice, by = (raw.get(k) for k in ROLL_KEYS[:5])
    about = raw.get("about", "")
    if "game_turn" in raw and (type(turn) is not int or turn < 1):
        bad("type" if type(turn) is not int else "range", f"'game_turn' is a game turn (a whole number from 1), not "
            f"{_show(turn)}.")
    if "nation" in raw and nation is not None:
        if not isinstance(nation, str):
            bad("type", f"'nation' is a nation's name or null, not {_show(nation)}.")
        elif not nation:
            bad("empty-name", "'nation' is the empty string; a roll of no nation has null.")
        elif len(nation) > LONGEST_NAME:
            bad("long-name", f"the nation's name is {len(nation):,} characters long ({_show(nation[:12])}…); a name "
                f"has at most {LONGEST_NAME} characters.")
        elif nations is not None and nation not in nations:
            bad("unknown-nation", f"the nation {_show(nation)} is neither a nation of the chart file nor one the "
                "dice file lists as unplayed; a dice file is read with its own chart file.")
    if "purpose" in raw and purpose not in PURPOSES:
        bad("roll-purpose", f"the purpose {_show(purpose)} is not one of {', '.join(PURPOSES)}.")
    if "dice" in raw:
        if not isinstance(dice, list) or not dice:
            bad("type", f"'dice' is a list of at least one die, not {_show(dice)}.")
        elif len(dice) > MOST_DICE:
            bad("dice-bounds", f"the roll has {len(dice):,} dice; a roll has at most {MOST_DICE}.")
        else:
            k = next((k for k, d in enumerate(dice) if type(d) is not int or not 1 <= d <= SIDES), None)
            if k is not None:
                bad("die", f"die {k + 1} is {_show(dice[k])}; a die kept shows 1 to 10 (a 0 is ten, 1.1).")
    if "by" in raw and by not in BY:
        bad("roll-by", f"'by' is \"app\" or \"table\" (whose dice), not {_show(by)}.")
    if "about" in raw:
        if not isinstance(about, str):
            bad("type", f"'about' is text, not {_show(about)}.")
        elif len(about) > LONGEST_TEXT:
            bad("dice-bounds", f"'about' is {len(about):,} characters long; at most {LONGEST_TEXT}.")
    if out:
        return None, out
    return Roll(nation, purpose, tuple(dice), by, turn, about), out


def parse(doc: Any, source: str = "the dice file", nations: Collection[str] | None = None
          ) -> tuple[DiceFile | None, list[Problem]]:
    """A JSON document → the :class:`DiceFile` (None when any problem) and every problem, in file order."""
    name = shown_path(source)
    out: list[Problem] = []

    def bad(rule: str, text: str, where: str | None = None) -> None:
        out.append(Problem(rule, f"{name}{', ' + where if where else ''}: {text}", where or name))

    if not isinstance(doc, dict):
        bad("not-object", f"the document is {_show(doc)}, not a JSON object (a dice file is an object).")
        return None, out
    _check_keys(doc, TOP_KEYS, 4, "a dice file", bad)
    if "format" in doc and doc["format"] != FORMAT:
        bad("format", f"\"format\" is {_show(doc['format'])}; a dice file says \"{FORMAT}\".")
    if "version" in doc and (type(doc["version"]) is not int or doc["version"] != VERSION):
        bad("format", f"\"version\" is {_show(doc['version'])}; this reads version {VERSION} (the integer 1).")
    title = doc.get("title", "")
    if not isinstance(title, str):
        bad("type", f"'title' is the game's title (text), not {_show(title)}.")
    elif len(title) > LONGEST_TEXT:
        bad("dice-bounds", f"the title is {len(title):,} characters long; at most {LONGEST_TEXT}.")
    unplayed = doc.get("unplayed", [])
    if not isinstance(unplayed, list) or not all(isinstance(n, str) and 0 < len(n) <= LONGEST_NAME for n in unplayed):
        bad("type", f"'unplayed' is a list of nations' names (1 to {LONGEST_NAME} characters), not {_show(unplayed)}.")
        unplayed = []
    elif len(unplayed) > MOST_ROLLS:
        bad("dice-bounds", f"'unplayed' names {len(unplayed):,} nations; at most {MOST_ROLLS:,}.")
        unplayed = []
    known = None if nations is None else {*nations, *unplayed}
    raw = doc.get("rolls", [])
    rolls: list[Roll] = []
    if not isinstance(raw, list):
        bad("type", f"'rolls' is a list of rolls, not {_show(raw)}.")
    elif len(raw) > MOST_ROLLS:
        bad("dice-bounds", f"the file has {len(raw):,} rolls; a dice file holds at most {MOST_ROLLS:,}.")
    else:
        for k, item in enumerate(raw):
            roll, problems = parse_roll(item, f"{name}, roll {k + 1}", known)
            out += problems
            if roll is not None:
                rolls.append(roll)
    if out:
        return None, out
    return DiceFile(title, tuple(rolls), tuple(unplayed)), out


def read(data: bytes | str, source: str = "the dice file", nations: Collection[str] | None = None) -> DiceFile:
    """A dice file's bytes → the :class:`DiceFile`, or DiceFileError naming every problem (nothing is changed)."""
    try:
        doc = parse_json(data, source)
    except FileFormatError as e:
        raise DiceFileError(e.problems) from None
    dice, problems = parse(doc, source, nations)
    if dice is None:
        raise DiceFileError(problems)
    return dice


def read_path(path: str, nations: Collection[str] | None = None) -> DiceFile:
    """A dice file on disk (the shared bounded reader: a huge file, a pipe or ``/dev/zero`` refused, not waited
    for) → the :class:`DiceFile`, or DiceFileError naming every problem."""
    try:
        data = read_bounded(path)
    except FileFormatError as e:
        raise DiceFileError(e.problems) from None
    return read(data, path, nations)
