"""A random legal player of Rise & Fall: the tests' source of games, and the registry's ``random_play``.

For the World it places each next tile at random among its legal places (the Plains rescue, or
setting the rest aside, when a tile has nowhere to go); for the tracked game it picks among the
actions the tracker accepts, favouring a card's actions over ending the turn so that games reach
their Trophies. A scoring has no random player: it is entered from a World and pieces, not played.
"""

from __future__ import annotations

import random
from typing import Any

from companion.errors import IllegalAction
from companion.rise_and_fall.play.tracker import Game, TrackerRules, card_actions, count_limits, random_play
from companion.rise_and_fall.world.builder import Build, BuildRules, world_setup_action

Action = dict[str, Any]
COLOURS = ("red", "yellow", "green", "blue")
_TRACKER = TrackerRules()
_BUILDER = BuildRules()


def candidates(g: Game) -> list[Action]:
    """Actions worth trying in ``g`` for the players to move (some the tracker may refuse)."""
    out: list[Action] = []
    for i in g.to_move():
        civ = g.civs[i]
        if g.phase == "A":
            out += [{"type": "play", "player": i, "card": c} for c in civ.hand]
            out.append(random_play(g, i, random.Random(len(out))))
        elif g.phase == "B":
            out.append({"type": "end-turn", "player": i})
            for spec in card_actions(g.acting_card):
                a = {"type": "act", "player": i, "action": spec["id"]}
                limits = count_limits(g, i, spec)
                if "per" in spec:
                    a["count"] = min(2, limits[spec["count"]][0])
                if "per_count" in spec:
                    a["counts"] = {k: min(1, limits[k][0]) for k in spec["per_count"]}
                if "convert" in spec:
                    for t in range(len(g.civs)):
                        out.append({**a, "target": t})
                    continue
                out.append(a)
        elif g.phase == "C":
            out += [{"type": "decline", "player": i, "card": c} for c in civ.active]
        elif g.phase == "D":
            out += [{"type": "buy", "player": i, "card": c} for c in civ.decline] + [{"type": "pass", "player": i}]
    return out


def accepted(g: Game, actions: list[Action]) -> list[Action]:
    """Those of ``actions`` the tracker accepts in ``g``."""
    ok = []
    for a in actions:
        try:
            _TRACKER.apply(g, a)
            ok.append(a)
        except IllegalAction:
            pass
    return ok


def legal(g: Game) -> list[Action]:
    return accepted(g, candidates(g))


def setup_action(n: int, first: int = 0) -> Action:
    from companion.rise_and_fall.play.tracker import TRACKER_VERSION

    players = [{"name": f"P{k + 1}", "colour": c} for k, c in zip(range(n), COLOURS)]
    return {"type": "setup", "players": players, "first": first, "tracker_version": TRACKER_VERSION}


def game_action(g: Game, rng: random.Random) -> Action | None:
    """One random legal action of a tracked game (its setup and first pieces on any Spaces too)."""
    if g.phase == "setup":
        n = rng.choice((2, 3, 4))
        return setup_action(n, rng.randrange(n))
    if g.phase == "over":
        return None
    if g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        q = sum(c.count(p) for c in g.civs for p in ("nomad", "city", "ship"))  # one Space each, any Space
        return {"type": "place-first", "player": i, "piece": piece, "q": q, "r": 0}
    options = legal(g)
    if not options:
        return None
    acts = [a for a in options if a["type"] == "act"]
    return rng.choice(acts if acts and rng.random() < 0.85 else options)


def world_action(b: Build, rng: random.Random) -> Action | None:
    """One random legal step of building a World (its setup too), or None once it is complete."""
    if not b.started:
        return world_setup_action(rng.choice((2, 3, 4)))
    kind = b.next_kind()
    if kind is None:
        return None
    if b.stuck_plains():
        return {"type": "rescue"} if b.rescue() is not None else None
    if b.stuck():
        return {"type": "set-aside"}
    t = rng.choice(b.legal(kind))
    return {"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation}


def random_action(kind: str, state: Any, rng: random.Random) -> Action | None:
    """The registry's random player: a World, a tracked game; None for a scoring."""
    if kind == "world":
        return world_action(state, rng)
    if kind == "game":
        return game_action(state, rng)
    return None
