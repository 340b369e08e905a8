"""Serving: kernels and their memory after 20 page reloads in a row (issue: kernel culling).

Each reload starts a kernel; a closed or reloaded page's kernel must go within a minute or
two (serve.CULL_IDLE, serve.CULL_INTERVAL), leaving at most two kernels and 300 MB in all.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, row

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
            if "ipykernel_launcher" in info[c][1]:
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
        browser.close()


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
