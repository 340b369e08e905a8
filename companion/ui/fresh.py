"""A tap that carries what it answers: a button drawn for one question is made again, as a new widget in the
same place, when the question changes — so a tap on the old one (a second quick tap, a page behind another)
carries the old question and the core refuses it (``Session.do(..., seen=...)``: ``stale-tap``), while a tap on
the new one does what the player sees. Nothing moves: the new button takes the old one's place and size."""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from ..gamelog import stale_tap
from .widgets import button, hbox

_NOTHING = object()


class FreshButton:
    """``subject()``: the question the button answers now (for a game, the log's point, with whatever else
    the screen asks); ``on_tap(subject)`` gets the question the tapped button was drawn for, only while it is
    still the question asked — else ``refuse(sentence)`` is told the core's ``stale-tap`` refusal. ``widget``
    is its place; ``button`` the button shown now; :meth:`redraw` after every drawing of the screen."""

    def __init__(self, label: str, on_tap: Callable[[Any], None], css: str, subject: Callable[[], Any],
                 refuse: Callable[[str], None], primary: bool = False) -> None:
        self.label, self.on_tap, self.css, self.subject, self.primary = label, on_tap, css, subject, primary
        self.refuse = refuse
        self._about: Any = _NOTHING
        self.widget = hbox([], _dom_classes=("rf-fresh",))
        self.redraw()

    @property
    def button(self) -> W.Button:
        return self.widget.children[0]

    def redraw(self) -> None:
        """The question changed: a new button answers it (the old one's taps carry the old question)."""
        about = self.subject()
        if about == self._about:
            return
        disabled = self.button.disabled if self.widget.children else False
        self._about = about
        self.widget.children = [button(self.label, lambda: self._tap(about), self.css, self.primary, disabled=disabled)]

    def _tap(self, about: Any) -> None:
        if about != self.subject():
            self.refuse(str(stale_tap()))  # drawn for a question no longer asked: nothing is done
            self.redraw()
            return
        self.on_tap(about)

    @property
    def disabled(self) -> bool:
        return self.button.disabled

    @disabled.setter
    def disabled(self, value: bool) -> None:
        self.button.disabled = value

    def click(self) -> None:
        """A tap on the button shown now (for a script or a test)."""
        self.button.click()
