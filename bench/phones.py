"""Phones at the table (phones issue): a tablet and four phones on one 3-player game (one seat open on
two phones), 5 pages open.

A tap on one phone to the change drawn on another phone (median and 95th percentile), the
server's CPU (Voilà and its kernels) while the 5 pages sit idle, and the memory of the 5 pages'
kernels.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, row

sys.path.insert(0, str(ROOT / "tests"))
NAMES = ("Ana", "Ben", "Cy")


def family(pid: int) -> list[int]:
    """The Voilà server and its kernels (its children)."""
    out = subprocess.run(["ps", "-eo", "pid,ppid"], capture_output=True, text=True).stdout.split()[2:]
    pairs = [(int(out[k]), int(out[k + 1])) for k in range(0, len(out) - 1, 2)]
    kids = [p for p, pp in pairs if pp == pid]
    return [pid] + kids


def cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime
    return total


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def start_game(data: Path) -> list[str]:
    """A 3-player game at phase A of turn 1; the seats' tokens."""
    from browser.test_pages import opening

    from companion.gamelog import GameStore, Session
    from companion.rise_and_fall import GAME_LOG
    from companion.rise_and_fall.play.tracker import TrackerRules
    from companion.seats import Seats

    _, log = GameStore(data).create(GAME_LOG, "Game")
    game = Session(log, TrackerRules())
    for a in opening(list(NAMES), 2):
        game.do(a)
    seats = Seats(log).ensure(3)
    return [seats[i].token for i in range(3)]


def marks(path: Path) -> list[tuple[float, int, str]]:
    """The kernels' timing marks: (time, pid, what)."""
    out = []
    for line in path.read_text().splitlines() if path.exists() else []:
        t, pid, what = line.split(" ", 2)
        out.append((float(t), int(pid), what))
    return out


def breakdown(taps: list[tuple[float, float]], path: Path) -> None:
    """Where the time of Ana's taps went, from the marks her and Ben's kernels wrote."""
    ms = marks(path)
    ana = next((p for _, p, w in ms if w == "tap seat=0"), None)
    ben = next((p for _, p, w in ms if w == "noticed seat=1"), None)
    if ana is None or ben is None:
        return
    steps: dict[str, list[float]] = {}

    def first(pid: int, what: str, after: float) -> float | None:
        return next((t for t, p, w in ms if p == pid and w.startswith(what) and t >= after), None)

    for t0, drawn in taps:
        tap = first(ana, "tap", t0)
        done = tap and first(ana, "committed", tap)
        seen = done and first(ben, "noticed", done)
        updated = seen and first(ben, "updated", seen)
        if not updated:
            continue
        for name, a, b in (("the tap reaches Ana's kernel", t0, tap), ("rules and commit", tap, done),
                           ("Ben's kernel notices", done, seen), ("Ben's kernel updates its widgets", seen, updated),
                           ("to Ben's browser, drawn", updated, drawn)):
            steps.setdefault(name, []).append((b - a) * 1000)
    for name, v in steps.items():
        row(f"phones: where it goes: {name}", statistics.median(v), "report")


def run() -> None:
    from browser.harness import SERVERS, launch, phone, served, tablet
    from playwright.sync_api import sync_playwright

    with (tempfile.TemporaryDirectory() as d,
          served(Path(d), env_extra={"COMPANION_TIMINGS": str(Path(d) / "timings.txt")}) as (url, data, _)):
        tokens = start_game(data)
        server = SERVERS[-1]
        with sync_playwright() as p:
            browser = launch(p)
            tab = tablet(browser).new_page()
            tab.goto(url + "?game=rise-and-fall&screen=game")
            phones = []
            for token in tokens + [tokens[1]]:  # the fifth page: Ben's seat open on a second phone
                page = phone(browser).new_page()
                page.goto(url + f"?game=rise-and-fall&seat={token}")
                phones.append(page)
            for page in phones:
                page.wait_for_selector("button.rf-choose-city", timeout=90_000)
            tab.wait_for_selector(".rf-controls", timeout=90_000)
            ana, ben = phones[0], phones[1]
            times, taps = [], []
            for k in range(20):
                t0, wall = time.perf_counter(), time.time()
                if k % 2 == 0:  # Ana chooses on her phone; Ben's phone shows that she has chosen
                    ana.locator("button.rf-choose-city").tap()
                    ben.wait_for_function("() => document.body.innerText.includes('chosen: Ana')", timeout=10_000, polling="raf")
                else:  # the tablet undoes it; Ben's phone shows it
                    tab.locator("button.rf-game-undo").tap()
                    ben.wait_for_function("() => !document.body.innerText.includes('chosen: Ana')", timeout=10_000, polling="raf")
                times.append((time.perf_counter() - t0) * 1000)
                if k % 2 == 0:
                    taps.append((wall, time.time()))
                ana.wait_for_selector("button.rf-choose-city" if k % 2 else "button.rf-change-ship", timeout=10_000)
                tab.wait_for_timeout(300)
            times.sort()
            ms = statistics.median(times)
            p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
            row("phones: a tap on one page to another phone showing it, 5 pages open (median of 20)", ms, "<= 300 ms", ok=ms <= 300)
            row("phones: the same, 95th percentile", p95, "<= 1000 ms", ok=p95 <= 1000)
            breakdown(taps, Path(d) / "timings.txt")
            tab.wait_for_timeout(3000)
            pids = family(server)
            ticks = os.sysconf("SC_CLK_TCK")
            c0, t0 = cpu_ticks(pids), time.perf_counter()
            tab.wait_for_timeout(20_000)  # 5 pages idle
            share = (cpu_ticks(pids) - c0) / ticks / (time.perf_counter() - t0) * 100
            row("phones: server CPU while 5 pages sit idle (Voilà and kernels)", share, "<= 5 % of one core", unit="%", ok=share <= 5)
            kernels = [q for q in pids if q != server]
            mem = rss_mb(kernels)
            row(f"phones: memory of the 5 pages' kernels ({len(kernels)} kernels)", mem, "report", unit="MB")
            row("phones: memory of the server (Voilà)", rss_mb([server]), "report", unit="MB")
            browser.close()
