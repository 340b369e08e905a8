"""The Scores board while the pieces are entered keeps its size with A+ (the large text) and a long
title and long names: on a 1024×768 tablet and a 390×844 phone the board is as wide, its Spaces
as large and its top as high as with the usual text; the player and piece buttons start on the
screen, and the totals keep every name and number inside the screen. On the tablet, the title beside the board
takes two lines at most and the zoom's buttons are on the screen."""

from dataclasses import replace

import pytest

from companion.rise_and_fall.scoring.samples import random_end_position
from companion.ui.app import App

from .harness import board_measured, board_meta, open_app, screenshot, settle
from .test_controls import SIZES, a_game_in_progress, rect, set_look, show

LONG_NAMES = ("Alexandrina Featherstonehaugh", "Bartholomew Cholmondeley", "Christabel Marjoribanks")


@pytest.fixture(scope="module")
def long_title(server):
    """A scoring whose title and totals are long: three long names and a long file name."""
    url, data, layouts = server
    a_game_in_progress(data, layouts)
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")
    pos = random_end_position(app.world.build.layout(), 7)
    names = dict(zip([p.name for p in pos.players], LONG_NAMES))
    pos.pieces = [replace(pc, player=names[pc.player]) for pc in pos.pieces]
    for p in pos.players:
        p.name = names[p.name]
    app.scores.open_position(pos.dumps().encode(), "an-evening-at-the-long-table-of-the-rise-and-fall-club.json")
    assert app.scores.entering and LONG_NAMES[0] in app.scores.title.value
    return url


def measure(page) -> dict:
    page.evaluate("() => { window.scrollTo(0, 0); document.querySelector('.rf-nav').scrollIntoView({block: 'start'}); }")
    board_measured(page)  # the page reports the board's width, the room below it
    settle(page)
    meta = board_meta(page)
    return {"board": rect(page, "canvas.rf-board"), "space": meta["space_css"], "width": meta["css_width"]}


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_the_entering_board_keeps_its_size_with_a_plus_and_a_long_title(long_title, browser, size):
    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=2, has_touch=True, is_mobile=size == "phone")
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    open_app(page, long_title)
    try:
        show(page, "Scores")
        seen = {}
        for large in (False, True):
            for dark in (False, True):
                set_look(page, dark, large)
                seen[large, dark] = m = measure(page)
                screenshot(page, f"scores-{size}-entering-long{'-dark' if dark else ''}{'-large' if large else ''}")
                board = m["board"]
                assert board and board["top"] >= 0 and board["bottom"] <= h and board["right"] <= w, f"A+ {large}: {board}"
                who = rect(page, ".rf-enter-side .rf-who")
                assert who and who["top"] < h, f"A+ {large}: the player buttons start below the screen: {who}"
                side = rect(page, ".rf-enter-side")
                if size == "tablet":  # beside the board: the title in two lines at most, the zoom's buttons on the screen
                    lines = page.evaluate("() => { const e = document.querySelector('.rf-enter-side .rf-scoring-title .rf-turn');"
                                          " const s = getComputedStyle(e); const h = e.getBoundingClientRect().height"
                                          " - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom) - parseFloat(s.borderTopWidth)"
                                          " - parseFloat(s.borderBottomWidth);"
                                          " return h / (parseFloat(s.lineHeight) || 1.3 * parseFloat(s.fontSize)); }")  # 'normal': ~1.2
                    assert lines <= 2.05, f"A+ {large}: the title beside the board takes {lines:.1f} lines"
                    zoom = rect(page, ".rf-enter-side .rf-zoom-bar")
                    assert zoom and zoom["bottom"] <= min(h, side["bottom"]) + 0.5, f"A+ {large}: the zoom's buttons {zoom} {side}"
                for sel in (".rf-total-bar .rf-total-item b", ".rf-total-bar .rf-total-item:last-child b"):
                    r = rect(page, sel)
                    assert r and r["right"] <= min(w, side["right"]) + 0.5, f"A+ {large}: {sel} is cut: {r} {side}"
        usual, large = seen[False, False], seen[True, False]
        assert large["width"] == usual["width"] and large["space"] == pytest.approx(usual["space"]), (usual, large)
        assert large["board"]["top"] == pytest.approx(usual["board"]["top"], abs=1), (usual, large)
        assert seen[True, True]["width"] == large["width"] and seen[False, True]["width"] == usual["width"]
    finally:
        set_look(page, False, False)
        ctx.close()


#: The measure of the room below the board (the Voilà template's), made now rather than at its next turn (every 300 ms).
MEASURE_NOW = "() => window.dispatchEvent(new Event('resize'))"
#: Where the board and the player buttons beside it are, and the room the page gave the board.
PLACES = """() => { const box = s => { const r = document.querySelector(s).getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.width), Math.round(r.height)]; };
  return {room: document.querySelector('.rf-enter-row').style.getPropertyValue('--rf-room-below'),
          board: box('canvas.rf-board'), who: box('.rf-enter-side .rf-who')}; }"""


def test_the_entering_board_and_the_buttons_beside_it_stay_put_as_the_page_scrolls(long_title, browser):
    """The room the page gives the entering board is the height below its top on the page, however far the page is
    scrolled: scrolled down to the Treasury, it gave the board more room and the board grew (the player buttons
    beside it moved right), then shrank 300 ms after the page came back up, under a finger already on its way to
    'Red' (a fresh-clone run's four-player flow chose 'Green' with it)."""
    w, h = SIZES["tablet"]
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=2, has_touch=True)
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    open_app(page, long_title)
    try:
        show(page, "Scores")
        measure(page)
        page.evaluate(MEASURE_NOW)
        before = page.evaluate(PLACES)
        page.locator(".rf-board-pane button.rf-books").last.scroll_into_view_if_needed()  # down to the Treasury
        assert rect(page, ".rf-enter-side .rf-who")["bottom"] < 0, "the page did not scroll the player buttons away"
        page.evaluate(MEASURE_NOW)
        assert page.evaluate(PLACES) == before, "scrolled down to the Treasury"
        page.locator(".rf-enter-side .rf-who").scroll_into_view_if_needed()  # and back up to the buttons
        page.evaluate(MEASURE_NOW)
        assert page.evaluate(PLACES) == before, "back up at the player buttons"
    finally:
        ctx.close()
