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
from typing import Any, Callable

import ipywidgets as W

from ...drawing import to_png, to_svg
from ...errors import CompanionError
from ...gamelog import GameStore, Session
from ...history import FinishedGames
from ...ui.answer import Answers, place_of
from ...ui.follow import NEW_ELSEWHERE, NewGames, caught_up, clear_left
from ...ui.games_list import GamesList, NewGameQuestion
from ...ui.undo_bar import UndoBar
from ...ui.widgets import Stepper, button
from ..board import Board, saved_or_placeholder, side_for
from ..board import parse as parse_board
from ..board import save as save_board
from ..game import ROMAN, SOURCE_NAMES, Action, MountainKingRules, State
from ..meta import GAME_ID
from ..numbers import numbers
from ..scoring import score, winner_sentence
from ..taps import cavern_action, honour_offers, invasion_offers, vote_offer, walk_step
from ..view import (
    board_scene,
    clan_rows,
    line_name,
    scorepad,
    scorepad_scene,
    supplies,
    track_scene,
)
from ..wave import WaveFileError, parse_bytes
from ..wave import parse as parse_wave

KIND = f"{GAME_ID}/game"
SCREENS = ("Honour", "Clan board", "Score the Wave", "Scorepad", "Board")
E = html.escape


def describe(action: Action) -> str:
    """One line of the game's story, for the steps list."""
    t = action.get("type", "?")
    who = f"{action['player']}: " if isinstance(action.get("player"), str) else ""
    if t == "honour":
        return who + SOURCE_NAMES.get(str(action.get("source")), "Honour")
    if t == "votes":
        return who + f"+{action.get('votes')} {action.get('clan')} Votes"
    if t in ("cavern", "control"):
        return f"Cavern {action.get('cavern')}"
    return who + t


class MountainKingScreens:
    """The game's screens on the dashboard (``screens``, ``screen(name)``, ``resume``, ``reopen``, ``poll``)."""

    screens = SCREENS

    def __init__(self, store: GameStore, history: FinishedGames | None = None, dark: Callable[[], bool] = lambda: False,
                 place: Callable[[], str] = lambda: "") -> None:
        self.store = store
        self._history = history
        self._dark = dark
        self.session: Session[State] | None = None
        self.answers = Answers(place, lambda: (self.session.log.path if self.session else None, self.session.head if self.session else 0))
        self.new_games = NewGames(store, KIND)  # a game started on another page: this page shows it too
        self._build()
        latest = store.latest(KIND, MountainKingRules())
        if latest is not None:
            self.session = latest
        self.refresh()

    # --- the game ------------------------------------------------------------------------------
    @property
    def dark(self) -> bool:
        """The page's theme (Dark on the bar): the pictures are drawn in it."""
        return bool(self._dark())

    def settings_changed(self) -> None:
        """Dark or Light was tapped: draw the pictures again in the theme."""
        self.refresh()
        self._show_board_form(saved_or_placeholder(self.store.root, self.side.value))

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
        if action.get("type") == "honour" and len(s.taps) > len(before.taps):
            t = s.taps[-1]
            return f"{t.player}: +{t.honour} Honour ({t.label}); {s.honour(t.player)} in all."
        if action.get("type") == "score-wave":
            sc = s.scores[-1]
            gains = ", ".join(f"{p} +{sc.gained(p)}" for p in s.players)
            return f"Wave {ROMAN[sc.wave]} scored: {gains}." + (f" {winner_sentence(sc)}" if sc.winners else "")
        return describe(action) + "."

    def start(self, players: list[str]) -> bool:
        """A new game: the players in seat order, on the table's board of their side (or the placeholder)."""
        try:
            side = side_for(len(players))
            board = saved_or_placeholder(self.store.root, side)
            first = {"type": "setup", "players": players, "board": board.to_dict()}
            MountainKingRules().apply(State(), first)  # refused before any file is made
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
        return True

    # --- widgets ---------------------------------------------------------------------------------
    def _build(self) -> None:
        n = numbers()
        self.status = W.HTML()
        self.status.add_class("mk-status-box")
        slot = self.answers.slot
        self.undo_bar = UndoBar(lambda: self.session, "mk", self.say, self.error, self.refresh, describe=describe)
        self.undo_btn, self.redo_btn = self.undo_bar.undo_btn, self.undo_bar.redo_btn
        bar = W.VBox([self.status, self.undo_bar.widget])

        # Honour
        self.track = W.HTML()
        self.player = W.ToggleButtons(options=[], description="Player")
        self.player.add_class("mk-player")
        self.strength = Stepper(1, 1, 9, "Gnomes' strength")
        self.lines = Stepper(1, 1, 9, "Yellow lines")
        self.spaces = Stepper(1, 1, 12, "Wheel spaces")
        self.boost = Stepper(0, 0, 12, "Honour Boost")
        self.amount = Stepper(1, 1, 30, "Champion's Honour")
        for st in (self.strength, self.lines, self.spaces, self.boost, self.amount):
            st.observe(lambda _c: self._draw_offers(), "value")
        self.player.observe(lambda _c: self._player_changed(), "value")
        self.offers = W.VBox(layout=W.Layout(min_height="330px"))  # room for every source's button: choosing a player moves nothing
        self.invasions = W.HBox()
        self.taps_list = W.HTML()
        honour = W.VBox([self.track, self.player, W.HBox([self.strength, self.lines]),
                         W.HBox([self.spaces, self.boost, self.amount]), slot("Honour"), self.invasions, self.offers, self.taps_list])

        # Clan board
        self.clans = W.HTML()
        self.vote_player = W.Dropdown(options=[], description="Player")
        self.vote_clan = W.Dropdown(options=[(n.domain_names[d], d) for d in n.domains], description="Clan")
        self.vote_count = Stepper(1, 1, 12, "Votes")
        self.vote_source = W.Dropdown(options=[("Seized control", "seize"), ("Defeated Gnomes", "gnomes"), ("Champion", "champion"),
                                               ("Consolation", "consolation"), ("Wild (Outsider)", "wild"), ("Starting Champion", "start")],
                                      description="From")
        self.vote_btn = button("Add Votes", self._add_votes, "mk-votes", primary=True)
        self.tile_inputs = {d: W.Text(description=n.domain_names[d], placeholder="e.g. 9 5 3") for d in n.domains}
        for d, t in self.tile_inputs.items():
            t.add_class(f"mk-tile-{d}")
        self.tiles_btn = button("Set Vote tiles", self._set_tiles, "mk-tiles")
        self.supply_list = W.HTML()
        self.supply_player = W.Dropdown(options=[], description="Player")
        self.supply_base = Stepper(n.base_supply.get(1) or 0, 0, 20, "Base supply")
        self.supply_symbols = Stepper(0, 0, n.most_supply_symbols, "Supply symbols")
        self.supply_wild = Stepper(0, 0, 9, "Wild pairs covered")
        self.supply_desperation = Stepper(0, 0, 9, "Desperation tokens")
        self.supply_btn = button("Set supplies", self._set_supply, "mk-supply")
        clan = W.VBox([self.clans, self.vote_player, self.vote_clan, self.vote_count, self.vote_source, self.vote_btn, slot("Clan board"),
                       W.HTML("<b>Vote tiles drawn for the game</b>"), *self.tile_inputs.values(), self.tiles_btn, slot("Clan board: tiles"),
                       W.HTML("<b>Supplies this Wave</b>"), self.supply_list, self.supply_player,
                       W.HBox([self.supply_base, self.supply_symbols]), W.HBox([self.supply_wild, self.supply_desperation]),
                       self.supply_btn, slot("Clan board: supplies")])

        # Score the Wave
        self.walk_status = W.HTML()
        self.end_btn = button("Score the Wave", lambda: self.act({"type": "end-wave"}), "mk-end-wave", primary=True)
        self.fast = W.HBox()
        self.troll_steppers: dict[str, Stepper] = {}
        self.troll_box = W.HBox()
        self.gnome_stepper = Stepper(0, 0, 9, "Gnomes")
        self.enter_btn = button("Enter this cavern", self._enter_cavern, "mk-enter")
        self.hall_values = W.Text(description="Great Halls", placeholder="e.g. 8 4 12 …")
        self.hall_values.add_class("mk-hall-values")
        self.halls_btn = button("Set Great Hall values", self._set_halls, "mk-halls")
        self.elder_steppers: dict[str, Stepper] = {}
        self.elder_box = W.HBox()
        self.score_btn = button("Score this Wave", lambda: self.act({"type": "score-wave"}), "mk-score", primary=True)
        self.board_pic = W.HTML()
        self.wave_downloads = W.HTML()
        self.export_wave_btn = button("Export the wave file", self._export_wave, "mk-export-wave")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Open a wave file")
        self.upload.observe(lambda _c: self._open_wave(), "value")
        self.wave_result = W.HTML()
        self.so_far = W.HTML()  # the Domains scored so far, below the buttons: they stay put as it grows
        score = W.VBox([self.walk_status, slot("Score the Wave"), self.end_btn, self.fast, self.troll_box, self.gnome_stepper, self.enter_btn,
                        W.HBox([self.hall_values, self.halls_btn]), self.elder_box, self.score_btn, self.so_far, self.wave_result,
                        self.board_pic, W.HBox([self.export_wave_btn, self.upload]), self.wave_downloads])

        # Scorepad
        self.pad = W.HTML()
        self.pad_btn = button("Picture (PNG, SVG)", self._export_pad, "mk-export-pad")
        self.pad_downloads = W.HTML()
        pad = W.VBox([self.pad, self.pad_btn, slot("Scorepad"), self.pad_downloads])

        # Board and new game
        self.names = W.Text(description="Players", placeholder="Blue, Yellow, Pink (seat order)")
        self.names.add_class("mk-names")
        self.new_btn = button("New game", self._new_game, "mk-new rf-new-game", primary=True)
        self.side = W.ToggleButtons(options=[("2–3 players", "2-3"), ("4–5 players", "4-5")], value="4-5")
        self.side.observe(lambda _c: self._load_board_form(), "value")
        self.counts = {d: Stepper(4, 1, 12, n.domain_names[d], css=f"mk-count mk-count-{d}") for d in n.domains}
        self.gates = {d: W.Text(description="Gates", placeholder="1 2", _dom_classes=("mk-gates",)) for d in n.domains}
        self.halls_text = W.Textarea(description="Great Halls", placeholder="one line per Great Hall: moss-4 moss-5 ice-5",
                                     layout=W.Layout(width="100%", height="160px"))
        self.save_board_btn = button("Save this board", self._save_board, "mk-save-board", primary=True)
        self.board_form_pic = W.HTML()
        rows = [W.HBox([self.counts[d], self.gates[d]], _dom_classes=("mk-board-row",)) for d in n.domains]
        self.new_question = NewGameQuestion(lambda: self.session, self._start_from_form, lambda t, level: self.answers.say(t, level), "mk")
        self.games = GamesList(self.store, KIND, self.open_game, lambda: self.session.log.path.stem if self.session else None)
        board = W.VBox([W.HBox([self.names, self.new_btn], _dom_classes=("mk-names-row",)), slot("Board"), self.new_question.widget,
                        self.games.widget, W.HTML("<b>The board, entered once</b>"), self.side, *rows,
                        self.halls_text, self.save_board_btn, slot("Board: save"), self.board_form_pic])
        parts = {"Honour": honour, "Clan board": clan, "Score the Wave": score, "Scorepad": pad, "Board": board}
        self.pages = {name: W.VBox([bar, part]) for name, part in parts.items()}  # the same bar on every screen
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
        self.invasions.children = [button(o.label, lambda a=o.action: self.act(a), "mk-invasion") for o in invasion_offers(s)] if s.started else []
        self.taps_list.value = self._taps_html(s)
        self.clans.value = self._clans_html(s)
        self.supply_list.value = "".join(f"<div>{E(p)}: {E(t)}</div>" for p, t in supplies(s))
        self._draw_walk(s)
        self.pad.value = self._pad_html(s)

    def _status_html(self, s: State) -> str:
        if not s.started:
            return "<div class='mk-status'>No game yet: name the players on the Board screen.</div>"
        if s.finished:
            return f"<div class='mk-status'><b>The game is over.</b> {E(winner_sentence(s.scores[-1]))}</div>"
        phase = "Score the Wave" if s.scoring else "the Battle and the end of the Wave"
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
        offers = honour_offers(s, p, strength=self.strength.value, lines=self.lines.value, spaces=self.spaces.value,
                               boost=self.boost.value, amount=self.amount.value)
        self.offers.children = [button(o.text, lambda a=o.action: self.act(a), f"mk-honour mk-honour-{o.action['source']}") for o in offers]

    @staticmethod
    def _taps_html(s: State) -> str:
        if not s.taps:
            return "<div>No Honour gained in play yet.</div>"
        rows = "".join(f"<li>Wave {ROMAN[t.wave]}: {E(t.player)} +{t.honour} — {E(t.label)}</li>" for t in reversed(s.taps[-12:]))
        return f"<div><b>Honour taps</b> (latest first)</div><ul class='mk-taps'>{rows}</ul>"

    @staticmethod
    def _clans_html(s: State) -> str:
        out = ["<table class='mk-clan-board'><tr><th>Clan</th><th>Vote tile</th><th>Markers (ahead first)</th></tr>"]
        for r in clan_rows(s):
            tile = "/".join(map(str, r.tile)) if r.tile else "not drawn yet"
            marks = ", ".join(f"{E(p)} {v}" for p, v in r.markers) or "—"
            out.append(f"<tr><td>{E(r.name)}</td><td>{E(tile)}</td><td>{marks}</td></tr>")
        return "".join(out) + "</table>"

    def _draw_walk(self, s: State) -> None:
        scoring = s.started and s.scoring and not s.finished
        self.end_btn.layout.display = "" if s.started and not s.scoring else "none"
        for w in (self.fast, self.troll_box, self.gnome_stepper, self.enter_btn, self.score_btn, self.export_wave_btn):
            w.layout.display = "" if scoring else "none"
        wave3 = scoring and s.wave == 3
        for w in (self.hall_values, self.halls_btn, self.elder_box):
            w.layout.display = "" if wave3 else "none"
        if s.board is not None:
            note = (f"<div class='mk-placeholder'><b>Placeholder board</b> ({E(s.board.side)} players): enter yours on the Board screen.</div>"
                    if s.board.placeholder else "")
            self.board_pic.value = note + to_svg(board_scene(s.board, s, self.dark))
        if s.finished:
            sc = s.scores[-1]
            self.walk_status.value = f"<div class='mk-winner'><b>{E(winner_sentence(sc))}</b></div>"
        if not scoring:
            self.so_far.value = ""
            if not s.finished:
                self.walk_status.value = "<div>Tap Score the Wave once Entrenchment, Invasions and Award Champions are done.</div>" if s.started else ""
            return
        step = walk_step(s)
        self.walk_status.value = f"<div class='mk-walk'>Wave {ROMAN[s.wave]}: {E(step.prompt)}</div>"
        self.so_far.value = self._so_far_html(s)
        self.fast.children = [button(o.label, lambda a=o.action: self.act(a), "mk-fast") for o in step.fast]
        if set(self.troll_steppers) != set(s.players):
            self.troll_steppers = {p: Stepper(0, 0, 30, f"{p}'s Trolls", css="mk-trolls") for p in s.players}
            self.troll_box.children = list(self.troll_steppers.values())
            self.elder_steppers = {p: Stepper(0, 0, numbers().most_elders, f"{p}'s Elders") for p in s.players}
            for p, st in self.elder_steppers.items():
                st.observe(lambda c, p=p: self.act({"type": "elders", "player": p, "elders": c["new"]})
                           if self.state.elders.get(p, 0) != c["new"] else None, "value")
            self.elder_box.children = list(self.elder_steppers.values())
        for p, st in self.elder_steppers.items():
            if st.value != s.elders.get(p, 0):
                st.value = s.elders.get(p, 0)

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
            who = ", ".join(f"{E(p)} {k} → {d.scores[p]:+d}" for p, k in d.controllers.items()) or "nobody controls a cavern"
            lost = f" ({d.overrun} overrun)" if d.overrun else ""
            rows.append(f"<li>{E(numbers().domain_names[d.domain])}{lost}: {who}</li>")
        return "<ul class='mk-so-far'>" + "".join(rows) + "</ul>"

    def _pad_html(self, s: State) -> str:
        if not s.started:
            return ""
        pad = scorepad(s)
        keys = list(pad[s.players[0]])
        head = "".join(f"<th>{E(p)}</th>" for p in s.players)
        rows = "".join(f"<tr><td>{E(line_name(k))}</td>" + "".join(f"<td>{pad[p][k]}</td>" for p in s.players) + "</tr>" for k in keys)
        return f"<table class='mk-scorepad'><tr><th></th>{head}</tr>{rows}</table>"

    # --- taps of forms -------------------------------------------------------------------------------
    def _add_votes(self) -> None:
        if not self.vote_player.value:
            self.error("Choose the player who gains the Votes.")
            return
        self.act(vote_offer(self.vote_player.value, self.vote_clan.value, self.vote_count.value, self.vote_source.value).action)

    def _set_supply(self) -> None:
        with self.answers.at("Clan board: supplies"):
            self._supply()

    def _supply(self) -> None:
        if not self.supply_player.value:
            self.error("Choose the player whose supplies these are.")
            return
        self.act({"type": "supply", "player": self.supply_player.value, "base": self.supply_base.value,
                  "symbols": self.supply_symbols.value, "wild_pairs": self.supply_wild.value,
                  "desperation": self.supply_desperation.value})

    def _set_tiles(self) -> None:
        with self.answers.at("Clan board: tiles"):
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

    def _set_halls(self) -> None:
        try:
            values = [int(x) for x in self.hall_values.value.replace(",", " ").split()]
        except ValueError:
            self.error("Give each Great Hall's value as a whole number: 4, 8 or 12.")
            return
        self.act({"type": "halls", "values": values})

    def _enter_cavern(self) -> None:
        step = walk_step(self.state)
        if step.cavern is None:
            self.error("Every cavern is entered; tap Score this Wave.")
            return
        trolls = {p: st.value for p, st in self.troll_steppers.items()}
        if self.act(cavern_action(step.cavern, trolls, self.gnome_stepper.value)):
            for st in self.troll_steppers.values():
                st.value = 0
            self.gnome_stepper.value = 0

    def _new_game(self) -> None:
        """New game: asked first over a game in progress (it stays in the list of games)."""
        self.new_question.new_game()

    def _start_from_form(self) -> bool:
        players = [p.strip() for p in self.names.value.split(",") if p.strip()]
        return self.start(players)

    # --- the board, entered once ---------------------------------------------------------------------
    def _load_board_form(self) -> None:
        board = saved_or_placeholder(self.store.root, self.side.value)
        for d in numbers().domains:
            cavs = board.of(d)
            self.counts[d].value = len(cavs)
            self.gates[d].value = " ".join(c.id.rsplit("-", 1)[-1] for c in cavs if c.gate)
        self.halls_text.value = "\n".join(" ".join(h) for h in board.great_halls)
        self._show_board_form(board)

    def _show_board_form(self, board: Board) -> None:
        note = "<div class='mk-placeholder'><b>Placeholder board</b>: the rulebook does not give this side's caverns; enter yours and save it.</div>" if board.placeholder else ""
        self.board_form_pic.value = note + to_svg(board_scene(board, dark=self.dark))

    def board_from_form(self) -> Board:
        caverns = []
        for d in numbers().domains:
            gates = set(self.gates[d].value.replace(",", " ").split())
            caverns += [{"id": f"{d}-{i}", "domain": d, **({"gate": True} if str(i) in gates else {})}
                        for i in range(1, self.counts[d].value + 1)]
        halls = [line.split() for line in self.halls_text.value.splitlines() if line.strip()]
        return parse_board({"format": "mountain-king/board", "version": 1, "side": self.side.value, "caverns": caverns, "great_halls": halls})

    def _save_board(self) -> None:
        try:
            board = self.board_from_form()
            path = save_board(self.store.root, board)
        except (CompanionError, OSError) as e:
            self.answers.say(str(e), "error", at="Board: save")
            return
        self.answers.say(f"The {board.side} board is saved ({path.name}); new games on that side use it.", at="Board: save")
        self._show_board_form(saved_or_placeholder(self.store.root, board.side))

    # --- files and pictures ----------------------------------------------------------------------------
    def wave_file(self) -> bytes:
        """The Wave being scored as a ``mountain-king/wave`` file."""
        return (json.dumps(self.state.wave_document().to_dict(), indent=1, ensure_ascii=False) + "\n").encode("utf-8")

    def _export_wave(self) -> None:
        data = base64.b64encode(self.wave_file()).decode()
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
        for c in w.caverns:
            if not self.act(cavern_action(c.id, c.trolls, c.gnomes)):
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
    return MountainKingScreens(store, history, dark, place_of(table))
