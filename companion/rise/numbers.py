"""The printed numbers of Rise!, read from ``rules.json`` (the only place they live)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..hexgrid import Hex


@dataclass(frozen=True)
class Numbers:
    colours: tuple[str, str]
    first_player: str
    land_tiles: int
    workers_per_colour: int
    blocks: dict[str, int]
    tiers: tuple[str, ...]
    actions_per_turn: int
    first_turn_actions: int
    ring: int
    sacrifice: int
    towers_to_win: int
    start_tiles: tuple[Hex, ...]
    start_workers: dict[str, tuple[Hex, ...]]

    @property
    def top(self) -> int:
        """Tiers of a complete Tower."""
        return len(self.tiers)


@lru_cache(maxsize=1)
def numbers() -> Numbers:
    raw = json.loads(resources.files(__package__).joinpath("data/rules.json").read_text(encoding="utf-8"))
    start = raw["starting_formation"]
    return Numbers(
        colours=tuple(raw["colours"]),
        first_player=raw["first_player"],
        land_tiles=raw["land_tiles"],
        workers_per_colour=raw["workers_per_colour"],
        blocks=dict(raw["tower_blocks_per_colour"]),
        tiers=tuple(raw["tiers"]),
        actions_per_turn=raw["actions_per_turn"],
        first_turn_actions=raw["first_turn_actions"],
        ring=raw["ring"],
        sacrifice=raw["sacrifice"],
        towers_to_win=raw["towers_to_win"],
        start_tiles=tuple((q, r) for q, r in start["tiles"]),
        start_workers={c: tuple((q, r) for q, r in hs) for c, hs in start["workers"].items()},
    )
