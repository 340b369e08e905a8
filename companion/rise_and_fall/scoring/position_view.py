"""Pictures of a position: the World, every piece, and each Region in its controller's colour."""

from __future__ import annotations

import shapely

from companion.drawing import Scene
from companion.hexgrid import lattice_corners
from companion.rise_and_fall.scoring.position import Position
from companion.rise_and_fall.scoring.scoring import RegionScore, region_scores
from companion.rise_and_fall.world.views import (
    TERRAIN_COLOURS,
    WorldStyle,
    add_legend,
    colour_hex,
    is_colour,
    layout_for,
    world_scene,
)
from companion.rise_and_fall.world.world import World

PIECE_LETTERS = {"nomad": "N", "city": "C", "ship": "S", "mountaineer": "A", "temple": "T", "merchant": "M"}
FALLBACK = ["#d33b2c", "#f2c12e", "#2e9e4f", "#2a5db0", "#8a4fb5", "#ee7d22"]


def player_colours(pos: Position) -> dict[str, str]:
    out = {}
    for i, p in enumerate(pos.players):
        c = p.extra.get("colour") or p.extra.get("color") or p.name.lower()
        out[p.name] = colour_hex(c) if is_colour(c) else FALLBACK[i % len(FALLBACK)]
    return out


def terrain_scene(terrain: dict, style: WorldStyle) -> Scene:
    scene = Scene(background=style.background)
    lay = layout_for(style)
    for s, t in sorted(terrain.items()):
        scene.polygon(lay.corners(s), fill=TERRAIN_COLOURS[t], stroke="#2b2b2b", width=0.5)
    return scene


def central_space(spaces) -> tuple[int, int]:
    """The Space of a Region nearest its middle, where its number or label is drawn."""
    cells = sorted(spaces)
    q = sum(c[0] for c in cells) / len(cells)
    r = sum(c[1] for c in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - q) ** 2 + (c[1] - r) ** 2 + (c[0] - q) * (c[1] - r), c))


def region_outline(r: RegionScore) -> list[list[tuple[int, int]]]:
    poly = shapely.union_all([shapely.Polygon(lattice_corners(s)) for s in r.region.spaces])
    rings = []
    for p in getattr(poly, "geoms", [poly]):
        rings.append(list(p.exterior.coords[:-1]))
    return rings


def position_scene(pos: Position, style: WorldStyle = WorldStyle(hex_size=22.0), highlight: int | None = None) -> Scene:
    """The World with every piece, Regions outlined in their controller's colour.

    ``highlight`` (a Region index) draws that Region alone in bold, for the Region-by-Region walk.
    """
    if pos.layout is not None:
        scene = world_scene(World(pos.layout.tiles), WorldStyle(hex_size=style.hex_size, legend=False), markers=pos.tale_markers())
    else:
        scene = terrain_scene(pos.terrain, style)
    lay = layout_for(style)
    colours = player_colours(pos)
    for k, r in enumerate(region_scores(pos)):
        if highlight is not None and k != highlight:
            continue
        colour = colours.get(r.controller, "#ffffff") if r.controller else None
        if colour is None and highlight is None:
            continue
        for ring in region_outline(r):
            scene.polygon([lay.lattice_to_pixel(x, y) for x, y in ring], stroke=colour or "#ffffff", width=5 if highlight is not None else 3.5)
    if pos.buildings:
        draw_buildings(scene, pos.buildings, style, colours)
    by_space: dict = {}
    for pc in pos.pieces:
        by_space.setdefault(pc.space, []).append(pc)
    for space, pcs in by_space.items():
        cx, cy = lay.hex_to_pixel(space)
        for j, pc in enumerate(sorted(pcs, key=lambda p: p.type != "city")):
            dx = (j - (len(pcs) - 1) / 2) * style.hex_size * 0.7
            rad = style.hex_size * (0.5 if len(pcs) == 1 else 0.4)
            col = colours[pc.player]
            scene.circle(cx + dx, cy, rad, col, stroke="#111111", width=1.2)
            ink = "#111111" if col in ("#f2c12e", "#fafafa") else "#ffffff"
            scene.text(cx + dx, cy + rad * 0.45, PIECE_LETTERS.get(pc.type, "?"), size=rad * 1.2, color=ink, bold=True)
    add_legend(scene, World(), style)
    x0, _, _, y1 = scene.bounds()
    x = x0
    for name, col in colours.items():
        scene.circle(x + 8, y1 + 22, 8, col, stroke="#111111")
        scene.text(x + 22, y1 + 27, name, size=14, anchor="start")
        x += 40 + len(name) * 9
    scene.text(x + 10, y1 + 27, "N Nomad · C City · S Ship · A Mountaineer · T Temple · M Merchant", size=12, anchor="start")
    return scene


#: How each Tale building is drawn: its space outlined, and these letters on it.
BUILDING_LETTERS = {"bridge": "Br", "port": "Po", "floating-city": "FC", "capital": "Ca"}


def draw_buildings(scene: Scene, buildings, style: WorldStyle, colours: dict[str, str]) -> None:
    """The Tale buildings (``position.buildings``): the space outlined in the owner's colour (grey for the Bridge
    and the Floating City tiles, which belong to no one), the building's letters at its top."""
    lay = layout_for(style)
    for b in buildings:
        colour = colours.get(b.player, "#666666") if b.player else "#666666"
        scene.polygon(lay.corners(b.space), stroke=colour, width=style.hex_size * 0.2)
        x, y = lay.hex_to_pixel(b.space)
        scene.text(x, y - style.hex_size * 0.55, BUILDING_LETTERS.get(b.piece, "?"), size=style.hex_size * 0.5, color="#111111",
                   bold=True, min_size=10)


def scorepad_scene(s, pos: Position, style: WorldStyle = WorldStyle(hex_size=14.0)) -> Scene:
    """The scorepad as a picture (for export): the table, the winner, and the World beside it."""
    from companion.rise_and_fall.numbers import PIECE_TYPES

    scene = position_scene(pos, style)
    x0, y0, x1, y1 = scene.bounds()
    top = y1 + 40
    col = [x0, x0 + 230] + [x0 + 230 + 110 * (k + 1) for k in range(len(s.players))]
    scene.text(col[0], top, "Scorepad", size=20, anchor="start", bold=True)
    rows = [("", [p.name for p in s.players]), ("Economy (GP / VP)", [f"{p.gold} / {p.economy}" for p in s.players]),
            ("Trophies", [str(p.trophies) for p in s.players])]
    for t in PIECE_TYPES:
        rows.append((f"Development: {t.title()}", ["—" if p.development_lines[t] is None else f"{p.development_lines[t][0]} / {p.development_lines[t][1]}" for p in s.players]))
    rows.append(("Territories", [str(p.territories) for p in s.players]))
    rows.append(("Total", [str(p.total) for p in s.players]))
    for r, (label, cells) in enumerate(rows):
        y = top + 30 + 24 * r
        scene.text(col[0], y, label, size=15, anchor="start", bold=label in ("", "Total"))
        for k, c in enumerate(cells):
            scene.text(col[2 + k] - 50, y, c, size=15, bold=label in ("", "Total"))
    win = s.winners
    verdict = s.verdict if not win else f"Winner: {win[0]}" if len(win) == 1 else "Shared victory: " + ", ".join(win)
    scene.text(col[0], top + 40 + 24 * len(rows), verdict, size=18, anchor="start", bold=True)
    return scene
