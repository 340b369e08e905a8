"""A table sits down (issue 26): the tablet and four phones opened at the same moment.

Five pages opened together on a 3-player game (the tablet on its Game screen, the three seats on
their phones and Ben's seat on a second phone), as `make run` serves them (the preheated pool), each
page sent to its address by its own timer at the same moment: seconds until each page answers taps,
the slowest included; and the same with the page's scripts as Voilà alone asks for them (no preload,
each of its ninety chunks on its own request). One page that finds no preheated
kernel (`--no-preheat`): seconds until it answers taps. The same five pages and one phone's first
and second visit over the network, served by `make table` (`serve --table`: the token, the
machine's LAN address). The memory of the server and its kernels with the five pages open, and of
the pool waiting alone. The bytes a phone downloads on its first visit and on its second (its
browser's cache kept).

The machine is shared: each figure is the median of :data:`REPEAT` runs (each on a fresh server),
with the load average (``/proc/loadavg``) of each run beside it. Where the time goes: each page's
steps (the browser's Navigation Timing, the kernel's own marks of when its page asked and opened,
``$COMPANION_TIMINGS``) and the CPU seconds the server, the pages' kernels, the pool's refill and
the browser took until the last page was live (the browser runs on the same machine here; at a
table each phone has its own).
"""

from __future__ import annotations

import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.common import ROOT, row

sys.path.insert(0, str(ROOT / "tests"))

#: Runs of each figure (their median is the figure).
REPEAT = int(os.environ.get("COMPANION_BENCH_REPEAT", "3"))

#: What each page shows once its kernel answers taps: the tablet's Game screen, a seat's choice.
TABLET_LIVE, SEAT_LIVE = ".rf-controls", "button.rf-choose-city"

#: In every page of a context: the wall-clock time when ``selector`` first shows, in window.__rfLive.
LIVE_MARK = """(() => { const sel = %r;
  const look = () => { if (!window.__rfLive && document.querySelector(sel)) window.__rfLive = Date.now(); };
  const timer = setInterval(() => { look(); if (window.__rfLive) clearInterval(timer); }, 25);
})();"""


#: In a page: go to an address at a wall-clock moment (ms).
AT_ONCE = "([a, at]) => { setTimeout(() => { window.location.href = a; }, Math.max(0, at - Date.now())); }"


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


def descendants(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-eo", "pid,ppid"], capture_output=True, text=True).stdout.split()[2:]
    pairs = [(int(out[k]), int(out[k + 1])) for k in range(0, len(out) - 1, 2)]
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        kids = [p for p, pp in pairs if pp == parent]
        found += kids
        todo += kids
    return found


def voila_of(server: int) -> int:
    """The Voilà process of a server (the launcher's wrapper, `serve`, runs Voilà as its child)."""
    out = subprocess.run(["ps", "-o", "pid=,args=", "--ppid", str(server)], capture_output=True, text=True).stdout
    voila = [int(line.split()[0]) for line in out.splitlines() if "voila_launch" in line]
    return voila[0] if voila else server


def server_mb(server: int) -> tuple[float, int]:
    """Memory of the Voilà server and all its kernels (MB), and how many kernels."""
    from bench.phones import rss_mb

    voila = voila_of(server)
    pids = [voila] + descendants(voila)
    return rss_mb(pids), len(pids) - 1


class CPU:
    """CPU seconds taken from now on by the server, the kernels that were waiting, the kernels
    started meanwhile (the pool refilling) and the browser."""

    def __init__(self, server: int) -> None:
        from bench.phones import cpu_ticks

        self.ticks = cpu_ticks
        self.voila = voila_of(server)
        self.kernels = descendants(self.voila)
        self.browser = [p for p in descendants(os.getpid()) if p != server and p not in self.kernels and p != self.voila]
        self.start = (cpu_ticks([self.voila]), cpu_ticks(self.kernels), cpu_ticks(self.browser))

    def taken(self) -> dict[str, float]:
        kernels = descendants(self.voila)
        fresh = [k for k in kernels if k not in self.kernels]
        browser = [p for p in descendants(os.getpid()) if p != self.voila and p not in kernels]
        new_browser = [p for p in browser if p not in self.browser]
        return {"server": (self.ticks([self.voila]) - self.start[0]) / 100,
                "kernels": (self.ticks(self.kernels) - self.start[1]) / 100,
                "refill": self.ticks(fresh) / 100,
                "browser": (self.ticks(self.browser) - self.start[2] + self.ticks(new_browser)) / 100}


def bytes_counter(page) -> list[int]:
    """Bytes the page receives over the network from now on (Chromium's encoded lengths)."""
    got: list[int] = []
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.loadingFinished", lambda e: got.append(int(e.get("encodedDataLength", 0))))
    return got


def each(values: list[float], loads: list[str]) -> str:
    return ", ".join(f"{v:.1f} (load {lo})" for v, lo in zip(values, loads))


#: The steps of a page's load, from the browser's Navigation Timing (ms after the address was asked).
STEPS_JS = """() => { const n = performance.getEntriesByType('navigation')[0];
  const scripts = performance.getEntriesByType('resource').filter(r => r.initiatorType === 'script');
  return {first_byte: n.responseStart, page_read: n.responseEnd, scripts: Math.max(0, ...scripts.map(r => r.responseEnd)),
          loaded: n.loadEventEnd, live: window.__rfLive - performance.timeOrigin, origin: performance.timeOrigin,
          requests: performance.getEntriesByType('resource').length + 1}; }"""
STEP_NAMES = {"first_byte": "first byte", "page_read": "page read (kernel started, notebook run)",
              "scripts": "scripts fetched", "loaded": "scripts run (load event)", "live": "live (widgets drawn)"}


def kernel_marks(path: Path, t0: float) -> dict[str, list[float]]:
    """Seconds after ``t0`` when the kernels' pages asked for them and when they had opened them."""
    from bench.phones import marks

    found: dict[str, list[float]] = {"page asked": [], "page opened": []}
    for t, _pid, what in marks(path):
        if what in found and t >= t0:
            found[what].append(t - t0)
    return found


def five_pages(browser, url: str, tokens: list[str], query: str = "") -> tuple[list[float], dict]:
    """The tablet and four phones open their pages at the same moment: seconds until each is live,
    and the steps of the slowest."""
    from browser.harness import phone, tablet

    ctxs = [tablet(browser)] + [phone(browser) for _ in range(4)]
    pages = []
    for i, ctx in enumerate(ctxs):
        ctx.add_init_script(LIVE_MARK % (TABLET_LIVE if i == 0 else SEAT_LIVE))
        pages.append(ctx.new_page())
    tablet_address = url + ("?" + query + "&" if query else "?") + "game=rise-and-fall&screen=game"
    addresses = [tablet_address] + [url + f"?game=rise-and-fall&seat={t}" for t in tokens + [tokens[1]]]
    # all five at the same moment, each page's own timer: asked one after another, a page's start waited
    # for the driver's word to the pages before it (up to 1 s with the browser busy loading those)
    t0 = time.time() + 1.0
    for page, address in zip(pages, addresses):
        page.evaluate(AT_ONCE, [address, t0 * 1000])
    secs = [live_after(page, t0) for page in pages]
    slowest = pages[secs.index(max(secs))]
    steps = slowest.evaluate(STEPS_JS)
    steps = {k: (steps["origin"] / 1000 - t0) + v / 1000 for k, v in steps.items() if k not in ("origin", "requests")} | {
        "requests": steps["requests"]}
    pages[0].wait_for_timeout(3000)
    for ctx in ctxs:
        ctx.close()
    return secs, steps | {"t0": t0}


def five_together(browser, pool: int) -> None:
    from browser.harness import SERVERS, served

    from bench.phones import start_game

    slowest, medians, loads, idle_mb, open_mb = [], [], [], [], []
    cpu: list[dict[str, float]] = []
    steps: list[dict[str, float]] = []
    asked: list[float] = []
    opened: list[float] = []
    for _ in range(REPEAT):
        with tempfile.TemporaryDirectory() as d:
            timings = Path(d) / "timings.txt"
            with served(Path(d), preheat=pool, env_extra={"COMPANION_TIMINGS": str(timings)}) as (url, data, _):
                tokens = start_game(data)
                server = SERVERS[-1]
                time.sleep(3 + 2 * pool)  # the pool fills, as before the players sit down
                idle_mb.append(server_mb(server)[0])
                loads.append(load())
                used = CPU(server)
                secs, st = five_pages(browser, url, tokens)
                cpu.append(used.taken())
                slowest.append(max(secs))
                medians.append(statistics.median(secs))
                steps.append(st)
                marks = kernel_marks(timings, st["t0"])
                asked.append(max(marks["page asked"], default=float("nan")))
                opened.append(max(marks["page opened"], default=float("nan")))
                open_mb.append(server_mb(server)[0])
    med = statistics.median
    row(f"table: server memory, the pool of {pool} waiting", med(idle_mb), "report", unit="MB")
    row(f"table: 5 pages opened together, the slowest live, pool of {pool} (each: {each(slowest, loads)})", med(slowest),
        "<= 3 s", unit="s", ok=med(slowest) <= 3)
    row(f"table: the same, the median page (each: {each(medians, loads)})", med(medians), "<= 3 s", unit="s", ok=med(medians) <= 3)
    row("table: 5 together, the last kernel asked by its page", med(asked), "report", unit="s")
    row("table: 5 together, the last kernel's page opened (its screen made)", med(opened), "report", unit="s")
    for key, name in STEP_NAMES.items():
        row(f"table: 5 together, the slowest page, {name}", med([s[key] for s in steps]), "report", unit="s")
    row("table: 5 together, requests of the slowest page", med([s["requests"] for s in steps]), "report", unit="requests")
    for key in ("server", "kernels", "refill", "browser"):
        row(f"table: 5 together, CPU seconds until the last page was live: {key}", med([c[key] for c in cpu]), "report", unit="s")
    row("table: server memory with 5 pages open (the pool refilled)", med(open_mb), "report", unit="MB")


def five_as_voila_alone(browser, pool: int) -> None:
    """The same five pages with the page's scripts as Voilà alone asks for them (``COMPANION_PRELOAD=0``:
    no preload, each chunk on its own): what the head's preloads and the one file of chunks change."""
    from browser.harness import served

    from bench.phones import start_game

    slowest, loads, counts = [], [], []
    for _ in range(REPEAT):
        with tempfile.TemporaryDirectory() as d:
            with served(Path(d), preheat=pool, env_extra={"COMPANION_PRELOAD": "0"}) as (url, data, _):
                tokens = start_game(data)
                time.sleep(3 + 2 * pool)
                loads.append(load())
                secs, st = five_pages(browser, url, tokens)
                slowest.append(max(secs))
                counts.append(st["requests"])
    row(f"table: 5 together, the page's scripts as Voila alone asks for them, the slowest live (each: {each(slowest, loads)})",
        statistics.median(slowest), "report", unit="s")
    row("table: the same, requests of the slowest page", statistics.median(counts), "report", unit="requests")


def empty_pool(browser) -> None:
    """One page alone, no preheated kernel: a seat's phone, and the tablet's shelf."""
    from browser.harness import LIVE_SHELF, phone, served, tablet

    from bench.phones import start_game

    runs: dict[str, list[tuple[float, str, dict]]] = {}
    visits: list[tuple[float, float]] = []
    for _ in range(REPEAT):
        with tempfile.TemporaryDirectory() as d, served(Path(d), preheat=False) as (url, data, _):
            tokens = start_game(data)
            for what, make, address, sel in (("a seat's phone", phone, f"?game=rise-and-fall&seat={tokens[0]}", SEAT_LIVE),
                                             ("the tablet's shelf", tablet, "", LIVE_SHELF)):
                ctx = make(browser)
                ctx.add_init_script(LIVE_MARK % sel)
                page = ctx.new_page()
                got = bytes_counter(page)
                before = load()
                t0 = time.time()
                page.goto(url + address, wait_until="commit")
                s = live_after(page, t0)
                steps = page.evaluate(STEPS_JS)
                runs.setdefault(what, []).append((s, before, steps))
                if what.startswith("a seat"):
                    visits.append(second_visit(page, got, url + address))
                ctx.close()
    med = statistics.median
    for what, done in runs.items():
        secs = [s for s, _, _ in done]
        row(f"table: one page, the pool empty, {what} live (each: {each(secs, [lo for _, lo, _ in done])})", med(secs),
            "<= 2 s", unit="s", ok=med(secs) <= 2)
        for key, name in STEP_NAMES.items():
            row(f"table: {what}, cold, {name}", med([st[key] / 1000 for _, _, st in done]), "report", unit="s")
    row("table: a phone's first visit, bytes downloaded", med([v[0] for v in visits]), "small", unit="KiB")
    row("table: the same phone's second visit (its cache kept)", med([v[1] for v in visits]), "<= 200 KiB", unit="KiB",
        ok=med([v[1] for v in visits]) <= 200)


def second_visit(page, got: list[int], address: str) -> tuple[float, float]:
    """KiB of the page's first visit (so far) and of a second visit to ``address`` (its cache kept)."""
    page.wait_for_timeout(1500)
    first = sum(got) / 1024
    got.clear()
    page.goto(address, wait_until="commit")
    page.wait_for_selector(SEAT_LIVE, timeout=60_000)
    page.wait_for_timeout(1500)
    return first, sum(got) / 1024


def lan_address() -> str:
    """The machine's first non-loopback address (``hostname -I``), as `make table` prints it."""
    from companion.ui.serve import lan_addresses

    return lan_addresses()[0]


def table_served(data: Path, port: int):
    """`make table` (``serve --table``) on ``port``: the process, the tablet's address with its
    token, and the seats' addresses it printed (name, address)."""
    env = dict(os.environ, COMPANION_DATA=str(data), COMPANION_LAYOUTS=str(data / "layouts"))
    proc = subprocess.Popen([sys.executable, "-m", "companion.ui.serve", "--table", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    tablet, seats = None, []
    for line in proc.stdout:
        m = re.search(r"open (http://\S+\?token=\S+)", line)
        if m and tablet is None:
            tablet = m.group(1)
        m = re.search(r"^\s+(.+)'s seat .*: (http://\S+)$", line)
        if m:
            seats.append((m.group(1), m.group(2)))
        if tablet and len(seats) >= 3:
            break
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # the rest of its output, read away
    return proc, tablet, seats


def over_the_network(browser) -> None:
    """The same five pages, and a phone's two visits, served by `make table` on the LAN address."""
    import urllib.request

    from browser.harness import free_port, phone

    from bench.phones import start_game
    from companion.ui.serve import POOL

    slowest, loads, visits = [], [], []
    address = lan_address()
    for _ in range(REPEAT):
        with tempfile.TemporaryDirectory() as d:
            start_game(Path(d))
            port = free_port()
            proc, tablet_url, seats = table_served(Path(d), port)
            try:
                assert tablet_url and address in tablet_url and len(seats) >= 3, (tablet_url, seats)
                deadline = time.time() + 60
                while time.time() < deadline:
                    try:
                        urllib.request.urlopen(f"http://{address}:{port}/favicon.ico", timeout=2)
                        break
                    except urllib.error.HTTPError:
                        break
                    except OSError:
                        time.sleep(0.3)
                time.sleep(3 + 2 * POOL)
                loads.append(load())
                base, token = tablet_url.split("?token=")
                tokens = [u.rsplit("seat=", 1)[1] for _, u in seats[:3]]
                secs, _ = five_pages(browser, base, tokens, query=f"token={token}")
                slowest.append(max(secs))
                ctx = phone(browser)
                ctx.add_init_script(LIVE_MARK % SEAT_LIVE)
                page = ctx.new_page()
                got = bytes_counter(page)
                page.goto(seats[0][1], wait_until="commit")
                page.wait_for_selector(SEAT_LIVE, timeout=60_000)
                visits.append(second_visit(page, got, seats[0][1]))
                ctx.close()
            finally:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(15)
    med = statistics.median
    row(f"table over the network ({address}, token): 5 together, the slowest live (each: {each(slowest, loads)})",
        med(slowest), "<= 3 s", unit="s", ok=med(slowest) <= 3)
    row("table over the network: a phone's first visit, bytes downloaded", med([v[0] for v in visits]), "small", unit="KiB")
    row("table over the network: its second visit (its cache kept)", med([v[1] for v in visits]), "<= 200 KiB", unit="KiB",
        ok=med([v[1] for v in visits]) <= 200)


def run() -> None:
    from browser.harness import launch
    from playwright.sync_api import sync_playwright

    from companion.ui.serve import POOL

    parts = os.environ.get("COMPANION_BENCH_TABLE", "five,alone,empty,network").split(",")
    with sync_playwright() as p:
        browser = launch(p)
        if "five" in parts:
            five_together(browser, POOL)
        if "alone" in parts:
            five_as_voila_alone(browser, POOL)
        if "empty" in parts:
            empty_pool(browser)
        if "network" in parts:
            over_the_network(browser)
        browser.close()


if __name__ == "__main__":
    from bench.common import print_table

    run()
    print_table()
