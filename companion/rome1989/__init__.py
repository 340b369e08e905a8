"""Rise and Fall (1989), the wargame of the fall of Rome: the turn record chart, status changes, the revolt
procedure, combat and victory (pure Python, no widgets; the screens are in ``screens/``)."""

from typing import Any


def finished(kind: str, state: Any) -> bool:
    """For the registry: a chart needs no more play once the game is won or ended (undo reopens it)."""
    return kind == "chart" and bool(getattr(state, "over", False))
