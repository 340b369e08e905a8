"""Check a layout under the rules of Creating the World: the tiles replayed in order, each judged as
the builder judges it (``python -m companion check``).

Above both the file (:mod:`.layout`) and the builder (:mod:`.builder`): a World with Tales is replayed
through the builder, so each special area is judged at its moment.
"""

from __future__ import annotations

from typing import Any

from companion.rise_and_fall.world import special_areas as A
from companion.rise_and_fall.world.builder import check_with_tales
from companion.rise_and_fall.world.layout import CheckReport, Layout
from companion.rise_and_fall.world.placement import Violation, is_complete, violation
from companion.rise_and_fall.world.tale_cards import all_areas, all_tales, parse_markers
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import World


def check(layout: Layout) -> CheckReport:
    """Replay the tiles in order under the rules of Creating the World (with the Tales' special
    areas, each at its moment, when the layout has Tales)."""
    if not layout.free and ("tales" in layout.extra or "tale_pieces" in layout.extra or any(t.spec.special_area for t in layout.tiles)):
        return check_with_tales(layout)
    world = World()
    players = layout.pool_players
    for i, t in enumerate(layout.tiles):
        v: Violation | None = _free_area_violation(world, layout.tiles[:i], t) if t.spec.special_area else violation(world, t, players)
        if v is not None:
            return CheckReport(False, False, i, v.rule, f"Tile {i} ({t.kind} at {t.q},{t.r}): {v.message}")
        world.place(t)
    v = _free_markers_violation(world, layout.extra.get("tale_pieces"))
    if v is not None:
        return CheckReport(False, False, None, v.rule, v.message)
    complete = is_complete(world, layout.players)
    if complete:
        msg = f"A complete {layout.players}-player World: all {len(layout.tiles)} tiles are legal."
    else:
        msg = f"All {len(layout.tiles)} tiles are legal so far; the {layout.players}-player pool is not all placed yet."
    return CheckReport(True, complete, None, None, msg)


def _free_area_violation(world: World, before: list[Tile], tile: Tile) -> Violation | None:
    """A special area in a free design: where it goes and what it goes on, as with its Tale (the
    Waterfall's top next to the last bottom tile placed); at any moment, as many as the table likes."""
    area = all_areas()[tile.kind]
    previous = None
    if area.with_previous:
        parts = all_tales()[area.tale].areas
        kind = parts[parts.index(area) - 1].kind
        previous = next((t for t in reversed(before) if t.kind == kind), None)
    return A.violation(world, (), area, tile, None, previous)


def _free_markers_violation(world: World, raw: Any) -> Violation | None:
    """The Dolmens and the Typhoon of a free design, each on a Space where its Tale allows it."""
    placed: tuple = ()
    for m in parse_markers(raw):
        v = A.violation(world, placed, all_areas()[m.kind], None, m.space)
        if v is not None:
            return v
        placed += (m,)
    return None
