"""A table sits down (issue 26): the tablet and four phones opened at the same moment.

Five pages opened together on a 3-player game (the tablet on its Game screen, the three seats on
their phones and Ben's seat on a second phone), as `make run` serves them (the preheated pool):
seconds until each page answers taps, the slowest included. One page that finds no preheated
kernel (`--no-preheat`): seconds until it answers taps. The memory of the server and its kernels
with the five pages open, and of the pool waiting alone. The bytes a phone downloads on its first
visit and on its second (its browser's cache kept). Each figure comes with the load average of
the machine (``/proc/loadavg``), as the machine is shared.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, row

sys.path.insert(0, str(ROOT / "tests"))

#: What each page shows once its kernel answers taps: the tablet's Game screen, a seat's choice.
TABLET_LIVE, SEAT_LIVE = ".rf-controls", "button.rf-choose-city"

#: In every page of a context: the wall-clock time when ``selector`` first shows, in window.__rfLive.
LIVE_MARK = """(() => { const sel = %r;
  const look = () => { if (!window.__rfLive && document.querySelector(sel)) window.__rfLive = Date.now(); };
  const timer = setInterval(() => { look(); if (window.__rfLive) clearInterval(timer); }, 25);
})();"""


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def live_after(page, t0: float, timeout: float = 90_000) -> float:
    """Seconds from ``t0`` (wall clock) until the page showed its live control (infinite: never,
    and what the page shows instead is printed)."""
    try:
        page.wait_for_function("() => !!window.__rfLive", timeout=timeout)
    except Exception:  # noqa: BLE001 - a page that never answers is a figure too
        print(f"  never live: {page.url}: {page.evaluate('() => document.body.innerText')[:300]!r}", file=sys.stderr)
        return float("inf")
    return page.evaluate("() => window.__rfLive") / 1000 - t0


def server_mb(server: int) -> tuple[float, int]:
    """Memory of the Voilà server and all its kernels (MB), and how many kernels."""
    from bench.phones import family, rss_mb

    pids = family(server)
    return rss_mb(pids), len(pids) - 1


def bytes_counter(page) -> list[int]:
    """Bytes the page receives over the network from now on (Chromium's encoded lengths)."""
    got: list[int] = []
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.loadingFinished", lambda e: got.append(int(e.get("encodedDataLength", 0))))
    return got


def five_together(browser, pool: int) -> None:
    from browser.harness import SERVERS, phone, served, tablet

    from bench.phones import start_game

    with tempfile.TemporaryDirectory() as d, served(Path(d), preheat=pool) as (url, data, _):
        tokens = start_game(data)
        server = SERVERS[-1]
        time.sleep(3 + 2 * pool)  # the pool fills, as before the players sit down
        idle, kernels = server_mb(server)
        row(f"table: server memory, the pool of {pool} waiting (load {load()}, {kernels} kernels)", idle, "report", unit="MB")
        ctxs = [tablet(browser)] + [phone(browser) for _ in range(4)]
        pages = []
        for i, ctx in enumerate(ctxs):
            ctx.add_init_script(LIVE_MARK % (TABLET_LIVE if i == 0 else SEAT_LIVE))
            pages.append(ctx.new_page())
        addresses = [url + "?game=rise-and-fall&screen=game"] + [url + f"?game=rise-and-fall&seat={t}" for t in tokens + [tokens[1]]]
        before = load()
        t0 = time.time()
        for page, address in zip(pages, addresses):  # all five at once: no page waits for another
            page.evaluate("(a) => { window.location.href = a; }", address)
        secs = [live_after(page, t0) for page in pages]
        slowest = max(secs)
        row(f"table: 5 pages opened together, the slowest live, pool of {pool} (load {before})", slowest,
            "<= 3 s", unit="s", ok=slowest <= 3)
        row(f"table: the same, the median page (each: {', '.join(f'{s:.1f}' for s in secs)})", statistics.median(secs),
            "<= 3 s", unit="s", ok=statistics.median(secs) <= 3)
        where_it_goes(pages[secs.index(slowest)], f"the slowest of 5 together, pool of {pool}", cold="")
        pages[0].wait_for_timeout(3000)
        mem, kernels = server_mb(server)
        row(f"table: server memory with 5 pages open ({kernels} kernels, load {load()})", mem, "report", unit="MB")
        for ctx in ctxs:
            ctx.close()


#: The steps of a page's load, from the browser's Navigation Timing (ms after the address was asked).
STEPS_JS = """() => { const n = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter(r => r.initiatorType === 'script');
  return {first_byte: n.responseStart, page_read: n.responseEnd, scripts: Math.max(0, ...scripts.map(r => r.responseEnd)),
          loaded: n.loadEventEnd, live: window.__rfLive - performance.timeOrigin}; }"""


def where_it_goes(page, what: str, cold: str = "cold, ") -> None:
    """Where a cold page's time goes: the server's first byte (the page's template), the page
    read to its end (the kernel started and the notebook run), its scripts fetched, the page
    loaded (the scripts run), and live (the widgets' messages, the page drawn)."""
    steps = page.evaluate(STEPS_JS)
    names = {"first_byte": "first byte", "page_read": "page read (kernel started, notebook run)",
             "scripts": "scripts fetched", "loaded": "scripts run (load event)", "live": "live (widgets drawn)"}
    for key, name in names.items():
        row(f"table: {what}, {cold}{name}", steps[key] / 1000, "report", unit="s")


def empty_pool(browser) -> None:
    """One page alone, no preheated kernel: a seat's phone, and the tablet's shelf."""
    from browser.harness import LIVE_SHELF, phone, served, tablet

    from bench.phones import start_game

    with tempfile.TemporaryDirectory() as d, served(Path(d), preheat=False) as (url, data, _):
        tokens = start_game(data)
        for what, make, address, sel in (("a seat's phone", phone, f"?game=rise-and-fall&seat={tokens[0]}", SEAT_LIVE),
                                         ("the tablet's shelf", tablet, "", LIVE_SHELF)):
            ctx = make(browser)
            ctx.add_init_script(LIVE_MARK % sel)
            page = ctx.new_page()
            if what.startswith("a seat"):
                got = bytes_counter(page)
            before = load()
            t0 = time.time()
            page.goto(url + address, wait_until="commit")
            s = live_after(page, t0)
            row(f"table: one page, the pool empty, {what} live (load {before})", s, "<= 2 s", unit="s", ok=s <= 2)
            where_it_goes(page, what)
            if what.startswith("a seat"):
                page.wait_for_timeout(1500)
                first = sum(got) / 1024
                got.clear()
                page.goto(url + address, wait_until="commit")
                page.wait_for_selector(SEAT_LIVE, timeout=60_000)
                page.wait_for_timeout(1500)
                second = sum(got) / 1024
                row("table: a phone's first visit, bytes downloaded", first, "small", unit="KiB")
                row("table: the same phone's second visit (its cache kept)", second, "<= 200 KiB", unit="KiB", ok=second <= 200)
            ctx.close()


def run() -> None:
    from browser.harness import launch
    from playwright.sync_api import sync_playwright

    from companion.ui.serve import POOL

    with sync_playwright() as p:
        browser = launch(p)
        five_together(browser, POOL)
        empty_pool(browser)
        browser.close()


if __name__ == "__main__":
    from bench.common import print_table

    run()
    print_table()
