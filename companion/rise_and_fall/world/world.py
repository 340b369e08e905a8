"""The World: terrain Tiles stacked in placement order, its Spaces, Cliffs and Regions.

The World knows what lies where; whether a placement is legal is decided in
:mod:`companion.rise_and_fall.world.placement`. Geometry for shapely (tile footprints, the
visible part of every tile, an STRtree) is kept up to date locally on each placement so
that validating a tile never redoes whole-World work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

import shapely
from shapely import STRtree
from shapely.geometry import Polygon

from companion.hexgrid import DIRECTIONS, Hex, connected_components, edge_segment
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world.tiles import Tile


@dataclass(frozen=True)
class Cliff:
    """The edge between two adjacent Spaces whose levels differ by 2 or more."""

    low: Hex
    high: Hex
    segment: tuple[tuple[int, int], tuple[int, int]]  # lattice coordinates


@dataclass(frozen=True)
class Region:
    """Adjacent Spaces of one terrain (Glacier counts as Mountain)."""

    terrain: str
    spaces: tuple[Hex, ...]
    value: int  # VP for the player who controls the Region: the sum of its Spaces' worth

    @property
    def size(self) -> int:
        return len(self.spaces)


class World:
    """Tiles in placement order, bottom layer first; each tile covers what lies under it."""

    def __init__(self, tiles: Iterable[Tile] = ()) -> None:
        self.tiles: list[Tile] = []
        self._stack: dict[Hex, list[int]] = {}
        self._footprints: list[Polygon] = []
        self._visible: list[Polygon] = []
        self._ground_parent: dict[int, int] = {}  # union-find over Sea-layer tiles
        self._ground_tree: STRtree | None = None
        self._ground_ids: list[int] = []
        self._visible_tree: STRtree | None = None
        self._outline: Polygon | None = None
        self._terrain: dict[Hex, str] = {}  # the top terrain of every Space
        self._groups: dict[str, set[Hex]] = {}  # Spaces by top terrain, and the 'rim', once asked
        self._shifted: dict[str, dict[Hex, set[Hex]]] = {}  # a group moved by -d, once asked
        for t in tiles:
            self.place(t)

    # --- building -------------------------------------------------------------------
    def place(self, tile: Tile) -> None:
        """Put ``tile`` on top of the World as it is, without checking any rule."""
        index = len(self.tiles)
        fp = tile.footprint
        for i in {self._stack[c][-1] for c in tile.cells if c in self._stack}:
            self._visible[i] = self._visible[i].difference(fp)
        self._keep_groups(tile)
        self.tiles.append(tile)
        self._footprints.append(fp)
        self._visible.append(fp)
        for c in tile.cells:
            self._stack.setdefault(c, []).append(index)
        if tile.spec.covers_empty:
            # the Sea-layer tiles it overlaps or shares an edge with (hexagons that meet at a
            # corner always share an edge): counted on Spaces, without the shapely index
            near = {self._stack[n][0] for c in tile.cells for n in (c, *_around(c)) if n in self._stack}
            self._ground_parent[index] = index
            near = {j for j in near if j in self._ground_parent and j != index}
            for j in sorted(near):
                self._union(index, j)
            self._ground_tree = None
            self._outline = None
        self._visible_tree = None

    def _keep_groups(self, tile: Tile) -> None:
        """Bring the top terrains, the asked groups and their shifted copies up to date."""
        terrain = tile.terrain
        changes: dict[str, tuple[set[Hex], set[Hex]]] = {}
        for c in tile.cells:
            old = self._terrain.get(c)
            self._terrain[c] = terrain
            if old is None:
                changes.setdefault("space", (set(), set()))[1].add(c)
            if old != terrain:
                if old is not None:
                    changes.setdefault(old, (set(), set()))[0].add(c)
                changes.setdefault(terrain, (set(), set()))[1].add(c)
        if "rim" in self._groups:
            rim = self._groups["rim"]
            gone = {c for c in tile.cells if c in rim}
            new = {n for c in tile.cells for n in _around(c) if n not in self._terrain and n not in rim}
            changes["rim"] = (gone, new)
        for group, (gone, new) in changes.items():
            members = self._groups.get(group)
            if members is None:
                continue
            members -= gone
            members |= new
            for (dq, dr), moved in self._shifted.get(group, {}).items():
                for q, r in gone:
                    moved.discard((q - dq, r - dr))
                for q, r in new:
                    moved.add((q - dq, r - dr))

    def group(self, name: str) -> set[Hex]:
        """The Spaces whose top terrain is ``name``, or for 'rim' the empty spaces next to the
        World, or for 'space' every Space of the World (kept up to date as tiles are placed; do not change the set)."""
        g = self._groups.get(name)
        if g is None:
            if name == "rim":
                g = {n for s in self._terrain for n in _around(s) if n not in self._terrain}
            elif name == "space":
                g = set(self._terrain)
            else:
                g = {s for s, t in self._terrain.items() if t == name}
            self._groups[name] = g
        return g

    def shifted(self, name: str, d: Hex) -> set[Hex]:
        """:meth:`group` moved by -d: the origins whose offset-d cell lies in the group
        (what the search for places asks once per shape offset; do not change the set)."""
        by_offset = self._shifted.setdefault(name, {})
        out = by_offset.get(d)
        if out is None:
            dq, dr = d
            out = by_offset[d] = {(q - dq, r - dr) for q, r in self.group(name)}
        return out

    def copy(self) -> "World":
        return World(self.tiles)

    def without(self, index: int) -> "World":
        """The World as if tile ``index`` had never been placed (later tiles kept in order)."""
        return World(t for i, t in enumerate(self.tiles) if i != index)

    # --- spaces ---------------------------------------------------------------------
    def __contains__(self, space: Hex) -> bool:
        return space in self._stack

    def spaces(self) -> Iterator[Hex]:
        return iter(self._stack)

    def bottom_index(self, space: Hex) -> int | None:
        """The Sea-layer tile a Space belongs to (the first tile placed there)."""
        stack = self._stack.get(space)
        return stack[0] if stack else None

    def top_index(self, space: Hex) -> int | None:
        stack = self._stack.get(space)
        return stack[-1] if stack else None

    def top_tile(self, space: Hex) -> Tile | None:
        i = self.top_index(space)
        return None if i is None else self.tiles[i]

    def terrain(self, space: Hex) -> str | None:
        """The top terrain of a Space, or None for an empty space."""
        return self._terrain.get(space)

    def level(self, space: Hex) -> int | None:
        t = self.terrain(space)
        return None if t is None else load_rules().level(t)

    def terrain_map(self) -> dict[Hex, str]:
        return dict(self._terrain)

    def count(self, kind: str) -> int:
        return sum(1 for t in self.tiles if t.kind == kind)

    def tiles_under(self, index: int) -> set[int]:
        """Tiles directly covered by tile ``index`` (its support)."""
        out = set()
        for c in self.tiles[index].cells:
            st = self._stack[c]
            k = st.index(index)
            if k > 0:
                out.add(st[k - 1])
        return out

    def is_uncovered(self, index: int) -> bool:
        return all(self._stack[c][-1] == index for c in self.tiles[index].cells)

    # --- geometry for shapely -------------------------------------------------------
    def footprint(self, index: int) -> Polygon:
        return self._footprints[index]

    def visible(self, index: int) -> Polygon:
        """The part of tile ``index`` not covered by later tiles."""
        return self._visible[index]

    def ground_tiles_touching(self, geom: Polygon) -> list[int]:
        """Sea-layer tiles that share at least an edge or an area with ``geom``."""
        tree = self._ground_index()
        return [self._ground_ids[k] for k in tree.query(geom, predicate="intersects")]

    def visible_tiles_under(self, geom: Polygon) -> list[int]:
        if self._visible_tree is None:
            self._visible_tree = STRtree(self._visible)
        return [int(k) for k in self._visible_tree.query(geom, predicate="intersects")]

    def ground_component(self, index: int) -> int:
        """Which connected part of the World's outline a Sea-layer tile belongs to."""
        parent = self._ground_parent
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    def outline(self) -> Polygon:
        """The union of all tiles: the World as seen from above, holes included (cached)."""
        if self._outline is None:
            self._outline = shapely.union_all([self._footprints[i] for i in self._ground_parent])
        return self._outline

    def _ground_index(self) -> STRtree:
        if self._ground_tree is None:
            self._ground_ids = sorted(self._ground_parent)
            self._ground_tree = STRtree([self._footprints[i] for i in self._ground_ids])
        return self._ground_tree

    def _union(self, a: int, b: int) -> None:
        ra, rb = self.ground_component(a), self.ground_component(b)
        if ra != rb:
            self._ground_parent[max(ra, rb)] = min(ra, rb)

    # --- what players see -----------------------------------------------------------
    def cliffs(self) -> list[Cliff]:
        """Every edge between adjacent Spaces whose levels differ by 2 or more."""
        rules = load_rules()
        levels = {s: rules.level(t) for s, t in self.terrain_map().items()}
        out = []
        for s, lv in levels.items():
            for d, (dq, dr) in enumerate(DIRECTIONS[:3]):  # each edge once
                n = (s[0] + dq, s[1] + dr)
                ln = levels.get(n)
                if ln is not None and abs(ln - lv) >= rules.cliff_difference:
                    low, high = (s, n) if lv < ln else (n, s)
                    out.append(Cliff(low, high, edge_segment(s, d)))
        return out

    def regions(self) -> list[Region]:
        """Every Region, largest first, then by terrain and first space (deterministic)."""
        return list(region_map(self.terrain_map()).regions)


def _around(h: Hex) -> Iterator[Hex]:
    q, r = h
    for dq, dr in DIRECTIONS:
        yield (q + dq, r + dr)


def top_terrain(tiles: Iterable[Tile]) -> dict[Hex, str]:
    """The top terrain of every Space, without building geometry (for scoring)."""
    out: dict[Hex, str] = {}
    for t in tiles:
        terrain = t.terrain
        for c in t.cells:
            out[c] = terrain
    return out


@dataclass(frozen=True)
class RegionMap:
    """Every Region of a World and, for each Space, the index of its Region."""

    regions: tuple[Region, ...]
    where: dict[Hex, int]


_REGION_MAPS: list[tuple[dict[Hex, str], RegionMap]] = []  # most recent first
_REGION_MAPS_KEPT = 8


def region_map(terrain: dict[Hex, str]) -> RegionMap:
    """The Regions of a World, walked once per World and reused across scorings.

    Regions depend only on the top terrains. The few most recent Worlds are kept, each with a
    copy of its terrain map, and a map equal to a kept one (compared as dictionaries, so a map
    changed in place is walked again) is answered without walking the Spaces."""
    for k, (seen, found) in enumerate(_REGION_MAPS):
        if seen == terrain:
            if k:
                _REGION_MAPS.insert(0, _REGION_MAPS.pop(k))
            return found
    regions = tuple(regions_of(terrain))
    found = RegionMap(regions, {s: k for k, g in enumerate(regions) for s in g.spaces})
    _REGION_MAPS.insert(0, (dict(terrain), found))
    del _REGION_MAPS[_REGION_MAPS_KEPT:]
    return found


def regions_of(terrain: dict[Hex, str]) -> list[Region]:
    """Regions of a map of top terrains (also used for position files without tiles)."""
    rules = load_rules()
    by_region_terrain: dict[str, list[Hex]] = {}
    for s, t in terrain.items():
        by_region_terrain.setdefault(rules.region_terrain(t), []).append(s)
    out = []
    for rt, cells in by_region_terrain.items():
        for group in connected_components(cells):
            spaces = tuple(sorted(group))
            out.append(Region(rt, spaces, sum(rules.vp_per_space(terrain[s]) for s in spaces)))
    out.sort(key=lambda g: (-g.size, g.terrain, g.spaces[0]))
    return out
