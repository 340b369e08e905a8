"""Shared helpers of the benchmarks: medians and the table of figures."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
ROWS: list[tuple[str, str, str, str]] = []


def is_kernel(args: str) -> bool:
    """Whether a process's command line is a page's kernel (the served dashboard's, or ipykernel's own)."""
    return "ipykernel_launcher" in args or "companion.ui.page_kernel" in args


def median_ms(fn: Callable[[], object], repeat: int = 30, warmup: int = 3) -> float:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


def row(name: str, value: float, target: str, unit: str = "ms", ok: bool | None = None) -> None:
    verdict = "" if ok is None else ("ok" if ok else "OVER")
    ROWS.append((name, f"{value:.2f} {unit}", target, verdict))
    print(f"  {name}: {value:.2f} {unit}", file=sys.stderr)


def print_table() -> None:
    widths = [max(len(r[i]) for r in ROWS + [("measure", "median", "target", "")]) for i in range(4)]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"  # noqa: E731
    print(line(("measure", "median", "target", "")))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in ROWS:
        print(line(r))


def process_ms(args: list[str], repeat: int = 5) -> float:
    def once():
        subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, check=False, cwd=ROOT)

    return median_ms(once, repeat=repeat, warmup=1)

