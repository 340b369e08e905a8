"""A seeded random World built with the Tales: every terrain tile and special area placed by the
builder's own rules (:class:`~companion.rise_and_fall.world.builder.Build`), so it is legal by
construction. The Sunken City's hole is left on purpose: while it waits, a Sea tile that encloses
exactly one space is preferred once half the Sea tiles are placed."""

from __future__ import annotations

import random
from dataclasses import replace

from companion.hexgrid import neighbours
from companion.rise_and_fall.variants.tales.tales import Marker
from companion.rise_and_fall.world import special_areas as A
from companion.rise_and_fall.world.builder import DEFAULT_COLOURS, Build
from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.placement import candidate_tiles, enclosed_by_spaces, touching_ground_tiles
from companion.rise_and_fall.world.worldgen import RESCUE_JUDGEMENTS, default_starting_seas, pick_place, rescue_plains


def _hole_maker(rng: random.Random, b: Build) -> object | None:
    options = [t for t in candidate_tiles(b.world, "sea") if len(touching_ground_tiles(b.world, t.cells)) >= 2]
    rng.shuffle(options)
    w = b.world
    for t in options:
        cells = set(t.cells)
        closes = any(n not in w and n not in cells and all(m in w or m in cells for m in neighbours(n))
                     for c in cells for n in neighbours(c))
        if closes and len(enclosed_by_spaces(w, t.cells)) == 1 and b.check(t) is None:
            return t
    return None


def build_with_tales(players: int, seed: int, drawn: tuple[int, ...], spread: bool = True, stop_at: str | None = None) -> Build:
    """A complete Build for ``players`` with the Tales ``drawn``; the same seed, the same World.
    ``stop_at``: stop when that special area is the one to place (the World as the table sees it then)."""
    names = tuple(c.title() for c in DEFAULT_COLOURS[:players])
    last: Build | None = None
    for attempt in range(20):
        rng = random.Random(f"tales:{players}:{seed}:{attempt}")
        b = Build(players, names, DEFAULT_COLOURS[:players], 0, False, "", tuple(default_starting_seas(players)), tales=tuple(sorted(drawn)))
        while not b.complete:
            p = b.pending_area()
            if p is not None and p[0].kind == stop_at:
                return b
            if p is not None:
                order = A.places(b.world, b.markers, p[0])
                rng.shuffle(order)  # the first legal place of a shuffle: a fair draw among the legal ones
                choice = A.first_legal(b.world, b.markers, p[0], order, b.previous_part(*p))
                if choice is None:
                    b = replace(b, areas_aside=b.areas_aside + (p[0].kind,), _cache={})
                    continue
                if p[0].marker:
                    b = replace(b, markers=b.markers + (Marker(p[0].kind, choice),), _cache={})
                else:
                    b = b.with_tile(choice)
                continue
            kind = b.next_kind()
            place = None
            if kind == "sea" and b.remaining()["sea"] * 2 <= _sea_total(b) and _hole_waiting(b):
                place = _hole_maker(rng, b)
            if place is None:
                place = pick_place(rng, b.world, kind, None, spread)
            if place is None and kind == "plains":
                rescue = rescue_plains(b.world, max_moved=2, judgements=RESCUE_JUDGEMENTS)
                if rescue is None:
                    break
                b = replace(b, tiles=tuple(rescue.apply(b.world).tiles), _cache={})
                continue
            if place is None and kind == "sea" and attempt < 19:
                break  # the first Sea tiles closed the way: start again, as the plain generator does
            if place is None:
                b = replace(b, set_aside=b.set_aside + ((kind, b.remaining()[kind]),), _cache={})
                continue
            b = b.with_tile(place)
        else:
            if not b.areas_aside or attempt == 19:
                return b
            last = b
            continue
    if last is not None:
        return last
    raise RuntimeError(f"no complete World with Tales found for seed {seed}")  # not seen in practice


def _sea_total(b: Build) -> int:
    from companion.rise_and_fall.variants.tales.tales import pool

    return pool(b.players, b.tales)["sea"]


def _hole_waiting(b: Build) -> bool:
    from companion.rise_and_fall.variants.tales.tales import components

    return any(a.moment == "hole" and b.world.count(a.kind) == 0 and a.kind not in b.areas_aside
               for a, _ in components(b.tales, b.players)) and A.has_hole(b.world) is None


def generate_with_tales(players: int, seed: int, drawn: tuple[int, ...], spread: bool = True) -> Layout:
    lay = build_with_tales(players, seed, drawn, spread).layout()
    lay.name = f"Random {players}-player World with Tales, seed {seed}"
    lay.extra["seed"] = seed
    return lay
