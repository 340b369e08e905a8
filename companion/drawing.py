"""A tiny scene of shapes, drawn to SVG, to PNG (Pillow) or, in the dashboard, to a canvas.

Games build a :class:`Scene` from their state; every picture of the app, file or screen,
comes from the same scene, so what the table sees and what is exported agree.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from html import escape
from typing import Sequence

Point = tuple[float, float]

#: The largest picture drawn, in pixels; a larger one is drawn at a smaller scale.
MAX_PIXELS = 16_000_000
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_NAMES = frozenset({"black", "white", "red", "green", "blue", "yellow", "orange", "purple", "grey", "gray", "brown", "pink"})


def safe_colour(colour: object, fallback: str = "#999999") -> str:
    """``colour`` if it is ``#rgb``, ``#rrggbb`` or a plain colour name, else ``fallback``: a scene's
    colours may come from a file, and only a colour may reach an SVG attribute or Pillow."""
    if isinstance(colour, str) and (_HEX.fullmatch(colour) or colour in _NAMES):
        return colour
    return fallback


@dataclass(frozen=True)
class Shape:
    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    closed: bool = True
    alpha: float = 1.0


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    size: float = 14.0
    color: str = "#222222"
    anchor: str = "middle"  # start | middle
    bold: bool = False
    min_size: float = 0.0  # on a screen, never drawn smaller than this many CSS pixels
    box: str | None = None  # a label: drawn on a box of this colour
    clear: bool = False  # a label that never covers another such label: moved to a free spot near (x, y)
    number: bool = False  # a number on the board (a Region's): a label never covers it
    optional: bool = False  # a label left out where it has no free spot near its own (zoom in to see it)
    fits: float = 0.0  # an optional label's most area, in scene pixels²: left out where its box is larger (0: any)


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    radius: float
    fill: str | None  # None: a ring
    stroke: str | None = None
    width: float = 1.0


@dataclass
class Scene:
    """Shapes in drawing order, in pixels, with a background colour."""

    background: str = "#f4efe4"
    items: list[Shape | Text | Circle] = field(default_factory=list)

    def polygon(
        self, points: Sequence[Point], fill: str | None = None, stroke: str | None = None, width: float = 1.0, alpha: float = 1.0
    ) -> None:
        self.items.append(Shape(tuple(points), fill, stroke, width, True, alpha))

    def line(self, points: Sequence[Point], stroke: str, width: float = 1.0) -> None:
        self.items.append(Shape(tuple(points), None, stroke, width, False))

    def text(self, x: float, y: float, text: str, **kw) -> None:
        self.items.append(Text(x, y, text, **kw))

    def circle(self, x: float, y: float, radius: float, fill: str | None, stroke: str | None = None, width: float = 1.0) -> None:
        self.items.append(Circle(x, y, radius, fill, stroke, width))

    def bounds(self, margin: float = 0.0) -> tuple[float, float, float, float]:
        xs: list[float] = []
        ys: list[float] = []
        for it in self.items:
            if isinstance(it, Shape):
                xs += [p[0] for p in it.points]
                ys += [p[1] for p in it.points]
            elif isinstance(it, Circle):
                xs += [it.x - it.radius, it.x + it.radius]
                ys += [it.y - it.radius, it.y + it.radius]
            else:
                w = len(it.text) * it.size * 0.6
                left = it.x - w / 2 if it.anchor == "middle" else it.x  # a centred text reaches w/2 each side
                xs += [left, left + w]
                ys += [it.y - it.size, it.y + it.size * 0.3]
        if not xs:
            return (0, 0, 1, 1)
        return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


#: Average advance of a bold sans-serif character, in ems (DejaVu Sans Bold, the Debian default, is wide).
CHAR_EM = 0.66


def label_box(x: float, y: float, text: str, size: float) -> tuple[float, float, float, float]:
    """The box of a centred label whose baseline is at ``y``: (left, top, right, bottom)."""
    w = len(text) * size * CHAR_EM + size * 0.6
    return (x - w / 2, y - size * 1.0, x + w / 2, y + size * 0.35)


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def place_labels(labels: list[tuple[float, float, str, float]],
                 avoid: Sequence[tuple[float, float, float, float]] = (),
                 numbers: Sequence[tuple[float, float, float, float]] = ()) -> list[tuple[float, float]]:
    """Where to draw each label (x, baseline y, text, size, in the units they are drawn in) so that
    none covers another: each keeps its own spot if it is free, else takes the first free spot
    around it, nearest first (a line below, above, half a label beside, farther), else the spot
    that overlaps least. ``avoid``: boxes a label would rather not cover either (the pieces on the
    board), given way to when that costs a short move only. ``numbers``: boxes never covered, as
    another label's (the Regions' numbers). Labels earlier in the list keep their spot first; the
    same labels, the same places."""
    placed: list[tuple[float, float, float, float]] = list(numbers)
    out = []
    for x, y, text, size in labels:
        x0, y0, x1, y1 = label_box(x, y, text, size)
        w, h = x1 - x0, y1 - y0
        reach = (x0 - 3 * w, y0 - 6 * h, x1 + 3 * w, y1 + 6 * h)
        near = [o for o in avoid if _overlap(reach, o)]
        best, best_cost = (x, y), None
        for k, (dx, dy) in enumerate(_moves(w, h)):
            box = label_box(x + dx, y + dy, text, size)
            covered = sum(_overlap(box, o) for o in placed)
            hidden = sum(_overlap(box, o) for o in near)
            if covered == 0 and hidden == 0:
                best = (x + dx, y + dy)
                break
            cost = covered * 100 + hidden + w * h * 0.05 * k  # a label first; a piece rather than a long move
            if best_cost is None or cost < best_cost:
                best, best_cost = (x + dx, y + dy), cost
        placed.append(label_box(*best, text, size))
        out.append(best)
    return out


def place_or_leave_out(labels: list[tuple[float, float, str, float]],
                       taken: Sequence[tuple[float, float, float, float]] = (),
                       moves: int = 9) -> list[tuple[float, float] | None]:
    """Where to draw each optional label so that none covers another or ``taken``: its own spot,
    else one of the ``moves`` nearest around it; None where none is free (the label is left out
    at this zoom rather than drawn far from what it names). Earlier labels come first."""
    placed = list(taken)
    out: list[tuple[float, float] | None] = []
    for x, y, text, size in labels:
        x0, y0, x1, y1 = label_box(x, y, text, size)
        spot = None
        for dx, dy in _moves(x1 - x0, y1 - y0)[:moves]:
            box = label_box(x + dx, y + dy, text, size)
            if not any(_overlap(box, o) for o in placed):
                spot = (x + dx, y + dy)
                placed.append(box)
                break
        out.append(spot)
    return out


def _moves(w: float, h: float) -> list[tuple[float, float]]:
    """Spots around a label's own, nearest first (half a label sideways, a line up or down)."""
    steps = [(i, j) for i in range(-4, 5) for j in range(-5, 6)]
    steps.sort(key=lambda s: (s[0] ** 2 + s[1] ** 2, abs(s[0]), -s[1], s[0]))
    return [(i * (w / 2 + 2), j * h * 1.05) for i, j in steps]


def readable_ink(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (``#rrggbb``)."""
    c = safe_colour(background).lstrip("#")

    def lum(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(c[k : k + 2], 16) for k in (0, 2, 4))
    y = 0.2126 * lum(r) + 0.7152 * lum(g) + 0.0722 * lum(b)
    return "#111111" if (y + 0.05) / 0.05 > 1.05 / (y + 0.05) else "#ffffff"


def _placed_items(scene: Scene) -> list:
    """The scene's items with its clear labels moved where :func:`place_labels` puts them (drawn at
    scale 1); an optional label is placed as a clear one: a picture is not zoomed, so none is left out."""
    clear = [it for it in scene.items if isinstance(it, Text) and (it.clear or it.optional)]
    if not clear:
        return list(scene.items)
    numbers = [label_box(t.x, t.y, t.text, t.size) for t in scene.items if isinstance(t, Text) and t.number]
    spots = dict(zip(map(id, clear), place_labels([(t.x, t.y, t.text, t.size) for t in clear], numbers=numbers)))
    return [replace(it, x=spots[id(it)][0], y=spots[id(it)][1]) if id(it) in spots else it for it in scene.items]


def to_svg(scene: Scene, margin: float = 12.0) -> str:
    x0, y0, x1, y1 = scene.bounds(margin)
    w, h = x1 - x0, y1 - y0
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="{x0:.2f} {y0:.2f} {w:.2f} {h:.2f}">',
        f'<rect x="{x0:.2f}" y="{y0:.2f}" width="{w:.2f}" height="{h:.2f}" fill="{safe_colour(scene.background)}"/>',
    ]
    for it in _placed_items(scene):
        if isinstance(it, Shape):
            pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in it.points)
            tag = "polygon" if it.closed else "polyline"
            fill = safe_colour(it.fill) if (it.fill and it.closed) else "none"
            if it.alpha < 1:
                fill += f'" fill-opacity="{float(it.alpha):g}'
            stroke = (
                f' stroke="{safe_colour(it.stroke)}" stroke-width="{float(it.width):g}" stroke-linejoin="round" stroke-linecap="round"'
                if it.stroke
                else ""
            )
            out.append(f'<{tag} points="{pts}" fill="{fill}"{stroke}/>')
        elif isinstance(it, Circle):
            stroke = f' stroke="{safe_colour(it.stroke)}" stroke-width="{float(it.width):g}"' if it.stroke else ""
            fill = safe_colour(it.fill) if it.fill is not None else "none"
            out.append(f'<circle cx="{it.x:.2f}" cy="{it.y:.2f}" r="{it.radius:.2f}" fill="{fill}"{stroke}/>')
        else:
            if it.box:
                x0b, y0b, x1b, y1b = label_box(it.x, it.y, it.text, it.size)
                out.append(f'<rect x="{x0b:.2f}" y="{y0b:.2f}" width="{x1b - x0b:.2f}" height="{y1b - y0b:.2f}" '
                           f'rx="{it.size * 0.3:.2f}" fill="{safe_colour(it.box)}"/>')
            anchor = "middle" if it.anchor == "middle" else "start"
            weight = ' font-weight="bold"' if it.bold else ""
            out.append(
                f'<text x="{it.x:.2f}" y="{it.y:.2f}" font-family="sans-serif" font-size="{it.size:g}" '
                f'fill="{safe_colour(it.color)}" text-anchor="{anchor}"{weight}>{escape(it.text)}</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_png(scene: Scene, scale: float = 2.0, margin: float = 12.0) -> bytes:
    """Rasterise with Pillow, drawn at ``scale`` for sharp lines."""
    import io

    from PIL import Image, ImageDraw, ImageFont

    x0, y0, x1, y1 = scene.bounds(margin)
    area = max(1.0, (x1 - x0) * (y1 - y0))
    scale = min(scale, math.sqrt(MAX_PIXELS / area))  # bounded memory, whatever the scene
    W, H = int((x1 - x0) * scale) + 1, int((y1 - y0) * scale) + 1
    img = Image.new("RGB", (W, H), safe_colour(scene.background))
    d = ImageDraw.Draw(img)

    def tr(p: Point) -> Point:
        return ((p[0] - x0) * scale, (p[1] - y0) * scale)

    fonts: dict[tuple[float, bool], ImageFont.ImageFont] = {}
    for it in _placed_items(scene):
        if isinstance(it, Shape):
            pts = [tr(p) for p in it.points]
            if it.closed and it.fill:
                d.polygon(pts, fill=safe_colour(it.fill))
            if it.stroke:
                ring = pts + [pts[0]] if it.closed else pts
                d.line(ring, fill=safe_colour(it.stroke), width=max(1, round(it.width * scale)), joint="curve")
        elif isinstance(it, Circle):
            cx, cy = tr((it.x, it.y))
            r = it.radius * scale
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=safe_colour(it.fill) if it.fill is not None else None, outline=safe_colour(it.stroke) if it.stroke else None, width=max(1, round(it.width * scale)) if it.stroke else 0)
        else:
            if it.box:
                bx0, by0, bx1, by1 = label_box(it.x, it.y, it.text, it.size)
                d.rounded_rectangle((*tr((bx0, by0)), *tr((bx1, by1))), radius=it.size * 0.3 * scale, fill=safe_colour(it.box))
            key = (it.size * scale, it.bold)
            if key not in fonts:
                fonts[key] = ImageFont.load_default(size=key[0])
            x, y = tr((it.x, it.y))
            d.text((x, y), it.text, fill=safe_colour(it.color), font=fonts[key], anchor="ms" if it.anchor == "middle" else "ls")
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()
