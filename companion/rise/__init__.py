"""Rise!: a two-player game of land tiles, Workers and Towers (rules in pure Python, no widgets)."""

from typing import Any


def finished(kind: str, state: Any) -> bool:
    """For the registry: a Rise! game is finished once someone has won (undo reopens it)."""
    return kind == "game" and getattr(state, "winner", None) is not None
