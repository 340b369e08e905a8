"""A game's games: the list of every game kept (in progress and finished, newest first, with its players and
its date), each opened with a tap; the question before a new game leaves one in progress; and the mark that
tells every other page and phone that the table has left a game.

- :class:`GamesList`: the list. A game's screens place ``widget`` where the table looks for its games and
  call ``refresh()`` when it is shown (each game in it is replayed once, when it changed).
- :class:`NewGameQuestion`: "New game" while a game has play in it asks first, naming the game left; the game
  left stays a tap away in the list.
- :func:`mark_left`, :func:`left_for`, :func:`clear_left`: a game left for a new one is marked in its file;
  a page still on it (a phone at its seat) refuses to write into it; opening it again from the list clears
  the mark (it is the table's game again).
"""

from __future__ import annotations

import datetime
import html
from typing import Any, Callable

import ipywidgets as W

from ..errors import CompanionError
from ..gamelog import GameInfo, GameStore, Session
from ..games import game_of, qualified
from ..words import name_html
from .ending import is_over, session_over, title_of
from .follow import LEFT, clear_left, left_for, mark_left
from .widgets import button, hbox, html_widget, message_html, own, vbox

__all__ = ["LEFT", "GamesList", "NewGameQuestion", "clear_left", "has_play", "in_progress", "left_for", "mark_left"]

#: How many games the list shows (the newest).
SHOWN = 12

def has_play(session: Session[Any] | None) -> bool:
    """Whether anything was played in a game: an action after its setup (the first action)."""
    return session is not None and len(session.applied) > 1


def in_progress(session: Session[Any] | None) -> bool:
    """A game with play in it that is not over: leaving it is asked first."""
    if not has_play(session):
        return False
    try:
        kind = session.log.meta().get("kind", "")  # type: ignore[union-attr]
    except CompanionError:
        return False
    return not is_over(str(kind), session.state)  # type: ignore[union-attr]


def when(t: float) -> str:
    return datetime.datetime.fromtimestamp(t).strftime("%d %b %Y %H:%M")


class GamesList:
    """Every game of one kind, newest first (by when it was started): its title (its players), its date, in progress or finished;
    a tap on Open opens it (``open_game(log_id)``). ``current()``: the id of the game the screens show now.
    ``players(state)``: the players of a game in a few words (none: the game's title says them); ``title(info)``:
    the game as its players know it (its title in the log unless given)."""

    def __init__(self, store: GameStore, kind: str, open_game: Callable[[str], None],
                 current: Callable[[], str | None], players: Callable[[Any], str] | None = None,
                 title: Callable[[GameInfo], str] | None = None, open_label: str = "Open", css: str = "") -> None:
        self.store, self.kind = store, qualified(kind)
        self.open_game, self.current, self.players = open_game, current, players
        self.title = title or (lambda info: info.title)
        self.open_label, self.css = open_label, css
        self._known: dict[str, tuple[float, int, str, str]] = {}  # id → (updated, actions, status, players)
        self._followed: tuple[str, str] | None = None  # the game shown and its status, as :meth:`follow` last read them
        self.heading = html_widget("<b>Games</b> (newest first)")
        self.rows = vbox([])
        self.rows.add_class("rf-games-rows")
        self.widget = vbox([self.heading, self.rows])
        self.widget.add_class("rf-games-list")

    def _status(self, info: GameInfo) -> tuple[str, str]:
        """('in progress' | 'finished' | 'not started', players), replayed only when the file changed."""
        seen = self._known.get(info.id)
        if seen is not None and seen[:2] == (info.updated, info.actions):
            return seen[2], seen[3]
        game = game_of(info.kind)
        status, players = "in progress", ""
        if game is not None:
            try:
                s = Session(self.store.open(info.id), game.reducer(info.kind))
                s.log.close()
                status = "finished" if is_over(info.kind, s.state) else "in progress" if has_play(s) else "not started"
                players = self.players(s.state) if self.players else ""
            except CompanionError as e:
                status = str(e)
        self._known[info.id] = (info.updated, info.actions, status, players)
        return status, players

    def follow(self, session: Session[Any] | None) -> None:
        """The game shown, drawn again (an action, an undo, another page's news): its line in the list says what it is
        now — read again only when that changed (a game's first action, its end, an undo back to its setup). Rise!'s
        line said "not started" after seven actions."""
        gid = self.current()
        if session is None or not gid:
            return
        status = "finished" if session_over(session) else "in progress" if has_play(session) else "not started"
        seen = self._known.get(gid)
        if (seen is not None and seen[2] == status) or self._followed == (gid, status):
            return  # (a game not in the list's first rows is read for once per status, not at every action)
        self._followed = (gid, status)
        self.refresh()

    def refresh(self) -> None:
        """Read the games' folder again (when the list is shown, a game is started or opened)."""
        rows: list[W.Widget] = []
        kept: dict = getattr(self, "_rows_kept", {})
        self._rows_kept = drawn = {}
        now = self.current()
        # newest first by when each game was started: opening one (it becomes the most recently used) never
        # reorders the list under a finger about to tap the row below
        listed = sorted(self.store.games(self.kind), key=lambda g: (-(g.created or g.updated), g.id))
        for info in listed[:SHOWN]:
            if info.problem:
                rows.append(html_widget(message_html(info.problem, "error")))
                continue
            try:
                status, players = self._status(info)
                title = self.title(info)
            except CompanionError as e:
                rows.append(html_widget(message_html(str(e), "error")))
                continue
            who = f" · {name_html(players)}" if players else ""  # names escaped and isolated
            this = info.id == now
            text = (f"<div class='rf-games-line'><b>{name_html(title)}</b>{who}<br>"
                    f"<span class='rf-games-when'>{html.escape(when(info.updated))} · {html.escape(status)}"
                    f"{' · shown now' if this else ''}</span></div>")
            key = (info.id, text, this)
            row = kept.get(key)  # the list read again, a game's line unchanged: the same row (no new widget)
            if row is None:
                btn = button(self.open_label, lambda gid=info.id: self.open_game(gid), f"rf-games-open rf-games-open-{info.id} {self.css}".strip(),
                             disabled=this)
                row = hbox([html_widget(text), btn])
                row.add_class("rf-games-row")
            drawn[key] = row
            rows.append(row)
        if not rows:  # as tall as a game's row: the first game's row takes its place, moving nothing below
            none = html_widget("<div class='rf-games-line'><b>No game kept yet.</b><br><span class='rf-games-when'>&nbsp;</span></div>")
            room = button(self.open_label, lambda: None, "rf-games-room", disabled=True)
            own(room).visibility = "hidden"
            row = hbox([none, room])
            row.add_class("rf-games-row")
            row.add_class("rf-games-none")
            rows = [row]
        if list(self.rows.children) != rows:
            self.rows.children = rows

    def _game_rows(self) -> list[W.HBox]:
        return [r for r in self.rows.children if isinstance(r, W.HBox) and "rf-games-none" not in r._dom_classes]

    def titles(self) -> list[str]:
        """What the list shows, line by line (for a script or a test)."""
        return [r.children[0].value for r in self._game_rows()]

    def open_buttons(self) -> list[W.Button]:
        return [r.children[1] for r in self._game_rows()]


class NewGameQuestion:
    """'New game' while a game has play in it: asked first, naming the game left; that game stays in the list.

    ``session()``: the game shown now; ``start()``: starts the new game from the screen's form (True once
    started; the screens show it then); ``say(text, level)``: the screens' answer."""

    def __init__(self, session: Callable[[], Session[Any] | None], start: Callable[[], bool],
                 say: Callable[[str, str], None], css: str = "rf", noun: str = "game", keep: str = "No, keep playing",
                 describe: Callable[[Session[Any]], str] | None = None) -> None:
        self.session, self.start, self.say = session, start, say
        self.css, self.noun, self.keep = css, noun, keep
        self.describe = describe or title_of
        self.widget = vbox([])
        self.widget.add_class("rf-confirm")
        self.widget.add_class("rf-new-game-question")

    def new_game(self) -> None:
        """The screen's New game: asked first over a game in progress, at once otherwise."""
        s = self.session()
        if not in_progress(s):
            self._start(s)
            return
        name = self.describe(s)
        n = self.noun
        yes = button(f"Yes, start a new {n}", lambda: self._answer(s, name), f"rf-leave-yes {self.css}-leave-yes", primary=True)
        no = button(self.keep, lambda: self._keep(name), f"rf-leave-no {self.css}-leave-no")
        for b in (yes, no):
            own(b).width = "auto"
        self.widget.children = [
            html_widget(message_html(f"A {n} is in progress: {name}. Leave it and start a new {n}? It stays in the list "
                                f"of {n}s, a tap away.", "warning")),
            hbox([yes, no]),
        ]

    def _keep(self, name: str) -> None:
        self.widget.children = []
        self.say(f"Nothing was started: this is still {name}.", "info")

    def _answer(self, asked: Session[Any] | None, name: str) -> None:
        if not self.widget.children:  # a second quick tap on Yes: the question is answered, one game started
            self.say("That question is answered already: nothing more was started.", "info")
            return
        self.widget.children = []
        if self.session() is not asked:
            self.say(f"The {self.noun} changed on another page since the question was asked; nothing was started. "
                     "Look and tap again.", "error")
            return
        if self._start(asked):
            n = self.noun
            self.say(f"A new {n} is started. The {n} left, {name}, is in the list of {n}s: Open takes you back to it.", "info")

    def _start(self, old: Session[Any] | None) -> bool:
        self.widget.children = []
        if not self.start():
            return False
        new = self.session()
        if old is not None and new is not None and new is not old and has_play(old):
            mark_left(old.log, new.log.path.stem)
        return True

    def button(self, label: str = "New game", css: str = "") -> W.Button:
        """The screen's New game button (``rf-new-game``: every game's, for the page and its tests)."""
        return button(label, self.new_game, f"rf-new-game {css}".strip(), primary=True)

    def cancel(self) -> None:
        self.widget.children = []
