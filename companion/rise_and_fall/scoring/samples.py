"""Sample end-of-game positions: for the benchmark, the demo and property tests."""

from __future__ import annotations

import random

from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.scoring.position import STANDS_ON, Piece, PlayerState, Position
from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.world import top_terrain

COLOURS = ["Red", "Yellow", "Green", "Blue"]


def random_end_position(layout: Layout, seed: int, players: int | None = None) -> Position:
    """A plausible end of game on ``layout``: each player has a random share of their pieces
    in the World, on Spaces where they may stand, some gold, Trophies and cards in Decline."""
    rng = random.Random(seed)
    n = players or layout.players
    names = COLOURS[:n]
    terrain = top_terrain(layout.tiles)
    free = list(terrain)
    rng.shuffle(free)
    owned = load_rules().pieces_per_player
    pieces: list[Piece] = []
    trophies = list(PIECE_TYPES)
    rng.shuffle(trophies)
    states = []
    for i, name in enumerate(names):
        for t in PIECE_TYPES:
            for _ in range(rng.randint(0, owned[t])):
                for k, s in enumerate(free):
                    if terrain[s] in STANDS_ON[t]:
                        pieces.append(Piece(s, name, t))
                        free.pop(k)
                        break
        mine = [trophies.pop()] if trophies and rng.random() < 0.8 else []
        decline = rng.sample(PIECE_TYPES, rng.randint(0, 2))
        states.append(PlayerState(name, rng.randint(0, 120), mine, decline))
    return Position(terrain, states, pieces, layout)
