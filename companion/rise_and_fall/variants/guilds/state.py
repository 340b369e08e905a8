"""What the Guild variant adds to a tracked game's state (all empty in a game without Guilds).

A record only, below the game's state and the Guilds' rules (:mod:`.rules`). The Guild cards in
front of each player are the player's own (``Civ.guilds``): they stay with the Civilization.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GuildsState:
    """The deal and the choices of the Guild cards, and what the Guilds' powers count during a turn."""

    levels: tuple[str, ...] = ()  # each player's handicap level (empty: no Guilds)
    dealt: tuple[tuple[str, ...], ...] = ()  # the three Guild cards dealt to each player (secret)
    chosen: tuple[tuple[int, tuple[str, ...], str | None], ...] = ()  # (player, kept, given to the left), face down
    stolen: tuple[int, ...] = ()  # Thieves' Guild: Cities stolen from, per player, with the Nomad card played now
    swapped: tuple[int, ...] = ()  # phase E: who received the Doppelgangers this Recycling phase
    # the Doppelgangers kept 'do not ask again': (holder, every player's Guild cards when they said so)
    kept: tuple[tuple[int, tuple[tuple[str, ...], ...]], ...] = ()


NO_GUILDS = GuildsState()
