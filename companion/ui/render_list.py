"""A Scene turned into a few vectorised canvas calls (pure numpy, no widgets).

ipycanvas draws thousands of polygons in one message with ``fill_styled_polygons``;
line width is a canvas-wide setting, so strokes are grouped by width.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..drawing import Circle, Scene, Shape, Text, label_box, place_labels, place_or_leave_out


def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))


@dataclass
class Batch:
    """Polygons (or polylines) of one line width: flat points, points per item, colours, alphas."""

    points: np.ndarray
    counts: np.ndarray
    colours: np.ndarray
    alphas: np.ndarray


@dataclass
class RenderList:
    background: str
    fills: Batch | None = None
    strokes: dict[float, Batch] = field(default_factory=dict)
    lines: dict[float, Batch] = field(default_factory=dict)
    circles: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = field(default_factory=list)
    circle_strokes: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, float]] = field(default_factory=list)
    texts: list[tuple[float, float, str, float, str, bool]] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float, str]] = field(default_factory=list)  # labels' boxes: x, y, w, h, colour

    def messages(self) -> int:
        """How many canvas calls drawing this takes (background and clear included)."""
        return (2 + (1 if self.fills else 0) + len(self.strokes) + len(self.lines) + len(self.circles) + len(self.circle_strokes)
                + len(self.texts) + (1 if self.boxes else 0))


def _batch(items: list[tuple[list, str, float]], scale: float, tx: float, ty: float) -> Batch:
    pts = np.array([p for poly, _, _ in items for p in poly], dtype=float).reshape(-1, 2)
    pts[:, 0] = pts[:, 0] * scale + tx
    pts[:, 1] = pts[:, 1] * scale + ty
    counts = np.array([len(poly) for poly, _, _ in items], dtype=int)
    colours = np.array([rgb(c) for _, c, _ in items], dtype=int).reshape(-1, 3)
    alphas = np.array([a for _, _, a in items], dtype=float)
    return Batch(pts, counts, colours, alphas)


def too_large(label: Text, text: str, size: float, scale: float) -> bool:
    """Whether a label drawn ``size`` buffer pixels high at ``scale`` would cover more than the
    scene area it ``fits`` (a Region's label more of the Region than it may): it waits for a zoom."""
    if not label.fits:
        return False
    x0, y0, x1, y1 = label_box(0.0, 0.0, text, size)
    return (x1 - x0) * (y1 - y0) > label.fits * scale * scale


def prepare(scene: Scene, scale: float = 1.0, tx: float = 0.0, ty: float = 0.0, text_floor: float = 1.0) -> RenderList:
    """Group the scene's items, mapped by ``p * scale + t`` to canvas-buffer pixels.

    A text with a ``min_size`` is drawn at least ``min_size * text_floor`` buffer pixels high
    (``text_floor``: buffer pixels per CSS pixel), so labels stay readable when zoomed out and
    grow when zoomed in.

    Drawing order: fills, then outlines and lines by width (thin first), then circles, then text.
    """
    fills: list = []
    strokes: dict[float, list] = {}
    lines: dict[float, list] = {}
    circles: list = []
    texts = []
    labels: list[Text] = []
    for it in scene.items:
        if isinstance(it, Shape):
            if it.closed and it.fill:
                fills.append((it.points, it.fill, it.alpha))
            if it.stroke:
                target = strokes if it.closed else lines
                target.setdefault(it.width, []).append((it.points, it.stroke, 1.0))
        elif isinstance(it, Circle):
            circles.append(it)
        elif isinstance(it, Text):
            size = max(it.size * scale, it.min_size * text_floor)
            texts.append((it.x * scale + tx, it.y * scale + ty, it.text, size, it.color, it.bold))
            labels.append(it)
    out = RenderList(scene.background)
    if fills:
        out.fills = _batch(fills, scale, tx, ty)
    out.strokes = {w * scale: _batch(v, scale, tx, ty) for w, v in sorted(strokes.items())}
    out.lines = {w * scale: _batch(v, scale, tx, ty) for w, v in sorted(lines.items())}
    discs = [c for c in circles if c.fill is not None]  # (fill None: a ring only)
    if discs:
        x = np.array([c.x for c in discs]) * scale + tx
        y = np.array([c.y for c in discs]) * scale + ty
        r = np.array([c.radius for c in discs]) * scale
        col = np.array([rgb(c.fill) for c in discs], dtype=int)
        out.circles.append((x, y, r, col))
    by_width: dict[float, list] = {}
    for c in circles:
        if c.stroke:
            by_width.setdefault(c.width, []).append(c)
    for width, ring in sorted(by_width.items()):  # one batch per stroke width (each ring drawn at its own)
        out.circle_strokes.append(
            (
                np.array([c.x for c in ring]) * scale + tx,
                np.array([c.y for c in ring]) * scale + ty,
                np.array([c.radius for c in ring]) * scale,
                np.array([rgb(c.stroke) for c in ring], dtype=int),
                width * scale,
            )
        )
    # labels that keep clear of each other are placed as they are drawn now, in buffer pixels
    clear = [k for k, it in enumerate(labels) if it.clear and not it.optional]
    pieces = [(c.x * scale + tx - c.radius * scale, c.y * scale + ty - c.radius * scale,
               c.x * scale + tx + c.radius * scale, c.y * scale + ty + c.radius * scale) for c in circles] if clear else []
    numbers = [label_box(*texts[k][:4]) for k, it in enumerate(labels) if it.number] if clear else []
    spots = place_labels([(texts[k][0], texts[k][1], texts[k][2], texts[k][3]) for k in clear], pieces, numbers)
    for k, (x, y) in zip(clear, spots):
        texts[k] = (x, y, *texts[k][2:])
    optional = [k for k, it in enumerate(labels) if it.optional]
    left_out = {k for k in optional if too_large(labels[k], texts[k][2], texts[k][3], scale)}
    optional = [k for k in optional if k not in left_out]
    if optional:  # where the board is too small for them all, some wait for the board to zoom in
        taken = [label_box(*texts[k][:4]) for k, it in enumerate(labels) if it.number or (it.clear and not it.optional)]
        for k, spot in zip(optional, place_or_leave_out([texts[k][:4] for k in optional], taken)):
            if spot is None:
                left_out.add(k)
            else:
                texts[k] = (*spot, *texts[k][2:])
    for k, it in enumerate(labels):
        if it.box and k not in left_out:
            x0, y0, x1, y1 = label_box(texts[k][0], texts[k][1], texts[k][2], texts[k][3])
            out.boxes.append((x0, y0, x1 - x0, y1 - y0, it.box))
    out.texts = [t for k, t in enumerate(texts) if k not in left_out]
    return out
