"""The board knows the width it is drawn at, whatever page shows it: a 1024×768 tablet draws the
World screen's 760 px board 604 px wide, where its Spaces are closer than a finger, so the first
tap zooms. Served with the table's template and with Voilà's stock one (as plain Voilà or another
frontend shows the page, without the table's page script): the board measures itself."""

import pytest

from companion.rise_and_fall.screens.board_style import SPACE_PX
from companion.ui.board import FINGER

from .harness import board_meta, open_app, served, settle, tablet, wait_for

pytestmark = pytest.mark.browser

CANVAS = "() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();" \
         " return {css: r.width, buffer: c.width, x: r.left + r.width / 2, y: r.top + r.height / 2}; }"


@pytest.mark.parametrize("template", ["companion", "lab"])
def test_the_kernel_knows_the_boards_drawn_width_and_a_tap_on_small_spaces_zooms_first(tmp_path, browser, template):
    with served(tmp_path, template=template) as (url, _data, _layouts):
        ctx = tablet(browser)
        page = ctx.new_page()
        open_app(page, url)
        drawn = page.evaluate(CANVAS)
        wait_for(lambda: board_meta(page).get("css_width") is not None, timeout=30)
        settle(page)
        meta = board_meta(page)
        assert drawn["css"] < drawn["buffer"] / meta["dpr"], f"the board is drawn at its full width: {drawn}"
        assert meta["css_width"] == pytest.approx(drawn["css"], abs=1), (meta, drawn)
        # the gap between Spaces, as the page draws them, beside the kernel's idea of it
        gap = SPACE_PX * meta["k"] * drawn["css"] / drawn["buffer"]
        assert meta["space_css"] == pytest.approx(gap, rel=0.01), (meta, drawn)
        for _ in range(6):  # the fitted World may be drawn large: zoom out until Spaces are closer than a finger
            if meta["space_css"] < FINGER:
                break
            page.locator(".rf-zoom-out").first.tap()
            wait_for(lambda k=meta["k"]: board_meta(page)["k"] < k * 0.999, timeout=30)
            settle(page)
            meta = board_meta(page)
        drawn = page.evaluate(CANVAS)
        gap = SPACE_PX * meta["k"] * drawn["css"] / drawn["buffer"]
        assert meta["space_css"] == pytest.approx(gap, rel=0.01), (meta, drawn)
        assert gap < FINGER and meta["zoom_first"], f"this board's Spaces are a finger apart: {meta}"
        page.touchscreen.tap(drawn["x"], drawn["y"])
        wait_for(lambda: board_meta(page)["k"] > meta["k"] * 1.001, timeout=30)
        settle(page)
        after = board_meta(page)
        assert after["space_css"] >= FINGER and not after["zoom_first"], after
        ctx.close()
