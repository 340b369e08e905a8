"""Where something is in the World, in the words players use at the table.

"Sea tile by the Starting Sea (north-west)" rather than "Sea tile at -9,-17": a tile is named by
the tiles it lies on and the tiles it touches, and by its side of the World (the compass as the
World is drawn, north at the top). Pure functions of a World and a Tile; no widgets.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable

from companion.hexgrid import Hex, neighbours
from companion.rise_and_fall.world.placement import TILE_NAMES
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import World
from companion.words import a_or_count, and_list

COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")
#: within this many Spaces of the middle of the World, a place is "in the middle"
MIDDLE = 2.5


def _xy(h: Hex) -> tuple[float, float]:
    """A Space's centre in units of one Space (pointy-top hexes, y down as drawn)."""
    q, r = h
    return q + r / 2, r * math.sqrt(3) / 2


def side_of(world: World, cells: Iterable[Hex]) -> str:
    """'north-west', 'south', ... or 'in the middle': where ``cells`` lie in ``world``."""
    spaces = list(world.terrain_map()) if world.tiles else []
    cells = list(cells)
    if not spaces or not cells:
        return ""
    mx = sum(_xy(s)[0] for s in spaces) / len(spaces)
    my = sum(_xy(s)[1] for s in spaces) / len(spaces)
    x = sum(_xy(c)[0] for c in cells) / len(cells) - mx
    y = sum(_xy(c)[1] for c in cells) / len(cells) - my
    if math.hypot(x, y) < MIDDLE:
        return "in the middle"
    angle = math.degrees(math.atan2(y, x)) % 360  # 0 = east, 90 = south (y grows downwards)
    return COMPASS[int((angle + 22.5) // 45) % 8]


def _tile_names(world: World, indices: Iterable[int]) -> str:
    """'the Starting Sea', 'a Forest tile', '2 Sea tiles and a Plains tile'."""
    kinds = Counter(world.tiles[i].kind for i in indices)
    parts = []
    for kind, n in sorted(kinds.items(), key=lambda kv: (-kv[1], TILE_NAMES.get(kv[0], kv[0]))):
        name = TILE_NAMES.get(kind, kind)
        if kind == "starting-sea":
            parts.append("the Starting Sea" if n == 1 else f"{n} Starting Seas")
        elif name.startswith("The "):  # a Tale's special area: 'the Orb of Acceleration', never 'a The …'
            parts.append("t" + name[1:] if n == 1 else f"{n} tiles of {name[0].lower() + name[1:]}")
        else:
            parts.append(a_or_count(n, f"{name} tile"))
    return and_list(parts)


def tile_place(world: World, tile: Tile) -> str:
    """Where ``tile`` goes in ``world`` (the World before it is placed): what it lies on, what it
    touches, and its side of the World. 'on a Plains tile, by 2 Sea tiles (north-west)'."""
    cells = set(tile.cells)
    under = {i for c in cells if (i := world.top_index(c)) is not None}
    touching = {i for c in cells for n in neighbours(c) if n not in cells and (i := world.top_index(n)) is not None} - under
    words = []
    if under:
        words.append(f"on {_tile_names(world, under)}")
    if touching:
        words.append(f"by {_tile_names(world, touching)}")
    if not words:
        words.append("on its own")
    side = side_of(world, cells)
    return ", ".join(words) + (f" ({side})" if side else "")


def space_place(world: World, space: Hex) -> str:
    """A Space in words: its terrain and its side of the World. 'a Forest Space (north-west)'."""
    top = world.top_tile(space)
    side = f" ({side})" if (side := side_of(world, [space])) else ""
    if top is not None and top.spec.special_area:  # 'a Space of The Swamp', never 'a Plains Space'
        return f"a Space of {TILE_NAMES.get(top.kind, top.kind)}{side}"
    terrain = TILE_NAMES.get(top.terrain, top.terrain) if top else "empty"
    return f"{a_or_count(1, terrain + ' Space')}{side}"
