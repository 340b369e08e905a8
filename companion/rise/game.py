"""The rules of Rise!: an immutable position and the seven actions, checked as the rulebook words them.

An action is a small JSON object (the same in the game log and in a game-record file)::

    {"type": "tile", "at": [q, r]}                          1. Place a Land Tile
    {"type": "place", "at": [q, r]}                         2. Place a Worker
    {"type": "move", "from": [q, r], "to": [q, r]}          3. Move a Worker
    {"type": "jump", "from": [q, r], "over": [q, r]}        4. Jump a Worker
    {"type": "eliminate", "sacrifice": [[q, r], [q, r]], "target": [q, r]}   5. Sacrifice to Eliminate
    {"type": "free-place", "sacrifice": [[q, r], [q, r]], "at": [q, r]}      6. Sacrifice to Place Freely
    {"type": "remove-tier", "at": [q, r]}                   7. Remove a Tier from your Tower
    {"type": "pass"}                                        only when no action is possible

Any action may carry ``"player": "red"|"blue"``; it must then be the player to move.
Towers are never an action: they start, grow and fall by themselves (see :func:`_settle`).
The decisions taken where the rulebook is open are in ``docs/rise.md`` ("Rise!: decisions").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..errors import IllegalAction
from ..gamelog import Reducer
from ..hexgrid import Hex, PixelLayout, distance, neighbours
from .numbers import numbers

Action = dict[str, Any]
ACTION_TYPES = ("tile", "place", "move", "jump", "eliminate", "free-place", "remove-tier")
ACTION_NAMES = {
    "tile": "Place a Land Tile",
    "place": "Place a Worker",
    "move": "Move a Worker",
    "jump": "Jump a Worker",
    "eliminate": "Sacrifice to Eliminate a Worker",
    "free-place": "Sacrifice to Place a Worker Freely",
    "remove-tier": "Remove a Tier from your Tower",
    "pass": "Pass",
}


class RiseIllegal(IllegalAction):
    """A refused action of Rise!: the shared :class:`IllegalAction` (the sentence for the table, then ``rule``, a stable id)."""


_NB: dict[Hex, tuple[Hex, ...]] = {}


def around(h: Hex) -> tuple[Hex, ...]:
    """The six tiles around ``h`` (remembered: the search asks for them very often)."""
    t = _NB.get(h)
    if t is None:
        t = _NB[h] = tuple(neighbours(h))
    return t


def name(colour: str) -> str:
    return colour.capitalize()


_COLOURS = numbers().colours
_INDEX = {c: i for i, c in enumerate(_COLOURS)}
_OTHER = {_COLOURS[0]: _COLOURS[1], _COLOURS[1]: _COLOURS[0]}


def other(colour: str) -> str:
    return _OTHER[colour]


#: the eight ways from the centre tile as the board is drawn (east to the right, north at the top)
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")
_UNIT = PixelLayout(1.0)


def at(h: Hex) -> str:
    """A tile in the players' words: where it lies from the board's centre tile as the board is drawn ("the
    tile 2 steps north-east of the centre"); the board has no numbers on it to read, so "(2, -1)" said
    nothing at the table. Tiles of one ring in one direction share their words: the picture rings the tile."""
    if tuple(h) == (0, 0):
        return "the centre tile"
    (x, y), (x0, y0) = _UNIT.hex_to_pixel(h), _UNIT.hex_to_pixel((0, 0))
    way = COMPASS[round(math.degrees(math.atan2(y - y0, x - x0)) / 45) % 8]  # the screen's y grows downward
    k = distance((0, 0), h)
    return f"the tile {k} {'step' if k == 1 else 'steps'} {way} of the centre"


def At(h: Hex) -> str:  # noqa: N802 - a tile's words opening a sentence
    words = at(h)
    return words[0].upper() + words[1:]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Tower:
    at: Hex
    colour: str
    tiers: int

    @property
    def complete(self) -> bool:
        return self.tiers >= numbers().top


@dataclass(frozen=True)
class Position:
    """Everything on the table and whose turn it is. Never changed: each action makes a new one.

    ``grown``: Towers that gained a tier this turn (one per Tower per turn); ``hit``: the other
    colour's Towers that lost a tier to the mover's ring this turn (one per round); ``razed``:
    tiles emptied this turn, where no Tower starts before the following turn.
    """

    tiles: frozenset[Hex]
    workers: tuple[frozenset[Hex], frozenset[Hex]]  # by colour, in numbers().colours order
    towers: tuple[Tower, ...]
    player: str
    actions_left: int
    turn: int = 1
    grown: frozenset[Hex] = frozenset()
    hit: frozenset[Hex] = frozenset()
    razed: frozenset[Hex] = frozenset()
    winner: str | None = None
    reason: str | None = None  # "towers" | "elimination"
    events: tuple[str, ...] = field(default=(), compare=False)

    # --- reading the position ---------------------------------------------------------
    def of(self, colour: str) -> frozenset[Hex]:
        return self.workers[_INDEX[colour]]

    def worker_at(self, h: Hex) -> str | None:
        for c, ws in zip(_COLOURS, self.workers):
            if h in ws:
                return c
        return None

    def tower_at(self, h: Hex) -> Tower | None:
        for t in self.towers:
            if t.at == h:
                return t
        return None

    @cached_property
    def taken(self) -> frozenset[Hex]:
        """Every tile with a Worker or a Tower block on it."""
        return self.workers[0] | self.workers[1] | {t.at for t in self.towers}

    def occupied(self, h: Hex) -> bool:
        """A tile with a Worker or a Tower block on it (decision: a Tower occupies its tile)."""
        return h in self.taken

    def free_land(self, h: Hex) -> bool:
        return h in self.tiles and h not in self.taken

    def towers_of(self, colour: str) -> list[Tower]:
        return [t for t in self.towers if t.colour == colour]

    def ringed_by(self, h: Hex) -> str | None:
        """The colour whose Workers stand on all six tiles around ``h``, if any."""
        ns = around(h)
        for c, ws in zip(numbers().colours, self.workers):
            if all(n in ws for n in ns):
                return c
        return None

    def supply(self, colour: str) -> dict[str, int]:
        """What is left beside the board: land tiles (shared), Workers and each size of Tower block."""
        n = numbers()
        mine = self.towers_of(colour)
        out = {
            "tiles": n.land_tiles - len(self.tiles),
            "workers": n.workers_per_colour - len(self.of(colour)),
        }
        for k, tier in enumerate(n.tiers, 1):
            out[tier] = n.blocks[tier] - sum(1 for t in mine if t.tiers >= k)
        return out

    def complete_towers(self, colour: str) -> int:
        return sum(1 for t in self.towers if t.colour == colour and t.complete)

    @property
    def over(self) -> bool:
        return self.winner is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "turn": self.turn,
            "actions_left": self.actions_left,
            "tiles": sorted([list(h) for h in self.tiles]),
            "workers": {c: sorted([list(h) for h in self.of(c)]) for c in numbers().colours},
            "towers": [{"at": list(t.at), "colour": t.colour, "tiers": t.tiers} for t in self.towers],
            "winner": self.winner,
            "reason": self.reason,
        }


def _put(p: Position, **changes: Any) -> Position:
    """``dataclasses.replace`` without its checks (the search makes hundreds of thousands)."""
    q = object.__new__(Position)
    d = q.__dict__
    d.update(p.__dict__)
    d.pop("taken", None)  # the cached occupancy belongs to the old position
    d.update(changes)
    return q


def start() -> Position:
    """The starting land formation, red's Worker on the second tile and blue's on the seventh."""
    n = numbers()
    return Position(
        tiles=frozenset(n.start_tiles),
        workers=tuple(frozenset(n.start_workers[c]) for c in n.colours),  # type: ignore[arg-type]
        towers=(),
        player=n.first_player,
        actions_left=n.first_turn_actions,
    )


# --- reading an action ----------------------------------------------------------------------
#: The most of a refused value a sentence shows (a 4,001-digit number is cut short).
SHOWN = 40
#: A tile's q and r lie within this (the 30 land tiles of a game span a few dozen tiles at most).
MAX_COORDINATE = 1000


def short_repr(v: Any) -> str:
    text = repr(v) if not isinstance(v, int) or abs(v) < 10**SHOWN else f"a {len(str(abs(v))):,}-digit number"
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def _hex(action: Action, key: str, what: str | None = None) -> Hex:
    v = action.get(key)
    if not (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) and abs(x) <= MAX_COORDINATE for x in v)):
        shown = "[" + ", ".join(short_repr(x) for x in v[:3]) + (", …]" if len(v) > 3 else "]") if isinstance(v, (list, tuple)) else short_repr(v)
        raise RiseIllegal(rule="bad-action", message=f"The action needs {what or repr(key)} as a tile [q, r] of two whole numbers "
                          f"from -{MAX_COORDINATE} to {MAX_COORDINATE}; it has {shown}.")
    return (v[0], v[1])


def _pair(action: Action) -> tuple[Hex, Hex]:
    v = action.get("sacrifice")
    k = numbers().sacrifice
    if not (isinstance(v, (list, tuple)) and len(v) == k):
        raise RiseIllegal(rule="bad-action", message=f"A sacrifice names exactly {k} of your own Workers as [[q, r], [q, r]]; it has {short_repr(v)}.")
    hs = tuple(_hex({"sacrifice": x}, "sacrifice", "each Worker of a sacrifice") for x in v)
    return hs[0], hs[1]


# --- the checks: each returns the refusal, or None --------------------------------------------
def _own_worker(p: Position, h: Hex, what: str = "") -> None:
    owner = p.worker_at(h)
    if owner is None:
        raise RiseIllegal(rule="no-worker", message=f"There is no Worker on {at(h)}{what}.")
    if owner != p.player:
        raise RiseIllegal(rule="not-yours", message=f"The Worker on {at(h)} is {name(owner)}'s; {name(p.player)} acts with {name(p.player)}'s Workers only.")


def _unoccupied_land(p: Position, h: Hex, what: str) -> None:
    if h not in p.tiles:
        raise RiseIllegal(rule="no-land", message=f"{what} must go on a land tile; {at(h)} has no land tile.")
    t = p.tower_at(h)
    if t is not None:
        raise RiseIllegal(
            rule="occupied",
            message=f"{what} must go on an unoccupied tile; {at(h)} holds {name(t.colour)}'s Tower of {_plural(t.tiers, 'tier')} "
            "(a Tower occupies its tile).",
        )
    w = p.worker_at(h)
    if w is not None:
        raise RiseIllegal(rule="occupied", message=f"{what} must go on an unoccupied tile; {at(h)} holds a {name(w)} Worker.")


def check_can_sacrifice(p: Position) -> None:
    """Refuse a sacrifice by a player with too few Workers (the sentence says how many)."""
    k, have = numbers().sacrifice, len(p.of(p.player))
    if have <= k:
        raise RiseIllegal(
            rule="last-worker",
            message=f"A sacrifice removes {k} of your own Workers and at least one must always be in play: "
            f"{name(p.player)} has {have}, so needs at least {k + 1}.",
        )


def _sacrificed(p: Position, pair: tuple[Hex, Hex]) -> None:
    if pair[0] == pair[1]:
        raise RiseIllegal(rule="sacrifice-twice", message=f"A sacrifice takes two different Workers; {at(pair[0])} is named twice.")
    for h in pair:
        _own_worker(p, h, " to sacrifice")
    check_can_sacrifice(p)


def _check_tile(p: Position, a: Action) -> Hex:
    h = _hex(a, "at")
    left = numbers().land_tiles - len(p.tiles)
    if left <= 0:
        raise RiseIllegal(rule="no-tiles", message=f"All {numbers().land_tiles} land tiles are on the board; there is none left to place.")
    if h in p.tiles:
        raise RiseIllegal(rule="tile-taken", message=f"There is already a land tile on {at(h)}.")
    if not any(n in p.tiles for n in around(h)):
        raise RiseIllegal(rule="tile-adjacent", message="A new land tile must be adjacent to an existing tile; the space chosen touches no land tile: "
                           "choose a space next to the land.")
    return h


def _check_place(p: Position, a: Action) -> Hex:
    h = _hex(a, "at")
    left = numbers().workers_per_colour - len(p.of(p.player))
    if left <= 0:
        raise RiseIllegal(rule="no-workers", message=f"All {numbers().workers_per_colour} of {name(p.player)}'s Workers are on the board; none is left to place.")
    _unoccupied_land(p, h, "A new Worker")
    if not any(n in p.of(p.player) for n in around(h)):
        raise RiseIllegal(
            rule="place-adjacent",
            message=f"A new Worker must be placed adjacent to one of {name(p.player)}'s Workers; the tile chosen touches none of them "
            "(Sacrifice to Place a Worker Freely places one anywhere).",
        )
    return h


def _check_move(p: Position, a: Action) -> tuple[Hex, Hex]:
    src, dst = _hex(a, "from"), _hex(a, "to")
    _own_worker(p, src)
    if dst not in set(around(src)):
        raise RiseIllegal(rule="move-one", message=f"A Worker moves one space to an adjacent tile; {at(src)} to {at(dst)} is not one space.")
    _unoccupied_land(p, dst, "A moving Worker")
    return src, dst


def jump_landing(src: Hex, over: Hex) -> Hex:
    """The tile directly behind ``over`` seen from ``src``."""
    return (2 * over[0] - src[0], 2 * over[1] - src[1])


def _check_jump(p: Position, a: Action) -> tuple[Hex, Hex, Hex]:
    src, over = _hex(a, "from"), _hex(a, "over")
    _own_worker(p, src)
    if over not in set(around(src)):
        raise RiseIllegal(rule="jump-adjacent", message=f"A jump goes over an adjacent enemy Worker; {at(over)} is not next to {at(src)}.")
    enemy = p.worker_at(over)
    if enemy is None or enemy == p.player:
        what = "no Worker" if enemy is None else f"{name(p.player)}'s own Worker"
        raise RiseIllegal(rule="jump-enemy", message=f"A jump goes over an enemy Worker; {at(over)} holds {what}.")
    land = jump_landing(src, over)
    if not p.free_land(land):
        if land not in p.tiles:
            why = "has no land tile"
        elif p.tower_at(land) is not None:
            why = "holds a Tower"
        else:
            why = f"holds a {name(p.worker_at(land) or '')} Worker"
        raise RiseIllegal(
            rule="protected",
            message=f"The {name(enemy)} Worker on {at(over)} is protected from {at(src)}: the tile directly behind it, "
            f"{at(land)}, {why}; an unoccupied land tile must be directly behind the worker being jumped.",
        )
    return src, over, land


def _check_eliminate(p: Position, a: Action) -> tuple[tuple[Hex, Hex], Hex]:
    pair = _pair(a)
    target = _hex(a, "target")
    _sacrificed(p, pair)
    owner = p.worker_at(target)
    if owner is None or owner == p.player:
        what = "no Worker" if owner is None else f"{name(p.player)}'s own Worker"
        raise RiseIllegal(rule="eliminate-enemy", message=f"Sacrifice to Eliminate removes an enemy Worker; {at(target)} holds {what}.")
    return pair, target


def _check_free_place(p: Position, a: Action) -> tuple[tuple[Hex, Hex], Hex]:
    pair = _pair(a)
    h = _hex(a, "at")
    _sacrificed(p, pair)
    if h in pair:  # decision: the sacrificed Workers leave first, so their tiles are unoccupied
        return pair, h
    _unoccupied_land(p, h, "The freely placed Worker")
    return pair, h


def _check_remove_tier(p: Position, a: Action) -> Tower:
    h = _hex(a, "at")
    t = p.tower_at(h)
    if t is None:
        raise RiseIllegal(rule="no-tower", message=f"There is no Tower on {at(h)}.")
    if t.colour != p.player:
        raise RiseIllegal(rule="not-yours", message=f"The Tower on {at(h)} is {name(t.colour)}'s; a player removes a tier from their own Towers only.")
    return t


# --- changing the position ----------------------------------------------------------------------
def _with_workers(p: Position, colour: str, ws: frozenset[Hex]) -> Position:
    i = _INDEX[colour]
    w = list(p.workers)
    w[i] = ws
    return _put(p, workers=(w[0], w[1]))


def _set_tower(p: Position, t: Tower) -> Position:
    rest = [x for x in p.towers if x.at != t.at]
    if t.tiers > 0:
        rest.append(t)
    return _put(p, towers=tuple(sorted(rest, key=lambda x: x.at)))


def _do(p: Position, a: Action) -> tuple[Position, list[str]]:
    kind = a.get("type")
    me, you = p.player, other(p.player)
    ev: list[str] = []
    if kind == "tile":
        h = _check_tile(p, a)
        return _put(p, tiles=p.tiles | {h}), ev
    if kind == "place":
        h = _check_place(p, a)
        return _with_workers(p, me, p.of(me) | {h}), ev
    if kind == "move":
        src, dst = _check_move(p, a)
        return _with_workers(p, me, (p.of(me) - {src}) | {dst}), ev
    if kind == "jump":
        src, over, land = _check_jump(p, a)
        q = _with_workers(p, me, (p.of(me) - {src}) | {land})
        ev.append(f"{name(me)} jumps from {at(src)} to {at(land)} and removes {name(you)}'s Worker on {at(over)}.")
        return _with_workers(q, you, p.of(you) - {over}), ev
    if kind == "eliminate":
        pair, target = _check_eliminate(p, a)
        q = _with_workers(p, me, p.of(me) - set(pair))
        ev.append(f"{name(me)} sacrifices 2 Workers and removes {name(you)}'s Worker on {at(target)}.")
        return _with_workers(q, you, p.of(you) - {target}), ev
    if kind == "free-place":
        pair, h = _check_free_place(p, a)
        return _with_workers(p, me, (p.of(me) - set(pair)) | {h}), ev
    if kind == "remove-tier":
        t = _check_remove_tier(p, a)
        q = _set_tower(p, Tower(t.at, t.colour, t.tiers - 1))
        ev.append(f"{name(me)} removes a tier from the Tower on {at(t.at)} ({_plural(t.tiers - 1, 'tier')} left).")
        if t.tiers == 1:
            q = _put(q, razed=q.razed | {t.at})
        return q, ev
    if kind == "pass":
        if has_action(p):
            raise RiseIllegal(rule="must-act", message=f"{name(me)} must choose an action: passing is only for a player who has no legal action.")
        return p, [f"{name(me)} has no legal action and passes."]
    known = ", ".join(ACTION_TYPES)
    raise RiseIllegal(rule="unknown-action", message=f"Unknown action {short_repr(kind)}; the actions are {known}.")


def _destroy(p: Position, ev: list[str]) -> Position:
    """The mover's rings around the other colour's Towers: one tier off each, once per round."""
    me = p.player
    if len(p.of(me)) < numbers().ring:
        return p
    for t in list(p.towers):
        if t.colour == me or t.at in p.hit or p.ringed_by(t.at) != me:
            continue
        p = _put(_set_tower(p, Tower(t.at, t.colour, t.tiers - 1)), hit=p.hit | {t.at})
        if t.tiers == 1:
            p = _put(p, razed=p.razed | {t.at})
            ev.append(f"{name(me)}'s ring removes the last tier of {name(t.colour)}'s Tower on {at(t.at)}; "
                      f"{name(me)}'s own Tower starts there the following turn if the ring holds.")
        else:
            ev.append(f"{name(me)}'s ring removes a tier of {name(t.colour)}'s Tower on {at(t.at)} ({_plural(t.tiers - 1, 'tier')} left).")
    return p


def _grow(p: Position, ev: list[str]) -> Position:
    """The mover's Towers under construction with their ring whole gain a tier (once per turn);
    a ring around an unoccupied tile starts a Tower with a base block."""
    me = p.player
    n = numbers()
    for t in list(p.towers):
        if t.colour != me or t.complete or t.at in p.grown or p.ringed_by(t.at) != me:
            continue
        tier = n.tiers[t.tiers]
        if p.supply(me)[tier] <= 0:
            ev.append(f"{name(me)} has no {tier} block left for the Tower on {at(t.at)}.")
            continue
        p = _put(_set_tower(p, Tower(t.at, t.colour, t.tiers + 1)), grown=p.grown | {t.at})
        done = " — complete" if t.tiers + 1 == n.top else ""
        ev.append(f"{name(me)}'s Tower on {at(t.at)} rises to {_plural(t.tiers + 1, 'tier')}{done}.")
    mine = p.of(me)
    if len(mine) < n.ring:
        return p
    for h in sorted({x for w in mine for x in around(w)}):
        if h in p.razed or not p.free_land(h) or not all(x in mine for x in around(h)):
            continue
        if p.supply(me)[n.tiers[0]] <= 0:
            ev.append(
                f"{name(me)}'s Workers surround {at(h)}, but all {n.blocks[n.tiers[0]]} of {name(me)}'s "
                "base blocks are in Towers on the board: no Tower starts there."
            )
            continue
        p = _put(_set_tower(p, Tower(h, me, 1)), grown=p.grown | {h})
        ev.append(f"{name(me)}'s Workers surround {at(h)}: a Tower starts there (base).")
    return p


def _judge(p: Position, ev: list[str]) -> Position:
    n = numbers()
    for c in (p.player, other(p.player)):
        if not p.of(c):
            w = other(c)
            ev.append(f"{name(w)} wins: {name(c)}'s last Worker is gone.")
            return _put(p, winner=w, reason="elimination")
        if p.complete_towers(c) >= n.towers_to_win:
            ev.append(f"{name(c)} wins with {n.towers_to_win} complete Towers on the board.")
            return _put(p, winner=c, reason="towers")
    return p


def _settle(p: Position, ev: list[str]) -> Position:
    return _judge(_grow(_destroy(p, ev), ev), ev)


def start_turn(p: Position, ev: list[str]) -> Position:
    """The next player's turn begins: their rings act on Towers before their first action."""
    n = numbers()
    p = _put(
        p,
        player=other(p.player),
        actions_left=n.actions_per_turn,
        turn=p.turn + 1,
        grown=frozenset(),
        hit=frozenset(),
        razed=frozenset(),
    )
    return _settle(p, ev)


def apply(p: Position, action: Action) -> Position:
    """The position after ``action``, or :class:`RiseIllegal`; ``p`` is never changed."""
    if not isinstance(action, dict):
        raise RiseIllegal(rule="bad-action", message=f"An action is an object with a 'type'; this is {type(action).__name__}.")
    if p.winner is not None:
        raise RiseIllegal(
            rule="game-over",
            message=f"The game is over: {name(p.winner)} has won ({'3 complete Towers' if p.reason == 'towers' else 'the last enemy Worker is gone'}); "
            "undo to play on.",
        )
    who = action.get("player")
    if who is not None and who != p.player:
        raise RiseIllegal(rule="not-your-turn", message=f"It is {name(p.player)}'s turn, not {who!r}'s.")
    q, ev = _do(p, action)
    if action.get("type") == "pass":
        q = _put(q, actions_left=0)
    else:
        q = _put(q, actions_left=q.actions_left - 1)
    q = _settle(q, ev)
    if q.winner is None and q.actions_left <= 0:
        q = start_turn(q, ev)
    return _put(q, events=tuple(ev))


def replay(actions: Iterable[Action], p: Position | None = None) -> Position:
    p = p or start()
    for a in actions:
        p = apply(p, a)
    return p


# --- what can be done (for the screen, the tests and the practice opponent) -----------------------
def tile_targets(p: Position) -> list[Hex]:
    if len(p.tiles) >= numbers().land_tiles:
        return []
    out = {n for h in p.tiles for n in around(h) if n not in p.tiles}
    return sorted(out)


def place_targets(p: Position) -> list[Hex]:
    mine = p.of(p.player)
    if len(mine) >= numbers().workers_per_colour:
        return []
    return sorted({n for w in mine for n in around(w) if p.free_land(n)})


def move_targets(p: Position, src: Hex) -> list[Hex]:
    return [n for n in around(src) if p.free_land(n)]


def jump_targets(p: Position, src: Hex) -> list[tuple[Hex, Hex]]:
    """(enemy jumped, landing tile) for every legal jump of the Worker on ``src``."""
    you = p.of(other(p.player))
    out = []
    for over in around(src):
        if over in you:
            land = jump_landing(src, over)
            if p.free_land(land):
                out.append((over, land))
    return out


def free_tiles(p: Position) -> list[Hex]:
    return sorted(h for h in p.tiles if not p.occupied(h))


def can_sacrifice(p: Position) -> bool:
    return len(p.of(p.player)) > numbers().sacrifice


def simple_actions(p: Position) -> list[Action]:
    """Every legal action but the two sacrifices (whose pairs are many; see :func:`sacrifice_actions`)."""
    if p.over:
        return []
    out: list[Action] = [{"type": "tile", "at": list(h)} for h in tile_targets(p)]
    out += [{"type": "place", "at": list(h)} for h in place_targets(p)]
    for w in sorted(p.of(p.player)):
        out += [{"type": "move", "from": list(w), "to": list(h)} for h in move_targets(p, w)]
        out += [{"type": "jump", "from": list(w), "over": list(o)} for o, _ in jump_targets(p, w)]
    out += [{"type": "remove-tier", "at": list(t.at)} for t in p.towers_of(p.player)]
    return out


def sacrifice_actions(p: Position) -> list[Action]:
    """Every legal sacrifice (pairs x targets): many, for exhaustive tests of small positions."""
    if p.over or not can_sacrifice(p):
        return []
    mine = sorted(p.of(p.player))
    pairs = [(a, b) for i, a in enumerate(mine) for b in mine[i + 1 :]]
    enemies = sorted(p.of(other(p.player)))
    free = free_tiles(p)
    out: list[Action] = []
    for a, b in pairs:
        s = [list(a), list(b)]
        out += [{"type": "eliminate", "sacrifice": s, "target": list(e)} for e in enemies]
        out += [{"type": "free-place", "sacrifice": s, "at": list(h)} for h in free + [a, b]]
    return out


def has_action(p: Position) -> bool:
    return bool(simple_actions(p)) or can_sacrifice(p)


def legal_actions(p: Position) -> list[Action]:
    out = simple_actions(p) + sacrifice_actions(p)
    if not out and not p.over:
        out = [{"type": "pass"}]
    return out


def problems(p: Position) -> list[str]:
    """Everything wrong with a position (empty for every position the rules can reach)."""
    from ..hexgrid import connected_components

    n = numbers()
    out: list[str] = []
    red, blue = p.workers
    if red & blue:
        out.append(f"Two Workers share {sorted(red & blue)}.")
    for c in n.colours:
        off = [h for h in p.of(c) if h not in p.tiles]
        if off:
            out.append(f"{name(c)} Workers off the land: {sorted(off)}.")
        for k, v in p.supply(c).items():
            if v < 0:
                out.append(f"{name(c)}'s supply of {k} is {v}.")
        if not p.of(c) and p.winner != other(c):
            out.append(f"{name(c)} has no Worker but has not lost.")
    for t in p.towers:
        if t.at not in p.tiles or p.worker_at(t.at) is not None:
            out.append(f"The Tower on {at(t.at)} is not alone on a land tile.")
        if not 1 <= t.tiers <= n.top:
            out.append(f"The Tower on {at(t.at)} has {t.tiers} tiers.")
    if len({t.at for t in p.towers}) != len(p.towers):
        out.append("Two Towers share a tile.")
    if len(connected_components(p.tiles)) != 1:
        out.append("The land is in several pieces.")
    if p.winner is None and not 1 <= p.actions_left <= n.actions_per_turn:
        out.append(f"{p.actions_left} actions left in the turn.")
    return out


# --- threats: rings one Worker short, for both colours ---------------------------------------------
@dataclass(frozen=True)
class Threat:
    """A ring of ``colour`` around ``at`` missing only ``missing``: next turn a Tower may start
    (``start``), resume (``grow``) or lose a tier (``fall``)."""

    at: Hex
    colour: str
    kind: str
    missing: Hex


def threats(p: Position) -> list[Threat]:
    out: list[Threat] = []
    candidates = {n for ws in p.workers for w in ws for n in around(w) if n in p.tiles}
    for h in sorted(candidates):
        t = p.tower_at(h)
        if p.worker_at(h) is not None:
            continue
        ns = list(around(h))
        for c in numbers().colours:
            mine = p.of(c)
            gaps = [x for x in ns if x not in mine]
            if len(gaps) != 1:
                continue
            gap = gaps[0]
            if p.worker_at(gap) is not None or p.tower_at(gap) is not None:
                continue  # another colour's Worker or a Tower holds the gap: no ring next turn
            if t is None:
                kind = "start"
            elif t.colour == c:
                if t.complete:
                    continue
                kind = "grow"
            else:
                kind = "fall"
            out.append(Threat(h, c, kind, gap))
    return out


# --- the game log's setup: who plays ----------------------------------------------------------------
def opponent_of(setup: Action) -> dict[str, str] | None:
    """The computer of a setup action (``{"colour": ..., "level": ...}``), None for two players;
    :class:`RiseIllegal` for a setup that says neither."""
    comp = setup.get("computer")
    if comp is None:
        return None
    if not (isinstance(comp, dict) and comp.get("colour") in _COLOURS and isinstance(comp.get("level"), str)):
        raise RiseIllegal(
            rule="bad-setup",
            message=f"A setup names the computer as {{\"colour\": \"red\"|\"blue\", \"level\": ...}}, or null for two players; it has {comp!r}.",
        )
    return {"colour": comp["colour"], "level": comp["level"]}


class RiseRules(Reducer[Position]):
    """The game log's reducer: the starting formation, then one action at a time.

    A log may begin with ``{"type": "setup", "computer": {"colour": ..., "level": ...} | null}``:
    who plays (a person, or the computer at a level, for one colour). It changes nothing on the
    board and is never a game record's action; logs written before it begin with the first action.
    """

    def initial(self) -> Position:
        return start()

    def apply(self, state: Position, action: Action) -> Position:
        if isinstance(action, dict) and action.get("type") == "setup":
            if state != start():
                raise RiseIllegal(rule="setup-first", message="Who plays is chosen with a new game, before its first action.")
            opponent_of(action)
            return state
        return apply(state, action)
