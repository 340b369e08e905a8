"""Make the files of version 1 of the companion (before several games shared the dashboard).

Run once with that version's code (commit efe6528, "One JSON decoder for every file"); the files
it wrote are kept in ``tests/data/v1/data`` and ``tests/rise_and_fall/test_v1_files.py`` opens them with
today's code. Run again with today's code it would write today's files, not version 1's:

    git checkout efe6528 && python tests/data/v1/make_fixtures.py

The data directory it writes has what a table had on disk: a World being built, a game in
phase D (Purchase), a finished scoring with its game in the history, and the settings.
``expected.json`` holds what version 1 read back from them.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from rise_and_fall.test_tracker import legal  # noqa: E402

from companion.errors import IllegalAction  # noqa: E402
from companion.gamelog import GameStore, Session  # noqa: E402
from companion.rise_and_fall.history import History  # noqa: E402
from companion.rise_and_fall.play.tracker import TrackerRules  # noqa: E402
from companion.rise_and_fall.scoring.endgame import EntryRules  # noqa: E402
from companion.rise_and_fall.scoring.samples import random_end_position  # noqa: E402
from companion.rise_and_fall.world.builder import BuildRules  # noqa: E402
from companion.rise_and_fall.world.worldgen import generate  # noqa: E402

NAMES = ["Eric", "Cathy", "Joanna"]
COLOURS = ["red", "yellow", "green"]


def world_build(store: GameStore) -> Session:
    """A 3-player World, eleven tiles placed after the Starting Seas, one undone."""
    layout = generate(3, 11, name="Harbour of <Storms>")
    s = store.start("world", "Harbour of <Storms>", BuildRules(),
                    {"type": "setup", "players": 3, "names": NAMES, "colours": COLOURS, "first": 1,
                     "name": "Harbour of <Storms>"})
    placed = [t for t in layout.tiles if t.kind != "starting-sea"][:11]
    for t in placed:
        s.do({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation})
    s.undo()
    return s


def game_in_phase_d(store: GameStore) -> Session:
    """A tracked 3-player game on a complete World, played by random legal actions until a
    Trophy is claimed and the players are buying back cards (phase D)."""
    layout = generate(3, 4, name="Quiet Valleys")
    setup = {"type": "setup", "players": [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS)],
             "first": 0, "world": layout.to_dict(), "trophies_to_end": 5}
    s = store.start("game", "Game", TrackerRules(), setup)
    spaces = sorted({c for t in layout.tiles for c in t.cells})
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        for q, r in spaces:
            try:
                s.do({"type": "place-first", "player": i, "piece": piece, "q": q, "r": r})
                break
            except IllegalAction:
                continue
    rnd = random.Random(3)
    while s.state.phase != "D":
        opts = legal(s.state)
        acts = [a for a in opts if a["type"] == "act"]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.85 else opts))
    d = [a for a in legal(s.state) if a["type"] in ("buy", "pass")]
    s.do(d[0])  # one player has decided, the others have not
    assert s.state.phase == "D"
    return s


def finished_scoring(store: GameStore, history: History) -> Session:
    """A 4-player end of game entered piece by piece, made final and kept in the history."""
    layout = generate(4, 2, name="Four Winds")
    pos = random_end_position(layout, 9)
    counts = pos.counts()
    start = {"type": "start", "source": "tracked game", "world": layout.to_dict(),
             "players": [{"name": p.name, "gold": p.gold, "trophies": p.trophies, "decline": p.decline}
                         for p in pos.players],
             "colours": ["red", "yellow", "green", "blue"], "tracked": [counts[p.name] for p in pos.players]}
    s = store.start("scoring", "Scores", EntryRules(), start)
    for pc in pos.pieces:
        s.do({"type": "piece", "q": pc.space[0], "r": pc.space[1], "player": pc.player, "piece": pc.type})
    s.do({"type": "finish", "path": "full"})
    history.record(s.log.path.stem, s.state.world_name, s.state.full_score())
    return s


def main() -> None:
    data = HERE / "data"
    shutil.rmtree(data, ignore_errors=True)
    store = GameStore(data)
    history = History(data)
    w = world_build(store)
    g = game_in_phase_d(store)
    sc = finished_scoring(store, history)
    (data / "settings.json").write_text(json.dumps({"dark": True, "large": True}))
    game = g.state
    expected = {
        "world": {"id": w.log.path.stem, "kind": "world", "head": w.head, "tiles": len(w.state.tiles),
                  "names": list(w.state.names), "name": w.state.name, "next_kind": w.state.next_kind(),
                  "can_redo": w.can_redo()},
        "game": {"id": g.log.path.stem, "kind": "game", "head": g.head, "phase": game.phase, "turn": game.turn,
                 "to_move": game.to_move(), "decline_price": game.decline_price,
                 "trophies": {c.name: list(c.trophies) for c in game.civs},
                 "gold": {c.name: c.gold for c in game.civs}},
        "scoring": {"id": sc.log.path.stem, "kind": "scoring", "head": sc.head, "finished": sc.state.finished,
                    "totals": {p.name: p.total for p in sc.state.full_score().players},
                    "winners": sc.state.full_score().winners},
        "history": [{"id": f.id, "world": f.world, "winners": f.winners,
                     "totals": {n: s["total"] for n, s in f.scores.items()}} for f in history.games()],
        "settings": {"dark": True, "large": True},
    }
    for s in (w, g, sc):
        s.log.close()
    history._db.close()
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(json.dumps(expected, indent=1))


if __name__ == "__main__":
    main()
