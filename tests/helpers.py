"""Worlds used by several tests."""

from functools import lru_cache

from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import World
from companion.rise_and_fall.world.worldgen import default_starting_seas, generate


@lru_cache(maxsize=None)
def complete_layout(players: int, seed: int = 1) -> Layout:
    return generate(players, seed)


def complete_world(players: int, seed: int = 1) -> World:
    return complete_layout(players, seed).world()


def partial_world(players: int, seed: int, upto_kind: str) -> World:
    """The generated World with only the tiles before the first tile of ``upto_kind``."""
    tiles = []
    for t in complete_layout(players, seed).tiles:
        if t.kind == upto_kind:
            break
        tiles.append(t)
    return World(tiles)


def starting_world(players: int) -> World:
    return World(default_starting_seas(players))


def T(kind: str, q: int, r: int, rot: int = 0) -> Tile:
    return Tile(kind, q, r, rot)
