"""Frozen records changed quickly: the tracker's states are replayed thousands of times a game.

The lowest room of Rise & Fall's game: the state (:mod:`.civilizations`), the tracker and its variants
all change records with these, and none of them imports another for it.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

from companion.rise_and_fall.variants.tales.state import LAID_IN_WORLD_SINCE

_R = TypeVar("_R")
_FIELDS: dict[type, frozenset[str]] = {}


def replace(obj: _R, **changes: Any) -> _R:
    """``dataclasses.replace`` for frozen records without running ``__init__`` again:
    a replay makes thousands of them (``make bench``: replay a game from its log)."""
    names = _FIELDS.get(type(obj))
    if names is None:
        names = _FIELDS[type(obj)] = frozenset(f.name for f in fields(obj))  # type: ignore[arg-type]
    if not names.issuperset(changes):
        raise TypeError(f"{type(obj).__name__} has no field {sorted(set(changes) - names)[0]!r}")
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def with_civ(game: Any, i: int, civ: Any) -> Any:
    """The game with player ``i``'s Civilization replaced; from version 8 no more of its pieces lie on their side
    than it has in the World (a piece laid down that leaves the World is no longer counted laid down)."""
    civs = list(game.civs)
    civs[i] = civ
    game = replace(game, civs=tuple(civs))
    play = getattr(game, "tale_play", None)
    if play is not None and play.laid and game.tracker_version >= LAID_IN_WORLD_SINCE:
        laid = tuple((j, p, min(n, game.civs[j].count(p))) for j, p, n in play.laid)
        if laid != play.laid:
            game = replace(game, tale_play=replace(play, laid=tuple(x for x in laid if x[2] > 0)))
    return game
