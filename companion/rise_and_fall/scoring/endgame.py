"""The end of the game at the table: from what the tracker knows to the final score.

Pure Python, replayed from a game log like the tracker. The table either enters every
piece on the World (the full path, scored by :mod:`.scoring`) or, in a hurry, taps for each
Region who has the majority (the fast path: Development then comes from the tracked counts).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.errors import IllegalAction, rule_of
from companion.gamelog import Action, Reducer
from companion.hexgrid import Hex
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, problems
from companion.rise_and_fall.scoring.scoring import PlayerScore, RegionScore, Score, score, with_guilds, with_tales
from companion.rise_and_fall.variants.tales import buildings as B
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.world.layout import Layout, parse
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import Region, region_map, top_terrain
from companion.words import and_list, name_too_long, plural


@dataclass(frozen=True)
class Entry:
    """An end of game being entered: the World, the players' books and the pieces so far."""

    tiles: tuple[Tile, ...] = ()
    players: tuple[PlayerState, ...] = ()
    colours: tuple[str, ...] = ()
    tracked: tuple[tuple[tuple[str, int], ...], ...] | None = None  # per player, pieces the tracker counted
    pieces: tuple[Piece, ...] = ()
    votes: tuple[tuple[int, str | None], ...] = ()  # fast path: Region index -> controller or None (tie)
    finished: bool = False
    source: str = ""
    world_name: str = ""
    path: str = ""  # how the final score was reached: "fast" (majorities tapped) or "full" (every piece)
    game: str = ""  # the tracked game this scoring belongs to (its log's id), if any
    tales: tuple[int, ...] = ()  # the Tales drawn for the World
    markers: tuple[T.Marker, ...] = ()  # the Dolmens and the Typhoon
    creatures: tuple[tuple[str, Hex], ...] = ()  # where each Creature stands (the Water Elemental's Space is Sea)
    mode: str = ""  # the path last chosen on any device ("fast" or "full"); "" before any choice
    scorepad_shown: bool = False  # the pieces' path: Done tapped, the scorepad beside the board
    buildings: tuple[B.Building, ...] = ()  # the Tales: the Bridge, the Ports, the Floating Cities, the Capital

    def building_kinds(self) -> tuple[str, ...]:
        """The Tale buildings this World's Tales may have put in it, in the order of their Tales."""
        return tuple(b for b, n in sorted(B.TALES.items(), key=lambda kv: kv[1]) if n in self.tales)

    @property
    def way(self) -> str:
        """The path every device shows: the one that made the score final, else the one last
        chosen, else (a log written before the choice was kept) the fast path once majorities
        were tapped and no piece entered, else the pieces."""
        if self.finished and self.path in ("fast", "full"):
            return self.path
        if self.mode in ("fast", "full"):
            return self.mode
        return "fast" if self.votes and not self.pieces else "full"

    @property
    def entering(self) -> bool:
        """Whether the pieces are being entered on the big board (the scorepad folded to a line of
        totals): the path is the pieces, the scoring is not final and Done was not tapped since
        the pieces were chosen. Every device shows the same, from the log."""
        return self.started and not self.finished and self.way == "full" and not self.scorepad_shown

    def shown_score(self) -> Score:
        """The score of the path every device shows."""
        return self.fast_score() if self.way == "fast" else self.full_score()

    def waiting(self) -> str | None:
        """Why no winner is named yet, in a sentence; None once the scoring is complete (final, every
        Region tapped on the fast path, every player's pieces entered as the rules and the tracker
        agree on the other)."""
        if self.finished or not self.started:
            return None
        if self.way == "fast":
            left = len(self.regions_to_vote())
            return f"The winner is named once every Region is tapped: {plural(left, 'Region')} left." if left else None
        counts = self.counts()
        missing = [p.name for p in self.players if not p.extinct and not any(counts[p.name].values())]
        if missing:
            return f"The winner is named once every player's pieces are entered: none yet for {and_list(missing)}."
        if self.mismatches():
            return "The winner is named once the pieces entered match the tracker's counts (or at Final)."
        if self.problems():
            return "The winner is named once no piece stands where the rules forbid it."
        return None

    @property
    def entered(self) -> bool:
        """Whether anything was entered yet: before that, no winner and no warning is shown."""
        return bool(self.pieces or self.votes)

    @property
    def started(self) -> bool:
        return bool(self.players)

    def terrain(self) -> dict[Hex, str]:
        return top_terrain(self.tiles)

    def regions(self) -> list[Region]:
        return list(region_map(self.position().region_terrain()).regions)

    def position(self) -> Position:
        layout = None
        if self.tales or self.markers or any(t.spec.special_area for t in self.tiles):
            extra = {"tales": list(self.tales), "tale_pieces": [m.to_dict() for m in self.markers]}
            layout = Layout(max(2, len(self.players)), list(self.tiles), self.world_name, extra)
        return Position(self.terrain(), [replace(p) for p in self.players], list(self.pieces), layout, creatures=dict(self.creatures),
                        buildings=list(self.buildings))

    def problems(self) -> list[str]:
        return problems(self.position())

    def counts(self) -> dict[str, dict[str, int]]:
        return self.position().counts()

    def mismatches(self) -> list[str]:
        """Where the pieces entered differ from the tracker's counts, one sentence each."""
        if self.tracked is None:
            return []
        out = []
        entered = self.counts()
        for p, tracked in zip(self.players, self.tracked):
            if not any(entered[p.name].values()):
                continue  # nothing is said of a player before their pieces are entered
            for t, n in tracked:
                got = entered[p.name][t]
                if got != n:
                    out.append(f"{p.name}: {got} {t} piece{'s' if got != 1 else ''} entered, the tracker counted {n}.")
        return out

    def full_score(self) -> Score:
        return score(self.position())

    def fast_score(self) -> Score:
        """Economy and Trophies from the books, Development from the tracked counts (or the
        pieces entered), Territories from the majorities tapped Region by Region."""
        rules = load_rules()
        regions = self.regions()
        votes = dict(self.votes)
        region_rows = [RegionScore(g, {}, votes.get(k)) for k, g in enumerate(regions)]
        counts = self.counts() if self.tracked is None else {p.name: dict(t) for p, t in zip(self.players, self.tracked)}
        players = []
        for p in self.players:
            lines: dict[str, tuple[int, int] | None] = {}
            for t in PIECE_TYPES:
                n = counts[p.name].get(t, 0)
                lines[t] = None if (t in p.decline or n == 0) else (n, rules.development_vp(t, n))
            terr: dict[str, list[int]] = {}
            for r in region_rows:
                if r.controller == p.name:
                    terr.setdefault(r.region.terrain, []).append(r.region.size)
            players.append(PlayerScore(
                p.name, p.gold, rules.economy_vp(p.gold), sum(rules.trophy_vp(t) for t in p.trophies),
                sum(v[1] for v in lines.values() if v), sum(r.vp for r in region_rows if r.controller == p.name),
                lines, terr, p.extinct))
        scored = with_guilds(players, list(self.players), region_rows)
        # the Tales on the fast path: no pieces are entered, so only the Tale Trophies and the Cathedral
        return Score(with_tales(scored, replace(self.position(), pieces=[])), region_rows)

    def regions_to_vote(self) -> list[int]:
        """Fast path: the Regions still waiting for a tap."""
        done = {k for k, _ in self.votes}
        return [k for k in range(len(self.regions())) if k not in done]


class EntryRules(Reducer[Entry]):
    def initial(self) -> Entry:
        return Entry()

    def apply(self, e: Entry, a: Action) -> Entry:
        kind = str(a.get("type"))
        if kind != "start" and not e.started:
            raise IllegalAction("Choose where the end of game comes from first: the tracked game or a World.", rule="scoring-source")
        if e.finished and kind not in ("start",):
            raise IllegalAction("These scores are final and kept in the history; start a new scoring to change them.", rule="scores-final")
        handler = getattr(self, "_" + kind.replace("-", "_"), None)
        if handler is None:
            raise IllegalAction(f"Unknown scoring action {kind!r}.", rule="unknown-action")
        return handler(e, a)

    def _start(self, e: Entry, a: Action) -> Entry:
        lay = parse(a.get("world"), "the World")
        players = []
        for p in a.get("players", []):
            players.append(PlayerState(str(p["name"]), int(p.get("gold", 0)), list(p.get("trophies", [])), list(p.get("decline", [])),
                                       wood=_resource(p.get("wood", 0)), stone=_resource(p.get("stone", 0)),
                                       extinct=p.get("extinct") is True, guilds=[str(g) for g in p.get("guilds", [])],
                                       tale_trophies=_tale_trophies(p.get("tale_trophies", [])), cathedral=p.get("cathedral") is True))
        if not 2 <= len(players) <= 4:
            raise IllegalAction("A game of Rise & Fall has 2 to 4 players.", rule="player-count")
        too_long = next((name_too_long(p.name) for p in players if name_too_long(p.name)), None)
        if too_long:
            raise IllegalAction(too_long, rule="long-name")
        creatures, why = T.parse_creatures(a.get("creatures"))
        found = why or next(iter(T.creature_problems(creatures, top_terrain(lay.tiles))), None)
        if found:
            raise IllegalAction(found, rule=rule_of(found, "position"))
        tracked = a.get("tracked")
        tracked_t = tuple(tuple((t, int(c.get(t, 0))) for t in PIECE_TYPES) for c in tracked) if tracked else None
        return Entry(tuple(lay.tiles), tuple(players), tuple(a.get("colours", [])), tracked_t,
                     source=str(a.get("source", "")), world_name=lay.name, game=str(a.get("game") or ""),
                     tales=T.drawn_of(lay.extra), markers=T.parse_markers(lay.extra.get("tale_pieces")),
                     creatures=tuple(creatures.items()))

    def _piece(self, e: Entry, a: Action) -> Entry:
        space = (a.get("q"), a.get("r"))
        player, kind = a.get("player"), a.get("piece")
        names = [p.name for p in e.players]
        if player not in names:
            raise IllegalAction("Pick a player's colour first.", rule="pick-player")
        if kind not in PIECE_TYPES:
            raise IllegalAction("Pick a piece type first.", rule="pick-piece")
        new = replace(e, pieces=e.pieces + (Piece(space, player, kind),))
        found = [p for p in new.problems() if p not in e.problems()]
        if found:
            raise IllegalAction(found[0], rule=rule_of(found[0], "position"))
        return new

    def _building(self, e: Entry, a: Action) -> Entry:
        """A Tale building of the World's Tales on a Space: ``piece`` (``bridge``, ``port``, ``floating-city``,
        ``capital``), ``q``, ``r``, and the ``player`` who owns a Port or the Capital."""
        kind, space = a.get("piece"), (a.get("q"), a.get("r"))
        if kind not in e.building_kinds():
            have = ", ".join(B.LABEL[b] for b in e.building_kinds()) or "none"
            raise IllegalAction(f"This World's Tales build {have}; {kind!r} is not one of them.", rule="tale-building")
        player = a.get("player") if kind in B.OWNED else None
        if kind in B.OWNED and player not in [p.name for p in e.players]:
            raise IllegalAction(f"Pick the player whose {B.LABEL[kind]} it is first.", rule="pick-player")
        if type(space[0]) is not int or type(space[1]) is not int:
            raise IllegalAction("Tap the Space the building stands on.", rule="space-in-world")
        new = replace(e, buildings=e.buildings + (B.Building(kind, space, player),))
        found = [p for p in new.problems() if p not in e.problems()]
        if found:
            raise IllegalAction(found[0], rule=rule_of(found[0], "position"))
        return new

    def _remove(self, e: Entry, a: Action) -> Entry:
        space = (a.get("q"), a.get("r"))
        here = [p for p in e.pieces if p.space == space]
        built = [b for b in e.buildings if b.space == space]
        if not here and built:  # the pieces first, then the building under them
            return replace(e, buildings=tuple(b for b in e.buildings if b is not built[-1]))
        if not here:
            raise IllegalAction("There is no piece on that space to take away.", rule="no-piece")
        last = here[-1]
        pieces = list(e.pieces)
        pieces.remove(last)
        return replace(e, pieces=tuple(pieces))

    def _books(self, e: Entry, a: Action) -> Entry:
        """Gold, Trophies and Decline of one player, entered by hand (no tracked game)."""
        i = a.get("player")
        if type(i) is not int or not 0 <= i < len(e.players):
            raise IllegalAction("Pick a player.", rule="pick-player")
        p = e.players[i]
        gold = a.get("gold", p.gold)
        if type(gold) is not int or gold < 0:
            raise IllegalAction("Gold is a whole number of GP, 0 or more.", rule="whole-number")
        trophies = list(a.get("trophies", p.trophies))
        taken = {t for j, q in enumerate(e.players) if j != i for t in q.trophies}
        clash = [t for t in trophies if t in taken]
        if clash:
            raise IllegalAction(f"The {clash[0]} Trophy is already claimed by another player; each Trophy can only be claimed once.", rule="one-trophy")
        tale_trophies = _tale_trophies(a.get("tale_trophies", p.tale_trophies))
        cathedral = a.get("cathedral", p.cathedral)
        if type(cathedral) is not bool:
            raise IllegalAction("The Cathedral is controlled or not.", rule="cathedral")
        players = list(e.players)
        players[i] = replace(p, gold=gold, trophies=trophies, decline=list(a.get("decline", p.decline)),
                             tale_trophies=tale_trophies, cathedral=cathedral)
        new = replace(e, players=tuple(players))
        found = [x for x in new.problems() if x not in e.problems()]
        if found:
            raise IllegalAction(found[0], rule=rule_of(found[0], "position"))
        return new

    def _vote(self, e: Entry, a: Action) -> Entry:
        k = a.get("region")
        if type(k) is not int or not 0 <= k < len(e.regions()):
            raise IllegalAction("That Region is not in the World.", rule="region")
        who = a.get("controller")
        if who is not None and who not in [p.name for p in e.players]:
            raise IllegalAction("The majority goes to one of the players, or to nobody on a tie.", rule="majority")
        votes = tuple(v for v in e.votes if v[0] != k) + ((k, who),)
        return replace(e, votes=votes)

    def _rest_empty(self, e: Entry, a: Action) -> Entry:
        """Fast path: 'every Region not tapped yet holds no piece' — one tap for all of them."""
        return replace(e, votes=e.votes + tuple((k, None) for k in e.regions_to_vote()))

    def _mode(self, e: Entry, a: Action) -> Entry:
        """The path the table takes (fast path or every piece entered): every device shows it."""
        path = a.get("path")
        if path not in ("fast", "full"):
            raise IllegalAction("Choose the fast path or entering the pieces.", rule="scoring-mode")
        if path == "full":  # entering the pieces starts on the big board
            return replace(e, mode=path, scorepad_shown=False)
        return replace(e, mode=path)

    def _scorepad(self, e: Entry, a: Action) -> Entry:
        """Done (the scorepad unfolds beside the board) or the big board again (it folds to a line of
        totals), while the pieces are entered: every device shows the same."""
        shown = a.get("shown")
        if type(shown) is not bool:
            raise IllegalAction("The scorepad is shown or folded.", rule="scorepad")
        if not shown:  # the big board is for entering the pieces
            return replace(e, mode="full", scorepad_shown=False)
        return replace(e, scorepad_shown=True)

    def _finish(self, e: Entry, a: Action) -> Entry:
        if a.get("path") == "full":
            found = e.problems()
            if found:
                raise IllegalAction(found[0], rule=rule_of(found[0], "position"))
        elif e.regions_to_vote():
            raise IllegalAction(f"{len(e.regions_to_vote())} Regions still need a majority tapped.", rule="majority")
        return replace(e, finished=True, path="full" if a.get("path") == "full" else "fast")


def _tale_trophies(v: Any) -> list[int]:
    if not isinstance(v, list) or not all(type(n) is int for n in v):
        raise IllegalAction("Tale Trophies are given by the Tale's number.", rule="tale-trophies")
    return list(v)


def _resource(v: Any) -> int:
    if type(v) is not int or not 0 <= v <= 99:
        raise IllegalAction("Wood and Stone are whole numbers.", rule="whole-number")
    return v


def from_tracker(game: Any, game_id: str | None = None) -> dict[str, Any]:
    """The ``start`` action for an end of game that the tracker followed (``game_id``: its log): each variant of
    the game adds what it carries into the scoring (the Guild cards, the Tales and their Trophies, the Cathedral)."""
    from companion.rise_and_fall.world.layout import Layout

    n = len(game.civs)
    variants = [v for v, _ in getattr(game, "variants", ())]
    extra: dict[str, Any] = {k: w for v in variants for k, w in v.scored_world(game).items()}
    world = Layout(n, list(game.tiles), game.world_name, extra).to_dict()
    return {
        "type": "start",
        "source": "tracked game",
        "world": world,
        "players": [{"name": c.name, "gold": c.gold, "trophies": list(c.trophies), "decline": list(c.decline), "extinct": c.extinct,
                     **{k: w for v in variants for k, w in v.scoring(game, i).items()}}
                    for i, c in enumerate(game.civs)],
        "colours": [c.colour for c in game.civs],
        "tracked": [{t: c.count(t) for t in PIECE_TYPES} for c in game.civs],
        **({"creatures": _creatures(game)} if _creatures(game) else {}),
        **({"game": game_id} if game_id else {}),
    }


def _creatures(game: Any) -> list[dict[str, Any]]:
    """The Creatures still in the World where the tracked game last moved them (a hunted Dragon has left)."""
    from companion.rise_and_fall.variants.tales.fantastic import present

    play = getattr(game, "tale_play", None)
    if play is None:
        return []
    return [{"piece": k, "q": q, "r": r} for k, q, r in play.creatures if present(game, k)]
