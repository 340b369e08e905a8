"""A picture of a Rise! position (one :class:`~companion.drawing.Scene` for the screen and the files)."""

from __future__ import annotations

from collections.abc import Iterable

from ..drawing import Scene
from ..hexgrid import Hex, PixelLayout
from .game import Position, threats

SIZE = 34.0
LAYOUT = PixelLayout(SIZE)
COLOURS = {"red": "#c8102e", "blue": "#1f5fbf"}
LIGHT = {"red": "#f4b6bf", "blue": "#b8cdf0"}
LAND, LAND_EDGE, LIT, SELECTED, GOLD = "#a7c97a", "#5d7a3a", "#ffe14d", "#111111", "#d4a017"


def centre(h: Hex) -> tuple[float, float]:
    return LAYOUT.hex_to_pixel(h)


def hex_at(x: float, y: float) -> Hex:
    return LAYOUT.pixel_to_hex(x, y)


def _shrunk(h: Hex, k: float) -> list[tuple[float, float]]:
    cx, cy = centre(h)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in LAYOUT.corners(h)]


def position_scene(
    p: Position,
    lit: Iterable[Hex] = (),
    selected: Iterable[Hex] = (),
    show_threats: bool = True,
    caption: str | None = None,
) -> Scene:
    """The land, Workers and Towers; ``lit`` marks legal targets, ``selected`` the chosen Workers.

    A Tower is a square of its colour with its height as a large number (complete: a gold rim);
    a threat (a ring one Worker short) outlines the tile in the ring's colour and marks the gap.
    """
    s = Scene(background="#e9f1f7")
    lit = set(lit)
    for h in sorted(p.tiles):
        s.polygon(LAYOUT.corners(h), fill=LAND, stroke=LAND_EDGE, width=1.5)
    for h in sorted(lit - p.tiles):  # where a land tile may go
        s.polygon(_shrunk(h, 0.92), fill=LIT, stroke="#b59b00", width=1.5, alpha=0.45)
    if show_threats:
        for t in threats(p):
            s.polygon(_shrunk(t.at, 0.86), stroke=COLOURS[t.colour], width=3.5)
            gx, gy = centre(t.missing)
            s.circle(gx, gy, SIZE * 0.24, fill=LIGHT[t.colour], stroke=COLOURS[t.colour], width=3)
    for h in sorted(lit & p.tiles):
        s.polygon(_shrunk(h, 0.9), fill=LIT, alpha=0.7)
    for t in p.towers:
        cx, cy = centre(t.at)
        r = SIZE * 0.55
        sq = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        s.polygon(sq, fill=COLOURS[t.colour], stroke=GOLD if t.complete else "#222222", width=4 if t.complete else 1.5)
        s.text(cx, cy + SIZE * 0.33, str(t.tiers), size=SIZE * 0.95, color="#ffffff", bold=True)
    chosen = set(selected)
    for colour in ("red", "blue"):
        for h in sorted(p.of(colour)):
            cx, cy = centre(h)
            ring = SELECTED if h in chosen else "#ffffff"
            s.circle(cx, cy, SIZE * 0.5, fill=COLOURS[colour], stroke=ring, width=5 if h in chosen else 2)
    if caption:
        x0, y0, x1, _ = s.bounds()
        s.text((x0 + x1) / 2, y0 - 10, caption, size=16, color="#222222", bold=True)
    return s
