"""A game screen's row of ↶ Undo and ↷ Redo: a step back or forward in the game's log, said in one sentence.

The screen tells it which log (``session``), where its sentences go (``say``, ``error``) and how to draw the
game again (``redraw``); a game that plays a side itself steps over that side's answer too (``with_it``).
Undo always says what it took back (``describe``: one action in words). Undo in a finished game asks first,
"Reopen the finished game?", naming the game and what would be taken back; the buttons never move for it
(the question comes below them).
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from companion.errors import CompanionError
from companion.gamelog import Session
from companion.ui.ending import session_over, title_of
from companion.ui.widgets import button, hbox, html_widget, message_html, own, vbox


def _never() -> bool:
    return False


def _nothing() -> None:
    pass


def plain(action: Any) -> str:
    """An action in words when the game gives none: its type."""
    return str(action.get("type", "an action")) if isinstance(action, dict) else "an action"


class UndoBar:
    """``widget``: the two buttons (``undo_btn`` and ``redo_btn``, named ``{css}-undo`` and ``{css}-redo``) and,
    below them, the place of the question before a finished game is reopened (``confirm``).

    ``undoable``: whether the log has an action the players may take back (the log's own answer unless given:
    a game whose setup stays says so here). ``with_it``: whether the next action goes with the one just taken
    back or brought back (the computer's answer to the player's turn), so one tap steps over both.
    ``before_undo`` runs once an undo is sure to happen; ``undone`` draws the game after it (``redraw`` unless
    given). ``describe``: an action of the log in words ("Blue: First Fallen")."""

    def __init__(self, session: Callable[[], Session[Any] | None], css: str, say: Callable[[str], None],
                 error: Callable[[str], None], redraw: Callable[[], None], *,
                 undoable: Callable[[], bool] | None = None, with_it: Callable[[], bool] = _never,
                 before_undo: Callable[[], None] = _nothing, undone: Callable[[], None] | None = None,
                 describe: Callable[[Any], str] = plain, over: Callable[[Any], bool] = session_over) -> None:
        self.session = session
        self.say, self.error, self.redraw = say, error, redraw
        self.undoable = undoable or self._log_can_undo
        self.with_it = with_it
        self.before_undo = before_undo
        self.undone = undone or redraw
        self.describe = describe
        self.over = over
        self.undo_btn = button("↶ Undo", self.undo, f"{css}-undo")
        self.redo_btn = button("↷ Redo", self.redo, f"{css}-redo")
        self.buttons = hbox([self.undo_btn, self.redo_btn])
        self.confirm = vbox([])  # "Reopen the finished game?" and its two answers
        self.confirm.add_class("rf-confirm")
        self._asked: tuple[Any, int] | None = None  # the game and the point of its log the question is about
        self.widget = vbox([self.buttons, self.confirm])
        self.widget.add_class("rf-undo-bar")

    def answer_beside(self, slot: W.HTML) -> None:
        """Undo's and Redo's answers said in ``slot`` (a slot of the game's answers), on the buttons' own row:
        the sentence where the finger is, for a bar far from the screen's own slot (it was 370 px away)."""
        slot.add_class("rf-undo-answer")
        self.buttons.children = (self.undo_btn, self.redo_btn, slot)

    def _log_can_undo(self) -> bool:
        s = self.session()
        return s is not None and s.can_undo()

    def _redoable(self) -> bool:
        s = self.session()
        return s is not None and s.can_redo()

    def show(self, hold_redo: bool = False) -> None:
        """Each button is on only when its step can be taken (Redo also held while ``hold_redo``)."""
        self.follow()
        self.undo_btn.disabled = not self.undoable()
        self.redo_btn.disabled = not self._redoable() or hold_redo

    def follow(self) -> None:
        """Called whenever the screens are drawn: a question about a game no longer shown, or moved since (a new
        game started, another game opened, another page's action), goes; it stayed over the new game."""
        s = self.session()
        if self.confirm.children and (self._asked is None or s is not self._asked[0] or s.head != self._asked[1]):
            self.confirm.children = []
            self._asked = None

    def undo(self) -> None:
        s = self.session()
        if s is not None and self.undoable() and self.over(s):
            self._ask_to_reopen(s)
            return
        self._undo()

    def _undo(self, reopened: str = "") -> None:
        def words(taken: list[Any]) -> str:
            said = "Undone: " + "; ".join(self.describe(a) for a in taken) + "."
            return f"Reopened {reopened}. {said}" if reopened else said

        self._step(self.undoable, Session.undo, "undo", words, self.undone, self.before_undo)

    def redo(self) -> None:
        self._step(self._redoable, Session.redo, "redo", lambda again: "Done again: " + "; ".join(self.describe(a) for a in again) + ".",
                   self.redraw)

    # --- the end ---------------------------------------------------------------------------------
    def _ask_to_reopen(self, s: Session[Any]) -> None:
        """A finished game is finished: undoing into it is asked first, naming the game and what it takes back."""
        head, name = s.head, title_of(s)
        last = self.describe(s.applied[-1].action) if s.applied else "its last action"
        yes = button("Yes, reopen the game", lambda: self._reopen(s, head, name), "rf-reopen-yes", primary=True)
        no = button("No, keep it finished", self._keep_finished, "rf-reopen-no")
        for b in (yes, no):
            own(b).width = "auto"
        self._asked = (s, head)
        self.confirm.children = [
            html_widget(message_html(f"Reopen the finished game? This is {name}, and it is over: Undo takes back “{last}”.", "warning")),
            hbox([yes, no]),
        ]

    def _reopen(self, asked: Session[Any], head: int, name: str) -> None:
        self.confirm.children = []
        s = self.session()
        if s is not asked or s.head != head:
            self.error("The game changed since the question was asked; nothing was undone. Look and tap again.")
            self.redraw()
            return
        self._undo(reopened=name)

    def _keep_finished(self) -> None:
        self.confirm.children = []
        self.say("The game stays finished.")

    def _step(self, can: Callable[[], bool], step: Callable[[Session[Any]], None], word: str,
              said: Callable[[list[Any]], str], then: Callable[[], None], first: Callable[[], None] = _nothing) -> None:
        self.confirm.children = []
        s = self.session()
        if s is None or not can():
            self.error(f"There is nothing to {word}.")
            return
        first()
        before = list(s.applied)
        try:
            step(s)
            while self.with_it() and can():
                step(s)
        except CompanionError as e:  # the log refused (a full disk, a damaged file): its sentence stays on screen
            self.error(str(e))
            then()
            return
        after = {e.seq for e in s.applied}
        if word == "undo":
            moved = [e.action for e in before if e.seq not in after][::-1]
        else:
            seen = {e.seq for e in before}
            moved = [e.action for e in s.applied if e.seq not in seen]
        self.say(said(moved) if moved else ("Undone." if word == "undo" else "Redone."))
        then()

