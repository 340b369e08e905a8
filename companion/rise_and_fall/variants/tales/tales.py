"""The Tales variant: what the Tales do beyond Creating the World, as data and the few answers the rules
consult. Pure Python, no widgets.

The Tale cards themselves (every Tale, its special areas, the tile pool it changes, the draw) are the
World's data, in :mod:`companion.rise_and_fall.world.tale_cards`, and answer here too under the same names.
This module adds what the game and its scoring ask of them: where a piece may stand on a special area
(:func:`piece_problem`), the Spaces of each special area and those in no Region (:func:`area_spaces`,
:func:`outside_regions`), the creatures on the World (:func:`creatures`) and every Tale's effect on the
final score (:func:`end_game`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

from companion.errors import Problem
from companion.hexgrid import Hex, neighbours
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world.tale_cards import (
    TALE_TYPES,
    Area,
    Marker,
    Tale,
    all_areas,
    all_tales,
    area_names,
    area_of,
    check_drawn,
    components,
    draw,
    drawn_of,
    parse_markers,
    pool,
    setup_sentence,
    tale,
    tale_data,
)
from companion.rise_and_fall.world.tiles import Tile

#: The Tale cards (from the World's data) and what this module adds, under one name for the rules and the scoring.
__all__ = [
    "all_areas", "all_tales", "Area", "area_names", "area_of", "area_spaces", "built_types", "check_drawn",
    "components", "creature_notes", "creature_problems", "creature_space_rule", "creature_terrain", "creatures",
    "draw", "drawn_of", "END_GAME", "end_game", "Marker", "outside_regions", "parse_creatures", "parse_markers",
    "piece_problem", "pool", "setup_sentence", "Tale", "tale", "tale_data", "TALE_TYPES", "TaleBoard", "TaleLine",
]


def built_types() -> tuple[str, ...]:
    """The piece types that are built and so never stand on a special area, unless it says so."""
    return tuple(tale_data()["built_on_no_special_area"]["types"])


def piece_problem(kind: str, piece: str) -> str | None:
    """Why a piece of type ``piece`` cannot stand on the special area ``kind`` at the end, or None."""
    a = all_areas().get(kind)
    if a is None:
        return None
    if a.no_piece:
        return a.no_piece
    if piece in built_types() and piece not in a.may_build:
        return tale_data()["built_on_no_special_area"]["rule"]
    return None


# --- what lies where --------------------------------------------------------------------------
@lru_cache(maxsize=1)
def _special_kinds() -> frozenset[str]:
    return frozenset(k for k, spec in load_rules().tile_kinds.items() if spec.special_area)


def area_spaces(tiles: Iterable[Tile], markers: Iterable[Marker] = ()) -> dict[str, list[Hex]]:
    """The Spaces of each special area in the World (a tile's spaces while it is on top)."""
    tiles, markers = list(tiles), list(markers)
    if not markers and not any(t.kind in _special_kinds() for t in tiles):
        return {}  # a World without Tales: every scoring asks, so this answer is quick
    top: dict[Hex, Tile] = {}
    for t in tiles:
        for c in t.cells:
            top[c] = t
    out: dict[str, list[Hex]] = {}
    for s, t in top.items():
        if t.spec.special_area:
            out.setdefault(t.kind, []).append(s)
    for m in markers:
        out.setdefault(m.kind, []).append(m.space)
    return {k: sorted(v) for k, v in out.items()}


def outside_regions(tiles: Iterable[Tile], markers: Iterable[Marker] = ()) -> frozenset[Hex]:
    """Spaces in no Region: the Swamps ('do not count for Plains Regions'), the Volcano ('not part
    of any Mountain Region') and the Typhoon's space ('considered as being in no Region')."""
    areas = all_areas()
    return frozenset(s for k, spaces in area_spaces(tiles, markers).items() if not areas[k].region for s in spaces)


# --- the creatures at the end of the game ------------------------------------------------------
@lru_cache(maxsize=1)
def creatures() -> dict[str, dict[str, Any]]:
    """Every Creature that stands on a Space (the Dragon, the Leviathan, the Water Elemental) by its
    piece id: its Tale's number and name, the terrains it may stand on and what its Space counts as."""
    out = {}
    for t in tale_data()["tales"]:
        moves = t.get("event", {}).get("moves", {})
        if moves.get("setup_on") and not moves.get("marker"):
            out[moves["piece"]] = {"tale": t["number"], "name": t["name"], "label": moves["label"],
                                   "on": tuple(dict.fromkeys(moves["setup_on"] + moves["to"])), "space_is": moves.get("space_is")}
    return out


def parse_creatures(raw: Any) -> tuple[dict[str, Hex], str | None]:
    """Creatures from ``[{"piece": "water-elemental", "q": 2, "r": 0}]`` (the position file's and the
    scoring's ``creatures``): where each stands, or why the list cannot be read."""
    if raw is None:
        return {}, None
    known = creatures()
    shape = 'give the creatures as [{"piece": "water-elemental", "q": 2, "r": 0}]'
    if not isinstance(raw, list) or len(raw) > len(known):
        return {}, f"'creatures': {shape}, each creature once."
    out: dict[str, Hex] = {}
    for c in raw:
        if not (isinstance(c, dict) and type(c.get("q")) is int and type(c.get("r")) is int):
            return {}, f"'creatures': {shape}, with whole-number q and r."
        piece = c.get("piece")
        if piece not in known:
            names = ", ".join(f'"{k}"' for k in known)
            return {}, f"'creatures': {json.dumps(piece)[:40]} is not a creature; the creatures are {names}."
        if piece in out:
            return {}, f"'creatures': the {known[piece]['label']} is listed twice; there is one."
        out[piece] = (c["q"], c["r"])
    return out, None


def creature_problems(where: dict[str, Hex], terrain: dict[Hex, str]) -> list[str]:
    """Every creature on a Space of the World, on a terrain its Tale lets it stand on, one per Space."""
    out = []
    known = creatures()
    taken: dict[Hex, str] = {}
    for piece, s in where.items():
        spec = known[piece]
        t = terrain.get(s)
        if t is None:
            out.append(Problem(f"The {spec['label']} at {s[0]},{s[1]}: that space is not in the World.", "space-in-world"))
        elif t not in spec["on"]:
            out.append(Problem(f"The {spec['label']} at {s[0]},{s[1]} stands on {t}; it stands on {' or '.join(spec['on'])} ({spec['name']}).", "creature-terrain"))
        if s in taken:
            out.append(Problem(f"The {spec['label']} and the {known[taken[s]]['label']} are both on {s[0]},{s[1]}; a creature has a space of its own.", "creature-space"))
        taken.setdefault(s, piece)
    return out


def creature_space_rule() -> str:
    """'no other game piece can stop on that space' (a Creature's), for the position checks."""
    return tale_data()["creature_space"]["rule"]


def creature_terrain(where: dict[str, Hex], terrain: dict[Hex, str]) -> dict[Hex, str]:
    """The Spaces whose terrain counts differently while a creature stands there: the Water Elemental's
    'space is considered to be a part of the Sea Region' ('Sometimes, this situation can unite multiple
    Sea Regions into a single one, which has many impacts: ... and, of course, final scoring')."""
    known = creatures()
    out = {}
    for piece, s in where.items():
        becomes = known[piece]["space_is"] if piece in known else None
        if becomes and s in terrain and terrain[s] != becomes:
            out[s] = becomes
    return out


# --- end of the game ----------------------------------------------------------------------------
@dataclass(frozen=True)
class TaleLine:
    """One Tale's effect on one player's final score, as a line of the scorepad."""

    tale: int
    text: str
    vp: int

    def to_dict(self) -> dict[str, Any]:
        return {"tale": self.tale, "text": self.text, "vp": self.vp}


@dataclass(frozen=True)
class TaleBoard:
    """What the end-of-game Tales need: the Tales drawn, the World's tiles and markers, the
    pieces (space, player) and what each player entered (Tale Trophies, the Cathedral)."""

    drawn: tuple[int, ...]
    tiles: tuple[Tile, ...]
    markers: tuple[Marker, ...]
    pieces: tuple[tuple[Hex, str], ...]
    trophies: dict[str, tuple[int, ...]]  # player -> Tale numbers of the Tale Trophies they claimed
    entered: dict[str, tuple[str, ...]]  # player -> what they hold at the end ('cathedral')


def end_game(board: TaleBoard, players: list[str]) -> dict[str, list[TaleLine]]:
    """Every Tale's effect on the final score, per player, as lines of extra VP."""
    out: dict[str, list[TaleLine]] = {p: [] for p in players}
    known = all_tales()
    spaces = area_spaces(board.tiles, board.markers)
    for p in players:
        for n in board.trophies.get(p, ()):
            t = known.get(n)
            if t is not None and t.trophy_vp:
                out[p].append(TaleLine(n, f"{t.name}: its Trophy", t.trophy_vp))
    in_play = set(board.drawn) | {n for ns in board.trophies.values() for n in ns}
    for n in sorted(in_play | {8 for e in board.entered.values() if e}):
        t = known.get(n)
        if t is None:
            continue
        for kind, arg in t.end_game.items():
            for p, line in END_GAME[kind](t, arg, board, spaces, players).items():
                out[p].append(line)
    return out


def _count_near(board: TaleBoard, where: set[Hex]) -> dict[str, int]:
    c: dict[str, int] = {}
    for s, p in board.pieces:
        if s in where:
            c[p] = c.get(p, 0) + 1
    return c


def _around(spaces: list[Hex], on: bool) -> set[Hex]:
    near = {n for s in spaces for n in neighbours(s)} - set(spaces)
    return near | set(spaces) if on else near


def _entered(t: Tale, arg: dict, board: TaleBoard, spaces: dict, players: list[str]) -> dict[str, TaleLine]:
    """'The player controlling the Cathedral at the end of the game gains 15 VP.'"""
    return {p: TaleLine(t.number, f"{t.name}: controlled at the end", arg["vp"]) for p in players if arg["what"] in board.entered.get(p, ())}


def _majority(t: Tale, arg: dict, board: TaleBoard, spaces: dict, players: list[str]) -> dict[str, TaleLine]:
    """'The player with a clear majority of game pieces adjacent ...': more pieces than any other player."""
    where = spaces.get(arg["around"])
    if not where:
        return {}
    c = _count_near(board, _around(where, arg["on"]))
    if not c:
        return {}
    top = max(c.values())
    leaders = [p for p, v in c.items() if v == top]
    if len(leaders) != 1:
        return {}
    p = leaders[0]
    what = "adjacent to or on" if arg["on"] else "adjacent to"
    return {p: TaleLine(t.number, f"{t.name}: a clear majority of pieces {what} it ({top})", arg["vp"])}


def _per_space(t: Tale, arg: dict, board: TaleBoard, spaces: dict, players: list[str]) -> dict[str, TaleLine]:
    """'Each player with at least one unit in a Waterfall space gains 5 VP per Waterfall space occupied.'"""
    out = {}
    falls = {s for k in arg["spaces"] for s in spaces.get(k, [])}
    for p in players:
        n = len({s for s, q in board.pieces if q == p and s in falls})
        if n:
            out[p] = TaleLine(t.number, f"{t.name}: {n} of its spaces occupied × {arg['vp']} VP", n * arg["vp"])
    return out


def _most_shared(t: Tale, arg: dict, board: TaleBoard, spaces: dict, players: list[str]) -> dict[str, TaleLine]:
    """'the player with the most game pieces adjacent to the Volcano gains 30 VP. If multiple players
    are tied for the most, they share the 30 VP, rounded up.'"""
    where = spaces.get(arg["around"])
    if not where:
        return {}
    c = _count_near(board, _around(where, False))
    if not c:
        return {}
    top = max(c.values())
    leaders = [p for p, v in c.items() if v == top]
    vp = -(-arg["vp"] // len(leaders))
    shared = f", shared by {len(leaders)}" if len(leaders) > 1 else ""
    return {p: TaleLine(t.number, f"{t.name}: the most pieces adjacent to it ({top}){shared}", vp) for p in leaders}


END_GAME = {"entered": _entered, "majority": _majority, "per_space_occupied": _per_space, "most_shared": _most_shared}


def creature_notes(where: dict[str, Hex], terrain: dict[Hex, str]) -> list[str]:
    """A sentence for each creature whose Space counts as another terrain at the scoring."""
    known = creatures()
    changed = creature_terrain(where, terrain)
    return [f"The {known[k]['label']} ({known[k]['label'][0]} on the board) stands on a {terrain[s].title()} space: as long as it "
            f"remains there, its space is considered to be a part of the {changed[s].title()} Region, here too."
            for k, s in where.items() if s in changed]
