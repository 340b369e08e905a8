"""The Tale buildings a position file places on the World: the Majestic Bridge, the Ports, the Floating Cities and
the Capital (``"buildings"`` of a position, docs/formats.md). Pure Python.

They are built during the game, so a layout (the World as created) never holds them; a position (the end of a
game) does. :func:`problems` checks where each stands and what stands with it, in the rulebook's words (each a
:class:`~companion.errors.Problem` with its rule id); :func:`terrain_changes` is what they change in the World
(a Floating City's space 'is now considered to be a normal Plains space'); :func:`majority_pieces` the Ports and
the Capital, which are game pieces of their owner in a Region's majority.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.errors import Problem
from companion.hexgrid import DIRECTIONS, Hex, neighbours
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.variants.tales import tales as T

#: The buildings a position may place, with the Tale each comes from.
TALES = {"bridge": 5, "port": 7, "floating-city": 9, "capital": 4}
#: The buildings of a player (``player`` required); the Bridge and the Floating City tiles belong to no one.
OWNED = ("port", "capital")
LAND_UNITS = ("nomad", "merchant", "mountaineer")
LABEL = {"bridge": "Majestic Bridge", "port": "Port", "floating-city": "Floating City", "capital": "Capital"}


@dataclass(frozen=True)
class Building:
    piece: str
    space: Hex
    player: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"piece": self.piece, "q": self.space[0], "r": self.space[1]}
        if self.player is not None:
            d["player"] = self.player
        return d


@lru_cache(maxsize=None)
def sentence(piece: str, start: str) -> str:
    """The rulebook's sentence of the building's Tale that begins with ``start`` (the Tale's text in tales.json)."""
    text = T.tale(TALES[piece]).text
    k = text.index(start)
    end = min((i for i in (text.find(". ", k), text.find(".\n", k)) if i >= 0), default=len(text) - 1)
    return text[k : end + 1]


def parse(raw: Any) -> tuple[list[Building], str | None]:
    """``[{"piece": "port", "player": "Red", "q": 1, "r": 0}, ...]`` read, or why it cannot be (None: absent)."""
    if raw is None:
        return [], None
    if not isinstance(raw, list):
        return [], "'buildings' must be a list of {\"piece\", \"q\", \"r\"} objects (a \"player\" for a Port or the Capital)."
    out = []
    for i, b in enumerate(raw):
        if not isinstance(b, dict) or type(b.get("q")) is not int or type(b.get("r")) is not int:
            return [], f"building {i} is {json.dumps(b)[:60]}; a building is {{\"piece\", \"q\", \"r\"}} with whole-number q and r."
        if b.get("piece") not in TALES:
            return [], f"building {i}: {json.dumps(b.get('piece'))[:40]} is not a building; they are {', '.join(TALES)}."
        player = b.get("player")
        if player is not None and not isinstance(player, str):
            return [], f"building {i}: 'player' is a player's name."
        out.append(Building(b["piece"], (b["q"], b["r"]), player))
    return out, None


def terrain_changes(buildings: list[Building], terrain: dict[Hex, str]) -> dict[Hex, str]:
    """'The Floating City space is now considered to be a normal Plains space.' (The space under the Bridge 'is
    still considered to be a Sea space', and 'The Port's space is always considered to be a Sea space'.)"""
    return {b.space: "plains" for b in buildings if b.piece == "floating-city" and b.space in terrain}


def majority_pieces(buildings: list[Building]) -> list[tuple[Hex, str]]:
    """The Ports and the Capital as one game piece of their owner each, for the majorities of the Regions."""
    return [(b.space, b.player) for b in buildings if b.piece in OWNED and b.player is not None]


def _at(b: Building) -> str:
    return f"The {LABEL[b.piece]} at {b.space[0]},{b.space[1]}"


def _spans(space: Hex, terrain: dict[Hex, str]) -> bool:
    """The Bridge's Sea space lies between two spaces of one land terrain in a straight line."""
    for dq, dr in DIRECTIONS[:3]:
        a, b = terrain.get((space[0] + dq, space[1] + dr)), terrain.get((space[0] - dq, space[1] - dr))
        if a == b and a in ("plains", "forest", "mountain"):
            return True
    return False


def problems(buildings: list[Building], terrain: dict[Hex, str], players: list[str], pieces: list[tuple[int, Hex, str, str]]
             ) -> list[Problem]:
    """Where each building stands and what stands on its space (``pieces``: index, space, player, type)."""
    out: list[Problem] = []
    seen: dict[Hex, Building] = {}
    counts: dict[tuple[str, str | None], int] = {}
    for b in buildings:
        t = terrain.get(b.space)
        if b.piece in OWNED and b.player not in players:
            out.append(Problem(f"{_at(b)} belongs to a player: {json.dumps(b.player)} is not one of the players.", "player"))
        if b.piece not in OWNED and b.player is not None:
            out.append(Problem(f"{_at(b)} belongs to no player; it has \"player\": {json.dumps(b.player)}.", "building-owner"))
        key = (b.piece, b.player if b.piece == "port" else None)
        counts[key] = counts.get(key, 0) + 1
        if t is None:
            out.append(Problem(f"{_at(b)}: that space is not in the World.", "space-in-world"))
            continue
        if b.space in seen:
            out.append(Problem(f"{_at(b)} and the {LABEL[seen[b.space].piece]} are on one space; each building has its own.",
                               "one-building-per-space"))
        seen.setdefault(b.space, b)
        if b.piece == "bridge":
            if t != "sea":
                out.append(Problem(f"{_at(b)} stands on {t}: '{sentence('bridge', 'Effect: The player returns')}'", "bridge"))
            elif not _spans(b.space, terrain):
                out.append(Problem(f"{_at(b)} links no two spaces of one terrain: '{sentence('bridge', 'Nomad Action')}'", "bridge"))
        elif b.piece == "port":
            if t != "sea":
                out.append(Problem(f"{_at(b)} stands on {t}: '{sentence('port', 'Effect: Remove the Nomad')}'", "port"))
            elif not any(terrain.get(n) == "plains" for n in neighbours(b.space)):
                out.append(Problem(f"{_at(b)} is adjacent to no Plains space: a Port is built from a Ship adjacent to a Plains "
                                   "space or by a Nomad on a Plains space, in an adjacent Sea space.", "port"))
        elif b.piece == "floating-city":
            if t != "sea":
                out.append(Problem(f"{_at(b)} stands on {t}: '{sentence('floating-city', 'Effect: Place a Floating City tile')}'",
                                   "floating-city"))
        elif b.piece == "capital" and t not in load_rules().stands_on["city"]:
            out.append(Problem(f"{_at(b)} stands on {t}: '{sentence('capital', 'Effect: The 4 Cities')}'", "capital"))
    n = len(players)
    for (piece, who), k in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        most = {"bridge": 1, "capital": 1, "port": 1, "floating-city": n + 1}[piece]
        if k > most:
            whose = f" of {who}" if who else ""
            out.append(Problem(f"There are {k} {LABEL[piece]}s{whose} in the World; the game has {most}"
                               f"{' per player' if piece == 'port' else ''}.", f"{piece}-count"))
    on = {b.space: b for b in buildings}
    for i, space, player, kind in pieces:
        b = on.get(space)
        if b is None:
            continue
        label = f"Piece {i} ({player} {kind} at {space[0]},{space[1]})"
        if b.piece == "bridge" and kind not in LAND_UNITS:
            out.append(Problem(f"{label}: it stands on the Majestic Bridge. '{sentence('bridge', 'A land unit can move')} "
                               f"{sentence('bridge', 'A Ship can pass under')}'", "bridge"))
        elif b.piece == "port" and (kind != "ship" or player != b.player):
            out.append(Problem(f"{label}: it stands on {b.player}'s Port. '{sentence('port', 'The Port can hold')} "
                               f"{sentence('port', 'However, a Ship can never')}'", "port"))
        elif b.piece == "capital":
            out.append(Problem(f"{label}: it stands on {b.player}'s Capital; the Capital has its space to itself.", "capital"))
    return out


def on_building(buildings: list[Building], space: Hex, kind: str) -> bool:
    """Whether the building on ``space`` decides alone what may stand there (so the terrain check is not asked): the
    Bridge (a land unit over a Sea space), a Port (its owner's Ship) and the Capital. A Floating City's space is
    Plains: the terrain check answers for it."""
    return any(b.space == space and b.piece != "floating-city" for b in buildings)
