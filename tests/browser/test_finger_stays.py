"""The control tapped stays under the finger on the screen, not only on the page: what a tap changes above it
(a status sentence a line shorter or longer, a World started) is made up by the page's scroll, so the button and
its neighbours are where the finger is for the next tap. Seen at the table: on a phone with A+, "Start a new
World" jumped 135 px up and "Random World" slid under the finger; on the tablet, Random World moved 34 px down
after its own tap."""

from __future__ import annotations

import pytest

from .harness import listen, open_app, phone, screenshot, settle, tablet, wait_for

TOP = "(css) => { const e = document.querySelector(css); return e ? Math.round(e.getBoundingClientRect().top) : null; }"


def large(page) -> None:
    page.locator("button.rf-large-toggle").tap()
    wait_for(lambda: "rf-large" in (page.locator(".rf-app").first.get_attribute("class") or "").split())
    settle(page)


def in_the_middle(page, css: str) -> None:
    """Scroll so the control is in the middle of the screen, as a finger would bring it there."""
    page.evaluate("(css) => document.querySelector(css).scrollIntoView({block: 'center'})", css)
    page.wait_for_timeout(50)  # the scroll event reaches the page's scripts
    settle(page)


@pytest.mark.parametrize("device", ["phone-large", "tablet-large"])
def test_start_and_random_world_stay_under_the_finger(server, browser, device):
    url, _data, _ = server
    ctx = phone(browser) if device.startswith("phone") else tablet(browser)
    page = ctx.new_page()
    listen(page)
    open_app(page, url)
    large(page)
    page.get_by_text("New World", exact=True).first.tap()
    page.locator("button.rf-start").wait_for()
    for css in ("button.rf-start", "button.rf-random"):
        in_the_middle(page, css)
        before = {c: page.evaluate(TOP, c) for c in ("button.rf-start", "button.rf-random")}
        page.locator(css).tap()
        page.wait_for_function("() => /A new World|A complete random World/.test(document.body.innerText)")
        settle(page)
        after = {c: page.evaluate(TOP, c) for c in ("button.rf-start", "button.rf-random")}
        screenshot(page, f"finger-stays-{device}-{css.split('.')[-1]}")
        assert all(abs(after[c] - before[c]) <= 2 for c in before), (css, before, after)
