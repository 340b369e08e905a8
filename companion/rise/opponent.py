"""The practice opponent: a search over whole turns (one or two actions), in pure Python.

* ``easy`` picks each action on its own, by the evaluation with some randomness;
* ``normal`` searches its whole turn (a beam over the first action, every second action);
* ``hard`` searches its turn like ``normal`` and then looks at the other player's best reply to
  its best few turns: it takes the best of them whose reply does not win or take its last
  Workers (if every one loses, the one whose reply is least bad).

The evaluation weighs complete Towers, Towers rising or falling, rings in the making, Workers,
and the danger of losing the last Workers to the other player's next turn. ``progress`` (0..1)
is called as the search goes, for a progress bar; ``should_stop`` ends it early (best so far).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..hexgrid import Hex
from .game import (
    Action,
    Position,
    RiseIllegal,
    apply,
    around,
    can_sacrifice,
    jump_targets,
    move_targets,
    other,
    place_targets,
    simple_actions,
)
from .numbers import numbers
from .randomplay import random_action

LEVELS = ("easy", "normal", "hard")
WIN = 1_000_000.0


@dataclass(frozen=True)
class Level:
    beam: int  # first actions kept for the second
    replies: int  # own turns checked against the best reply (hard)
    reply_beam: int
    noise: float  # easy: random spread added to each action's value
    blunder: float  # easy: the chance of an action picked at random among the legal ones
    budget: float  # seconds; a safety stop (the search is sized to end well before)


SETTINGS = {
    "easy": Level(beam=0, replies=0, reply_beam=0, noise=120.0, blunder=0.35, budget=0.5),
    "normal": Level(beam=6, replies=0, reply_beam=0, noise=0.0, blunder=0.0, budget=0.9),
    "hard": Level(beam=6, replies=4, reply_beam=3, noise=0.0, blunder=0.0, budget=0.9),
}


# --- the evaluation ------------------------------------------------------------------------------
def _danger(p: Position, victim: str) -> int:
    """How many of ``victim``'s Workers the other player could take in one turn of two actions
    by sacrifices alone (a bound that ignores jumps)."""
    n = numbers()
    e = len(p.of(other(victim)))
    taken = 0
    for _ in range(n.actions_per_turn):
        if e > n.sacrifice:
            e -= n.sacrifice
            taken += 1
        else:
            e += 1  # place a Worker, to sacrifice with the next action
    return taken


def evaluate(p: Position, me: str) -> float:
    """The position's worth for ``me`` (higher is better), right after ``me``'s turn or during it."""
    if p.winner is not None:
        return WIN if p.winner == me else -WIN
    you = other(me)
    n = numbers()
    score = 0.0
    towers = {}
    for t in p.towers:
        towers[t.at] = t
        sign = 1 if t.colour == me else -1
        ringer = p.ringed_by(t.at)
        if t.complete:
            v = 900.0
            if ringer is not None and ringer != t.colour:
                v -= 250.0
        else:
            v = 180.0 * t.tiers + (160.0 if ringer == t.colour else 0.0)
            if ringer is not None and ringer != t.colour:
                v -= 200.0
        score += sign * v
    for c in (me, you):
        if p.complete_towers(c) == n.towers_to_win - 1:
            score += 300.0 if c == me else -300.0
    # rings in the making: tiles with several Workers of one colour around and none of the other
    mine_w, your_w = p.of(me), p.of(you)
    dm: dict[Hex, int] = {}
    dy: dict[Hex, int] = {}
    for w in mine_w:
        for h in around(w):
            dm[h] = dm.get(h, 0) + 1
    for w in your_w:
        for h in around(w):
            dy[h] = dy.get(h, 0) + 1
    tiles = p.tiles
    for d, od, c, sign in ((dm, dy, me, 1.0), (dy, dm, you, -1.0)):
        for h, k in d.items():
            if k < 3 or h in od or h in mine_w or h in your_w:
                continue
            t = towers.get(h)
            if t is not None and t.colour == c and t.complete:
                continue
            v = k * k * 7.0 + (60.0 if k == 5 else 0.0)
            score += sign * (v if h in tiles else 0.6 * v)
    mine, yours = len(mine_w), len(your_w)
    score += 45.0 * min(mine, 14) - 45.0 * min(yours, 14)
    # the other player moves next: Workers that one turn of sacrifices could take
    if mine <= _danger(p, me):
        score -= WIN / 2
    if yours <= 1:
        score += 150.0
    return score


# --- candidate actions -------------------------------------------------------------------------------
def _spare(p: Position, colour: str) -> list[Hex]:
    """Own Workers least useful to a ring, first."""
    ws = p.of(colour)
    rank = []
    for w in ws:
        useful = 0
        for h in around(w):
            k = sum(1 for x in around(h) if x in ws)
            useful = max(useful, k)
        rank.append((useful, w))
    rank.sort()
    return [w for _, w in rank]


def candidates(p: Position) -> list[Action]:
    """The actions worth searching: all placements, moves and jumps near the play, tiles next to
    Workers, and sacrifices of the least useful Workers."""
    if p.over:
        return []
    me = p.player
    mine = p.of(me)
    out: list[Action] = []
    for w in sorted(mine):
        for o, _ in jump_targets(p, w):
            out.append({"type": "jump", "from": list(w), "over": list(o)})
    out += [{"type": "place", "at": list(h)} for h in place_targets(p)]
    for w in sorted(mine):
        out += [{"type": "move", "from": list(w), "to": list(h)} for h in move_targets(p, w)]
    if len(p.tiles) < numbers().land_tiles:
        near = set()
        for ws in p.workers:
            for w in ws:
                for h in around(w):
                    if h not in p.tiles and any(x in p.tiles for x in around(h)):
                        near.add(h)
        out += [{"type": "tile", "at": list(h)} for h in sorted(near)]
    if can_sacrifice(p):
        spare = _spare(p, me)[:3]
        pairs = [(a, b) for i, a in enumerate(spare) for b in spare[i + 1 :]]
        for a, b in pairs:
            s = [list(a), list(b)]
            out += [{"type": "eliminate", "sacrifice": s, "target": list(e)} for e in sorted(p.of(other(me)))]
        a, b = spare[0], spare[1]
        gaps = set()
        for h in p.tiles:
            if p.occupied(h) and p.tower_at(h) is None:
                continue
            ring = list(around(h))
            missing = [x for x in ring if x not in mine or x in (a, b)]
            if len(missing) == 1 and p.free_land(missing[0]):
                gaps.add(missing[0])
        out += [{"type": "free-place", "sacrifice": [list(a), list(b)], "at": list(g)} for g in sorted(gaps)]
    out += [{"type": "remove-tier", "at": list(t.at)} for t in p.towers_of(me) if p.ringed_by(t.at) == other(me)]
    if not out:  # boxed in: whatever the rules allow (land tiles far away), else a pass
        out = simple_actions(p) or [{"type": "pass"}]
    return out


def _children(p: Position) -> list[tuple[Action, Position]]:
    out = []
    for a in candidates(p):
        try:
            out.append((a, apply(p, a)))
        except RiseIllegal:
            continue
    return out


# --- the searches --------------------------------------------------------------------------------------
class _Clock:
    def __init__(self, budget: float, should_stop: Callable[[], bool] | None) -> None:
        self.end = time.perf_counter() + budget
        self.should_stop = should_stop

    def out(self) -> bool:
        return time.perf_counter() > self.end or bool(self.should_stop and self.should_stop())


def best_turns(p: Position, beam: int, keep: int, clock: _Clock | None = None) -> list[tuple[float, list[Action], Position]]:
    """The ``keep`` best turns for the player to move: (value, actions, position after)."""
    me = p.player
    firsts = []
    for a, q in _children(p):
        firsts.append((evaluate(q, me), a, q))
    firsts.sort(key=lambda x: -x[0])
    turns: list[tuple[float, list[Action], Position]] = []
    for v, a, q in firsts:
        if q.over or q.player != me:
            turns.append((v, [a], q))
    for v, a, q in firsts[:beam]:
        if q.over or q.player != me:
            continue
        if clock and clock.out() and turns:
            break
        for b, r in _children(q):
            turns.append((evaluate(r, me), [a, b], r))
    if not turns:  # no time for a second action: the best first action alone
        turns = [(v, [a], q) for v, a, q in firsts[:1]]
    turns.sort(key=lambda x: -x[0])
    return turns[:keep]


def choose_turn(
    p: Position,
    level: str = "normal",
    rng: random.Random | None = None,
    progress: Callable[[float], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[Action]:
    """The actions of one whole turn for the player to move (one or two)."""
    if level not in SETTINGS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}")
    cfg = SETTINGS[level]
    rng = rng or random.Random()
    clock = _Clock(cfg.budget, should_stop)
    me = p.player
    if level == "easy":
        acts, q = [], p
        while not q.over and q.player == me:
            if rng.random() < cfg.blunder:
                a = random_action(q, rng)
                q = apply(q, a)
                acts.append(a)
                continue
            kids = _children(q)
            a, q = max(kids, key=lambda c: evaluate(c[1], me) + rng.uniform(0, cfg.noise))
            acts.append(a)
            if progress:
                progress(len(acts) / numbers().actions_per_turn)
        return acts
    turns = best_turns(p, cfg.beam, max(1, cfg.replies), clock)
    if not cfg.replies or turns[0][2].over:
        if progress:
            progress(1.0)
        return turns[0][1]
    if progress:
        progress(0.3)
    # the best turn by its own worth whose best reply does not lose; failing that, the best reply
    best, best_v = turns[0][1], -float("inf")
    for i, (v, acts, q) in enumerate(turns):
        if q.over:
            value = v
        else:
            replies = best_turns(q, cfg.reply_beam, 1, clock)
            value = evaluate(replies[0][2], me) if replies else v
        if value > -WIN / 2:
            best = acts
            break
        if value > best_v:
            best, best_v = acts, value
        if progress:
            progress(0.3 + 0.7 * (i + 1) / len(turns))
        if clock.out():
            break
    if progress:
        progress(1.0)
    return best
