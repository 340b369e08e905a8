"""A random legal player: the practice opponent's yardstick and the tests' source of games.

It picks one of the seven actions that has a legal use (uniformly), then one use of it
(uniformly); for the two sacrifices it picks the two Workers and the target at random. Picking
among every (pair, target) at once would make almost every action a sacrifice.
"""

from __future__ import annotations

import random

from .game import (
    Action,
    Position,
    can_sacrifice,
    free_tiles,
    jump_targets,
    move_targets,
    other,
    place_targets,
    tile_targets,
)


def actions_by_type(p: Position) -> dict[str, list[Action]]:
    """Every legal action but the sacrifices, by type; the sacrifices as one entry each when possible."""
    out: dict[str, list[Action]] = {}
    if p.over:
        return out
    out["tile"] = [{"type": "tile", "at": list(h)} for h in tile_targets(p)]
    out["place"] = [{"type": "place", "at": list(h)} for h in place_targets(p)]
    mine = sorted(p.of(p.player))
    out["move"] = [{"type": "move", "from": list(w), "to": list(h)} for w in mine for h in move_targets(p, w)]
    out["jump"] = [{"type": "jump", "from": list(w), "over": list(o)} for w in mine for o, _ in jump_targets(p, w)]
    out["remove-tier"] = [{"type": "remove-tier", "at": list(t.at)} for t in p.towers_of(p.player)]
    return {k: v for k, v in out.items() if v}


def random_action(p: Position, rng: random.Random, weights: dict[str, float] | None = None) -> Action:
    """A random legal action; ``weights`` (by action type, 1 by default) favour some actions."""
    by_type = actions_by_type(p)
    kinds = sorted(by_type)
    if can_sacrifice(p):
        kinds += ["eliminate", "free-place"]
    if weights:
        kinds = [k for k in kinds if weights.get(k, 1.0) > 0] or kinds
    if not kinds:
        return {"type": "pass"}
    kind = rng.choices(kinds, [(weights or {}).get(k, 1.0) for k in kinds])[0] if weights else rng.choice(kinds)
    if kind in by_type:
        return rng.choice(by_type[kind])
    mine = sorted(p.of(p.player))
    pair = [list(h) for h in rng.sample(mine, 2)]
    if kind == "eliminate":
        return {"type": "eliminate", "sacrifice": pair, "target": list(rng.choice(sorted(p.of(other(p.player)))))}
    spots = free_tiles(p) + [tuple(h) for h in pair]
    return {"type": "free-place", "sacrifice": pair, "at": list(rng.choice(spots))}


def random_game_action(kind: str, p: Position, rng: random.Random) -> Action | None:
    """The registry's random player: a random legal action of a Rise! game, None once it is won."""
    return None if kind != "game" or p.over else random_action(p, rng)
