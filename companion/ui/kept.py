"""Widgets kept from one drawing of a screen to the next.

A screen that follows other devices is drawn again at every change of the game. Making new widgets
each time costs a "new widget" message per button and line, and the browser must build each one
before it can show anything; the old ones were never closed, so they piled up. Here a screen names each widget it
shows with a key (a button: its kind and label; a line of text or a row: its place in the drawing):
drawn again, the same key gives the same widget, and only what changed in it (a line's text) is
sent. Widgets not drawn again are kept for the next time they are drawn (``done``).
"""

from __future__ import annotations

from typing import Callable, Hashable

import ipywidgets as W

from .widgets import button, hbox, html_widget


class Kept:
    """The widgets of one part of a screen, by key, from one drawing to the next."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, W.Widget] = {}
        self._used: dict[Hashable, W.Widget] = {}
        self._do: dict[int, Callable[[], None]] = {}  # what each kept button does now
        self._n = 0  # lines and rows drawn so far in this drawing

    def html(self, value: str, lean: bool = False) -> W.HTML:
        """The next line of text of the drawing; ``lean``: one never resized nor restyled, made
        with the page's shared layout and style (no models of its own to send)."""
        self._n += 1
        make = html_widget if lean else W.HTML
        w = self._take(("html", self._n, lean), make)
        w.value = value
        return w

    def button(self, label: str, on_click: Callable[[], None], css: str, primary: bool = False,
               key: Hashable = None) -> W.Button:
        """A button that does what the latest drawing said (``on_click``); ``key`` tells apart
        buttons of one drawing with the same label and look."""
        k = ("button", css, label, primary, key)
        b = self._used.get(k) or self._kept.get(k)
        if b is None:
            b = button(label, lambda: self._do[id(b)](), css, primary)
        b.description = label
        self._do[id(b)] = on_click
        self._used[k] = b
        return b

    def row(self, children: list[W.Widget], css: str = "") -> W.HBox:
        """The next row of the drawing, holding ``children`` (on the shared layout)."""
        self._n += 1
        box = self._take(("row", self._n, css), lambda: _box(css))
        show(box, children)
        return box

    def _take(self, k: Hashable, make: Callable[[], W.Widget]) -> W.Widget:
        w = self._used.get(k) or self._kept.get(k)
        if w is None:
            w = make()
        self._used[k] = w
        return w

    def done(self) -> None:
        """The drawing is complete. Widgets it did not use are kept too, not closed: a tap on a
        button that reached the kernel just after the screen was drawn without it still runs
        its handler, which answers with the rules' sentence (a closed widget would drop the tap
        without a word). There are as many as distinct keys: a screen's buttons and lines."""
        self._kept.update(self._used)
        self._used, self._n = {}, 0


def _box(css: str) -> W.HBox:
    return hbox([], _dom_classes=tuple(css.split()))


def show(box: W.Box, children: list[W.Widget]) -> None:
    """Set a box's children only if they changed (no message when the same widgets are drawn again)."""
    if list(box.children) != children:
        box.children = children
