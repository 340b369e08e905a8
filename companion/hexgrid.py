"""Pointy-top hexagons in axial coordinates, shared by every game of the dashboard.

Conventions follow Red Blob Games' hexagon guide. A space is ``(q, r)``; its six
neighbours differ by the entries of :data:`DIRECTIONS`. Hex corners are placed on an
integer *lattice* so that neighbouring hexagons share bit-identical corners and
shapely's unions and intersections are exact: the centre of ``(q, r)`` is
``(2q + r, 3r)`` and the corners are the centre plus :data:`CORNER_OFFSETS`.
One lattice unit is ``size * sqrt(3) / 2`` pixels across and ``size / 2`` down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Iterator

Hex = tuple[int, int]

#: Neighbour offsets, clockwise from east (screen y grows downwards).
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

#: Corner offsets on the lattice, clockwise from the top corner.
CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))

#: Area of one hexagon in lattice units (a 2x2 square and two triangles of area 1).
HEX_LATTICE_AREA = 6

#: For direction i, the indices of the two corners shared with that neighbour.
EDGE_CORNERS: tuple[tuple[int, int], ...] = ((1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 1))


def neighbours(h: Hex) -> Iterator[Hex]:
    q, r = h
    for dq, dr in DIRECTIONS:
        yield (q + dq, r + dr)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, steps: int) -> Hex:
    """Turn ``h`` about the origin by ``steps`` x 60 degrees clockwise."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q, r)


def ring(center: Hex, radius: int) -> list[Hex]:
    if radius == 0:
        return [center]
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    out = []
    for d in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    return [h for k in range(radius + 1) for h in ring(center, k)]


def lattice_center(h: Hex) -> tuple[int, int]:
    return (2 * h[0] + h[1], 3 * h[1])


def lattice_corners(h: Hex) -> list[tuple[int, int]]:
    cx, cy = lattice_center(h)
    return [(cx + dx, cy + dy) for dx, dy in CORNER_OFFSETS]


def edge_segment(h: Hex, direction: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The lattice segment between ``h`` and its neighbour in ``direction``."""
    corners = lattice_corners(h)
    i, j = EDGE_CORNERS[direction]
    return corners[i], corners[j]


def connected_components(cells: Iterable[Hex]) -> list[set[Hex]]:
    """Groups of edge-adjacent cells, in a deterministic order."""
    remaining = set(cells)
    groups: list[set[Hex]] = []
    for start in sorted(remaining):
        if start not in remaining:
            continue
        remaining.discard(start)
        group, stack = {start}, [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n in remaining:
                    remaining.discard(n)
                    group.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


@dataclass(frozen=True)
class PixelLayout:
    """Maps spaces to pixels and taps back to spaces, for a hex of ``size`` (centre to corner)."""

    size: float
    origin_x: float = 0.0
    origin_y: float = 0.0

    @property
    def unit_x(self) -> float:
        return self.size * math.sqrt(3) / 2

    @property
    def unit_y(self) -> float:
        return self.size / 2

    def lattice_to_pixel(self, x: float, y: float) -> tuple[float, float]:
        return (self.origin_x + x * self.unit_x, self.origin_y + y * self.unit_y)

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        return self.lattice_to_pixel(*lattice_center(h))

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        return [self.lattice_to_pixel(x, y) for x, y in lattice_corners(h)]

    def pixel_to_hex(self, px: float, py: float) -> Hex:
        """The space under a pixel, by exact cube rounding."""
        x = (px - self.origin_x) / self.unit_x  # = 2q + r
        y = (py - self.origin_y) / self.unit_y  # = 3r
        r = y / 3
        q = (x - r) / 2
        return cube_round(q, r)


def cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))
