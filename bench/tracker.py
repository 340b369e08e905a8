"""Game tracker speeds (tracker issue): accept an action with its commit, replay, undo."""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, median_ms, row
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TrackerRules

sys.path.insert(0, str(ROOT / "tests"))


def random_game(store: GameStore, actions: int, seed: int = 1) -> tuple[str, Session]:
    from rise_and_fall.test_tracker import legal, started_session

    rnd = random.Random(seed)
    gid, s = started_session(store, 4)
    while s.log.head() < actions and s.state.phase != "over":
        opts = legal(s.state)
        acts = [a for a in opts if a["type"] in ("act", "end-turn", "play")]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.9 else opts))
    return gid, s


def random_guild_game(store: GameStore, actions: int, seed: int = 1) -> tuple[str, Session]:
    """A 4-player game with the Guilds (draft, guild actions, swaps), played at random."""
    from rise_and_fall.test_guilds_random import guild_setup_action, legal

    rnd = random.Random(seed)
    gid, log = store.create("game", "guilds")
    s = Session(log, TrackerRules())
    s.do(guild_setup_action(4, rnd))
    while s.log.head() < actions and s.state.phase != "over":
        opts = legal(s.state)
        acts = [a for a in opts if a["type"] in ("act", "end-turn", "play", "swap-guild")]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.9 else opts))
    return gid, s


def run() -> None:
    with tempfile.TemporaryDirectory() as d:
        store = GameStore(Path(d))
        gid, s = random_game(store, 120)
        from rise_and_fall.test_tracker import legal

        rnd = random.Random(2)
        samples = []
        for _ in range(60):
            if s.state.phase == "over":
                break
            a = rnd.choice(legal(s.state))
            t = time.perf_counter()
            s.do(a)  # rules check, SQLite commit, new state
            samples.append((time.perf_counter() - t) * 1000)
        samples.sort()
        ms = samples[len(samples) // 2]
        row("accept an action, database commit included", ms, "<= 20 ms", ok=ms <= 20)
        gid2, s2 = random_game(store, 1000, seed=3)
        n = s2.log.head()
        rp = median_ms(lambda: Session(store.open(gid2), TrackerRules()), repeat=5, warmup=1)
        row(f"replay a {n}-action game from its log", rp, "<= 300 ms", ok=rp <= 300)

        def undo_redo():
            s2.undo()
            s2.redo()

        u = median_ms(undo_redo, repeat=20) / 2
        row("undo (one step, committed)", u, "<= 50 ms", ok=u <= 50)
        gid3, s3 = random_guild_game(store, 1000, seed=3)
        n = s3.log.head()
        rp = median_ms(lambda: Session(store.open(gid3), TrackerRules()), repeat=5, warmup=1)
        row(f"replay a {n}-action game with the Guilds from its log", rp, "<= 300 ms", ok=rp <= 300)
