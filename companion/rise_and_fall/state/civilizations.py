"""The state of a tracked game of Rise & Fall: each Civilization's cards, Treasury, pieces and
Trophies, and the automatic changes the rulebook makes to it whenever pieces come or go.

Pure Python, below the tracker (:mod:`companion.rise_and_fall.play.tracker`, which decides what each action does) and
the variants' rules (the Guilds, the Tales), which all change the state with these functions. The game holds
each variant with its own state (``Game.variants``); it asks them whose move it is in the phases they
add, how many Trophies their pieces claimed, how much Wood and Stone a player may hold and what a card in
Decline costs them, naming none of them and importing none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.hexgrid import Hex
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.state.records import replace, with_civ
from companion.rise_and_fall.world.tiles import Tile

if TYPE_CHECKING:
    from companion.rise_and_fall.variants import Variant

PHASES = {
    "placement": "Placement of the first game pieces",
    "A": "A – Play a Civilization card",
    "B": "B – Take Actions",
    "C": "C – Decline",
    "D": "D – Purchase a card in Decline",
    "E": "E – Recycle cards: the Doppelgangers may swap Guild cards",
    "guilds": "Guild cards: keep, give one to the left, return the rest",
    "over": "The game is over: Tallying Victory Points",
}
PILES = ("hand", "discard", "reserve", "decline", "played")
#: Said when no Civilization is left in the game (then the game is over, with no winner).
ALL_EXTINCT = "Every Civilization is extinct"

#: The version of the tracker's rules that a new game's ``setup`` action names (``tracker_version``). A log
#: without it was written by version 1 and replays as then: every player taps in phase D, and the
#: counts entered are not capped by the World (an old log may hold such counts). Version 3 adds the
#: Guild variant (a ``guilds`` key in ``setup``); a game without it plays as in version 2. Version 4 adds the
#: Tale pieces and buildings (``tales``, from a World with Tales); a game without Tales plays as in version 3, and
#: a game of an older version with Tales as then (the Tales only at the scoring). Version 5 plays the
#: Fantastic Events and the special areas' effects during the game; a game of version 4 replays as it was written.
#: Version 6 refuses a Trade or a Tithe that counts nothing (a count of 0 would spend the piece's action for
#: 0 GP); older logs, which may hold such actions, replay as they were written.
#: Version 7 checks what the World and the first pieces already tell: the Leviathan's and the Water Elemental's first
#: Space (their Sea Region, an empty Space), the Leviathan that does not move with no Ship in the World, a conversion's
#: ``on`` where a rule depends on where the unit stands, and the Psy-Monks' range of 2 at the normal price; a game of
#: version 6 replays as it was written.
#: Version 8 counts no more of a player's pieces laid on their side (Storm Peak, the Typhoon) than they have in the World:
#: a piece laid down that leaves the World (destroyed, converted, returned to build a Tale's building) leaves the count,
#: so the pieces stood back up are the ones still lying; and a Guild card drawn at the Doppelganger's House that the
#: Doppelgangers swap away is no longer the card the House discards when used again. A game of version 7 replays as it
#: was written.
#: Version 9 places no first City on a special area ('players are not allowed to construct a City, Temple, or any special
#: buildings on a special area'; 'Nothing can be built on Swamps'), as the end-scoring check refuses it; a game of version 8
#: replays as it was written.
TRACKER_VERSION = 9
#: The rules of a game joined in progress whose log's state names no version: such logs were written
#: while version 7 was the current one (a state names its version in the log since version 8).
STATE_UNSTAMPED_VERSION = 7
CONVERSION_ON_SINCE = 7
FIRST_PIECE_OFF_AREAS_SINCE = 9
NOTHING_COUNTED_SINCE = 6

#: What a game not set up yet (``Game()``, which holds no variant) answers for each variant's ``fields``:
#: the variant's state when not played, written by :mod:`companion.rise_and_fall.variants.registered` for each
#: variant it lists.
BEFORE_SETUP: dict[str, Any] = {}


@dataclass(frozen=True)
class Civ:
    """One player's Civilization: cards by state, Treasury, pieces in the World, Trophies."""

    name: str
    colour: str
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()  # last played on top (at the end)
    reserve: tuple[str, ...] = ()
    decline: tuple[str, ...] = ()
    played: tuple[str, ...] = ()  # the card face up in front of the player this turn
    gold: int = 0
    wood: int = 0
    stone: int = 0
    pieces: tuple[tuple[str, int], ...] = ()  # (type, count in the World)
    trophies: tuple[str, ...] = ()
    extinct: bool = False
    guilds: tuple[str, ...] = ()  # the Guild cards in front of the player, face up

    def count(self, piece: str) -> int:
        return dict(self.pieces).get(piece, 0)

    def where(self, card: str) -> str:
        for pile in PILES:
            if card in getattr(self, pile):
                return pile
        raise KeyError(card)

    @property
    def active(self) -> tuple[str, ...]:
        """'The cards in a player's Hand and in their Discard pile are their active cards.'"""
        return self.hand + self.discard

    def in_reserve(self, piece: str) -> int:
        return load_rules().pieces_per_player[piece] - self.count(piece)


@dataclass(frozen=True)
class Game:
    civs: tuple[Civ, ...] = ()
    trophies_to_end: int = field(default_factory=lambda: load_rules().standard_trophies_to_end)
    bank_gold: int = 0
    bank_wood: int = 0
    bank_stone: int = 0
    first: int = 0  # who holds the First Player token
    turn: int = 0
    phase: str = "setup"
    tiles: tuple[Tile, ...] = ()  # the World the game is played on
    world_name: str = ""
    positions: tuple[tuple[Hex, int, str], ...] = ()  # (space, player, type) of the first pieces
    acting: int | None = None  # phase B: who is taking actions
    acting_card: str | None = None  # the card they played
    activations: int = 0  # pieces activated so far by the acting player
    act_limit: int = 0  # pieces of that type they had when they began
    claimed_this_turn: tuple[tuple[str, int], ...] = ()  # (trophy, player)
    cards_owed: tuple[int, ...] = ()  # phase C: how many cards each player still owes to the Decline zone
    face_down: tuple[tuple[int, str], ...] = ()  # phase C: (player, card) placed in Decline, not yet turned over
    drawn: tuple[int, ...] = ()  # phase A: players whose card was drawn at random from their hand
    decided: tuple[int, ...] = ()  # phase D: players who bought or passed
    in_order: bool = False  # phase D: the purchases go one at a time, clockwise from the First Player
    before: tuple[tuple[int, Civ], ...] = ()  # phases A and C: each chooser's cards before their first face-down card
    pass_tablet: bool = False  # the table's choice: each player chooses their card out of the others' sight
    tracker_version: int = 1  # see TRACKER_VERSION
    variants: tuple[tuple[Variant, Any], ...] = ()  # each variant of the game with its state (variants/__init__.py)
    notes: tuple[str, ...] = field(default=(), compare=False)  # what happened by itself (for the screen)

    @property
    def claimed(self) -> int:
        """The Trophies claimed, the Tales' Trophies too ('this allows to move up the Trophies to record the
        total number of Trophies won and indicate the price to purchase cards in Decline')."""
        return sum(len(c.trophies) for c in self.civs) + sum(v.trophies(self) for v, _ in self.variants)

    @property
    def decline_price(self) -> int:
        return load_rules().decline_cost(self.claimed)

    def price_for(self, i: int) -> int:
        """What player ``i`` pays for a card in Decline now, as each variant changes it (the Archivists pay half)."""
        price = self.decline_price
        for v, _ in self.variants:
            price = v.decline_price(self, i, price)
        return price

    def treasury_limit(self, i: int, civ: Civ | None = None) -> dict[str, int]:
        """How many Wood and Stone player ``i`` may hold, as each variant changes it (5 each; the Collectors 10),
        or would hold as ``civ`` (their Civilization changed, not yet in the game: a Guild card taken or given)."""
        game = self if civ is None else replace(self, civs=self.civs[:i] + (civ,) + self.civs[i + 1:])
        limit = load_rules().treasury_limit
        for v, _ in game.variants:
            limit = v.treasury_limit(game, i, limit)
        return limit

    def order(self) -> list[int]:
        """Players clockwise from the First player, extinct ones left out."""
        n = len(self.civs)
        return [(self.first + k) % n for k in range(n) if not self.civs[(self.first + k) % n].extinct]

    def to_move(self) -> list[int]:
        """Whose move it is now (several players in the simultaneous phases)."""
        for v, _ in self.variants:  # a phase or a step a variant adds (the Guilds' choice, the Fantastic Events)
            who = v.to_move(self)
            if who is not None:
                return who
        if self.phase == "placement":
            return [self.next_placer()] if self.next_placer() is not None else []
        if self.phase == "A":
            return [i for i in self.order() if not self.civs[i].played]
        if self.phase == "B":
            return [self.acting] if self.acting is not None else []
        if self.phase == "C":
            return [i for i in self.order() if self.cards_owed[i] > 0]
        if self.phase == "D":
            left = [i for i in self.order() if i not in self.decided]
            return left[:1] if self.in_order else left
        return []

    def __getattr__(self, name: str) -> Any:
        """A variant's state by the name the game's state had before the variants kept their own
        (``game.levels``, ``game.tales``, ``game.tale_play``): scripts, screens and tests read these."""
        if name.startswith("__") or name == "variants":
            raise AttributeError(name)
        for v, st in self.__dict__.get("variants", ()):
            if name in v.fields:
                return getattr(st, name)
        if name in BEFORE_SETUP:  # a game not set up yet holds no variant: each answers as when not played
            return BEFORE_SETUP[name]
        raise AttributeError(f"'Game' object has no attribute {name!r}")

    def replace_elsewhere(self, changes: dict[str, Any]) -> Game:
        """:func:`.records.replace` of fields kept in the variants' states (``replace(game, tale_play=...)``)."""
        mine = {k: v for k, v in changes.items() if k in _GAME_FIELDS}
        rest = {k: v for k, v in changes.items() if k not in mine}
        held = []
        for v, st in self.variants:
            theirs = {k: rest.pop(k) for k in [k for k in rest if k in v.fields]}
            held.append((v, replace(st, **theirs) if theirs else st))
        if rest:
            raise TypeError(f"Game has no field {sorted(rest)[0]!r}")
        return replace(self, **mine, variants=tuple(held))

    def next_placer(self) -> int | None:
        placed = [0] * len(self.civs)
        for _, i, _ in self.positions:
            placed[i] += 1
        for k in range(3 * len(self.civs)):
            i = self.order()[k % len(self.order())]
            if placed[i] <= k // len(self.order()):
                return i if placed[i] < 3 else None
        return None

    def occupied(self) -> dict[Hex, tuple[int, str]]:
        return {s: (i, t) for s, i, t in self.positions}


# --- helpers that keep the rules' automatic state changes in one place -----------------------
def without(pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    return tuple(c for c in pile if c != card)


def move_card(civ: Civ, card: str, to: str) -> Civ:
    src = civ.where(card)
    civ = replace(civ, **{src: without(getattr(civ, src), card)})
    return replace(civ, **{to: getattr(civ, to) + (card,)})


def state_changes(game: Game, i: int, notes: list[str]) -> Game:
    """'If a player loses their last piece of a given type, the corresponding card is immediately
    placed into their reserve' and 'If a player controls a type of piece for which they don't have
    an active card and which isn't in Decline, they immediately add the corresponding card to
    their hand from their reserve.'"""
    civ = game.civs[i]
    for t in PIECE_TYPES:
        where = civ.where(t)
        n = civ.count(t)
        if n == 0 and where in ("hand", "discard", "played"):
            civ = move_card(civ, t, "reserve")
            notes.append(f"{civ.name} has no {t.title()} left: the {t.title()} card goes to the reserve.")
        elif n > 0 and where == "reserve":
            civ = move_card(civ, t, "hand")
            notes.append(f"{civ.name} has a {t.title()} in the World again: the {t.title()} card comes back to the hand.")
    return with_civ(game, i, civ)


def claim_trophies(game: Game, i: int, notes: list[str]) -> Game:
    """'The first player to place their last game piece of a given type in the World wins the
    matching Trophy.' Each Trophy once; never lost."""
    owned = load_rules().pieces_per_player
    taken = {t for c in game.civs for t in c.trophies}
    civ = game.civs[i]
    for t in PIECE_TYPES:
        if t not in taken and civ.count(t) == owned[t]:
            civ = replace(civ, trophies=civ.trophies + (t,))
            game = replace(game, claimed_this_turn=game.claimed_this_turn + ((t, i),))
            notes.append(f"{civ.name} has placed their last {t.title()}: the {t.title()} Trophy is theirs.")
    return with_civ(game, i, civ)


def with_pieces(civ: Civ, piece: str, delta: int) -> Civ:
    counts = dict(civ.pieces)
    counts[piece] = counts.get(piece, 0) + delta
    return replace(civ, pieces=tuple((t, counts.get(t, 0)) for t in PIECE_TYPES))


def after_pieces_change(game: Game, players: list[int], notes: list[str]) -> Game:
    for i in players:
        game = claim_trophies(game, i, notes)
        game = state_changes(game, i, notes)
    return game


_GAME_FIELDS = frozenset(Game.__dataclass_fields__)
