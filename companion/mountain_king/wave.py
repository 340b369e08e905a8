"""The end-of-Wave file ``mountain-king/wave`` version 1: read, validated and turned into a :class:`Wave`.

The contract is ``docs/mountain-king/formats.md``. Validation finds every broken rule at once, each as
one sentence beginning with its rule id (``"unknown-player: caverns[3] (id \\"moss-2\\") trolls names
\\"Zed\\", who is not in players."``); checks that depend on a broken part are skipped. A document with
any error is refused with :class:`WaveFileError`, which holds all of them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from ..errors import FileFormatError, Problem, RuledProblem
from ..jsonfile import parse_json, read_bounded
from .numbers import numbers

FORMAT = "mountain-king/wave"
VERSION = 1
TOP_KEYS = ("format", "version", "wave", "players", "honour_before", "caverns", "great_halls", "elders", "clans")
REQUIRED = ("format", "version", "wave", "players", "caverns")
WAVE3_KEYS = ("great_halls", "elders", "clans")
CAVERN_KEYS = ("id", "domain", "trolls", "gnomes")
HALL_KEYS = ("value", "caverns")
CLAN_KEYS = ("tile", "votes")


@dataclass(frozen=True)
class Cavern:
    """One cavern at the end of a Wave: each player's Trolls (a Champion pawn counts as one) and its Gnomes."""

    id: str
    domain: str
    trolls: dict[str, int] = field(default_factory=dict)
    gnomes: int = 0

    @property
    def overrun(self) -> bool:
        return self.gnomes >= 1


@dataclass(frozen=True)
class Hall:
    """A Great Hall: its token's value and the ids of every cavern touching it."""

    value: int
    caverns: tuple[str, ...]


@dataclass(frozen=True)
class Clan:
    """One plank of the Clan board: its Vote tile and the markers in track order (ahead first)."""

    tile: tuple[int, int, int]
    votes: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Wave:
    """What Score the Wave reads: a valid ``mountain-king/wave`` document."""

    wave: int
    players: tuple[str, ...]
    caverns: tuple[Cavern, ...] = ()
    honour_before: dict[str, int] = field(default_factory=dict)
    great_halls: tuple[Hall, ...] = ()
    elders: dict[str, int] = field(default_factory=dict)
    clans: dict[str, Clan] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The document again (the keys a Wave 1–2 file may not hold are left out)."""
        doc: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "wave": self.wave,
            "players": list(self.players),
            "honour_before": {p: self.honour_before.get(p, 0) for p in self.players},
            "caverns": [_cavern_dict(c) for c in self.caverns],
        }
        if self.wave == 3:
            doc["great_halls"] = [{"value": h.value, "caverns": list(h.caverns)} for h in self.great_halls]
            doc["elders"] = {p: n for p, n in self.elders.items() if n}
            doc["clans"] = {
                d: {"tile": list(self.clans[d].tile), "votes": [[p, v] for p, v in self.clans[d].votes]}
                for d in numbers().domains
            }
        return doc


def _cavern_dict(c: Cavern) -> dict[str, Any]:
    out: dict[str, Any] = {"id": c.id, "domain": c.domain}
    if any(c.trolls.values()):
        out["trolls"] = {p: n for p, n in c.trolls.items() if n}
    if c.gnomes:
        out["gnomes"] = c.gnomes
    return out


class WaveFileError(FileFormatError):
    """A wave file with broken rules: ``errors`` holds one sentence per broken rule, each ``rule: …`` (each a
    :class:`~companion.errors.RuledProblem`, so ``problems`` and ``rules`` read as every file format's)."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__([e.ruled() if isinstance(e, Problem) else Problem.from_line(e) for e in errors])
        self.errors: list[str] = list(self.problems)


# --- reading ---------------------------------------------------------------------------------------


def parse_bytes(data: bytes, source: str = "The file") -> Any:
    """The JSON document in ``data`` (the shared reader: UTF-8, a leading byte-order mark ignored, bounded),
    or ``WaveFileError`` (rule ``json``)."""
    try:
        return parse_json(data, source)
    except FileFormatError as e:
        raise WaveFileError(e.problems) from None


def load(path: str | os.PathLike) -> Wave:
    """Read and validate a wave file (at most 4 MB, read with the shared bounded reader); ``WaveFileError``
    lists every broken rule."""
    try:
        data = read_bounded(path)
    except FileFormatError as e:
        raise WaveFileError(e.problems) from None
    return parse(parse_bytes(data, os.fspath(path)))


def loads(text: str | bytes) -> Wave:
    return parse(parse_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text))


def parse(doc: Any) -> Wave:
    """A valid document → :class:`Wave`; otherwise ``WaveFileError`` with every broken rule."""
    errors = validate(doc)
    if errors:
        raise WaveFileError(errors)
    return _build(doc)


# --- validation ------------------------------------------------------------------------------------


def _q(value: Any) -> str:
    """A value quoted as JSON for a sentence, cut short when long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:36] + "…" + text[-3:]


def is_int(x: Any) -> bool:
    """A JSON integer: not ``true``, not ``2.0``, not ``"2"``."""
    return type(x) is int


def _json_type(x: Any) -> str:
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "a boolean"
    if isinstance(x, int):
        return "an integer"
    if isinstance(x, float):
        return "a number with a fraction part"
    if isinstance(x, str):
        return "a string"
    if isinstance(x, list):
        return "a list"
    return "an object"


class _Check:
    """Collects the sentences of one validation."""

    def __init__(self) -> None:
        self.errors: list[str] = []  # each a RuledProblem: "rule: sentence"

    def add(self, rule: str, sentence: str) -> None:
        self.errors.append(RuledProblem(rule, sentence))

    def unknown_keys(self, obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
        for k in obj:
            if k not in allowed:
                self.add("unknown-key", f"{where} has the key {_q(k)}, which this format does not define.")

    def count(self, x: Any, where: str, what: str = "a count") -> bool:
        """An integer ≥ 0 (rule ``type`` or ``negative`` otherwise); True when it is one."""
        if not is_int(x):
            self.add("type", f"{where} is {_json_type(x)} ({_q(x)}); it must be {what}, an integer.")
            return False
        if x < 0:
            self.add("negative", f"{where} is {x}; it cannot be below 0.")
            return False
        return True


def validate(doc: Any) -> list[str]:
    """Every broken rule of the document, one sentence each beginning with its rule id ([] when valid)."""
    c = _Check()
    if not isinstance(doc, dict):
        c.add("not-object", f"the document is {_json_type(doc)}, not a JSON object.")
        return c.errors
    c.unknown_keys(doc, TOP_KEYS, "the document")
    for k in REQUIRED:
        if k not in doc:
            c.add("missing-key", f"the document has no {_q(k)}.")
    if "format" in doc and doc["format"] != FORMAT:
        c.add("format", f"'format' is {_q(doc['format'])}; a wave file says {_q(FORMAT)}.")
    if "version" in doc and not (is_int(doc["version"]) and doc["version"] == VERSION):
        c.add("format", f"'version' is {_q(doc['version'])}; this companion reads version {VERSION}, the integer.")
    wave = _check_wave(c, doc)
    players = _check_players(c, doc)
    if "honour_before" in doc:
        _check_by_player(c, doc["honour_before"], "honour_before", players, "Honour")
    ids = _check_caverns(c, doc, players)
    for k in WAVE3_KEYS:
        if wave in (1, 2) and k in doc:
            c.add("wave3-only", f"{_q(k)} is scored only at the end of Wave 3, and this is the end of Wave {wave}.")
        elif wave == 3 and k not in doc:
            c.add("missing-key", f"the end of Wave 3 needs {_q(k)}, and the document has none.")
    if wave not in (1, 2):  # Wave 3, or a wave that cannot be read: check what is there
        if "great_halls" in doc:
            _check_halls(c, doc["great_halls"], ids)
        if "elders" in doc:
            _check_elders(c, doc["elders"], players)
        if "clans" in doc:
            _check_clans(c, doc["clans"], players, wave == 3)
    return c.errors


def _check_wave(c: _Check, doc: dict[str, Any]) -> int | None:
    if "wave" not in doc:
        return None
    w = doc["wave"]
    if not is_int(w):
        c.add("type", f"'wave' is {_json_type(w)} ({_q(w)}); it must be the integer 1, 2 or 3.")
        return None
    if w not in (1, 2, 3):
        c.add("wave", f"'wave' is {w}; the game has Waves 1, 2 and 3.")
        return None
    return w


def _check_players(c: _Check, doc: dict[str, Any]) -> set[str] | None:
    """The player names (None when ``players`` is not a list: names are then not checked against it)."""
    if "players" not in doc:
        return None
    ps = doc["players"]
    if not isinstance(ps, list):
        c.add("type", f"'players' is {_json_type(ps)}; it must be a list of names.")
        return None
    lo, hi = min(numbers().players), max(numbers().players)
    if not lo <= len(ps) <= hi:
        c.add("player-count", f"'players' has {len(ps)} {'name' if len(ps) == 1 else 'names'}; the game is for {lo} to {hi} players.")
    seen: set[str] = set()
    for i, p in enumerate(ps):
        if not isinstance(p, str):
            c.add("type", f"players[{i}] is {_json_type(p)} ({_q(p)}); a player's name is a string.")
            continue
        if p == "":
            c.add("empty-name", f"players[{i}] is an empty name.")
        elif p == numbers().gnomes:
            c.add("reserved-name", f"players[{i}] is {_q(p)}, the Gnomes' name in the Great Halls' results; name the player otherwise.")
        if p in seen:
            c.add("duplicate-player", f"players[{i}] is {_q(p)} again; each player is named once.")
        seen.add(p)
    return seen


def _check_by_player(c: _Check, obj: Any, where: str, players: set[str] | None, what: str) -> dict[str, int]:
    """``{player: integer ≥ 0}``; returns the valid entries."""
    if not isinstance(obj, dict):
        c.add("type", f"{where} is {_json_type(obj)}; it must be an object of players and {what}.")
        return {}
    good: dict[str, int] = {}
    for p, n in obj.items():
        if players is not None and p not in players:
            c.add("unknown-player", f"{where} names {_q(p)}, who is not in players.")
        if c.count(n, f"{where}[{_q(p)}]", what):
            good[p] = n
    return good


def _check_caverns(c: _Check, doc: dict[str, Any], players: set[str] | None) -> set[str] | None:
    """The cavern ids (None when they cannot all be read: Hall ids are then not checked against them)."""
    if "caverns" not in doc:
        return None
    cs = doc["caverns"]
    if not isinstance(cs, list):
        c.add("type", f"'caverns' is {_json_type(cs)}; it must be a list of caverns.")
        return None
    ids: set[str] = set()
    readable = True
    domains = numbers().domains
    for i, cav in enumerate(cs):
        if not isinstance(cav, dict):
            c.add("type", f"caverns[{i}] is {_json_type(cav)}; a cavern is an object.")
            readable = False
            continue
        cid = cav.get("id")
        where = f"caverns[{i}]" + (f" (id {_q(cid)})" if isinstance(cid, str) and cid else "")
        c.unknown_keys(cav, CAVERN_KEYS, where)
        if "id" not in cav:
            c.add("missing-key", f"{where} has no 'id'.")
            readable = False
        elif not isinstance(cid, str):
            c.add("type", f"{where} 'id' is {_json_type(cid)} ({_q(cid)}); a cavern's id is a string.")
            readable = False
        elif cid == "":
            c.add("empty-name", f"{where} has an empty 'id'.")
        elif cid in ids:
            c.add("duplicate-cavern", f"{where} repeats the id of an earlier cavern; each cavern's id is unique.")
        else:
            ids.add(cid)
        if "domain" not in cav:
            c.add("missing-key", f"{where} has no 'domain'.")
        elif not isinstance(cav["domain"], str):
            c.add("type", f"{where} 'domain' is {_json_type(cav['domain'])}; it must be a Domain's name.")
        elif cav["domain"] not in domains:
            c.add("unknown-domain", f"{where} 'domain' is {_q(cav['domain'])}; the Domains are {', '.join(domains)}.")
        trolls = _check_by_player(c, cav["trolls"], f"{where} trolls", players, "Trolls") if "trolls" in cav else {}
        gnomes = cav.get("gnomes", 0)
        if "gnomes" in cav and not c.count(gnomes, f"{where} gnomes", "a count of Gnome tokens"):
            gnomes = 0
        if gnomes >= 1 and any(n >= 1 for n in trolls.values()):
            who = ", ".join(f"{_q(p)} {n}" for p, n in trolls.items() if n >= 1)
            c.add("trolls-and-gnomes", f"{where} holds both Trolls ({who}) and {gnomes} {'Gnome' if gnomes == 1 else 'Gnomes'}; every battle is over when a Wave is scored, so one of them is a mistake.")
    return ids if readable else None


def _check_halls(c: _Check, halls: Any, ids: set[str] | None) -> None:
    if not isinstance(halls, list):
        c.add("type", f"'great_halls' is {_json_type(halls)}; it must be a list of Great Halls.")
        return
    values = numbers().great_hall_values
    for i, h in enumerate(halls):
        where = f"great_halls[{i}]"
        if not isinstance(h, dict):
            c.add("type", f"{where} is {_json_type(h)}; a Great Hall is an object.")
            continue
        c.unknown_keys(h, HALL_KEYS, where)
        if "value" not in h:
            c.add("missing-key", f"{where} has no 'value'.")
        elif not is_int(h["value"]):
            c.add("type", f"{where} 'value' is {_json_type(h['value'])} ({_q(h['value'])}); it must be an integer.")
        elif h["value"] not in values:
            c.add("hall-value", f"{where} 'value' is {h['value']}; Great Hall tokens are worth {', '.join(map(str, values[:-1]))} or {values[-1]}.")
        if "caverns" not in h:
            c.add("missing-key", f"{where} has no 'caverns'.")
            continue
        cs = h["caverns"]
        if not isinstance(cs, list):
            c.add("type", f"{where} 'caverns' is {_json_type(cs)}; it must be a list of cavern ids.")
            continue
        if not cs:
            c.add("hall-empty", f"{where} touches no cavern; list the ids of every cavern touching it.")
        seen: set[str] = set()
        for j, cid in enumerate(cs):
            if not isinstance(cid, str):
                c.add("type", f"{where} caverns[{j}] is {_json_type(cid)} ({_q(cid)}); a cavern's id is a string.")
                continue
            if cid in seen:
                c.add("hall-duplicate-cavern", f"{where} names the cavern {_q(cid)} twice.")
            elif ids is not None and cid not in ids:
                c.add("hall-unknown-cavern", f"{where} names the cavern {_q(cid)}, which is not in caverns.")
            seen.add(cid)


def _check_elders(c: _Check, elders: Any, players: set[str] | None) -> None:
    most = numbers().most_elders
    for p, n in _check_by_player(c, elders, "elders", players, "Elder symbols").items():
        if n > most:
            c.add("elders-range", f"elders[{_q(p)}] is {n}; the Elders chart ends at {most}, and the rulebook gives no Honour beyond it.")


def _check_clans(c: _Check, clans: Any, players: set[str] | None, wave3: bool) -> None:
    if not isinstance(clans, dict):
        c.add("type", f"'clans' is {_json_type(clans)}; it must be an object with the seven Clans.")
        return
    domains = numbers().domains
    for k in clans:
        if k not in domains:
            c.add("unknown-clan", f"clans has {_q(k)}, which is not a Clan; the Clans are {', '.join(domains)}.")
    missing = [d for d in domains if d not in clans]
    if wave3 and missing:
        c.add("missing-clan", f"clans lacks {_and(missing)}; all seven Clans are needed.")
    for k, clan in clans.items():
        where = f"clans[{_q(k)}]"
        if not isinstance(clan, dict):
            c.add("type", f"{where} is {_json_type(clan)}; a Clan is an object with 'tile' and 'votes'.")
            continue
        c.unknown_keys(clan, CLAN_KEYS, where)
        for key in CLAN_KEYS:
            if key not in clan:
                c.add("missing-key", f"{where} has no {_q(key)}.")
        if "tile" in clan:
            _check_tile(c, clan["tile"], f"{where} tile")
        if "votes" in clan:
            _check_votes(c, clan["votes"], f"{where} votes", players)


def _check_tile(c: _Check, tile: Any, where: str) -> None:
    if not isinstance(tile, list) or len(tile) != 3:
        c.add("type", f"{where} is {_q(tile)}; a Vote tile is three integers [first, second, third].")
        return
    ok = [c.count(x, f"{where}[{i}]", "Honour") for i, x in enumerate(tile)]
    if all(ok) and not tile[0] >= tile[1] >= tile[2]:
        c.add("tile-order", f"{where} is {_q(tile)}; a Vote tile gives first ≥ second ≥ third.")


def _check_votes(c: _Check, votes: Any, where: str, players: set[str] | None) -> None:
    if not isinstance(votes, list):
        c.add("type", f"{where} is {_json_type(votes)}; it must be a list of [player, votes] in track order.")
        return
    seen: set[str] = set()
    last: int | None = None
    for i, entry in enumerate(votes):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and is_int(entry[1])):
            c.add("type", f"{where}[{i}] is {_q(entry)}; a marker is [player, votes], a string and an integer.")
            continue
        p, n = entry
        if players is not None and p not in players:
            c.add("unknown-player", f"{where}[{i}] names {_q(p)}, who is not in players.")
        if n < 0:
            c.add("negative", f"{where}[{i}] gives {_q(p)} {n} Votes; Votes cannot be below 0.")
        if p in seen:
            c.add("duplicate-vote", f"{where}[{i}] names {_q(p)} again; each player has one marker on a plank.")
        seen.add(p)
        if last is not None and n > last:
            c.add("votes-order", f"{where}[{i}] has {n} Votes after {last}; list the markers in track order, most Votes first.")
        last = n if last is None else min(last, n)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


# --- the valid document as values --------------------------------------------------------------------


def _build(doc: dict[str, Any]) -> Wave:
    players = tuple(doc["players"])
    caverns = tuple(
        Cavern(id=c["id"], domain=c["domain"], trolls=dict(c.get("trolls", {})), gnomes=c.get("gnomes", 0))
        for c in doc["caverns"]
    )
    halls = tuple(Hall(h["value"], tuple(h["caverns"])) for h in doc.get("great_halls", ()))
    clans = {k: Clan(tuple(v["tile"]), tuple((p, n) for p, n in v["votes"])) for k, v in doc.get("clans", {}).items()}
    return Wave(
        wave=doc["wave"],
        players=players,
        caverns=caverns,
        honour_before=dict(doc.get("honour_before", {})),
        great_halls=halls,
        elders=dict(doc.get("elders", {})),
        clans=clans,
    )
