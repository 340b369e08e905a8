"""Position files (``rise-and-fall/position``, version 1): the end of a game, for scoring.

A position holds the World's Spaces (or a whole layout), every player's Treasury, Trophies
and Decline, and every piece with its Space. :func:`problems` lists every reason it cannot
be the end of a real game; :func:`parse_position` refuses a file with the first of them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from companion.errors import FileFormatError, Problem, rule_of
from companion.hexgrid import Hex
from companion.jsonfile import read_json
from companion.rise_and_fall.numbers import PIECE_TYPES, TERRAINS, load_rules
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.tales import buildings as B
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.world import layout as layout_file
from companion.rise_and_fall.world.views import is_colour
from companion.rise_and_fall.world.world import top_terrain

FORMAT = "rise-and-fall/position"
VERSION = 1
#: Limits of the file (docs/formats.md).
MAX_SPACES = 5000
MAX_PIECES = 1000
MAX_PLAYERS = 8
MAX_NAME = 40
MAX_GOLD = 1_000_000

#: Where each piece type may stand (``stands_on`` in rules.json).
STANDS_ON: dict[str, frozenset[str]] = load_rules().stands_on


@dataclass
class PlayerState:
    name: str
    gold: int = 0
    trophies: list[str] = field(default_factory=list)
    decline: list[str] = field(default_factory=list)
    wood: int = 0
    stone: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    extinct: bool = False  # 'That player has lost the game': never a winner
    guilds: list[str] = field(default_factory=list)  # the Guild variant: the player's Guild cards (ids)
    tale_trophies: list[int] = field(default_factory=list)  # the Tales: numbers of the Tale Trophies claimed
    cathedral: bool = False  # the Tales: controls the Cathedral at the end of the game


@dataclass(frozen=True)
class Piece:
    space: Hex
    player: str
    type: str


@dataclass
class Position:
    terrain: dict[Hex, str]
    players: list[PlayerState]
    pieces: list[Piece]
    layout: layout_file.Layout | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    creatures: dict[str, Hex] = field(default_factory=dict)  # the Tales: where each Creature stands at the end
    buildings: list[B.Building] = field(default_factory=list)  # the Tales: Bridge, Ports, Floating Cities, Capital

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    # --- the Tales ---------------------------------------------------------------------
    def tale_tiles(self) -> tuple:
        return tuple(self.layout.tiles) if self.layout is not None else ()

    def tale_markers(self) -> tuple[T.Marker, ...]:
        return T.parse_markers(self.layout.extra.get("tale_pieces")) if self.layout is not None else ()

    def tales_drawn(self) -> tuple[int, ...]:
        return T.drawn_of(self.layout.extra) if self.layout is not None else ()

    def region_terrain(self) -> dict[Hex, str]:
        """The terrain of the Spaces that belong to Regions: without the Tales' Swamps, Volcano
        and Typhoon, and with the Water Elemental's Space as Sea (the same dictionary when the
        Tales change nothing)."""
        outside = T.outside_regions(self.layout.tiles, self.tale_markers()) if self.layout is not None else frozenset()
        changed = self._changed_terrain()
        if not outside and not changed:
            return self.terrain
        return {s: changed.get(s, t) for s, t in self.terrain.items() if s not in outside}

    def standing_terrain(self) -> dict[Hex, str]:
        """The terrain each piece stands on: the Water Elemental's Space counts as Sea while it is there."""
        changed = self._changed_terrain()
        return {**self.terrain, **changed} if changed else self.terrain

    def _changed_terrain(self) -> dict[Hex, str]:
        """The Floating Cities' spaces as Plains, then the Water Elemental's as Sea."""
        out = B.terrain_changes(self.buildings, self.terrain) if self.buildings else {}
        if self.creatures:
            out.update(T.creature_terrain(self.creatures, {**self.terrain, **out}))
        return out

    def majority_pieces(self) -> list[tuple[Hex, str]]:
        """Every game piece of a player for a majority: the pieces, then the Ports and the Capital (one each)."""
        mine = [(pc.space, pc.player) for pc in self.pieces]
        return mine + B.majority_pieces(self.buildings) if self.buildings else mine

    def counts(self) -> dict[str, dict[str, int]]:
        """Pieces in the World per player and type."""
        out = {p.name: dict.fromkeys(PIECE_TYPES, 0) for p in self.players}
        for pc in self.pieces:
            mine = out.get(pc.player)
            if mine is not None and pc.type in mine:
                mine[pc.type] += 1
        return out

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.layout is not None:
            doc["layout"] = self.layout.to_dict()
        else:
            doc["spaces"] = [[q, r, t] for (q, r), t in sorted(self.terrain.items())]
        doc["players"] = []
        for p in self.players:
            d: dict[str, Any] = {"name": p.name, "gold": p.gold, "trophies": list(p.trophies), "decline": list(p.decline)}
            if p.wood:
                d["wood"] = p.wood
            if p.stone:
                d["stone"] = p.stone
            if p.extinct:
                d["extinct"] = True
            if p.guilds:
                d["guilds"] = list(p.guilds)
            if p.tale_trophies:
                d["tale_trophies"] = list(p.tale_trophies)
            if p.cathedral:
                d["cathedral"] = True
            d.update(p.extra)
            doc["players"].append(d)
        doc["pieces"] = [[pc.space[0], pc.space[1], pc.player, pc.type] for pc in self.pieces]
        if self.creatures:
            doc["creatures"] = [{"piece": k, "q": s[0], "r": s[1]} for k, s in self.creatures.items()]
        if self.buildings:
            doc["buildings"] = [b.to_dict() for b in self.buildings]
        doc.update(self.extra)
        return doc

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"


def problems(pos: Position) -> list[str]:
    """Every reason this cannot be the end of a game, each a sentence naming piece or player."""
    rules = load_rules()
    owned = rules.pieces_per_player
    out: list[str] = []
    names = [p.name for p in pos.players]
    claimed: dict[str, str] = {}
    out += _guild_problems(pos)
    out += _tale_problems(pos)
    out += T.creature_problems(pos.creatures, pos.terrain)
    if pos.buildings:
        out += B.problems(pos.buildings, pos.terrain, [p.name for p in pos.players],
                          [(i, pc.space, pc.player, pc.type) for i, pc in enumerate(pos.pieces)])
    guild_game = any(p.guilds for p in pos.players)
    held = {p.name: tuple(p.guilds) for p in pos.players}
    for p in pos.players:
        if type(p.gold) is not int or not 0 <= p.gold <= MAX_GOLD:
            out.append(Problem(f"Player {p.name}: gold is {layout_file.shown(p.gold)}; it must be a whole number of GP from 0 to {MAX_GOLD:,}.", "gold"))
        for res in ("wood", "stone"):
            v = getattr(p, res)
            limit = G.treasury_limit(p.guilds)[res]
            if type(v) is not int or not 0 <= v <= limit:
                out.append(Problem(f"Player {p.name}: {res} is {layout_file.shown(v)}; a Treasury holds 0 to {limit}.", "treasury-limit"))
        for t in p.trophies:
            if t not in PIECE_TYPES:
                out.append(Problem(f"Player {p.name}: {json.dumps(t)} is not a Trophy; Trophies are {', '.join(PIECE_TYPES)}.", "trophy"))
            elif t in claimed:
                who = "twice by " + p.name if claimed[t] == p.name else f"by both {claimed[t]} and {p.name}"
                out.append(Problem(f"The {t} Trophy is claimed {who}; each Trophy can only be claimed once.", "one-trophy"))
            else:
                claimed[t] = p.name
        for t in p.decline:
            if t not in PIECE_TYPES:
                out.append(Problem(f"Player {p.name}: {json.dumps(t)} in Decline is not a Civilization card; cards are {', '.join(PIECE_TYPES)}.", "decline-card"))
        if len(set(p.decline)) != len(p.decline):
            out.append(Problem(f"Player {p.name}: a card is listed twice in Decline.", "decline-card"))
    seen_names = set()
    for n in names:
        if n in seen_names:
            out.append(Problem(f"Two players are called {n}; names must differ.", "player-names"))
        seen_names.add(n)
    if not _TERRAIN_SET.issuperset(pos.terrain.values()):
        for s, t in pos.terrain.items():
            if t not in TERRAINS:
                out.append(Problem(f"Space {s[0]},{s[1]}: {json.dumps(t)} is not a terrain; terrains are {', '.join(TERRAINS)}.", "terrain"))
    terrain_of = pos.standing_terrain()
    creature_at = {s: k for k, s in pos.creatures.items()}
    first_on: dict[Hex, int] = {}  # the index of the first piece seen on each Space
    shared: dict[Hex, list[Piece]] = {}  # Spaces holding more than one piece
    for i, pc in enumerate(pos.pieces):
        space = pc.space
        if pc.player not in seen_names:
            out.append(Problem(f"{_label(i, pc)}: there is no player called {pc.player}.", "player"))
            continue
        stands = STANDS_ON.get(pc.type)
        if stands is not None and guild_game:
            stands = G.stands_on(pc.type, held[pc.player], guild_game)
        if stands is None:
            out.append(Problem(f"{_label(i, pc)}: {json.dumps(pc.type)} is not a piece type; types are {', '.join(PIECE_TYPES)}.", "piece-type"))
            continue
        terrain = terrain_of.get(space)
        if terrain is None:
            out.append(Problem(f"{_label(i, pc)}: that space is not in the World.", "space-in-world"))
            continue
        if pos.buildings and B.on_building(pos.buildings, space, pc.type):
            pass  # the building's own rule (buildings.problems) says what may stand there
        elif space in creature_at:
            out.append(Problem(f"{_label(i, pc)}: it stands on the {_creature_on(pos, space)}'s space. '{T.creature_space_rule()}'",
                               "creature-space"))
        elif terrain not in stands and terrain in TERRAINS:
            where = " or ".join(sorted(stands))
            why = "" if terrain == pos.terrain.get(space) else f" (the {_creature_on(pos, space)}'s space counts as {terrain} while it is there)"
            out.append(Problem(f"{_label(i, pc)}: a {pc.type} cannot stand on {terrain}{why}; it stands on {where}.", "stands-on"))
        before = first_on.setdefault(space, i)
        if before != i:
            shared.setdefault(space, [pos.pieces[before]]).append(pc)
    for s, pcs in sorted(shared.items(), key=lambda item: first_on[item[0]]):
        if sorted(p.type for p in pcs) != ["city", "merchant"]:
            what = ", ".join(f"{p.player} {p.type}" for p in pcs)
            out.append(Problem(f"Space {s[0]},{s[1]} holds {what}; one piece per space, except one City with one Merchant.", "one-piece-per-space"))
    for name, per_type in pos.counts().items():
        for t, n in per_type.items():
            if n > owned[t]:
                out.append(Problem(f"Player {name} has {n} {t} pieces in the World; each player owns {owned[t]}.", "pieces-per-player"))
    return out


_TERRAIN_SET = frozenset(TERRAINS)


def _guild_problems(pos: Position) -> list[str]:
    """Guild cards: known ones, each in front of one player at most."""
    out: list[str] = []
    known = G.all_guilds()
    owner: dict[str, str] = {}
    for p in pos.players:
        for g in p.guilds:
            if g not in known:
                out.append(Problem(f"Player {p.name}: {json.dumps(g)} is not a Guild card; Guild cards are {', '.join(known)}.", "guild-card"))
            elif g in owner:
                out.append(Problem(f"The {known[g].name} Guild card is in front of {owner[g]} and {p.name}; there is one of each.", "guild-card"))
            else:
                owner[g] = p.name
    return out


def _tale_problems(pos: Position) -> list[str]:
    """Tale Trophies and the Cathedral: real ones, each claimed by one player at most."""
    out: list[str] = []
    known = T.all_tales()
    owner: dict[int, str] = {}
    cathedral = [p.name for p in pos.players if p.cathedral]
    for p in pos.players:
        for n in p.tale_trophies:
            t = known.get(n)
            if t is None or not t.trophy_vp:
                with_trophy = ", ".join(f"{k} ({x.name})" for k, x in known.items() if x.trophy_vp)
                out.append(Problem(f"Player {p.name}: {json.dumps(n)} is not a Tale with a Trophy; those are {with_trophy}.", "tale-trophy"))
            elif n in owner:
                out.append(Problem(f"The Trophy of {t.name} is claimed by {owner[n]} and {p.name}; each Trophy can only be claimed once.", "one-trophy"))
            else:
                owner[n] = p.name
    if len(cathedral) > 1:
        out.append(Problem(f"{' and '.join(cathedral)} both control the Cathedral; 'There's only one Cathedral in the game'.", "one-in-game"))
    if pos.layout is not None and pos.pieces:
        where = T.area_spaces(pos.layout.tiles, pos.tale_markers())
        on = {s: k for k, spaces in where.items() for s in spaces}
        names = {k: T.all_tales()[a.tale].name for k, a in T.all_areas().items()}
        for i, pc in enumerate(pos.pieces):
            kind = on.get(pc.space)
            why = T.piece_problem(kind, pc.type) if kind else None
            if why:
                out.append(Problem(f"{_label(i, pc)}: it stands on {names[kind]}. '{why}'", "special-area-no-piece"))
    return out


def _creature_on(pos: Position, space: Hex) -> str:
    return next((T.creatures()[k]["label"] for k, s in pos.creatures.items() if s == space), "creature")


def _label(i: int, pc: Piece) -> str:
    return f"Piece {i} ({pc.player} {pc.type} at {pc.space[0]},{pc.space[1]})"


# --- reading -------------------------------------------------------------------------------
def _fail(source: str, msg: str) -> FileFormatError:
    return FileFormatError(f"{source}: {msg}")


def _int(v: Any) -> bool:
    return type(v) is int


def parse_position(doc: Any, source: str = "the position", check: bool = True) -> Position:
    if not isinstance(doc, dict):
        raise _fail(source, "a position must be a JSON object with format, version, players and pieces.")
    for key in ("format", "version", "players", "pieces"):
        if key not in doc:
            raise _fail(source, f"the key '{key}' is missing.")
    if doc["format"] != FORMAT:
        raise _fail(source, f"'format' is {json.dumps(doc['format'])}; a position file says \"{FORMAT}\".")
    if not _int(doc["version"]) or doc["version"] != VERSION:
        raise _fail(source, f"'version' is {json.dumps(doc['version'])}; this companion reads version {VERSION}.")
    layout = None
    if "layout" in doc:
        layout = layout_file.parse(doc["layout"], f"{source}, 'layout'")
        terrain = top_terrain(layout.tiles)
    elif "spaces" in doc:
        terrain = _spaces(doc["spaces"], source)
    else:
        raise _fail(source, "give the World as 'spaces' (q, r, terrain) or as a whole 'layout'.")
    if not isinstance(doc["players"], list) or not doc["players"]:
        raise _fail(source, "'players' must be a list of at least one player.")
    if len(doc["players"]) > MAX_PLAYERS:
        raise _fail(source, f"'players' lists {len(doc['players'])} players; a position has at most {MAX_PLAYERS}.")
    players = [_player(i, p, source) for i, p in enumerate(doc["players"])]
    if not isinstance(doc["pieces"], list):
        raise _fail(source, "'pieces' must be a list of [q, r, player, type].")
    if len(doc["pieces"]) > MAX_PIECES:
        raise _fail(source, f"'pieces' lists {len(doc['pieces'])} pieces; a position has at most {MAX_PIECES}.")
    pieces = []
    for i, pc in enumerate(doc["pieces"]):
        if not (isinstance(pc, list) and len(pc) == 4 and _int(pc[0]) and _int(pc[1]) and isinstance(pc[2], str) and isinstance(pc[3], str)):
            raise _fail(source, f"piece {i} is {layout_file.shown(pc, 60)}; a piece is [q, r, player name, type] with whole-number q and r.")
        if not _near(pc[0], pc[1]):
            raise _fail(source, f"piece {i} is at {layout_file.shown(pc[0], 16)},{layout_file.shown(pc[1], 16)}; {_LIMIT}")
        pieces.append(Piece((pc[0], pc[1]), pc[2], pc[3]))
    creatures, why = T.parse_creatures(doc.get("creatures"))
    if why:
        raise _fail(source, why)
    for piece, s in creatures.items():
        if not _near(*s):
            raise _fail(source, f"the {T.creatures()[piece]['label']} is at {s[0]},{s[1]}; {_LIMIT}")
    buildings, why = B.parse(doc.get("buildings"))
    if why:
        raise _fail(source, why)
    for b in buildings:
        if not _near(*b.space):
            raise _fail(source, f"the {B.LABEL[b.piece]} is at {b.space[0]},{b.space[1]}; {_LIMIT}")
    extra = {k: v for k, v in doc.items()
             if k not in ("format", "version", "spaces", "layout", "players", "pieces", "creatures", "buildings")}
    pos = Position(terrain, players, pieces, layout, extra, creatures, buildings)
    if check:
        found = problems(pos)
        if found:
            more = f" ({len(found) - 1} more problem{'s' if len(found) > 2 else ''} after this one.)" if len(found) > 1 else ""
            raise FileFormatError(f"{source}: {found[0]}{more}", rule=rule_of(found[0], "position"))
    return pos


def _spaces(spaces: Any, source: str) -> dict[Hex, str]:
    if not isinstance(spaces, list):
        raise _fail(source, "'spaces' must be a list of [q, r, terrain].")
    if len(spaces) > MAX_SPACES:
        raise _fail(source, f"'spaces' lists {len(spaces)} Spaces; a World has at most {MAX_SPACES}.")
    out: dict[Hex, str] = {}
    for i, s in enumerate(spaces):
        if not (isinstance(s, list) and len(s) == 3 and _int(s[0]) and _int(s[1]) and isinstance(s[2], str)):
            raise _fail(source, f"space {i} is {layout_file.shown(s, 60)}; a space is [q, r, terrain] with whole-number q and r.")
        if not _near(s[0], s[1]):
            raise _fail(source, f"space {i} is at {layout_file.shown(s[0], 16)},{layout_file.shown(s[1], 16)}; {_LIMIT}")
        if s[2] not in TERRAINS:
            raise _fail(source, f"space {i}: {json.dumps(s[2])} is not a terrain; terrains are {', '.join(TERRAINS)}.")
        if (s[0], s[1]) in out:
            raise _fail(source, f"space {i}: {s[0]},{s[1]} is listed twice.")
        out[(s[0], s[1])] = s[2]
    return out


_LIMIT = f"coordinates lie between -{layout_file.MAX_COORDINATE} and {layout_file.MAX_COORDINATE}."


def _near(q: int, r: int) -> bool:
    return abs(q) <= layout_file.MAX_COORDINATE and abs(r) <= layout_file.MAX_COORDINATE


def _player(i: int, p: Any, source: str) -> PlayerState:
    if not isinstance(p, dict):
        raise _fail(source, f"player {i} must be an object with name, gold, trophies and decline.")
    if not isinstance(p.get("name"), str) or not p["name"].strip():
        raise _fail(source, f"player {i} has no name.")
    name = p["name"]
    if len(name) > MAX_NAME:
        raise _fail(source, f"player {i}'s name is {len(name)} characters long; a name has at most {MAX_NAME}.")
    for key in ("colour", "color"):
        if key in p and not is_colour(p[key]):
            raise _fail(
                source,
                f"player {name}: '{key}' is {layout_file.shown(p[key])}; a colour is #rrggbb or a colour name (red, yellow, green, blue, ...).",
            )
    for key in ("trophies", "decline"):
        if key in p and not (isinstance(p[key], list) and all(isinstance(x, str) for x in p[key])):
            raise _fail(source, f"player {name}: '{key}' must be a list of piece types.")
    if "gold" not in p:
        raise _fail(source, f"player {name} has no 'gold'.")
    if type(p.get("extinct", False)) is not bool:
        raise _fail(source, f"player {name}: 'extinct' is true or false.")
    guilds = p.get("guilds", [])
    if not (isinstance(guilds, list) and len(guilds) <= 24 and all(isinstance(g, str) and len(g) <= 40 for g in guilds)):
        raise _fail(source, f"player {name}: 'guilds' must be a list of Guild card ids (e.g. \"farmers\").")
    tale_trophies = p.get("tale_trophies", [])
    if not (isinstance(tale_trophies, list) and len(tale_trophies) <= 23 and all(type(n) is int for n in tale_trophies)):
        raise _fail(source, f"player {name}: 'tale_trophies' must be a list of Tale numbers (e.g. [1, 4]).")
    if type(p.get("cathedral", False)) is not bool:
        raise _fail(source, f"player {name}: 'cathedral' is true or false.")
    known = ("name", "gold", "trophies", "decline", "wood", "stone", "extinct", "guilds", "tale_trophies", "cathedral")
    return PlayerState(
        name,
        p["gold"],
        list(p.get("trophies", [])),
        list(p.get("decline", [])),
        p.get("wood", 0),
        p.get("stone", 0),
        {k: v for k, v in p.items() if k not in known},
        p.get("extinct", False),
        list(guilds),
        list(tale_trophies),
        p.get("cathedral", False),
    )


def load_position(path: str | os.PathLike) -> Position:
    return parse_position(read_json(path), str(path))
