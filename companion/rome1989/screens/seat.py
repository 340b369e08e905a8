"""A player's own nations on their phone: each one's turn record chart, its next turn to write, its dice.

Opened by the address ``?game=rise-and-fall-1989&seat=TOKEN`` (the player's code on the tablet's Chart
screen). The page is the Chart screen's turn writing, narrowed to the seat's player's nations: the same
draft, chips, preview and Phase 1 roll. Every tap is an action of the game's log carrying ``"seat":
player``, so the rules refuse a phone recording another player's nation
(:func:`companion.rome1989.seats.check_seat`); the log is written before the phone shows it, and
everything on the page is drawn from the log (other devices' changes arrive through ``poll``). Undo
takes back the game's last action only if it is about this player's nations, or says whose it is.

What is typed into the turn form and not yet recorded is kept beside the game's file, per seat
(:mod:`companion.rome1989.drafts`), never in the log: a reload comes back on the nation the phone showed, with
what was typed; recording the turn clears it.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from ...errors import CompanionError
from ...gamelog import GameStore, Session
from ...seats import NOT_A_SEAT, Seats, find_seat
from ...ui.answer import Answers
from ...ui.ending import OVER_ON_A_PHONE, session_over
from ...ui.follow import BACK, SeatFollow, left_for, news_text
from ...ui.widgets import button, hbox, html_widget, message_html, own, read_only_html, vbox
from .. import drafts
from ..chart import one_decimal
from ..game import Action, ChartRules
from ..procedure import rolls_for_revolts
from ..seats import check_undo, describe, player_of_seat
from ..view import standings
from . import CSS, KIND, Rome1989Screens

SEAT_CSS = """<style>
.rf89-seat{max-width:520px;margin:0 auto}
.rf89-seat .rf89-seat-head{font-size:1.15em;padding:6px 4px}
.rf89-seat .rf89-sheet-box{overflow-x:auto}
.rf89-seat .widget-hbox{flex-wrap:wrap}
.rf89-seat .widget-button,.rf89-seat .widget-toggle-button{min-height:48px}
.rf89-seat .widget-checkbox,.rf89-seat .widget-checkbox input{min-height:44px}
.rf89-seat input,.rf89-seat select{min-height:44px;font-size:16px}
.rf89-seat .widget-inline-hbox:not(.rf-message-slot){height:auto;min-height:44px}
</style>"""


def open_seat(store: GameStore, token: str) -> "SeatPage":
    """The registry's ``seat``: a player's own page on their phone."""
    return SeatPage(store, token)


class SeatPage(Rome1989Screens):
    """One player's nations; ``widget`` is the whole page on their phone."""

    screens: list[str] = []

    def __init__(self, store: GameStore, token: str) -> None:  # no super().__init__: no table, no latest game
        self.table = None
        self.store = store
        self.token = token
        self.session: Session | None = None
        self.seat: int | None = None
        self.player: str | None = None
        self.revoked = False
        self.left = False  # refused because the table left this game (it may come back to it)
        self.nation: str | None = None
        self.draft = None
        self.answers = Answers(lambda: "Seat", self._subject, lambda: read_only_html(self.session))
        self._build()
        self.head = html_widget(_dom_classes=("rf89-seat-head",))
        # the table back on this phone's game, said at the top, where the player looks (the seat's slot is under the
        # form, which comes back with it: the sentence was said below the screen); it goes with the next turn recorded
        self.back = html_widget(_dom_classes=("rf89-seat-back",))
        self.totals = html_widget(_dom_classes=("rf89-seat-totals",))
        self.undo_btn = button("Undo my last", self.undo, "rf89-undo rf89-seat-undo")
        f = self.fields
        self.form = vbox([
            self.phase1, hbox([self.withdraw_btn], _dom_classes=("rf89-quit-row",)), self.roll_row, self.status,  # Quit's room kept
            hbox([f["areas_income"]]), hbox(self.chips),
            vbox([f["capitol_on_board"], f["admin_leader"]]),
            vbox([f["maintenance"], f["purchases"], f["modifier_rolls"]]),
            vbox([f["overtax_pct"], f["refund_pct"], f["revolt_table"]]),
            vbox([f["levy_revolt_values"], f["levies_spent"], f["quit"]]),
            self.preview, hbox([self.record_btn.widget, self.undo_btn]),
        ])
        # the player's own procedures: an empire's Revolt Procedure, step by step, and a battle being fought
        self.revolt_part = vbox([self.r_head, self.r_areas.widget,
                                   vbox([self.r_table_no, self.r_lost, self.r_popular, self.r_start]), self.r_ask.widget,
                                   self.r_step, self.r_rolls, self.r_out], _dom_classes=("rf89-seat-revolt",))
        self.battle_part = vbox([self.battle_panel.head, self.battle_panel.fight], _dom_classes=("rf89-seat-battle",))
        self.widget = vbox([html_widget(CSS + SEAT_CSS), self.head, self.back, self.winner, self.pick, self.sheet, self.form,
                              self.answers.slot("Seat"), self.revolt_part, self.battle_part, self.totals])
        self.widget.add_class("rf89")
        self.widget.add_class("rf89-seat")
        self.follow = SeatFollow(lambda: self.session, lambda: self.seat, token, self._refuse, self.refresh,
                                 hear=lambda news: self.say(news_text(news)))
        self.reopen()

    # --- the seat and its game -------------------------------------------------------------------
    def reopen(self) -> None:
        """Find the seat's game from its token and read the log again (the page attached, a reload)."""
        found = find_seat(self.store, self.token, KIND)
        if found is None:
            self._refuse()
            return
        game_id, seat = found
        opened = self.session is None or self.session.log.path.stem != game_id
        if opened:
            self.session = Session(self.store.open(game_id), ChartRules())
            self.nation, self.draft = None, None
        else:
            self.session.refresh()
        player = player_of_seat(self.session.log, seat)
        if player is None:
            self._refuse()
            return
        self.seat, self.player, self.revoked = seat, player, False
        if opened:
            self._restore_draft()
        try:
            Seats(self.session.log).taken(seat, self.token)
        except CompanionError:
            pass  # a read-only disk: the seat still shows
        self.follow.seen()
        self.refresh()

    # --- the turn being written, kept for a reload ---------------------------------------------------
    def _draft_path(self) -> Path | None:
        return drafts.draft_path(self.session.log.path, self.seat) if self.session is not None and self.seat is not None else None

    def _restore_draft(self) -> None:
        """The nation this phone showed and what was typed for it, while it still fits the game; else none."""
        path = self._draft_path()
        kept = drafts.load(path) if path is not None else None
        if kept is None:
            return
        draft = drafts.restored(kept, self.state, {e.seq for e in self.session.history()})
        if draft is None or kept.nation not in self.shown_nations():
            drafts.clear(path)  # recorded since, or undone past
            return
        self.nation, self.draft = kept.nation, draft

    def _keep_draft(self) -> None:
        """What is typed now, kept beside the game (never in its log); a read-only game keeps nothing."""
        path = self._draft_path()
        if path is None or self.session.read_only or self.revoked:
            return
        done = self.session.history()
        kept = drafts.kept_of(self.draft, self.state, done[-1].seq if done else 0) if self.draft is not None else None
        if kept is not None:
            drafts.save(path, kept)

    def _edit(self, key: str, value: Any) -> None:
        super()._edit(key, value)
        if not self._drawing and self.draft is not None:
            self._keep_draft()

    def _status(self, status: str | None) -> None:
        super()._status(status)
        if not self._drawing:
            self._keep_draft()

    def _pick(self, name: str | None) -> None:
        before = self.nation
        super()._pick(name)
        if self.nation != before:
            self._keep_draft()

    def record_turn(self, seen: object = None) -> None:
        before = self.session.head if self.session is not None else None
        super().record_turn(seen)
        if self.session is not None and self.session.head != before:
            path = self._draft_path()
            if path is not None:
                drafts.clear(path)  # the turn is in the log: its draft is done

    def _refuse(self) -> None:
        """The phone writes no more: its seat taken back (for good), or its game left by the table (until the table
        opens it again: the seat is kept)."""
        self.left = self.session is not None and left_for(self.session.log) is not None
        self.revoked = True
        self.back.value = ""
        if not self.left:
            self.seat, self.player = None, None
        self.head.value = "<div class='rf-turn'>No seat</div>"
        self.message.value = message_html(self.follow.why(NOT_A_SEAT), "error")
        self.sheet.value = self.totals.value = ""
        self.pick.options = []
        own(self.pick).display = own(self.form).display = "none"

    def poll(self) -> bool:
        """Follow the other devices: a change of the game's file redraws the seat; a game the table had left and
        has opened again is this phone's again."""
        changed = self.follow.poll()
        if changed and self.left and self.follow.holds():
            self.left = False
            own(self.pick).display = own(self.form).display = ""
            self.reopen()
            self.answers.clear()  # the refusal said while the table was away
            self.back.value = message_html(BACK, "info")
        return changed

    # --- taps ------------------------------------------------------------------------------------
    def act(self, action: Action, seen: int | None = None) -> bool:
        """One action of this seat to the log, committed before the phone shows it."""
        if not self.follow.holds():
            self._refuse()
            return False
        ok = super().act({**action, "seat": self.player}, seen=seen)
        self.follow.seen()
        if ok:
            self.back.value = ""
        return ok

    def undo(self) -> None:
        """Take back the game's last action if it is about this player's nations; else say whose it is."""
        if not self.follow.holds():
            self._refuse()
            return
        if session_over(self.session):
            self.say(OVER_ON_A_PHONE, "error")
            return
        try:
            s = self.session
            last = s.history()[-1].action if s.history() else None
            check_undo(s.state.chart, last, self.player)
            what = describe(s.state.chart, last)
            s.undo()
        except CompanionError as e:
            self.refresh()
            self.say(str(e), "error")
            return
        self.follow.seen()
        self.draft = None
        path = self._draft_path()
        if path is not None:
            drafts.clear(path)  # undone past what was typed: the form starts again from the log
        self.refresh()
        self.say(f"Taken back: {what}.")

    # the tablet's own taps: the page never shows their widgets, and a phone's page answers none of them
    # even if it were sent one (it holds them only because it shares the Chart screen's turn writing)
    def redo(self) -> None:
        return

    def end_game(self) -> None:
        return

    def new_game(self) -> None:
        return

    def open_file(self, data: bytes, name: str = "chart.json") -> None:
        return

    def add_nation(self) -> None:
        return

    def come_back(self) -> None:
        return

    def edit_nation(self) -> None:
        return

    # --- drawing ---------------------------------------------------------------------------------
    def shown_nations(self) -> list[str]:
        return [n.name for n in self.state.chart.nations if n.who == self.player]

    def refresh(self) -> None:
        if self.revoked or self.player is None:
            return
        super().refresh()
        names = self.shown_nations()
        own(self.pick).display = "" if len(names) > 1 else "none"
        own(self.form).display = "" if names else "none"
        self.undo_btn.disabled = self.session is None or self.session.read_only or not self.session.history()
        game = self.state
        title = html.escape(game.title or "Rise and Fall (1989)")
        self.head.value = (f"<div class='rf-turn'><b>{html.escape(self.player)}</b>'s nations · {title} · "
                           f"game turn {game.game_turn}</div>")
        if not names:
            self.sheet.value = "<div class='rf89-sheet'>No nation of yours yet: the tablet adds the nations.</div>"
        self._own_procedures(names)

    def _own_procedures(self, names: list[str]) -> None:
        """The revolt and the battle shown only when they are this player's: its empire's procedure (open, or
        to start), its nation's battle being fought."""
        s = self.state
        p, b = s.procedure, s.battle
        open_revolt = p is not None and p.purpose is not None
        nation = s.chart.nation(self.nation) if self.nation else None
        mine = (p.nation in names) if open_revolt else (nation is not None and rolls_for_revolts(nation))
        own(self.revolt_part).display = "" if mine else "none"
        fighting = b is not None and not b.over and b.nation in names
        own(self.battle_part).display = "" if fighting else "none"

    def _show_draft(self) -> None:
        """The Chart screen's fields, those the status has no use for unseen but their room kept: a turn of another
        status moves nothing (left out, from a B turn to a K turn the form gained five fields and Record went 177 px
        down the phone, a 'Pay to roll' box where it was)."""
        super()._show_draft()
        for w in self.fields.values():
            own(w).visibility = "hidden" if w.disabled and self.draft is not None else "visible"

    def _draw_summary(self) -> None:
        """The player's total and place; the other players' charts stay on the tablet."""
        s = self.state
        if not s.played.nations:
            self.totals.value = ""
            return
        rows = standings(s.result)
        mine = next(((k, v) for k, (p, v) in enumerate(rows) if p == self.player), None)
        place = (f"{one_decimal(mine[1])} victory points, {_ordinal(mine[0] + 1)} of {len(rows)}"
                 if mine else "no victory points yet")
        over = "; the game is over" if s.over else ""
        self.totals.value = f"<div class='rf89-seat-total'>{html.escape(self.player or '')}: {html.escape(place)}{over}.</div>"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
