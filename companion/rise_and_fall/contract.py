"""Rise & Fall's three logs under the shared contract (``companion.rules``): the World, the tracked game, the scoring.

* **The World** (``world``): the setup (2 to 4 players), then each next tile on each of its legal places (the
  Plains tiles the table may lift, or setting the rest aside, when a tile has nowhere to go). Its outcome is the World complete:
  not a game's end, so History keeps nothing of it (``kept=False``).
* **The tracked game** (``game``): the setup, the first pieces, the creatures' first Spaces, then every action
  the tracker accepts of those the players to move are offered (``randomplay.candidates``: the cards of phase A,
  a card's actions with their counts, Decline, the purchases, the Guilds' and the Tales' choices). Its outcome
  is the game over (the Trophies to end claimed): scored by the scoring log, so not kept in History either.
* **The scoring** (``scoring``): the start (here a World of the generator, for the tests' random scorings; at
  the table the tracked game's end or a World and books), the path, a majority per Region (or nobody on a tie),
  'the rest are empty', a player's Gold, and the final tap. Its outcome is the scorepad: the winners (the most
  VP among the players still in the game), each player's VP by category, the World's name; the last final
  scoring of a tracked game is its one History entry (``of``).

The phones: ``view(game, seat)`` is ``play.public.public_view`` (a hand only to its own seat).

The three logs are closed: an action outside ``legal_actions`` is refused (``unknown-action``), after the log's
own rules. Besides the moves the random player draws, each log offers what the table enters by hand as it is —
a tile on any place, a layout, a piece on a Space, a player's books, a card's counts or a Fantastic Event's pieces
— with any value in its parts (``Given``, weight 0), the log's rules judging the value; a part of no action of the
log (a key it does not know), or in the World or the scoring a type at a time it has no place, is refused. The
tracked game's types are those of its phase — set up, or played — and the tracker judges which the phase takes.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from companion.rules import Contract, Field, Given, Move, Outcome

Action = dict[str, Any]
WORLD_ACTIONS = ("setup", "place", "move-starting", "rescue", "lift", "set-aside", "load", "tales", "area", "name")
SCORING_ACTIONS = ("start", "piece", "building", "remove", "books", "vote", "rest-empty", "mode", "scorepad", "finish")


def _given(*keys: str, optional: tuple[str, ...] = ()) -> tuple[Given, ...]:
    return tuple(Given(k) for k in keys) + tuple(Given(k, optional=True) for k in optional)


#: each World action's parts, given as the table enters them (the builder judges every value: a place, a layout)
WORLD_GIVEN = {
    "setup": _given("players", optional=("names", "colours", "first", "free", "name", "starting_seas")),
    "place": _given("tile", "q", "r", optional=("rotation",)),
    "move-starting": _given("index", "q", "r", optional=("rotation", "tile")),
    "rescue": (), "set-aside": (), "lift": _given("tiles"), "load": _given("layout"),
    "tales": _given(optional=("drawn", "seed")), "area": _given("area", "q", "r", optional=("rotation",)),
    "name": _given(optional=("name",)),
}
#: each scoring action's parts (the scoring judges every value: a Space, a player, a count)
SCORING_GIVEN = {
    "start": _given(optional=("world", "players", "colours", "creatures", "tracked", "source", "game")),
    "piece": _given("q", "r", optional=("player", "piece")), "building": _given("q", "r", "piece", optional=("player",)),
    "remove": _given("q", "r"),
    "books": _given("player", optional=("gold", "trophies", "decline", "tale_trophies", "cathedral", "wood", "stone")),
    "vote": _given("region", optional=("controller",)), "rest-empty": (), "mode": _given("path"),
    "scorepad": _given(optional=("shown",)), "finish": _given(optional=("path",)),
}
#: every part a tracked game's action may carry besides its type (a card's counts, a target, a Guild card, a
#: Fantastic Event's pieces, ...): a key outside these is refused, the tracker judges every value
GAME_KEYS = ("action", "ask_again", "card", "cards", "count", "counts", "destroyed", "distance", "dolmens", "drawn",
             "first", "give", "guild", "guilds", "keep", "laid", "nomads", "on", "orientation", "pass_tablet", "piece",
             "player", "players", "q", "r", "random", "removed", "resource", "state", "tale", "target", "then", "to",
             "tracker_version", "trophies_to_end", "unit", "was", "world")


def _spread(moves: list[Move], share: float) -> list[Move]:
    return [Move(m.action, m.fields, m.seat, share / len(moves)) for m in moves] if moves else []


class WorldContract(Contract):
    kind = "world"
    action_types = frozenset(WORLD_ACTIONS)
    after_end = frozenset(WORLD_ACTIONS)  # a complete World may still be named, loaded over, changed by hand

    def started(self, state: Any) -> bool:
        return bool(state.started)

    def setup_sentence(self, state: Any) -> str:
        return "Choose the players first."

    closed = True

    def legal_actions(self, state: Any, seat: Any = None) -> list[Move]:
        from .world.builder import world_setup_action

        if not state.started:
            return [Move(world_setup_action(n)) for n in (2, 3, 4)] + self.entered(state)
        if self.outcome(state) is not None:
            return []  # a complete World is still named, loaded over or changed by hand (``after_end``)
        return self._drawn(state) + self.entered(state)

    def entered(self, state: Any, seat: Any = None) -> list[Move]:
        """What the table does by hand (a tile placed, a layout loaded, a name, the Tales drawn): the builder
        judges each (its legal places, its layer order); the random player draws from ``_drawn``."""
        if not state.started:
            return [Move({"type": "setup"}, WORLD_GIVEN["setup"], weight=0.0)]
        if self.outcome(state) is not None:
            return []
        return [Move({"type": t}, WORLD_GIVEN[t], weight=0.0) for t in WORLD_ACTIONS if t != "setup"]

    def _drawn(self, state: Any) -> list[Move]:
        """The next tile on each of its legal places, or the Plains to lift, or setting the rest aside."""
        kind = state.next_kind()
        if kind is None:
            return []
        if state.stuck_plains():  # the table's choice of the fewest Plains tiles to lift
            return [Move({"type": "lift", "tiles": list(c)}) for c in state.lift_choices()]
        if state.stuck():
            return [Move({"type": "set-aside"})]
        places = state.legal(kind)
        if state.lifting:  # the lifted Plains tiles placed again: every one of them must still fit
            places = [t for t in places if state.check(t) is None]
        return [Move({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation}) for t in places]

    def finished(self, state: Any) -> bool:
        """The shelf's "Continue" passes over a complete World, and over one nobody has touched (nothing on it but
        the Starting Seas, as when the game is first opened)."""
        untouched = not state.seas_started and not state.tales and not state.markers
        return not state.started or untouched or self.outcome(state) is not None

    def player_count(self, action: Action) -> int | None:
        return action.get("players") if action.get("type") == "setup" else None

    def outcome(self, state: Any) -> Outcome | None:
        if not state.started or state.free or state.next_kind() is not None:
            return None
        return Outcome(winners=(), sentence="The World is complete.", kept=False)


class GameContract(Contract):
    kind = "game"
    closed = True
    setup_types = frozenset(("setup", "start-from-state"))

    @property
    def action_types(self) -> frozenset[str]:  # type: ignore[override]
        from .play.tracker import ACTIONS
        from .variants.registered import VARIANTS

        return frozenset(ACTIONS) | {k for v in VARIANTS for k in v.actions}

    def started(self, state: Any) -> bool:
        return state.phase != "setup"

    def setup_sentence(self, state: Any) -> str:
        return "Set up the game first: players, Trophies to end, and the World."

    def over_sentence(self, state: Any) -> str:
        return "The game is over; go to the Scores."

    def legal_actions(self, state: Any, seat: Any = None) -> list[Move]:
        moves = self._moves(state)
        return ([m for m in moves if m.seat == seat] if seat is not None else moves) + self.entered(state, seat)

    def entered(self, g: Any, seat: Any = None) -> list[Move]:
        """Every action of the game's types, as the table enters it on its screens (a card's counts, a target,
        a Fantastic Event's pieces): any value in its known parts (``GAME_KEYS``), for the tablet and for each
        player's phone; the tracker judges the phase, the player to move and every value. Never drawn by the
        random player (weight 0), which plays the candidates the tracker accepts (``_moves``)."""
        if g.phase == "over":
            return []
        given = tuple(Given(k, optional=True) for k in GAME_KEYS)
        types = sorted(self.setup_types if g.phase == "setup" else self.action_types - self.setup_types)
        seats = (None,) if g.phase == "setup" else (None, *range(len(g.civs)))
        return [Move({"type": t}, given, s, 0.0) for t in types for s in seats if seat is None or s == seat]

    def _moves(self, g: Any) -> list[Move]:
        from .randomplay import accepted, legal, setup_action
        from .variants.tales import fantastic as F

        if g.phase == "setup":
            return [Move(setup_action(n, first)) for n in (2, 3, 4) for first in range(n)]
        if g.phase == "over":
            return []
        if g.phase == "placement":
            i = g.to_move()[0]
            piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
            if not g.tiles:  # one Space each, any Space
                q = sum(c.count(p) for c in g.civs for p in ("nomad", "city", "ship"))
                return [Move({"type": "place-first", "player": i, "piece": piece, "q": q, "r": 0}, seat=i)]
            from .world.world import top_terrain

            taken = {s for s, _, _ in g.positions}
            want = ("sea",) if piece == "ship" else ("plains", "forest")
            free = [s for s, t in sorted(top_terrain(g.tiles).items()) if t in want and s not in taken]
            random.Random(repr((g.turn, len(g.positions)))).shuffle(free)
            out: list[Move] = []
            for q, r in free:  # the first few Spaces the rules accept (every free Space is offered on the board)
                if accepted(g, [a := {"type": "place-first", "player": i, "piece": piece, "q": q, "r": r}]):
                    out.append(Move(a, seat=i))
                    if len(out) >= 6:
                        break
            return out
        for piece in F.unplaced(g):
            spaces = F.setup_spaces(g, piece)
            if spaces:
                return [Move({"type": "place-creature", "piece": piece, "q": q, "r": r}) for q, r in spaces]
        options = legal(g)
        acts = [Move(a, seat=a.get("player")) for a in options if a["type"] == "act"]
        rest = [Move(a, seat=a.get("player")) for a in options if a["type"] != "act"]
        return _spread(acts, 0.85) + _spread(rest, 0.15 if acts else 1.0)

    def outcome(self, state: Any) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(winners=(), sentence="The game is over: its scoring names the winner.", kept=False)

    def view(self, state: Any, seat: Any = None) -> Any:
        from .play.public import public_view

        return public_view(state, seat)

    def player_count(self, action: Action) -> int | None:
        return len(action["players"]) if action.get("type") == "setup" and isinstance(action.get("players"), list) else None

    def news(self, before: Any, action: Action, after: Any, seat: Any = None) -> list[str]:
        """What the table hears of an action: what happened by itself (the tracker's notes: a player recycles,
        the First Player token passes, a Trophy claimed, a Guild card taken by the Doppelgangers, a card into
        the reserve), a turn's end and who acts next, a card placed face down (never which: the cards lie face
        down until all are revealed, as ``view`` shows them)."""
        from .state.civilizations import PHASES

        notes = list(after.notes)
        t, i = action.get("type"), action.get("player")
        civs = after.civs
        out: list[str] = []
        if before.acting is not None and after.acting != before.acting and before.phase == "B":
            name = civs[before.acting].name
            if not any(n.startswith(f"{name}'s actions end") for n in notes):
                out.append(f"{name}'s actions end.")
        out += notes
        slow = any("too slow" in n for n in notes)
        if t == "play" and before.phase == "A" == after.phase and isinstance(i, int) and not slow:
            out.append(f"{civs[i].name} places a Civilization card face down.")
        if t == "decline" and after.phase == "C" and isinstance(i, int):
            out.append(f"{civs[i].name} places a card face down into Decline.")
        if after.phase == "B" and after.acting is not None and (after.acting, before.phase) != (before.acting, "B"):
            out.append(f"{civs[after.acting].name} takes actions with the {str(after.acting_card).title()} card.")
        if after.phase != before.phase and after.phase not in ("B", "over", "setup") and before.phase != "setup":
            out.append(f"Phase {PHASES.get(after.phase, after.phase)}.")
        if after.turn != before.turn and before.phase not in ("setup", "placement") and after.phase != "over":
            out = [f"Turn {before.turn} ends.", *out, f"Turn {after.turn} begins."]
        return out

    def actor(self, state: Any, action: Action) -> Any:
        """The player an action is for; a purchase in the rulebook's order is its phone's own (``seat``), its
        ``player`` the one whose purchases come next (the tracker judges it)."""
        if action.get("type") == "purchase-in-order":
            return None
        p = action.get("player")
        return p if action.get("type") not in self.setup_types and p is not None else None

    def may_act(self, state: Any, player: Any) -> bool:
        return type(player) is int and 0 <= player < len(state.civs)

    def other_seat_sentence(self, state: Any, action: Any, seat: Any, player: Any) -> str:
        def name(i: Any) -> str:
            return state.civs[i].name if type(i) is int and 0 <= i < len(state.civs) else "another player"

        return (f"{name(seat)}'s phone acts for {name(seat)} only; {name(player)}'s choices are made on "
                f"{name(player)}'s phone or on the tablet.")

    def seat_sentence(self, state: Any, player: Any) -> str:
        return f"There is no player {player!r} in this game; its players are 0 to {len(state.civs) - 1}."


@lru_cache(maxsize=3)
def _world(players: int) -> dict[str, Any]:
    """A World of the generator for a scoring started from a World (the same for every call)."""
    from .world.worldgen import generate

    return generate(players, seed=players).to_dict()


class ScoringContract(Contract):
    kind = "scoring"
    closed = True
    action_types = frozenset(SCORING_ACTIONS)
    setup_types = frozenset(("start",))
    after_end = frozenset(("start",))  # scoring again replaces the score

    def started(self, state: Any) -> bool:
        return bool(state.started)

    def setup_sentence(self, state: Any) -> str:
        return "Choose where the end of game comes from first: the tracked game or a World."

    def over_sentence(self, state: Any) -> str:
        return "These scores are final and kept in the history; start a new scoring to change them."

    def legal_actions(self, state: Any, seat: Any = None) -> list[Move]:
        if not state.started:
            names = ("Red", "Yellow", "Green", "Blue")
            return [Move({"type": "start", "source": "a World", "world": _world(n),
                          "players": [{"name": names[k]} for k in range(n)], "colours": [c.lower() for c in names[:n]]})
                     for n in (2, 3, 4)] + self.entered(state)
        if state.finished:
            return []  # scoring again (a new ``start``) replaces the score: ``after_end``
        names = [p.name for p in state.players]
        todo = state.regions_to_vote()
        votes = [Move({"type": "vote", "region": k, "controller": who}) for k in todo for who in (*names, None)]
        books = [Move({"type": "books", "player": i}, (Field("gold", 0, 30),)) for i in range(len(names))]
        out = _spread(votes, 0.8) + _spread(books, 0.1)
        if todo:
            out.append(Move({"type": "rest-empty"}, weight=0.02))
        else:
            out.append(Move({"type": "finish", "path": "fast"}, weight=0.5))
        out += [Move({"type": "mode", "path": "fast"}, weight=0.02)]
        return out + self.entered(state)

    def entered(self, state: Any, seat: Any = None) -> list[Move]:
        """What the table enters as it is: a piece or a building on a Space, a player's books, the path..."""
        if not state.started:
            return [Move({"type": "start"}, SCORING_GIVEN["start"], weight=0.0)]
        return [] if state.finished else [Move({"type": t}, SCORING_GIVEN[t], weight=0.0) for t in SCORING_ACTIONS]

    def player_count(self, action: Action) -> int | None:
        return len(action["players"]) if action.get("type") == "start" and isinstance(action.get("players"), list) else None

    def outcome(self, state: Any) -> Outcome | None:
        if not state.finished:
            return None
        from .world.views import colour_hex

        s = state.shown_score()
        # the colours chosen at Setup, where the scoring's start names them (else History reads them back from the logs)
        colours = {p.name: colour_hex(c) for p, c in zip(state.players, state.colours)} if state.colours else {}
        return Outcome(
            winners=tuple(s.winners),
            scores={p.name: p.total for p in s.players},
            pad={p.name: p.to_dict() for p in s.players},
            sentence=s.verdict,
            title=state.world_name or f"A {len(state.players)}-player World",
            extra={"colours": colours} if colours else {},
            of=state.game or None,
        )


CONTRACTS = {"world": WorldContract(), "game": GameContract(), "scoring": ScoringContract()}
