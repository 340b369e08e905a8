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


def test_a_board_s_answer_leaves_the_tile_tapped_uncovered(server, browser):
    """A refused City near the board's foot on a phone: the sentence beside the finger is laid under the board,
    not over the Space just tapped (it covered the lower part of the tile being placed)."""
    from companion.ui.app import App

    from .harness import PAINTED, board_meta, settle, space_to_css
    from .test_answers_in_sight import BUBBLE, SETUP, SLOT

    url, data, layouts = server
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")
    app.world.n_players.value = 3
    app.world.seed.value = 2
    app.world.random_btn.click()
    app.setup.start_btn.click()
    seas = [s for s, t in app.world.build.world.terrain_map().items() if t == "sea"]
    page = phone(browser).new_page()
    open_app(page, url, address=SETUP)
    page.locator(".rf-first-piece button", has_text="City").first.tap()
    page.wait_for_selector(".rf-first-piece button.mod-active:has-text('City')")
    # the board's foot a little above the screen's: room under it for a sentence
    page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); c.scrollIntoView({block: 'end'});"
                  " document.scrollingElement.scrollTop += 200; }")
    page.evaluate(PAINTED)
    board = page.evaluate("() => { const r = document.querySelector('canvas.rf-board').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")

    def near_foot(s):
        x, y = space_to_css(page, s)
        return board[0] + 20 < x < board[2] - 20 and board[3] - 110 < y < board[3] - 25

    if board_meta(page).get("zoom_first"):  # Spaces smaller than a finger: the first tap zooms there
        k = board_meta(page)["k"]
        page.touchscreen.tap(*space_to_css(page, next(s for s in seas if near_foot(s))))
        wait_for(lambda: board_meta(page)["k"] > k)
        settle(page, quiet_ms=100)  # the smooth zoom's frames drawn
    sea = next(s for s in seas if near_foot(s))
    x, y = space_to_css(page, sea)
    page.touchscreen.tap(x, y)
    wait_for(lambda: "ea" in page.evaluate(SLOT)[3])
    page.wait_for_selector(".rf-app .rf-bubble .rf-msg-error", state="visible")
    top, bottom, height, said = page.evaluate(BUBBLE)
    screenshot(page, "board-answer-under-the-board")
    assert top >= board[3] and bottom <= height, (said, top, bottom, board)


@pytest.mark.parametrize("device", ["phone-dark", "upright-light"])
def test_a_new_world_over_one_being_built_is_asked_beside_start(server, browser, device):
    """Start a new World over a World with a tile laid asks first, on a phone in the dark and on an upright tablet:
    the question stands under Start, on the screen, and Start does not move; No keeps the World; Yes starts a new one
    and the World left is in the list of Worlds, a tap away."""
    from companion.ui.app import App

    from .harness import latest_build

    url, data, layouts = server
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")
    w = app.world
    w.n_players.value = 2
    w.start_btn.click()
    if w.world_question.widget.children:  # the World an earlier row left: left
        w.world_question.widget.children[1].children[0].click()
    sea = w.build.legal("sea")[0]
    assert w.act({"type": "place", "tile": "sea", "q": sea.q, "r": sea.r, "rotation": sea.rotation})
    kept = w.session.log.path.stem
    ctx = phone(browser) if device.startswith("phone") else tablet(browser, portrait=True)
    page = ctx.new_page()
    listen(page)
    open_app(page, url)
    if device.endswith("dark"):
        page.locator("button.rf-dark-toggle").tap()
        wait_for(lambda: "rf-dark" in (page.locator(".rf-app").first.get_attribute("class") or "").split())
    page.get_by_text("New World", exact=True).first.tap()
    page.locator("button.rf-start").wait_for()
    in_the_middle(page, "button.rf-start")
    before = page.evaluate(TOP, "button.rf-start")
    page.locator("button.rf-start").tap()
    no = page.locator("button.rf-world-leave-no")
    no.wait_for(state="visible")
    settle(page)
    height = page.viewport_size["height"]
    box = page.evaluate("() => { const r = document.querySelector('.rf-new-game-question').getBoundingClientRect();"
                        " const s = document.querySelector('button.rf-start').getBoundingClientRect();"
                        " return [r.top, r.bottom, s.bottom]; }")
    screenshot(page, f"world-question-{device}")
    assert abs(page.evaluate(TOP, "button.rf-start") - before) <= 2, "Start moved under the finger"
    assert 0 <= box[0] and box[1] <= height and box[0] - box[2] <= 150, f"the question {box[:2]}, Start's foot {box[2]}"
    assert "A World is in progress" in page.locator(".rf-new-game-question").inner_text()
    no.tap()
    page.wait_for_function("() => /Nothing was started/.test(document.body.innerText)")
    assert latest_build(data)[0].log.path.stem == kept
    page.locator("button.rf-start").tap()
    page.locator("button.rf-world-leave-yes").tap()
    wait_for(lambda: latest_build(data)[0].log.path.stem != kept, timeout=30)
    page.locator(f"button.rf-games-open-{kept}").wait_for(state="attached")  # the World left, in the list
    ctx.close()
