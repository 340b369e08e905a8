"""Starting Seas, the Plains rescue, and a seeded random World that follows every rule.

Balance ("spread"): each Plains, Forest, Mountain and Glacier tile goes to a legal place
among the farthest from the tiles of its own kind already in the World, so that Wood and
Stone are not all in one corner. Sea tiles are placed at random.

Speed: a random World must come in a blink (``make bench``: at most 300 ms for 4 players).
Judging every place of every tile takes seconds, so the generator puts the places that pass
the quick sieve in the order it would choose them (shuffled, or farthest quarter first) and
judges them one by one until the first legal one: the same rules, a few judgements per tile.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

import numpy as np

from companion.hexgrid import lattice_center
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.placement import (
    candidate_places,
    candidate_tiles,
    fits,
    next_kind,
    order_violation_in,
)
from companion.rise_and_fall.world.tiles import Tile, shape_cells
from companion.rise_and_fall.world.world import World


def default_starting_seas(players: int, arrangement: str = "by_players") -> list[Tile]:
    """This project's arrangement of the Starting Sea tiles (the rulebook's diagram is not known):
    fitted two by two into each other's notches (``rules.json``, ``starting_seas``)."""
    return [Tile("starting-sea", q, r, rot) for q, r, rot in load_rules().starting_seas(players, arrangement)]


@dataclass(frozen=True)
class PlainsRescue:
    """The fewest Plains tiles to move so that the next Plains tile fits, and where all go."""

    moved: tuple[int, ...]  # indices in world.tiles of the Plains tiles to take up
    places: tuple[Tile, ...]  # where the moved tiles go again, then the new tile last

    def apply(self, world: World) -> World:
        kept = [t for i, t in enumerate(world.tiles) if i not in self.moved]
        return World(kept + list(self.places))


class Effort:
    """How many more judgements a search may make before it gives up.

    Counted in judgements, not seconds, so that a search gives the same answer on every machine,
    busy or quiet: the same seed gives the same World, and a place is refused or allowed the same
    way at every table. (A judgement takes a few milliseconds: :data:`RESCUE_JUDGEMENTS` is about
    two seconds on a quiet machine; the rescues of 180 random Worlds made at most 64.)
    """

    def __init__(self, judgements: int) -> None:
        self.left = judgements

    def spend(self) -> bool:
        """One judgement more; False when none was left."""
        self.left -= 1
        return self.left >= 0


RESCUE_JUDGEMENTS = 400  # a random World's rescue; the generator starts again when it is spent
TABLE_JUDGEMENTS = 4000  # the builder's rescue, lifting choices and lifted tiles' check


def rescue_plains(world: World, max_moved: int = 3, judgements: int = TABLE_JUDGEMENTS) -> PlainsRescue | None:
    """'If a player doesn't have the space required to place a Plains tile, they MUST move as
    few Plains tiles of their choice as possible in order to be able to place their tile.'"""
    if next(legal_in_order(world, candidate_tiles(world, "plains")), None):
        return PlainsRescue((), ())
    effort = Effort(judgements)
    movable = [i for i, t in enumerate(world.tiles) if t.kind == "plains" and world.is_uncovered(i)]
    for k in range(1, max_moved + 1):
        for combo in itertools.combinations(movable, k):
            if not effort.spend():
                return None
            rest = World(t for i, t in enumerate(world.tiles) if i not in combo)
            places = _fit_plains(rest, k + 1, effort)
            if places:
                return PlainsRescue(combo, tuple(places))
    return None


def plains_lifts(world: World, max_moved: int = 3, judgements: int = TABLE_JUDGEMENTS) -> list[tuple[int, ...]]:
    """Every choice the table has when the next Plains tile has no place: 'they MUST move as few Plains tiles of their
    choice as possible in order to be able to place their tile'. The sets (indices in ``world.tiles``) of the fewest
    uncovered Plains tiles whose lifting leaves room for them and the new tile, each a choice; empty when the next
    Plains tile has a place, or no lifting of up to ``max_moved`` tiles makes room."""
    if next(legal_in_order(world, candidate_tiles(world, "plains")), None):
        return []
    effort = Effort(judgements)
    movable = [i for i, t in enumerate(world.tiles) if t.kind == "plains" and world.is_uncovered(i)]
    for k in range(1, max_moved + 1):
        found = [combo for combo in itertools.combinations(movable, k) if lift_makes_room(world, combo, effort)]
        if found:
            return found
    return []


def lift_makes_room(world: World, lifted: Iterable[int], effort: Effort | None = None) -> bool:
    """Whether lifting the Plains tiles ``lifted`` leaves room for them and one more Plains tile."""
    lifted = set(lifted)
    rest = World(t for i, t in enumerate(world.tiles) if i not in lifted)
    return plains_fit(rest, len(lifted) + 1, effort) is not None


def plains_fit(world: World, n: int, effort: Effort | None = None) -> list[Tile] | None:
    """Legal places, one after the other, for ``n`` more Plains tiles in ``world`` (None: none found within the
    judgements of ``effort``, :data:`TABLE_JUDGEMENTS` when not given)."""
    return _fit_plains(world, n, effort if effort is not None else Effort(TABLE_JUDGEMENTS))


def _fit_plains(world: World, n: int, effort: Effort) -> list[Tile] | None:
    if n == 0:
        return []
    for t in legal_in_order(world, candidate_tiles(world, "plains")):
        if not effort.spend():
            return None
        w = world.copy()
        w.place(t)
        rest = _fit_plains(w, n - 1, effort)
        if rest is not None:
            return [t] + rest
    return None


@lru_cache(maxsize=65536)
def _centre(t: Tile) -> tuple[float, float]:
    pts = [lattice_center(c) for c in t.cells]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


@lru_cache(maxsize=None)
def _shape_sums(kind: str) -> tuple[int, np.ndarray, np.ndarray]:
    """For each rotation, the sums of the shape's cell centres about its origin (lattice units)."""
    n = len(shape_cells(kind, 0))
    xs = np.array([sum(lattice_center(c)[0] for c in shape_cells(kind, rot)) for rot in range(6)], dtype=np.int64)
    ys = np.array([sum(lattice_center(c)[1] for c in shape_cells(kind, rot)) for rot in range(6)], dtype=np.int64)
    return n, xs, ys


def _centres(kind: str, places: list[tuple[int, int, int]]) -> np.ndarray:
    """:func:`_centre` of every (r, q, rotation) at once, to the last bit (whole numbers divided once)."""
    n, xs, ys = _shape_sums(kind)
    a = np.array(places, dtype=np.int64).reshape(-1, 3)
    r, q, rot = a[:, 0], a[:, 1], a[:, 2]
    return np.stack([(n * (2 * q + r) + xs[rot]) / n, (3 * n * r + ys[rot]) / n], axis=1)


def _in_choice_order(rng: random.Random, world: World, kind: str, places: list[tuple[int, int, int]], spread: bool) -> list:
    """``places`` (as :func:`candidate_places` gives them) in the order the generator would choose among them.

    Without spread, a shuffle: the first legal one is a uniform draw among the legal ones.
    With spread, the places farthest from the tiles of the same kind come first, a quarter
    at a time, each quarter shuffled.
    """
    options = list(places)
    same = [_centre(t) for t in world.tiles if options and t.kind == kind]
    if not spread or not same:
        rng.shuffle(options)
        return options

    here = _centres(kind, options)
    there = np.array(same)
    gaps = ((here[:, None, 0] - there[None, :, 0]) ** 2 + (here[:, None, 1] - there[None, :, 1]) ** 2).min(axis=1)
    ranked = [options[i] for i in np.argsort(-gaps, kind="stable")]  # farthest first, ties in their order
    size = max(1, len(ranked) // 4)
    out: list = []
    for k in range(0, len(ranked), size):
        block = ranked[k : k + size]
        rng.shuffle(block)
        out += block
    return out


def legal_in_order(world: World, options: Iterable[Tile]):
    """The legal places among ``options``, in their order, judged one at a time (lazily), as
    :func:`~companion.rise_and_fall.world.placement.legal_placements` judges them."""
    return (t for t in options if fits(world, t))


def pick_place(rng: random.Random, world: World, kind: str, players: int, spread: bool) -> Tile | None:
    """A legal place for the next tile of ``kind``, chosen as :func:`_in_choice_order` says;
    None when the tile has no legal place."""
    if order_violation_in(world, Tile(kind, 0, 0, 0), players):
        return None
    order = _in_choice_order(rng, world, kind, candidate_places(world, kind), spread and kind != "sea")
    return next(legal_in_order(world, (Tile(kind, q, r, rot) for r, q, rot in order)), None)


def first_dead_end(players: int, seed: int | str, layers: tuple[str, ...] = ("sea", "plains")) -> tuple[str, int] | None:
    """A World built tile by tile on the default Starting Seas, each tile placed at random among
    its legal places (as a table may), through ``layers``: the first kind left with no legal place
    and how many of it were placed by then, or None when every tile of those layers found one.
    (For the Plains layer, that is where the rulebook's rescue is needed.)"""
    rng = random.Random(f"orders:{players}:{seed}")
    world = World(default_starting_seas(players))
    while (kind := next_kind(world, players)) in layers:
        places = candidate_places(world, kind)
        rng.shuffle(places)
        tile = next(legal_in_order(world, (Tile(kind, q, r, rot) for r, q, rot in places)), None)
        if tile is None:
            return kind, world.count(kind)
        world.place(tile)
    return None


def generate(players: int, seed: int, spread: bool = True, name: str | None = None, starting: str = "by_players") -> Layout:
    """A complete legal World for ``players``; the same seed gives the same World (``starting``:
    the Starting Seas' arrangement, ``before_the_pairs`` for the Worlds of the first one)."""
    for attempt in range(50):
        rng = random.Random(f"{players}:{seed}:{attempt}")
        world = World(default_starting_seas(players, starting))
        while (kind := next_kind(world, players)) is not None:
            place = pick_place(rng, world, kind, players, spread)
            if place is None and kind == "plains":
                rescue = rescue_plains(world, max_moved=2, judgements=RESCUE_JUDGEMENTS)
                if rescue is None:
                    break
                world = rescue.apply(world)
                continue
            if place is None:
                break
            world.place(place)
        else:
            label = name or f"Random {players}-player World, seed {seed}"
            return Layout(players, list(world.tiles), label, {"seed": seed})
    raise RuntimeError(f"no complete World found for seed {seed}")  # not seen in practice
