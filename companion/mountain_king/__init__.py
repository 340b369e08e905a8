"""Fall of the Mountain King: its Honour kept during each Wave and every Wave scored (pure Python, no widgets)."""

from typing import Any


def finished(kind: str, state: Any) -> bool:
    """For the registry: a game is finished once Wave III is scored (undo reopens it)."""
    return kind == "game" and bool(getattr(state, "finished", False))
