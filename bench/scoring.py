"""Final scoring speeds (scoring issue)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from bench.common import median_ms, process_ms, row
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, parse_position, problems
from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.scoring.scoring import score
from companion.rise_and_fall.world.worldgen import generate


def tenfold(pos: Position) -> Position:
    """Ten copies of the World side by side, each with its pieces, players renamed per copy."""
    terrain, pieces, players = {}, [], []
    for k in range(10):
        dq, dr = (k % 5) * 40, (k // 5) * 40
        terrain.update({(q + dq, r + dr): t for (q, r), t in pos.terrain.items()})
        pieces += [Piece((p.space[0] + dq, p.space[1] + dr), f"{p.player}{k}", p.type) for p in pos.pieces]
        players += [PlayerState(f"{p.name}{k}", p.gold, [], list(p.decline)) for p in pos.players]
    return Position(terrain, players, pieces)


def full(pos: Position):
    assert not problems(pos)
    return score(pos)


def run() -> None:
    pos = random_end_position(generate(4, 1), 1)
    s = median_ms(lambda: full(pos), repeat=200)
    # The Regions are walked once for this World and reused by every later scoring of it.
    row("score a complete 4-player position (validation included)", s * 1000, "<= 180 µs", unit="µs", ok=s <= 0.18)
    doc = pos.to_dict()
    sp = median_ms(lambda: score(parse_position(doc)), repeat=200)
    row("  ... from the decoded JSON document", sp, "(no target)")
    big = tenfold(pos)
    b = median_ms(lambda: full(big), repeat=30)
    row("score a position 10x larger", b, "<= 10 ms", ok=b <= 10)
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "p.json"
        p.write_text(json.dumps(doc))
        pm = process_ms(["score", str(p)])
        row("`score` of one file as a whole process", pm, "<= 1500 ms", ok=pm <= 1500)
