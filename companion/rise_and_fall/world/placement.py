"""Is this Tile allowed here, now? The rules of "Creating the World", as rule ids of formats.md.

Two independent judges give the same verdicts:

* :func:`violation` measures with shapely (tile footprints on the exact hex lattice);
  it is what the app and the command line use;
* :func:`violation_by_spaces` counts Spaces in plain sets; the tests hold the two
  against each other on thousands of random placements, and :func:`legal_placements`
  uses it as a quick sieve before asking shapely.

``players`` is 2, 3 or 4 for a game World (tile pool and layer order apply) or ``None``
for free design (no pool, no turn order; what may cover what still applies).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator

import shapely
from shapely.geometry import Polygon

from companion.hexgrid import CORNER_OFFSETS, DIRECTIONS, EDGE_CORNERS, Hex, lattice_center, neighbours
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world.tale_cards import area_names
from companion.rise_and_fall.world.tiles import Tile, shape_cells, shape_polygon
from companion.rise_and_fall.world.world import World

RULE_ORDER = ("phase-order", "pool-exhausted", "overlap", "special-area", "wrong-base", "sea-touch", "enclosed")

TILE_NAMES = {
    "starting-sea": "Starting Sea",
    "sea": "Sea",
    "plains": "Plains",
    "forest": "Forest",
    "mountain": "Mountain",
    "glacier": "Glacier",
}

TILE_NAMES.update(area_names())  # the Tales' special areas

TERRAIN_NAMES = {"sea": "Sea", "plains": "Plain", "forest": "Forest", "mountain": "Mountain", "glacier": "Glacier"}


@dataclass(frozen=True)
class Violation:
    """Why a tile may not go where it was put, and the Spaces at fault."""

    rule: str
    message: str
    spaces: tuple[Hex, ...] = field(default=())


def _spaces(n: int) -> str:
    return f"{n} space" if n == 1 else f"{n} spaces"


# --- layer order and pool: shared by both judges -------------------------------------------
def layer_kinds() -> list[str]:
    """The terrain tile kinds in layer order (the Tales' special areas are not among them)."""
    kinds = load_rules().tile_kinds
    return sorted((k for k in kinds if not kinds[k].special_area), key=lambda k: kinds[k].layer)


def next_kind(world: World, players: int) -> str | None:
    """The kind of tile the table places next, or None when the whole pool is placed."""
    pool = load_rules().pool(players)
    for kind in layer_kinds():
        if world.count(kind) < pool[kind]:
            return kind
    return None


def is_complete(world: World, players: int) -> bool:
    return next_kind(world, players) is None


def order_violation_in(world: World, tile: Tile, players: int | None) -> Violation | None:
    """:func:`order_violation` for placing ``tile`` in ``world`` (None for a free design, with no player count)."""
    if players is None:
        return None
    pool = load_rules().pool(players)
    remaining = {k: pool[k] - world.count(k) for k in layer_kinds()}
    return order_violation(tile.kind, remaining, players)


def order_violation(kind: str, remaining: dict[str, int], players: int, pool: dict[str, int] | None = None) -> Violation | None:
    """``phase-order`` or ``pool-exhausted`` for a tile of ``kind``, given what is left to place
    (``pool``: the tile pool as the Tales drawn changed it)."""
    pool = pool or load_rules().pool(players)
    name = TILE_NAMES[kind]
    for earlier in layer_kinds():
        if earlier == kind:
            break
        if remaining[earlier] > 0:
            return Violation(
                "phase-order",
                f"A {name} tile cannot be placed yet: all {TILE_NAMES[earlier]} tiles come first "
                f"({remaining[earlier]} of {pool[earlier]} still to place).",
            )
    if remaining[kind] <= 0:
        return Violation("pool-exhausted", f"All {pool[kind]} {name} tiles of a {players}-player World are already placed.")
    return None


def _wrong_base_message(tile: Tile, faults: list[Hex], world: World) -> str:
    spec = tile.spec
    what: dict[str, int] = {}
    for c in faults:
        t = world.terrain(c)
        key = "empty" if t is None else TERRAIN_NAMES[t]
        what[key] = what.get(key, 0) + 1
    parts = []
    for key, n in what.items():
        article = ("an " if key == "empty" else "a ") if n == 1 else ""
        noun = "space" if n == 1 else "spaces"
        parts.append(f"{n} would cover {article}{key} {noun}")
    return (
        f"Every space of a {TILE_NAMES[tile.kind]} tile must cover a {TERRAIN_NAMES[spec.base]} space; "
        f"of its {len(tile.cells)} spaces, {' and '.join(parts)}."
    )


def _messages_overlap(tile: Tile, n: int) -> str:
    return (
        f"A {TILE_NAMES[tile.kind]} tile goes on empty table; "
        f"{n} of its {len(tile.cells)} spaces would cover tiles already in the World."
    )


def _message_touch(n: int) -> str:
    return (
        "The added Sea tile must touch at least 2 Sea tiles already present in the World; "
        f"this one touches {n}."
    )


def _message_special(world: World, space: Hex) -> str:
    top = world.top_tile(space)
    name = TILE_NAMES.get(top.kind, "a special area") if top else "a special area"
    return f"A special area can never be covered by another terrain; this tile would cover {name}."


def _message_enclosed(n: int) -> str:
    return f"You cannot close off a zone containing empty spaces; this tile would enclose {_spaces(n)}."


# --- the shapely judge -----------------------------------------------------------------------
def cells_inside(geom, cells) -> list[Hex]:
    """The cells whose hex centre lies inside ``geom`` (shapely, vectorised)."""
    cells = list(cells)
    if not cells or geom.is_empty:
        return []
    xs = [lattice_center(c)[0] for c in cells]
    ys = [lattice_center(c)[1] for c in cells]
    inside = shapely.contains_xy(geom, xs, ys)
    return [c for c, ok in zip(cells, inside) if ok]


def violation(world: World, tile: Tile, players: int | None = None, explain: bool = True) -> Violation | None:
    """The first rule ``tile`` breaks if placed on ``world`` now, judged with shapely.

    ``explain=False`` skips finding the enclosed Spaces for the message (for searches).
    """
    v = order_violation_in(world, tile, players)
    if v:
        return v
    fp = tile.footprint
    spec = tile.spec
    if spec.covers_empty:
        touching = world.ground_tiles_touching(fp)
        overlaps = [fp.intersection(world.footprint(i)) for i in touching]
        overlaps = [g for g in overlaps if g.area > 0]
        if overlaps:
            faults = cells_inside(shapely.union_all(overlaps), tile.cells)
            return Violation("overlap", _messages_overlap(tile, len(faults)), tuple(faults))
        if tile.kind != "starting-sea":
            sharing_edge = [i for i in touching if fp.intersection(world.footprint(i)).length > 0]
            if len(sharing_edge) < 2:
                return Violation("sea-touch", _message_touch(len(sharing_edge)), tuple(tile.cells))
        new_holes = _new_holes(world, fp, touching)
        if new_holes:
            enclosed = _enclosed_spaces(world, fp) if explain else []
            return Violation("enclosed", _message_enclosed(len(enclosed)), tuple(enclosed))
        return None
    under = world.visible_tiles_under(fp)
    areas = [g for i in under if world.tiles[i].spec.special_area and (g := fp.intersection(world.visible(i))).area > 0]
    if areas:
        faults = cells_inside(shapely.union_all(areas), tile.cells)
        return Violation("special-area", _message_special(world, faults[0]), tuple(faults))
    good = [fp.intersection(world.visible(i)) for i in under if world.tiles[i].terrain == spec.base]
    bad = fp.difference(shapely.union_all(good)) if good else fp
    if bad.area > 0:
        faults = cells_inside(bad, tile.cells)
        return Violation("wrong-base", _wrong_base_message(tile, faults, world), tuple(faults))
    return None


def _new_holes(world: World, fp: Polygon, touching: list[int]) -> int:
    """How many enclosed zones the World's outline gains when ``fp`` joins it.

    Euler characteristic: for a simply connected tile meeting the outline along k
    separate arcs that belong to m separate parts of the World, the union gains k - m holes.
    Only the tiles the new one touches are looked at.
    """
    if not touching:
        return 0
    contact = fp.boundary.intersection(shapely.union_all([world.footprint(i) for i in touching]))
    lines = [g for g in getattr(contact, "geoms", [contact]) if g.length > 0]
    if not lines:
        return 0
    merged = shapely.line_merge(shapely.MultiLineString(lines))
    arcs = list(getattr(merged, "geoms", [merged]))
    if len(arcs) == 1 and arcs[0].is_closed:
        return 0  # the tile fills a hole exactly
    k = len(arcs)
    m = len({world.ground_component(i) for i in touching})
    return max(0, k - m)


def _enclosed_spaces(world: World, fp: Polygon) -> list[Hex]:
    """The empty Spaces inside the holes that ``fp`` would create (only asked on failure)."""
    before = world.outline()
    after = shapely.union_all([before, fp])
    old = [Polygon(r) for r in getattr(before, "interiors", [])] + [
        Polygon(r) for g in getattr(before, "geoms", []) for r in g.interiors
    ]
    holes = [Polygon(r) for r in getattr(after, "interiors", [])] + [
        Polygon(r) for g in getattr(after, "geoms", []) for r in g.interiors
    ]
    new = [h for h in holes if not any(h.equals(o) for o in old)]
    out: list[Hex] = []
    for h in new:
        minx, miny, maxx, maxy = h.bounds
        cands = [
            (q, r)
            for r in range(int(miny // 3) - 1, int(maxy // 3) + 2)
            for q in range(int((minx - r) // 2) - 1, int((maxx - r) // 2) + 2)
        ]
        out.extend(cells_inside(h, cands))
    return sorted(set(out))


# --- the judge that counts Spaces ----------------------------------------------------------
def violation_by_spaces(world: World, tile: Tile, players: int | None = None) -> Violation | None:
    """Same verdict as :func:`violation`, from plain sets of Spaces (the reference)."""
    v = order_violation_in(world, tile, players)
    if v:
        return v
    cells = tile.cells
    spec = tile.spec
    if spec.covers_empty:
        faults = [c for c in cells if c in world]
        if faults:
            return Violation("overlap", _messages_overlap(tile, len(faults)), tuple(faults))
        if tile.kind != "starting-sea":
            n = len(touching_ground_tiles(world, cells))
            if n < 2:
                return Violation("sea-touch", _message_touch(n), tuple(cells))
        enclosed = enclosed_by_spaces(world, cells)
        if enclosed:
            return Violation("enclosed", _message_enclosed(len(enclosed)), tuple(enclosed))
        return None
    covered = [c for c in cells if (top := world.top_tile(c)) is not None and top.spec.special_area]
    if covered:
        return Violation("special-area", _message_special(world, covered[0]), tuple(covered))
    faults = [c for c in cells if world.terrain(c) != spec.base]
    if faults:
        return Violation("wrong-base", _wrong_base_message(tile, faults, world), tuple(faults))
    return None


def touching_ground_tiles(world: World, cells) -> set[int]:
    cellset = set(cells)
    return {
        world.bottom_index(n)
        for c in cellset
        for n in neighbours(c)
        if n not in cellset and n in world
    }


@lru_cache(maxsize=None)
def _outer_ring(kind: str, rotation: int) -> tuple[Hex, ...]:
    """The outside neighbour of each edge of the shape's outline, walking the outline once
    (a neighbour repeats when two edges in a row face it)."""
    shape = shape_cells(kind, rotation)
    facing: dict[frozenset, Hex] = {}
    for c in shape:
        x, y = lattice_center(c)
        corners = [(x + dx, y + dy) for dx, dy in CORNER_OFFSETS]
        for i, (dq, dr) in enumerate(DIRECTIONS):
            n = (c[0] + dq, c[1] + dr)
            if n not in shape:
                a, b = EDGE_CORNERS[i]
                facing[frozenset((corners[a], corners[b]))] = n
    ring = [(int(x), int(y)) for x, y in shape_polygon(kind, rotation).exterior.coords]
    return tuple(facing[frozenset((ring[k], ring[k + 1]))] for k in range(len(ring) - 1))


def new_holes_by_spaces(world: World, tile: Tile) -> int:
    """:func:`_new_holes` counted on Spaces: the runs of outline edges that face the World
    (arcs of contact), less the separate parts of the World they belong to."""
    q, r = tile.q, tile.r
    faces = [(q + dq, r + dr) in world for dq, dr in _outer_ring(tile.kind, tile.rotation)]
    if all(faces) or not any(faces):
        return 0
    k = sum(1 for j in range(len(faces)) if faces[j] and not faces[j - 1])  # runs, going round
    parts = {world.ground_component(world.bottom_index((q + dq, r + dr)))
             for (dq, dr), f in zip(_outer_ring(tile.kind, tile.rotation), faces) if f}
    return max(0, k - len(parts))


def enclosed_by_spaces(world: World, cells) -> list[Hex]:
    """Empty Spaces that adding ``cells`` would newly cut off from the open table."""
    cellset = set(cells)
    occupied = lambda h: h in world or h in cellset  # noqa: E731
    qs = [c[0] for c in world.spaces()] + [c[0] for c in cellset]
    rs = [c[1] for c in world.spaces()] + [c[1] for c in cellset]
    bounds = (min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1)
    ss = [-q - r for q, r in zip(qs, rs)]
    sbounds = (min(ss) - 1, max(ss) + 1)

    def outside(h: Hex) -> bool:
        q, r = h
        return not (bounds[0] <= q <= bounds[1] and bounds[2] <= r <= bounds[3] and sbounds[0] <= -q - r <= sbounds[1])

    def zone(start: Hex, blocked) -> set[Hex] | None:
        seen, stack = {start}, [start]
        while stack:
            h = stack.pop()
            if outside(h):
                return None
            for n in neighbours(h):
                if n not in seen and not blocked(n):
                    seen.add(n)
                    stack.append(n)
        return seen

    out: set[Hex] = set()
    for start in {n for c in cellset for n in neighbours(c) if not occupied(n)}:
        if start in out:
            continue
        z = zone(start, occupied)
        if z is not None and zone(start, lambda h: h in world) is None:
            out |= z
    return sorted(out)


# --- every legal place ---------------------------------------------------------------------
def candidate_tiles(world: World, kind: str) -> list[Tile]:
    """Every (origin, rotation) of ``kind`` whose Spaces pass the quick set sieve.

    With sets of Spaces: an origin fits when, for every cell offset d of the shape, origin + d
    lies on the right base (land tiles) or on an empty Space (Sea-layer tiles, which also
    touch the World). This runs for every tile of a random World, so it is set arithmetic.
    """
    return [Tile(kind, q, r, rot) for r, q, rot in candidate_places(world, kind)]


def candidate_places(world: World, kind: str) -> list[tuple[int, int, int]]:
    """:func:`candidate_tiles` as (r, q, rotation), in their order, without making the Tiles."""
    spec = load_rules().tile_kinds[kind]
    found: list[tuple[int, int, int]] = []
    for rot in range(6):
        shape = shape_cells(kind, rot)
        if spec.covers_empty:
            # the origins that put one cell next to the World, less those that put a cell on it
            if world.tiles:
                origins = set().union(*(world.shifted("rim", d) for d in shape))
                origins.difference_update(*(world.shifted("space", d) for d in shape))
            else:
                origins = {(-dq, -dr) for dq, dr in shape}
        else:
            origins = set.intersection(*(world.shifted(spec.base, d) for d in shape))
        found.extend((r, q, rot) for q, r in origins)
    found.sort()
    return found


def legal_placements(world: World, kind: str, players: int | None = None) -> list[Tile]:
    """Every Tile of ``kind`` that may be placed on ``world`` now."""
    return list(iter_legal_placements(world, kind, players))


def iter_legal_placements(world: World, kind: str, players: int | None = None) -> Iterator[Tile]:
    """:func:`legal_placements` one by one: whether there is one at all is known at the first."""
    if order_violation_in(world, Tile(kind, 0, 0, 0), players):
        return
    for t in candidate_tiles(world, kind):
        if fits(world, t):
            yield t


def fits(world: World, t: Tile) -> bool:
    """Whether a candidate of the sieve is a legal place. Judged on Spaces, whose verdict is shapely's
    (``tests/rise_and_fall/test_geometry_cross_check.py`` holds them to it); a Sea tile that passes is judged
    again with shapely. The tile a player places is judged with shapely (:func:`violation`) as it is placed."""
    if t.spec.covers_empty:
        if t.kind != "starting-sea" and len(touching_ground_tiles(world, t.cells)) < 2:
            return False  # the quick half of the Sea rule: it touches at least 2 tiles
        if new_holes_by_spaces(world, t):
            return False
        return violation(world, t, None, explain=False) is None
    return violation_by_spaces(world, t, None) is None


def covering_places(world: World, kind: str, space: Hex) -> list[tuple[int, int, int]]:
    """Those of :func:`candidate_places` whose tile covers ``space``, found from ``space`` alone:
    each rotation with each of its cells on ``space`` (a tap on a Space asks only these)."""
    spec = load_rules().tile_kinds[kind]
    found: set[tuple[int, int, int]] = set()
    for rot in range(6):
        shape = shape_cells(kind, rot)
        for dq, dr in shape:
            q, r = space[0] - dq, space[1] - dr
            cells = [(q + a, r + b) for a, b in shape]
            if not spec.covers_empty:
                ok = all(c in world.group(spec.base) for c in cells)
            elif world.tiles:
                ok = any(c in world.group("rim") for c in cells) and not any(c in world.group("space") for c in cells)
            else:
                ok = (0, 0) in cells
            if ok:
                found.add((r, q, rot))
    return sorted(found)


def legal_covering(world: World, kind: str, space: Hex) -> list[Tile]:
    """Every legal place of ``kind`` covering ``space``: :func:`legal_placements` of those covering
    it, in the same order, without searching the whole World."""
    if order_violation_in(world, Tile(kind, 0, 0, 0), None):
        return []
    return [t for t in (Tile(kind, q, r, rot) for r, q, rot in covering_places(world, kind, space)) if fits(world, t)]
