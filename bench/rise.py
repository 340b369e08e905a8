"""Rise!'s practice opponent (issue 14): the hard level against a random legal player and against
the easy level, and how long it takes to choose a turn. Bounded in time: each match stops after
``RISE_BENCH_SECONDS`` of this process's CPU time (default 150 s; CPU, not the clock, so a busy
shared machine plays the same games, only later) and reports the games it played;
``RISE_BENCH_GAMES`` (default 100) sets the games per match.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from bench.common import row
from companion.rise.game import Position, apply, start
from companion.rise.opponent import choose_turn
from companion.rise.randomplay import random_action

MAX_TURNS = 200  # a game still open after this many turns counts as not won


def play(red: str, blue: str, seed: int, times: list[float], timed: str) -> Position:
    """One game; ``times`` collects the seconds ``timed`` (a colour) took for each of its turns."""
    rng = random.Random(seed)
    players = {"red": red, "blue": blue}
    p = start()
    while not p.over and p.turn <= MAX_TURNS:
        who, me = players[p.player], p.player
        if who == "random":
            p = apply(p, random_action(p, rng))
            continue
        t = time.perf_counter()
        acts = choose_turn(p, who, rng)
        if me == timed:
            times.append(time.perf_counter() - t)
        for a in acts:
            p = apply(p, a)
    return p


def match(level: str, against: str, games: int, seconds: float, times: list[float]) -> tuple[int, int]:
    """(wins of ``level``, games played), colours alternating, stopping at ``seconds``."""
    wins = played = 0
    end = time.process_time() + seconds
    for g in range(games):
        side = "red" if g % 2 == 0 else "blue"
        red, blue = (level, against) if side == "red" else (against, level)
        p = play(red, blue, 1000 + g, times, side)
        wins += p.winner == side
        played += 1
        if time.process_time() > end:
            break
    return wins, played


def run() -> None:
    games = int(os.environ.get("RISE_BENCH_GAMES", "100"))
    seconds = float(os.environ.get("RISE_BENCH_SECONDS", "150"))
    times: list[float] = []
    for against, target in (("random", 95.0), ("easy", 70.0)):
        wins, played = match("hard", against, games, seconds, times)
        pct = 100.0 * wins / max(1, played)
        row(f"Rise! hard wins against {against} ({wins} of {played} games)", pct, f">= {target:g} % of {games}", unit="%", ok=pct >= target and played >= games)
    ms = statistics.median(times) * 1000 if times else 0.0
    row(f"Rise! hard chooses a turn ({len(times)} turns)", ms, "<= 1000 ms", ok=ms <= 1000)
