"""A refused tap is never ignored in silence: the player placing a first piece far down the
page (the board below the screen's message slot) sees the sentence that refuses the tap beside the
finger, on the tablet and on the phone, and nothing moves: the page does not scroll, the sentence is
laid over it (the page's script, `.rf-bubble`) until the next touch, and a touch on it only takes it away."""

import pytest

from companion.ui.app import App

from .harness import PAINTED, board_meta, listen, open_app, phone, screenshot, settle, space_to_css, tablet, wait_for

SETUP = "?game=rise-and-fall&screen=setup"

#: the message slot's box on the screen, and the screen's height
SLOT = """() => { const s = [...document.querySelectorAll('.rf-app .rf-message-slot')].find(e => e.offsetParent);
    const r = s.getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight, s.textContent]; }"""

#: the sentence said beside the finger: its box, the screen's height, its words (None: none is shown)
BUBBLE = """() => { const m = document.querySelector('.rf-app .rf-bubble .rf-msg'); if (!m) return null;
    const r = m.getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight, m.textContent]; }"""
SCROLLED = "() => document.querySelector('canvas.rf-board').getBoundingClientRect().top"
#: a point of the box beside the finger over a button it covers (the box lets the finger through: pointer-events
#: none), and that button's classes; null where it covers none
OVER_A_BUTTON = """() => { const r = document.querySelector('.rf-app .rf-bubble').getBoundingClientRect();
  for (let y = r.top + 4; y < r.bottom - 4; y += 8) for (let x = r.left + 4; x < r.right - 4; x += 8) {
    const e = document.elementFromPoint(x, y), b = e && e.closest('button');
    if (b && !b.closest('.rf-bubble') && !b.disabled) return [x, y, b.className]; }
  return null; }"""

#: a point of the screen where a touch meets no control (no button, field, board or folding header), in the app:
#: a touch there asks nothing, so no newer answer follows it
QUIET_POINT = """() => { const asks = 'button, input, select, textarea, label, a, summary, canvas, .widget-toggle-button,'
    + ' .jupyter-widget-Collapse-header, .rf-bubble';
  for (let y = 12; y < innerHeight - 12; y += 16) for (let x = 12; x < innerWidth - 12; x += 16) {
    const e = document.elementFromPoint(x, y); if (e && e.closest('.rf-app') && !e.closest(asks)) return [x, y]; }
  return null; }"""

#: the board's top at the top of the screen: the message slot above it is out of sight
BOARD_AT_TOP = "() => document.querySelector('canvas.rf-board').scrollIntoView({block: 'start'})"


def sea_in_sight(page, seas):
    """A Sea Space of the board that is on the screen now, as far from its edges as can be."""
    box = page.evaluate("() => { const r = document.querySelector('canvas.rf-board').getBoundingClientRect();"
                        " return [r.left, Math.max(r.top, 0), r.right, Math.min(r.bottom, window.innerHeight)]; }")
    left, top, right, bottom = box

    def room(s):
        x, y = space_to_css(page, s)
        return min(x - left, right - x, y - top, bottom - y)

    best = max(seas, key=room)
    assert room(best) > 20, box
    return best


def test_a_city_tapped_on_a_sea_is_refused_in_sight(server, browser):
    url, data, layouts = server
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")
    app.world.n_players.value = 3
    app.world.seed.value = 1
    app.world.random_btn.click()
    app.setup.start_btn.click()
    assert app.hub.game.phase == "placement"
    seas = [s for s, t in app.world.build.world.terrain_map().items() if t == "sea"]
    for name, make in (("tablet", tablet), ("phone", phone)):
        ctx = make(browser)
        page = ctx.new_page()
        open_app(page, url, address=SETUP)
        page.locator(".rf-first-piece button", has_text="City").first.tap()
        page.wait_for_selector(".rf-first-piece button.mod-active:has-text('City')")
        page.evaluate(BOARD_AT_TOP)
        page.evaluate(PAINTED)  # the page drawn where it scrolled to
        top, bottom, height, _ = page.evaluate(SLOT)
        assert bottom <= 0 or top >= height, f"{name}: the message slot is in sight before the tap ({top}, {bottom})"
        sea = sea_in_sight(page, seas)
        if board_meta(page).get("zoom_first"):  # Spaces smaller than a finger: the first tap zooms
            before = board_meta(page)["k"]
            page.touchscreen.tap(*space_to_css(page, sea))
            wait_for(lambda: board_meta(page)["k"] > before)
            settle(page, quiet_ms=100)  # the smooth zoom's frames drawn
            sea = sea_in_sight(page, seas)
        x, y = space_to_css(page, sea)
        board_top = page.evaluate(SCROLLED)
        page.touchscreen.tap(x, y)
        wait_for(lambda: "Sea" in page.evaluate(SLOT)[3] or "sea" in page.evaluate(SLOT)[3])
        page.wait_for_selector(".rf-app .rf-bubble .rf-msg-error", state="visible")
        top, bottom, height, said = page.evaluate(BUBBLE)
        screenshot(page, f"answer-in-sight-{name}")
        assert "Sea" in said or "sea" in said, said
        assert -1 <= top and bottom <= height + 1, f"{name}: {said!r} is out of sight ({top:.0f}–{bottom:.0f} of {height})"
        assert max(top - y, y - bottom, 0) <= 150, f"{name}: {said!r} is {top:.0f}–{bottom:.0f}, the finger at {y:.0f}"
        assert abs(page.evaluate(SCROLLED) - board_top) < 1, f"{name}: the page moved under the finger"
        # the next touch, where it asks nothing: the sentence beside the finger goes (a touch on the Sea again would
        # be refused again, and a newer answer is said again beside the finger)
        quiet = page.evaluate(QUIET_POINT)
        assert quiet, f"{name}: no point of the screen without a control"
        page.touchscreen.tap(*quiet)
        wait_for(lambda: page.evaluate(BUBBLE) is None, page=page)
        ctx.close()


#: the visible slot with a sentence: whether its "more ▾" cue shows, and whether the sentence overflows the place
CUE = """() => { const s = [...document.querySelectorAll('.rf-app .rf-message-slot')].find(e => e.offsetParent && e.textContent.trim());
    return [Number(getComputedStyle(s, '::after').opacity), s.scrollHeight > s.clientHeight + 1]; }"""
LONGER = """() => { const s = [...document.querySelectorAll('.rf-app .rf-message-slot')].find(e => e.offsetParent && e.textContent.trim());
    s.querySelector('.rf-msg').textContent += ' ' + 'A sentence longer than its place runs on over more lines. '.repeat(4); }"""


def test_a_sentence_never_widens_its_screen_and_a_longer_one_says_there_is_more(fresh_server, browser):
    """A refusal under Start the game (no World built yet) leaves Start as wide as it was (the form, and Start
    with it, grew 70 px wider); a sentence longer than its place shows "more ▾" at its foot until it is read to
    its end, and a sentence that fits shows none — on the tablet, light and dark, and on the phone. A refusal longer
    than its place is said whole beside the finger too."""
    url, _, _ = fresh_server
    for make, dark in ((tablet, False), (tablet, True), (phone, False)):
        ctx = make(browser)
        page = ctx.new_page()
        listen(page)
        page.goto(url + SETUP)
        if dark:
            page.locator("button.rf-dark-toggle").tap()
            wait_for(lambda: "rf-dark" in (page.locator(".rf-app").first.get_attribute("class") or ""))
        start = page.locator("button.rf-start-game").first
        start.wait_for()
        settle(page)
        before = start.bounding_box()
        start.tap()
        settle(page)
        assert "Build the World first" in page.evaluate(SLOT)[3]
        assert start.bounding_box() == before
        assert page.evaluate(CUE) == [0, False]  # it fits: no cue
        start.dispatch_event("keydown", {"key": "Shift"})  # a touch of Start that asks nothing: the next answer is its
        page.evaluate(LONGER)
        wait_for(lambda: page.evaluate(CUE) == [1, True])
        # ... and a refusal longer than its place is said whole beside the finger (its third line was cut across)
        wait_for(lambda: "runs on over more lines" in (page.evaluate(BUBBLE) or [""] * 4)[3])
        top, bottom, height, _ = page.evaluate(BUBBLE)
        assert 0 <= top and bottom <= height
        page.evaluate("() => { const s = [...document.querySelectorAll('.rf-app .rf-message-slot')].find(e => e.offsetParent"
                      " && e.textContent.trim()); s.scrollTop = s.scrollHeight; }")
        wait_for(lambda: page.evaluate(CUE)[0] == 0)  # read to its end: the cue goes
        ctx.close()


def test_rise_on_an_upright_tablet_has_its_board_and_its_buttons_on_the_screen_and_answers_beside_the_board(server, browser):
    """At 768×1024 the board and every Action button are on the screen together, and a refused tap on the board
    is answered beside it, within 150 px (the buttons were below the screen and the answer 366 px away)."""
    from .test_every_game_table import open_log, rise_game, said_error
    from .test_rise_flow import tap

    url, data, _ = server
    ctx = tablet(browser, portrait=True)
    page = ctx.new_page()
    listen(page)
    open_log(page, url, "rise", rise_game(data))
    for b in page.locator("button.rise-mode").all():
        box = b.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 1024, (b.inner_text(), box)
    tap(page, (2, 0))  # Red's Worker stands there: Blue cannot place one on it
    wait_for(lambda: said_error(page), timeout=30)
    board = page.locator("canvas.rf-board").first.bounding_box()
    said = page.locator(".rf-answer-play").first.bounding_box()
    gap_x = max(said["x"] - (board["x"] + board["width"]), board["x"] - (said["x"] + said["width"]), 0)
    gap_y = max(said["y"] - (board["y"] + board["height"]), board["y"] - (said["y"] + said["height"]), 0)
    assert (gap_x ** 2 + gap_y ** 2) ** 0.5 <= 150, (board, said)
    assert 0 <= said["y"] and said["y"] + said["height"] <= 1024
    ctx.close()


#: when the box beside the finger was drawn (window.boxDrawnAt), for a finger that says when it looked
BOX_DRAWN_AT = """() => { window.boxDrawnAt = 0; new MutationObserver(() => { if (!window.boxDrawnAt
  && document.querySelector('.rf-app .rf-bubble')) window.boxDrawnAt = Date.now(); })
  .observe(document.body, {subtree: true, childList: true}); }"""


@pytest.mark.parametrize("looked", ["after the box", "before the box"])
def test_a_touch_on_the_box_beside_the_finger_takes_it_away_and_nothing_it_covers(server, browser, looked):
    """Rise!, Place a Land Tile: its answer is said beside the button, in a box laid over the buttons below it (on a
    phone with A+, over "Sacrifice to Eliminate a Worker"). A finger on that box, once seen, means the box: it goes,
    and the button it covered is not tapped (it was, unseen). A finger aimed before the box was drawn (a script's
    tap says when it looked: window.rfAimed) did not see it: its tap is the button's (a tap on Score this Wave, aimed
    as the last answer's box was being drawn over it, was taken for a touch on the box, and lost)."""
    from .test_every_game_table import open_log, rise_game

    url, data, _ = server
    device = "phone"
    ctx = phone(browser)
    page = ctx.new_page()
    listen(page)
    open_log(page, url, "rise", rise_game(data))
    page.locator("button.rf-large-toggle").first.tap()  # A+, as the evening had it
    page.wait_for_function("() => document.querySelector('.rf-app').classList.contains('rf-large')")
    page.locator(".rise-mode-tile").first.evaluate("e => e.scrollIntoView({block: 'center'})")
    settle(page)
    page.evaluate(BOX_DRAWN_AT)
    page.locator(".rise-mode-tile").first.tap()
    page.wait_for_selector(".rise-mode-tile.mod-info")
    page.wait_for_selector(".rf-app .rf-bubble", state="visible")
    over = page.evaluate(OVER_A_BUTTON)
    assert over, f"{device}: the box beside the finger covers no button here; choose a screen where it does"
    x, y, covered = over
    page.wait_for_timeout(450)  # the box up long enough to be seen
    screenshot(page, f"box-over-a-button-{device}")
    if looked == "before the box":  # the finger looked 100 ms after the box was drawn: too soon to have seen it
        assert "rise-mode" in covered, f"{device}: the box covers {covered}, not another action's button"
        page.evaluate("() => { window.rfAimed = window.boxDrawnAt + 100; }")
    page.touchscreen.tap(x, y)
    wait_for(lambda: page.evaluate(BUBBLE) is None, page=page)
    if looked == "after the box":
        settle(page)
        assert page.locator(".rise-mode-tile.mod-info").count() == 1, f"{device}: the touch on the box tapped {covered}"
    else:
        wait_for(lambda: page.locator(".rise-mode-tile.mod-info").count() == 0, page=page, timeout=30)
    ctx.close()
