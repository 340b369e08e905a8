"""The tablet's seat codes: one QR code and address per player, which opens that player's nations on a phone.

A seat's address is this page's own address with ``?game=rise-and-fall-1989&seat=TOKEN`` (the same base as
Rise & Fall's seats: ``$COMPANION_SEAT_BASE``, or the host and port the tablet used). The tokens and the
player each seat is are kept in the game's file (:mod:`companion.rome1989.seats`).
"""

from __future__ import annotations

import html
from typing import Callable

from ...errors import CompanionError
from ...gamelog import Session
from ...seats import page_base, qr_svg, seat_url
from ...ui.reseat import ReseatQuestion
from ...ui.widgets import button, hbox, html_widget, message_html, own, vbox
from ...words import name_html
from ..game import ChartGame
from ..meta import GAME_ID
from ..seats import ensure_seats

#: The store's kind of a game's log (the screens read it from here).
KIND = f"{GAME_ID}/chart"


def seat_address(token: str, base: str | None = None) -> str:
    return seat_url(GAME_ID, token, base)


class SeatCodes:
    """The seat codes of the game on the tablet (hidden before its first nation and once it is over), each
    with a Reseat button that asks first, then gives the seat a new code (the old one stops opening it)."""

    def __init__(self, session: Callable[[], Session[ChartGame] | None], base: Callable[[], str] = page_base) -> None:
        self.session = session
        self.base = base
        self.message = html_widget()
        self.question = ReseatQuestion(session, self.message, self.refresh, "rf89-reseat")
        self.confirm = self.question.widget  # "Reseat Bo?" before a phone is cut off
        self.rows = hbox([], _dom_classes=("rf89-seat-codes",))
        own(self.rows).flex_flow = "row wrap"
        self.widget = vbox([html_widget("<b>Phones</b>: each player may scan their own code to keep their nations' "
                                     "charts on their phone; the tablet can still record every nation."),
                              self.message, self.confirm, self.rows])
        self.widget.add_class("rf89-seats")
        self._drawn: tuple | None = None

    def refresh(self) -> None:
        s = self.session()
        g = s.state if s is not None else None
        if s is None or g is None or not g.chart.nations or g.over:
            own(self.widget).display = "none"
            self.rows.children, self._drawn = [], None
            return
        own(self.widget).display = ""
        try:
            seats = ensure_seats(s.log, g.chart) if not s.read_only else []
        except CompanionError as e:
            self.message.value, self._drawn = message_html(str(e), "error"), None
            return
        drawn = (self.base(), tuple((p, seat.token, seat.phone) for p, seat in seats))
        if drawn == self._drawn:
            return  # the codes change rarely, the game at every tap
        self._drawn = drawn
        rows = []
        for player, seat in seats:
            url = seat_address(seat.token, self.base())
            state = "on a phone" if seat.phone else "not opened yet"
            card = html_widget(f"<div class='rf89-seat-code' style='max-width:260px'><div><b>{name_html(player)}</b> · {state}</div>{qr_svg(url, 130)}"
                          f"<div class='rf89-seat-url rf-seat-url'><a href='{html.escape(url, quote=True)}' target='_blank' "
                          f"rel='noopener'>{html.escape(url)}</a></div></div>")
            again = button(f"Reseat {player}", lambda i=seat.player, p=player: self.reseat(i, p),
                           f"rf89-reseat rf89-reseat-{seat.player}")
            own(again).width = "auto"
            rows.append(vbox([card, again]))
        self.rows.children = rows

    def reseat(self, i: int, player: str) -> None:
        """Asked first: the phone holding the seat's code is cut off at once, for good."""
        self.question.ask(i, player)


def table_seat_codes(base: str) -> list[tuple[str, str]]:
    """(player, address) of each seat of the latest Rise and Fall (1989) game still being played (the
    registry's ``seat_codes``: ``make table`` prints them with their QR codes)."""
    from ...gamelog import GameStore
    from ..game import ChartRules

    session = GameStore().latest(KIND, ChartRules())
    if session is None or session.read_only or session.state.over or not session.state.chart.nations:
        return []
    return [(p, seat_address(seat.token, base)) for p, seat in ensure_seats(session.log, session.state.chart)]
