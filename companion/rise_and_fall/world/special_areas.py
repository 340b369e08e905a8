"""Where a special area of the Tales may go: the rules of each Tale's Setup, as sentences.

"The player who places the area is the next one following the turn order in regards to the last
tile placed"; "A special area can never be covered by another terrain". The conditions named in
``tales.json`` are the small checks below; nothing else in the code names a tale.
"""

from __future__ import annotations

from companion.hexgrid import Hex, neighbours
from companion.rise_and_fall.world.placement import TILE_NAMES as TERRAIN_NAMES
from companion.rise_and_fall.world.placement import Violation
from companion.rise_and_fall.world.tale_cards import Area, Marker, all_areas, all_tales
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import World

RULE = "special-area"


def area_name(area: Area) -> str:
    t = all_tales()[area.tale]
    if len(t.areas) > 1:
        return f"the {'top' if area.with_previous else 'bottom'} tile of {t.name}"
    return t.name if t.name.startswith("The ") and area.kind != "volcano" else ("the Volcano" if area.kind == "volcano" else t.name)


def _on_words(area: Area) -> str:
    names = [TERRAIN_NAMES.get(t, t) for t in area.on]
    return " or ".join(n if n == "Sea" else n for n in names)


def special_area_at(world: World, space: Hex) -> Area | None:
    """The special area tile on top of ``space``, if any."""
    t = world.top_tile(space)
    return all_areas().get(t.kind) if t is not None and t.spec.special_area else None


def is_plains(world: World, space: Hex) -> bool:
    """A Plains space: a Swamp, 'of no type', is not one."""
    if world.terrain(space) != "plains":
        return False
    a = special_area_at(world, space)
    return a is None or a.region


def covering(world: World, cells, markers: tuple[Marker, ...] = ()) -> Violation | None:
    """'A special area can never be covered by another terrain.'"""
    for c in cells:
        a = special_area_at(world, c)
        if a is not None:
            return Violation(RULE, f"A special area can never be covered by another terrain; this would cover {area_name(a)}.", (c,))
    return None


def violation(world: World, markers: tuple[Marker, ...], area: Area, tile: Tile | None, space: Hex | None,
              previous: Tile | None = None) -> Violation | None:
    """Why ``area`` may not go there (a Tile, or for the Dolmens and the Typhoon a Space), or None."""
    name = area_name(area)
    name = name[0].upper() + name[1:]
    if area.marker:
        assert space is not None
        if space not in world:
            return Violation(RULE, f"{name} goes on a space of the World.", (space,))
        if any(m.space == space for m in markers):
            return Violation(RULE, f"{name} goes on an empty space; another special area lies there.", (space,))
        if "any" not in area.on:
            t = world.terrain(space)
            if t not in area.on:
                return Violation(RULE, f"{name} goes on a {_on_words(area)} space, not on a {TERRAIN_NAMES.get(t, t)} space.", (space,))
            if special_area_at(world, space) is not None:
                return Violation(RULE, f"{name} goes on a {_on_words(area)} space that is not a special area.", (space,))
        return None
    assert tile is not None
    cells = tile.cells
    if not area.on:  # the Sunken City: a hole surrounded by six Sea spaces
        c = cells[0]
        if c in world:
            return Violation(RULE, f"{name} goes in a hole, a space without a tile; this space holds a tile.", (c,))
        seas = sum(1 for n in neighbours(c) if world.terrain(n) == "sea")
        if seas < 6:
            return Violation(RULE, f"{name} goes in a hole surrounded by 6 Sea spaces; this space has {seas}.", (c,))
        return None
    v = covering(world, cells)
    if v is not None:
        return v
    wrong = [c for c in cells if world.terrain(c) not in area.on]
    if wrong:
        what = world.terrain(wrong[0])
        where = "an empty space" if what is None else f"a {TERRAIN_NAMES.get(what, what)} space"
        n = len(cells)
        each = "goes on a" if n == 1 else f"goes on {n}"
        return Violation(RULE, f"{name} {each} {_on_words(area)} space{'s' if n > 1 else ''}; {len(wrong)} of its spaces would be on {where}.", tuple(wrong))
    for cond in area.conditions:
        v = CONDITIONS[cond](world, area, name, cells, previous)
        if v is not None:
            return v
    return None


def _adjacent_plains(world: World, area: Area, name: str, cells, previous: Tile | None) -> Violation | None:
    own = set(cells)
    if any(is_plains(world, n) for c in cells for n in neighbours(c) if n not in own):
        return None
    return Violation(RULE, f"{name} must be adjacent to a Plains space.", tuple(cells))


def _apart(world: World, area: Area, name: str, cells, previous: Tile | None) -> Violation | None:
    for c in cells:
        for n in neighbours(c):
            a = special_area_at(world, n)
            if a is not None and a.kind == area.kind:
                return Violation(RULE, f"{name} may not be adjacent to another one.", (c, n))
    return None


def _adjacent_mountain(world: World, area: Area, name: str, cells, previous: Tile | None) -> Violation | None:
    if any(world.terrain(n) == "mountain" and special_area_at(world, n) is None for c in cells for n in neighbours(c)):
        return None
    return Violation(RULE, f"{name} goes on a Plains space adjacent to a Mountain space.", tuple(cells))


def _next_to_previous(world: World, area: Area, name: str, cells, previous: Tile | None) -> Violation | None:
    if previous is not None and any(n in previous.cells for c in cells for n in neighbours(c)):
        return None
    return Violation(RULE, f"{name} goes on the Mountain space next to the bottom tile.", tuple(cells))


CONDITIONS = {
    "adjacent-plains": _adjacent_plains,
    "apart-from-same": _apart,
    "adjacent-mountain": _adjacent_mountain,
    "next-to-previous": _next_to_previous,
    "surrounded-by-sea": lambda *a: None,  # checked with the hole above
}


def places(world: World, markers: tuple[Marker, ...], area: Area) -> list[Tile | Hex]:
    """Every place worth judging for ``area`` now (not yet judged): Tiles, or Spaces for the
    Dolmens and the Typhoon."""
    if area.marker:
        return sorted(world.spaces())
    if not area.on:
        empties = sorted({n for s in world.spaces() for n in neighbours(s) if n not in world})
        return [Tile(area.kind, q, r, 0) for q, r in empties]
    from companion.rise_and_fall.world.placement import candidate_tiles

    tiles = candidate_tiles(world, area.kind)
    if len(area.cells) == 1:
        tiles = [t for t in tiles if t.rotation == 0]
    return tiles


def judge(world: World, markers: tuple[Marker, ...], area: Area, place: Tile | Hex, previous: Tile | None = None) -> Violation | None:
    if area.marker:
        return violation(world, markers, area, None, place)  # type: ignore[arg-type]
    return violation(world, markers, area, place, None, previous)  # type: ignore[arg-type]


def candidates(world: World, markers: tuple[Marker, ...], area: Area, previous: Tile | None = None) -> list[Tile | Hex]:
    """Every legal place for ``area`` now: Tiles, or Spaces for the Dolmens and the Typhoon."""
    return [p for p in places(world, markers, area) if judge(world, markers, area, p, previous) is None]


def first_legal(world: World, markers: tuple[Marker, ...], area: Area, order, previous: Tile | None = None) -> Tile | Hex | None:
    """The first legal place of ``order`` (places of :func:`places`, in the order a chooser would
    take them), judged one at a time: a random World draws among the legal places without
    judging every one."""
    return next((p for p in order if judge(world, markers, area, p, previous) is None), None)


def has_hole(world: World) -> Hex | None:
    """A space without a tile whose six neighbours are all in the World (the Sunken City's hole)."""
    holes = [s for s in world.group("rim") if all(n in world for n in neighbours(s))]
    return min(holes) if holes else None
