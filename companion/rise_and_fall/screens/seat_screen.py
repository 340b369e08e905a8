"""A player's own seat on their phone: their cards, their choices, the public state of the game.

Opened by the address ``?game=rise-and-fall&seat=TOKEN`` (the seat's QR code on the tablet).
Everything here is built in the phone's own kernel from ``public_view(game, seat)``: the widgets
never hold another seat's face-down card, since they are never given one. Every tap is one
action of the game's log carrying ``"seat"``, so the rules refuse a phone acting for another
player; it is committed before the phone says "chosen". Other devices' changes arrive through the
page's follow loop (``poll``).
"""

from __future__ import annotations

import html
import random
from functools import cached_property
from typing import Any

import ipywidgets as W

from companion.errors import CompanionError, IllegalAction
from companion.gamelog import GameStore, Session, StaleGame
from companion.rise_and_fall import GAME_LOG
from companion.rise_and_fall.history import Finished, History
from companion.rise_and_fall.play.offers import (
    Offer,
    card_choices,
    card_offers,
    decline_offers,
    in_card_order,
    in_order_offer,
    in_steady_order,
    purchase_offers,
    tap,
)
from companion.rise_and_fall.play.public import TableView, public_view
from companion.rise_and_fall.play.seat_undo import check_undo
from companion.rise_and_fall.play.tracker import Game, TrackerRules, card_actions
from companion.rise_and_fall.screens.board_style import SPACE_PX, STYLE
from companion.rise_and_fall.screens.civ_table import card_html, civ_html
from companion.rise_and_fall.screens.count_panels import CountBoxes
from companion.rise_and_fall.screens.guild_panels import (
    ask_again_action,
    guild_choice,
    guild_rule,
    guilds_html,
    kept_line,
    own_guilds_html,
    piracy_steppers,
    swap_controls,
    who_chose_html,
)
from companion.rise_and_fall.screens.guild_panels import card_html as card_html_guild
from companion.rise_and_fall.screens.tale_panels import EventPanel, TalePlay
from companion.rise_and_fall.screens.tale_piece_panels import (
    all_actions,
    count_stepper,
    rules_html,
    tales_html,
    with_count,
)
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.guilds.variant import guild_marks
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales import pieces as TP
from companion.rise_and_fall.world.views import colour_hex
from companion.seats import NOT_A_SEAT, Seats, find_seat
from companion.timings import mark
from companion.ui.ending import OVER_ON_A_PHONE, session_over
from companion.ui.follow import BACK, SeatFollow, left_for, news_text
from companion.ui.history_screen import scorepad_html
from companion.ui.kept import Kept, show
from companion.ui.widgets import Stepper, button, follow_subject, hbox, html_widget, message_html, plain_widget, vbox
from companion.words import and_list

#: Choices commute with other players' choices: a tap refused only because another phone wrote
#: first is tried once more on the game as it is now.
CHOICES = ("guild-choice", "play", "change", "decline", "buy", "pass", "purchase-in-order")

SEAT_CSS = """<style>
.rf-seat { max-width: 520px; margin: 0 auto; }
.rf-seat .rf-seat-head { font-size: 1.15em; padding: 6px 4px; }
/* Undo my last at the top right, beside the heading: nothing above it grows, so it stays under the finger */
.rf-seat .rf-seat-top { align-items: flex-start; }
.rf-seat .rf-seat-top > .rf-seat-head { order: 1; flex: 1 1 auto; min-width: 0; }
.rf-seat .rf-seat-top > .rf-seat-undo { order: 2; flex: 0 0 auto; margin-left: auto; }
.rf-seat .rf-seat-public { display: flex; flex-wrap: wrap; gap: 4px; padding: 2px 4px; }
.rf-seat .rf-choice { display: flex; flex-wrap: wrap; align-items: center; }
.rf-seat .rf-choice .rf-btn { min-height: 56px; min-width: 96px; font-size: 1.05em; }
/* every card to choose or change to is as wide, whichever card it names: a second tap finds its own */
.rf-seat .rf-card-pick { width: 124px; flex: 0 0 124px; }
.rf-seat .rf-card-pick > .rf-btn { width: 100%; margin-left: 0; margin-right: 0; box-sizing: border-box; }
/* a card's or an offer's name is read whole ('Mountaineer', never 'Mountainee…'): it wraps, at any text size (A+) */
.rf-seat .rf-choice .rf-btn, .rf-seat .rf-card-pick .rf-btn { white-space: normal; text-overflow: clip; overflow-wrap: normal;
  height: auto; line-height: 1.2; padding-top: 4px; padding-bottom: 4px; }
.rf-seat .rf-choice-head { min-height: 2.8em; }
/* "✓ Chosen" on one line, as high as the cards offered beside it: the row below never moves (it was 7 px taller with A+) */
.rf-seat .rf-card-pick .rf-btn { padding-left: 4px; padding-right: 4px; }
.rf-seat .rf-card-pick .rf-chosen-card { white-space: nowrap; }
.rf-seat .rf-chosen { font-size: 1.1em; padding: 8px; border-radius: 8px; background: #e8f5e9; color: #1d1d1d; }
.rf-app.rf-dark .rf-seat .rf-chosen { background: #12301a; color: #e8f5e9; }
.rf-seat .rf-waiting { padding: 4px 8px; }
.rf-seat .rf-card-pick { position: relative; flex-direction: column; align-items: center; margin: 2px; }
.rf-seat .rf-card-pick .rf-card { margin: 0 auto 2px; }
/* the whole card is the button: a tap on its picture chooses it, as a tap on its name does */
.rf-seat .rf-card-pick .rf-btn { position: static !important; }
.rf-seat .rf-card-pick .rf-btn::after { content: ''; position: absolute; inset: 0; }
.rf-seat .rf-others summary { min-height: 44px; display: flex; align-items: center; font-weight: 600; }
/* a flex summary loses the browser's triangle: drawn again, so the fold reads as one to open */
.rf-seat .rf-others summary::before { content: '▸'; margin-right: 8px; }
.rf-seat .rf-others[open] > summary::before { content: '▾'; }
.rf-seat .rf-others summary::-webkit-details-marker { display: none; }
</style>"""


def open_seat(store: GameStore, token: str) -> "SeatPage":
    return SeatPage(store, token)


#: the rule under "Choose your card" and "Chosen: …" alike (the same lines, so the cards below never move)
CHOICE_RULE = "Face down until every player has chosen; change your mind until then."

class SeatPage:
    """One player's seat; ``widget`` is the whole page on their phone."""

    def __init__(self, store: GameStore, token: str) -> None:
        self.store = store
        self.token = token
        self.session: Session[Game] | None = None
        self.seat: int | None = None
        self.revoked = False
        self.left = False  # refused because the table left this game (it may come back to it)
        self.head = html_widget()
        self.head.add_class("rf-seat-head")
        self.public = html_widget()
        self.message = html_widget(_dom_classes=("rf-message-slot",))
        # a message is about the point of the log it was said at: any later action, from this phone
        # or another device (an Undo on the tablet too), clears it when the seat is drawn again
        self._stale_message = follow_subject(self.message, self.subject)
        self._history: History | None = None  # the finished games, once this seat's game is over
        self._history_seen = 0
        self.controls = vbox([])
        self.controls.add_class("rf-seat-controls")
        self.mine = html_widget()
        self.mine.add_class("rf-seat-mine")
        self.others = html_widget()
        self.piracy: dict[int, Stepper] = {}  # Corsairs: how many Ships of each opponent
        self.tale_counts: dict[str, Stepper] = {}  # a Port's trade: how many Ships and Ports
        self._guild_picks: dict[tuple, W.ToggleButtons] = {}  # the Guild cards dealt: Keep, Give or Return, kept while choosing
        # Undo my last: this player's own last action, while nothing else has happened since (play/seat_undo.py)
        # at the top beside the seat's heading, its room kept: the controls below grow and shrink, it never moves
        self.undo_btn = button("Undo my last", self.undo, "rf-seat-undo")
        top = hbox([self.undo_btn, self.head])
        top.add_class("rf-seat-top")
        self.widget = vbox([html_widget(SEAT_CSS), top, self.message, self.controls, self.mine, self.public, self.others])
        self.widget.add_class("rf-seat")
        self.follow = SeatFollow(lambda: self.session, lambda: self.seat, token, self._refuse, self.refresh,
                                 lambda what: mark(f"{what} seat={self.seat}"), hear=lambda news: self.say(news_text(news)))
        self.kept = Kept()  # the controls' widgets, kept from one drawing to the next
        self._shown: tuple[tuple, list[Offer]] = ((None,) * 5, [])  # the card's offers as last drawn, in their order
        self.reopen()

    # the panels a seat shows only at some moments of the game, made when first shown (a phone's
    # page opens with fewer widgets, so it is live sooner)
    @cached_property
    def counts(self) -> CountBoxes:
        """How many a Trade or a Tithe counts."""
        return CountBoxes()

    @property
    def count(self) -> Stepper:
        return self.counts.count

    @property
    def count2(self) -> Stepper:
        return self.counts.count2

    @cached_property
    def tale_play(self) -> TalePlay:
        """The special areas of the Tales."""
        return TalePlay(lambda: self.game, self.send, self.can, random.Random(), self.refresh)

    @cached_property
    def events(self) -> EventPanel:
        """The Fantastic Events, on the First Player's phone: the Game screen's panel, its board a phone's width."""
        return EventPanel(lambda: self.game, self.send, STYLE, SPACE_PX, board_size=(360, 360))

    # --- the seat and its game ----------------------------------------------------------------
    def reopen(self) -> None:
        """Find the seat's game from its token and read the log again (the page attached)."""
        found = find_seat(self.store, self.token, GAME_LOG)
        if found is None:
            self._refuse()
            return
        game_id, seat = found
        if self.session is None or self.session.log.path.stem != game_id:
            self.session = Session(self.store.open(game_id), TrackerRules())
        else:
            self.session.refresh()
        self.seat, self.revoked = seat, False
        try:
            Seats(self.session.log).taken(seat, self.token)
        except CompanionError:
            pass  # a read-only disk: the tablet still offers this player's choices
        self.follow.seen()
        self.refresh()

    def _refuse(self) -> None:
        """The phone writes no more: its seat taken back (for good), or its game left by the table (until the table
        resumes it: the seat is kept)."""
        self.left = self.session is not None and left_for(self.session.log) is not None
        self.revoked = True
        if not self.left:
            self.seat = None
        self.head.value = "<div class='rf-turn'>No seat</div>"
        self.message.value = message_html(self.follow.why(NOT_A_SEAT), "error")
        for w in (self.public, self.mine, self.others):
            w.value = ""
        self.controls.children = []
        self.undo_btn.disabled = True

    def poll(self) -> bool:
        """Follow the other devices: a change of the game's file redraws the seat; a game the table had left and
        has resumed is this phone's again."""
        if self.follow.poll():
            if self.left and self.follow.holds():
                self.left = self.revoked = False
                self.refresh()
                self.message.value = message_html(BACK, "info")
            return True
        if self.session is not None and self._history is not None and self._history.version() != self._history_seen:
            self._history_seen = self._history.version()  # a scoring made final
            if self.game.phase == "over":
                self.refresh()
                return True
        return False

    def subject(self) -> object:
        """What the seat shows: its game and the point of its log."""
        return (self.session.log.path.stem, self.session.head) if self.session else None

    @property
    def game(self) -> Game:
        return self.session.state if self.session else TrackerRules().initial()

    # --- taps -------------------------------------------------------------------------------
    def send(self, action: dict[str, Any]) -> bool:
        """One action of this seat to the log, committed before the phone says so."""
        if not self.follow.holds():
            self._refuse()
            return False
        action = {**action, "seat": self.seat}
        before = self.game
        mark(f"tap seat={self.seat}")
        try:
            g = self.session.do(action)
        except StaleGame as stale:
            self.refresh()
            if action["type"] not in CHOICES:
                self.say(str(stale), "error")
                return False
            try:  # another phone chose at the same moment: this choice still stands on its own
                g = self.session.do(action)
            except CompanionError as e:
                self.refresh()
                self.say(f"Another device acted first: {self._why(action, e)}", "error")
                return False
        except CompanionError as e:
            self.refresh()
            self.say(self._why(action, e), "error")
            return False
        self.follow.seen()
        self.refresh()
        self.say(self._told(action, g, before), "info")
        mark(f"told seat={self.seat}")
        return True

    def undo(self) -> None:
        """Undo my last: take back this player's own last action through the log's Undo, if nothing else has happened
        since (another device's action, Undo or Redo); else the sentence why not."""
        if not self.follow.holds():
            self._refuse()
            return
        s = self.session
        if session_over(s):
            self.say(OVER_ON_A_PHONE, "error")
            return
        try:
            what = check_undo(s.history(), s.head, self.seat, self.game)
            s.undo()
        except StaleGame:
            self.refresh()
            self.say("Another device acted a moment before this tap: nothing was taken back.", "error")
            return
        except CompanionError as e:
            self.refresh()
            self.say(str(e), "error")
            return
        self.follow.seen()
        self.refresh()
        self.say(f"Taken back: {what}.")

    def _why(self, action: dict, refused: CompanionError) -> str:
        """The rule's sentence, or what another device did a moment before this tap."""
        g = self.game
        if action["type"] == "play" and g.phase in ("A", "B") and g.civs[self.seat].played:
            mine = [e for e in self.session.history() if e.action.get("type") == "play" and e.action.get("player") == self.seat]
            if mine and mine[-1].action.get("random"):
                return "Too slow: the tablet drew your card at random a moment before your tap; it stays as drawn."
            return "Your card was already chosen on another device a moment before this tap."
        return str(refused)

    def _told(self, action: dict, g: Game, before: Game) -> str:
        """What the tap did, said of the game as it is now: a tap that ended the turn says so,
        so what it says of the phases it ran through is not read as the new turn's."""
        kind = action["type"]
        if kind in ("play", "change") and g.phase == "A":
            return f"Chosen: {str(action['card']).title()}, face down. You may change your mind until the last player has chosen."
        if kind == "decline" and g.phase == "C":
            return f"{str(action['card']).title()} placed face down into Decline."
        if kind == "guild-choice" and g.phase == "guilds":
            return "Placed face down. Every player's Guild cards are revealed when the last has chosen."
        said = " ".join(g.notes)
        if action.get("then") == "end-actions":  # said to the player: their actions ended with the tap
            said = said.replace(f"{before.civs[self.seat].name}'s actions end:", "Your actions end:")
        if g.phase != "over" and g.turn != before.turn and said:
            return f"Turn {before.turn} ends. {said} Turn {g.turn} begins."
        return said

    def say(self, text: str, level: str = "info") -> None:
        self.message.value = message_html(text, level) if text else ""

    def can(self, action: dict) -> bool:
        try:
            TrackerRules().apply(self.game, {**action, "seat": self.seat})
            return True
        except IllegalAction:
            return False

    # --- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.revoked or self.seat is None:
            return
        self._stale_message()
        g = self.game
        if not g.civs:
            self.head.value = "<div class='rf-turn'>The game is not set up yet.</div>"
            return
        i = self.seat
        self.undo_btn.disabled = False
        v = public_view(g, i)
        me = v.civs[i]
        dot = f"<span class='rf-dot' style='background:{html.escape(colour_hex(me.colour))}'></span>"
        self.head.value = (f"<div class='rf-turn'>{dot}<b>{html.escape(me.name)}</b>'s seat · Turn {v.turn} · "
                           f"{html.escape(v.phase_name)}</div>")
        self.public.value = self.public_html(v) + tales_html(v)
        self.mine.value = own_guilds_html(v, i) + civ_html(v, i)
        others = guilds_html(v, skip=i) + "".join(civ_html(v, j) for j in v.order if j != i) + "".join(
            civ_html(v, j) for j in range(len(v.civs)) if j not in v.order and j != i)
        self.others.value = f"<details class='rf-others'><summary>The other players</summary>{others}</details>"
        if g.phase != "B" or g.acting != i:  # the player's actions ended: their offers are drawn afresh next time
            self._shown = ((None,) * 5, [])
        show(self.controls, self.phase_controls(v, g))
        self.kept.done()

    def public_html(self, v: TableView) -> str:
        who = ", ".join(v.civs[j].name for j in v.to_move)
        zone = []
        for c in v.civs:
            shown = [x.title() for x in c.decline]
            if c.face_down and c.face_down_where == "decline":
                shown.append(f"{c.face_down} face down")
            if shown:
                zone.append(f"{c.name} {', '.join(shown)}")
        chips = [
            f"To move: {who}" if who else "",
            f"First Player: {v.civs[v.first].name}",
            f"Trophies {v.claimed} of {v.trophies_to_end}",
            f"A card in Decline costs {v.decline_price} GP",
            f"Decline zone: {' · '.join(zone) or 'empty'}",
            f"Bank {v.bank_gold} GP · {v.bank_wood} Wood · {v.bank_stone} Stone",
        ]
        return "<div class='rf-seat-public'>" + "".join(f"<span class='rf-chip'>{html.escape(c)}</span>" for c in chips if c) + "</div>"

    def _waiting(self, v: TableView, chose: str) -> W.Widget:
        """'Still to choose: you, Ben and Cy · chosen: Dee' before this player has chosen;
        'Chosen · waiting for Ben and Cy' after."""
        waiting = [v.civs[j].name for j in v.to_move if j != self.seat]
        done = [c.name for j, c in enumerate(v.civs) if c.face_down and j != self.seat]
        if self.seat in v.to_move:
            text = f"Still to choose: {and_list(['you', *waiting])}"
        else:
            text = f"{chose} · waiting for {and_list(waiting)}" if waiting else chose
        text += f" · chosen: {and_list(done)}" if done else ""
        w = self.kept.html(f"<div class='rf-waiting'>{html.escape(text)}</div>")
        return w

    def phase_controls(self, v: TableView, g: Game) -> list[W.Widget]:
        i = self.seat
        civ = g.civs[i]
        out: list[W.Widget] = []
        if v.phase == "placement":
            out.append(self.kept.html("<div class='rf-waiting'>The first pieces are placed on the tablet.</div>"))
        elif v.phase == "E" and g.tale_play.events:
            out += self._event_controls(g)
        elif v.phase == "guilds":
            out += self._guild_controls(v)
        elif v.phase == "E":
            out += self._swap_controls(v, g)
        elif v.phase == "A":
            offers = [o for o in card_choices(g, i) if o.enabled]  # as the tablet offers them (play/offers.py)
            # the same rows before and after the choice, each card in its place (in the rulebook's order): once
            # chosen, the card stays where it was, marked chosen, and each other card offers the change to it — a
            # second quick tap on the card just chosen meets it chosen, never another card slid into its place
            if i in v.to_move:
                out.append(self.kept.html(f"<div class='rf-choice-head'><b>Choose your card</b><br>{CHOICE_RULE}</div>"))
                out.append(self._row([self._offer_pick(o, civ.colour) for o in offers]))
                out.append(self._waiting(v, "Not chosen yet"))
            elif civ.played:
                card = civ.played[0]
                drawn = i in g.drawn
                # the rule's line as before the choice, word for word: the cards below stay where the finger is
                out.append(self.kept.html(f"<div class='rf-choice-head'>Chosen: <b>{card.title()}</b>"
                                          f"{' (drawn at random: too slow)' if drawn else ''}<br>"
                                          f"{CHOICE_RULE if offers else 'Face down until every player has chosen.'}</div>"))
                change = {str(o.action["card"]): o for o in offers}
                picks = []
                for c in in_card_order(civ.hand + (card,)):
                    if c == card:
                        picks.append(self._chosen_pick(card, civ.colour))
                    if c in change:
                        picks.append(self._offer_pick(change[c], civ.colour))
                out.append(self._row(picks))
                out.append(self._waiting(v, "Chosen"))
        elif v.phase == "B":
            if v.acting == i:
                out += self._action_controls(v, g)
            elif v.acting is not None:
                out.append(self.kept.html(f"<div class='rf-waiting'>{html.escape(v.civs[v.acting].name)} acts with the "
                                  f"{html.escape(str(v.acting_card).title())} card.</div>"))
        elif v.phase == "C":
            out += self._decline_controls(v, g)
        elif v.phase == "D":
            out += self._purchase_controls(v, g)
        elif v.phase == "over":
            final = self._final_scores()
            if final is None:
                out.append(self.kept.html(f"<div class='rf-turn'>{html.escape(v.ending)} The scores are on the tablet "
                                          "until they are final.</div>"))
            else:
                won = f"Winner: {and_list(final.winners)}" if len(final.winners) == 1 else (
                    f"Shared victory: {and_list(final.winners)}" if final.winners else "No winner")
                out.append(self.kept.html(f"<div class='rf-turn'>{html.escape(v.ending)} Final scores. "
                                          f"<b>{html.escape(won)}</b>.</div>"))
                out.append(html_widget(f"<div class='rf-seat-final'>{scorepad_html(final)}</div>"))
        if i in v.kept and v.phase != "over":  # 'do not ask again' stands: the holder may take it back at any time
            out.append(self.kept.html(kept_line(v, i, you=True)))
            out.append(self.kept.button("Ask me again at the Recycling phase", lambda: self.send(ask_again_action(i)), "rf-ask-guild-swap"))
        return out

    def _guild_controls(self, v: TableView) -> list[W.Widget]:
        """'Among the cards dealt, each player: Keeps a card, Places one face-down in front of the player on
        their left, Returns the remaining card to the box': on this player's phone, out of the others' sight.
        The marks are kept while other phones choose (the page is drawn again at each of their choices)."""
        i = self.seat
        out: list[W.Widget] = []
        if i in v.to_move:
            left = v.civs[(i + 1) % len(v.civs)].name
            gives = G.gives(list(v.levels), i)
            options = guild_marks(self.game, i)  # as the tablet offers them (the Guilds' guild_marks)
            out.append(self.kept.html("<b>Your Guild cards</b>, secret until every player has chosen. "
                                      + guild_rule(v.levels[i], v.civs[i].name, left, gives, you=True)))
            picks = []
            for gid in v.own_dealt:
                pick = self._guild_pick(gid, options)
                picks.append((gid, pick))
                out.append(self.kept.html(f"<div class='rf-guild-card'>{card_html_guild(gid)}</div>"))
                out.append(pick)
            out.append(self.kept.button("Place them face down", lambda: self._choose_guilds(picks), "rf-guild-choose", primary=True))
        elif v.own_choice is not None:
            keep, give = v.own_choice
            kept = and_list([G.guild(k).name for k in keep]) if keep else "no card"
            given = (f"; the {G.guild(give).name} lies face down in front of {v.civs[(i + 1) % len(v.civs)].name}"
                     if give else "")
            out.append(self.kept.html(f"<div class='rf-chosen'>Placed face down: you keep {html.escape(kept)}{html.escape(given)}. "
                                      "Every player's Guild cards are revealed when the last has chosen.</div>"))
        out.append(self.kept.html(who_chose_html(v, seat=i)))
        return out

    def _guild_pick(self, gid: str, options: list[tuple[str, str]]) -> W.ToggleButtons:
        """Keep, Give or Return for one card dealt: one widget per card for the whole choice."""
        key = (gid, tuple(options))
        pick = self._guild_picks.get(key)
        if pick is None:
            pick = plain_widget(W.ToggleButtons, options=options, value="return")
            pick.add_class("rf-guild-pick")
            self._guild_picks[key] = pick
        return pick

    def _choose_guilds(self, picks: list[tuple[str, W.ToggleButtons]]) -> None:
        action = guild_choice(self.seat, picks, self.game)
        if isinstance(action, str):
            self.say(action, "error")
            return
        self.send(action)

    def _swap_controls(self, v: TableView, g: Game) -> list[W.Widget]:
        """The Recycling phase: on the holder's phone, the Doppelgangers' swap or keep; on the others, who decides."""
        i = self.seat
        if i in v.to_move:
            return swap_controls(v, g, self.can, self.send, who=[i])
        who = and_list([v.civs[j].name for j in v.to_move])
        return [self.kept.html(f"<div class='rf-waiting'>{html.escape(who)} decide{'s' if len(v.to_move) == 1 else ''} whether to "
                               "swap the Doppelgangers for another player's Guild card.</div>")] if who else []

    def _final_scores(self) -> Finished | None:
        """This game's entry in the History once its scoring is final (its last final scoring)."""
        if self.session is None:
            return None
        if self._history is None:
            self._history = History(self.store.root)
            self._history_seen = self._history.version()
        game_id = self.session.log.path.stem
        mine = [f for f in self._history.games() if f.problem is None and f.extra.get("of") == game_id]
        return mine[-1] if mine else None

    def _event_controls(self, g: Game) -> list[W.Widget]:
        """'The Fantastic Event is resolved by the player who still has the First Player token': on that
        player's phone, the Game screen's event panel; on the others, who resolves what, in words."""
        if self.seat == g.first:
            return self.events.refresh()
        return [self.kept.html(f"<div class='rf-waiting rf-event-waits'>{html.escape(F.waiting(g))} "
                               "(on their phone or on the tablet)</div>")]

    def _row(self, buttons: list[W.Widget]) -> W.Widget:
        return self.kept.row(buttons, "rf-choice")

    def _card_pick(self, card: str, colour: str, label: str, on_click, css: str) -> W.Widget:
        """A card of the hand to choose: its picture over its text button, the whole card one
        target (the style stretches the button over the picture)."""
        picture = self.kept.html(card_html(card, colour), lean=True)
        return self.kept.row([picture, self.kept.button(label, on_click, css)], "rf-card-pick")

    def _chosen_pick(self, card: str, colour: str) -> W.Widget:
        """The card chosen, in its place among the others: its picture over a button that does nothing."""
        picture = self.kept.html(card_html(card, colour), lean=True)
        b = self.kept.button("✓ Chosen", lambda: None, f"rf-chosen-card rf-chosen-{card}")
        b.disabled = True
        return self.kept.row([picture, b], "rf-card-pick")

    def _offer_pick(self, o: Offer, colour: str) -> W.Widget:
        """A card offered (play/offers.py) as a card of the hand to choose: its picture over its button
        (a card played in phase A is 'chosen' on the phone: ``rf-choose-…``)."""
        card = str(o.action["card"])
        css = f"rf-choose-{card}" if o.action["type"] == "play" else o.css
        return self._card_pick(card, colour, o.label, lambda a=o.action: self.send(a), css)

    def _decline_controls(self, v: TableView, g: Game) -> list[W.Widget]:
        i = self.seat
        offers = [o for o in decline_offers(g, i) if o.enabled]  # as the tablet offers them (play/offers.py)
        placed = [c for j, c in g.face_down if j == i]
        out: list[W.Widget] = []
        owed = v.owed[i]
        if owed > 0:
            out.append(self.kept.html(f"<b>Put {owed} card{'s' if owed > 1 else ''} into Decline</b>, face down, from your hand or discard pile:"))
            out.append(self._row([self._offer_pick(o, g.civs[i].colour) for o in offers if o.action["type"] == "decline"]))
        for k, was in enumerate(placed):
            out.append(self.kept.html(f"<div class='rf-chosen'>Into Decline, face down: <b>{was.title()}</b>.</div>"))
            out.append(self._row([self.kept.button(o.label, lambda a=o.action: self.send(a), o.css, key=k)
                                  for o in offers if o.action["type"] == "change" and o.action["was"] == was]))
        if not owed and not placed:
            out.append(self.kept.html("<div class='rf-waiting'>You owe no card to the Decline zone.</div>"))
        waiting = [v.civs[j].name for j in v.to_move if j != i]
        if waiting:
            out.append(self.kept.html(f"<div class='rf-waiting'>Waiting for {html.escape(', '.join(waiting))}.</div>"))
        return out

    def _purchase_controls(self, v: TableView, g: Game) -> list[W.Widget]:
        i = self.seat
        civ = g.civs[i]
        out: list[W.Widget] = []
        if i in v.to_move:
            out.append(self.kept.html(f"<b>Buy back one card from Decline</b> ({civ.gold} GP; a card costs {me_price(v, i)} GP):"))
            out.append(self._row([self.kept.button(o.label, lambda a=o.action: self.send(a), o.css)
                                  for o in purchase_offers(g, i) if o.enabled]))  # as the tablet offers them (play/offers.py)
        elif i in g.decided:
            out.append(self.kept.html("<div class='rf-waiting'>You have decided for this phase.</div>"))
        ask = in_order_offer(g)
        if ask is not None and ask.enabled:
            out.append(self.kept.button(ask.label, lambda a=ask.action: self.send(a), ask.css))
        waiting = [v.civs[j].name for j in v.to_move if j != i]
        if waiting:
            out.append(self.kept.html(f"<div class='rf-waiting'>Waiting for {html.escape(', '.join(waiting))}.</div>"))
        return out

    def _action_controls(self, v: TableView, g: Game) -> list[W.Widget]:
        i, card = v.acting, str(v.acting_card)
        out: list[W.Widget] = [self.kept.html(f"<b>Your turn</b>: act with the <b>{card.title()}</b> card: {v.activations} of {v.act_limit} "
                                      f"{card.title()} piece{'s' if v.act_limit != 1 else ''} used.")]
        # End my actions above the card's actions: an action the rules take only later (Growth, once Educate sent a
        # Nomad back to the reserve) comes below the others, and pushed it 62 px down under the finger
        out.append(self.kept.button("End my actions", lambda: self.send({"type": "end-turn", "player": i}), "rf-end-turn", primary=True))
        held = g.civs[i].guilds
        out += self.counts.boxes(g, i, card_actions(card, held), self.can)
        buttons = []
        self.piracy = piracy_steppers(v, i) if any("piracy" in sp for sp in card_actions(card, held)) else {}
        out += list(self.piracy.values())
        self.tale_counts = count_stepper(g, i, card, self.can) if g.tales is not None else {}
        out += list(self.tale_counts.values())
        # as the tablet offers them (play/offers.py), in the order shown at the last tap: a used one disabled in place
        when = (g.turn, g.phase, i, card)  # the same player's actions with the same card, gone forward since (not undone)
        same = self._shown[0][:4] == when and g.activations >= self._shown[0][4]
        shown = in_steady_order(self._shown[1] if same else [], card_offers(g, i))
        self._shown = ((*when, g.activations), shown)
        for o in shown:
            b = self.kept.button(o.label, lambda a=o.action: self.act(self._with_count(a)), o.css)
            b.disabled, b.tooltip = not o.enabled, o.why or None
            buttons.append(b)
        out.append(self._row(buttons))
        if g.tales is not None:
            out.append(html_widget(rules_html(TP.actions(g, i, card))))
        out += self.tale_play.controls(i, card)
        return out

    def act(self, action: dict) -> None:
        """An action of the card, as on the tablet: one tap, one entry of the log; after the last one
        the rules allow (every piece of the card has acted, nothing else offered) it carries the end
        of the player's actions (:func:`offers.tap`)."""
        self.send(tap(self.game, action))

    def _with_count(self, action: dict) -> dict:
        action = self.tale_play.amend(action)
        g = self.game
        counted = with_count(action, self.tale_counts)
        if counted is not None:
            return counted
        spec = next(s for s in all_actions(g, self.seat, str(g.acting_card)) if s["id"] == action.get("action"))
        if "piracy" in spec:
            return {**action, "counts": {str(t): int(b.value) for t, b in self.piracy.items()}}
        return self.counts.fill(spec, action)


def me_price(v: TableView, i: int) -> int:
    """What this player pays for a card in Decline now (the Archivists pay half)."""
    return v.civs[i].price or v.decline_price
