"""The Rules screen's search: one query over a game's rules index (target: under 100 ms per query, issue 38).

Every word of every entry's quote and reading is searched, and the rule ids as typed; the median of those
queries per game, the slowest kept, and the Rules screen's own answer (the search and its HTML) for a word.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.common import median_ms, row
from companion import rulebook as R


def run() -> None:
    rng = random.Random(38)
    worst = 0.0
    for game in R.PACKAGES:
        ix = R.index(game)
        queries = sorted({w for e in ix.entries.values() for w in R.words(e.quote + " " + e.reading)})
        queries = rng.sample(queries, min(200, len(queries))) + [w[:3] for w in queries[:50]] + [""]
        samples = []
        for q in queries:
            t = time.perf_counter()
            ix.search(q)
            ix.terms(q)
            samples.append((time.perf_counter() - t) * 1000)
        med, slow = statistics.median(samples), max(samples)
        worst = max(worst, slow)
        row(f"rules search, {game} ({len(ix.entries)} rules, {len(queries)} queries)", med, "< 100 ms", ok=slow < 100)
    row("rules search, slowest query of all games", worst, "< 100 ms", ok=worst < 100)
    from companion.ui.rules_screen import RulesScreen

    screen = RulesScreen("rise-and-fall")

    def typed() -> None:
        screen.query.value = "decl" if screen.query.value != "decl" else "trophy"

    row("Rules screen: a letter typed, results drawn (Rise & Fall)", median_ms(typed, repeat=30), "< 100 ms")
