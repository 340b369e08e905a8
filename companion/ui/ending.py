"""Whether a game is over, asked in one place by every piece of the shell (Undo's question, the games' list,
Continue): the game's own answer from the registry."""

from __future__ import annotations

from typing import Any

from ..errors import CompanionError
from ..games import game_of, qualified

#: A phone's Undo once the game is over: a finished game is reopened on the tablet only, where the table is asked
#: first ("Reopen the finished game?") and every page hears it; a phone's own Undo reopened it without a word.
OVER_ON_A_PHONE = ("The game is over: a phone does not reopen it. Undo on the tablet asks the table first "
                   "(Reopen the finished game?).")


def is_over(kind: str, state: Any) -> bool:
    """Whether a log of ``kind`` in ``state`` needs no more play (the game's ``finished`` hook)."""
    game = game_of(kind)
    return game is not None and game.is_finished(qualified(kind), state)


def session_over(session: Any) -> bool:
    """Whether the game a screen shows is over (False for none, or a file that cannot be read)."""
    if session is None:
        return False
    try:
        kind = session.log.meta().get("kind")
    except CompanionError:
        return False
    return isinstance(kind, str) and is_over(kind, session.state)


def title_of(session: Any, fallback: str = "this game") -> str:
    """The game's name as its log keeps it."""
    try:
        title = session.log.meta().get("title")
    except (CompanionError, AttributeError):
        return fallback
    return title if isinstance(title, str) and title else fallback
