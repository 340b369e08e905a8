"""A game screen's row of ↶ Undo and ↷ Redo: a step back or forward in the game's log, said in one sentence.

The screen tells it which log (``session``), where its sentences go (``say``, ``error``) and how to draw the
game again (``redraw``); a game that plays a side itself steps over that side's answer too (``with_it``).
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from companion.errors import CompanionError
from companion.gamelog import Session
from companion.ui.widgets import button


def _never() -> bool:
    return False


def _nothing() -> None:
    pass


class UndoBar:
    """``widget``: the two buttons (``undo_btn`` and ``redo_btn``, named ``{css}-undo`` and ``{css}-redo``).

    ``undoable``: whether the log has an action the players may take back (the log's own answer unless given:
    a game whose setup stays says so here). ``with_it``: whether the next action goes with the one just taken
    back or brought back (the computer's answer to the player's turn), so one tap steps over both.
    ``before_undo`` runs once an undo is sure to happen; ``undone`` draws the game after it (``redraw`` unless
    given)."""

    def __init__(self, session: Callable[[], Session[Any] | None], css: str, say: Callable[[str], None],
                 error: Callable[[str], None], redraw: Callable[[], None], *,
                 undoable: Callable[[], bool] | None = None, with_it: Callable[[], bool] = _never,
                 before_undo: Callable[[], None] = _nothing, undone: Callable[[], None] | None = None) -> None:
        self.session = session
        self.say, self.error, self.redraw = say, error, redraw
        self.undoable = undoable or self._log_can_undo
        self.with_it = with_it
        self.before_undo = before_undo
        self.undone = undone or redraw
        self.undo_btn = button("↶ Undo", self.undo, f"{css}-undo")
        self.redo_btn = button("↷ Redo", self.redo, f"{css}-redo")
        self.widget = W.HBox([self.undo_btn, self.redo_btn])

    def _log_can_undo(self) -> bool:
        s = self.session()
        return s is not None and s.can_undo()

    def _redoable(self) -> bool:
        s = self.session()
        return s is not None and s.can_redo()

    def show(self, hold_redo: bool = False) -> None:
        """Each button is on only when its step can be taken (Redo also held while ``hold_redo``)."""
        self.undo_btn.disabled = not self.undoable()
        self.redo_btn.disabled = not self._redoable() or hold_redo

    def undo(self) -> None:
        self._step(self.undoable, Session.undo, "undo", "Undone.", self.undone, self.before_undo)

    def redo(self) -> None:
        self._step(self._redoable, Session.redo, "redo", "Redone.", self.redraw)

    def _step(self, can: Callable[[], bool], step: Callable[[Session[Any]], None], word: str, said: str,
              then: Callable[[], None], first: Callable[[], None] = _nothing) -> None:
        s = self.session()
        if s is None or not can():
            self.error(f"There is nothing to {word}.")
            return
        first()
        try:
            step(s)
            while self.with_it() and can():
                step(s)
        except CompanionError as e:  # the log refused (a full disk, a damaged file): its sentence stays on screen
            self.error(str(e))
            then()
            return
        self.say(said)
        then()
