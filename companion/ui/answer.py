"""A sentence where the finger is: every answer to a tap (done, refused, what it did) said in a place kept for it.

A game's screens hold one :class:`Answers`; each screen places its own slot (``answers.slot(name)``) next to
the controls its taps come from. A sentence goes to the slot of the screen in front (the screen the tap came
from), never to another screen; the other slots are emptied, so no screen keeps a sentence about a tap made
elsewhere. A slot has its room kept (``rf-message-slot``: a fixed height, empty or not), so a sentence that
comes or goes moves nothing under the finger. A sentence about a question the screen no longer asks (another
cavern, another nation, another game) is cleared when the screen is drawn again (:meth:`Answers.check`).
A game that can only be read (damaged, or a disk that cannot be written) says so in the slot in front, beside
every sentence, so no other answer replaces it (``note``).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

import ipywidgets as W

from .widgets import html_widget, message_html

SLOT_CLASS = "rf-message-slot"


def _no_place() -> str:
    return ""


def _no_subject() -> object:
    return None


class Answers:
    """The answers of one game's screens: ``say(text, level)``, ``error(text)``, ``clear()``; ``slot(name)``
    is the widget each screen places next to its controls; ``message`` is the slot last written (or the
    first one), for a script or a test that reads what was said."""

    def __init__(self, place: Callable[[], str] = _no_place, subject: Callable[[], object] = _no_subject,
                 note: Callable[[], str] = _no_place) -> None:
        self.place = place  # the screen in front now (the page's; "" when the game is shown alone)
        self.subject = subject  # what the screens ask now: a sentence about another question goes
        self.note = note  # HTML said beside every answer (a game that can only be read says so)
        self.slots: dict[str, W.HTML] = {}
        self._last: str | None = None
        self._about: object = None
        self._at: str | None = None  # the slot of the control being answered now (:meth:`at`)
        self._refused = False  # the last answer said is a refusal

    def slot(self, name: str) -> W.HTML:
        """The reserved place for the answers of screen ``name`` (made once)."""
        w = self.slots.get(name)
        if w is None:
            w = self.slots[name] = html_widget(_dom_classes=(SLOT_CLASS, "rf-answer", f"rf-answer-{_css(name)}"))
        return w

    def _here(self) -> str:
        """The slot a sentence said now goes to: the screen in front's own (its first), else the first of all
        (a game of one screen, or screens shown on their own)."""
        place = (self.place() or "").lower()
        for name in sorted(self.slots, key=lambda n: n.lower() != place):  # its own slot, else another of that screen
            if _screen(name) == place:
                return name
        return next(iter(self.slots), "")

    def say(self, text: str, level: str = "info", at: str | None = None) -> None:
        """The answer to the tap just made, in the slot of the screen it came from (an empty text clears it);
        ``at``: a slot of that screen by the control tapped ("Board: save", a screen's second place)."""
        at = at or self._at
        here = at if at in self.slots else self._here()
        note = self.note()
        for name, w in self.slots.items():
            value = (message_html(text, level) if text and name == here else "") + (note if name == here else "")
            if w.value != value:
                w.value = value
        self._last = here
        self._about = self.subject()
        self._refused = bool(text) and level == "error"

    @contextmanager
    def at(self, name: str) -> Iterator[None]:
        """What is said while a control's tap is answered goes to its own slot (``"Clan board: tiles"``)."""
        before, self._at = self._at, name
        try:
            yield
        finally:
            self._at = before

    def error(self, text: str) -> None:
        self.say(text, "error")

    def warn(self, text: str) -> None:
        self.say(text, "warning")

    def clear(self) -> None:
        self.say("")

    def typed(self) -> None:
        """The player changed what is typed after a refusal: the refusal spoke of what was sent then, not of what
        is on the screen now, so it goes (an answer that is not a refusal stays)."""
        if self._refused:
            self.clear()

    def shown(self, name: str) -> None:
        """Screen ``name`` comes to the front: a sentence said on another screen is not carried to it."""
        if self._last is not None and _screen(self._last) != name.lower():
            self.clear()

    def check(self) -> None:
        """Called whenever the screens are drawn: a sentence about a question no longer asked is cleared."""
        if self.subject() != self._about and any(w.value for w in self.slots.values()):
            self.clear()
        note = self.note()
        if note and not any(note in w.value for w in self.slots.values()):
            self.clear()  # the note, said where the table looks

    @property
    def message(self) -> W.HTML:
        if not self.slots:
            self.slot("")
        return self.slots[self._last if self._last in self.slots else self._here()]


def _screen(slot: str) -> str:
    """The screen a slot is on: "Board: save" is on the Board."""
    return slot.split(":", 1)[0].lower()


def _css(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.lower()) or "screen"


def place_of(table: object) -> Callable[[], str]:
    """The page's screen in front (``Table.place``), or none for a game's screens shown on their own."""
    place = getattr(table, "place", None)
    return place if callable(place) else _no_place
