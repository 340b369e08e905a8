"""The Tales variant's rules during a game, as the :class:`~companion.rise_and_fall.variants.Variant`
the tracker asks: the Tale pieces and buildings (:mod:`.pieces`), the special areas and laid pieces
(:mod:`.in_play`) and the Fantastic Events (:mod:`.fantastic`), each hook a line that hands over to them.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction
from companion.gamelog import Action
from companion.rise_and_fall.state.civilizations import Game
from companion.rise_and_fall.state.records import replace
from companion.rise_and_fall.variants import Then, Variant, with_state
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales import in_play as TP
from companion.rise_and_fall.variants.tales import pieces as P
from companion.rise_and_fall.variants.tales.state import LAID_IN_WORLD_SINCE, NAME, NO_TALES, tales_of
from companion.rise_and_fall.variants.tales.tales import drawn_of, parse_markers


def _fantastic_event(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    game = F.resolve(game, a, notes)
    return then(game, notes) if not tales_of(game).tale_play.events else game


def _lay_down(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    return TP.lay_down(game, a, notes)


def _caravansary(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    return TP.claim_caravansary(game, a, notes)


def _place_creature(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    return F.place_creature(game, a, notes)


class Tales(Variant):
    """The Tales: special areas, Tale pieces and buildings, Fantastic Events, from the World's Tale cards."""

    name = NAME
    initial = NO_TALES
    fields = ("world_tales", "world_tale_pieces", "tales", "tale_play")
    actions = {"fantastic-event": _fantastic_event, "lay-down": _lay_down, "caravansary": _caravansary,
               "place-creature": _place_creature}
    seat_actions = ("fantastic-event", "lay-down", "caravansary")
    effects = {"tale": P.effect, "house": TP.house}

    def setup(self, game: Game, action: Action, world: Any, notes: list[str]) -> Game:
        if world is None:
            return game
        drawn = drawn_of(world.extra)
        markers = tuple((m.kind, *m.space) for m in parse_markers(world.extra.get("tale_pieces")))
        pieces = P.initial(drawn, len(game.civs)) if game.tracker_version >= 4 and drawn else None
        return with_state(game, NAME, world_tales=drawn, world_tale_pieces=markers, tales=pieces)

    def to_move(self, game: Game) -> list[int] | None:
        if game.phase == "E" and tales_of(game).tale_play.events:
            return [game.first]  # 'The Fantastic Event is resolved by the player who still has the First Player token'
        return None

    def on_civ(self, game: Game, i: int) -> Game:
        """A piece laid on its side that leaves the World leaves the count of laid pieces (version 8)."""
        play = tales_of(game).tale_play
        if play.laid and game.tracker_version >= LAID_IN_WORLD_SINCE:
            laid = tuple((j, p, min(n, game.civs[j].count(p))) for j, p, n in play.laid)
            if laid != play.laid:
                game = with_state(game, NAME, tale_play=replace(play, laid=tuple(x for x in laid if x[2] > 0)))
        return game

    def on_actor(self, game: Game, i: int, card: str) -> Game:
        extra = P.extra_actions(game, i, card) if tales_of(game).tales is not None else 0
        may_act, down = TP.standing(game, i, card)  # pieces laid on their side do not act
        if may_act + extra != game.act_limit:
            game = replace(game, act_limit=may_act + extra)
        return TP.new_actor(game, down)

    def card_actions(self, game: Game, i: int, card: str, actions: list[dict]) -> list[dict]:
        areas = TP.card_actions(card, TP.in_play(game))
        buildings = P.actions(game, i, card) if tales_of(game).tales is not None else []
        return actions + areas + buildings if areas or buildings else actions

    def idle(self, game: Game, i: int, card: str) -> Exception | None:
        if tales_of(game).tale_play.rising and not game.act_limit:
            return IllegalAction(f"{game.civs[i].name}'s {card.title()}s lie on their side: they perform no action this turn "
                                 "and stand back up at its end.", rule="laid-down")
        return None

    def check_act(self, game: Game, i: int, spec: dict) -> None:
        TP.check_activation(game, spec["id"])

    def count_limits(self, game: Game, i: int, spec: dict, limits: dict[str, tuple[int, str]]) -> dict[str, tuple[int, str]]:
        return P.count_limits(game, i, spec, limits) if tales_of(game).tales is not None else limits

    def check_place(self, game: Game, i: int, piece: str, space: Any) -> None:
        TP.first_piece_problem(game, i, piece, space)  # nothing built on a special area

    def conversion_cost(self, game: Game, cost: dict[str, int], action: Action) -> dict[str, int]:
        return TP.conversion_cost(game, cost, action)  # the Monastery's range, the Dolmens' protection

    def after_act(self, game: Game, spec: dict) -> Game:
        return TP.activated(game, spec["id"])

    def on_end_turn(self, game: Game, i: int, card: str, notes: list[str]) -> Game:
        return TP.stand_up(game, i, card, notes)

    def on_recycle(self, game: Game, notes: list[str]) -> tuple[Game, bool]:
        game = F.fire(game, notes)  # the Fantastic Events, before the hands are recycled and the token passes
        return game, bool(tales_of(game).tale_play.events)

    def on_extinct(self, game: Game, i: int, notes: list[str]) -> Game:
        return P.extinct(game, i, notes) if tales_of(game).tales is not None else game

    def view(self, game: Game, viewer: int | None) -> dict[str, Any]:
        """The Fantastic Events waiting, and the Tale pieces and buildings (all of it public)."""
        st = tales_of(game)
        out: dict[str, Any] = {"events": st.tale_play.events}
        if st.tales is not None:
            out.update(tales=st.tales, tale_lines=tuple(P.summary(game)))
        return out

    def claims(self, game: Game, i: int) -> list[tuple[Action, str, str]]:
        """The special areas' claims: the Caravansary, a piece of the card laid down by Storm Peak."""
        if not TP.in_play(game):
            return []
        card = str(game.acting_card)
        spec = TP.caravansary(game) or {}
        out = [({"type": "caravansary", "player": i},
                f"Caravansary: {spec.get('where', '')} — each Merchant performs two different actions", "rf-caravansary")]
        if card in TP.storm_peak_pieces(game):
            out.append(({"type": "lay-down", "player": i, "piece": card, "count": 1},
                        f"A {card.title()} entered a space next to Storm Peak: lay it down", "rf-lay-down"))
        return out

    def describe(self, action: Action, who: str, names: list[str]) -> str | None:
        line = TP.describe(action, who)  # the Tales' actions, a special area's action
        if line or action.get("type") != "act":
            return line
        label = P.label(action.get("action"))  # a Tale building's action, whatever the World
        return f"{who}: {label}" if label else None

    def trophies(self, game: Game) -> int:
        pieces = tales_of(game).tales
        return len(pieces.trophies) if pieces is not None else 0

    def scoring(self, game: Game, i: int) -> dict[str, Any]:
        return P.scoring(game, i) if tales_of(game).tales is not None else {}

    def scored_world(self, game: Game) -> dict[str, Any]:
        st = tales_of(game)
        out: dict[str, Any] = {}
        if st.world_tales:
            out["tales"] = list(st.world_tales)
        if st.world_tale_pieces:
            out["tale_pieces"] = [{"area": k, "q": q, "r": r} for k, q, r in st.world_tale_pieces]
        return out


TALES = Tales()
