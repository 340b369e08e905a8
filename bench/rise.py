"""Rise!'s practice opponent (issues 14 and 21): each level against the one below it, against a
random legal player and against a "passive" one, how often hard repeats itself, and how long it
takes to choose a turn.

Bounded in time: each match stops after ``RISE_BENCH_SECONDS`` of this process's CPU time
(default 120 s; CPU, not the clock, so a busy shared machine plays the same games, only later)
and reports the games it played; ``RISE_BENCH_GAMES`` (default 20) sets the games per match.
``python -m bench.rise`` runs this section alone.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from dataclasses import dataclass, field

from bench.common import print_table, row
from companion.rise.game import Position, apply, start
from companion.rise.opponent import choose_turn, own_pieces, own_turn_ends
from companion.rise.randomplay import actions_by_type, random_action

MAX_TURNS = 200  # a game still open after this many turns counts as not won
# a "passive" player: places Workers and moves them, nothing else (anything, when it cannot)
PASSIVE = {"place": 1.0, "move": 1.0, "tile": 0.0, "jump": 0.0, "eliminate": 0.0, "free-place": 0.0, "remove-tier": 0.0}
PLAYERS = ("random", "passive")


@dataclass
class Tally:
    """What one level did in a match: its games and, for each of its turns, the time and whether
    its own pieces stood as after one of its two turns before (a back-and-forth)."""

    wins: int = 0
    played: int = 0
    towers: int = 0  # wins by three complete Towers
    win_turns: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    turns: int = 0
    repeats: int = 0


def play(red: str, blue: str, seed: int, side: str, tally: Tally) -> Position:
    """One game between two levels or players; the turns of ``side`` go into ``tally``."""
    rng = random.Random(seed)
    players = {"red": red, "blue": blue}
    p = start()
    states = [p]
    while not p.over and p.turn <= MAX_TURNS:
        who, me = players[p.player], p.player
        if who in PLAYERS:
            passive = who == "passive" and bool({"place", "move"} & set(actions_by_type(p)))
            p = apply(p, random_action(p, rng, PASSIVE if passive else None))
            states.append(p)
            continue
        before = own_turn_ends(states, me)
        t = time.perf_counter()
        acts = choose_turn(p, who, rng, before=before)
        if me == side:
            tally.times.append(time.perf_counter() - t)
        for a in acts:
            p = apply(p, a)
            states.append(p)
        if me == side and not p.over:
            tally.turns += 1
            tally.repeats += own_pieces(p, me) in {own_pieces(q, me) for q in before[-2:]}
    return p


def match(level: str, against: str, games: int, seconds: float) -> Tally:
    """``level`` against ``against``, colours alternating, stopping at ``seconds`` of CPU time."""
    tally = Tally()
    end = time.process_time() + seconds
    for g in range(games):
        side = "red" if g % 2 == 0 else "blue"
        red, blue = (level, against) if side == "red" else (against, level)
        p = play(red, blue, 1000 + g, side, tally)
        tally.played += 1
        if p.winner == side:
            tally.wins += 1
            tally.towers += p.reason == "towers"
            tally.win_turns.append(p.turn)
        if time.process_time() > end:
            break
    return tally


def run() -> None:
    games = int(os.environ.get("RISE_BENCH_GAMES", "20"))
    seconds = float(os.environ.get("RISE_BENCH_SECONDS", "120"))
    hard = Tally()
    for level, against, target in (
        ("hard", "normal", 70.0),
        ("normal", "easy", 70.0),
        ("easy", "random", 95.0),
        ("normal", "random", 95.0),
        ("hard", "random", 95.0),
        ("hard", "passive", None),
    ):
        t = match(level, against, games, seconds)
        pct = 100.0 * t.wins / max(1, t.played)
        if target is not None:
            row(f"Rise! {level} wins against {against} ({t.wins} of {t.played} games)", pct, f">= {target:g} % of {games}", unit="%",
                ok=pct >= target and t.played >= games)
        if level == "hard":
            for k in ("times",):
                getattr(hard, k).extend(getattr(t, k))
            hard.turns += t.turns
            hard.repeats += t.repeats
        if against == "passive":
            med = statistics.median(t.win_turns) if t.win_turns else float(MAX_TURNS)
            row(f"Rise! hard beats passive: turns to win ({t.wins} of {t.played} games won)", med, "<= 40 turns (median)", unit="turns",
                ok=med <= 40 and t.wins == t.played)
            towers = 100.0 * t.towers / max(1, t.played)
            row(f"Rise! hard beats passive by three Towers ({t.towers} of {t.played})", towers, "> 50 % of games", unit="%", ok=towers > 50)
    pct = 100.0 * hard.repeats / max(1, hard.turns)
    row(f"Rise! hard's back-and-forth turns ({hard.repeats} of {hard.turns})", pct, "<= 5 % of its turns", unit="%", ok=pct <= 5)
    ts = sorted(hard.times) or [0.0]
    med, p95 = statistics.median(ts) * 1000, ts[min(len(ts) - 1, int(0.95 * len(ts)))] * 1000
    row(f"Rise! hard chooses a turn, median ({len(ts)} turns)", med, "<= 1000 ms", ok=med <= 1000)
    row(f"Rise! hard chooses a turn, 95th percentile ({len(ts)} turns)", p95, "<= 3000 ms", ok=p95 <= 3000)


if __name__ == "__main__":
    run()
    print_table()
