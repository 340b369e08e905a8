"""Rise! in a real browser: a short game played by taps to a win, on a tablet; a game against
the computer, several turns and a reload.

A shared machine can be slow to answer: each wait allows 30 s."""

import time

import pytest

from companion.gamelog import GameStore
from companion.hexgrid import PixelLayout, distance
from companion.rise.game import RiseRules, place_targets
from companion.rise.screens import KIND
from companion.rise.view import SIZE

from .harness import DRAWN_JS, ROOT, board_meta, screenshot, served, tablet, wait_for

pytestmark = pytest.mark.browser


def settled_meta(page) -> dict:
    """The board's view once the kernel has drawn everything asked of it: the page knows its
    width, and the view has not moved for 0.4 s (a mode or an action may refit the board)."""
    last, since = None, time.time()
    deadline = time.time() + 30
    while time.time() < deadline:
        meta = board_meta(page)
        if meta != last:
            last, since = meta, time.time()
        elif meta.get("css_width") and time.time() - since > 0.4:
            return meta
        time.sleep(0.05)
    raise AssertionError(f"the board did not settle: {last}")


def tap(page, tile) -> None:
    """Tap a tile as a player does: where the kernel answers by zooming (the Spaces were smaller
    than a finger as it saw them), look again and tap again."""
    for _ in range(5):
        meta = settled_meta(page)
        box = page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                            " return [r.left, r.top, r.width / c.width, r.height / c.height]; }")
        sx, sy = PixelLayout(SIZE).hex_to_pixel(tile)
        bx, by = sx * meta["k"] + meta["tx"], sy * meta["k"] + meta["ty"]
        page.touchscreen.tap(box[0] + bx * box[2], box[1] + by * box[3])
        try:  # a zoom shows within a second or two; an action's refit only ever zooms out
            wait_for(lambda: board_meta(page)["k"] > meta["k"] * 1.001, timeout=30 if meta.get("zoom_first") else 2)
        except AssertionError:
            return
    raise AssertionError(f"tapping {tile} only ever zoomed")


def mode(page, name: str) -> None:
    """Choose an action on the bar, and wait until the kernel shows it chosen."""
    page.locator(f".rise-mode-{name}").tap()
    page.wait_for_selector(f".rise-mode-{name}.mod-info", timeout=30_000)


def status(page) -> str:
    return page.locator(".rf-status").inner_text()


def test_a_short_game_by_taps_to_a_win(tmp_path, browser):
    # the session's one browser: a second Playwright in the same process refuses to start
    with served(tmp_path, notebook=ROOT / "notebooks" / "rise.ipynb") as (url, _, _):
        page = tablet(browser).new_page()
        try:
            play_on(page, url)
        except AssertionError as e:
            screenshot(page, "rise-flow-failed")
            raise AssertionError(f"{e}; the status said {status(page)!r}, the message "
                                 f"{page.locator('.rf-msg').all_inner_texts()!r}") from e
        finally:
            page.context.close()


def play_on(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("canvas.rf-board", timeout=60_000)
    page.wait_for_function(DRAWN_JS, timeout=60_000)
    assert "action 1 of 1" in status(page)
    tap(page, (2, 0))  # red places a Worker
    wait_for(lambda: "Blue" in status(page) and "action 1 of 2" in status(page), timeout=30)
    mode(page, "tile")
    tap(page, (8, 0))
    wait_for(lambda: "action 2 of 2" in status(page), timeout=30)
    tap(page, (9, 0))
    wait_for(lambda: "Red" in status(page) and "action 1 of 2" in status(page), timeout=30)
    mode(page, "play")
    tap(page, (3, 0))
    wait_for(lambda: "action 2 of 2" in status(page), timeout=30)
    mode(page, "eliminate")
    tap(page, (1, 0))
    tap(page, (2, 0))
    tap(page, (6, 0))
    wait_for(lambda: "Red wins" in status(page), timeout=30)
    screenshot(page, "rise-won")
    tap(page, (4, 0))
    wait_for(lambda: "The game is over" in page.locator(".rf-msg").inner_text(), timeout=30)


def test_against_the_computer_it_answers_turn_after_turn_and_after_a_reload(tmp_path, browser):
    """The page the issue saw stuck on "thinking…": New game against the hard computer, several
    turns each way, a reload in the middle (who plays comes back from the log), and on."""
    with served(tmp_path, notebook=ROOT / "notebooks" / "rise.ipynb") as (url, data, _):
        page = tablet(browser).new_page()
        try:
            against_the_computer(page, url, GameStore(data))
        except AssertionError as e:
            screenshot(page, "rise-computer-failed")
            latest = GameStore(data).latest(KIND, RiseRules())
            raise AssertionError(f"{e}; the status said {status(page)!r}, the message "
                                 f"{page.locator('.rf-msg').all_inner_texts()!r}, the log "
                                 f"{[x.action for x in latest.applied] if latest else None}") from e
        finally:
            page.context.close()


def red_places(page, store: GameStore) -> None:
    """Red (the player) places a Worker on a lit tile, and the page takes it."""
    p = store.latest(KIND, RiseRules()).state
    assert p.player == "red" and not p.over
    # the whole board in sight (New game is below it), and the lit tile nearest the middle of the land
    page.locator("canvas.rf-board").evaluate("c => c.scrollIntoView({block: 'center'})")
    mode(page, "play")
    tap(page, min(place_targets(p), key=lambda h: distance(h, (4, 0))))
    wait_for(lambda: store.latest(KIND, RiseRules()).state != p, timeout=30)


def the_computer_answers(page, store: GameStore) -> None:
    wait_for(lambda: (store.latest(KIND, RiseRules()).state.player == "red" and "Red" in status(page)
                      and "thinking" not in status(page) and "action 1 of" in status(page)), timeout=60)


def against_the_computer(page, url: str, store: GameStore) -> None:
    page.goto(url)
    page.wait_for_selector("canvas.rf-board", timeout=60_000)
    page.wait_for_function(DRAWN_JS, timeout=60_000)
    page.get_by_role("button", name="Play against the computer").tap()
    page.get_by_role("button", name="Hard", exact=True).tap()
    page.locator(".rise-new").tap()
    wait_for(lambda: "it plays Blue, hard" in status(page), timeout=30)
    red_places(page, store)  # red's one action of turn 1
    the_computer_answers(page, store)  # where the page used to stay on "thinking…"
    red_places(page, store)  # and the page takes the player's taps again
    wait_for(lambda: "action 2 of 2" in status(page), timeout=30)
    assert "computer's turn" not in page.locator(".rf-msg").inner_text()
    turn = store.latest(KIND, RiseRules()).state.turn
    page.reload()  # who plays comes back from the game's log
    page.wait_for_selector("canvas.rf-board", timeout=60_000)
    page.wait_for_function(DRAWN_JS, timeout=60_000)
    wait_for(lambda: "it plays Blue, hard" in status(page) and f"Turn {turn}" in status(page), timeout=30)
    active = page.locator(".widget-toggle-button.mod-active").all_inner_texts()
    assert "Play against the computer" in active and "Computer is Blue" in active and "Hard" in active, active
    screenshot(page, "rise-against-the-computer")
