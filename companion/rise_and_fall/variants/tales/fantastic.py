"""The Fantastic Events of the Tales. Pure Python, no widgets; each event is the ``event`` of its
Tale in ``tales.json``.

'During the Recycling phase, if two or more players must recycle their hand: the Fantastic Event
triggers for all concerned Tales. The Fantastic Event is resolved by the player who still has the
First Player token (before recycling). If choices must be made (moving a game piece or other), they
are the one who decides. Pass the First Player token after having resolved all of the Fantastic
Events.'

The tracker asks :func:`fire` when the Recycling phase begins and :func:`resolve` for each
``fantastic-event`` action; the events wait in ``game.tale_play.events``, lowest number first. The
companion knows no positions after the first pieces: the First Player enters the pieces each
event destroys or lays down, per player and piece type, and (when the World is known) the Space
the creature or the Typhoon moves to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.errors import IllegalAction
from companion.gamelog import Action
from companion.hexgrid import Hex, neighbours
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.state.civilizations import after_pieces_change, with_pieces
from companion.rise_and_fall.state.records import replace, with_civ
from companion.rise_and_fall.variants.tales.in_play import in_play, laid, with_laid
from companion.rise_and_fall.variants.tales.tales import Tale, all_areas, all_tales
from companion.words import and_list, plural

if TYPE_CHECKING:
    from companion.rise_and_fall.state.civilizations import Game

def controls(game: "Game", i: int, piece: str) -> int:
    """How many of a Tale's buildings (a Bank) player ``i`` controls in the World (:mod:`.tale_pieces`)."""
    return game.tales.count(i, piece) if game.tales is not None else 0


def present(game: "Game", piece: str) -> bool:
    """Whether a Creature is still in the World: the Dragon leaves it when hunted (:mod:`.tale_pieces`)."""
    st = game.tales
    if st is None or piece not in dict(st.world):
        return True
    return st.total(piece) > 0


def _all_to_reserve(game: "Game", piece: str) -> "Game":
    from companion.rise_and_fall.variants.tales.pieces import with_building

    st = game.tales
    for i in range(len(game.civs)):
        st = with_building(st, i, piece, -st.count(i, piece))
    return replace(game, tales=st)


def event(n: int) -> dict[str, Any] | None:
    """The Fantastic Event of Tale ``n`` as data, or None."""
    from companion.rise_and_fall.variants.tales.tales import tale_data

    return next((t.get("event") for t in tale_data()["tales"] if t["number"] == n), None)


def with_events(game: "Game") -> tuple[int, ...]:
    """The Tales of this game with a Fantastic Event, lowest number first (a hunted Dragon has none)."""
    out = []
    for n in sorted(in_play(game)):
        spec = event(n)
        if spec is None:
            continue
        moving = spec.get("moves", {})
        if moving and not moving.get("marker") and not present(game, moving["piece"]):
            continue
        out.append(n)
    return tuple(out)


def recycling(game: "Game") -> list[int]:
    """The players who must recycle their hand now: no card in hand, cards in the discard pile."""
    return [i for i in game.order() if not game.civs[i].hand and game.civs[i].discard]


def fire(game: "Game", notes: list[str]) -> "Game":
    """At the Recycling phase: when two or more players must recycle, every Fantastic Event of the
    game waits for the First Player (once per Recycling phase). Events with no choice to make
    (the Economic Collapse) are resolved at once, in their turn."""

    if game.tale_play.event_turn == game.turn or not in_play(game):
        return game
    who = recycling(game)
    todo = with_events(game)
    if len(who) < 2 or not todo:
        return game
    state = replace(game.tale_play, events=todo, event_turn=game.turn)
    game = replace(game, phase="E", tale_play=state)
    names = and_list(all_tales()[n].name for n in todo)
    notes.append(f"{and_list(game.civs[i].name for i in who)} must recycle their hand: the Fantastic Events of {names} trigger. "
                 f"{game.civs[game.first].name}, who has the First Player token, resolves them, lowest number first.")
    return _automatic(game, notes)


def waiting(game: "Game") -> str:
    """The events waiting and who resolves them, in a sentence for every device ('' when none waits)."""
    todo = game.tale_play.events
    if not todo:
        return ""
    first = game.civs[game.first].name
    names = and_list(f"{all_tales()[n].name} ({n})" for n in todo)
    if len(todo) == 1:
        return f"The Fantastic Event of {names} waits: {first}, who has the First Player token, resolves it."
    return (f"The Fantastic Events of {names} wait: {first}, who has the First Player token, resolves them, "
            "lowest number first.")


def _automatic(game: "Game", notes: list[str]) -> "Game":
    while game.tale_play.events and "collapse" in (event(game.tale_play.events[0]) or {}):
        game = _collapse(game, event(game.tale_play.events[0])["collapse"], notes)
        game = _done(game)
    return game


def _done(game: "Game") -> "Game":

    return replace(game, tale_play=replace(game.tale_play, events=game.tale_play.events[1:]))


def _collapse(game: "Game", spec: dict, notes: list[str]) -> "Game":
    """'During a Fantastic Event, if EVERY player controls a Bank in the World, there's an economic
    collapse. All Banks are removed from the World and returned to their owner's reserve. The Nomad
    Action - Build a Bank becomes once again accessible to each player, with a starting cost of 5 GP.'"""
    piece = spec["piece"]
    without = [game.civs[i].name for i in game.order() if controls(game, i, piece) == 0]
    if without:
        notes.append(f"Economic Collapse: not every player controls a Bank ({and_list(without)} "
                     f"{'has' if len(without) == 1 else 'have'} none), so nothing happens.")
        return game
    cost = " and ".join(f"{v} GP" if k == "gold" else f"{v} {k.title()}" for k, v in spec["cost"].items())
    notes.append(f"Economic Collapse: every player controls a Bank. All Banks go back to their owners' reserves; "
                 f"the next Bank costs {cost} again.")
    return _all_to_reserve(game, piece)


def _per_player(game: "Game", raw: Any, what: str, buildings: tuple[str, ...] = ()) -> dict[int, dict[str, int]]:
    """``{"0": {"nomad": 2}}`` (player index as a number or a string) checked into numbers; ``buildings``
    are the Tale buildings that may be named too (the Cathedral an event destroys)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise IllegalAction(f"Enter the pieces {what} per player and piece type.", rule="event-pieces")
    out: dict[int, dict[str, int]] = {}
    for key, counts in raw.items():
        i = int(key) if isinstance(key, str) and key.isdigit() else key
        if type(i) is not int or not 0 <= i < len(game.civs):
            raise IllegalAction(f"The pieces {what} belong to the game's players.", rule="event-pieces")
        if not isinstance(counts, dict):
            raise IllegalAction(f"Enter the pieces {what} per piece type.", rule="event-pieces")
        for piece, n in counts.items():
            if piece not in PIECE_TYPES and piece not in buildings:
                raise IllegalAction(f"The pieces {what} are {and_list(_many(p) for p in PIECE_TYPES + buildings)}.".replace(" and ", " or "),
                                    rule="event-pieces")
            if type(n) is not int or not 0 <= n <= 99:
                raise IllegalAction(f"Enter the pieces {what} as whole numbers from 0 to 99.", rule="event-pieces")
            if n:
                out.setdefault(i, {})[piece] = out.get(i, {}).get(piece, 0) + n
    return out


def _name(piece: str) -> str:
    return piece.title()


def _many(piece: str) -> str:
    return "Cities" if piece == "city" else piece.title() + "s"


def _listing(game: "Game", per: dict[int, dict[str, int]]) -> str:
    return "; ".join(f"{game.civs[i].name}: {', '.join(plural(n, _name(p)) for p, n in sorted(c.items()))}" for i, c in sorted(per.items()))


@dataclass(frozen=True)
class Resolution:
    """What the First Player chose for the next Fantastic Event, checked against its Tale."""

    tale: Tale
    spec: dict[str, Any]
    active: bool  # the Volcano lies active side up (it erupts now)
    destroys: tuple[str, ...]  # the piece types the event destroys now
    destroyed: dict[int, dict[str, int]]  # per player and piece type
    laid: dict[int, dict[str, int]]  # per player and piece type
    nomads: dict[int, int]  # the Leviathan's compensation, per player
    to: tuple[int, int] | None  # the Space the creature or the Typhoon moves to (a World the companion knows)
    orientation: str | None  # the Volcano's, when it is flipped active side up


def resolve(game: "Game", a: Action, notes: list[str]) -> "Game":
    """The First Player resolves the next Fantastic Event: the pieces it destroys or lays down (per
    player and type), the Leviathan's compensation, the Volcano's side and orientation, and the Space
    the creature or the Typhoon moves to (``to``, when the World is known)."""

    r = _resolution(game, a)
    game = _lay(_compensate(_destroy(game, r), r), r)
    notes.append(_said(game, r))
    game = _move(game, r.spec, r.to, notes)
    game = _flip(game, r)
    game = after_pieces_change(game, sorted(set(r.destroyed) | set(r.nomads)), notes)
    return _automatic(_done(game), notes)


def _resolution(game: "Game", a: Action) -> Resolution:
    """The choices of a ``fantastic-event`` action, each checked; a sentence for the first that cannot be."""
    n = _next_event(game, a)
    tale = all_tales()[n]
    spec = event(n) or {}
    active = game.tale_play.volcano is not None
    destroys = _destroys_now(spec, active)
    destroyed = _per_player(game, a.get("destroyed"), "destroyed", buildings_destroyed(game, spec, destroys))
    laid_now = _per_player(game, a.get("laid"), "laid on their side")
    if destroyed and not destroys:
        raise IllegalAction(f"{tale.name}'s Fantastic Event destroys nothing now.", rule="event-destroys")
    if laid_now and not spec.get("lays"):
        raise IllegalAction(f"{tale.name}'s Fantastic Event lays no piece on its side.", rule="event-lays")
    _check_destroyed(game, tale, spec, destroys, destroyed)
    _check_laid(game, laid_now)
    nomads = _compensation(game, spec, a.get("nomads") or {}, destroyed)
    _stays(game, spec, a.get("to"))
    return Resolution(tale, spec, active, destroys, destroyed, laid_now, nomads, _destination(game, spec, a.get("to")),
                      _orientation(game, spec, a.get("orientation"), active))


def _stays(game: "Game", spec: dict, to: Any) -> None:
    """'If there are no Ships in the World, the Leviathan doesn't move' (since version 7): a ``to`` is refused."""
    moves = spec.get("moves") or {}
    piece = moves.get("stays_without")
    if to is None or piece is None or game.tracker_version < SETUP_REGION_SINCE:
        return
    if not any(c.count(piece) for c in game.civs):
        raise IllegalAction(f"{moves['stays_rule']} No player has a {_name(piece)} in the World: the {moves['label']} stays where it is.",
                            rule=f"{moves['piece']}-stays")


def buildings_destroyed(game: "Game", spec: dict, destroys: tuple[str, ...]) -> tuple[str, ...]:
    """The Tale buildings this event destroys now, in a game that has them: 'If a Cathedral is destroyed, its
    Tale card is returned to play' (the Dragon, the Water Elemental and the Volcano destroy all game pieces)."""
    if not destroys or game.tales is None:
        return ()
    have = {b for per in game.tales.buildings for b, _ in per}
    return tuple(b for b in spec.get("destroys_buildings", ()) if b in have)


def _destroys_now(spec: dict, active: bool) -> tuple[str, ...]:
    """The piece types the event destroys now: the Volcano's only when it erupts (active side up)."""
    if "sides" in spec and not active and spec.get("destroys_when", "active") == "active":
        return ()
    return tuple(spec.get("destroys", ()))


def _next_event(game: "Game", a: Action) -> int:
    """The Tale whose event is resolved now: the lowest number waiting, by the First Player."""
    if game.phase != "E" or not game.tale_play.events:
        raise IllegalAction("Fantastic Events are resolved in the Recycling phase, when two or more players must recycle their hand.", rule="phase")
    n = game.tale_play.events[0]
    if a.get("tale") != n:
        raise IllegalAction(f"The Fantastic Events are resolved lowest number first: now {all_tales()[n].name} ({n}).", rule="event-order")
    if a.get("player", game.first) != game.first:
        raise IllegalAction(f"The Fantastic Event is resolved by the player who still has the First Player token: "
                            f"{game.civs[game.first].name}.", rule="event-first-player")
    return n


def _check_destroyed(game: "Game", tale: Tale, spec: dict, destroys: tuple[str, ...], destroyed: dict[int, dict[str, int]]) -> None:
    """The Dragon, the Leviathan, the Water Elemental and the erupting Volcano: the types they destroy,
    at most what each player has in the World (and the Leviathan's one piece)."""
    for i, c in destroyed.items():
        civ = game.civs[i]
        for p, k in c.items():
            if p not in PIECE_TYPES:  # a Tale building the event destroys (the Cathedral)
                if k > controls(game, i, p):
                    raise IllegalAction(f"{civ.name} controls no {_name(p)} in the World; it cannot be destroyed.", rule="event-pieces")
                continue
            if p not in destroys:
                raise IllegalAction(f"{tale.name}'s Fantastic Event destroys {and_list(_many(x) for x in destroys)} only.", rule="event-destroys")
            if k > civ.count(p):
                raise IllegalAction(f"{civ.name} has {plural(civ.count(p), _name(p))} in the World; {k} cannot be destroyed.", rule="event-destroys")
    most = spec.get("at_most")
    if most is not None and sum(k for c in destroyed.values() for k in c.values()) > most:
        raise IllegalAction(f"{tale.name} destroys {plural(most, 'piece')} at most: {spec['does']}", rule="event-destroys")


def _check_laid(game: "Game", laid_now: dict[int, dict[str, int]]) -> None:
    """The Typhoon: at most the pieces each player has standing in the World."""
    for i, c in laid_now.items():
        civ = game.civs[i]
        for p, k in c.items():
            standing = civ.count(p) - laid(game.tale_play, i, p)
            if k > standing:
                raise IllegalAction(f"{civ.name} has {plural(standing, _name(p))} standing in the World; {k} cannot be laid down.", rule="event-lays")


def _destroy(game: "Game", r: Resolution) -> "Game":
    """The pieces destroyed go back to their owners' reserves; those lying on their side first stay so."""
    from companion.rise_and_fall.variants.tales.pieces import with_building

    for i, c in r.destroyed.items():
        civ = game.civs[i]
        for p, k in c.items():
            if p in PIECE_TYPES:
                civ = with_pieces(civ, p, -k)
            else:
                game = replace(game, tales=with_building(game.tales, i, p, -k))
        game = with_civ(game, i, civ)
    state = game.tale_play
    for i, c in r.destroyed.items():
        for p in c:
            over = laid(state, i, p) - game.civs[i].count(p)
            if over > 0:
                state = with_laid(state, i, p, -over)
    return replace(game, tale_play=state)


def _compensate(game: "Game", r: Resolution) -> "Game":
    """The Leviathan's victims place a Nomad from their reserve."""

    for i, k in r.nomads.items():
        game = with_civ(game, i, with_pieces(game.civs[i], r.spec["compensation"]["piece"], k))
    return game


def _lay(game: "Game", r: Resolution) -> "Game":
    """The Typhoon's neighbours are laid on their side."""

    state = game.tale_play
    for i, c in r.laid.items():
        for p, k in c.items():
            state = with_laid(state, i, p, k)
    return replace(game, tale_play=state)


def _said(game: "Game", r: Resolution) -> str:
    """The event's result in a sentence or a few, for the history and every screen."""
    spec, tale = r.spec, r.tale
    said = f"{tale.name}: "
    if "sides" in spec and not r.active:
        said += f"the Volcano is flipped {spec['sides']['active']}, its lava flows pointing {r.orientation}."
    elif r.destroyed:
        said += f"destroyed, back to the reserve — {_listing(game, r.destroyed)}."
        for b in sorted({p for c in r.destroyed.values() for p in c if p not in PIECE_TYPES}):
            said += f" The {_name(b)}'s Tale card is returned to play: any player may construct it again, elsewhere or in the same space."
    elif r.destroys:
        said += "no piece destroyed."
    if r.laid:
        said += f" Laid on their side — {_listing(game, r.laid)}: they perform no action when their card is played next."
    elif spec.get("lays"):
        said += "no piece laid on its side."
    if r.nomads:
        said += " " + " ".join(f"{game.civs[i].name} places {plural(k, 'Nomad')} as a compensation." for i, k in r.nomads.items())
    if "sides" in spec and r.active:
        said += f" The Volcano is flipped back {spec['sides']['inactive']}."
    return said.strip()


def _flip(game: "Game", r: Resolution) -> "Game":
    """The Volcano: flipped active side up with its orientation, or flipped back after its eruption."""

    if "sides" not in r.spec:
        return game
    return replace(game, tale_play=replace(game.tale_play, volcano=None if r.active else r.orientation))


def _compensation(game: "Game", spec: dict, raw: Any, destroyed: dict[int, dict[str, int]]) -> dict[int, int]:
    """The Leviathan: 'The owner of the Ship puts it back in their reserve and can place, as a
    compensation, a Nomad from their reserve on any empty Plains space adjacent to the Leviathan.'"""
    if not raw:
        return {}
    comp = spec.get("compensation")
    if comp is None:
        raise IllegalAction("Only the Leviathan's victims place a Nomad as a compensation.", rule="leviathan-compensation")
    if not isinstance(raw, dict):
        raise IllegalAction("Enter the Nomads placed as a compensation per player.", rule="leviathan-compensation")
    out = {}
    for key, k in raw.items():
        i = int(key) if isinstance(key, str) and key.isdigit() else key
        if type(i) is not int or not 0 <= i < len(game.civs) or type(k) is not int or k < 0:
            raise IllegalAction("Enter the Nomads placed as a compensation per player, as whole numbers.", rule="leviathan-compensation")
        lost = destroyed.get(i, {}).get(comp["for"], 0)
        if k > lost:
            raise IllegalAction(f"A Nomad is placed as a compensation by the owner of the {_name(comp['for'])} destroyed only; "
                                f"{game.civs[i].name} lost {plural(lost, _name(comp['for']))}.", rule="leviathan-compensation")
        if k > game.civs[i].in_reserve(comp["piece"]):
            raise IllegalAction(f"{game.civs[i].name} has no {_name(comp['piece'])} left in the reserve: the compensation is lost.", rule="leviathan-compensation")
        if k:
            out[i] = k
    return out


def _orientation(game: "Game", spec: dict, raw: Any, active: bool) -> str | None:
    if "sides" not in spec:
        if raw is not None:
            raise IllegalAction("Only the Volcano is given an orientation.", rule="volcano-orientation")
        return None
    if active:
        if raw is not None:
            raise IllegalAction("The Volcano is active side up: it erupts and is flipped back; no orientation is chosen now.", rule="volcano-orientation")
        return None
    if raw not in spec["orientations"]:
        raise IllegalAction(f"The First Player chooses the Volcano's orientation: its lava flows point {' or '.join(spec['orientations'])}.", rule="volcano-orientation")
    return raw


def where(game: "Game", piece: str) -> tuple[int, int] | None:
    """Where a creature or the Typhoon stands now, when the companion knows it."""
    for k, q, r in game.tale_play.creatures + game.world_tale_pieces:
        if k == piece:
            return (q, r)
    return None


def _destination(game: "Game", spec: dict, raw: Any) -> tuple[int, int] | None:
    """The Space the creature or the Typhoon moves to: on a World the companion knows, a Space of it
    on the terrain the Tale names, with no special piece on it; otherwise the table moves it."""
    from companion.rise_and_fall.world.world import top_terrain

    moves = spec.get("moves")
    if raw is None:
        return None
    if moves is None:
        raise IllegalAction("This Fantastic Event moves no piece.", rule="event-moves")
    if not game.tiles:
        raise IllegalAction(f"The companion does not know this game's World: the table moves the {moves['label']}.", rule="event-moves")
    if not (isinstance(raw, (list, tuple)) and len(raw) == 2 and all(type(x) is int for x in raw)):
        raise IllegalAction(f"Tap the Space the {moves['label']} moves to.", rule="event-moves")
    space = (raw[0], raw[1])
    terrain = top_terrain(game.tiles).get(space)
    if terrain is None:
        raise IllegalAction("That Space is not in the World.", rule="space-in-world")
    if space == where(game, moves["piece"]):
        raise IllegalAction(f"The {moves['label']} moves to another Space: {moves['where']}.", rule="event-moves")
    taken = {(q, r): k for k, q, r in game.tale_play.creatures + game.world_tale_pieces if k != moves["piece"]}
    if space in taken:
        name = all_areas()[taken[space]].label if taken[space] in all_areas() else taken[space].replace("-", " ").title()
        raise IllegalAction(f"The {name} is on that Space: the {moves['label']} goes to {moves['where']}.", rule="creature-space")
    blocked = _no_piece_spaces(game)
    if space in blocked:
        raise IllegalAction(f"{blocked[space]} The {moves['label']} goes to {moves['where']}.", rule="special-area-no-piece")
    if terrain not in moves["to"]:
        raise IllegalAction(f"That Space is {terrain}: the {moves['label']} goes to {moves['where']}.", rule="event-moves")
    now = where(game, moves["piece"])
    if moves.get("other_tile") and now is not None and _tile_at(game, now) == _tile_at(game, space):
        raise IllegalAction(f"That Space is on the {moves['label']}'s own tile: it goes to {moves['where']}.", rule="event-moves")
    return space


def _tile_at(game: "Game", space: tuple[int, int]) -> int | None:
    """The index of the tile on top at ``space`` (the last placed that covers it)."""
    return next((k for k in range(len(game.tiles) - 1, -1, -1) if space in game.tiles[k].cells), None)


def _no_piece_spaces(game: "Game") -> dict[tuple[int, int], str]:
    from companion.rise_and_fall.variants.tales.tales import area_spaces, parse_markers

    markers = parse_markers([{"area": k, "q": q, "r": r} for k, q, r in game.world_tale_pieces])
    out = {}
    for kind, spaces in area_spaces(game.tiles, markers).items():
        rule = all_areas()[kind].no_piece
        if rule and kind != "typhoon":
            for s in spaces:
                out[s] = rule
    return out


def _move(game: "Game", spec: dict, to: tuple[int, int] | None, notes: list[str]) -> "Game":

    moves = spec.get("moves")
    if moves is None:
        return game
    if to is None:
        notes.append(f"The table moves the {moves['label']} to {moves['where']} (or it stays where it is).")
        return game
    entry = (moves["piece"], to[0], to[1])
    if moves.get("marker"):
        rest = tuple(m for m in game.world_tale_pieces if m[0] != moves["piece"])
        game = replace(game, world_tale_pieces=rest + (entry,))
    else:
        rest = tuple(m for m in game.tale_play.creatures if m[0] != moves["piece"])
        game = replace(game, tale_play=replace(game.tale_play, creatures=rest + (entry,)))
    notes.append(f"The {moves['label']} moves to the Space drawn on the board.")
    return game


# --- the creatures' first Space -------------------------------------------------------------------
def unplaced(game: "Game") -> list[str]:
    """The creatures of this game in the World with no Space recorded yet (a World the companion knows)."""
    if not game.tiles or game.phase in ("setup", "guilds", "placement"):
        return []
    out = []
    for n in with_events(game):
        moves = (event(n) or {}).get("moves", {})
        if moves.get("setup_on") and where(game, moves["piece"]) is None:
            out.append(moves["piece"])
    return out


#: The tracker's version from which a creature's first Space is checked against its Region (the Leviathan's
#: largest Sea Region, the Water Elemental's with the most coastal Cities) and the first pieces; older logs
#: replay as they were written.
SETUP_REGION_SINCE = 7


def sea_regions(game: "Game") -> list[tuple[Hex, ...]]:
    """The Sea Regions of the game's World, largest first (the Tales' spaces in no Region left out)."""
    from companion.rise_and_fall.variants.tales.tales import outside_regions, parse_markers
    from companion.rise_and_fall.world.world import regions_of, top_terrain

    markers = parse_markers([{"area": k, "q": q, "r": r} for k, q, r in game.world_tale_pieces])
    outside = outside_regions(game.tiles, markers)
    terrain = {s: t for s, t in top_terrain(game.tiles).items() if s not in outside}
    return [g.spaces for g in regions_of(terrain) if g.terrain == "sea"]


def coastal_cities(game: "Game", region: tuple[Hex, ...]) -> int:
    """The Cities of the first pieces on a space adjacent to the Sea Region ``region``."""
    inside = set(region)
    return sum(1 for s, _, t in game.positions if t == "city" and s not in inside and any(n in inside for n in neighbours(s)))


def _check_setup_space(game: "Game", spec: dict, to: Hex) -> None:
    """'places the Leviathan on an empty space of their choice on the largest Sea Region (in case of a tie, they
    choose which tied Region)'; 'places the Water Elemental on a free space of their choice in the Sea Region which
    has the most coastal Cities (in case of tie, they choose the region)'. The World and the first pieces are known."""
    rule = "The last player to place their third game piece " + spec.get("setup_rule", spec["setup_where"]).rstrip(".")
    occupied = game.occupied()
    if to in occupied:
        i, piece = occupied[to]
        raise IllegalAction(f"{rule}: that Space holds {game.civs[i].name}'s {_name(piece)}.", rule=f"{spec['piece']}-setup")
    kind = spec.get("setup_region")
    if kind is None:
        return
    regions = sea_regions(game)
    count = len if kind == "largest" else (lambda r: coastal_cities(game, r))
    said = "spaces" if kind == "largest" else "coastal Cities"
    worth = {r: count(r) for r in regions}
    here = next((r for r in regions if to in r), None)
    best = max(worth.values(), default=0)
    if here is None:
        raise IllegalAction(f"{rule}: that Space is in no Sea Region.", rule=f"{spec['piece']}-setup")
    if worth[here] < best:
        raise IllegalAction(f"{rule}: that Space's Sea Region has {worth[here]} {said}, and one has {best}.",
                            rule=f"{spec['piece']}-setup")


def setup_spaces(game: "Game", piece: str) -> list[Hex]:
    """Every Space where ``piece`` (a creature of this game not yet placed) may be placed now, in order."""
    from companion.rise_and_fall.world.world import top_terrain

    spec = next((event(n)["moves"] for n in with_events(game) if (event(n) or {}).get("moves", {}).get("piece") == piece), None)
    if spec is None or not spec.get("setup_on") or not game.tiles:
        return []
    setup = {"moves": {**spec, "to": spec["setup_on"], "where": spec["setup_where"]}}
    out = []
    for space, terrain in sorted(top_terrain(game.tiles).items()):
        if terrain not in spec["setup_on"]:
            continue
        try:
            _destination(game, setup, list(space))
            if game.tracker_version >= SETUP_REGION_SINCE:
                _check_setup_space(game, spec, space)
        except IllegalAction:
            continue
        out.append(space)
    return out


def place_creature(game: "Game", a: Action, notes: list[str]) -> "Game":
    """'The last player to place their third game piece during the deployment phase also places the
    Dragon on an empty Glacier space of their choice' (the Leviathan, the Water Elemental likewise):
    the table records where, once, so that the board draws it."""

    piece = a.get("piece")
    spec = next((event(n)["moves"] for n in with_events(game) if (event(n) or {}).get("moves", {}).get("piece") == piece), None)
    if spec is None or not spec.get("setup_on"):
        raise IllegalAction("Only the creatures of this game's Tales are placed: " + (and_list(unplaced(game)) or "none") + ".", rule="creature-setup")
    if piece not in unplaced(game):
        raise IllegalAction(f"The {spec['label']} is already in the World; it moves during Fantastic Events.", rule="creature-setup")
    setup = {**spec, "to": spec["setup_on"], "where": spec["setup_where"]}
    to = _destination(game, {"moves": setup}, [a.get("q"), a.get("r")])
    assert to is not None
    if game.tracker_version >= SETUP_REGION_SINCE:
        _check_setup_space(game, spec, to)
    notes.append(f"The {spec['label']} is placed on {spec['setup_where']}.")
    rest = tuple(m for m in game.tale_play.creatures if m[0] != piece)
    return replace(game, tale_play=replace(game.tale_play, creatures=rest + ((piece, to[0], to[1]),)))
