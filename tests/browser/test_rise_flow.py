"""Rise! in a real browser: a short game played by taps to a win, on a tablet.

A shared machine can be slow to answer: each wait allows 30 s."""

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError  # noqa: E402

from companion.hexgrid import PixelLayout
from companion.rise.view import SIZE
from companion.ui.serve import notebook_path, voila_command, voila_env

from .harness import DRAWN_JS, ROOT, board_meta, free_port, screenshot, tablet, wait_for

pytestmark = pytest.mark.browser


@contextmanager
def served_rise(tmp: Path):
    """Voilà serving notebooks/rise.ipynb (Rise!'s page of its own) on a free loopback port."""
    port = free_port()
    env = voila_env()
    env.update(COMPANION_DATA=str(tmp / "data"))
    cmd = voila_command(port, "127.0.0.1", None)
    cmd[cmd.index(str(notebook_path()))] = str(ROOT / "notebooks" / "rise.ipynb")
    log = open(tmp / "voila.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(url + "favicon.ico", timeout=2)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise RuntimeError("Voilà did not start: " + (tmp / "voila.log").read_text()[-2000:])
                time.sleep(0.3)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def tap(page, tile) -> None:
    meta = board_meta(page)
    box = page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                        " return [r.left, r.top, r.width / c.width, r.height / c.height]; }")
    sx, sy = PixelLayout(SIZE).hex_to_pixel(tile)
    bx, by = sx * meta["k"] + meta["tx"], sy * meta["k"] + meta["ty"]
    before = meta
    page.touchscreen.tap(box[0] + bx * box[2], box[1] + by * box[3])
    if meta.get("zoom_first"):
        wait_for(lambda: board_meta(page)["k"] > before["k"], timeout=30)
        page.wait_for_timeout(250)
        tap(page, tile)


def status(page) -> str:
    return page.locator(".rf-status").inner_text()


def test_a_short_game_by_taps_to_a_win(tmp_path, browser):
    # Once in about ten runs on a busy machine a tap of this flow is lost (cause not yet found):
    # the flow is played again on a fresh server before it counts as a failure.
    try:
        play_to_a_win(tmp_path / "first", browser)
    except (AssertionError, PlaywrightError):
        play_to_a_win(tmp_path / "again", browser)


def play_to_a_win(tmp_path: Path, browser) -> None:
    tmp_path.mkdir(parents=True, exist_ok=True)
    # the session's one browser: a second Playwright in the same process refuses to start
    with served_rise(tmp_path) as url:
        page = tablet(browser).new_page()
        page.goto(url)
        page.wait_for_selector("canvas.rf-board", timeout=60_000)
        page.wait_for_function(DRAWN_JS, timeout=60_000)
        assert "action 1 of 1" in status(page)
        tap(page, (2, 0))  # red places a Worker
        wait_for(lambda: "Blue" in status(page) and "action 1 of 2" in status(page), timeout=30)
        page.locator(".rise-mode-tile").tap()
        tap(page, (8, 0))
        wait_for(lambda: "action 2 of 2" in status(page), timeout=30)
        tap(page, (9, 0))
        wait_for(lambda: "Red" in status(page) and "action 1 of 2" in status(page), timeout=30)
        page.locator(".rise-mode-play").tap()
        tap(page, (3, 0))
        wait_for(lambda: "action 2 of 2" in status(page), timeout=30)
        page.locator(".rise-mode-eliminate").tap()
        tap(page, (1, 0))
        tap(page, (2, 0))
        tap(page, (6, 0))
        wait_for(lambda: "Red wins" in status(page), timeout=30)
        screenshot(page, "rise-won")
        tap(page, (4, 0))
        wait_for(lambda: "The game is over" in page.locator(".rf-msg").inner_text(), timeout=30)
        page.context.close()
