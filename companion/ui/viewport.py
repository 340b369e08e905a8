"""Where a board looks: the arithmetic of a view, pure (no widget), for the board canvas and its tests.

A view is ``(k, tx, ty)``: a scene point ``(x, y)`` is drawn at canvas-buffer pixel
``(x * k + tx, y * k + ty)``. Bounds are ``(x0, y0, x1, y1)`` in scene pixels; a canvas is its
buffer's ``width`` and ``height``.

How the World screen's view follows the World (``follow``): as long as the players have not
zoomed or panned by hand, the whole World stays in view as it grows (the board fits it again when
a new tile leaves the view); once they have, their zoom is kept and the board pans only as far
as it takes to bring the tile just placed into view. A preview never moves the board.
"""

from __future__ import annotations

Bounds = tuple[float, float, float, float]
View = tuple[float, float, float]


def fit(bounds: Bounds, width: float, height: float, room: float, max_k: float) -> View:
    """The view that shows ``bounds`` whole, with ``room`` scene pixels around them, centred on a
    ``width`` × ``height`` canvas, magnified at most ``max_k`` buffer pixels per scene pixel."""
    x0, y0, x1, y1 = bounds[0] - room, bounds[1] - room, bounds[2] + room, bounds[3] + room
    k = min(width / max(1.0, x1 - x0), height / max(1.0, y1 - y0), max_k)
    return k, (width - (x1 - x0) * k) / 2 - x0 * k, (height - (y1 - y0) * k) / 2 - y0 * k


def on_canvas(bounds: Bounds, view: View, width: float, height: float) -> Bounds:
    """``bounds`` as drawn on the canvas, in buffer pixels."""
    k, tx, ty = view
    return bounds[0] * k + tx, bounds[1] * k + ty, bounds[2] * k + tx, bounds[3] * k + ty


def inside(bounds: Bounds, view: View, width: float, height: float, margin: float = 0.0) -> bool:
    """Whether ``bounds`` and ``margin`` scene pixels around them lie wholly on the canvas."""
    m = margin * view[0] - 1e-6  # a millionth of a pixel: what rounding leaves at an edge
    x0, y0, x1, y1 = on_canvas(bounds, view, width, height)
    return x0 - m >= 0 and y0 - m >= 0 and x1 + m <= width and y1 + m <= height


def covers(bounds: Bounds, view: View, width: float, height: float) -> tuple[float, float]:
    """The shares of the canvas's width and of its height that ``bounds`` cover in ``view`` (the
    part on the canvas only)."""
    x0, y0, x1, y1 = on_canvas(bounds, view, width, height)
    w = max(0.0, min(x1, width) - max(x0, 0.0))
    h = max(0.0, min(y1, height) - max(y0, 0.0))
    return w / width, h / height


def pan_into_view(bounds: Bounds, view: View, width: float, height: float, margin: float = 0.0) -> View:
    """The view moved as little as it takes (its zoom kept) to bring ``bounds`` and ``margin``
    around them onto the canvas; bounds larger than the canvas are centred on it."""
    k, tx, ty = view
    m = margin * k
    x0, y0, x1, y1 = on_canvas(bounds, view, width, height)
    return k, tx + _shift(x0 - m, x1 + m, width), ty + _shift(y0 - m, y1 + m, height)


def _shift(lo: float, hi: float, size: float) -> float:
    if hi - lo > size:
        return (size - lo - hi) / 2
    if lo < 0:
        return -lo
    if hi > size:
        return size - hi
    return 0.0


def follow(world: Bounds, placed: Bounds | None, view: View, width: float, height: float, room: float, max_k: float,
           by_hand: bool) -> View:
    """The view after the World changed to ``world`` (``placed``: the tile just placed, if any):
    unchanged while the World still fits with half of ``room`` around it; else, for a view the
    players chose by hand, panned to bring ``placed`` (and half of ``room``) into view; else
    fitted to the whole World again."""
    if inside(world, view, width, height, room / 2):
        return view
    if by_hand:
        if placed is None or inside(placed, view, width, height, room / 2):
            return view
        return pan_into_view(placed, view, width, height, room / 2)
    return fit(world, width, height, room, max_k)


def fit_room(bounds: Bounds, space: float, share: float = 0.075) -> float:
    """The room kept around a World at Fit: enough to tap the Spaces next to it (at least 0.6 of
    a Space: their centres are on the canvas), at most one Space, and no more than ``share`` of
    the World's larger side, so that the World fills the canvas: along the side Fit is bound by it
    covers all but its room, 87 % or more where that is the World's larger side, less where the
    World is nearly the canvas's shape (83.5 % at worst on a 1520 × 1200 board; tests/ui/test_viewport.py)."""
    extent = max(bounds[2] - bounds[0], bounds[3] - bounds[1])
    return min(space, max(0.6 * space, share * extent))
