"""The Rise! screen: the board, taps to act, the turn's two actions, Towers, threats, undo/redo,
saved games, pictures, and a practice opponent that thinks without blocking the page.

A thin layer of widgets over :mod:`companion.rise.game` (the rules), :mod:`companion.rise.taps`
(taps to actions) and :mod:`companion.rise.opponent` (the search). Every accepted action goes to
the game's log on disk before the screen changes; the screen is always drawn from the log.
"""

from __future__ import annotations

import asyncio
import base64
import html
import json
import math
import random
import time
from typing import Any

import ipywidgets as W

from ...drawing import to_png, to_svg
from ...errors import CompanionError, Refusal
from ...gamelog import GameStore, Session, stale_tap
from ...ui.answer import Answers, place_of
from ...ui.board import Board, legend_html
from ...ui.ending import title_of
from ...ui.follow import NEW_ELSEWHERE, NewGames, caught_up, clear_left, news_text, tell
from ...ui.games_list import GamesList, NewGameQuestion
from ...ui.undo_bar import UndoBar
from ...ui.widgets import button, hbox, html_widget, own, plain_widget, read_only_html, vbox
from ...words import plural
from ..game import ACTION_NAMES, Action, Position, RiseRules, at, name, opponent_of, other, start, threats
from ..numbers import numbers
from ..opponent import LEVELS, choose_turn, own_turn_ends
from ..record import Record, to_doc
from ..taps import MODE_NAMES, MODES, Taps
from ..view import COLOURS, SIZE, hex_at, position_scene

KIND = "rise/game"
THREAT_WORDS = {"start": "a Tower can start", "grow": "a paused Tower can rise again", "fall": "a Tower can lose a tier"}


def describe(action: Action) -> str:
    """One line for the history list."""
    kind = action.get("type", "?")
    who = name(action["player"]) + ": " if isinstance(action.get("player"), str) else ""
    what = ACTION_NAMES.get(kind, kind)
    where = action.get("at") or action.get("to") or action.get("over") or action.get("target")
    if isinstance(where, list) and len(where) == 2:
        what += f" {at((where[0], where[1]))}"
    return who + what


class RiseScreen:
    """The whole Rise! screen; ``widget`` is what the dashboard shows."""

    def __init__(self, store: GameStore, rng: random.Random | None = None, place: Any = None) -> None:
        self.store = store
        self.answers = Answers(place or (lambda: ""), lambda: (self.session.log.path if self.session else None,
                                                                self.session.head if self.session else 0),
                               lambda: read_only_html(self.session))
        self.rng = rng or random.Random()
        self.taps = Taps()
        self.session: Session[Position] | None = None  # None: a new game, saved at its first action
        self.computer: dict[str, str] | None = None  # {"colour": ..., "level": ...}
        self.thinking = False
        self._generation = 0  # changes when the game under the computer's search changes
        self._progress = 0.0
        self.board = Board(report=self.error, space=SIZE * math.sqrt(3))
        self.board.room = SIZE * 1.2
        self.board.legend.value = legend_html([("3", "a Tower's height in tiers (gold rim: complete)"), ("○", "the gap of a ring one Worker short")])
        self.board.on_tap = self.tap_pixel
        # a tap carries the game's point the page drew: a quick second tap on a tile just placed is refused, not
        # taken for the next action's (stale-tap)
        self.board.question = lambda: f"{self.session.log.path.stem}:{self.session.head}" if self.session else "new"
        self.board.on_stale = lambda: (self.error(str(stale_tap())), self.refresh())
        self._build_widgets()
        self.task: asyncio.Task | None = None
        self.new_games = NewGames(store, KIND)  # a game started on another page: this page shows it too
        latest = store.latest(KIND, RiseRules())
        if latest is not None:
            self._adopt(latest)
        self.board.canvas.on_client_ready(self._catch_up)
        self.refresh(fit=True)
        self.games.refresh()
        self.start_thinking()  # a reload in the computer's turn: it plays on

    # --- the game ------------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self.session.state if self.session is not None else start()

    def _adopt(self, session: Session[Position]) -> None:
        self.session = session
        self.computer = self._opponent_in_log()
        self._show_opponent()
        self.taps.clear()
        if getattr(session, "problem", None):
            self.error(session.problem)

    def _setup_entries(self) -> list[Any]:
        """The log's setup actions still in effect (who plays), oldest first."""
        return [e for e in (self.session.applied if self.session else []) if e.action.get("type") == "setup"]

    def _opponent_in_log(self) -> dict[str, str] | None:
        """Who plays, as the game's log says: its setup action, or (a log written before setups)
        its "computer" note; neither: two players."""
        if self.session is None:
            return None
        setups = self._setup_entries()
        if setups:
            comp = opponent_of(setups[-1].action)
        else:
            try:
                comp = self.session.log.meta().get("computer")
            except CompanionError:
                comp = None
        if not (isinstance(comp, dict) and comp.get("colour") in numbers().colours):
            return None
        level = comp.get("level")
        if level not in LEVELS:
            self.error(f"This game names an unknown level {str(level)!r} for the computer; it plays at normal.")
            level = "normal"
        return {"colour": comp["colour"], "level": level}

    def _show_opponent(self) -> None:
        """The controls show who plays this game, so that "New game" starts the same kind of game."""
        self.opponent.value = "computer" if self.computer else "person"
        if self.computer:
            self.computer_colour.value = self.computer["colour"]
            self.level.value = self.computer["level"]

    def played(self) -> list[Any]:
        """The effective actions of the game, without its setup."""
        return [e for e in (self.session.applied if self.session else []) if e.action.get("type") != "setup"]

    def _can_undo(self) -> bool:
        return self.session is not None and self.session.can_undo() and bool(self.played())

    def _catch_up(self) -> None:
        """A kernel prepared before its page may be behind the log: replay it, then draw."""
        try:
            if self.session is not None and self.session.log.head() != self.session.head:
                self.session.refresh()
                self.computer = self._opponent_in_log()
                self._show_opponent()
            self.refresh(fit=True)
        except CompanionError as e:
            self.error(str(e))
        self.start_thinking()

    # --- what the shelf asks of a game's screens (companion/games.py) ---------------------------
    def reopen(self) -> None:
        """The page attached: read the log again."""
        self._catch_up()

    def shown(self, name: str) -> None:
        """The screen comes to the front: its list of games read again."""
        self.games.refresh()

    def resume(self, kind: str, log_id: str) -> None:
        """Open one saved game (the shelf's "Continue")."""
        self.open_game(log_id)

    def poll(self) -> bool:
        """Follow another page on the same game, or to the game it started: True if the screen was redrawn."""
        started = None if self.thinking else self.new_games.newer(self.session)
        if started is not None:
            self.open_game(started)
            self.say(NEW_ELSEWHERE)
            return True
        if self.thinking or not caught_up(self.session, self.error):
            return False
        self.taps.clear()
        self.refresh()
        tell(self.session, None, lambda news: self.say(news_text(news)))  # what the other page did, said here
        self.start_thinking()  # another page played the player's turn: this one answers if it can
        return True

    def computer_to_move(self) -> bool:
        p = self.position
        return self.computer is not None and not p.over and p.player == self.computer["colour"]

    def _start_log(self) -> bool:
        """The game's log, begun with its setup (who plays); False (and the sentence) if it cannot be."""
        try:
            self.session = self.store.start(KIND, self._title(), RiseRules(), {"type": "setup", "computer": self.computer})
        except CompanionError as e:
            self.error(str(e))
            return False
        return True

    def act(self, action: Action, answer: bool = True) -> bool:
        """Send one action to the log (the rules check it first); a refusal shows the rule's sentence.
        ``answer``: the computer starts thinking if it is to move next (not between its own actions)."""
        p = self.position
        action = {**action, "player": p.player}
        if self.session is None:
            try:
                RiseRules().apply(p, action)  # a refused first tap writes no file
            except CompanionError as e:
                self.error(str(e))
                self.refresh()
                return False
            if not self._start_log():
                return False
        assert self.session is not None
        try:
            self.session.do(action)
        except CompanionError as e:
            self.error(str(e))
            self.refresh()
            return False
        self.taps.clear()
        q = self.position
        self.say(" ".join(q.events) or f"{name(p.player)}: {ACTION_NAMES[action['type']]}.")
        self.refresh()
        if answer:
            self.start_thinking()
        return True

    def _title(self) -> str:
        if self.computer:
            you = other(self.computer["colour"])
            return f"Rise!: {name(you)} against the computer ({self.computer['level']}), {time.strftime('%d %b %H:%M')}"
        return f"Rise!: Red and Blue, {time.strftime('%d %b %H:%M')}"

    # --- taps ------------------------------------------------------------------------------------
    def tap_pixel(self, x: float, y: float) -> None:
        self.tap(hex_at(x, y))

    def tap(self, h: tuple[int, int]) -> None:
        if self.thinking or self.computer_to_move():
            self.error(f"It is the computer's turn ({name(self.position.player)}); wait for it, or undo.")
            return
        ans = self.taps.tap(self.position, h)
        if ans.action is not None:
            self.act(ans.action)
            return
        if ans.error:
            self.error(Refusal(ans.error, ans.rule, ("companion.rise",)) if ans.rule else ans.error)
        elif ans.note:
            self.say(ans.note)
        self.refresh()

    def set_mode(self, mode: str) -> None:
        self.taps.set_mode(mode, self.position)
        self.say(self.taps.prompt(self.position))
        self.refresh()

    # --- undo, redo, undo to ----------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action, and the computer's answer with it: back to the player's own turn."""
        self.undo_bar.undo()

    def redo(self) -> None:
        self.undo_bar.redo()

    def _undone(self) -> None:
        self.taps.clear()
        self.refresh()
        tell(self.session, None, lambda news: self.say(news_text(news)))  # what the other page did, said here
        self.start_thinking()

    def undo_to(self, seq: int | None = None) -> None:
        seq = self.history.value if seq is None else seq
        if self.session is None or seq is None:
            self.error("Choose a step of the game first.")
            return
        self._drop_plan()
        if seq == 0 and self._setup_entries():
            seq = self._setup_entries()[-1].seq  # the starting formation: the game's setup stays
        try:
            self.session.undo_to(seq)
        except CompanionError as e:
            self.error(str(e))
        self.taps.clear()
        self.say(f"Back to step {seq}.")
        self.refresh()
        self.start_thinking()

    # --- games ---------------------------------------------------------------------------------------
    def new_game(self, against: str | None = None, colour: str | None = None, level: str | None = None) -> bool:
        """A fresh board; with ``against="computer"`` the computer plays ``colour`` at ``level``.
        Its log begins at once with who plays, so a reload shows this game and its opponent."""
        against = against or self.opponent.value
        self._drop_plan()
        self._discard_if_unplayed()
        self.session = None
        self.taps = Taps()
        self.computer = None
        if against == "computer":
            self.computer = {"colour": colour or self.computer_colour.value, "level": level or self.level.value}
        self._show_opponent()
        if not self._start_log():
            return False
        self.say("A new game: Red begins with one action." + (f" The computer plays {name(self.computer['colour'])}." if self.computer else ""))
        self.refresh(fit=True)
        self.games.refresh()
        self.start_thinking()
        return True

    def _discard_if_unplayed(self) -> None:
        """A game left before its first action (only its setup in the log) is not kept as a saved game."""
        s = self.session
        if s is None or s.read_only or self.played() or len(s.applied) != s.head:
            return
        try:
            s.log.close()
            self.store.discard(s.log.path.stem)
        except CompanionError:
            pass  # it stays listed: nothing lost

    def open_game(self, game_id: str | None = None) -> None:
        gid = game_id
        if not gid:
            self.error("Choose a saved game first.")
            return
        self._drop_plan()
        try:
            self._adopt(Session(self.store.open(gid), RiseRules()))
        except CompanionError as e:
            self.error(str(e))
            return
        if not self.session.read_only:  # a game that can only be read is not written to, not even its mark
            clear_left(self.session.log)
        self.say(f"Opened {title_of(self.session, 'the game')}.")
        self.refresh(fit=True)
        self.games.refresh()
        self.start_thinking()

    # --- the computer ----------------------------------------------------------------------------------
    def start_thinking(self) -> None:
        """Let the computer choose its whole turn (one search per turn): in the kernel's loop without
        blocking it (a thread does the search while the page keeps answering); without a loop (a
        script, a test), at once."""
        if self.thinking or not self.computer_to_move():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        assert self.computer is not None and self.session is not None
        self.thinking = True
        self._generation += 1
        self._progress = 0.0
        own(self.progress).visibility = "visible"
        self.progress.value = 0.0
        self.refresh()
        job = (self.position, self._generation, self.computer["level"], own_turn_ends(self.session.states(), self.computer["colour"]))
        if loop is None:
            self._finish(self._search(*job), job[0], job[1])
        else:
            self.task = loop.create_task(self.think(job))

    def _drop_plan(self) -> None:
        """Undo, a new game or another game: whatever the computer is thinking no longer applies."""
        self._generation += 1
        self.thinking = False
        own(self.progress).visibility = "hidden"

    def _search(self, p: Position, generation: int, level: str, before: list[Position]) -> list[Action]:
        def progress(x: float) -> None:
            self._progress = x

        return choose_turn(p, level, self.rng, progress=progress, should_stop=lambda: generation != self._generation, before=before)

    async def think(self, job: tuple[Position, int, str, list[Position]]) -> None:
        """The search in a thread, the progress bar meanwhile; whatever happens, the screen leaves
        "thinking" (an error in the search is shown, not lost in the loop)."""
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(None, self._search, *job)
            while not future.done():
                if job[1] == self._generation:
                    self.progress.value = self._progress
                await asyncio.sleep(0.1)
            actions = await future
        except Exception as e:  # noqa: BLE001 - an error boundary: the page must not stay "thinking"
            if job[1] == self._generation:
                self.thinking = False
                own(self.progress).visibility = "hidden"
                self.error(f"The computer could not choose its turn ({type(e).__name__}: {e}); undo, or play its turn by hand.")
                self.refresh()
            return
        self._finish(actions, job[0], job[1])

    def _finish(self, actions: list[Action], p: Position, generation: int) -> None:
        """Play the computer's whole turn, then hand over: a plan for an older position is dropped
        (and thought again if the computer is still to move)."""
        if generation != self._generation:
            return  # undone, reopened or a new game meanwhile: whoever changed it has moved on
        self.thinking = False
        own(self.progress).visibility = "hidden"
        if self.position != p:  # another page played meanwhile
            self.refresh()
            self.start_thinking()
            return
        for a in actions:
            if self.position.over or not self.computer_to_move() or not self.act(a, answer=False):
                break
        self.refresh()
        if self.position != p:
            self.start_thinking()  # only if it is still the computer's turn

    # --- pictures ----------------------------------------------------------------------------------------
    def export(self) -> None:
        p = self.position
        caption = f"{name(p.winner)} has won" if p.winner else f"Turn {p.turn}: {name(p.player)} to play"
        scene = position_scene(p, caption=caption)
        png = base64.b64encode(to_png(scene)).decode()
        svg = base64.b64encode(to_svg(scene).encode()).decode()
        actions = tuple(e.action for e in self.played())
        extra = {"computer": self.computer} if self.computer else {}
        record = base64.b64encode(json.dumps(to_doc(Record(actions, extra=extra)), indent=1).encode()).decode()
        self.downloads.value = (
            f"<a class='rf-download' download='rise-turn-{p.turn}.png' href='data:image/png;base64,{png}'>Download PNG</a>"
            f"<a class='rf-download' download='rise-turn-{p.turn}.svg' href='data:image/svg+xml;base64,{svg}'>Download SVG</a>"
            f"<a class='rf-download' download='rise-game.json' href='data:application/json;base64,{record}'>Game record (JSON)</a>"
        )

    # --- widgets -----------------------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.status = html_widget()
        self.status.add_class("rf-status")
        self.mode_buttons = {m: button(MODE_NAMES[m], lambda m=m: self.set_mode(m), f"rise-mode rise-mode-{m}") for m in MODES}
        self.undo_bar = UndoBar(lambda: self.session, "rise", self.say, self.error, self.refresh, undoable=self._can_undo,
                                with_it=self.computer_to_move, before_undo=self._drop_plan, undone=self._undone, describe=describe)
        self.undo_btn, self.redo_btn = self.undo_bar.undo_btn, self.undo_bar.redo_btn
        self.history = plain_widget(W.Dropdown, options=[], description="Step", layout=W.Layout(width="100%"))
        self.undo_to_btn = button("Undo to here", self.undo_to, "rise-undo-to")
        self.opponent = plain_widget(W.ToggleButtons, options=[("Two players", "person"), ("Play against the computer", "computer")], value="person")
        self.computer_colour = plain_widget(W.ToggleButtons, options=[("Computer is Blue", "blue"), ("Computer is Red", "red")], value="blue")
        self.level = plain_widget(W.ToggleButtons, options=[(lv.capitalize(), lv) for lv in LEVELS], value="normal")
        self.new_question = NewGameQuestion(lambda: self.session, lambda: self.new_game(), lambda t, level: self.answers.say(t, level, at="Game"), "rise")
        self.new_btn = self.new_question.button("New game", "rise-new")
        self.games = GamesList(self.store, KIND, self.open_game, lambda: self.session.log.path.stem if self.session else None)
        self.export_btn = button("Picture and game record", self.export, "rise-export")
        self.downloads = html_widget()
        self.progress = W.FloatProgress(value=0.0, min=0.0, max=1.0, description="Thinking", layout=W.Layout(visibility="hidden", width="100%"))
        self.progress.add_class("rise-progress")
        self.towers = html_widget()
        self.threat_list = html_widget()
        self.supplies = html_widget()
        self.supplies.add_class("rise-supplies")
        side = vbox(
            [
                self.answers.slot("Play"),  # beside the board (below it on a phone): the answer to a tap on it
                self.status,
                # the actions next, then Undo: every button of a turn above the fold of a tablet held sideways, and
                # above the lines whose length changes as the game goes (the supplies)
                html_widget("<b>Action</b>"),
                vbox(list(self.mode_buttons.values())),
                self.undo_bar.widget,
                self.progress,
                self.supplies,
                self.towers,
                self.threat_list,
                hbox([self.history, self.undo_to_btn]),
                html_widget("<b>Game</b>"),
                self.opponent,
                self.computer_colour,
                self.level,
                self.new_btn,
                self.answers.slot("Game"),
                self.new_question.widget,
                self.games.widget,
                self.export_btn,
                self.downloads,
            ]
        )
        side.add_class("rf-side")
        box = vbox([self.board.widget])
        box.add_class("rf-board-box")
        self.widget = hbox([box, side])
        self.widget.add_class("rf-main")
        self.widget.add_class("rise-screen")

    # --- showing -----------------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.answers.say(text)

    def error(self, text: str) -> None:
        self.answers.error(text)

    @property
    def message(self) -> W.HTML:
        """The answer last said."""
        return self.answers.message

    def refresh(self, fit: bool = False) -> None:
        p = self.position
        self.answers.check()
        self.taps.follow(p)  # a new turn begins in the usual mode
        lit = [] if (self.thinking or self.computer_to_move()) else self.taps.lit(p)
        self.board.show(position_scene(p, lit=lit, selected=self.taps.selected), fit=fit)
        self.status.value = self._status_html(p)
        self.supplies.value = self._supplies_html(p)
        for m, b in self.mode_buttons.items():
            b.button_style = "info" if m == self.taps.mode else ""
        self.undo_bar.show(hold_redo=self.thinking)
        self.games.follow(self.session)
        self.towers.value = self._towers_html(p)
        self.threat_list.value = self._threats_html(p)
        # numbered as played (an undone step leaves no gap), the latest first and shown: the step the game is at
        steps = [(f"{k}. {describe(e.action)}", e.seq) for k, e in enumerate(self.played(), start=1)]
        options = [*steps[::-1], ("0. The starting formation", 0)]
        if list(self.history.options) != options:
            self.history.options = options
            self.history.value = options[0][1]  # the latest step first

    def _status_html(self, p: Position) -> str:
        who_plays = f"<div class='rise-opponent'>{html.escape(self.who_plays())}</div>"
        if p.winner:  # the same lines as in play, so the buttons below stay put at the end (they moved up 199 px)
            why = "three complete Towers on the board" if p.reason == "towers" else f"{name(other(p.winner))}'s last Worker is gone"
            return (f"<div class='rf-turn'>{_dot(p.winner)}<span class='rf-badge'>{name(p.winner)} wins</span> {html.escape(why)}.</div>"
                    "<div class='rise-prompt'>The game is over: Undo takes its last action back; New game starts another.</div>"
                    f"{who_plays}")
        n = numbers()
        total = n.first_turn_actions if p.turn == 1 else n.actions_per_turn
        done = total - p.actions_left + 1
        who = name(p.player) + (" (computer)" if self.computer and self.computer["colour"] == p.player else "")
        thinking = " — thinking…" if self.thinking else ""
        return (
            f"<div class='rf-turn'>{_dot(p.player)}Turn {p.turn}: <b>{html.escape(who)}</b>, <span class='rf-keep'>action {done} of {total}</span>{thinking}</div>"
            f"<div class='rise-prompt'>{html.escape(self.taps.prompt(p))}</div>{who_plays}"
        )

    @staticmethod
    def _supplies_html(p: Position) -> str:
        """Each colour's pieces on the board and in the supply, and the land tiles left: below the buttons (their
        lines grow and shrink as the game goes)."""
        n = numbers()
        sup = {c: p.supply(c) for c in n.colours}
        lines = "".join(
            f"<div class='rise-supply'>{_dot(c)}{name(c)}: "
            f"{plural(len(p.of(c)), 'Worker')} on the board, {sup[c]['workers']} in the supply; "
            f"blocks left: {sup[c]['base']} base, {sup[c]['middle']} middle, {sup[c]['top']} top</div>"
            for c in n.colours
        )
        return f"{lines}<div>{plural(sup['red']['tiles'], 'land tile')} left</div>"

    def who_plays(self) -> str:
        """One line for the status: who plays this game (from its log)."""
        if not self.computer:
            return "Two players at the table."
        c = self.computer["colour"]
        return f"{name(other(c))} against the computer: it plays {name(c)}, {self.computer['level']}."

    @staticmethod
    def _towers_html(p: Position) -> str:
        if not p.towers:
            return "<div><b>Towers</b>: none yet.</div>"
        rows = []
        for t in p.towers:
            state = "complete" if t.complete else ("rising" if p.ringed_by(t.at) == t.colour else "paused")
            ring = p.ringed_by(t.at)
            if ring is not None and ring != t.colour:
                state = f"surrounded by {name(ring)}: falling"
            rows.append(f"<li>{name(t.colour)} on {at(t.at)}: <b>{t.tiers} of 3</b> tiers, {html.escape(state)}</li>")
        return "<div><b>Towers</b></div><ul>" + "".join(rows) + "</ul>"

    @staticmethod
    def _threats_html(p: Position) -> str:
        ts = threats(p)
        if not ts:
            return "<div><b>Threats</b>: no ring is one Worker short.</div>"
        rows = [
            f"<li style='color:{COLOURS[t.colour]}'>{name(t.colour)}: {THREAT_WORDS[t.kind]} on {at(t.at)} (one Worker short, on {at(t.missing)})</li>"
            for t in ts
        ]
        return "<div><b>Threats</b> (a ring one Worker short, outlined on the board)</div><ul>" + "".join(rows) + "</ul>"


def _dot(colour: str) -> str:
    """A colour's dot, before its name."""
    return f"<span class='rf-dot' style='background:{COLOURS[colour]}'></span>"


def open_screens(table: Any) -> RiseScreen:
    """The registry's factory: the Rise! screen on the page's shared parts (their game store)."""
    store = table if isinstance(table, GameStore) else getattr(table, "store", None) or GameStore()
    return RiseScreen(store, place=place_of(table))


def page(store: GameStore | None = None) -> Any:
    """Rise! on a page of its own (``notebooks/rise.ipynb``), with the dashboard's look."""
    from ...ui.style import CSS

    screen = RiseScreen(store or GameStore())
    box = vbox([html_widget(CSS), screen.widget])
    box.add_class("rf-app")
    box.screen = screen  # type: ignore[attr-defined]
    return box
