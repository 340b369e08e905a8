"""Building the World at the table, turn by turn: the board builder's rules, without widgets.

The state is replayed from the game log (:mod:`companion.gamelog`); each action is a small
JSON object. "In turn and going clockwise, each player, starting with the First player,
places a Sea tile", and the order goes on around the table through every layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import IllegalAction
from ..gamelog import Action, Reducer
from ..words import and_list
from .layout import Layout, parse
from .placement import TILE_NAMES, Violation, layer_kinds, legal_placements, order_violation, violation
from .rules import load_rules
from .tiles import Tile
from .wording import tile_place
from .world import World
from .worldgen import PlainsRescue, default_starting_seas, rescue_plains

DEFAULT_COLOURS = ("red", "yellow", "green", "blue")


@dataclass(frozen=True)
class Build:
    """A World being built. ``players == 0`` until the table has chosen its players."""

    players: int = 0
    names: tuple[str, ...] = ()
    colours: tuple[str, ...] = ()
    first: int = 0
    free: bool = False
    name: str = ""
    tiles: tuple[Tile, ...] = ()
    set_aside: tuple[tuple[str, int], ...] = ()  # tiles left out when a kind had nowhere to go
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    # --- what the table sees -----------------------------------------------------------
    @property
    def world(self) -> World:
        w = self._cache.get("world")
        if w is None:
            w = self._cache["world"] = World(self.tiles)
        return w

    @property
    def started(self) -> bool:
        return self.players > 0

    @property
    def pool_players(self) -> int | None:
        return None if self.free else self.players

    def next_kind(self) -> str | None:
        """The kind the table must place now (None once the pool is placed, or in free design)."""
        if not self.started or self.free:
            return None
        for kind, left in self.remaining().items():
            if left > 0:
                return kind
        return None

    @property
    def complete(self) -> bool:
        return self.started and not self.free and self.next_kind() is None

    def remaining(self) -> dict[str, int]:
        """Tiles of each kind still to place (free design: no limits, so empty)."""
        if self.free or not self.started:
            return {}
        pool = load_rules().pool(self.players)
        counts = {k: 0 for k in pool}
        for t in self.tiles:
            counts[t.kind] = counts.get(t.kind, 0) + 1
        for k, n in self.set_aside:
            counts[k] += n
        return {k: pool[k] - counts[k] for k in layer_kinds()}

    @property
    def seas_started(self) -> bool:
        return any(t.kind != "starting-sea" for t in self.tiles)

    def turn(self) -> int | None:
        """Index of the player who places the next tile, clockwise from the First player."""
        if not self.started or self.free or self.complete:
            return None
        placed = sum(1 for t in self.tiles if t.kind != "starting-sea")
        return (self.first + placed) % self.players

    def whose_turn(self) -> str | None:
        i = self.turn()
        return None if i is None else self.names[i]

    def check(self, tile: Tile) -> Violation | None:
        if not self.free:
            v = order_violation(tile.kind, self.remaining(), self.players)
            if v is not None:
                return v
        return violation(self.world, tile, None)

    def legal(self, kind: str) -> list[Tile]:
        if not self.free and order_violation(kind, self.remaining(), self.players):
            return []
        return legal_placements(self.world, kind, None)

    def stuck(self) -> bool:
        """True when the next tile, not a Plains tile, has no legal place anywhere."""
        kind = self.next_kind()
        return kind is not None and kind != "plains" and not self.legal(kind)

    def stuck_plains(self) -> bool:
        """True when the next Plains tile has no legal place: the rescue must be offered."""
        return self.next_kind() == "plains" and not self.legal("plains")

    def rescue(self) -> PlainsRescue | None:
        r = self._cache.get("rescue", False)
        if r is False:
            r = self._cache["rescue"] = rescue_plains(self.world) if self.stuck_plains() else None
        return r

    def layout(self) -> Layout:
        extra: dict[str, Any] = {"free": True} if self.free else {}
        if self.set_aside:
            extra["set_aside"] = dict(self.set_aside)
        if self.names:
            extra["names"] = list(self.names)
            extra["colours"] = list(self.colours)
            extra["first"] = self.first
        return Layout(self.players or 2, list(self.tiles), self.name, extra)

    # --- changes (each returns a new Build) --------------------------------------------
    def with_tile(self, tile: Tile) -> "Build":
        new = replace(self, tiles=self.tiles + (tile,), _cache={})
        w = self._cache.pop("world", None)  # hand the World over instead of rebuilding it
        if w is not None:
            w.place(tile)
            new._cache["world"] = w
        return new


def _tile(action: Action) -> Tile:
    try:
        kind, q, r, rot = action["tile"], action["q"], action["r"], action.get("rotation", 0)
    except KeyError as e:
        raise IllegalAction(f"A placement needs {e.args[0]}.") from None
    if kind not in load_rules().tile_kinds:
        raise IllegalAction(f"{kind!r} is not a tile.")
    if not all(type(v) is int for v in (q, r, rot)) or not 0 <= rot <= 5:
        raise IllegalAction("A tile goes on whole-number coordinates with a rotation from 0 to 5.")
    return Tile(kind, q, r, rot)


class BuildRules(Reducer[Build]):
    """How each builder action changes the World in progress."""

    def initial(self) -> Build:
        return Build()

    def apply(self, state: Build, action: Action) -> Build:
        kind = action.get("type")
        handler = getattr(self, "_" + str(kind).replace("-", "_"), None)
        if handler is None:
            raise IllegalAction(f"Unknown builder action {kind!r}.")
        return handler(state, action)

    def _setup(self, state: Build, a: Action) -> Build:
        n = a.get("players")
        if n not in load_rules().player_counts:
            raise IllegalAction("Choose 2, 3 or 4 players.")
        names = tuple(a.get("names") or [c.title() for c in DEFAULT_COLOURS[:n]])
        colours = tuple(a.get("colours") or DEFAULT_COLOURS[:n])
        if len(names) != n or len(colours) != n:
            raise IllegalAction("Give every player a name and a colour.")
        if len(set(colours)) != n:
            raise IllegalAction("Two players have the same colour; each player needs their own.")
        if len(set(names)) != n or not all(str(x).strip() for x in names):
            raise IllegalAction("Each player needs a name of their own.")
        first = a.get("first", 0)
        if type(first) is not int or not 0 <= first < n:
            raise IllegalAction("The First player must be one of the players.")
        free = bool(a.get("free", False))
        tiles = tuple(default_starting_seas(n))
        return Build(n, names, colours, first, free, a.get("name", ""), tiles)

    def _place(self, state: Build, a: Action) -> Build:
        if not state.started:
            raise IllegalAction("Choose the players first.")
        tile = _tile(a)
        v = state.check(tile)
        if v is not None:
            raise IllegalAction(v.message)
        return state.with_tile(tile)

    def _move_starting(self, state: Build, a: Action) -> Build:
        if state.seas_started:
            raise IllegalAction("The Starting Seas can only be moved before the first Sea tile is placed.")
        i = a.get("index")
        starts = [k for k, t in enumerate(state.tiles) if t.kind == "starting-sea"]
        if i not in starts:
            raise IllegalAction("Pick one of the Starting Sea tiles to move.")
        tile = _tile({**a, "tile": "starting-sea"})
        others = World(t for k, t in enumerate(state.tiles) if k != i)
        v = violation(others, tile, None)
        if v is not None:
            raise IllegalAction(v.message)
        tiles = list(state.tiles)
        tiles[i] = tile
        return replace(state, tiles=tuple(tiles), _cache={})

    def _rescue(self, state: Build, a: Action) -> Build:
        if not state.stuck_plains():
            raise IllegalAction("The next Plains tile has a legal place: no Plains tile needs to move.")
        r = state.rescue()
        if r is None:
            raise IllegalAction("No way was found to fit the Plains tile by moving up to 3 Plains tiles.")
        return replace(state, tiles=tuple(r.apply(state.world).tiles), _cache={})

    def _set_aside(self, state: Build, a: Action) -> Build:
        """The rulebook only rescues Plains; for another kind with nowhere to go, the table
        may leave the rest of that kind out and go on with the next layer."""
        if not state.stuck():
            raise IllegalAction("The next tile has a legal place; only a tile with nowhere to go can be set aside.")
        kind = state.next_kind()
        left = state.remaining()[kind]
        return replace(state, set_aside=state.set_aside + ((kind, left),), _cache={})

    def _load(self, state: Build, a: Action) -> Build:
        lay = parse(a.get("layout"), "the layout")
        extra = lay.extra
        n = lay.players
        names = tuple(extra.get("names") or [c.title() for c in DEFAULT_COLOURS[:n]])
        colours = tuple(extra.get("colours") or DEFAULT_COLOURS[:n])
        first = extra.get("first", 0) if isinstance(extra.get("first"), int) else 0
        if len(names) != n or len(colours) != n or not 0 <= first < n:
            names, colours, first = tuple(c.title() for c in DEFAULT_COLOURS[:n]), DEFAULT_COLOURS[:n], 0
        aside = extra.get("set_aside") if isinstance(extra.get("set_aside"), dict) else {}
        aside_t = tuple((k, v) for k, v in aside.items() if k in load_rules().tile_kinds and type(v) is int and v > 0)
        return Build(n, names, colours, first, lay.free, lay.name, tuple(lay.tiles), aside_t)

    def _name(self, state: Build, a: Action) -> Build:
        return replace(state, name=str(a.get("name", ""))[:80])


def describe_in_words(action: Action, before: Build) -> str:
    """A line of the World's history as players say it, from the World ``before`` the action:
    'Ben: Sea tile by the Starting Sea (north-west)'."""
    k = action.get("type")
    try:
        if k == "place":
            tile = _tile(action)
            who = before.whose_turn()
            line = f"{TILE_NAMES.get(tile.kind, '?')} tile {tile_place(before.world, tile)}"
            return f"{who}: {line}" if who else line
        if k == "move-starting":
            tile = _tile({**action, "tile": "starting-sea"})
            i = action.get("index")
            others = World(t for n, t in enumerate(before.tiles) if n != i)
            return f"Starting Sea moved {tile_place(others, tile)}"
        if k == "setup" and action.get("names"):
            return f"New World for {and_list(action['names'])}" + (" (free design)" if action.get("free") else "")
        if k == "rescue":
            return f"{before.whose_turn() or 'The table'}: Plains tiles moved to fit the next one"
        if k == "set-aside":
            kind = before.next_kind()
            return f"The rest of the {TILE_NAMES.get(kind, '')} tiles set aside: they had nowhere to go"
    except (IllegalAction, KeyError, TypeError, ValueError):
        pass
    return describe(action)


def history_in_words(actions: list[Action]) -> list[str]:
    """Every line of a World's history in players' words (the World replayed once)."""
    rules = BuildRules()
    state = rules.initial()
    out = []
    for a in actions:
        out.append(describe_in_words(a, state))
        try:
            state = rules.apply(state, a)
        except IllegalAction:
            pass
    return out


def describe(action: Action) -> str:
    """A line of the history list."""
    k = action.get("type")
    if k == "place":
        return f"{TILE_NAMES.get(action.get('tile'), '?')} tile at {action.get('q')},{action.get('r')}"
    if k == "setup":
        return f"New World for {action.get('players')} players" + (" (free design)" if action.get("free") else "")
    if k == "move-starting":
        return f"Starting Sea moved to {action.get('q')},{action.get('r')}"
    if k == "set-aside":
        return "Tiles with nowhere to go set aside"
    if k == "rescue":
        return "Plains tiles moved to fit the next one"
    if k == "load":
        return f"Loaded {action.get('layout', {}).get('name') or 'a World'}"
    if k == "name":
        return f"Named {action.get('name')!r}"
    return str(k)
