"""Fall of the Mountain King in a real browser, on a tablet: a board entered, a Wave played with Honour
taps, Waves I–III scored, a reload in the middle of a scoring walk, and the game in History.

A shared machine can be slow to answer: each wait allows 60 s."""

import time

import pytest

from .harness import screenshot, tablet, wait_for

pytestmark = pytest.mark.browser


def text(page, css: str) -> str:
    return " ".join(page.locator(css).all_inner_texts())


def nav(page, name: str) -> None:
    page.locator(".rf-nav-tabs").get_by_role("button", name=name, exact=True).tap()  # "Board", not "Clan board"
    page.wait_for_selector(f".mk-{name.lower().replace(' ', '-')}", state="visible")


def fill(page, css: str, value: str) -> None:
    box = page.locator(f"{css} input").first
    box.fill(value)
    box.press("Enter")
    box.blur()


def test_a_board_three_waves_a_reload_mid_walk_and_history(server, browser):
    url, data, _ = server
    page = tablet(browser).new_page()
    try:
        play(page, url)
    except AssertionError as e:
        screenshot(page, "mountain-king-flow-failed")
        raise AssertionError(f"{e}; the message said {text(page, '.rf-answer')!r}") from e
    finally:
        page.context.close()
    assert (data / "mountain-king" / "board-2-3.json").is_file()


def play(page, url: str) -> None:
    page.goto(url + "?game=mountain-king&screen=board")
    page.wait_for_selector(".mk-board", state="visible")
    # the board, entered once: one more Moss cavern on the 2–3 side, saved
    page.locator(".rf-nav-tabs").wait_for()
    page.locator(".mk-board .widget-toggle-button", has_text="2–3 players").tap()
    page.wait_for_selector("text=Placeholder board")
    page.locator(".mk-count-moss .rf-stepper-plus").tap()
    page.locator("button.mk-save-board").tap()
    page.wait_for_selector("text=The 2-3 board is saved")
    fill(page, ".mk-names", "Blue, Yellow, Pink")
    page.locator("button.mk-new").tap()
    wait_for(lambda: "Wave I" in text(page, ".mk-status-box"), timeout=60)
    assert "placeholder" not in text(page, ".mk-status-box")

    # Wave I with Honour taps
    nav(page, "Honour")
    page.locator(".mk-player .widget-toggle-button", has_text="Pink").first.tap()
    page.locator("button.mk-invasion", has_text="Next invasion").tap()
    page.locator("button.mk-honour-fallen", has_text="First Fallen (Wave I): +2").tap()
    wait_for(lambda: "Pink: +2 Honour" in text(page, ".rf-answer"), timeout=60)
    page.locator("button.mk-honour-fallen", has_text="+2").tap()
    wait_for(lambda: "4 in all" in text(page, ".rf-answer"), timeout=60)

    # Score Wave I by the fast path, with a reload in the middle of the walk
    nav(page, "Score the Wave")
    page.locator("button.mk-end-wave").tap()
    page.wait_for_selector("text=who controls moss-1?")
    page.locator("button.mk-fast", has_text="Blue").tap()
    page.wait_for_selector("text=who controls moss-2?")
    page.locator("button.mk-fast", has_text="Blue").tap()
    page.wait_for_selector("text=who controls moss-3?")
    page.reload()
    page.wait_for_selector("text=who controls moss-3?", timeout=90_000)
    assert "Blue 2 → +8" in text(page, ".mk-score-the-wave")
    screenshot(page, "mountain-king-walk")
    page.locator("button.mk-score").tap()
    wait_for(lambda: "Wave II" in text(page, ".mk-status-box"), timeout=60)

    # Wave II, nothing more; Wave III with its Great Halls and Vote tiles
    page.locator("button.mk-end-wave").tap()
    page.locator("button.mk-score").tap()
    wait_for(lambda: "Wave III" in text(page, ".mk-status-box"), timeout=60)
    page.locator("button.mk-end-wave").tap()
    page.wait_for_selector(".mk-hall-values", state="visible")
    fill(page, ".mk-hall-values", "12 8 4 12 8")
    page.locator("button.mk-halls").tap()
    nav(page, "Clan board")
    for clan in ("moss", "ice", "moon", "granite", "hammer", "mud", "fire"):
        fill(page, f".mk-tile-{clan}", "9 5 3")
    page.locator("button.mk-tiles").tap()
    page.wait_for_selector("text=9/5/3")
    nav(page, "Score the Wave")
    page.locator("button.mk-score").tap()
    page.wait_for_selector(".mk-winner", timeout=60_000)
    assert "Blue wins" in text(page, ".mk-winner")

    # the game in History
    page.locator("button.rf-home").tap()
    page.locator("button.rf-shelf-history").tap()
    game = page.locator(".rf-history-game", has_text="Fall of the Mountain King").first
    game.wait_for(state="visible", timeout=60_000)
    assert "Blue, Yellow, Pink" in game.inner_text() and "Wave 1 Caverns" in game.inner_text()
    screenshot(page, "mountain-king-history")


def honour_seen(page) -> str:
    """What a page shows of the Honour gained: the track's totals and the list of taps."""
    return text(page, ".mk-honour .widget-html-content")


def within_a_second(page, what, seen: str, tapped: float) -> None:
    """``page``, which nobody touches, shows ``what`` at most a second after the first tablet did
    (``tapped``: when the first tablet was tapped)."""
    shown = time.perf_counter()
    try:
        wait_for(lambda: what in honour_seen(page), timeout=10)
    except AssertionError:
        raise AssertionError(f"the second tablet never showed {seen}: it shows {honour_seen(page)!r}") from None
    took = time.perf_counter() - shown
    assert took < 1.0, f"the second tablet showed {seen} {took:.2f} s after the first"


def test_a_second_tablet_follows_the_honour_an_undo_and_a_reload_mid_wave(server, browser):
    """Two tablets on one game: a Wave's Honour tapped and an Undo on the first are on the second
    within a second, and the second, reloaded in the middle of the Wave, shows the log as it is now."""
    url = server[0]
    one_ctx, two_ctx = tablet(browser), tablet(browser)
    one, two = one_ctx.new_page(), two_ctx.new_page()
    try:
        one.goto(url + "?game=mountain-king&screen=board")
        one.wait_for_selector(".mk-board", state="visible")
        fill(one, ".mk-names", "Ann, Bo, Cy")
        one.locator("button.mk-new").tap()
        wait_for(lambda: "Wave I" in text(one, ".mk-status-box"), timeout=60)
        two.goto(url + "?game=mountain-king&screen=honour")
        two.wait_for_selector(".mk-player .widget-toggle-button:has-text('Cy')", timeout=90_000)
        assert "No Honour gained in play yet" in honour_seen(two)

        nav(one, "Honour")
        one.locator(".mk-player .widget-toggle-button", has_text="Cy").first.tap()
        tapped = time.perf_counter()
        one.locator("button.mk-honour-fallen", has_text="First Fallen (Wave I): +2").tap()
        wait_for(lambda: "Cy: +2 Honour" in text(one, ".rf-answer"), timeout=60)
        within_a_second(two, "Cy +2 — First Fallen", "the Honour tapped", tapped)
        assert "Cy: 2 Honour" in honour_seen(two)

        tapped = time.perf_counter()
        one.locator("button.mk-undo").tap()
        wait_for(lambda: "Undone" in text(one, ".rf-answer"), timeout=60)
        within_a_second(two, "No Honour gained in play yet", "the Undo", tapped)
        assert "Cy: 0 Honour" in honour_seen(two)

        tapped = time.perf_counter()
        one.locator("button.mk-honour-fallen", has_text="+2").tap()
        wait_for(lambda: "Cy: +2 Honour" in text(one, ".rf-answer"), timeout=60)
        within_a_second(two, "Cy +2", "the Honour tapped again", tapped)
        two.reload()
        two.wait_for_selector(".mk-honour .mk-taps", timeout=90_000)
        assert "Wave I" in text(two, ".mk-status-box")
        assert "Cy: 2 Honour" in honour_seen(two) and text(two, ".mk-taps").count("Cy +2") == 1
        tapped = time.perf_counter()
        one.locator("button.mk-honour-fallen", has_text="+2").tap()  # a change after the reload: still followed
        wait_for(lambda: "4 in all" in text(one, ".rf-answer"), timeout=60)
        within_a_second(two, "Cy: 4 Honour", "the Honour tapped after its reload", tapped)
        screenshot(two, "mountain-king-second-tablet", scale="css")
        # a new game on the first tablet: the second shows it, and says so
        nav(one, "Board")
        fill(one, ".mk-names", "Dee, Eli")
        one.locator("button.mk-new").tap()
        one.locator("button.rf-leave-yes").tap()  # asked first: Ann, Bo and Cy's game is in progress
        wait_for(lambda: "Dee" in text(two, ".mk-player") and "Cy" not in text(two, ".mk-player"), timeout=10)
        wait_for(lambda: "A new game was started on another page" in text(two, ".rf-answer"), timeout=10)
        assert "No Honour gained in play yet" in honour_seen(two)
    finally:
        one_ctx.close()
        two_ctx.close()
