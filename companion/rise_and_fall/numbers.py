"""The printed numbers of Rise & Fall, read from ``rules.json`` (the only place they live)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from companion.hexgrid import Hex

PIECE_TYPES: tuple[str, ...] = ("nomad", "city", "ship", "mountaineer", "temple", "merchant")
TERRAINS: tuple[str, ...] = ("sea", "plains", "forest", "mountain", "glacier")


@dataclass(frozen=True)
class TileKind:
    """A kind of terrain tile: its shape (origin first), its layer and what it must cover."""

    id: str
    terrain: str
    layer: int
    base: str | None
    cells: tuple[Hex, ...]
    tale: int | None = None  # the Tale whose special area this tile is (tales.json), None for terrain

    @property
    def special_area(self) -> bool:
        return self.tale is not None

    @property
    def covers_empty(self) -> bool:
        """Starting Sea and Sea tiles go on empty table; the others cover a terrain."""
        return self.base is None


@dataclass(frozen=True, eq=False)
class RulesData:
    """The printed numbers of Rise & Fall (``rules.json``), with what the code asks of them."""

    raw: dict[str, Any]

    @property
    def tile_kinds(self) -> dict[str, TileKind]:
        return _tile_kinds(self)

    def pool(self, players: int) -> dict[str, int]:
        return dict(self.raw["tiles"]["pool_by_players"][str(players)])

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(int(k) for k in self.raw["tiles"]["pool_by_players"]))

    def level(self, terrain: str) -> int:
        return self.raw["terrain"]["level"][terrain]

    def region_terrain(self, terrain: str) -> str:
        return self.raw["terrain"]["region_terrain"][terrain]

    def vp_per_space(self, terrain: str) -> int:
        return self.raw["terrain"]["vp_per_space"][terrain]

    @property
    def cliff_difference(self) -> int:
        return self.raw["terrain"]["cliff_min_level_difference"]

    @property
    def pieces_per_player(self) -> dict[str, int]:
        return dict(self.raw["pieces"]["per_player"])

    def trophy_vp(self, piece_type: str) -> int:
        return self.raw["trophy_vp"]["values"][piece_type]

    def development_vp(self, piece_type: str, count: int) -> int:
        table = self.raw["development_vp"]["values"][piece_type]
        return table[min(count, len(table) - 1)]

    def decline_cost(self, trophies_claimed: int) -> int:
        table = self.raw["decline_cost"]["by_trophies_claimed"]
        if trophies_claimed <= 0:
            return table["1"]
        return table[str(min(trophies_claimed, max(int(k) for k in table)))]

    def economy_vp(self, gold: int) -> int:
        """'Each player gains 1 VP (Victory Point) for every 2 GP in their Treasury.'"""
        return gold // self.raw["economy"]["gp_per_vp"]

    @property
    def stands_on(self) -> dict[str, frozenset[str]]:
        """Where each piece type may stand, by terrain."""
        return {piece: frozenset(terrains) for piece, terrains in self.raw["stands_on"]["by_piece"].items()}

    @property
    def trophies_to_end(self) -> dict[int, str]:
        """The choices of Trophies that end the game, each with its label."""
        t = self.raw["trophies_to_end"]
        return {int(k): t["labels"][str(k)] for k in t["choices"]}

    @property
    def standard_trophies_to_end(self) -> int:
        return self.raw["trophies_to_end"]["standard"]

    @property
    def first_pieces(self) -> tuple[str, ...]:
        """The pieces each player places before the first turn."""
        return tuple(self.raw["first_pieces"]["types"])

    def bank_gold(self, players: int) -> int:
        bank = self.raw["bank"]
        total = sum(int(v) * n for v, n in bank["coins"].items())
        return total - 100 * bank["hundreds_removed_by_players"][str(players)]

    @property
    def treasury_limit(self) -> dict[str, int]:
        return dict(self.raw["bank"]["treasury_limit"])

    def starting_seas(self, players: int, arrangement: str = "by_players") -> list[tuple[int, int, int]]:
        """(q, r, rotation) of each Starting Sea; ``arrangement="before_the_pairs"`` for the first
        arrangement, on which Worlds begun before the pairs replay."""
        return [tuple(t) for t in self.raw["starting_seas"][arrangement][str(players)]]


@lru_cache(maxsize=None)
def _tile_kinds(rules: RulesData) -> dict[str, TileKind]:
    kinds = {}
    for kid, k in rules.raw["tiles"]["kinds"].items():
        kinds[kid] = TileKind(kid, k["terrain"], k["layer"], k["base"], tuple(tuple(c) for c in k["cells"]))
    # the special areas of the Tales are tiles too, after every terrain layer (tales.json)
    tales = json.loads(resources.files("companion.rise_and_fall").joinpath("data/tales.json").read_text(encoding="utf-8"))
    top = max(k.layer for k in kinds.values()) + 1
    for t in tales["tales"]:
        for a in t.get("areas", []):
            if not a.get("marker"):
                base = a["on"][0] if a["on"] else None
                kinds[a["kind"]] = TileKind(a["kind"], a["terrain"], top, base, tuple(tuple(c) for c in a["cells"]), t["number"])
    return kinds


@lru_cache(maxsize=1)
def load_rules() -> RulesData:
    text = resources.files("companion.rise_and_fall").joinpath("data/rules.json").read_text(encoding="utf-8")
    return RulesData(json.loads(text))
