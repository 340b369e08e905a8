"""The tablet's "Reseat" question: a seat's new code cuts the phone holding the old one off at once and for
good (a revoked code never comes back, so there is no undo), so the tablet asks first, naming the player.

"No" changes nothing; "Yes" gives the seat a new code only if the game and the seat's code are still the
ones the question was asked about (another page may have reseated, or the tablet moved to another game).
"""

from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W

from companion.errors import CompanionError
from companion.gamelog import Session
from companion.seats import RESEAT_CHANGED, Seats
from companion.ui.widgets import button, hbox, html_widget, message_html, own, vbox


class ReseatQuestion:
    """The question under a panel of seat codes (``widget``: empty until ``ask``); its sentences go to the
    panel's ``message``, and ``reseated`` redraws the codes after a seat got its new one. ``css`` names the
    buttons: ``{css}-yes`` and ``{css}-no``."""

    def __init__(self, session: Callable[[], Session[Any] | None], message: W.HTML, reseated: Callable[[], None],
                 css: str) -> None:
        self.session = session
        self.message = message
        self.reseated = reseated
        self.css = css
        self.widget = vbox([])

    def ask(self, seat: int, player: str) -> None:
        """Asked first: the phone holding the seat's code is cut off at once, for good."""
        s = self.session()
        if s is None:
            return
        try:
            held = Seats(s.log).all().get(seat)
        except CompanionError as e:
            self.message.value = message_html(str(e), "error")
            return
        what = (f"{player}'s phone, which holds it now, stops showing the seat at once" if held is not None and held.phone
                else "the code shown now stops opening it")
        asked = (s.log.path.stem, held.token if held else None)
        yes = button(f"Yes, give {player} a new code", lambda: self._reseat(seat, player, asked), f"{self.css}-yes",
                     primary=True)
        no = button("No, keep the code", self._keep, f"{self.css}-no")
        for b in (yes, no):
            own(b).width = "auto"
        self.message.value = ""
        self.widget.children = [
            html_widget(message_html(f"Reseat {player}? {what[0].upper() + what[1:]}, and it cannot be given back: "
                                f"{player} then scans the new code.", "warning")),
            hbox([yes, no]),
        ]

    def _keep(self) -> None:
        self.widget.children = []
        self.message.value = message_html("The seat keeps its code.", "info")

    def _reseat(self, seat: int, player: str, asked: tuple[str, str | None]) -> None:
        self.widget.children = []
        s = self.session()
        if s is None:
            return
        try:
            game, token = asked
            if game != s.log.path.stem:
                self.message.value = message_html(RESEAT_CHANGED, "error")
                return
            Seats(s.log).reseat(seat, expected=token)  # refused if the seat's code changed since the question
        except CompanionError as e:
            self.message.value = message_html(str(e), "error")
            return
        self.message.value = message_html(f"{player}'s seat has a new code; the old one no longer opens it.", "info")
        self.reseated()
