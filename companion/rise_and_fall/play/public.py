"""What a viewer may see of a tracked game: a card placed face down stays face down.

The rulebook, phase A: "place it face down in front of themselves. Once all players have placed a
face-down card in front of themselves, the cards are revealed simultaneously." Phase C: "each player
must place one face-down card per Trophy claimed ... Once all of the players have placed their
cards, these are turned over".

A screen renders a :class:`TableView`, never the :class:`~.tracker.Game` itself. The shared tablet
is the viewer ``None`` (the whole table); a player's own screen is the viewer ``i`` and also sees
that player's own face-down cards. Hiding the card is not enough: a hand that shrinks by the card
just played tells which card it was, so a player with a face-down card shows the cards it is
*among* (their hand before the choice), not their hand after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.play.tracker import ALL_EXTINCT, PHASES, Civ, Game, card_actions
from companion.rise_and_fall.variants.registered import VARIANTS
from companion.rise_and_fall.world.wording import space_place
from companion.rise_and_fall.world.world import World
from companion.words import and_list, plural


def _in_order(cards: tuple[str, ...]) -> tuple[str, ...]:
    """Cards in the rulebook's order, so the order says nothing about which one was taken."""
    return tuple(sorted(cards, key=PIECE_TYPES.index))


@dataclass(frozen=True)
class CivView:
    """One player's Civilization as the viewer sees it."""

    name: str
    colour: str
    gold: int
    wood: int
    stone: int
    pieces: tuple[tuple[str, int], ...]
    trophies: tuple[str, ...]
    extinct: bool
    hand: tuple[str, ...]
    discard: tuple[str, ...]  # last played on top (at the end)
    reserve: tuple[str, ...]
    decline: tuple[str, ...]  # face up in the Decline zone
    played: tuple[str, ...]  # face up in front of the player
    face_down: int = 0  # cards of this player lying face down, not yet revealed
    face_down_where: str = ""  # "played" (in front of the player, phase A) or "decline" (phase C)
    among: tuple[str, ...] = ()  # the face-down cards are among these (listed here, not in hand or discard)
    guilds: tuple[str, ...] = ()  # Guild cards face up in front of the player (after the reveal)
    own_face_down: tuple[str, ...] = ()  # the viewer's own cards lying face down to the others (shown face up to them)
    price: int = 0  # what this player pays for a card in Decline now

    def count(self, piece: str) -> int:
        return dict(self.pieces).get(piece, 0)

    def in_reserve(self, piece: str) -> int:
        return load_rules().pieces_per_player[piece] - self.count(piece)


@dataclass(frozen=True)
class TableView:
    """The tracked game as one viewer may see it: everything but the cards still face down."""

    viewer: int | None
    phase: str
    turn: int
    first: int
    trophies_to_end: int
    claimed: int
    decline_price: int
    bank_gold: int
    bank_wood: int
    bank_stone: int
    civs: tuple[CivView, ...]
    to_move: tuple[int, ...]
    order: tuple[int, ...]
    acting: int | None
    acting_card: str | None
    activations: int
    act_limit: int
    owed: tuple[int, ...]  # phase C: cards each player still places into Decline
    pass_tablet: bool
    world_name: str
    levels: tuple[str, ...] = ()  # the Guild variant: each player's handicap level (empty: no Guilds)
    tales: Any = None  # the Tale pieces and buildings (tale_pieces.TaleState): all of it is public
    tale_lines: tuple[str, ...] = ()  # the Tale pieces in a sentence each
    events: tuple[int, ...] = ()  # the Tales whose Fantastic Events wait, lowest number first
    chosen: tuple[int, ...] = ()  # the Guild variant, before the reveal: who has chosen their Guild cards (not what)
    own_dealt: tuple[str, ...] = ()  # the viewer's own three Guild cards dealt, before the reveal (secret to the others)
    own_choice: tuple[tuple[str, ...], str | None] | None = None  # the viewer's cards kept and given, face down until the reveal
    kept: tuple[int, ...] = ()  # holders of the Doppelgangers not asked at the Recycling phase ('do not ask again')

    @property
    def phase_name(self) -> str:
        if self.phase == "E" and self.events:
            return "E – Recycle cards: the Fantastic Events"
        return PHASES.get(self.phase, self.phase)

    @property
    def ending(self) -> str:
        """Why the game is over, in a sentence."""
        if self.civs and all(c.extinct for c in self.civs):
            return f"{ALL_EXTINCT}: the game is over, with no winner."
        return f"{plural(self.claimed, 'Trophy')} {'is' if self.claimed == 1 else 'are'} claimed: the game is over."

    @property
    def face_down(self) -> int:
        return sum(c.face_down for c in self.civs)


def _civ_view(game: Game, i: int, civ: Civ, viewer: int | None) -> CivView:
    seen: dict[str, Any] = {
        "name": civ.name, "colour": civ.colour, "gold": civ.gold, "wood": civ.wood, "stone": civ.stone, "pieces": civ.pieces,
        "trophies": civ.trophies, "extinct": civ.extinct, "hand": civ.hand, "discard": civ.discard, "reserve": civ.reserve,
        "decline": civ.decline, "played": civ.played, "guilds": civ.guilds, "price": game.price_for(i),
    }
    if game.phase == "A" and civ.played:
        hidden = len(civ.played)
        placed = civ.played
        seen.update(hand=(), played=(), among=_in_order(civ.hand + civ.played), face_down_where="played")
    elif game.phase == "C" and any(j == i for j, _ in game.face_down):
        placed = tuple(c for j, c in game.face_down if j == i)
        hidden = len(placed)
        seen.update(
            hand=(), discard=(), decline=tuple(c for c in civ.decline if c not in placed),
            among=_in_order(civ.hand + civ.discard + placed), face_down_where="decline",
        )
    else:
        return CivView(**seen)
    if viewer == i:  # a player's own cards are never hidden from them
        seen.update(hand=civ.hand, discard=civ.discard, decline=civ.decline, played=civ.played, among=(), own_face_down=placed)
    return CivView(**seen, face_down=hidden)


def public_view(game: Game, viewer: int | None = None) -> TableView:
    """``game`` as ``viewer`` may see it (``None``: the whole table around one screen)."""
    civs = tuple(_civ_view(game, i, c, viewer) for i, c in enumerate(game.civs))
    started = bool(game.civs)
    return TableView(
        viewer=viewer,
        phase=game.phase,
        turn=game.turn,
        first=game.first,
        trophies_to_end=game.trophies_to_end,
        claimed=game.claimed,
        decline_price=game.decline_price,
        bank_gold=game.bank_gold,
        bank_wood=game.bank_wood,
        bank_stone=game.bank_stone,
        civs=civs,
        to_move=tuple(game.to_move()) if started else (),
        order=tuple(game.order()) if started else (),
        acting=game.acting,
        acting_card=game.acting_card,
        activations=game.activations,
        act_limit=game.act_limit,
        owed=game.cards_owed,
        pass_tablet=game.pass_tablet,
        world_name=game.world_name,
        **{k: x for v, _ in game.variants for k, x in v.view(game, viewer).items()},  # the Guilds', the Tales'
    )


@lru_cache(maxsize=4)
def _world(tiles: tuple) -> World:
    """The World a game is played on (it never changes during the game: built once)."""
    return World(tiles)


def describe(action: dict, game: Game | None = None) -> str:
    """One line of the game's history, naming no card that was placed face down; what a player
    recorded on their own phone says so."""
    text = _describe(action, game)
    return f"{text} (on their phone)" if "seat" in action else text


def _describe(action: dict, game: Game | None) -> str:
    names = [c.name for c in game.civs] if game and game.civs else []
    p = action.get("player")
    who = names[p] if names and type(p) is int and 0 <= p < len(names) else ""
    k = action.get("type")
    if k == "setup":
        players = [str(p.get("name", "")) for p in action.get("players", []) if isinstance(p, dict)]
        variant = " with the Guilds" if action.get("guilds") else ""
        return (f"New game for {and_list(players)}" if all(players) and players else "New game") + variant
    if k == "start-from-state":
        st = action.get("state") if isinstance(action.get("state"), dict) else {}
        players = [str(p.get("name", "")) for p in st.get("players", []) if isinstance(p, dict)]
        turn = st.get("turn", 1)
        return (f"A game in progress for {and_list(players)}" if all(players) and players else "A game in progress") + \
            (f", from turn {turn}" if type(turn) is int else "") + \
            (f", phase {st['phase']}" if st.get("phase", "A") in ("C", "D") else "")
    if k == "pass-tablet":
        return "Pass the tablet: on" if action.get("on") else "Pass the tablet: off"
    if k == "place-first":
        piece = str(action.get("piece", "piece")).title()
        q, r = action.get("q"), action.get("r")
        if game is not None and game.tiles and type(q) is int and type(r) is int:
            return f"{who} places a {piece} on {space_place(_world(game.tiles), (q, r))}"
        return f"{who} places a {piece}"
    if k == "play":
        if action.get("random"):
            return f"{who} was too slow: a card drawn at random, face down"
        return f"{who} plays a card face down"
    if any(k in v.actions for v in VARIANTS):  # an action a variant adds to the log says itself
        return next((line for v in VARIANTS if k in v.actions and (line := v.describe(action, who, names))), str(k))
    if k == "act":
        card = str(action.get("action", "")).split("-")[0]
        held = game.civs[p].guilds if who else ()
        found = [s["label"] for s in card_actions(card, held) if s["id"] == action.get("action")]
        then = ", then the end of their actions" if action.get("then") == "end-actions" else ""  # ended in the same tap
        if found:
            return f"{who}: {found[0]}{then}"
        # an action a variant adds to a card (a Guild's after its card changed hands, a special area's, a building's)
        line = next((line for v in VARIANTS if (line := v.describe(action, who, names))), None)
        return (line or f"{who}: {action.get('action')}") + then
    if k == "end-turn":
        return f"{who} ends their actions"
    if k == "change":
        return f"{who} changes their face-down card"
    if k == "purchase-in-order":
        return "The purchases go in order, from the First Player"
    if k == "decline":
        n = len(action["cards"]) if isinstance(action.get("cards"), list) else 1
        return f"{who} places {'a card' if n == 1 else f'{n} cards'} face down into Decline"
    if k == "buy":
        return f"{who} buys back the {str(action.get('card', '')).title()} card"
    if k == "pass":
        return f"{who} buys nothing"
    return str(k)
