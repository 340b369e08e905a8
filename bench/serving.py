"""Serving: kernels and their memory after 20 page reloads in a row (issue: kernel culling).

Each reload starts a kernel; a closed or reloaded page's kernel must go within a minute or
two (serve.CULL_IDLE, serve.CULL_INTERVAL), leaving at most two kernels and 300 MB in all.
A closed page's kernel must go too while the game goes on at the table: it stops following
the log once its page stops beating (app.QUIET_AFTER), so it falls idle.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, is_kernel, row

sys.path.insert(0, str(ROOT / "tests"))


def kernels_under(pid: int) -> list[tuple[int, int]]:
    """(pid, RSS in KiB) of every ipykernel started by the Voilà process ``pid``."""
    out = subprocess.run(["ps", "-eo", "pid,ppid,rss,args"], capture_output=True, text=True, check=True).stdout.splitlines()[1:]
    procs = [line.split(None, 3) for line in out]
    children: dict[int, list[int]] = {}
    info = {}
    for p in procs:
        if len(p) == 4:
            children.setdefault(int(p[1]), []).append(int(p[0]))
            info[int(p[0])] = (int(p[2]), p[3])
    found, stack = [], [pid]
    while stack:
        for c in children.get(stack.pop(), []):
            stack.append(c)
            if is_kernel(info[c][1]):
                found.append((c, info[c][0]))
    return found


def run() -> None:
    from browser.harness import launch, open_app, served, tablet
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory() as d:
        browser = launch(p)
        with served(Path(d)) as (url, _data, _layouts):
            voila = _voila_pid(url)
            ctx = tablet(browser)
            page = ctx.new_page()
            open_app(page, url, timeout=180_000)
            for _ in range(19):  # each reload as a player would: the page is there, then again
                page.reload(timeout=180_000, wait_until="commit")
                page.wait_for_selector("canvas.rf-board", timeout=180_000)
            time.sleep(3)
            right_after = len(kernels_under(voila))
            t0 = time.time()
            while time.time() - t0 < 180 and len(kernels_under(voila)) > 1:
                time.sleep(5)
            settled = time.time() - t0
            ks = kernels_under(voila)
            mb = sum(rss for _, rss in ks) / 1024
            row("kernels right after 20 reloads of one page", right_after, "(culled below)", unit="kernels")
            row("kernels once culled (the open page's own)", len(ks), "<= 2", unit="kernels", ok=len(ks) <= 2)
            row("time until the closed pages' kernels are gone", settled, "<= 120 s", unit="s", ok=settled <= 120)
            row("memory of all kernels after 20 reloads", mb, "<= 300 MB", unit="MB", ok=mb <= 300)
            ctx.close()
        closed_page_while_playing(browser)
        browser.close()


def closed_page_while_playing(browser) -> None:
    """Two pages on the Game screen; one is closed while the other page's game changes every 4 s."""
    from browser.harness import open_app, served, tablet
    from browser.test_pages import opening

    from companion.gamelog import GameStore, Session
    from companion.rise_and_fall import GAME_LOG
    from companion.rise_and_fall.play.tracker import TrackerRules

    with tempfile.TemporaryDirectory() as d, served(Path(d)) as (url, data, _):
        _, log = GameStore(data).create(GAME_LOG, "Game")
        game = Session(log, TrackerRules())
        for a in opening(["Ana", "Ben", "Cy"], 2):
            game.do(a)
        voila = _voila_pid(url)
        ctx = tablet(browser)
        pages = []
        for _ in range(2):
            page = ctx.new_page()
            open_app(page, url, timeout=180_000)
            page.get_by_role("button", name="Game", exact=True).tap()
            page.wait_for_selector(".rf-game-name", timeout=60_000)
            pages.append(page)
        before = len(kernels_under(voila))
        pages[1].close()
        t0, k = time.time(), 0
        while time.time() - t0 < 240 and len(kernels_under(voila)) > 1:
            (game.undo if k % 2 == 0 else game.redo)()  # the table goes on playing
            k += 1
            time.sleep(4)
        gone = time.time() - t0
        left = len(kernels_under(voila))
        ctx.close()
    row("kernels with two pages open on one game", before, "2", unit="kernels", ok=before == 2)
    row("a closed page's kernel, the game changing every 4 s: gone after", gone, "<= 120 s", unit="s",
        ok=left == 1 and gone <= 120)


def _voila_pid(url: str) -> int:
    """The Voilà server listening at ``url`` (started by the harness)."""
    port = url.rstrip("/").rsplit(":", 1)[1]
    out = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True, check=True).stdout.splitlines()
    for line in out:
        if f"--port={port}" in line and "voila" in line:
            return int(line.split(None, 1)[0])
    raise RuntimeError("Voilà was not found")


if __name__ == "__main__":
    from bench.common import print_table

    run()
    print_table()
