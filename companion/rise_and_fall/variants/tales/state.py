"""What the Tales add to a tracked game's state (:class:`TalesGame`, held in ``Game.variants``): the
Tales drawn for the World and its Tale pieces, the Tale pieces and buildings (:class:`TaleState`, played by :mod:`.tale_pieces`) and the Tales during the game
(:class:`TalesInPlay`, played by :mod:`.tales_in_play` and :mod:`.fantastic`).

Records only, below the game's state and the modules that play them, so none of them imports another
upward.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rise_and_fall.variants import state_of, with_state

#: The Tales' name among the variants of a game (``Game.variants``).
NAME = "tales"

#: The tracker's version from which a piece laid on its side that leaves the World leaves the count of laid pieces:
#: no more of a player's pieces of a type lie on their side than they have in the World (a state says the same).
LAID_IN_WORLD_SINCE = 8


@dataclass(frozen=True)
class TalesInPlay:
    """What the Tales add to a tracked game's state (all empty in a game without Tales)."""

    events: tuple[int, ...] = ()  # phase E: the Fantastic Events still to resolve, lowest number first
    event_turn: int = 0  # the turn whose Recycling phase fired the Fantastic Events
    creatures: tuple[tuple[str, int, int], ...] = ()  # (piece, q, r): where a Creature was last moved
    volcano: str | None = None  # the Volcano active side up: its orientation (None: inactive side up)
    laid: tuple[tuple[int, str, int], ...] = ()  # (player, type, count) of pieces laid on their side
    rising: int = 0  # phase B: the acting player's laid pieces that stand up at the end of their turn
    doubled: bool = False  # phase B: each Merchant performs two different actions (the Caravansary)
    used: tuple[str, ...] = ()  # phase B, with the Caravansary: the actions taken this turn
    house: tuple[tuple[int, str], ...] = ()  # (player, Guild card) taken at the Doppelganger's House


NONE = TalesInPlay()


@dataclass(frozen=True)
class TaleState:
    """The Tale pieces of a tracked game: who has which building in the World, the Dragon and the
    Bridge (which belong to no one), the Tale Trophies claimed, and the buildings' actions taken."""

    drawn: tuple[int, ...]
    buildings: tuple[tuple[tuple[str, int], ...], ...]  # per player: (building, how many in the World)
    world: tuple[tuple[str, int], ...] = ()  # pieces of no one in the World: ('dragon', 1), ('bridge', 0)
    trophies: tuple[tuple[int, int], ...] = ()  # (Tale number, player), in the order claimed
    used: tuple[tuple[str, int, int], ...] = ()  # (building, player, turn): a building's own action taken

    def count(self, i: int, building: str) -> int:
        return dict(self.buildings[i]).get(building, 0)

    def total(self, building: str) -> int:
        """How many stand in the World, whoever owns them."""
        return sum(dict(b).get(building, 0) for b in self.buildings) + dict(self.world).get(building, 0)

    def owner(self, building: str) -> int | None:
        return next((i for i in range(len(self.buildings)) if self.count(i, building)), None)

    def trophies_of(self, i: int) -> tuple[int, ...]:
        return tuple(n for n, j in self.trophies if j == i)


@dataclass(frozen=True)
class TalesGame:
    """The Tales' whole state in a tracked game (all empty in a game on a World without Tales)."""

    world_tales: tuple[int, ...] = ()  # the Tales drawn for the World (its layout's "tales"), kept for the scoring
    world_tale_pieces: tuple[tuple[str, int, int], ...] = ()  # the Dolmens and the Typhoon where the World has them
    tales: TaleState | None = None  # the Tale pieces and buildings (version 4, a World with Tales): pieces.py
    tale_play: TalesInPlay = NONE  # the Tales during the game (version 5): Fantastic Events, laid pieces, ...


NO_TALES = TalesGame()


def tales_of(game: Any) -> TalesGame:
    """The Tales' state in ``game`` (the empty one in a game on a World without Tales)."""
    return state_of(game, NAME) or NO_TALES


def with_tales(game: Any, **changes: Any) -> Any:
    """``game`` with the Tales' state changed (``with_tales(game, tale_play=...)``)."""
    return with_state(game, NAME, **changes)
