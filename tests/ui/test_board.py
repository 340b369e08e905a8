"""The board's touch and mouse handling, driven as ipycanvas calls it (buffer pixels)."""

import json

import pytest

from companion.drawing import Scene
from companion.ui.board import FINGER, MAX_ZOOM, ZOOM_TO, Board, legend_html
from companion.ui.render_list import prepare


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


def small_spaces_board(css_width=None):
    """A board whose Spaces are 10 scene pixels apart, fitted: far smaller than a finger."""
    b = Board(width=400, height=300, space=10.0)
    s = Scene()
    s.polygon([(0, 0), (400, 0), (400, 300), (0, 300)], fill="#123456")
    b.show(s, fit=True)
    if css_width:
        b.css_box.value = str(css_width)  # what the page reports
    taps = []
    b.on_tap = lambda x, y: taps.append((x, y))
    return b, taps


def test_a_tap_on_spaces_smaller_than_a_finger_zooms_there_and_the_second_chooses():
    b, taps = small_spaces_board()
    assert b.space_css() < FINGER
    at = b.to_scene(300.0, 200.0)
    b._touch_start([(300.0, 200.0)])
    b._touch_end([])
    assert taps == []  # the first tap only zoomed
    assert b.space_css() >= FINGER
    assert b.to_scene(300.0, 200.0) == pytest.approx(at)  # about the finger: the same place stays under it
    b._touch_start([(300.0, 200.0)])
    b._touch_end([])
    assert taps == [pytest.approx(at)]


def test_the_page_reports_how_wide_the_board_is_drawn_and_taps_follow():
    b, taps = small_spaces_board(css_width=200)  # a phone draws the 400 px board 200 px wide
    wide, _ = small_spaces_board()
    assert b.space_css() == pytest.approx(wide.space_css() / 2)
    b._mouse_down(100.0, 100.0)
    b._mouse_up(100.0, 100.0)
    assert taps == [] and b.space_css() == pytest.approx(min(ZOOM_TO, MAX_ZOOM * 10 * 2 * 200 / 800))
    meta = json.loads(b.meta.value)
    assert meta["css_width"] == 200 and meta["zoom_first"] is False  # at the largest zoom a tap chooses
    b._mouse_down(100.0, 100.0)
    b._mouse_up(100.0, 100.0)
    assert len(taps) == 1


def test_a_board_without_spaces_never_zooms_on_a_tap():
    b, taps = board_with_taps()
    b._mouse_down(10.0, 10.0)
    b._mouse_up(10.0, 10.0)
    assert len(taps) == 1


def test_zoom_buttons_and_fit_on_every_board():
    b, _ = small_spaces_board()
    z = b.zoom
    b.zoom_in.click()
    assert b.zoom == pytest.approx(z * 1.25) and b.user_view
    b.zoom_out.click()
    b.zoom_out.click()
    assert b.zoom < z
    b.fit_btn.click()
    assert b.zoom == pytest.approx(z) and not b.user_view


def test_a_redraw_keeps_the_players_zoom():
    """Zoomed in, a tap that changes the scene does not throw the view back to the whole World."""
    b, _ = small_spaces_board()
    b.zoom_by(3.0)
    k = b.k
    s = Scene()
    s.polygon([(0, 0), (400, 0), (400, 300), (0, 300)], fill="#654321")
    b.show(s)
    assert b.k == k


def test_region_labels_stay_readable_when_zoomed_out_and_grow_when_zoomed_in():
    s = Scene()
    s.text(0, 0, "7VP", size=6, min_size=13)
    small = prepare(s, scale=0.5, text_floor=2.0).texts[0][3]
    large = prepare(s, scale=10.0, text_floor=2.0).texts[0][3]
    assert small == 26.0  # 13 CSS pixels on a 2x screen
    assert large == 60.0


def test_the_dark_theme_draws_every_board_on_a_dark_background():
    b, _ = small_spaces_board()
    try:
        Board.set_dark(False)
        before = b.draws
        Board.set_dark(True)
        assert Board.dark and b.draws == before + 1
        Board.set_dark(True)  # the theme it has: nothing to draw again
        assert b.draws == before + 1
    finally:
        Board.set_dark(False)


def test_the_legend_names_each_letter():
    from companion.rise_and_fall.screens.game_screen import piece_legend

    text = piece_legend()
    for letter, name in (("A", "Mountaineer"), ("M", "Merchant"), ("N", "Nomad"), ("C", "City"), ("S", "Ship"), ("T", "Temple")):
        assert f"<span class='rf-key-letter'>{letter}</span>{name}" in text
    assert "&lt;b&gt;" in legend_html([("<b>", "x")])


def test_a_board_within_the_screen_takes_the_room_the_page_reports_below_its_top():
    b = Board(width=760, height=600)
    s = Scene()
    s.polygon([(0, 0), (300, 0), (300, 500), (0, 500)], fill="#123456")
    b.show(s, fit=True)
    b.css_box.value = "605 383"  # a board that keeps its height: the room is not its
    assert b.css_width == 605 and b.height == 600
    b.within_screen = 600
    b.css_box.value = "605 384"
    assert b.height == int(384 * 760 / 605) and b.canvas.height == b.height * b.dpr
    x0, y0 = b.to_buffer(0, 0)
    x1, y1 = b.to_buffer(300, 500)
    assert 0 <= y0 < y1 <= b.height * b.dpr  # fitted again: the whole scene on the shorter board
    b.css_box.value = "605 386"  # a pixel or two of the page's rounding: nothing drawn again
    assert b.height == int(384 * 760 / 605)
    b.css_box.value = "605 2000"  # more room than it was made for: never taller than that
    assert b.height == 600
    b.css_box.value = "605 40"  # hardly any room: a third of its height at least
    assert b.height == 200
    b.zoom_by(1.25)  # the players' own zoom is kept when the room changes
    zoom = b.zoom
    b.css_box.value = "605 300"
    assert b.zoom == zoom and b.height == int(300 * 760 / 605)
    b.css_box.value = "605"  # a page of before: the width alone
    assert b.css_width == 605 and b.height == int(300 * 760 / 605)
    b.css_box.value = "380 230"  # a phone's page scrolls to its board: made shorter it would only be smaller
    assert b.height == 600


def test_a_refresh_that_changes_nothing_on_the_board_draws_nothing_again():
    """A screen redraws its board at every refresh; the page is sent a drawing only when the board would look
    otherwise: another scene (or the same one changed in place), another view or look. Its question is still
    written (a tap carries it)."""
    b, _ = small_spaces_board()
    drawn = b.draws
    same = Scene()
    same.polygon([(0, 0), (400, 0), (400, 300), (0, 300)], fill="#123456")
    b.show(same)
    assert b.draws == drawn, "the same picture again: nothing sent"
    asked = ["cavern 1"]
    b.question = lambda: asked[0]
    asked[0] = "cavern 2"
    b.show(same)
    assert b.draws == drawn and json.loads(b.meta.value)["question"] == "cavern 2"
    same.circle(10, 10, 5, "#ff0000")  # changed in place
    b.show(same)
    assert b.draws == drawn + 1
    b.zoom_by(1.5)
    b.show(same)
    assert b.draws == drawn + 2, "zoomed: drawn at the new view once, and not again"
    other = Scene()
    other.polygon([(0, 0), (10, 0), (10, 10)], fill="#654321")
    b.show(other)
    assert b.draws == drawn + 3


def test_a_ring_is_drawn_as_a_ring_and_each_circle_at_its_own_stroke_width():
    """A circle without a fill (a marker that lapped Mountain King's track is ringed) is no disc on the board's
    canvas, and every ring keeps its own width (they were all drawn at the first one's)."""
    s = Scene()
    s.circle(10, 10, 9, fill="#ff0000", stroke="#000000", width=1.5)
    s.circle(10, 10, 13, fill=None, stroke="#0000ff", width=2.5)
    rl = prepare(s)
    assert sum(len(x) for x, *_ in rl.circles) == 1  # the disc only
    assert sorted((len(x), w) for x, _, _, _, w in rl.circle_strokes) == [(1, 1.5), (1, 2.5)]
