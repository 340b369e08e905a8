"""Pictures of the World: terrain colours, tile outlines, Cliffs as heavy lines, a legend.

Builds a :class:`companion.drawing.Scene`; the command line writes it as SVG or PNG and
the dashboard draws the same scene on its canvas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.drawing import Scene, readable_ink
from companion.hexgrid import PixelLayout
from companion.rise_and_fall.world.placement import TILE_NAMES
from companion.rise_and_fall.world.tale_cards import Marker, all_areas, all_tales
from companion.rise_and_fall.world.world import World

TERRAIN_COLOURS = {
    "sea": "#4a8fd1",
    "plains": "#d6df7a",
    "forest": "#3f8a3c",
    "mountain": "#9a8574",
    "glacier": "#eef5fa",
}
OUTLINE = "#2b2b2b"
CLIFF = "#1a1208"
PLAYER_COLOURS = {
    "red": "#d33b2c",
    "yellow": "#f2c12e",
    "green": "#2e9e4f",
    "blue": "#2a5db0",
    "purple": "#8a4fb5",
    "black": "#222222",
    "white": "#fafafa",
    "orange": "#ee7d22",
}


_HEX = re.compile(r"#[0-9a-fA-F]{6}")
UNKNOWN_COLOUR = "#999999"


def is_colour(colour: object) -> bool:
    """Colours are accepted only as ``#rrggbb`` or a known name (red, yellow, ...)."""
    return isinstance(colour, str) and (colour in PLAYER_COLOURS or _HEX.fullmatch(colour) is not None)


def colour_hex(colour: object) -> str:
    """A player's colour as drawn: ``#rrggbb`` for a known name or a ``#rrggbb`` value, grey for
    anything else (so nothing but a colour ever reaches a page, a canvas or a picture)."""
    if isinstance(colour, str) and colour in PLAYER_COLOURS:
        return PLAYER_COLOURS[colour]
    return colour if is_colour(colour) else UNKNOWN_COLOUR  # type: ignore[return-value]


@dataclass(frozen=True)
class WorldStyle:
    hex_size: float = 18.0
    outline_width: float = 1.4
    cliff_width: float = 4.0
    legend: bool = True
    background: str = "#f4efe4"


def layout_for(style: WorldStyle) -> PixelLayout:
    return PixelLayout(style.hex_size)


#: The Tales' special areas: an outline round their spaces and a badge with a short label.
AREA_COLOURS = {
    "sunken-city": "#1d4f7a", "orb-of-acceleration": "#c9a227", "swamp": "#5d6b3a", "volcano": "#a8321e",
    "storm-peak": "#5b6f8a", "gigantic-cavern": "#4a3b2f", "monastery": "#7d5ba6", "doppelgangers-house": "#2f6d6d",
    "thieves-lair": "#3a3a3a", "alchemists-tower": "#9c4f96", "caravansary": "#b5773a",
    "waterfall-bottom": "#2f8fb8", "waterfall-top": "#2f8fb8", "dolmens": "#6e6e6e", "typhoon": "#44505e",
}


def tale_marks(scene: Scene, world: World, markers: tuple[Marker, ...], style: WorldStyle) -> None:
    """Each special area drawn where it lies: its spaces outlined in its colour, and one label with
    its name on a box of that colour (the Waterfall's two tiles share one). The labels are at least
    12 CSS pixels high on a screen and never cover one another: a label whose spot is taken moves
    to a free one nearby."""
    lay = layout_for(style)
    areas = all_areas()
    tales = all_tales()
    places: list[tuple[str, list]] = []
    together: dict[int, int] = {}  # a Tale of several tiles placed together: its place in ``places``
    for i, t in enumerate(world.tiles):
        if t.spec.special_area:
            cells = [c for c in t.cells if world.top_index(c) == i]
            if not cells:
                continue
            a = areas[t.kind]
            if len(tales[a.tale].areas) > 1 and a.count(2) == 1:
                if a.tale in together:
                    places[together[a.tale]][1].extend(cells)
                    continue
                together[a.tale] = len(places)
            places.append((t.kind, cells))
    places += [(m.kind, [m.space]) for m in markers]
    for kind, cells in places:
        colour = AREA_COLOURS.get(kind, "#444444")
        for c in cells:  # the terrain stays visible: a special area has its terrain type
            scene.polygon(lay.corners(c), stroke=colour, width=style.hex_size * 0.16)
    for kind, cells in places:
        colour = AREA_COLOURS.get(kind, "#444444")
        pts = [lay.hex_to_pixel(c) for c in cells]
        x, y = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        size = style.hex_size * 0.55
        scene.text(x, y + style.hex_size * 0.2, areas[kind].label, size=size, color=readable_ink(colour), bold=True,
                   min_size=12, box=colour, clear=True)


def world_scene(world: World, style: WorldStyle = WorldStyle(), scene: Scene | None = None, markers: tuple[Marker, ...] = ()) -> Scene:
    """The World seen from above: each Space in its top terrain's colour, tile edges, Cliffs,
    and the Tales' special areas with their names."""
    scene = scene or Scene(background=style.background)
    lay = layout_for(style)
    for space, terrain in sorted(world.terrain_map().items()):
        scene.polygon(lay.corners(space), fill=TERRAIN_COLOURS[terrain], stroke=TERRAIN_COLOURS[terrain], width=0.6)
    for i in range(len(world.tiles)):
        vis = world.visible(i)
        for poly in getattr(vis, "geoms", [vis]):
            if poly.is_empty or poly.geom_type != "Polygon":
                continue
            for ring in [poly.exterior, *poly.interiors]:
                scene.polygon([lay.lattice_to_pixel(x, y) for x, y in ring.coords[:-1]], stroke=OUTLINE, width=style.outline_width)
    for cliff in world.cliffs():
        a, b = cliff.segment
        scene.line([lay.lattice_to_pixel(*a), lay.lattice_to_pixel(*b)], stroke=CLIFF, width=style.cliff_width)
    if markers or any(t.spec.special_area for t in world.tiles):
        tale_marks(scene, world, markers, style)
    if style.legend:
        add_legend(scene, world, style)
    return scene


def add_legend(scene: Scene, world: World, style: WorldStyle) -> None:
    x0, y0, x1, y1 = scene.bounds()
    x, y = x0, y1 + 2.2 * style.hex_size
    s = style.hex_size * 0.8
    entries = [(TILE_NAMES[t], TERRAIN_COLOURS[t]) for t in ("sea", "plains", "forest", "mountain", "glacier")]
    for label, colour in entries:
        scene.polygon([(x, y - s), (x + s, y - s), (x + s, y), (x, y)], fill=colour, stroke=OUTLINE, width=1)
        scene.text(x + s * 1.3, y - s * 0.2, label, size=s, anchor="start")
        x += s * 1.6 + len(label) * s * 0.62
    scene.line([(x, y - s / 2), (x + 2 * s, y - s / 2)], stroke=CLIFF, width=style.cliff_width)
    scene.text(x + 2.4 * s, y - s * 0.2, "Cliff", size=s, anchor="start")
