"""The tablet's panel of seats: one QR code per player, which opens that player's seat on a phone.

A seat's address is this page's own address with ``?game=rise-and-fall&seat=TOKEN`` (Voilà hands
the kernel the host and port the tablet used; ``$COMPANION_SEAT_BASE`` overrides them, as
``make table`` does with the machine's address on the local network). "Reseat" asks first, then
gives the seat a new address; the phone holding the old one is told so and shows nothing more
(a revoked code never comes back, so there is no undo).
"""

from __future__ import annotations

import html
from typing import Any, Callable

from companion.errors import CompanionError
from companion.rise_and_fall.meta import GAME_ID
from companion.rise_and_fall.world.views import colour_hex
from companion.seats import Seats, page_base, qr_svg, seat_url  # noqa: F401 (page_base and qr_svg: the names the tests use)
from companion.ui.reseat import ReseatQuestion
from companion.ui.widgets import button, hbox, html_widget, message_html, own, vbox
from companion.words import name_html


def seat_address(token: str, base: str | None = None) -> str:
    return seat_url(GAME_ID, token, base)


class SeatsPanel:
    """One QR code per seat of the tracked game, with its state and a Reseat button."""

    def __init__(self, hub: Any, base: Callable[[], str] = page_base) -> None:
        self.hub = hub
        self.base = base
        self.message = html_widget()
        self.question = ReseatQuestion(lambda: self.hub.session, self.message, self.refresh, "rf-reseat")
        self.confirm = self.question.widget  # "Reseat Cy?" before a phone is cut off
        self.confirm.add_class("rf-confirm")
        self.rows = vbox([])
        self.widget = vbox([html_widget("<b>Phones</b>: each player scans their own code to hold their cards on their phone; "
                                     "a seat not scanned stays on this tablet."), self.message, self.confirm, self.rows])
        self.widget.add_class("rf-panel")
        self.widget.add_class("rf-seats")
        self._drawn: tuple | None = None  # what the codes were drawn for
        hub.listeners.append(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        g, s = self.hub.game, self.hub.session
        if s is None or not g.civs or g.phase in ("setup", "over"):
            own(self.widget).display = "none"
            self.rows.children = []
            self._drawn = None
            return
        own(self.widget).display = ""
        try:
            seats = Seats(s.log).ensure(len(g.civs)) if s.log.writable and not s.read_only else Seats(s.log).all()
        except CompanionError as e:
            self.message.value = message_html(str(e), "error")
            return
        drawn = (self.base(), tuple((i, c.name, c.colour, seats[i].token, seats[i].phone) for i, c in enumerate(g.civs) if i in seats))
        if drawn == self._drawn:
            return  # the same codes: nothing to draw again (the game changes at every tap, the seats rarely)
        self._drawn = drawn
        rows = []
        for i, civ in enumerate(g.civs):
            seat = seats.get(i)
            if seat is None:
                continue
            url = seat_address(seat.token, self.base())
            state = "on a phone" if seat.phone else "not opened yet"
            card = html_widget(
                f"<div class='rf-seat-code'><div><span class='rf-dot' style='background:{html.escape(colour_hex(civ.colour))}'></span>"
                f"<b>{name_html(civ.name)}</b> · {state}</div>{qr_svg(url)}"
                f"<div class='rf-seat-url'><a href='{html.escape(url, quote=True)}' target='_blank' rel='noopener'>{html.escape(url)}</a>"
                "</div></div>")
            reseat = button(f"Reseat {civ.name}", lambda i=i: self.reseat(i), f"rf-reseat rf-reseat-{i}")
            rows.append(vbox([card, reseat]))
        box = hbox(rows)
        own(box).flex_flow = "row wrap"
        self.rows.children = [box]

    def reseat(self, i: int) -> None:
        """Asked first: the phone holding the seat's code is cut off at once, for good."""
        if self.hub.session is not None and 0 <= i < len(self.hub.game.civs):
            self.question.ask(i, self.hub.game.civs[i].name)


def table_seat_codes(base: str) -> list[tuple[str, str]]:
    """(player, address) of each seat of the latest Rise & Fall game still being played, its tokens
    made if needed (the registry's ``seat_codes``: ``make table`` prints them with their QR codes)."""
    from companion.gamelog import GameStore
    from companion.rise_and_fall import GAME_LOG
    from companion.rise_and_fall.play.tracker import TrackerRules
    from companion.seats import Seats, page_base, qr_svg, seat_url  # noqa: F401 (page_base and qr_svg: the names the tests use)

    store = GameStore()
    session = store.latest(GAME_LOG, TrackerRules())
    if session is None or session.read_only or session.state.phase in ("setup", "over"):
        return []
    seats = Seats(session.log).ensure(len(session.state.civs))
    return [(c.name, seat_address(seats[i].token, base)) for i, c in enumerate(session.state.civs)]
