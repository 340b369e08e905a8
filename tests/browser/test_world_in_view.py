"""The whole World in view: at Fit, a World of four players is on the screen below the World
screen's controls, on a 1024×768 tablet and upright, without scrolling (the board takes the room
the page has below its top; its width stays)."""

import pytest
from helpers import complete_layout

from companion.gamelog import GameStore
from companion.rise_and_fall import WORLD_LOG
from companion.rise_and_fall.world.builder import BuildRules

from .harness import css_mapper, latest_build, open_app, screenshot, settle, tablet, wait_for, world_drawn

pytestmark = pytest.mark.browser


def canvas_in_document(page) -> tuple[float, float, float]:
    """The board's top and bottom on the page at its top, and the screen's height (CSS pixels)."""
    return tuple(page.evaluate("() => { const r = document.querySelector('canvas.rf-board').getBoundingClientRect();"
                               " return [r.top + window.scrollY, r.bottom + window.scrollY, window.innerHeight]; }"))


def four_players_world(data) -> None:
    """A World of four players, every tile laid, the World screen's."""
    GameStore(data).start(WORLD_LOG, "World", BuildRules(), {"type": "load", "layout": complete_layout(4).to_dict()}).log.close()


def world_in_view(browser, url: str, portrait: bool = False):
    """A tablet's context and page on the World screen, its board drawn and kept within the screen below its top
    (the page reports its room; the board is made shorter)."""
    ctx = tablet(browser, portrait=portrait)
    page = ctx.new_page()
    open_app(page, url)
    world_drawn(page)
    wait_for(lambda: canvas_in_document(page)[1] <= canvas_in_document(page)[2], timeout=20)
    settle(page)
    return ctx, page


def test_the_fitted_world_of_four_players_is_on_the_screen_of_a_tablet(server, browser):
    url, data, _ = server
    four_players_world(data)
    for portrait in (False, True):
        ctx, page = world_in_view(browser, url, portrait)
        top, bottom, screen = canvas_in_document(page)
        assert bottom <= screen and bottom - top >= 200, (top, bottom, screen)
        to_css, (left, top_now, right, bottom_now) = css_mapper(page)
        world = latest_build(data)[0].state.world
        for space in world.spaces():  # every Space of the fitted World drawn on the board, the board on the screen
            x, y = to_css(space)
            assert left < x < right and top_now < y < bottom_now <= screen, (space, x, y)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        screenshot(page, "world-in-view-portrait" if portrait else "world-in-view")
        ctx.close()


#: The page scrolled as far down as it goes, in whatever scrolls it (the window, or Voilà's panel); how far.
SCROLL_DOWN = """() => { let moved = 0; for (let e = document.querySelector('canvas.rf-board'); e; e = e.parentElement) {
    const was = e.scrollTop; e.scrollTop = e.scrollHeight; moved += e.scrollTop - was; } return moved; }"""
#: The board's report to its kernel, ``"width room"``, made now rather than at its next turn (every 500 ms).
REPORT_NOW = "() => { window.dispatchEvent(new Event('resize')); return document.querySelector('.rf-board-css input').value; }"


def test_the_room_the_board_reports_is_the_same_however_far_the_page_is_scrolled(server, browser):
    """The board keeps within the screen below its top on the page at its top: a page scrolled down (in Voilà's
    panel, which is what scrolls) reported more room and the board grew, moving everything below it, then shrank
    when the page came back up."""
    url, data, _ = server
    four_players_world(data)
    ctx, page = world_in_view(browser, url)
    at_top = page.evaluate(REPORT_NOW)
    height = page.evaluate("() => document.querySelector('canvas.rf-board').getBoundingClientRect().height")
    assert page.evaluate(SCROLL_DOWN) > 50, "the World screen did not scroll"
    assert page.evaluate(REPORT_NOW) == at_top
    settle(page)
    assert page.evaluate("() => document.querySelector('canvas.rf-board').getBoundingClientRect().height") == height
    ctx.close()
