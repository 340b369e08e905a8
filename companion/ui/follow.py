"""A page following its game's file, which the other pages and phones write too (the page looks every moment
or two: its ``poll``).

A screen on the tablet replays the log when another page moved it (:func:`caught_up`). A phone's seat page
(:class:`SeatFollow`) costs one cheap question to the file (its version) until another device commits; then
the seat is asked first whether its code still opens it (a Reseat on the tablet cuts the phone off at once),
and the game is replayed and drawn only if the log moved (a phone opening another seat changes the file, not
the game).
"""

from __future__ import annotations

import sqlite3
from typing import Any, Callable

from companion.errors import CompanionError
from companion.gamelog import GameLog, GameStore, Session
from companion.games import qualified
from companion.seats import Seats

#: What a page on a game the table has left says when a tap would write into it.
LEFT = ("The table has left this game for a new one: nothing was written. Open the new game (on a phone, "
        "scan its new seat code), or reopen this one from the list of games on the tablet.")

#: What a phone on that game says when the table opens it again.
BACK = "The table is back on this game: this phone takes your taps again."


def mark_left(log: GameLog, new_id: str) -> None:
    """The table left this game for the game ``new_id``: every page still on it stops writing into it."""
    try:
        log.set_meta("left_for", new_id)
    except CompanionError:
        pass  # a read-only disk: nothing can be written into it anyway


def clear_left(log: GameLog) -> None:
    """The table came back to this game (opened from the list): it takes taps again, and it is the most
    recently used of its kind (a reload, and the other pages, open it)."""
    try:
        if log.meta().get("left_for"):
            log.set_meta("left_for", None)
    except CompanionError:
        pass
    log.mark_used()


def left_for(log: GameLog) -> str | None:
    """The game the table left this one for, or None while it is the table's game."""
    try:
        new = log.meta().get("left_for")
    except CompanionError:
        return None
    return new if isinstance(new, str) and new else None


def caught_up(session: Session[Any] | None, error: Callable[[str], None],
              hear: Callable[[list[str]], None] | None = None) -> bool:
    """Replay the log if another page committed to it since this one last read it: True if it did, and the
    screen is to be drawn again. A file that cannot be read says why through ``error`` (no change, then).
    ``hear``: told the table's news of the actions replayed (:func:`tell`), when there is any."""
    if session is None:
        return False
    try:
        if session.log.head() == session.head:
            return False
        session.refresh()
    except CompanionError as e:
        error(str(e))
        return False
    if hear is not None:
        tell(session, None, hear)
    return True


def tell(session: Session[Any] | None, seat: Any, hear: Callable[[list[str]], None]) -> None:
    """Say through ``hear`` the news, for ``seat``, of what other pages did since this page last drew the log
    (``Session.heard``); nothing is said when there is none (the page's own answer stays)."""
    news = session.heard(seat) if session is not None else []
    if news:
        hear(news)


def news_text(news: list[str]) -> str:
    """The sentences a page hears at one look, as one answer (plain text: the answer slot escapes it)."""
    return " ".join(s.strip() for s in news if s.strip())


def _unmarked(what: str) -> None:
    pass


class SeatFollow:
    """What a seat page has taken in of its game's file. ``session`` and ``seat``: the page's game and seat as
    they are now; ``refuse``: the page shows that the code no longer opens a seat; ``redraw``: the page draws
    the replayed game; ``mark``: told ``noticed``, ``replayed`` and ``updated`` as a look goes on (the
    timings of a tap seen on another phone)."""

    def __init__(self, session: Callable[[], Session[Any] | None], seat: Callable[[], int | None], token: str,
                 refuse: Callable[[], None], redraw: Callable[[], None], mark: Callable[[str], None] = _unmarked,
                 hear: Callable[[list[str]], None] | None = None) -> None:
        self.session, self.seat, self.token = session, seat, token
        self.refuse, self.redraw, self.mark = refuse, redraw, mark
        self.hear = hear  # told the news for this seat of what other devices did (after the redraw)
        self._version: int | None = None

    def holds(self) -> bool:
        """Whether the page's code still opens its seat (asked before each action and at each change)."""
        s = self.session()
        return s is not None and left_for(s.log) is None and Seats(s.log).holds(self.token, self.seat())

    def why(self, not_a_seat: str) -> str:
        """Why the page no longer writes: the table left its game (:data:`LEFT`), or its code opens no seat."""
        s = self.session()
        return LEFT if s is not None and left_for(s.log) is not None else not_a_seat

    def seen(self) -> None:
        """The file as it is now is taken in: the page opened it, or wrote its own action and drew it. Not when
        another device committed since the page's last look (two phones tapping at the same moment: the other's
        action, a Reseat or the table leaving the game landed between this page's own commit and now): the
        version, which counts only the other connections' commits, then differs from the one last taken, and is
        left so: the next look takes the change in (replays, draws or refuses). Nor when the log holds an action
        the page's game does not (read after the version: a commit between the two is in the head read, or
        changes the version again)."""
        s = self.session()
        if s is None:
            self._version = None
            return
        try:
            version = s.log.version()
            if self._version is not None and version != self._version:
                return  # another device's change since the last look: the next look takes it in
            self._version = version if s.log.head() == s.head else None
        except (CompanionError, sqlite3.Error):
            self._version = None  # the file could not be read now: the next look reads it again

    def poll(self) -> bool:
        """Follow the other devices: True if the file changed since the last look (and the page was redrawn
        or refused as the change asks)."""
        s = self.session()
        if s is None:
            return False
        v = s.log.version()
        if v == self._version:
            return False
        self._version = v
        self.mark("noticed")
        if not self.holds():
            self.refuse()
            return True
        if s.log.head() != s.head:
            s.refresh()
            self.mark("replayed")
            self.redraw()
            if self.hear is not None:
                tell(s, self.seat(), self.hear)
            self.mark("updated")
        return True


#: What a page says when it follows another page to the game that page started.
NEW_ELSEWHERE = "A new game was started on another page: this page shows it now."


class NewGames:
    """The games of one kind started on another page since this page last looked: one listing of the games'
    folder a look (no file is opened until a new one appears there; a game file takes its name whole)."""

    def __init__(self, store: GameStore, kind: str) -> None:
        self.store, self.kind = store, qualified(kind)
        self._files = store.file_names()

    def newer(self, shown: Session[Any] | None) -> str | None:
        """The id of the latest game of the kind that appeared since the last look and was started after the
        one ``shown`` (None: none; the page's own new game is the one shown)."""
        files = self.store.file_names()
        fresh, self._files = sorted(files - self._files), files
        since = _created(shown)
        found: tuple[float, str] | None = None
        for name in fresh:
            game_id = name[: -len(".sqlite")]
            if shown is not None and shown.log.path.stem == game_id:
                continue
            try:
                log = self.store.open(game_id)
                meta = log.meta()
                log.close()
            except CompanionError:
                continue  # damaged: listed where the games are listed, with its sentence
            created = meta.get("created", 0)
            if qualified(str(meta.get("kind", ""))) == self.kind and isinstance(created, (int, float)) and created > since:
                if found is None or created > found[0]:
                    found = (created, game_id)
        return found[1] if found else None


def _created(shown: Session[Any] | None) -> float:
    if shown is None:
        return float("-inf")
    try:
        created = shown.log.meta().get("created", 0)
    except CompanionError:
        return float("-inf")
    return created if isinstance(created, (int, float)) else 0.0
