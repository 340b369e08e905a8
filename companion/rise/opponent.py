"""The practice opponent: a plan for three Towers, and a search over whole turns, in pure Python.

The plan (:func:`plan`) is what a player at the table thinks: "these three tiles will be my
Towers". For each colour it picks, greedily and sharing Workers between neighbouring rings, the
three sites (its own Towers still rising, and free tiles to ring) that need the fewest actions,
and counts those actions: a land tile to lay, a Worker to place or bring, an enemy Worker to
take out of the ring, a tier still to rise. The evaluation is the other colour's count against
one's own, so every action that brings a Tower nearer (or pushes the other's away: a Worker in
its ring, a ring around its Tower) is worth something, and marking time is worth nothing.

* ``easy`` picks each action on its own, by the evaluation with some randomness and a random
  action now and then (a beginner's opponent);
* ``normal`` searches its whole turn (a beam over the first action, every second action);
* ``hard`` searches its whole turn more widely, then plays the other player's best reply to its
  best few turns and takes the turn whose outcome after that reply is best; it never walks its
  pieces back to where they stood after one of its last two turns while another turn exists.

``progress`` (0..1) is called as the search goes, for a progress bar; ``should_stop`` ends it
early (best so far); ``before``: the positions after the mover's own last turns (for the
back-and-forth rule; :func:`own_turn_ends` reads them from a game's states).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..hexgrid import Hex
from .game import (
    Action,
    Position,
    RiseIllegal,
    apply,
    around,
    can_sacrifice,
    jump_landing,
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
    replies: int  # own turns played against the other player's best reply (hard)
    reply_beam: int
    noise: float  # easy: random spread added to each action's value
    blunder: float  # easy: the chance of an action picked at random among the legal ones
    budget: float  # seconds; a safety stop (the search is sized to end well before)


SETTINGS = {
    "easy": Level(beam=0, replies=0, reply_beam=0, noise=150.0, blunder=0.3, budget=0.5),
    "normal": Level(beam=4, replies=0, reply_beam=0, noise=0.0, blunder=0.0, budget=0.9),
    "hard": Level(beam=8, replies=5, reply_beam=3, noise=0.0, blunder=0.0, budget=1.6),
}

# --- the plan -------------------------------------------------------------------------------------
ACTION = 100.0  # the worth of one action nearer to three complete Towers
THEIRS = 0.7  # the other colour's actions, against one's own
GROW = 0.8  # a tier still to rise, in actions (it rises by itself, one a turn, while the ring holds)
ENEMY = 2.5  # an enemy Worker in a ring: take it out (a jump, a sacrifice) and fill the tile
FOCUS = (1.5, 1.0, 0.8)  # the nearest site first: a ring finished starts its Tower rising
FAR = 14.0  # a site not in sight
BLOCKED = 99.0
JITTER = 8.0  # turns this close in worth are taken in a random order: no two games alike


@dataclass(frozen=True)
class Plan:
    cost: float  # weighted actions to three complete Towers (0: won)
    ring: frozenset[Hex]  # the tiles of the chosen rings
    sites: tuple[Hex, ...]  # the chosen Towers-to-be, nearest first
    near: float = FAR  # the actions the nearest site alone still needs (its tiers too)


def plan(p: Position, colour: str) -> Plan:
    """The nearest way to three complete Towers for ``colour``, and what it costs (see the module)."""
    n = numbers()
    mine, yours = p.of(colour), p.of(other(colour))
    towers = {t.at: t for t in p.towers}
    tiles = p.tiles
    lay = 1.0 if len(tiles) < n.land_tiles else BLOCKED
    done = sum(1 for t in p.towers if t.colour == colour and t.complete)
    need = n.towers_to_win - done
    if need <= 0:
        return Plan(0.0, frozenset(), ())

    def ring_cost(h: Hex, planned: frozenset[Hex] | set[Hex], centres: set[Hex]) -> float:
        c = 0.0
        for x in around(h):
            if x in mine or x in planned:
                continue
            if x in towers or x in centres:
                return BLOCKED
            c += ENEMY if x in yours else (1.0 if x in tiles else 1.0 + lay)
        return c

    opts: list[tuple[float, Hex, float]] = []  # (cost alone, centre, its fixed part)
    for t in p.towers:
        if t.colour == colour and not t.complete:
            fixed = GROW * (n.top - t.tiers)
            opts.append((ring_cost(t.at, frozenset(), set()) + fixed, t.at, fixed))
    seen = set(towers)
    for w in mine:
        for h in around(w):
            if h in seen:
                continue
            seen.add(h)
            fixed = GROW * n.top + (1.5 if h in yours else 1.0 if h in mine else 0.0 if h in tiles else lay)
            opts.append((ring_cost(h, frozenset(), set()) + fixed, h, fixed))
    opts.sort()
    opts = opts[:12]
    planned: set[Hex] = set()
    centres: set[Hex] = set()
    sites: list[Hex] = []
    total, near = 0.0, FAR
    for k in range(need):
        best, best_h = FAR, None
        for _, h, fixed in opts:
            if h in centres or h in planned:
                continue
            c = ring_cost(h, planned, centres) + fixed
            if c < best:
                best, best_h = c, h
        total += FOCUS[min(done + k, len(FOCUS) - 1)] * min(best, FAR)  # complete Towers hold the first places
        near = min(near, best)
        if best_h is None:
            continue
        sites.append(best_h)
        centres.add(best_h)
        planned.update(around(best_h))
    return Plan(total, frozenset(planned), tuple(sites), near)


def own_pieces(p: Position, colour: str) -> tuple[frozenset[Hex], tuple]:
    """``colour``'s Workers and Towers: what a back-and-forth leaves as it was."""
    return p.of(colour), tuple(t for t in p.towers if t.colour == colour)


def own_turn_ends(states: Sequence[Position], colour: str, keep: int = 4) -> list[Position]:
    """The positions right after ``colour``'s last ``keep`` turns, oldest first (from a game's
    states, as :meth:`companion.gamelog.Session.states` gives them)."""
    out = [q for a, q in zip(states, states[1:]) if a.player == colour and not a.over and (q.player != colour or q.over)]
    return out[-keep:]


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


def _exposed(p: Position, ring: frozenset[Hex], colour: str) -> int:
    """``colour``'s Workers in ``ring`` that an enemy Worker beside them could jump now."""
    yours = p.of(other(colour))
    k = 0
    for w in p.of(colour):
        if w not in ring:
            continue
        for e in around(w):
            if e in yours and p.free_land(jump_landing(e, w)):
                k += 1
                break
    return k


def evaluate(p: Position, me: str, watch: bool = True) -> float:
    """The position's worth for ``me`` (higher is better), right after ``me``'s turn or during it.
    ``watch``: how much the other colour's plan and its jumps count (fully for hard, half else)."""
    if p.winner is not None:
        return WIN if p.winner == me else -WIN
    you = other(me)
    mine, yours = plan(p, me), plan(p, you)
    score = ACTION * ((THEIRS if watch else THEIRS / 2) * yours.cost - mine.cost)
    nm, ny = len(p.of(me)), len(p.of(you))
    score += 12.0 * (min(nm, 16) - min(ny, 16))
    if watch:
        score -= 35.0 * _exposed(p, mine.ring, me)
    if nm <= _danger(p, me):  # the other player moves next: one turn of sacrifices could end it
        score -= WIN / 2
    if ny <= 1:
        score += 150.0
    return score


# --- candidate actions -------------------------------------------------------------------------------
def candidates(p: Position) -> list[Action]:
    """The actions worth searching: every placement and jump; moves of Workers outside the plan's
    rings; land tiles beside one's Workers or in the plan; sacrifices of spare Workers against
    Workers in either plan (or any, near the end); the sacrifice that fills a ring's last gap."""
    if p.over:
        return []
    me, you = p.player, other(p.player)
    mine, yours = p.of(me), p.of(you)
    mp, yp = plan(p, me), plan(p, you)
    want = mp.ring | set(mp.sites)
    out: list[Action] = []
    for w in sorted(mine):
        for o, _ in jump_targets(p, w):
            out.append({"type": "jump", "from": list(w), "over": list(o)})
    out += [{"type": "place", "at": list(h)} for h in place_targets(p)]
    spare = sorted(w for w in mine if w not in mp.ring)
    for w in spare:
        out += [{"type": "move", "from": list(w), "to": list(h)} for h in move_targets(p, w)]
    if len(p.tiles) < numbers().land_tiles:
        near = {h for h in want if h not in p.tiles}
        for w in mine:
            near.update(h for h in around(w) if h not in p.tiles)
        near = {h for h in near if any(x in p.tiles for x in around(h))}
        out += [{"type": "tile", "at": list(h)} for h in sorted(near)]
    if can_sacrifice(p):
        # the Workers least missed: away from the other colour (attackers stay), with few of their own around
        def missed(w: Hex) -> tuple[int, int, Hex]:
            return (any(x in yours for x in around(w)), sum(1 for x in around(w) if x in mine), w)

        pool = (sorted(spare, key=missed) + sorted((w for w in mine if w in mp.ring), key=missed))[:3]
        pairs = [(a, b) for i, a in enumerate(pool) for b in pool[i + 1 :]]
        # the last Worker (a win), one in the way of a ring of one's own, or one in a ring that
        # is about to start a Tower or raises one
        rising = {x for t in p.towers if t.colour == you and not t.complete for x in around(t.at)}
        danger = yp.ring if yp.near <= GROW * numbers().top + 2 else frozenset()
        targets = sorted(yours if len(yours) <= 1 else {e for e in yours if e in want or e in rising or e in danger})
        for a, b in pairs:
            s = [list(a), list(b)]
            out += [{"type": "eliminate", "sacrifice": s, "target": list(e)} for e in targets]
        if len(pool) >= 2:
            a, b = pool[0], pool[1]
            for h in mp.sites:
                gaps = [x for x in around(h) if x not in mine or x in (a, b)]
                if len(gaps) == 1 and p.free_land(gaps[0]):
                    out.append({"type": "free-place", "sacrifice": [list(a), list(b)], "at": list(gaps[0])})
    out += [{"type": "remove-tier", "at": list(t.at)} for t in p.towers_of(me) if p.ringed_by(t.at) == you]
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
    if not out:
        acts = simple_actions(p) or [{"type": "pass"}]
        out = [(a, apply(p, a)) for a in acts[:1]]
    return out


# --- the searches --------------------------------------------------------------------------------------
class _Clock:
    def __init__(self, budget: float, should_stop: Callable[[], bool] | None) -> None:
        self.end = time.perf_counter() + budget
        self.should_stop = should_stop

    def out(self) -> bool:
        return time.perf_counter() > self.end or bool(self.should_stop and self.should_stop())


Turn = tuple[float, list[Action], Position]


def best_turns(
    p: Position,
    beam: int,
    keep: int,
    clock: _Clock | None = None,
    avoid: set | None = None,
    watch: bool = True,
    rng: random.Random | None = None,
) -> list[Turn]:
    """The ``keep`` best turns for the player to move: (value, actions, position after).
    ``avoid``: the mover's pieces as they stood after its last turns; a turn that leaves them
    so again comes last, unless it wins. ``rng``: turns of (nearly) equal worth in a random order."""
    me = p.player
    firsts = []
    for a, q in _children(p):
        firsts.append((evaluate(q, me, watch), a, q))
    firsts.sort(key=lambda x: -x[0])
    turns: list[Turn] = []
    for v, a, q in firsts:
        if q.over or q.player != me:
            turns.append((v, [a], q))
    for v, a, q in firsts[:beam]:
        if q.over or q.player != me:
            continue
        if clock and clock.out() and turns:
            break
        for b, r in _children(q):
            turns.append((evaluate(r, me, watch), [a, b], r))
    if not turns:  # no time for a second action: the best first action alone
        turns = [(v, [a], q) for v, a, q in firsts[:1]]
    if avoid:
        turns = [(v - (0 if r.over or own_pieces(r, me) not in avoid else WIN / 4), acts, r) for v, acts, r in turns]
    if rng is not None:
        turns = [(v + rng.uniform(0, JITTER), acts, r) for v, acts, r in turns]
    turns.sort(key=lambda x: -x[0])
    return turns[:keep]


def choose_turn(
    p: Position,
    level: str = "normal",
    rng: random.Random | None = None,
    progress: Callable[[float], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    before: Sequence[Position] = (),
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
            a, q = max(kids, key=lambda c: evaluate(c[1], me, False) + rng.uniform(0, cfg.noise))
            acts.append(a)
            if progress:
                progress(len(acts) / numbers().actions_per_turn)
        return acts
    avoid = {own_pieces(p, me)} | {own_pieces(q, me) for q in before[-2:]}
    turns = best_turns(p, cfg.beam, max(1, cfg.replies), clock, avoid, watch=bool(cfg.replies), rng=rng)
    if not cfg.replies or turns[0][2].over:
        if progress:
            progress(1.0)
        return turns[0][1]
    if progress:
        progress(0.3)
    # each of the best turns against the other player's best reply: the best outcome
    best, best_v = turns[0][1], -float("inf")
    for i, (v, acts, q) in enumerate(turns):
        if q.over:
            value = v
        else:
            replies = best_turns(q, cfg.reply_beam, 1, clock)
            value = (evaluate(replies[0][2], me) if replies else v) + rng.uniform(0, JITTER)
            if own_pieces(q, me) in avoid:
                value -= WIN / 4
        if value > best_v:
            best, best_v = acts, value
        if progress:
            progress(0.3 + 0.7 * (i + 1) / len(turns))
        if clock.out():
            break
    if progress:
        progress(1.0)
    return best
