"""Positions and short scripts shared by the Rise! tests."""

from __future__ import annotations

from dataclasses import replace

from companion.hexgrid import Hex, neighbours, spiral
from companion.rise.game import Position, Tower, apply, start


def board() -> frozenset[Hex]:
    """59 land tiles: the hexagon of radius 4 around (0, 0) without (0, 4) and (0, -4)."""
    return frozenset(spiral((0, 0), 4)) - {(0, 4), (0, -4)}


def custom(
    red: set[Hex] | list[Hex],
    blue: set[Hex] | list[Hex],
    towers: tuple[Tower, ...] = (),
    player: str = "red",
    actions_left: int = 2,
    tiles: frozenset[Hex] | None = None,
) -> Position:
    """A position on a round board of land (:func:`board` unless ``tiles`` is given)."""
    return replace(
        start(),
        tiles=tiles if tiles is not None else board(),
        workers=(frozenset(red), frozenset(blue)),
        towers=tuple(sorted(towers, key=lambda t: t.at)),
        player=player,
        actions_left=actions_left,
        turn=3,
    )


def ring(h: Hex) -> list[Hex]:
    return list(neighbours(h))


def do(p: Position, **action) -> Position:
    return apply(p, action)


def shuffle(p: Position, colour: str, a: Hex, b: Hex) -> Position:
    """``colour`` spends its turn walking one Worker from ``a`` to ``b`` and back."""
    assert p.player == colour and p.actions_left == 2
    p = do(p, type="move", **{"from": list(a), "to": list(b)})
    return do(p, type="move", **{"from": list(b), "to": list(a)})
