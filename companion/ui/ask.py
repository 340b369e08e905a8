"""A question to the table before a step that cannot be taken as tapped, in the place of the tap.

The rules refuse an action and name the one they would take instead (``IllegalAction.instead``: 1989's "End the
game" before anybody reached the goal is "End it unfinished"); the screen asks, with the refusal's own sentence,
and "Yes" sends that action — only if the game is still where it was when asked (another page's tap in
between makes the answer stale: nothing is done, and it is said). "No" takes nothing back and says so.
The question stands in a box placed next to the control tapped; its room is the screen's answer slot's.
"""

from __future__ import annotations

from typing import Any, Callable

from .widgets import button, hbox, html_widget, message_html, own, vbox


class Ask:
    """One question at a time: ``ask(sentence, yes, on_yes, no=...)``; ``subject()`` is what the question is
    about (the game and the point of its log): a "Yes" given after it changed does nothing."""

    def __init__(self, subject: Callable[[], Any], say: Callable[[str, str], None], css: str = "rf-ask") -> None:
        self.subject, self.say, self.css = subject, say, css
        self.widget = vbox([])
        self.widget.add_class("rf-confirm")
        self.widget.add_class(css)

    @property
    def asking(self) -> bool:
        return bool(self.widget.children)

    def ask(self, sentence: str, yes: str, on_yes: Callable[[], Any], no: str = "No", said_no: str = "Nothing was done.") -> None:
        about = self.subject()
        yes_btn = button(yes, lambda: self._yes(about, on_yes), f"rf-ask-yes {self.css}-yes", primary=True)
        no_btn = button(no, lambda: self._no(said_no), f"rf-ask-no {self.css}-no")
        for b in (yes_btn, no_btn):
            own(b).width = "auto"
        self.say("", "info")
        self.widget.children = [html_widget(message_html(sentence, "warning")), hbox([yes_btn, no_btn])]

    def cancel(self) -> None:
        self.widget.children = []

    def _yes(self, about: Any, on_yes: Callable[[], Any]) -> None:
        self.widget.children = []
        if self.subject() != about:
            self.say("The game changed on another page since the question was asked; nothing was done. "
                     "Look and tap again.", "error")
            return
        on_yes()

    def _no(self, said: str) -> None:
        self.widget.children = []
        self.say(said, "info")
