"""The variants of Rise & Fall, named once: the rules ask them in this order at each hook point
(the Guilds' changed yields come before the actions the Tales' special areas add).

Above the variants' rules and below the tracker, which reads :data:`VARIANTS` when a game is set up
(every game then holds each of them with its state) and names none of them.
"""

from __future__ import annotations

from companion.rise_and_fall.state.civilizations import BEFORE_SETUP
from companion.rise_and_fall.variants import Variant
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.guilds.variant import GUILDS
from companion.rise_and_fall.variants.tales import in_play as TP
from companion.rise_and_fall.variants.tales.variant import TALES

#: Every variant a new game holds (a test may add one, as a new variant would add itself here).
VARIANTS: list[Variant] = [GUILDS, TALES]
BEFORE_SETUP.update({f: getattr(v.initial, f) for v in VARIANTS for f in v.fields})


def card_actions(card: str, guilds: tuple[str, ...] = (), tales: tuple[int, ...] = ()) -> list[dict]:
    """The actions of ``card`` for a player holding ``guilds`` (the printed ones without), with the
    actions the special areas of ``tales`` add (:func:`.tales.in_play.in_play` of the game), outside of a game."""
    return G.card_actions(card, guilds) + TP.card_actions(card, tales)
