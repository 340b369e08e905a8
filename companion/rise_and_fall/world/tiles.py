"""Terrain Tiles as placed in the World: a kind, an origin Space and a rotation."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import shapely
from shapely.geometry import Polygon

from companion.hexgrid import Hex, lattice_corners, rotate
from companion.rise_and_fall.numbers import TileKind, load_rules


@dataclass(frozen=True)
class Tile:
    """One tile in the World. ``kind`` is a tile id of ``rules.json`` (``sea``, ``plains``, …)."""

    kind: str
    q: int
    r: int
    rotation: int = 0

    @property
    def spec(self) -> TileKind:
        return load_rules().tile_kinds[self.kind]

    @property
    def terrain(self) -> str:
        return self.spec.terrain

    @property
    def cells(self) -> tuple[Hex, ...]:
        return tuple((self.q + dq, self.r + dr) for dq, dr in shape_cells(self.kind, self.rotation))

    @property
    def footprint(self) -> Polygon:
        """The tile's outline on the hex lattice (exact integer corners)."""
        return shapely.transform(shape_polygon(self.kind, self.rotation), lambda xy: xy + _lattice_shift(self))

    def moved(self, q: int, r: int, rotation: int | None = None) -> "Tile":
        return Tile(self.kind, q, r, self.rotation if rotation is None else rotation)


def _lattice_shift(tile: Tile):
    import numpy as np

    return np.array([2 * tile.q + tile.r, 3 * tile.r], dtype=float)


@lru_cache(maxsize=None)
def shape_cells(kind: str, rotation: int) -> tuple[Hex, ...]:
    """The kind's cells turned ``rotation`` x 60 degrees clockwise about the origin cell."""
    return tuple(rotate(c, rotation) for c in load_rules().tile_kinds[kind].cells)


@lru_cache(maxsize=None)
def shape_polygon(kind: str, rotation: int) -> Polygon:
    return cells_polygon(shape_cells(kind, rotation))


def hex_polygon(h: Hex) -> Polygon:
    return Polygon(lattice_corners(h))


def cells_polygon(cells) -> Polygon:
    """Union of hexagons; exact because shared corners are identical integers."""
    return shapely.union_all([hex_polygon(c) for c in cells])
