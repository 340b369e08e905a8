"""Building the World at the table, turn by turn: the board builder's rules, without widgets.

The state is replayed from the game log (:mod:`companion.gamelog`); each action is a small
JSON object. "In turn and going clockwise, each player, starting with the First player,
places a Sea tile", and the order goes on around the table through every layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import IllegalAction, rule_of
from companion.gamelog import Action, Reducer
from companion.hexgrid import Hex
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world import special_areas as A
from companion.rise_and_fall.world import tale_cards as T
from companion.rise_and_fall.world.layout import Layout, parse
from companion.rise_and_fall.world.placement import (
    TILE_NAMES,
    Violation,
    enclosed_by_spaces,
    iter_legal_placements,
    layer_kinds,
    legal_covering,
    legal_placements,
    order_violation,
    violation,
)
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.wording import space_place, tile_place
from companion.rise_and_fall.world.world import World
from companion.rise_and_fall.world.worldgen import (
    PlainsRescue,
    default_starting_seas,
    plains_fit,
    plains_lifts,
    rescue_plains,
)
from companion.words import and_list, plural

DEFAULT_COLOURS = ("red", "yellow", "green", "blue")
PLAINS_RULE = ("If a player doesn't have the space required to place a Plains tile, they MUST move as few Plains tiles of their "
               "choice as possible in order to be able to place their tile.")


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
    tales: tuple[int, ...] = ()  # the Tales drawn, lowest number first
    markers: tuple[T.Marker, ...] = ()  # the Dolmens and the Typhoon, once placed
    areas_aside: tuple[str, ...] = ()  # special areas left out when they had nowhere to go
    lifting: tuple[int, int] = ()  # Plains tiles lifted to make room: (the player placing them, Plains tiles still to place)
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
        return self.started and not self.free and self.next_kind() is None and self.pending_area() is None

    # --- the Tales' special areas ------------------------------------------------------
    def pending_area(self) -> tuple[T.Area, int] | None:
        """The special area to place now, with its copy number: the first, lowest Tale number
        first, whose moment has come ('After placing the last Plains, ...'); None otherwise."""
        if not self.started or self.free or not self.tales:
            return None
        found = self._cache.get("pending", False)
        if found is not False:
            return found
        placed: dict[str, int] = {}
        for t in self.tiles:
            placed[t.kind] = placed.get(t.kind, 0) + 1
        for m in self.markers:
            placed[m.kind] = placed.get(m.kind, 0) + 1
        rem = self.remaining()
        found = None
        for area, copy in T.components(self.tales, self.players):
            if area.kind in self.areas_aside or copy < placed.get(area.kind, 0):
                continue
            if area.moment == "hole":
                come = rem["sea"] <= 0 or A.has_hole(self.world) is not None
            else:
                come = rem[area.moment] <= 0
            if come:
                found = (area, copy)
                break
        self._cache["pending"] = found
        return found

    def previous_part(self, area: T.Area, copy: int) -> Tile | None:
        """For a component placed with the one before it (the Waterfall's top): that tile (in free
        design, the last one placed)."""
        if not area.with_previous:
            return None
        parts = T.all_tales()[area.tale].areas
        before = parts[parts.index(area) - 1]
        mine = [t for t in self.tiles if t.kind == before.kind]
        if self.free:
            return mine[-1] if mine else None
        return mine[copy] if copy < len(mine) else None

    def area_verdict(self, area: T.Area, copy: int, q: int, r: int, rotation: int = 0) -> Violation | None:
        """Why ``area`` may not go at (q, r) now, or None (a Space for the Dolmens and the Typhoon)."""
        if area.marker:
            return A.violation(self.world, self.markers, area, None, (q, r))
        return A.violation(self.world, self.markers, area, Tile(area.kind, q, r, rotation), None, self.previous_part(area, copy))

    def legal_areas(self) -> list:
        p = self.pending_area()
        if p is None:
            return []
        return A.candidates(self.world, self.markers, p[0], self.previous_part(*p))

    def hole_allowed(self, tile: Tile) -> bool:
        """'When placing Sea tiles, the players must leave a hole (meaning one, and only one space
        without a tile) surrounded by 6 Sea spaces': a Sea tile may enclose one single space while
        the Sunken City waits for its hole."""
        if tile.kind != "sea" or self.free:
            return False
        waiting = [a for a, _ in T.components(self.tales, self.players) if a.moment == "hole"
                   and a.kind not in self.areas_aside and self.world.count(a.kind) == 0]
        return bool(waiting) and A.has_hole(self.world) is None and len(enclosed_by_spaces(self.world, tile.cells)) == 1

    def remaining(self) -> dict[str, int]:
        """Tiles of each kind still to place (free design: no limits, so empty)."""
        if self.free or not self.started:
            return {}
        left = self._cache.get("remaining")
        if left is None:
            left = self._cache["remaining"] = self._remaining()
        return dict(left)

    def _remaining(self) -> dict[str, int]:
        pool = T.pool(self.players, self.tales)
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
        """Index of the player who places the next tile, clockwise from the First player (the player who lifted Plains
        tiles places them again, and their own)."""
        if not self.started or self.free or self.complete:
            return None
        if self.lifting:
            return self.lifting[0]
        placed = sum(1 for t in self.tiles if t.kind != "starting-sea" and not _with_previous(t.kind)) + len(self.markers)
        p = self.pending_area()
        if p is not None and p[0].with_previous:
            placed -= 1  # the Waterfall's top goes with its bottom, by the same player
        return (self.first + placed) % self.players

    def whose_turn(self) -> str | None:
        i = self.turn()
        return None if i is None else self.names[i]

    def check(self, tile: Tile) -> Violation | None:
        if tile.spec.special_area:
            return Violation("special-area", f"{TILE_NAMES[tile.kind]} is a special area: it is placed with its Tale, not as a terrain tile.")
        if not self.free:
            p = self.pending_area()
            if p is not None:
                who = self.whose_turn()
                return Violation("phase-order", f"First {who} places {A.area_name(p[0])}. {T.setup_sentence(p[0].tale)}")
            v = order_violation(tile.kind, self.remaining(), self.players, T.pool(self.players, self.tales))
            if v is not None:
                return v
        v = violation(self.world, tile, None)
        if v is not None and v.rule == "enclosed" and self.hole_allowed(tile):
            return None
        if v is None and self.lifting and tile.kind == "plains" and self.lifting[1] > 1:
            return self.lift_violation(tile)
        return v

    def lift_violation(self, tile: Tile) -> Violation | None:
        """While lifted Plains tiles are placed again: a place after which the others of the move no longer all fit
        is refused (the tiles were lifted to make room for every one of them)."""
        left = self.lifting[1] - 1
        world = self.world.copy()
        world.place(tile)
        if plains_fit(world, left) is not None:
            return None
        others = "the last Plains tile of the move" if left == 1 else f"the other {left} Plains tiles of the move"
        return Violation("plains-lift", f"After this Plains tile, {others} would have no legal place: place it elsewhere, "
                                        "or Undo the lifting to choose other tiles.", tuple(tile.cells))

    def legal(self, kind: str) -> list:
        """Every legal place of ``kind`` now (in free design a special area's too: Tiles, or Spaces
        for the Dolmens and the Typhoon)."""
        area = T.area_of(kind)
        if area is not None:
            return A.candidates(self.world, self.markers, area, self.previous_part(area, 0)) if self.free else []
        if not self.free and (self.pending_area() or order_violation(kind, self.remaining(), self.players, T.pool(self.players, self.tales))):
            return []
        return legal_placements(self.world, kind, None)

    def legal_covering(self, kind: str, space: Hex) -> list:
        """:meth:`legal` of those covering ``space`` (the special area to place now too, when one
        waits), in the same order: what a tap on that Space may show."""
        if self.pending_area() is not None:
            return [t for t in self.legal_areas() if space in t.cells]
        if T.area_of(kind) is not None or (not self.free and order_violation(kind, self.remaining(), self.players,
                                                                             T.pool(self.players, self.tales))):
            return [t for t in self.legal(kind) if isinstance(t, Tile) and space in t.cells]
        return legal_covering(self.world, kind, space)

    def has_legal(self, kind: str) -> bool:
        """Whether ``kind`` has a legal place now (:meth:`legal` not empty), found at the first
        (the World screen asks this at every drawing). Kept for this World and point of its log."""
        key = ("has-legal", kind)
        found = self._cache.get(key)
        if found is None:
            if T.area_of(kind) is not None or self.free:
                found = bool(self.legal(kind))
            elif self.pending_area() or order_violation(kind, self.remaining(), self.players, T.pool(self.players, self.tales)):
                found = False
            else:
                found = _any_legal_place(self.world, kind)
            self._cache[key] = found
        return found

    def dead_end_after(self, tile: Tile) -> str | None:
        """The warning for a legal ``tile`` after which no place is left for the next tile of its
        kind: 'after this tile, no place is left for the 10 Sea tiles still to place'; None
        when a place is left (or nothing of that kind is left to place)."""
        if self.free or not self.started or tile.spec.special_area or tile.kind == "starting-sea":
            return None
        left = self.remaining().get(tile.kind, 0) - 1
        if left <= 0:
            return None
        world = self.world.copy()
        world.place(tile)
        after = replace(self, tiles=self.tiles + (tile,), _cache={"world": world})
        if after.pending_area() is not None or after.has_legal(tile.kind):
            return None
        name = TILE_NAMES[tile.kind]
        what = f"the last {name} tile" if left == 1 else f"the {left} {name} tiles"
        warning = f"after this tile, no place is left for {what} still to place"
        if tile.kind == "plains":
            return warning + " (Plains tiles already placed would have to be moved)"
        return warning

    def dead_end_after_move(self, index: int, tile: Tile) -> str | None:
        """For a Starting Sea moved to ``tile``: 'after this move, no place is left for the 15 Sea
        tiles still to place' when no Sea tile could then touch 2 tiles without closing off a zone."""
        if self.free or not self.started or self.seas_started:
            return None
        left = self.remaining().get("sea", 0)
        tiles = [t for k, t in enumerate(self.tiles) if k != index] + [tile]
        if left <= 0 or next(iter_legal_placements(World(tiles), "sea", None), None) is not None:
            return None
        return f"after this move, no place is left for the {left} Sea tiles still to place"

    def stuck(self) -> bool:
        """True when the next tile, not a Plains tile, has no legal place anywhere (or the special
        area to place now has none)."""
        if self.pending_area() is not None:
            return not self.legal_areas()
        kind = self.next_kind()
        return kind is not None and kind != "plains" and not self.has_legal(kind)

    def stuck_plains(self) -> bool:
        """True when the next Plains tile has no legal place: the rescue must be offered."""
        return self.pending_area() is None and self.next_kind() == "plains" and not self.has_legal("plains")

    def lift_choices(self) -> list[tuple[int, ...]]:
        """When the next Plains tile has no place: the sets of fewest Plains tiles (indices in ``tiles``) the table
        may lift to make room, each a choice (the rulebook: 'as few Plains tiles of their choice as possible')."""
        found = self._cache.get("lifts")
        if found is None:
            found = self._cache["lifts"] = plains_lifts(self.world) if self.stuck_plains() else []
        return found

    def lift_words(self, choice: tuple[int, ...]) -> str:
        """A choice of Plains tiles to lift in players' words: 'the Plains tile by 2 Sea tiles (south-west)'."""
        return and_list(f"the Plains tile {tile_place(World(t for n, t in enumerate(self.tiles) if n != i), self.tiles[i])}"
                        for i in choice)

    def lift_sentence(self) -> str:
        """What the table reads when the next Plains tile has no place, right after the tile that caused it, and while
        the lifted tiles are placed again; '' otherwise."""
        if self.lifting:
            who, left = self.names[self.lifting[0]] if self.names else "The player", self.lifting[1]
            return f"{who} places the lifted Plains tiles again and the new one: {plural(left, 'Plains tile')} still to place, each checked as usual."
        if not self.stuck_plains():
            return ""
        choices = self.lift_choices()
        if not choices:
            return "No legal place for the next Plains tile, and no way was found by lifting up to 3 Plains tiles: Undo some tiles to make room."
        n = len(choices[0])
        what = "a Plains tile" if n == 1 else f"{n} Plains tiles"
        return (f"No legal place for the next Plains tile: '{PLAINS_RULE}' Lift {what} among the {len(choices)} choices numbered on "
                f"the World, then place {'it' if n == 1 else 'them'} and the new tile by hand.")

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
        if self.tales:
            extra["tales"] = list(self.tales)
        if self.markers:
            extra["tale_pieces"] = [m.to_dict() for m in self.markers]
        if self.areas_aside:
            extra["tales_set_aside"] = list(self.areas_aside)
        return Layout(self.players or 2, list(self.tiles), self.name, extra)

    # --- changes (each returns a new Build) --------------------------------------------
    def with_tile(self, tile: Tile) -> "Build":
        lifting = (self.lifting[0], self.lifting[1] - 1) if self.lifting and self.lifting[1] > 1 else ()
        new = replace(self, tiles=self.tiles + (tile,), lifting=lifting, _cache={})
        w = self._cache.pop("world", None)  # hand the World over instead of rebuilding it
        if w is not None:
            w.place(tile)
            new._cache["world"] = w
        return new


def world_setup_action(players: int, **more: Any) -> Action:
    """A ``setup`` action for a new World: the Starting Seas it begins with are written in it, so
    that the log replays the same World whatever the default arrangement becomes."""
    seas = [[t.q, t.r, t.rotation] for t in default_starting_seas(players)] if players in load_rules().player_counts else []
    return {"type": "setup", "players": players, **more, "starting_seas": seas}


def _starting_seas(a: Action, players: int) -> tuple[Tile, ...]:
    """The Starting Seas a ``setup`` action names; a World begun before they were written in its
    log begins on the first arrangement, as it did then."""
    given = a.get("starting_seas")
    if given is None:
        return tuple(default_starting_seas(players, "before_the_pairs"))
    if not isinstance(given, list) or len(given) != players or not all(
        isinstance(t, list) and len(t) == 3 and all(type(x) is int for x in t) and 0 <= t[2] <= 5 for t in given
    ):
        raise IllegalAction(f"A {players}-player World begins with {players} Starting Sea tiles, each on whole-number coordinates "
                            "with a rotation from 0 to 5.", rule="starting-seas")
    tiles: list[Tile] = []
    for q, r, rot in given:
        tile = Tile("starting-sea", q, r, rot)
        v = violation(World(tiles), tile, None)
        if v is not None:
            raise IllegalAction(v.message, rule=v.rule)
        tiles.append(tile)
    return tuple(tiles)


def _with_previous(kind: str) -> bool:
    a = T.area_of(kind)
    return a is not None and a.with_previous


def _tile(action: Action) -> Tile:
    try:
        kind, q, r, rot = action["tile"], action["q"], action["r"], action.get("rotation", 0)
    except KeyError as e:
        raise IllegalAction(f"A placement needs {e.args[0]}.", rule="placement") from None
    if kind not in load_rules().tile_kinds:
        raise IllegalAction(f"{kind!r} is not a tile.", rule="placement")
    if not all(type(v) is int for v in (q, r, rot)) or not 0 <= rot <= 5:
        raise IllegalAction("A tile goes on whole-number coordinates with a rotation from 0 to 5.", rule="placement")
    return Tile(kind, q, r, rot)


class BuildRules(Reducer[Build]):
    """How each builder action changes the World in progress."""

    def initial(self) -> Build:
        return Build()

    def apply(self, state: Build, action: Action) -> Build:
        kind = action.get("type")
        handler = getattr(self, "_" + str(kind).replace("-", "_"), None)
        if handler is None:
            raise IllegalAction(f"Unknown builder action {kind!r}.", rule="unknown-action")
        return handler(state, action)

    def _setup(self, state: Build, a: Action) -> Build:
        n = a.get("players")
        if n not in load_rules().player_counts:
            raise IllegalAction("Choose 2, 3 or 4 players.", rule="player-count")
        names = tuple(a.get("names") or [c.title() for c in DEFAULT_COLOURS[:n]])
        colours = tuple(a.get("colours") or DEFAULT_COLOURS[:n])
        if len(names) != n or len(colours) != n:
            raise IllegalAction("Give every player a name and a colour.", rule="player-names")
        if len(set(colours)) != n:
            raise IllegalAction("Two players have the same colour; each player needs their own.", rule="player-colours")
        if len(set(names)) != n or not all(str(x).strip() for x in names):
            raise IllegalAction("Each player needs a name of their own.", rule="player-names")
        first = a.get("first", 0)
        if type(first) is not int or not 0 <= first < n:
            raise IllegalAction("The First player must be one of the players.", rule="first-player")
        free = bool(a.get("free", False))
        tiles = _starting_seas(a, n)
        return Build(n, names, colours, first, free, a.get("name", ""), tiles)

    def _place(self, state: Build, a: Action) -> Build:
        if not state.started:
            raise IllegalAction("Choose the players first.", rule="set-up-first")
        tile = _tile(a)
        v = state.check(tile)
        if v is not None:
            raise IllegalAction(v.message, rule=v.rule)
        return state.with_tile(tile)

    def _move_starting(self, state: Build, a: Action) -> Build:
        if state.seas_started:
            raise IllegalAction("The Starting Seas can only be moved before the first Sea tile is placed.", rule="starting-sea")
        i = a.get("index")
        starts = [k for k, t in enumerate(state.tiles) if t.kind == "starting-sea"]
        if i not in starts:
            raise IllegalAction("Pick one of the Starting Sea tiles to move.", rule="starting-sea")
        tile = _tile({**a, "tile": "starting-sea"})
        others = World(t for k, t in enumerate(state.tiles) if k != i)
        v = violation(others, tile, None)
        if v is not None:
            raise IllegalAction(v.message, rule=v.rule)
        tiles = list(state.tiles)
        tiles[i] = tile
        return replace(state, tiles=tuple(tiles), _cache={})

    def _rescue(self, state: Build, a: Action) -> Build:
        if not state.stuck_plains():
            raise IllegalAction("The next Plains tile has a legal place: no Plains tile needs to move.", rule="rescue")
        r = state.rescue()
        if r is None:
            raise IllegalAction("No way was found to fit the Plains tile by moving up to 3 Plains tiles.", rule="rescue")
        return replace(state, tiles=tuple(r.apply(state.world).tiles), _cache={})

    def _lift(self, state: Build, a: Action) -> Build:
        """'If a player doesn't have the space required to place a Plains tile, they MUST move as few Plains tiles of
        their choice as possible in order to be able to place their tile': the Plains tiles the table chose (``tiles``:
        their indices) are lifted, then placed again by hand with the new one, each checked as usual."""
        if not state.stuck_plains():
            raise IllegalAction("The next Plains tile has a legal place: no Plains tile needs to move.", rule="rescue")
        chosen = a.get("tiles")
        if not isinstance(chosen, list) or not chosen or not all(type(i) is int for i in chosen):
            raise IllegalAction("Choose the Plains tiles to lift.", rule="plains-lift")
        chosen_t = tuple(sorted(set(chosen)))
        choices = state.lift_choices()
        if not choices:
            raise IllegalAction("No way was found to fit the Plains tile by moving up to 3 Plains tiles.", rule="rescue")
        if chosen_t not in choices:
            n = len(choices[0])
            raise IllegalAction(f"Lift {'one' if n == 1 else n} of the Plains tiles outlined: they MUST move as few Plains tiles "
                                f"as possible ({n}) in order to be able to place their tile.", rule="plains-lift")
        tiles = tuple(t for i, t in enumerate(state.tiles) if i not in chosen_t)
        return replace(state, tiles=tiles, lifting=(state.turn(), len(chosen_t) + 1), _cache={})

    def _set_aside(self, state: Build, a: Action) -> Build:
        """The rulebook only rescues Plains; for another kind with nowhere to go, the table
        may leave the rest of that kind out and go on with the next layer."""
        if not state.stuck():
            raise IllegalAction("The next tile has a legal place; only a tile with nowhere to go can be set aside.", rule="set-aside")
        p = state.pending_area()
        if p is not None:
            return replace(state, areas_aside=state.areas_aside + (p[0].kind,), _cache={})
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
        drawn = T.drawn_of(extra)
        markers = T.parse_markers(extra.get("tale_pieces"))
        a_aside = extra.get("tales_set_aside") if isinstance(extra.get("tales_set_aside"), list) else []
        a_aside_t = tuple(k for k in a_aside if k in T.all_areas())
        return Build(n, names, colours, first, lay.free, lay.name, tuple(lay.tiles), aside_t, drawn, markers, a_aside_t)

    def _tales(self, state: Build, a: Action) -> Build:
        """'At the beginning of the game, even before Creating the World, shuffle these cards and
        draw one for each player': drawn from ``seed`` (the same seed, the same Tales), or the
        cards a table drew by hand (``drawn``)."""
        if not state.started:
            raise IllegalAction("Choose the players first.", rule="set-up-first")
        if state.seas_started or state.tales:
            raise IllegalAction("The Tales are drawn before Creating the World, once.", rule="tales-draw")
        if "drawn" in a:
            why = T.check_drawn(a["drawn"], state.players)
            if why:
                raise IllegalAction(why, rule=rule_of(why, "tales-draw"))
            drawn = tuple(sorted(a["drawn"]))
        else:
            seed = a.get("seed")
            if type(seed) not in (int, str):
                raise IllegalAction("Drawing the Tales needs a seed (a number).", rule="tales-draw")
            drawn = T.draw(state.players, seed)
        return replace(state, tales=drawn, _cache={})

    def _area(self, state: Build, a: Action) -> Build:
        """A special area placed by the player whose turn it is: a tile, or the Dolmens / Typhoon on a Space."""
        if not state.started:
            raise IllegalAction("Choose the players first.", rule="set-up-first")
        area = T.area_of(a.get("area"))
        if area is None or (area.tale not in state.tales and not state.free):
            raise IllegalAction("That is not a special area of the Tales drawn for this World.", rule="special-area")
        p = state.pending_area()
        copy = 0
        if not state.free:
            if p is None:
                raise IllegalAction(f"It is not the moment for {A.area_name(area)}: {_moment_words(area)}.", rule="special-area")
            if p[0] != area:
                raise IllegalAction(f"{A.area_name(p[0])[0].upper() + A.area_name(p[0])[1:]} is placed first.", rule="special-area")
            copy = p[1]
        q, r, rot = a.get("q"), a.get("r"), a.get("rotation", 0)
        if not all(type(v) is int for v in (q, r, rot)) or not 0 <= rot <= 5:
            raise IllegalAction("A special area goes on whole-number coordinates with a rotation from 0 to 5.", rule="placement")
        v = state.area_verdict(area, copy, q, r, rot)
        if v is not None:
            raise IllegalAction(v.message, rule=v.rule)
        if area.tale not in state.tales:  # free design: a special area brings its Tale into the World
            state = replace(state, tales=tuple(sorted(state.tales + (area.tale,))), _cache={})
        if area.marker:
            return replace(state, markers=state.markers + (T.Marker(area.kind, (q, r)),), _cache={})
        return state.with_tile(Tile(area.kind, q, r, rot))

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
        if k == "lift":
            lifted = sorted({i for i in action.get("tiles", []) if type(i) is int and 0 <= i < len(before.tiles)})
            return f"{before.whose_turn() or 'The table'} lifted {before.lift_words(tuple(lifted))} to make room for the next Plains tile"
        if k == "tales":
            drawn = tuple(sorted(action["drawn"])) if "drawn" in action else T.draw(before.players, action.get("seed"))
            return "Tales drawn: " + and_list([f"{n} {T.tale(n).name}" for n in drawn])
        if k == "area":
            area = T.area_of(action.get("area"))
            who = before.whose_turn()
            if area is not None:
                where = (tile_place(before.world, _tile({**action, "tile": area.kind})) if not area.marker
                         else "on " + space_place(before.world, (action["q"], action["r"])))
                line = f"{A.area_name(area)[0].upper() + A.area_name(area)[1:]} {where}"
                return f"{who}: {line}" if who else line
        if k == "set-aside" and before.pending_area() is not None:
            name = A.area_name(before.pending_area()[0])
            return f"{name[0].upper() + name[1:]} set aside: it had nowhere to go"
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
    if k == "lift":
        return "Plains tiles lifted to make room"
    if k == "load":
        return f"Loaded {action.get('layout', {}).get('name') or 'a World'}"
    if k == "name":
        return f"Named {action.get('name')!r}"
    if k == "tales":
        return "Tales drawn"
    if k == "area":
        return f"{TILE_NAMES.get(str(action.get('area')), 'Special area')} at {action.get('q')},{action.get('r')}"
    return str(k)


def _moment_words(area: T.Area) -> str:
    if area.moment == "hole":
        return "it goes in a hole left among the Sea tiles"
    return f"it is placed after the last {TILE_NAMES[area.moment]} tile"


def _markers_due(b: Build, markers: list[T.Marker]) -> tuple[Build, Violation | None]:
    """Place the layout's Dolmens and Typhoon once their moment has come."""
    while (p := b.pending_area()) is not None and p[0].marker:
        m = next((m for m in markers if m.kind == p[0].kind), None)
        if m is None:
            return b, None
        markers.remove(m)
        v = A.violation(b.world, b.markers, p[0], None, m.space)
        if v is not None:
            return b, v
        b = replace(b, markers=b.markers + (m,), _cache={})
    return b, None


#: whether a World (its tiles) has a legal place of a kind, for the last few asked: the warning of a
#: tile shown ('no place is left after it') asks it of the World with that tile, and the World screen
#: asks it again once the tile is placed
_ANY_LEGAL: dict[tuple[tuple[Tile, ...], str], bool] = {}


def _any_legal_place(world: World, kind: str) -> bool:
    key = (tuple(world.tiles), kind)
    found = _ANY_LEGAL.get(key)
    if found is None:
        found = _ANY_LEGAL[key] = next(iter_legal_placements(world, kind, None), None) is not None
        while len(_ANY_LEGAL) > 32:
            del _ANY_LEGAL[next(iter(_ANY_LEGAL))]
    return found


def check_with_tales(lay: Layout):
    """:func:`~companion.rise_and_fall.world.layout.check` for a World with Tales: the tiles replayed through
    the builder, so each special area is judged at its moment, and the tile pool as the Tales change it."""
    from companion.rise_and_fall.world.layout import CheckReport

    state = BuildRules()._load(Build(), {"layout": lay.to_dict()})
    b = Build(state.players, state.names, state.colours, state.first, False, lay.name, (), state.set_aside, state.tales, (), state.areas_aside)
    markers = list(state.markers)
    for i, t in enumerate(lay.tiles):
        b, v = _markers_due(b, markers)
        if v is not None:
            return CheckReport(False, False, None, v.rule, f"{v.message}")
        if t.spec.special_area:
            p = b.pending_area()
            if p is None or p[0].kind != t.kind:
                what = f"{A.area_name(p[0])} is placed first" if p else _moment_words(T.all_areas()[t.kind])
                v = Violation("phase-order", f"{TILE_NAMES[t.kind]} cannot be placed yet: {what}.")
            else:
                v = A.violation(b.world, b.markers, p[0], t, None, b.previous_part(*p))
        else:
            v = b.check(t)
        if v is not None:
            return CheckReport(False, False, i, v.rule, f"Tile {i} ({t.kind} at {t.q},{t.r}): {v.message}")
        b = b.with_tile(t)
    b, v = _markers_due(b, markers)
    if v is not None:
        return CheckReport(False, False, None, v.rule, v.message)
    if markers:
        return CheckReport(False, False, None, "phase-order", f"{TILE_NAMES[markers[0].kind]} cannot be placed yet: {_moment_words(T.all_areas()[markers[0].kind])}.")
    names = and_list([T.tale(n).name for n in b.tales]) if b.tales else "no Tale"
    if b.complete:
        return CheckReport(True, True, None, None, f"A complete {lay.players}-player World with {names}: all {len(lay.tiles)} tiles are legal.")
    return CheckReport(True, False, None, None, f"All {len(lay.tiles)} tiles are legal so far; the {lay.players}-player World with {names} is not all placed yet.")
