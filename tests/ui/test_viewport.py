"""A board's view, as pure arithmetic: Fit shows the whole frame and fills the canvas, a pan brings
what was placed into view with the zoom kept, and following the World refits only a view the
players did not choose by hand."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.ui.viewport import covers, fit, fit_room, follow, inside, on_canvas, pan_into_view

W, H = 1520.0, 1200.0  # a 760 × 600 board's buffer, drawn at 2×
SPACE = 31.18  # scene pixels between neighbouring Spaces

coord = st.floats(-2000, 2000, allow_nan=False)
size = st.floats(40, 1500, allow_nan=False)


@st.composite
def bounds(draw):
    x, y, w, h = draw(coord), draw(coord), draw(size), draw(size)
    return (x, y, x + w, y + h)


@given(bounds(), st.floats(0, 60))
def test_fit_shows_the_whole_frame_with_its_room_centred(b, room):
    view = fit(b, W, H, room, max_k=100.0)
    assert inside(b, view, W, H, room * 0.999)
    x0, y0, x1, y1 = on_canvas(b, view, W, H)
    assert x0 + x1 == pytest.approx(W, abs=1e-6) and y0 + y1 == pytest.approx(H, abs=1e-6)


#: Fit's room is at most this share of the World's larger side (``fit_room``)
SHARE = 0.075


@given(bounds())
def test_at_fit_the_world_fills_the_canvas_but_its_room_on_the_side_fit_is_bound_by(b):
    """The room is at most 7.5 % of the World's larger side (or 0.6 of a Space for a World a few
    Spaces wide), at least 0.6 and at most one Space. Fit is bound by one side of the canvas, where
    the World covers all of it but its room: 87 % or more where that side is the World's larger
    side (1 / 1.15). Where the World is nearly the canvas's shape, Fit is bound by the World's
    smaller side, measured against the room of the larger one: then it covers less, and at
    least 1 / (1 + 2 × 7.5 % × m) with m the most the larger side can be of the smaller there,
    a / (1 − 2 × 7.5 % × (a − 1)) for a canvas of sides a : 1 (83.5 % on the board's 1520 × 1200)."""
    if max(b[2] - b[0], b[3] - b[1]) < 8 * SPACE:
        return  # smaller than the Starting Seas of two players
    room = fit_room(b, SPACE)
    assert 0.6 * SPACE <= room <= SPACE and room <= SHARE * max(b[2] - b[0], b[3] - b[1]) + 1e-9
    view = fit(b, W, H, room, max_k=100.0)
    w, h = b[2] - b[0], b[3] - b[1]
    by_width = W / (w + 2 * room) <= H / (h + 2 * room)
    side, other = (w, h) if by_width else (h, w)
    share = covers(b, view, W, H)[0 if by_width else 1]
    assert share == pytest.approx(side / (side + 2 * room))  # all of the canvas but the room
    if side >= other:
        assert share >= 1 / (1 + 2 * SHARE) - 1e-9
    a = max(W / H, H / W)
    most = a / (1 - 2 * SHARE * (a - 1))
    assert share >= 1 / (1 + 2 * SHARE * most) - 1e-9


def test_a_world_nearly_the_canvass_shape_is_bound_by_its_smaller_side():
    """The case the bound above is made for (and the "85 % of the width or the height" once claimed
    here is not): a World of 12 × 10 Spaces, a little wider than the canvas's shape, is bound by its
    height, and covers 84 % of the canvas both ways."""
    b = (0.0, 0.0, 380.0, 300.0)
    room = fit_room(b, SPACE)
    assert room == pytest.approx(0.075 * 380)
    share = covers(b, fit(b, W, H, room, max_k=100.0), W, H)
    assert share[1] == pytest.approx(300 / (300 + 2 * room)) and max(share) < 0.85


def test_fit_does_not_magnify_past_its_most():
    k, _, _ = fit((0, 0, 10, 10), W, H, 0, max_k=6.0)
    assert k == 6.0


@given(bounds(), bounds(), st.floats(0.2, 6))
def test_a_pan_brings_what_was_placed_into_view_and_keeps_the_zoom(world, placed, k):
    view = (k, -world[0] * k, -world[1] * k)
    moved = pan_into_view(placed, view, W, H, margin=10)
    assert moved[0] == k
    fits = (placed[2] - placed[0] + 20) * k <= W and (placed[3] - placed[1] + 20) * k <= H
    if fits:
        assert inside(placed, moved, W, H, 10 * 0.999)
    if inside(placed, view, W, H, 10):
        assert moved == view  # already in view: the board does not move


def test_the_view_follows_the_world():
    world = (0.0, 0.0, 400.0, 300.0)
    room = 30.0
    view = fit(world, W, H, room, max_k=6.0)
    assert follow(world, None, view, W, H, room, 6.0, by_hand=False) == view  # nothing left the view: nothing moves
    grown = (0.0, 0.0, 700.0, 300.0)  # a tile placed beyond the edge
    refit = follow(grown, (600.0, 100.0, 700.0, 200.0), view, W, H, room, 6.0, by_hand=False)
    assert refit == fit(grown, W, H, room, 6.0) and inside(grown, refit, W, H, room * 0.999)
    # zoomed in by hand on the left: the new tile on the right is brought into view, the zoom kept
    zoomed = (8.0, 0.0, 0.0)
    placed = (600.0, 100.0, 700.0, 200.0)
    assert not inside(placed, zoomed, W, H)
    panned = follow(grown, placed, zoomed, W, H, room, 6.0, by_hand=True)
    assert panned[0] == 8.0 and inside(placed, panned, W, H, room / 2 * 0.999)
    # zoomed by hand and nothing new (an Undo, a preview): the view stays where the players put it
    assert follow(grown, None, zoomed, W, H, room, 6.0, by_hand=True) == zoomed


def test_covers_counts_only_what_is_on_the_canvas():
    assert covers((0, 0, 100, 100), (1.0, 0.0, 0.0), 200, 100) == (0.5, 1.0)
    assert covers((-100, 0, 100, 50), (1.0, 0.0, 0.0), 200, 100) == (0.5, 0.5)
