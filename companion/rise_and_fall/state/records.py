"""Frozen records changed quickly: the tracker's states are replayed thousands of times a game.

The lowest room of Rise & Fall's game: the state (:mod:`.civilizations`), the tracker and its variants
all change records with these, and none of them imports another for it.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

_R = TypeVar("_R")
_FIELDS: dict[type, frozenset[str]] = {}


def replace(obj: _R, **changes: Any) -> _R:
    """``dataclasses.replace`` for frozen records without running ``__init__`` again:
    a replay makes thousands of them (``make bench``: replay a game from its log)."""
    names = _FIELDS.get(type(obj))
    if names is None:
        names = _FIELDS[type(obj)] = frozenset(f.name for f in fields(obj))  # type: ignore[arg-type]
    if not names.issuperset(changes):
        elsewhere = getattr(type(obj), "replace_elsewhere", None)  # a field kept in a part of the record (a variant's state)
        if elsewhere is None:
            raise TypeError(f"{type(obj).__name__} has no field {sorted(set(changes) - names)[0]!r}")
        return elsewhere(obj, changes)
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def with_civ(game: Any, i: int, civ: Any) -> Any:
    """The game with player ``i``'s Civilization replaced, then as each variant of the game keeps itself in step with
    it (from version 8 no more of a player's pieces lie on their side than they have in the World)."""
    civs = list(game.civs)
    civs[i] = civ
    game = replace(game, civs=tuple(civs))
    for v, _ in game.variants:
        game = v.on_civ(game, i)
    return game
