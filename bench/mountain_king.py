"""Fall of the Mountain King (issue 27): scoring a Wave III file, the command line on a file, and the taps
to score a Wave II of a 4-player game by the fast path and cavern by cavern.

Taps are counted as ``bench/taps.py`` counts Rise & Fall's: the real screens are built (no browser) and
driven one widget at a time; every button pressed and every − or + of a count is one tap, and a button
pressed must be on the screen. The board is the 4–5 player placeholder (35 caverns); the caverns' contents
are drawn at random (seeded): a quarter overrun, the rest with 0–3 Trolls for some players.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
from pathlib import Path

from bench.common import median_ms, process_ms, row
from bench.taps import Finger
from companion.gamelog import GameStore
from companion.mountain_king.board import placeholder
from companion.mountain_king.numbers import numbers
from companion.mountain_king.scoring import score
from companion.mountain_king.screens import MountainKingScreens
from companion.mountain_king.taps import walk_step
from companion.mountain_king.wave import load

PLAYERS = ["Blue", "Yellow", "Pink", "Green"]


def contents(rng: random.Random, players: list[str]) -> dict:
    if rng.random() < 0.25:
        return {"gnomes": rng.randint(1, 2)}
    return {"trolls": {p: rng.randint(1, 3) for p in players if rng.random() < 0.4}}


def wave3_file(path: Path, rng: random.Random) -> Path:
    """A full Wave III of 5 players on the 4–5 board: every cavern, every Great Hall, all seven Clans."""
    board = placeholder("4-5")
    players = PLAYERS + ["Red"]
    doc = {
        "format": "mountain-king/wave", "version": 1, "wave": 3, "players": players,
        "honour_before": {p: rng.randint(30, 80) for p in players},
        "caverns": [{"id": c.id, "domain": c.domain, **contents(rng, players)} for c in board.caverns],
        "great_halls": [{"value": rng.choice([4, 8, 12]), "caverns": list(h)} for h in board.great_halls],
        "elders": {p: rng.randint(0, 9) for p in players},
        "clans": {d: {"tile": [9, 5, 3], "votes": [[p, v] for p, v in zip(rng.sample(players, 4), sorted(rng.sample(range(1, 12), 4), reverse=True))]}
                  for d in numbers().domains},
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def wave2_taps(data: Path, fast: bool, seed: int) -> int:
    """Taps from 'Score the Wave' to Wave II scored, on the Score the Wave screen."""
    rng = random.Random(seed)
    s = MountainKingScreens(GameStore(data))
    s.names.value = ", ".join(PLAYERS)
    s.new_btn.click()
    s.act({"type": "end-wave"})
    s.act({"type": "score-wave"})  # Wave I (not counted)
    root = s.screen("Score the Wave")
    f = Finger(root)
    f.press(s.end_btn)
    while not walk_step(s.state).done:
        c = contents(rng, PLAYERS)
        if fast:
            from companion.mountain_king.scoring import controller

            who = controller(c.get("trolls", {}))
            label = "Overrun (Gnomes)" if c.get("gnomes") else who or "Nobody (empty or tied)"
            f.press(next(b for b in s.fast.children if b.description == label))
        else:
            for p, st in s.troll_steppers.items():
                f.count(st, c.get("trolls", {}).get(p, 0))
            f.count(s.gnome_stepper, c.get("gnomes", 0))
            f.press(s.enter_btn)
    f.press(s.score_btn)
    assert s.state.wave == 3
    return f.taps


def run() -> None:
    rng = random.Random(27)
    with tempfile.TemporaryDirectory() as d:
        path = wave3_file(Path(d) / "wave3.json", rng)
        ms = median_ms(lambda: score(load(path)), repeat=200)
        row("Mountain King: read, check and score a 5-player Wave III file", ms, "≤ 1 ms", ok=ms <= 1.0)
        cli = process_ms(["mountain-king", "score", str(path), "--json"])
        row("Mountain King: python -m companion mountain-king score FILE --json (whole process)", cli, "≤ 1000 ms", ok=cli <= 1000)
        for fast, name in ((True, "fast path"), (False, "cavern by cavern")):
            counts = [wave2_taps(Path(d) / f"{name}-{i}", fast, 100 + i) for i in range(5)]
            row(f"Mountain King: taps to score a 4-player Wave II, {name} (median of 5, {min(counts)}–{max(counts)})",
                statistics.median(counts), "to lower", unit="taps")


if __name__ == "__main__":
    from bench.common import print_table

    run()
    print_table()
