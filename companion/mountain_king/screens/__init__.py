"""Fall of the Mountain King's screens: Honour, Clan board, Score the Wave, Scorepad and Board.

A thin layer of widgets over :mod:`..game` (the log's rules), :mod:`..taps` (what each button means)
and :mod:`..view` (pictures and tables). Every accepted tap goes to the game's log on disk before the
screen changes; the screens are always drawn from the log, so a reload in the middle of a scoring
walk finds it where it was. Every name placed in HTML or SVG is escaped.
"""

from __future__ import annotations

import base64
import html
import json
import time
from functools import partial
from typing import Any, Callable

import ipywidgets as W

from ...drawing import to_png, to_svg
from ...errors import CompanionError
from ...gamelog import GameStore, Session
from ...history import FinishedGames
from ...ui.answer import Answers, place_of
from ...ui.board import Board as Canvas
from ...ui.follow import NEW_ELSEWHERE, NewGames, caught_up, clear_left, news_text, tell
from ...ui.games_list import GamesList, NewGameQuestion
from ...ui.undo_bar import UndoBar
from ...ui.widgets import (
    Stepper,
    button,
    css_token,
    hbox,
    html_widget,
    offer_buttons,
    own,
    plain_widget,
    read_only_html,
    vbox,
)
from ...words import name_html, name_isolated
from ..board import Board, saved_or_placeholder, side_for
from ..board import save as save_board
from ..board_draft import MOST_CAVERNS, NUMBERING, BoardDraft
from ..game import ROMAN, Action, MountainKingRules, State, not_entered, step_name
from ..meta import GAME_ID
from ..numbers import numbers
from ..scoring import score, winner_sentence
from ..story import cavern_name, sentence
from ..taps import (
    cavern_action,
    honour_offers,
    next_tile_clan,
    tile_offers,
    tile_prompt,
    vote_offer,
    walk_order,
    walk_step,
)
from ..view import (
    board_scene,
    clan_rows,
    hall_label,
    lair_label,
    line_name,
    scorepad,
    scorepad_scene,
    spot_at,
    supplies,
    track_scene,
)
from ..wave import WaveFileError, parse_bytes
from ..wave import parse as parse_wave
from .end_panel import EndPanel, refresh_sentence

KIND = f"{GAME_ID}/game"
SCREENS = ("Honour", "Clan board", "Score the Wave", "Scorepad", "Board")
E = html.escape


LAIRS_MODE = -2  # "Taps mark: Lairs" on the Board screen
DRAW_AGAIN = "draw again"  # the Domain-at-once rows' mark: drawn anew at the next refresh, from zero
TROLL_CHIPS = 10  # 0 to 9 Trolls of a player in a cavern, one tap each (a file holds more)
GNOME_CHIPS = 3


def describe(action: Action, state: State | None = None) -> str:
    """One line of the game's story: the action, applied to ``state``, in a sentence."""
    return sentence(action, state if state is not None else State())


#: Undo's and Redo's answers: on the bar's row, beside the buttons, on every screen
UNDO_SLOT = "Undo"


class MountainKingScreens:
    """The game's screens on the dashboard (``screens``, ``screen(name)``, ``resume``, ``reopen``, ``poll``)."""

    screens = SCREENS

    def __init__(self, store: GameStore, history: FinishedGames | None = None, dark: Callable[[], bool] = lambda: False,
                 place: Callable[[], str] = lambda: "", to_top: Callable[[], None] = lambda: None) -> None:
        self.store = store
        self.to_top = to_top  # the page shows its top (a Wave scored at the foot of its walk: the next Wave is there)
        self._history = history
        self._dark = dark
        self.session: Session[State] | None = None
        self.answers = Answers(place, lambda: (self.session.log.path if self.session else None, self.session.head if self.session else 0),
                               lambda: read_only_html(self.session))
        self.new_games = NewGames(store, KIND)  # a game started on another page: this page shows it too
        self._build()
        latest = store.latest(KIND, MountainKingRules())
        if latest is not None:
            self.session = latest
        self.refresh()
        self.games.refresh()  # filled as it is first drawn: a screen opened first (Board by its address) shows it

    # --- the game ------------------------------------------------------------------------------
    @property
    def dark(self) -> bool:
        """The page's theme (Dark on the bar): the pictures are drawn in it."""
        return bool(self._dark())

    def settings_changed(self) -> None:
        """Dark or Light was tapped: draw the pictures again in the theme."""
        self.refresh()
        self._show_draft()

    @property
    def state(self) -> State:
        return self.session.state if self.session is not None else State()

    def act(self, action: Action) -> bool:
        """One tap to the log (the rules check it first); a refusal shows its sentence and changes nothing."""
        try:
            if self.session is None:
                raise CompanionError("Start a game first: name the players on the Board screen.")
            before = self.state
            self.session.do(action)
        except CompanionError as e:
            self.error(str(e))
            self.refresh()
            return False
        self.say(self._said(before, action))
        self.refresh()
        return True

    def _said(self, before: State, action: Action) -> str:
        s = self.state
        if action.get("type") in ("honour", "fall", "consolation") and len(s.taps) > len(before.taps):
            t = s.taps[-1]
            return f"{describe(action, before)[:-1]}; {s.honour(t.player)} Honour in all."
        if action.get("type") == "score-wave":
            sc = s.scores[-1]
            gains = ", ".join(f"{p} +{sc.gained(p)}" for p in s.players)
            # the Refresh the next Wave asks is shown once, under the walk, as long as it is to be done (it was said twice)
            return f"Wave {ROMAN[sc.wave]} scored: {gains}." + (f" {winner_sentence(sc)}" if sc.winners else "")
        return describe(action, before)

    def _setup_of(self, players: list[str]) -> tuple[Action, Any]:
        """The new game's first action and its board, checked by the rules (raises their refusal; nothing made)."""
        side = side_for(len(players))
        board = saved_or_placeholder(self.store.root, side)
        first = {"type": "setup", "players": players, "board": board.to_dict()}
        MountainKingRules().apply(State(), first)
        return first, board

    def start(self, players: list[str]) -> bool:
        """A new game: the players in seat order, on the table's board of their side (or the placeholder)."""
        try:
            first, board = self._setup_of(players)  # refused before any file is made
            side = board.side
            title = f"Fall of the Mountain King: {', '.join(players)}, {time.strftime('%d %b %H:%M')}"
            self.session = self.store.start(KIND, title, MountainKingRules(), first)
        except CompanionError as e:
            self.error(str(e))
            return False
        note = " (a placeholder board: enter yours on the Board screen)" if board.placeholder else ""
        self.say(f"A new game for {len(players)} players on the {side} side{note}.")
        self.refresh()
        self.games.refresh()
        return True

    def undo(self) -> None:
        self.undo_bar.undo()

    def redo(self) -> None:
        self.undo_bar.redo()

    def _before_undo(self) -> None:
        """What Undo is about to take back, said after it (a sentence, not "Undone.")."""
        sess = self.session
        if sess is None or not sess.applied:
            self._taken_back = ""
            return
        states = sess.states()
        self._taken_back = describe(sess.applied[-1].action, states[-2])

    def _end_act(self, action: Action) -> bool:
        before = self.state
        with self.answers.at("Score the Wave: end"):
            if not self.act(action):
                return False
        if self.state.end is None:  # the End of the Wave is over and its panel (its slot with it) goes: said in sight
            with self.answers.at("Score the Wave"):
                self.say(self._said(before, action))
        return True

    def _end_error(self, text: str) -> None:
        with self.answers.at("Score the Wave: end"):
            self.error(text)

    def _words(self, action: Action) -> str:
        """An action of the log in the rulebook's words (Undo's question and answers), read in the game as it was
        just before it (an action taken back: the game as it is now)."""
        sess = self.session
        if sess is not None:
            for k, e in enumerate(sess.applied):
                if e.action is action:
                    return describe(action, sess.states()[k]).rstrip(".")
        return describe(action, self.state).rstrip(".")

    def _undo_said(self, text: str) -> None:
        if text.startswith("Undone") and self._taken_back:
            text, self._taken_back = f"Took back: {self._taken_back}", ""
        self.answers.say(text, at=UNDO_SLOT)

    def _undo_error(self, text: str) -> None:
        self.answers.say(text, "error", at=UNDO_SLOT)

    # --- what the shelf asks of a game's screens -------------------------------------------------
    def screen(self, name: str) -> W.Widget:
        return self.pages[name]

    def shown(self, name: str) -> None:
        """A screen comes to the front: drawn from the log as it is now."""
        self.answers.shown(name)
        self.refresh()
        if name == "Board":
            self.games.refresh()

    def open_game(self, log_id: str) -> None:
        """A game of the list opened: the table's game again."""
        self.resume(KIND, log_id)
        if self.session is not None and self.session.log.path.stem == log_id:
            clear_left(self.session.log)
            self.say(f"Opened {self.session.log.meta().get('title', 'the game')}.")
        self.games.refresh()

    def resume(self, kind: str, log_id: str) -> str:
        try:
            self.session = Session(self.store.open(log_id), MountainKingRules())
        except CompanionError as e:
            self.error(str(e))
        self.refresh()
        return "Score the Wave" if self.state.scoring else "Honour"

    def reopen(self) -> None:
        if self.session is not None:
            self.session.refresh()
        self.refresh()

    def poll(self) -> bool:
        """Follow another page on the same game, or to the game it started: True if the screen was redrawn."""
        started = self.new_games.newer(self.session)
        if started is not None:
            self.resume(KIND, started)
            self.say(NEW_ELSEWHERE)
            self.games.refresh()
            return True
        if not caught_up(self.session, self.error):
            return False
        self.refresh()
        tell(self.session, None, lambda news: self.say(news_text(news)))  # what the other page did, said here
        return True

    # --- widgets ---------------------------------------------------------------------------------
    def _build(self) -> None:
        n = numbers()
        self.status = html_widget()
        self.status.add_class("mk-status-box")
        slot = self.answers.slot
        self._taken_back = ""
        self.undo_bar = UndoBar(lambda: self.session, "mk", self._undo_said, self._undo_error, self.refresh, before_undo=self._before_undo,
                                describe=self._words)
        self.undo_btn, self.redo_btn = self.undo_bar.undo_btn, self.undo_bar.redo_btn
        bar = vbox([self.status, self.undo_bar.widget])

        # Honour
        self.track = html_widget()
        self.player = plain_widget(W.ToggleButtons, options=[], description="Player")
        self.player.add_class("mk-player")
        self.strength = Stepper(1, 1, 9, "Gnomes' strength")
        self.spaces = Stepper(1, 1, 12, "Wheel spaces")
        self.boost = Stepper(0, 0, 12, "Honour Boost")
        self.amount = Stepper(1, 1, 30, "Champion's Honour")
        for st in (self.strength, self.spaces, self.boost, self.amount):
            st.observe(lambda _c: self._draw_offers(), "value")
        self.player.observe(lambda _c: self._player_changed(), "value")
        self.offers = vbox(layout=W.Layout(min_height="330px"))  # room for every source's button: choosing a player moves nothing
        self.taps_list = html_widget()
        honour = vbox([self.player, hbox([self.strength], _dom_classes=("mk-row",)),
                         hbox([self.spaces, self.boost, self.amount], _dom_classes=("mk-row",)), slot("Honour"), self.offers, self.taps_list, self.track])

        # Clan board
        self.clans = html_widget()
        self.vote_player = plain_widget(W.ToggleButtons, options=[], description="Player")
        self.vote_player.add_class("mk-vote-player")
        self.vote_clan = plain_widget(W.ToggleButtons, options=[(n.domain_names[d], d) for d in n.domains], value=None, description="Clan")
        self.vote_clan.add_class("mk-vote-clan")
        self.vote_source = plain_widget(W.ToggleButtons, options=[("Seized control", "seize"), ("Defeated Gnomes", "gnomes"), ("Champion", "champion"),
                                                    ("Wild (Outsider)", "wild"), ("Starting Champion", "start")],
                                           value="seize", description="From")
        self.vote_adds = [button(f"+{k}", lambda k=k: self._add_votes(k), "mk-votes", primary=k == 1) for k in range(1, 6)]
        self.vote_btn = self.vote_adds[0]
        self.tile_inputs = {d: plain_widget(W.Text, description=n.domain_names[d], placeholder="e.g. 9 5 3") for d in n.domains}
        for d, t in self.tile_inputs.items():
            t.add_class(f"mk-tile-{d}")
        self.tiles_btn = button("Set Vote tiles", self._set_tiles, "mk-tiles")
        self.tile_clan = plain_widget(W.ToggleButtons, options=[(n.domain_names[d], d) for d in n.domains], value=None, description="Tile of")
        self.tile_clan.add_class("mk-tile-clan")
        self.tile_clan.observe(lambda _c: self._tile_clan_changed(), "value")
        self.tile_picked: tuple[int, ...] = ()
        self.tile_prompt = html_widget()
        self.tile_values = hbox(_dom_classes=("mk-row", "mk-tile-values"))
        self.tile_again_btn = button("Pick this tile again", self._tile_again, "mk-tile-again")
        self.supply_list = html_widget()
        self.supply_player = plain_widget(W.Dropdown, options=[], description="Player")
        self.supply_base = Stepper(n.base_supply.get(1) or 0, 0, 20, "Base supply")
        self.supply_symbols = Stepper(0, 0, n.most_supply_symbols, "Supply symbols")
        self.supply_wild = Stepper(0, 0, 9, "Wild pairs covered")
        self.supply_desperation = Stepper(0, 0, 9, "Desperation tokens")
        self.supply_btn = button("Set supplies", self._set_supply, "mk-supply")
        # where the Votes come from is chosen before the button that records them (a tap on +1 read top to bottom
        # recorded "Seized control" before the source below it was chosen); the answer under the button
        clan = vbox([self.clans, self.vote_player, self.vote_clan, self.vote_source, hbox(self.vote_adds, _dom_classes=("mk-row",)), slot("Clan board"),
                       html_widget("<b>Vote tiles</b> (laid face up on each plank at setup: tap each place's value as it shows)"),
                       self.tile_clan, self.tile_prompt, self.tile_values, self.tile_again_btn, slot("Clan board: tiles"),
                       html_widget(f"<div>Or type them (a value above {n.vote_tile_most}), e.g. 9 5 3:</div>"), *self.tile_inputs.values(), self.tiles_btn, slot("Clan board: typed tiles"),
                       html_widget("<b>Supplies this Wave</b>"), self.supply_list, self.supply_player,
                       hbox([self.supply_base, self.supply_symbols]), hbox([self.supply_wild, self.supply_desperation]),
                       self.supply_btn])

        # Score the Wave
        self.walk_status = html_widget()
        self.end_btn = button("The Wave is over (no Supplies left): End of the Wave", lambda: self.act({"type": "wave-over"}),
                              "mk-end-wave", primary=True)
        self.end_panel = EndPanel(self._end_act, lambda: self.state, self._end_error)
        # under the step's heading, above its buttons: a step's panel that grows below it (the Champions after
        # the invasions) never pushes it away (the last invasion's answer went 434 px below the screen)
        head, *rest = self.end_panel.widget.children
        self.end_panel.widget.children = (head, slot("Score the Wave: end"), *rest)
        self.asked: str | None = None  # a cavern tapped to correct it; None: the next one not entered
        self.fast = hbox()
        self.fast.add_class("mk-fast-row")
        self.before = hbox(_dom_classes=("mk-row", "mk-before-row"))  # Waves II–III: as the last Wave scored it
        self.troll_chips: dict[str, W.ToggleButtons] = {}
        self.troll_box = vbox()
        self.enter_row = hbox(_dom_classes=("mk-row", "mk-enter-row"))
        self._enter_buttons(None, False)
        self.dominated = hbox(_dom_classes=("mk-row", "mk-dominated-row"))
        self.dominated_btns: dict[tuple[str, int], W.Button] = {}
        self.by_cavern = vbox([html_widget("<b>Or cavern by cavern</b>: each player's Trolls, then Enter"), self.troll_box, self.enter_row,
                                 html_widget("<div>Or one tap for a player's Trolls and Enter: alone in the cavern, "
                                        "or the last of the players counted above</div>"),
                                 self.dominated])
        # Waves I–II: a whole Domain at once, as the rulebook scores it (its caverns controlled per player, overrun)
        self.at_once_chips: dict[str, W.ToggleButtons] = {}
        self.at_once_players = vbox()
        self.at_once_overrun = plain_widget(W.ToggleButtons, options=[str(k) for k in range(TROLL_CHIPS)], value="0", description="Overrun")
        self.at_once_overrun.add_class("mk-trolls")
        self.at_once_overrun.add_class("mk-at-once-overrun")
        self._at_once_for: Action | None | str = DRAW_AGAIN
        self.at_once_btn = button("Enter this Domain at once", lambda: None, "mk-at-once")
        self.at_once = vbox([html_widget("<b>Or a whole Domain at once</b>: how many of its caverns each player controls, "
                                      "how many are overrun (nobody controls the others)"),
                               self.at_once_players, self.at_once_overrun, self.at_once_btn])
        self.at_once.add_class("mk-at-once-box")
        self.hall_box = vbox()
        self.hall_box.add_class("mk-hall-values")
        self._halls_drawn: tuple | None = None  # the board's Halls and values the rows were made for
        self._hall_rows: list[tuple[W.HTML, list[W.Button]]] = []
        self._elders_drawn: tuple | None = None  # the players the rows were made for
        self._elder_rows: list[list[W.Button]] = []
        self.elder_box = vbox()
        self.elder_box.add_class("mk-elders")
        self.score_btn = button("Score this Wave", self._score, "mk-score", primary=True)
        self.confirm = html_widget()
        self.confirm_btn = button("Score it, the caverns not entered empty", self._score_anyway, "mk-score-confirm")
        self.confirm_box = vbox([self.confirm, self.confirm_btn])
        own(self.confirm_box).display = "none"
        self.entered = vbox()
        self.entered.add_class("mk-entered")
        self.board_pic = html_widget()  # the placeholder's note over the picture
        self.walk_board = Canvas(width=520, height=520, report=self.error)
        self.walk_board.on_tap = self._walk_picture_tapped
        self.walk_spots: dict = {}
        self.walk_picture = vbox([self.board_pic, self.walk_board.widget], layout=W.Layout(flex="1 1 320px", min_width="280px", max_width="540px"))
        self.walk_picture.add_class("mk-walk-picture")
        self.wave_downloads = html_widget()
        self.export_wave_btn = button("Export the wave file", self._export_wave, "mk-export-wave")
        self.upload = plain_widget(W.FileUpload, accept=".json", multiple=False, description="Open a wave file")
        self.upload.observe(lambda _c: self._open_wave(), "value")
        self.wave_result = html_widget()
        # the Domains scored so far grow as the walk goes: below every control of the walk, so none moves
        self.so_far = html_widget(_dom_classes=("mk-so-far-box",))
        # the End of the Wave's steps in the column of the walk, beside its picture: a step taller or shorter
        # than the one before moves nothing of the picture
        self.score_slot = slot("Score the Wave: score")  # what Score this Wave answers, under it
        self.walk_controls = vbox([self.end_panel.widget, self.walk_status, self.fast, self.before, self.by_cavern, self.at_once,
                                     self.hall_box, self.elder_box, self.score_btn,
                                     self.confirm_box, self.score_slot, self.entered, self.so_far], layout=W.Layout(flex="1 1 360px"))
        # the wave file's buttons first: below the walk, which grows as the Wave ends, they would move at each step
        score = vbox([hbox([self.upload, self.export_wave_btn], _dom_classes=("mk-row", "mk-wave-file-row")), self.end_btn,
                        slot("Score the Wave"),
                        hbox([self.walk_controls, self.walk_picture], layout=W.Layout(flex_flow="row wrap", align_items="flex-start")),
                        self.wave_result, self.wave_downloads])

        # Scorepad
        self.pad = html_widget()
        self.pad_btn = button("Picture (PNG, SVG)", self._export_pad, "mk-export-pad")
        self.pad_downloads = html_widget()
        pad = vbox([self.pad, self.pad_btn, slot("Scorepad"), self.pad_downloads])

        # Board and new game
        self.names = plain_widget(W.Text, description="Players", placeholder="Blue, Yellow, Pink (seat order)")
        self.names.add_class("mk-names")
        self.new_btn = button("New game", self._new_game, "mk-new rf-new-game", primary=True)
        self.side = plain_widget(W.ToggleButtons, options=[("2–3 players", "2-3"), ("4–5 players", "4-5")], value="4-5")
        self.side.observe(lambda _c: self._load_board_form(), "value")
        self.draft = BoardDraft.of(saved_or_placeholder(self.store.root, self.side.value))
        self.counts = {d: Stepper(4, 1, MOST_CAVERNS, n.domain_names[d], css=f"mk-count mk-count-{d}") for d in n.domains}
        for d, st in self.counts.items():
            st.observe(lambda c, d=d: self._draft_count(d, c["new"]), "value")
        self.chips = {d: hbox(_dom_classes=("mk-chips",)) for d in n.domains}
        self.tap_mode = plain_widget(W.ToggleButtons, options=[("Gates", -1)], value=-1, description="Taps mark")
        self.tap_mode.add_class("mk-tap-mode")
        self.tap_mode.observe(lambda c: self._draft_do(lambda b: b.choose_lairs() if c["new"] == LAIRS_MODE
                                                       else b.choose(None if c["new"] in (-1, None) else c["new"])), "value")
        self.new_hall_btn = button("New Great Hall", lambda: self._draft_do(lambda b: b.new_hall()), "mk-new-hall")
        self.remove_hall_btn = button("Remove this Great Hall", lambda: self._draft_do(lambda b: b.remove_hall()), "mk-remove-hall")
        self.save_board_btn = button("Save this board", self._save_board, "mk-save-board", primary=True)
        self.board_form_pic = html_widget()  # the placeholder's note
        self.form_board = Canvas(width=520, height=520, report=self.error)
        self.form_board.on_tap = self._form_picture_tapped
        self.form_spots: dict = {}
        form_picture = vbox([self.board_form_pic, self.form_board.widget], layout=W.Layout(flex="1 1 320px", min_width="280px", max_width="540px"))
        rows = [hbox([self.counts[d], self.chips[d]], _dom_classes=("mk-board-row",)) for d in n.domains]
        editor = vbox([html_widget(f"<div class='mk-numbering'>{E(NUMBERING)} Tap a cavern to mark it a Gate; "
                                "while Lairs are chosen, to put a Lair space beside it (two taps make a pair, L1, L2 …) or take it off; "
                                "while a Great Hall is chosen, to put it in that Hall or take it out.</div>"),
                         self.side, *rows, self.tap_mode, hbox([self.new_hall_btn, self.remove_hall_btn], _dom_classes=("mk-row",)),
                         self.save_board_btn], layout=W.Layout(flex="1 1 360px"))
        self.new_question = NewGameQuestion(lambda: self.session, self._start_from_form, lambda t, level: self.answers.say(t, level), "mk")
        self.games = GamesList(self.store, KIND, self.open_game, lambda: self.session.log.path.stem if self.session else None)
        board = vbox([hbox([self.names, self.new_btn], _dom_classes=("mk-names-row",)), slot("Board"), self.new_question.widget,
                        self.games.widget, html_widget("<b>The board, entered once</b>"),
                        hbox([editor, form_picture], layout=W.Layout(flex_flow="row wrap", align_items="flex-start"))])
        parts = {"Honour": honour, "Clan board": clan, "Score the Wave": score, "Scorepad": pad, "Board": board}
        self.undo_bar.answer_beside(slot(UNDO_SLOT))  # made last: a screen's own slot stays its first
        self.pages = {name: vbox([bar, part]) for name, part in parts.items()}  # the same bar on every screen
        for name, page in self.pages.items():
            page.add_class("mk-screen")
            page.add_class("mk-" + name.lower().replace(" ", "-"))
        self._tabs: W.Tab | None = None
        self._load_board_form()

    @property
    def widget(self) -> W.Tab:
        """All five screens as tabs, for a page of their own (the dashboard shows them one by one)."""
        if self._tabs is None:
            self._tabs = W.Tab(children=list(self.pages.values()), titles=list(self.pages))
            self._tabs.add_class("mk-screens")
        return self._tabs

    # --- showing -----------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.answers.say(text)

    def error(self, text: str) -> None:
        self.answers.error(text)

    @property
    def message(self) -> W.HTML:
        """The answer last said (its screen's slot)."""
        return self.answers.message

    def refresh(self) -> None:
        s = self.state
        self.answers.check()
        self.undo_bar.show()
        if s.players and not self.names.value.strip():  # New game: the same players unless changed
            self.names.value = ", ".join(s.players)
        self.status.value = self._status_html(s)
        names = [(p, p) for p in s.players]
        if list(self.player.options) != names:
            self.player.options = names
            self.vote_player.options = names
            self.supply_player.options = names
        self.track.value = to_svg(track_scene(s, self.dark)) if s.started else ""
        self._draw_offers()
        self.taps_list.value = self._taps_html(s)
        self.clans.value = self._clans_html(s)
        self._draw_tile_pick(s)
        self.supply_list.value = "".join(f"<div>{name_html(p)}: {E(t)}</div>" for p, t in supplies(s))
        self.end_panel.draw(s)
        if getattr(self, "_download_wave", None) not in (None, s.wave) or not s.scoring:
            self.wave_downloads.value, self._download_wave = "", None  # a Wave's file is offered while that Wave is scored
        self._draw_walk(s)
        self.pad.value = self._pad_html(s)

    def _status_html(self, s: State) -> str:
        if not s.started:
            return "<div class='mk-status'>No game yet: name the players on the Board screen.</div>"
        if s.finished:
            return f"<div class='mk-status'><b>The game is over.</b> {E(winner_sentence(s.scores[-1]))}</div>"
        phase = "Score the Wave" if s.scoring else step_name(s)
        board = " · <b>placeholder board</b>" if s.board and s.board.placeholder else ""
        return f"<div class='mk-status'>Wave {ROMAN[s.wave]}: {E(phase)}{board}</div>"

    def _player_changed(self) -> None:
        p = self.player.value
        if p:
            self.boost.value = self.state.boost.get(p, 0)
        self._draw_offers()

    def _draw_offers(self) -> None:
        s, p = self.state, self.player.value
        if not s.started or not p or s.finished:
            self.offers.children = []
            return
        offers = honour_offers(s, p, strength=self.strength.value, spaces=self.spaces.value,
                               boost=self.boost.value, amount=self.amount.value)
        offer_buttons(self.offers, [(o.text, o.action, lambda a=o.action: self.act(a), f"mk-honour mk-honour-{o.action.get('source', 'breach')}")
                                    for o in offers])

    @staticmethod
    def _taps_html(s: State) -> str:
        if not s.taps:
            return "<div>No Honour gained in play yet.</div>"
        rows = "".join(f"<li>Wave {ROMAN[t.wave]}: {name_html(t.player)} +{t.honour} — {E(t.label)}</li>" for t in reversed(s.taps[-12:]))
        return f"<div><b>Honour taps</b> (latest first)</div><ul class='mk-taps'>{rows}</ul>"

    @staticmethod
    def _clans_html(s: State) -> str:
        out = ["<table class='mk-clan-board'><tr><th>Clan</th><th>Vote tile</th><th>Markers (ahead first)</th></tr>"]
        for r in clan_rows(s):
            tile = "/".join(map(str, r.tile)) if r.tile else "face up on the plank: enter it below"
            marks = ", ".join(f"{name_html(p)} {v}" for p, v in r.markers) or "—"
            out.append(f"<tr><td>{E(r.name)}</td><td>{E(tile)}</td><td>{marks}</td></tr>")
        return "".join(out) + "</table>"

    def _draw_walk(self, s: State) -> None:
        scoring = s.started and s.scoring and not s.finished
        own(self.end_btn).display = "" if s.started and not s.scoring and s.end is None and not s.finished else "none"
        for w in (self.fast, self.before, self.by_cavern, self.score_btn, self.score_slot, self.entered):
            own(w).display = "" if scoring else "none"
        own(self.export_wave_btn).visibility = "visible" if scoring else "hidden"  # its room kept: the row never wraps anew
        if not scoring:
            own(self.confirm_box).display = "none"
            self.asked = None
            self.so_far.value = ""
        wave3 = scoring and s.wave == 3
        for w in (self.hall_box, self.elder_box):
            own(w).display = "" if wave3 else "none"
        if scoring and s.wave == 3:
            own(self.by_cavern).display = "none"  # Wave III reads control only: the fast path
        own(self.at_once).display = "" if scoring and s.wave != 3 else "none"  # Wave III: the caverns of its Halls
        if self.asked is not None and (not scoring or self.asked not in walk_order(s)):
            self.asked = None
        step = walk_step(s, self.asked) if scoring else None
        own(self.walk_picture).display = "" if s.board is not None and (scoring or s.end is not None) else "none"
        if s.board is not None and self.walk_picture.layout.display != "none":
            self.board_pic.value = self._placeholder_note(s)
            spots: dict = {}
            self.walk_board.show(board_scene(s.board, s, self.dark, asked=step.cavern if step else None, spots=spots))
            self.walk_spots = spots
        if s.finished:
            sc = s.scores[-1]
            self.walk_status.value = f"<div class='mk-winner'><b>{E(winner_sentence(sc))}</b></div>"
        if not scoring:
            if not s.finished:
                refresh = f"<div class='mk-refresh'>{E(refresh_sentence(s))}</div>" if s.scores and s.end is None else ""
                self.walk_status.value = refresh + ("<div>When every player has run out of Supplies, tap The Wave is over.</div>"
                                                    if s.started and s.end is None else "")
            return
        assert step is not None
        self.walk_status.value = f"<div class='mk-walk'>Wave {ROMAN[s.wave]}: {E(self._prompt(s, step))}</div>"
        self.so_far.value = self._so_far_html(s)
        asked = f"mk-for-{css_token(step.cavern or '')}"  # what the buttons answer, on each of them
        # the walk's answers, each button made for its question (a screen drawn again keeps them: offer_buttons)
        rest = [step.rest] if step.rest else []
        offer_buttons(self.fast, [(o.label, o.action, lambda a=o.action: self._walk_tap(a), f"{css} {asked}")
                                  for o, css in (*((o, "mk-fast") for o in step.fast), *((o, "mk-rest") for o in rest))],
                      after=() if step.rest else (self._rest_room(),))
        offer_buttons(self.before, [(o.label, o.action, lambda a=o.action: self._walk_tap(a), f"{css} {asked}")
                                    for o, css in ((step.before, "mk-as-before"), (step.rest_before, "mk-rest-before")) if o is not None])
        offer_buttons(self.dominated, [(o.label, o.action, lambda a=o.action: self._last_trolls(a), "mk-dominated") for o in step.dominated])
        self.dominated_btns = {next(iter(o.action["trolls"].items())): b for o, b in zip(step.dominated, self.dominated.children)}
        if set(self.troll_chips) != set(s.players):
            self.troll_chips = {p: plain_widget(W.ToggleButtons, options=[str(k) for k in range(TROLL_CHIPS)], value="0", description=name_isolated(p)) for p in s.players}
            for w in self.troll_chips.values():
                w.add_class("mk-trolls")
            self.troll_box.children = list(self.troll_chips.values())
        self._at_once_buttons(s, step.at_once)
        if (step.cavern, step.cavern in s.walk) != self._enter_for:  # a new question: every count from zero
            self._enter_buttons(step.cavern, step.cavern in s.walk)
            for w in self.troll_chips.values():
                w.value = "0"
        for b in (*self.fast.children, *self.before.children, *self.enter_row.children, *self.dominated.children):
            if "mk-rest-room" not in b._dom_classes:
                b.disabled = step.tallied  # a Domain entered at once is corrected at once: these keep their room, off
        self.entered.children = self._entered_rows(s)
        if wave3:
            self._draw_halls_and_elders(s)

    def _rest_room(self) -> W.Button:
        """The room of "Nobody controls the rest of …" where a cavern does not offer it: the row keeps its lines, so
        the buttons below it stay put from one cavern to the next (they moved 58 px, 80 on a phone). One, made once."""
        room = getattr(self, "_rest_room_btn", None)
        if room is None:
            room = self._rest_room_btn = button("Nobody controls the rest", lambda: None, "mk-rest-room", disabled=True)
            own(room).visibility = "hidden"
        return room

    def _placeholder_note(self, s: State) -> str:
        if s.board is None or not s.board.placeholder:
            return ""
        return f"<div class='mk-placeholder'><b>Placeholder board</b> ({E(s.board.side)} players): enter yours on the Board screen.</div>"

    @staticmethod
    def _prompt(s: State, step) -> str:
        if step.cavern is None:
            return step.prompt
        name = cavern_name(step.cavern)
        if step.tallied:
            domain = numbers().domain_names[step.domain]
            return f"{domain} was entered at once: correct it with a whole Domain at once, below."
        if step.cavern in s.walk:
            return f"correct {name} (ringed on the picture): who controls it?"
        return f"who controls {name}, ringed on the picture? ({step.entered + 1} of {step.to_enter})"

    def _entered_rows(self, s: State) -> list[W.Widget]:
        """The caverns entered so far, Domain by Domain: a tap on one asks it again, to correct it."""
        rows: list[W.Widget] = []
        assert s.board is not None
        kept: dict = getattr(self, "_entered_kept", {})  # a row drawn again for the same caverns is the same row
        self._entered_kept = drawn = {}
        for d in numbers().domains:
            ids = tuple(c for c in walk_order(s) if s.board.cavern(c).domain == d and c in s.walk)
            if ids:
                row = kept.get((d, ids))
                if row is None:
                    chips = [button(cavern_name(c).rsplit(" ", 1)[-1], lambda c=c: self._ask(c), f"mk-cavern-chip mk-chip-{css_token(c)}") for c in ids]
                    row = hbox([html_widget(f"<span>{E(numbers().domain_names[d])}</span>"), *chips], _dom_classes=("mk-row",))
                drawn[(d, ids)] = row
                rows.append(row)
        if rows:
            head = kept.get("head") or html_widget("<div>Entered (tap one to correct it):</div>")
            drawn["head"] = head
            rows.insert(0, head)
        return rows

    def _walk_picture_tapped(self, x: float, y: float) -> None:
        """A tap on the walk's picture: a cavern is asked (to enter it, or correct it); in Wave III a Great
        Hall's token goes to the next value (4, 8, 12)."""
        s = self.state
        hit = spot_at(self.walk_spots, x, y)
        if hit is None or not s.scoring or s.finished:
            return
        what, which = hit
        if what == "cavern" and isinstance(which, str):
            if which in walk_order(s):
                self._ask(which)
            else:
                self.error(f"{cavern_name(which)} touches no Great Hall: Wave III does not ask about it.")
        elif what == "hall" and isinstance(which, int) and s.wave == 3:
            values = numbers().great_hall_values
            now = s.halls[which] if which < len(s.halls) else 0
            after = values[(values.index(now) + 1) % len(values)] if now in values else values[0]
            self.act({"type": "hall", "hall": which + 1, "value": after})

    def _ask(self, cid: str) -> None:
        self.asked = cid
        s = self.state
        domain = s.board.cavern(cid).domain if s.board is not None and cid in s.board.ids else None
        if domain in s.tallied:
            self.say(f"{numbers().domain_names[domain]} was entered at once: enter it at once again, below.")
        else:
            self.say(f"{cavern_name(cid)} is asked again: tap who controls it, or enter it cavern by cavern.")
        self.refresh()

    def _stale(self, answers: Action, now: list[Action]) -> bool:
        """A button drawn for a question the walk has left (a second quick tap, the page behind): refused with a
        sentence, never entered with the counts the next question shows."""
        if answers in now:
            return False
        step = walk_step(self.state, self.asked)
        asked = f"the walk now asks {cavern_name(step.cavern)}" if step.cavern else "every cavern is entered"
        if answers.get("type") == "domain":
            what = numbers().domain_names.get(str(answers.get("domain")), "")
            done = str(answers.get("domain")) in self.state.tallied
        else:
            what = cavern_name(answers.get("cavern"))
            done = answers.get("cavern") in self.state.walk
        if done:
            self.error(f"That button was for {what}, answered already: {asked}.")
        else:
            self.error(f"That button was for {what}, but {asked}: nothing was entered. Tap again.")
        return True

    def _walk_tap(self, action: Action) -> None:
        """A fast-path tap (a player, the rest empty, as before): taken only if the walk still asks what the
        button was drawn for — after a cavern is tapped to correct it, a button still drawn for the next
        cavern is refused, never entered on the cavern the question no longer names."""
        step = walk_step(self.state, self.asked)
        offers = [o.action for o in (*step.fast, step.rest, step.before, step.rest_before) if o is not None]
        if self._stale(action, offers):
            return
        if self.act(action):
            self.asked = None
            self.refresh()

    def _draw_halls_and_elders(self, s: State) -> None:
        """The Great Halls' values and the players' Elders, a row of buttons each. A tap means the same whatever was
        tapped before (Hall 2 is worth 12; Pink has 3 Elders), so the buttons are made once for a board and its
        players and only their look follows the log: nothing is drawn again under a finger tapping one Hall after
        another (every row made anew at each tap lost the next Hall's tap on a busy tablet)."""
        assert s.board is not None
        values = list(numbers().great_hall_values)
        halls_key = (len(s.board.great_halls), tuple(values))
        if self._halls_drawn != halls_key:
            self._halls_drawn = halls_key
            self._hall_rows = []
            for i in range(len(s.board.great_halls)):
                label = html_widget(_dom_classes=("mk-row-label",))
                btns = [button(str(v), lambda i=i, v=v: self.act({"type": "hall", "hall": i + 1, "value": v}),
                               f"mk-hall mk-hall-{i + 1}") for v in values]
                self._hall_rows.append((label, btns))
            self.hall_box.children = [html_widget("<b>Great Hall tokens</b> (H1, H2 … on the picture)"),
                                      *(hbox([label, *btns], _dom_classes=("mk-row",)) for label, btns in self._hall_rows)]
        for i, (label, btns) in enumerate(self._hall_rows):
            value = s.halls[i] if i < len(s.halls) else 0
            label.value = f"<span>{E(hall_label(i, value or None))}</span>"
            for v, b in zip(values, btns):
                b.button_style = "success" if v == value else ""
        elders_key = (tuple(s.players), numbers().most_elders)
        if self._elders_drawn != elders_key:
            self._elders_drawn = elders_key
            self._elder_rows = [[button(str(k), lambda p=p, k=k: self.act({"type": "elders", "player": p, "elders": k}), "mk-elder")
                                 for k in range(numbers().most_elders + 1)] for p in s.players]
            self.elder_box.children = [html_widget("<b>Elder symbols</b> (one tap a player)"),
                                       *(hbox([html_widget(f"<span>{name_html(p)}</span>", _dom_classes=("mk-row-label",)), *btns], _dom_classes=("mk-row",))
                                         for p, btns in zip(s.players, self._elder_rows))]
        for p, btns in zip(s.players, self._elder_rows):
            have = s.elders.get(p, 0)
            for k, b in enumerate(btns):
                b.button_style = "success" if k == have else ""

    @staticmethod
    def _so_far_html(s: State) -> str:
        """The Domains scored so far in the walk (Waves I–II): who controls how many caverns, and the net Honour."""
        if s.wave == 3 or not s.walk:
            return ""
        entered = {c.domain for c in s.walk.values()}
        result = score(s.wave_document())
        rows = []
        for d in result.domains:
            if d.domain not in entered:
                continue
            who = ", ".join(f"{name_html(p)} {k} → {d.scores[p]:+d}" for p, k in d.controllers.items()) or "nobody controls a cavern"
            lost = f" ({d.overrun} overrun)" if d.overrun else ""
            rows.append(f"<li>{E(numbers().domain_names[d.domain])}{lost}: {who}</li>")
        return "<ul class='mk-so-far'>" + "".join(rows) + "</ul>"

    def _pad_html(self, s: State) -> str:
        if not s.started:
            return ""
        pad = scorepad(s)
        keys = list(pad[s.players[0]])
        head = "".join(f"<th>{name_html(p)}</th>" for p in s.players)
        rows = "".join(f"<tr><td>{E(line_name(k))}</td>" + "".join(f"<td>{pad[p][k]}</td>" for p in s.players) + "</tr>" for k in keys)
        return f"<table class='mk-scorepad'><tr><th></th>{head}</tr>{rows}</table>"

    # --- taps of forms -------------------------------------------------------------------------------
    def _add_votes(self, votes: int) -> None:
        if not self.vote_player.value or not self.vote_clan.value:
            self.error("Tap the player who gains the Votes and the Clan first.")
            return
        self.act(vote_offer(self.vote_player.value, self.vote_clan.value, votes, self.vote_source.value or "seize").action)

    def _set_supply(self) -> None:
        if not self.supply_player.value:
            self.error("Choose the player whose supplies these are.")
            return
        self.act({"type": "supply", "player": self.supply_player.value, "base": self.supply_base.value,
                  "symbols": self.supply_symbols.value, "wild_pairs": self.supply_wild.value,
                  "desperation": self.supply_desperation.value})

    def _draw_tile_pick(self, s: State) -> None:
        """The Vote tile being picked: its Clan (the next without a tile unless one is chosen) and the values its
        next place may show, from the core's offers."""
        if self.tile_clan.value is None and s.started:
            self._tile_syncing = True
            try:
                self.tile_clan.value = next_tile_clan(s)
            finally:
                self._tile_syncing = False
        clan = self.tile_clan.value
        if clan is None or not s.started:
            self.tile_prompt.value, self.tile_values.children = "", []
            return
        have = s.tiles.get(clan)
        shown = f" (entered: {'/'.join(map(str, have))}; a new pick replaces it)" if have and not self.tile_picked else ""
        self.tile_prompt.value = f"<div class='mk-tile-prompt'>{E(tile_prompt(clan, self.tile_picked))}{E(shown)}:</div>"
        offer_buttons(self.tile_values, [(o.label, (clan, o), lambda o=o: self._pick_tile(clan, o), "mk-tile-value")
                                         for o in tile_offers(clan, self.tile_picked)])

    def _tile_clan_changed(self) -> None:
        if getattr(self, "_tile_syncing", False):
            return
        self.tile_picked = ()
        self._draw_tile_pick(self.state)

    def _pick_tile(self, clan: str, pick) -> None:
        """A value tapped for the tile's next place; the third sends the tile to the log, and the next Clan is asked."""
        if pick.action is None:
            self.tile_picked = pick.picked
            self._draw_tile_pick(self.state)
            return
        with self.answers.at("Clan board: tiles"):
            done = self.act(pick.action)
        if done:
            self.tile_picked = ()
            after = next_tile_clan(self.state, clan)
            self._tile_syncing = True
            try:
                self.tile_clan.value = after or clan
            finally:
                self._tile_syncing = False
            self._draw_tile_pick(self.state)

    def _tile_again(self) -> None:
        self.tile_picked = ()
        self._draw_tile_pick(self.state)

    def _set_tiles(self) -> None:
        with self.answers.at("Clan board: typed tiles"):  # said under the typed tiles' button
            self._tiles()

    def _tiles(self) -> None:
        tiles: dict[str, list[int]] = {}
        for d, t in self.tile_inputs.items():
            if t.value.strip():
                try:
                    tiles[d] = [int(x) for x in t.value.replace(",", " ").split()]
                except ValueError:
                    self.error(f"The {numbers().domain_names[d]} Vote tile is three whole numbers, such as 9 5 3.")
                    return
        self.act({"type": "tiles", "tiles": tiles})

    def _enter_buttons(self, cavern: str | None, again: bool) -> None:
        """Enter, Empty and Overrun, made for one cavern: a tap answers that cavern's question, so a second
        quick tap on Enter is refused by the rules (the cavern is entered) instead of entering the next one."""
        self._enter_for = (cavern, again)
        enter = partial(self._enter_cavern, cavern, again)
        self.gnome_btns = [button(f"Overrun: {k} {'Gnome' if k == 1 else 'Gnomes'}", lambda k=k: enter(gnomes=k), "mk-gnomes")
                           for k in range(1, GNOME_CHIPS + 1)]
        self.empty_btn = button("Empty", lambda: enter(empty=True), "mk-empty")
        self.enter_btn = button(f"Enter {cavern_name(cavern)}" if cavern else "Enter this cavern", enter, "mk-enter")
        self.enter_row.children = [self.enter_btn, self.empty_btn, *self.gnome_btns]

    def _last_trolls(self, offer: Action) -> None:
        """"Blue 2": Blue's Trolls and Enter, with the counts tapped above for the other players (none: Blue alone,
        dominated). The offer carries its cavern, so a quick second tap is refused, never entered on the next one."""
        if self._stale(offer, [o.action for o in walk_step(self.state, self.asked).dominated]):
            return
        counted = {p: int(w.value) for p, w in self.troll_chips.items() if int(w.value)}
        if self.act(cavern_action(offer["cavern"], {**counted, **offer["trolls"]}, again=bool(offer.get("again")))):
            for w in self.troll_chips.values():
                w.value = "0"
            self.asked = None
            self.refresh()

    def _at_once_buttons(self, s: State, offer) -> None:
        """A Domain at once: a row of counts per player and the overrun ones, from zero for each Domain asked; its
        Enter made for that Domain (a tap made before another Domain is asked answers the one it named)."""
        if set(self.at_once_chips) != set(s.players):
            self.at_once_chips = {p: plain_widget(W.ToggleButtons, options=[str(k) for k in range(TROLL_CHIPS)], value="0", description=name_isolated(p))
                                  for p in s.players}
            for w in self.at_once_chips.values():
                w.add_class("mk-trolls")
                w.add_class("mk-at-once-player")
            self.at_once_players.children = list(self.at_once_chips.values())
        action = offer.action if offer is not None else None
        if action == self._at_once_for:
            return
        self._at_once_for = action
        for w in (*self.at_once_chips.values(), self.at_once_overrun):
            w.value = "0"
        label = offer.label if offer is not None else "Enter this Domain at once"
        self.at_once_btn = button(label, lambda a=action: self._enter_at_once(a), "mk-at-once")
        self.at_once.children = (*self.at_once.children[:-1], self.at_once_btn)

    def _enter_at_once(self, base: Action | None) -> None:
        if base is None:
            self.error("Every cavern is entered; tap Score this Wave.")
            return
        offer = walk_step(self.state, self.asked).at_once
        if self._stale(base, [offer.action] if offer is not None else []):
            return
        controlled = {p: int(w.value) for p, w in self.at_once_chips.items() if int(w.value)}
        if self.act({**base, "controlled": controlled, "overrun": int(self.at_once_overrun.value)}):
            self._at_once_for = DRAW_AGAIN  # the next Domain's rows from zero, even the same Domain asked again
            self.asked = None
            self.refresh()

    def _enter_cavern(self, cavern: str | None, again: bool, gnomes: int = 0, empty: bool = False) -> None:
        """Enter ``cavern``: the Trolls tapped (or empty, or overrun with its Gnomes); every count back to 0."""
        if cavern is None:
            self.error("Every cavern is entered; tap Score this Wave.")
            return
        step = walk_step(self.state, self.asked)
        if (cavern, again) != (step.cavern, step.cavern in self.state.walk):
            self._stale(cavern_action(cavern, {}, again=again), [])
            return
        trolls = {} if gnomes or empty else {p: int(w.value) for p, w in self.troll_chips.items()}
        if gnomes and any(int(w.value) for w in self.troll_chips.values()):
            self.error(f"{cavern_name(cavern)} cannot hold both Trolls and Gnomes when the Wave is scored: set the Trolls to 0, or tap Enter.")
            return
        if self.act(cavern_action(cavern, trolls, gnomes, again=again)):
            for w in self.troll_chips.values():
                w.value = "0"
            self.asked = None
            self.refresh()

    def _score(self) -> None:
        """Score this Wave, answered under its button; with caverns not entered, first ask (naming them) — unless
        the Wave cannot be scored yet for another reason (Wave III's Hall values, the Vote tiles): that is said
        first, before any question."""
        with self.answers.at("Score the Wave: score"):
            missing = not_entered(self.state)
            if not missing:
                self._scored({"type": "score-wave"})
                return
            if self.session is not None:
                try:
                    self.session.rules.apply(self.state, {"type": "score-wave", "empty": list(missing)})  # nothing written
                except CompanionError as e:
                    self.error(str(e))
                    return
            names = ", ".join(cavern_name(c) for c in missing)
            self.confirm.value = (f"<div class='mk-confirm'>{len(missing)} {'cavern is' if len(missing) == 1 else 'caverns are'} not entered: "
                                  f"{E(names)}. Enter them, or score them as empty.</div>")
            own(self.confirm_box).display = ""
            self.say("")

    def _score_anyway(self) -> None:
        own(self.confirm_box).display = "none"
        self._scored({"type": "score-wave", "empty": list(not_entered(self.state))})

    def _scored(self, action: Action) -> None:
        """Score this Wave: a refusal is said under its button; once scored, the walk and its button go (the next
        Wave begins, or the game ends), so the Wave's scores are said at the top of the screen, in sight."""
        before = self.state
        with self.answers.at("Score the Wave: score"):
            if not self.act(action):
                return
        with self.answers.at("Score the Wave"):
            self.say(self._said(before, action))
        # the walk and its button are gone: the page, kept as long as it was under the finger, showed only its
        # background 790 px down; the next Wave and the scores' sentence are at the top
        self.to_top()

    def _new_game(self) -> None:
        """New game: asked first over a game in progress (it stays in the list of games) — once the players typed
        make a game (a refusal is said at once, never after leaving the game in progress)."""
        try:
            self._setup_of([p.strip() for p in self.names.value.split(",") if p.strip()])
        except CompanionError as e:
            self.error(str(e))
            return
        self.new_question.new_game()

    def _start_from_form(self) -> bool:
        players = [p.strip() for p in self.names.value.split(",") if p.strip()]
        return self.start(players)

    # --- the board, entered once ---------------------------------------------------------------------
    def _load_board_form(self) -> None:
        """The side's board (the table's, or the placeholder) into the editor."""
        self._set_draft(BoardDraft.of(saved_or_placeholder(self.store.root, self.side.value)))

    def _set_draft(self, draft: BoardDraft) -> None:
        self.draft = draft
        self._syncing = True
        try:
            for d, st in self.counts.items():
                st.value = draft.counts.get(d, 1)
            options = [("Gates", -1), ("Lairs", LAIRS_MODE)] + [(f"Great Hall H{i + 1}", i) for i in range(len(draft.halls))]
            if list(self.tap_mode.options) != options:
                self.tap_mode.options = options
            self.tap_mode.value = LAIRS_MODE if draft.marking_lairs else -1 if draft.hall is None else draft.hall
        finally:
            self._syncing = False
        self.remove_hall_btn.disabled = draft.hall is None
        self._show_draft()

    def _draft_do(self, change: Callable[[BoardDraft], BoardDraft]) -> None:
        """One tap on the board being entered: checked at once, the picture drawn again."""
        if getattr(self, "_syncing", False):
            return
        try:
            draft = change(self.draft)
        except CompanionError as e:
            self.error(str(e))
            self._set_draft(self.draft)  # the tap is undone on screen too
            return
        self._set_draft(draft)

    def _draft_count(self, domain: str, n: int) -> None:
        if not getattr(self, "_syncing", False) and self.draft.counts.get(domain) != n:
            self._draft_do(lambda b: b.count(domain, n))

    def _show_draft(self) -> None:
        draft = self.draft
        hall = set(draft.halls[draft.hall]) if draft.hall is not None else set()
        lairs = {c for pair in draft.lairs for c in pair}
        for d, box in self.chips.items():
            chips = []
            for cid in draft.ids(d):
                on = cid in lairs if draft.marking_lairs else cid in hall if draft.hall is not None else cid in draft.gates
                b = button(cid.rsplit("-", 1)[-1], lambda cid=cid: self._draft_do(lambda b: b.tap(cid)), f"mk-board-chip mk-board-{css_token(cid)}", primary=on)
                chips.append(b)
            box.children = chips
        self._show_board_form(draft.drawn(), draft.half_lairs())

    def _show_board_form(self, board: Board, loose_lairs: tuple[tuple[int, str], ...] = ()) -> None:
        note = "<div class='mk-placeholder'><b>Placeholder board</b>: the rulebook does not give this side's caverns; enter yours and save it.</div>" if board.placeholder else ""
        waiting = "".join(f"<div class='mk-lair-waiting'>Lair pair {E(lair_label(k))}: tap the cavern beside its second Lair space.</div>"
                          for k, _c in loose_lairs)
        self.board_form_pic.value = note + waiting
        spots: dict = {}
        self.form_board.show(board_scene(board, dark=self.dark, spots=spots, loose_lairs=loose_lairs))
        self.form_spots = spots

    def _form_picture_tapped(self, x: float, y: float) -> None:
        """A tap on the board being entered: a cavern is a Gate (or goes in or out of the Great Hall chosen)."""
        hit = spot_at(self.form_spots, x, y)
        if hit is not None and hit[0] == "cavern":
            cid = str(hit[1])
            self._draft_do(lambda b: b.tap(cid))
        elif hit is not None and hit[0] == "hall":
            self._draft_do(lambda b: b.choose(int(hit[1])))
        elif hit is not None and hit[0] == "lair":
            cid = str(hit[1])  # as on a Great Hall: a first tap chooses Lairs, the next (Lairs chosen) takes it off
            self._draft_do(lambda b: b.tap(cid) if b.marking_lairs else b.choose_lairs())

    def board_from_form(self) -> Board:
        return self.draft.board()

    def _save_board(self) -> None:
        try:
            board = self.board_from_form()
            path = save_board(self.store.root, board)
        except (CompanionError, OSError) as e:
            self.error(str(e))
            return
        s = self.state
        if s.started and not s.played and not s.finished and board.suits(len(s.players)):  # before the first action: this game's board
            if self.act({"type": "board", "board": {**board.to_dict(), "placeholder": False}}):
                self.say(f"The {board.side} board is saved ({path.name}); this game is played on it, and new games on that side use it.")
        else:
            self.say(f"The {board.side} board is saved ({path.name}); new games on that side use it.")
        self._set_draft(BoardDraft.of(saved_or_placeholder(self.store.root, board.side)))

    # --- files and pictures ----------------------------------------------------------------------------
    def wave_file(self) -> bytes:
        """The Wave being scored as a ``mountain-king/wave`` file."""
        return (json.dumps(self.state.wave_document().to_dict(), indent=1, ensure_ascii=False) + "\n").encode("utf-8")

    def _export_wave(self) -> None:
        data = base64.b64encode(self.wave_file()).decode()
        self._download_wave = self.state.wave
        self.wave_downloads.value = (f"<a class='rf-download' download='mountain-king-wave-{self.state.wave}.json' "
                                     f"href='data:application/json;base64,{data}'>Download the wave file</a>")

    def open_wave(self, data: bytes) -> None:
        """A wave file opened: its caverns are entered into this Wave's walk (cavern by cavern, each one undoable)."""
        try:
            w = parse_wave(parse_bytes(data))
        except WaveFileError as e:
            self.error(" ".join(e.errors))
            return
        s = self.state
        if not s.scoring or w.wave != s.wave or set(w.players) != set(s.players):
            self.error(f"That file is the end of Wave {w.wave} for {', '.join(w.players)}; this game is at Wave {ROMAN[s.wave]}"
                       f" with {', '.join(s.players)}, at Score the Wave.")
            return
        if s.tallied:  # checked before any cavern is entered: the file is entered whole or not at all
            names = ", ".join(numbers().domain_names[d] for d in numbers().domains if d in s.tallied)
            self.error(f"{names} {'was' if len(s.tallied) == 1 else 'were'} entered at once (counts, not caverns): undo "
                       f"{'it' if len(s.tallied) == 1 else 'them'} before opening a wave file, which enters cavern by cavern.")
            return
        for c in w.caverns:
            if not self.act(cavern_action(c.id, c.trolls, c.gnomes, again=c.id in self.state.walk)):
                return
        self.say(f"{len(w.caverns)} caverns entered from the file.")

    def _open_wave(self) -> None:
        files = self.upload.value
        if not files:
            return
        f = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        self.open_wave(bytes(f["content"]))

    def _export_pad(self) -> None:
        scene = scorepad_scene(self.state, self.dark)
        png = base64.b64encode(to_png(scene)).decode()
        svg = base64.b64encode(to_svg(scene).encode()).decode()
        self.pad_downloads.value = (
            f"<a class='rf-download' download='mountain-king-scorepad.png' href='data:image/png;base64,{png}'>Download PNG</a>"
            f"<a class='rf-download' download='mountain-king-scorepad.svg' href='data:image/svg+xml;base64,{svg}'>Download SVG</a>"
        )


def open_screens(table: Any) -> MountainKingScreens:
    """The registry's factory: the game's screens on the page's shared parts."""
    if isinstance(table, GameStore):
        return MountainKingScreens(table)
    store = getattr(table, "store", None) or GameStore()
    history = table.history() if callable(getattr(table, "history", None)) else None
    dark = table.dark if callable(getattr(table, "dark", None)) else (lambda: False)
    to_top = getattr(table, "to_top", None)
    return MountainKingScreens(store, history, dark, place_of(table), to_top if callable(to_top) else (lambda: None))
