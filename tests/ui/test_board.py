"""The board's touch and mouse handling, driven as ipycanvas calls it (buffer pixels)."""

from companion.drawing import Scene
from companion.ui.board import Board


def board_with_taps():
    b = Board(width=400, height=300)
    s = Scene()
    s.polygon([(0, 0), (100, 0), (100, 100)], fill="#123456")
    b.show(s, fit=True)
    taps = []
    b.on_tap = lambda x, y: taps.append((x, y))
    return b, taps


def test_a_finger_tap_is_one_tap_at_the_touch_start():
    b, taps = board_with_taps()
    b._touch_start([(200.0, 150.0)])
    b._touch_end([])  # ipycanvas passes the fingers still down: none
    assert len(taps) == 1
    assert taps[0] == b.to_scene(200.0, 150.0)


def test_a_drag_pans_and_does_not_tap():
    b, taps = board_with_taps()
    tx = b.tx
    b._touch_start([(100.0, 100.0)])
    b._touch_move([(160.0, 100.0)])
    b._touch_end([])
    assert taps == [] and b.tx == tx + 60


def test_two_fingers_pinch_zoom_and_never_tap():
    b, taps = board_with_taps()
    z = b.zoom
    b._touch_start([(100.0, 100.0)])
    b._touch_start([(100.0, 100.0), (200.0, 100.0)])
    b._touch_move([(50.0, 100.0), (250.0, 100.0)])
    b._touch_end([(50.0, 100.0)])
    b._touch_end([])
    assert taps == [] and abs(b.zoom - 2 * z) < 1e-9


def test_mouse_click_taps_and_wheel_zooms():
    b, taps = board_with_taps()
    b._mouse_down(10.0, 10.0)
    b._mouse_up(10.0, 10.0)
    assert len(taps) == 1
    z = b.zoom
    b._wheel(0, -100)
    assert b.zoom > z


def test_a_failing_tap_handler_is_reported_not_lost():
    said = []
    b = Board(report=said.append)
    b.on_tap = lambda x, y: 1 / 0
    b._guard(b.tap)(1.0, 1.0)
    assert said and "ZeroDivisionError" in said[0]
