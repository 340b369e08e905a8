"""The game being tracked, for every screen of a page: a session service with no widget.

Setup, Game and Scores share one :class:`GameHub`: the game's log opened from the data directory, the taps
it refuses because they were drawn for another game or before another page changed it (``stale-tap``), and
its listeners (the screens redraw when it changes). Pure Python: the screens stand on it.
"""

from __future__ import annotations

import time
from typing import Callable

from companion.errors import CompanionError, IllegalAction
from companion.gamelog import GameInfo, GameStore, Session
from companion.rise_and_fall import GAME_LOG
from companion.rise_and_fall.play.tracker import Game, TrackerRules
from companion.rules import SETUP_FIRST
from companion.seats import Seats
from companion.ui.follow import clear_left
from companion.words import and_list, plural

KIND = GAME_LOG


def progress(game: Game) -> str:
    """How far a saved game is, in a player's words."""
    if game.phase == "guilds":
        return "choosing Guild cards"
    if game.phase == "placement" and game.positions:
        return f"placing the first pieces ({plural(len(game.positions), 'piece')} placed)"
    if game.phase in ("setup", "placement"):
        return "not begun"
    return f"over after turn {game.turn}" if game.phase == "over" else f"turn {game.turn}"


class GameHub:
    """The game being tracked: opened from the data directory, shared by Setup, Game and Scores."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.session: Session[Game] | None = store.latest(KIND, TrackerRules())
        self.listeners: list[Callable[[], None]] = []
        self._named: tuple[str | None, str] = (None, "")
        self._titles: dict[tuple[str, int], str] = {}
        #: the log's head when this page last took in a change made on another page
        self.followed_at = -1

    @property
    def game(self) -> Game:
        return self.session.state if self.session else TrackerRules().initial()

    @property
    def id(self) -> str | None:
        """The game's id (its file's name), which the screens show and their taps carry."""
        return self.session.log.path.stem if self.session else None

    def name(self, say: Callable[[str], str] = str) -> str:
        """The game as the screens name it: its players and when it started (``say``: how a name is written,
        ``name_html`` for a page)."""
        if self.session is None or not self.game.civs:
            return "no game"
        if self._named[0] != self.id:
            created = self.session.log.meta().get("created", 0)
            self._named = (self.id, time.strftime("%d %b at %H:%M", time.localtime(created)))
        names = [say(c.name) for c in self.game.civs]
        return f"the game of {', '.join(names[:-1])} and {names[-1]}, started {self._named[1]}"

    def open(self, session: Session[Game] | None) -> None:
        """Show ``session`` (another page started it, or the page attached): every screen follows."""
        self.session = session
        self.changed()

    def check(self, game_id: str | None, head: int | None = None) -> None:
        """Refuse a tap made on a screen that showed another game than the one open now, or this
        game before another screen changed it (``head``: the log's head the button was drawn at):
        a tap aimed at one player's row must not land on the row drawn there since. Taps made
        one after another on this page are obeyed: the players saw what this page did."""
        if game_id is not None and game_id != self.id:
            raise IllegalAction(f"That tap was for another game; this page now shows {self.name()}. Look and tap again.", rule="stale-tap")
        if head is not None and self.session is not None and self.followed_at > head:
            raise IllegalAction("The game changed on another screen just before that tap, so nothing was done: "
                                "look at the screen as it is now and tap again.", rule="stale-tap")

    def subject(self) -> tuple:
        """What a message about the game is about: the game and the point of its log."""
        return (self.id, self.session.head if self.session else 0)

    def changed(self) -> None:
        for f in self.listeners:
            f()

    def new(self, setup: dict) -> None:
        self.session = self.store.start(KIND, "Game", TrackerRules(), setup)
        self.changed()

    def resume(self, game_id: str) -> None:
        """A saved game becomes the table's game: the most recently used, so a reload and
        the other devices open it too."""
        log = self.store.open(game_id)
        clear_left(log)  # the table's game again: its phones take taps again; the most recently used
        self.session = Session(log, TrackerRules())
        self.changed()

    def do(self, action: dict, game_id: str | None = None) -> Game:
        if self.session is None:
            raise IllegalAction("Start a game on the Setup screen first.", rule=SETUP_FIRST)
        self.check(game_id)
        try:
            return self.session.do(action)
        finally:
            self.changed()

    def title_of(self, info: GameInfo) -> str:
        """A saved game as players know it: its players, its World, its turn and its date
        ('Ana, Ben and Cy · Harbour of Storms · turn 4 · 30 Nov at 08:03'). A game other than the
        one open is replayed once to know its turn (kept until it changes)."""
        key = (info.id, info.actions)
        if key not in self._titles:
            if info.id == self.id and self.session is not None:
                game, setup = self.game, (self.session.applied[0].action if self.session.applied else {})
            else:
                session = Session(self.store.open(info.id), TrackerRules())
                try:
                    game, setup = session.state, (session.applied[0].action if session.applied else {})
                finally:
                    session.log.close()
            names = and_list(c.name for c in game.civs) or "no players yet"
            world = setup.get("world") if isinstance(setup.get("world"), dict) else {}
            world_name = str(world.get("name") or f"a {len(game.civs)}-player World")
            turn = progress(game)
            self._titles[key] = f"{names} · {world_name} · {turn} · {when_played(info)}"
        return self._titles[key]

    def phones(self) -> set[int]:
        """The players whose seat is open on their own phone: they choose there, not here."""
        if self.session is None:
            return set()
        try:
            return Seats(self.session.log).on_phones()
        except CompanionError:
            return set()

    def can(self, action: dict) -> bool:
        """Whether the rules accept ``action`` now (nothing is written)."""
        try:
            TrackerRules().apply(self.game, action)
            return True
        except IllegalAction:
            return False


def when_played(info: GameInfo) -> str:
    """When a game was started, as the Game screen names it ("started 02 Dec at 15:57"), and when it was last
    played if later than that minute: two games of one table read apart in a list, and as on their screens."""
    fmt = "%d %b at %H:%M"
    started = time.strftime(fmt, time.localtime(info.created or info.updated))
    last = time.strftime(fmt, time.localtime(info.updated))
    if last == started or not info.created:
        return f"started {started}" if info.created else f"last played {last}"
    same_day = last[:6] == started[:6]
    return f"started {started}, last played {last[10:] if same_day else last}"
