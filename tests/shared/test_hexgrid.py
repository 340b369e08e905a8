from hypothesis import given
from hypothesis import strategies as st
from shapely.geometry import Polygon

from companion.hexgrid import (
    DIRECTIONS,
    PixelLayout,
    distance,
    edge_segment,
    lattice_corners,
    neighbours,
    rotate,
    spiral,
)

coords = st.integers(-60, 60)
hexes = st.tuples(coords, coords)


@given(hexes)
def test_six_rotations_are_the_identity(h):
    assert rotate(h, 6) == h
    assert rotate(rotate(h, 1), 5) == h


@given(hexes, st.integers(0, 5))
def test_rotation_keeps_distance_to_origin(h, k):
    assert distance(rotate(h, k), (0, 0)) == distance(h, (0, 0))


def test_one_step_turns_east_to_south_east():
    # rules-data.md: "one step maps (q, r) -> (-r, q + r)", 60 degrees clockwise
    assert rotate((1, 0), 1) == (0, 1)
    assert [rotate((1, 0), k) for k in range(6)] == list(DIRECTIONS)


@given(hexes)
def test_neighbours_are_at_distance_one_and_share_an_edge(h):
    for d, n in enumerate(neighbours(h)):
        assert distance(h, n) == 1
        a, b = edge_segment(h, d)
        assert {a, b} <= set(lattice_corners(n))
        assert Polygon(lattice_corners(h)).intersection(Polygon(lattice_corners(n))).length > 0


@given(hexes, st.floats(5, 60))
def test_a_tap_on_a_space_centre_finds_that_space(h, size):
    lay = PixelLayout(size, 13.0, -7.0)
    assert lay.pixel_to_hex(*lay.hex_to_pixel(h)) == h


@given(hexes, st.floats(-0.85, 0.85), st.floats(-0.85, 0.85))
def test_a_tap_inside_a_hexagon_finds_it(h, fx, fy):
    lay = PixelLayout(20.0)
    cx, cy = lay.hex_to_pixel(h)
    # points well inside the inscribed circle (radius size*sqrt(3)/2)
    r = 20.0 * 0.866 * 0.95
    if fx * fx + fy * fy > 0.7:
        return
    assert lay.pixel_to_hex(cx + fx * r, cy + fy * r) == h


def test_spiral_counts():
    assert len(spiral((0, 0), 3)) == 1 + 6 + 12 + 18


def test_neighbouring_hexagons_share_exact_corners():
    a = Polygon(lattice_corners((0, 0)))
    b = Polygon(lattice_corners((1, 0)))
    assert a.touches(b)
    assert a.union(b).geom_type == "Polygon"
    assert a.area == 6
