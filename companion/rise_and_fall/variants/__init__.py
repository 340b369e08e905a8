"""Rise & Fall's variants as plug-ins: what a variant may add to the rules, and its state in a game.

A variant (the Guilds, the Tales) is one object of a subclass of :class:`Variant`: the rules of the
base game (:mod:`companion.rise_and_fall.play.tracker`) loop over the variants the game holds and ask
each at a few hook points, never naming one. Every hook's default changes nothing, so a variant
writes only the hooks its rulebook needs. The variants of Rise & Fall are listed once, in
:mod:`.registered`; a game holds each with its own state (``Game.variants``: pairs of the variant and
its state record), which the variant reads with :func:`state_of` and changes with :func:`with_state`.

It stands on the records (:mod:`companion.rise_and_fall.state.records`) and nothing else of Rise & Fall: not the
game's state, not even for its type hints (the game holds the variants, so its state, ``state.civilizations.Game``,
is only named here), nor the base game's rules (``play/``), which ask the variants through this interface and
:mod:`.registered` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from companion.rise_and_fall.state.records import replace

if TYPE_CHECKING:
    from companion.gamelog import Action
    from companion.rise_and_fall.world.layout import Layout

#: The game's state (:class:`companion.rise_and_fall.state.civilizations.Game`), which holds the variants.
Game = Any

#: What comes after a variant's action in the Recycling phase: the rest of that phase (the tracker's).
Then = Callable[["Game", list[str]], "Game"]
#: A log action a variant adds: the game, the action, the notes, and the rest of the Recycling phase.
Handler = Callable[["Game", "Action", list[str], Then], "Game"]
#: What a key of a card action's spec does once its cost is paid and its gain taken (``"attack"``, ``"tale"``).
Effect = Callable[["Game", int, dict, "Action", list[str]], "Game"]


class Variant:
    """A variant of Rise & Fall: its name, its state, and what it adds to the rules at each hook point.

    ``fields`` are the names its state answers on the game (``game.levels``, ``game.tale_play``), the
    names the game's state had before the variants kept their own: scripts, screens and tests read them.
    """

    name: str = ""
    #: Its state in a game it is not played in (also the start of a game it is played in).
    initial: Any = None
    fields: tuple[str, ...] = ()
    #: The actions it adds to the game's log, by type, and which of them a player's own phone may record.
    actions: Mapping[str, Handler] = {}
    seat_actions: tuple[str, ...] = ()
    #: What the keys it adds to a card action's spec do (the first key a spec holds is applied).
    effects: Mapping[str, Effect] = {}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.name == self.name

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.name))

    def __repr__(self) -> str:
        return f"<variant {self.name}>"

    # --- setting up -----------------------------------------------------------------------
    def setup(self, game: Game, action: Action, world: Layout | None, notes: list[str]) -> Game:
        """A new game from its ``setup`` action (and its World, parsed): the variant's state, and the
        phase it starts in (the Guilds are chosen before the first pieces)."""
        return game

    # --- a turn ---------------------------------------------------------------------------
    def to_move(self, game: Game) -> list[int] | None:
        """Whose move it is in a phase or a step the variant adds; None when it adds none now."""
        return None

    def on_civ(self, game: Game, i: int) -> Game:
        """Player ``i``'s Civilization has changed (:func:`.records.with_civ`): its pieces, its cards, its Treasury."""
        return game

    def on_actor(self, game: Game, i: int, card: str) -> Game:
        """Player ``i`` begins their actions with ``card`` (``act_limit`` holds their pieces of its type)."""
        return game

    def card_actions(self, game: Game, i: int, card: str, actions: list[dict]) -> list[dict]:
        """The actions of ``card`` for player ``i`` now, from those of the variants asked before."""
        return actions

    def idle(self, game: Game, i: int, card: str) -> Exception | None:
        """Why player ``i``'s pieces of ``card`` do not act, once they all have (a more precise refusal)."""
        return None

    def check_act(self, game: Game, i: int, spec: dict) -> None:
        """Refuse an action of a card the rules allow otherwise (raise :class:`IllegalAction`)."""

    def count_limits(self, game: Game, i: int, spec: dict, limits: dict[str, tuple[int, str]]) -> dict[str, tuple[int, str]]:
        """The most each count of an action may be, and why, from the base game's ``limits``."""
        return limits

    def conversion_cost(self, game: Game, cost: dict[str, int], action: Action) -> dict[str, int]:
        """What a Temple's conversion costs now."""
        return cost

    def check_place(self, game: Game, i: int, piece: str, space: Any) -> None:
        """Raise ``IllegalAction`` when player ``i``'s first ``piece`` may not be placed on ``space`` (a Tale's special
        area); the World's terrain is checked before."""

    def check_conversion(self, game: Game, i: int, target: int, kind: str, on: Any) -> None:
        """Refuse a conversion the variant forbids (raise :class:`IllegalAction`)."""

    def after_act(self, game: Game, spec: dict) -> Game:
        """An action has been taken (its pieces have acted)."""
        return game

    def on_end_turn(self, game: Game, i: int, card: str, notes: list[str]) -> Game:
        """Player ``i`` ends their actions with ``card``."""
        return game

    def on_recycle(self, game: Game, notes: list[str]) -> tuple[Game, bool]:
        """The Recycling phase, before the hands are recycled: the game, and whether it waits for a
        player's choice (then the tracker stops here until the variant's action goes on with it)."""
        return game, False

    def on_new_turn(self, game: Game) -> Game:
        """A new turn begins (phase A), after the Recycling phase."""
        return game

    def on_extinct(self, game: Game, i: int, notes: list[str]) -> Game:
        """Player ``i``'s Civilization has gone extinct."""
        return game

    # --- a player's Treasury and purchases ------------------------------------------------
    def treasury_limit(self, game: Game, i: int, limit: dict[str, int]) -> dict[str, int]:
        """How many Wood and Stone player ``i`` may hold, from the ``limit`` of the variants asked before."""
        return limit

    def decline_price(self, game: Game, i: int, price: int) -> int:
        """What player ``i`` pays for a card in Decline, from the ``price`` of the variants asked before."""
        return price

    # --- what the table sees -------------------------------------------------------------
    def view(self, game: Game, viewer: int | None) -> dict[str, Any]:
        """What it shows ``viewer`` (None: the whole table) beside the base game, by the fields of the table's view
        (:class:`companion.rise_and_fall.play.public.TableView`): a player's secret to that player alone."""
        return {}

    def claims(self, game: Game, i: int) -> list[tuple[Action, str, str]]:
        """What player ``i``, acting, may claim beside their card's actions (action, button label, class): the
        table's offers show those the rules take now."""
        return []

    def out_of_reach(self, view: Any, i: int, t: int, kind: str) -> set[str]:
        """Where player ``t``'s ``kind`` may stand and player ``i``'s may not, as the table's ``view`` shows the
        game: player ``i``'s Temple does not convert it there."""
        return set()

    def stands_on(self, view: Any, i: int, kind: str) -> set[str]:
        """Where player ``i``'s ``kind`` may stand beside its printed places, as the table's ``view`` shows the game
        (a Temple's conversion asks where a unit stands among the places both players' may stand)."""
        return set()

    def describe(self, action: Action, who: str, names: list[str]) -> str | None:
        """One line of the game's history for an action it adds to the log, or for an ``act`` of an action it adds
        to a card (``who`` is the acting player's name, ``names`` every player's); None when it is not its own."""
        return None

    # --- counting and scoring -------------------------------------------------------------
    def trophies(self, game: Game) -> int:
        """The Trophies it adds to those the players claimed (they count towards the end and the price of a card in Decline)."""
        return 0

    def scoring(self, game: Game, i: int) -> dict[str, Any]:
        """What the end of a tracked game carries into player ``i``'s entry of its scoring."""
        return {}

    def scored_world(self, game: Game) -> dict[str, Any]:
        """What it adds to the World that the end of a tracked game is scored on (its layout's ``extra``)."""
        return {}


def state_of(game: Any, variant: Variant | str) -> Any:
    """The state of ``variant`` (or of the variant of that name) in ``game``; None when it holds none."""
    name = variant if isinstance(variant, str) else variant.name
    for v, st in getattr(game, "variants", ()):  # a plain loop: the rules ask it thousands of times a replay
        if v.name == name:
            return st
    return None


def with_state(game: Any, variant: Variant | str, **changes: Any) -> Any:
    """The game with the state of ``variant`` changed."""
    name = variant if isinstance(variant, str) else variant.name
    held = tuple((v, replace(st, **changes) if v.name == name else st) for v, st in game.variants)
    return replace(game, variants=held)
