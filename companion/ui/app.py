"""The page: the shelf of games, and once a game is chosen its own bar and screens.

``App().widget`` is what the notebook displays, in Voilà on a tablet or in JupyterLab. The bar
always has the shelf (one tap away), the chosen game's screens, Dark and A+ (for every game).
Each place has an address (``?game=rise-and-fall&screen=scores``): the page's address follows
the player, and a reload or a bookmark opens there again.
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any

import ipywidgets as W

from .. import games
from ..gamelog import GameStore, default_data_dir
from ..history import FinishedGames
from ..rulebook import has_index
from ..timings import mark
from .bar import phone_names_css
from .history_screen import HistoryScreen
from .shelf import SHELF_CSS, Shelf, Unfinished
from .style import CSS, Theme
from .table import Settings, Table
from .widgets import (
    BUSY,
    REPORT,
    busy,
    button,
    guarded,
    hbox,
    html_widget,
    message_html,
    own,
    plain_widget,
    vbox,
)

SHELF, HISTORY, SEAT = "shelf", "history", "seat"
RULES = "Rules"  # every game's Rules screen, on its bar after its own screens
POLL_SECONDS = 0.1  # how often a page looks whether another page changed a game (a cheap PRAGMA)
#: At the table changes come in bursts (every phone choosing, a reveal, the actions): for a while
#: after it saw another page's change, a page looks more often, so the next one shows sooner.
BURST_POLL_SECONDS, BURST_SECONDS = 0.04, 15.0
#: A page in Voilà beats every 10 s while it is visible (the template's script). After this long
#: without a beat ($COMPANION_QUIET_AFTER, for tests) the page is closed, hidden or asleep: its
#: kernel stops sending, so that a closed page's kernel is idle and Jupyter Server culls it. A beat
#: (the page shown again) catches up at once.
QUIET_AFTER = float(os.environ.get("COMPANION_QUIET_AFTER", "30"))

log = logging.getLogger(__name__)

__all__ = ["App", "Settings", "default_layouts_dir", "wait_for_page"]


#: A preheated kernel waits for its page for as long as the server is there (that is what the pool
#: is for): it asks the server every PING_INTERVAL seconds and takes it for gone after PING_TIMEOUT
#: seconds without an answer. A connection that closes, or cannot be made within CONNECT_TIMEOUT,
#: is tried again (Voilà keeps a page's request for a kernel that reconnects), CONNECT_TRIES times
#: in all; then the page opens as it can (the shelf) and says so.
PING_INTERVAL, PING_TIMEOUT = 30.0, 30.0
CONNECT_TIMEOUT, CONNECT_TRIES = 5.0, 3
NO_ADDRESS = ("This page could not learn its address from the server ({why}); it opened the shelf: "
              "choose the game again, or reload the page.")


def wait_for_page() -> str | None:
    """In a preheated Voilà kernel, wait until a page asks for this kernel (at once elsewhere:
    JupyterLab, or a kernel Voilà started for its page), then take the page's request (its
    address) into the environment, as Voilà's ``voila.utils.wait_for_request`` does. None, or
    the sentence saying the address could not be had (the page opens on the shelf).

    Voilà's own helper imports the whole of Voilà's server to do it (Jupyter Server, nbconvert,
    JupyterLab's server: 47 MB and over a second in every kernel, even where nothing is waited
    for). This one asks Voilà's same websocket (``voila/query/<kernel id>``) with Tornado, which
    the kernel has loaded already.
    """
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return None
    protocol = os.environ.get("VOILA_WS_PROTOCOL", "ws")
    ip = os.environ.get("VOILA_APP_IP", "127.0.0.1")
    port = os.environ.get("VOILA_APP_PORT", "8866")
    base = os.environ.get("VOILA_WS_BASE_URL", os.environ.get("VOILA_SERVER_URL", "/"))
    problems: list[str] = []
    try:
        info = request_info(f"{protocol}://{ip}:{port}{base}voila/query/{os.environ.get('VOILA_KERNEL_ID', '')}",
                            problems=problems)
    except KeyboardInterrupt:
        # The server stops a kernel by interrupting it, then asking it to shut down. A preheated
        # kernel interrupted while no page has come has nothing to finish: it ends at once, quietly
        # (else its notebook's end raced the shutdown, and each kernel of the pool printed a
        # traceback in the terminal when the server stopped).
        os._exit(0)
    for key, value in info.items():
        os.environ[key] = str(value)
    return NO_ADDRESS.format(why=problems[-1]) if problems and not info else None


def request_info(ws_url: str, connect_timeout: float = CONNECT_TIMEOUT, tries: int = CONNECT_TRIES,
                 ping_interval: float = PING_INTERVAL, ping_timeout: float = PING_TIMEOUT,
                 problems: list[str] | None = None) -> dict[str, str]:
    """The page's request info Voilà sends to a preheated kernel once a page takes it (a wait on a
    thread of its own: the kernel's loop must not run the rest of the notebook). Every wait in it is
    bounded but the one for a page while the server answers (see :data:`PING_INTERVAL`); ``{}`` when
    it cannot be had, with what went wrong appended to ``problems``."""
    import json
    import threading

    got: dict[str, Any] = {}
    said = problems if problems is not None else []

    def inner() -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        async def read() -> Any:
            for _ in range(max(1, tries)):
                try:
                    request = HTTPRequest(ws_url, connect_timeout=connect_timeout, request_timeout=connect_timeout)
                    conn = await websocket_connect(request, ping_interval=ping_interval, ping_timeout=ping_timeout)
                except Exception as e:  # noqa: BLE001 - refused, timed out: tried again
                    said.append(f"{type(e).__name__}: {e}" if str(e) else type(e).__name__)
                    continue
                try:
                    message = await conn.read_message()  # None: closed, or no answer to a ping in time
                finally:
                    conn.close()
                if message is not None:
                    return message
                said.append("the connection to the server ended without it")
            return None

        loop = asyncio.new_event_loop()
        try:
            got["info"] = loop.run_until_complete(read())
        except Exception as e:  # noqa: BLE001 - Voilà does not answer: the page opens as it can
            said.append(f"{type(e).__name__}: {e}")
        finally:
            loop.close()
        if got.get("info") is None and said:
            log.warning("No request info from %s: %s", ws_url, "; ".join(said))

    thread = threading.Thread(target=inner, name="companion-wait-for-page", daemon=True)
    thread.start()
    thread.join()  # bounded by the thread's own waits (connections, pings, tries), never by a page's absence alone
    try:
        info = json.loads(got.get("info") or "{}")
    except ValueError:
        said.append("the server's answer was not readable")
        return {}
    return info if isinstance(info, dict) else {}


def served_by_voila() -> bool:
    """Whether this kernel's page is a Voilà page (the dashboard's template, whose heartbeat says when its widgets
    are drawn): Voilà gives its kernels its own variables (``VOILA_…``)."""
    return any(key.startswith("VOILA_") for key in os.environ)


def page_query() -> str:
    """The page's query string as Voilà hands it to the kernel (empty in JupyterLab)."""
    return os.environ.get("QUERY_STRING", "")


def default_layouts_dir(data_dir: Path | None = None) -> Path:
    """The players' own library: ``$COMPANION_LAYOUTS``, else ``layouts/`` in the data directory
    (never the shipped ``layouts/``, which saving must not change)."""
    env = os.environ.get("COMPANION_LAYOUTS")
    if env:
        return Path(env)
    return (data_dir or default_data_dir()) / "layouts"


class App:
    def __init__(self, data_dir: str | os.PathLike | None = None, layouts_dir: str | os.PathLike | None = None,
                 game: str | None = None) -> None:
        self.store = GameStore(data_dir)
        self.settings = Settings(self.store.root)
        layouts = Path(layouts_dir) if layouts_dir else default_layouts_dir(self.store.root)
        try:
            layouts.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass  # a read-only disk: the library lists what is there
        self.alert = html_widget(message_html(self.store.problem, "error") if self.store.problem else "")
        REPORT[:] = [self.show_error]
        self.busy = html_widget()  # says what the page is doing while it takes longer than 300 ms
        self.busy.add_class("rf-busy-slot")
        BUSY[:] = [self.busy]
        self._finished: FinishedGames | None = None
        self.table = Table(self.store, lambda: self.settings, lambda: self.finished_games, layouts, self.show_error,
                           self.go_to, lambda: self.place, self.history_screen, self.to_top)
        self.rooms: dict[str, Any] = {}  # each chosen game's screens, built once
        self._rules: dict[str, Any] = {}  # each game's Rules screen, built when first shown
        self.room: Any = None  # the chosen game's screens (None on the shelf)
        self.game_id: str | None = None
        self.place = SHELF  # the shelf, the History of every game, or a screen of the chosen game
        self._history: HistoryScreen | None = None
        self.shelf = Shelf(self.store, choose=self.choose, resume=self.resume, history=self.show_history)  # looks when shown
        self.home_btn = button("⌂ Games", self.show_shelf, "rf-home")
        self.title = html_widget()
        self.title.add_class("rf-game-title")
        self.nav = plain_widget(W.ToggleButtons, options=[])
        self.nav.add_class("rf-nav-tabs")
        self.nav.observe(self._nav_changed, "value")
        self.dark_btn = button("Dark", self.toggle_dark, "rf-dark-toggle")
        self.large_btn = button("A+", self.toggle_large, "rf-large-toggle")
        self.address = html_widget()
        self.address.add_class("rf-address")
        self.heartbeat = plain_widget(W.Text, value="", layout=W.Layout(display="none"))
        self.heartbeat.add_class("rf-heartbeat")
        self.heartbeat.observe(self._beat, "value")
        self._last_beat: float | None = None  # None: no beat yet (JupyterLab's never beats: always follow)
        self._beats = False  # a page of the dashboard's template shows this kernel: it beats once its widgets are drawn
        # the look this device's browser remembers (Dark, A+), handed over by the page once it is drawn
        self.look_box = plain_widget(W.Text, value="", layout=self.heartbeat.layout)  # hidden as the heartbeat (its layout never changes)
        self.look_box.add_class("rf-look-box")
        self.look_box.observe(lambda change: guarded(lambda: self.device_look(change["new"]))(), "value")
        # the browser's Back and Forward: the page writes the address it went to (and a mark the
        # kernel hands back with its own address, so the page knows which answer is the one)
        self.went_to = plain_widget(W.Text, value="", layout=W.Layout(display="none"))
        self.went_to.add_class("rf-went-to")
        self.went_to.observe(lambda change: guarded(lambda: self.went_back(change["new"]))(), "value")
        self._answer = ""
        self._top = 0  # how many times the page was asked to show its top (the page scrolls when it changes)
        bar = hbox([self.home_btn, self.title, self.nav, self.dark_btn, self.large_btn, self.address,
                      self.heartbeat, self.went_to, self.look_box])
        bar.add_class("rf-nav")
        self.body = plain_widget(W.Box, [self.shelf.widget])
        self.widget = vbox([html_widget(CSS + SHELF_CSS + phone_names_css()), bar, self.alert, self.busy, self.body])
        self.widget.add_class("rf-app")
        self._apply_settings()
        self._show_bar()
        self._watcher: asyncio.Future | None = None
        self._changed_at: float | None = None  # when this page last saw another page's change
        self._settings_stamp = self._stamp(self.settings.path)
        self._history_seen: int | None = None
        if game:
            self.choose(game)
        elif page_query():  # Voilà hands a new kernel its page's address: open there at once
            self.open_address(page_query())
        else:
            self.show_shelf()

    @property
    def finished_games(self) -> FinishedGames:
        """The history of every game, opened when first needed."""
        if self._finished is None:
            self._finished = FinishedGames(self.store.root)
            self._history_seen = self._finished.version()
        return self._finished

    # --- where the page is -------------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        """The chosen game's screens answer for what the page does not have (``app.world``)."""
        room = self.__dict__.get("room")
        if room is None or name.startswith("__"):
            raise AttributeError(name)
        return getattr(room, name)

    def _room_of(self, game_id: str) -> tuple[Any, bool]:
        """A game's screens, and whether they were just drawn from the logs (no need to look again)."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room, False
        game = games.get(game_id)
        with busy(f"Opening {game.title}…"):
            room = self.rooms[game_id] = game.open_screens(self.table)
        return room, True

    def choose(self, game_id: str, screen: str | None = None, fresh: bool = False) -> Any:
        """Open a game (from its shelf tile or its address): its bar, then a screen."""
        game = games.get(game_id)
        room, drawn = self._room_of(game_id)
        fresh = fresh or drawn
        self.room, self.game_id = room, game_id
        names = self.screens()
        self.title.value = f"<span class='rf-bar-game'>{html.escape(game.title)}</span>"
        wanted = next((n for n in names if screen and n.lower() == screen.lower()), names[0])
        self._go_quietly(wanted, refill=True, fresh=fresh)
        return room

    def screens(self) -> list[str]:
        room = self.room
        if room is None:
            return []
        names = list(getattr(room, "screens", None) or [games.get(self.game_id).title])
        return names + [RULES] if has_index(self.game_id or "") and RULES not in names else names

    def rules_screen(self, game_id: str) -> Any:
        """The Rules screen of a game (built once), which every game with a rules index has on its bar."""
        if game_id not in self._rules:
            from .rules_screen import RulesScreen

            self._rules[game_id] = RulesScreen(game_id, lambda: self.rooms.get(game_id))
        return self._rules[game_id]

    def resume(self, last: Unfinished) -> None:
        """"Continue": the game of the last unfinished log, on the screen that shows it."""
        with busy(f"Opening {last.game.title}…"):
            self._resume(last)

    def _resume(self, last: Unfinished) -> None:
        """Straight to the screen that shows the log: one place in the browser's history, so
        Back returns to the shelf."""
        room, fresh = self._room_of(last.game.id)
        screen = room.resume(last.info.kind, last.info.id) if hasattr(room, "resume") else None
        self.choose(last.game.id, screen, fresh=fresh)

    def show_shelf(self) -> None:
        self.shelf.refresh(if_changed=True)
        self.room, self.game_id, self.place = None, None, SHELF
        self.body.children = [self.shelf.widget]
        self._show_bar()

    def show_history(self) -> None:
        """The History of every game (from the shelf)."""
        self.room, self.game_id, self.place = None, None, HISTORY
        h = self.history_screen(None)
        self.body.children = [h.widget]
        self._show_bar()

    def history_screen(self, game: str | None) -> HistoryScreen:
        """The one History screen of the page, showing one game's finished games or all."""
        if self._history is None:
            self._history = HistoryScreen(self.finished_games, game, dark=lambda: self.settings.get("dark"))
        else:
            self._history.show_game(game)
        self._history.refresh()
        return self._history

    def go_to(self, screen: str) -> None:
        """Bring one of the chosen game's screens to the front (as a tap on its bar does)."""
        if screen == self.nav.value:
            self.go(screen)
        else:
            self.nav.value = screen

    def _nav_changed(self, change) -> None:
        if change["new"] and self.room is not None and change["new"] != self.place:
            self.go(change["new"])

    def _go_quietly(self, screen: str, refill: bool = False, fresh: bool = False) -> None:
        if refill:
            self.nav.unobserve(self._nav_changed, "value")
            try:
                with self.nav.hold_sync():  # one message: the buttons are drawn with their titles
                    self.nav.tooltips = list(self.screens())  # each button's title: the phone's bar draws Rules as "?"
                    self.nav.options = self.screens()
                self.nav.value = screen
            finally:
                self.nav.observe(self._nav_changed, "value")
        self.go(screen, fresh)

    def go(self, screen: str, fresh: bool = False) -> None:
        """Show one of the chosen game's screens (``fresh``: its screens were just built)."""
        room = self.room
        if screen == RULES and RULES in self.screens() and RULES not in (getattr(room, "screens", None) or ()):
            rules = self.rules_screen(self.game_id)
            rules.refresh()
            self.place = screen
            self.body.children = [rules.widget]
            self._show_bar()
            return
        widget = room.screen(screen) if hasattr(room, "screen") else room.widget
        self.place = screen
        self.body.children = [widget]
        if hasattr(room, "shown") and not fresh:
            room.shown(screen)
        self._say_if_read_only(screen)
        self._show_bar()

    def say_if_read_only(self) -> None:
        """The chosen game's screens opened another log (a saved game, a file): say again whether it is read-only."""
        if self.room is not None and self.place not in (SHELF, HISTORY, SEAT):
            self._say_if_read_only(self.place)

    def _say_if_read_only(self, screen: str) -> None:
        """A game shown read-only (damaged, or a disk that cannot be written) says so on its screen."""
        problem = (self.room.problem(screen) if hasattr(self.room, "problem") else None) or self.store.problem
        self.alert.value = message_html(problem, "error") if problem else ""

    def _show_bar(self) -> None:
        in_game = self.room is not None
        own(self.nav).display = "" if in_game and len(self.screens()) > 1 else "none"
        own(self.title).display = "" if in_game else "none"
        own(self.home_btn).display = "" if self.place != SHELF else "none"
        self.address.value = (f"<span data-address='{html.escape(self.query(), quote=True)}' "
                              f"data-answer='{html.escape(self._answer, quote=True)}' data-top='{self._top}'></span>")

    def to_top(self) -> None:
        """Bring the top of the page into view: what a tap far down the page opened is there
        (a saved game resumed, the big board to enter the pieces)."""
        self._top += 1
        self._show_bar()

    # --- the address ---------------------------------------------------------------------------
    def query(self) -> str:
        """The address of the place the page shows (``game=rise-and-fall&screen=scores``)."""
        if self.place == SEAT:
            return urllib.parse.urlencode({"game": self.game_id, "seat": self.rooms[SEAT].token})
        if self.room is not None:
            return urllib.parse.urlencode({"game": self.game_id, "screen": self.place.lower()})
        if self.place == HISTORY:
            return urllib.parse.urlencode({"screen": HISTORY})
        return ""

    def at(self, query: str) -> bool:
        """Whether the page shows the place ``query`` names already."""
        q = urllib.parse.parse_qs(query.lstrip("?"))
        mine = urllib.parse.parse_qs(self.query())
        if (q.get("seat") or [""])[0] != (mine.get("seat") or [""])[0]:
            return False  # a seat's token is compared as it is written
        return all((q.get(k) or [""])[0].lower() == (mine.get(k) or [""])[0] for k in ("game", "screen"))

    def open_address(self, query: str) -> None:
        """Open the place an address names; an unknown game or screen opens the shelf (or the
        game's first screen), never an error page."""
        q = urllib.parse.parse_qs(query.lstrip("?"))
        game, screen = (q.get("game") or [""])[0], (q.get("screen") or [""])[0].lower()
        seat = (q.get("seat") or [""])[0]
        if seat or self.place == SEAT:
            self.open_seat(game, seat)
        elif game and games.find(game) is not None:
            self.choose(game, screen)
        elif screen == HISTORY:
            self.show_history()
        else:
            self.show_shelf()

    def went_back(self, value: str) -> None:
        """The browser went Back or Forward to an address (``?game=...&screen=...#mark``): open
        that place, and answer with the mark so the page takes this address as the answer."""
        query, _, mark = value.partition("#")
        if not self.at(query):
            self.open_address(query)
        self._answer = mark
        self._show_bar()

    def open_seat(self, game_id: str, token: str) -> None:
        """A player's own seat on their phone (``?game=...&seat=TOKEN``): that seat's page and
        nothing else; the bar, the shelf and the table's screens are never shown to it."""
        game = games.find(game_id)
        if self.place == SEAT and SEAT in self.rooms and self.rooms[SEAT].token == token:
            return
        self.rooms = {}
        self.room, self.game_id, self.place = None, game_id, SEAT
        if game is None or not game.seat:
            page: Any = html_widget(message_html("This address names no seat of a game; scan the seat's QR code on the tablet.", "error"))
        else:
            self.rooms[SEAT] = game.open_seat(self.store, token)
            page = self.rooms[SEAT].widget
        looks = hbox([self.dark_btn, self.large_btn], _dom_classes=("rf-seat-look",))  # the phone's own Dark and A+
        self.widget.children = [self.widget.children[0], looks, self.alert, page, self.heartbeat, self.look_box]  # a phone that sleeps and wakes catches up

    # --- the page attaches ---------------------------------------------------------------------
    def attach(self, live: bool = True) -> None:
        """The notebook calls this before showing the page. A preheated kernel ran the notebook
        before its page existed: once the page asks, the page opens at its address and every
        open game reads its logs again; then other pages' changes are followed."""
        problem = wait_for_page()
        self._beats = served_by_voila()
        mark("page asked")
        self.reopen()
        query = page_query()
        if query and not self.at(query):  # a bare address stays where the notebook opened the page
            self.open_address(query)
        if problem:
            self.show_error(problem)
        mark("page opened")
        if live:
            self.follow_other_pages()

    def reopen(self) -> None:
        for room in self.rooms.values():
            if hasattr(room, "reopen"):
                room.reopen()
        self.settings = Settings(self.store.root)
        self._apply_settings()
        if self.shelf.looked:  # a shelf never shown (a phone at its seat) looks when it is shown
            self.shelf.refresh(if_changed=True)
        if self._history is not None:
            self._history.refresh()

    def follow_other_pages(self) -> None:
        """Poll the logs from the kernel's own event loop (no thread): the page follows by itself."""
        if self._watcher is not None and not self._watcher.done():
            return
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
        if loop.is_running():
            self._watcher = asyncio.ensure_future(self._poll_forever())

    async def _poll_forever(self) -> None:
        while True:
            await asyncio.sleep(self.poll_interval())
            if self.page_watching():
                self._follow_once()

    def poll_interval(self, now: float | None = None) -> float:
        """How long until the next look: shorter for a while after another page changed something."""
        seen = self._changed_at
        now = time.monotonic() if now is None else now
        return BURST_POLL_SECONDS if seen is not None and now - seen < BURST_SECONDS else POLL_SECONDS

    def _follow_once(self) -> None:
        try:
            if self.poll():
                self._changed_at = time.monotonic()
        except Exception as e:  # a failed look must not stop the following
            log.exception("following the logs failed")
            self.show_error(f"This page could not read the latest changes ({type(e).__name__}: {e}); reload it.")

    def page_watching(self, now: float | None = None) -> bool:
        """Whether the page is there to see changes: it beat lately, or it never beats (JupyterLab)."""
        if self._last_beat is None:
            # a Voilà page follows from its first beat: the page has drawn its widgets by then (a widget made while a
            # page is still opening may never reach it: a box showing it would draw a script error in its place)
            return not self._beats
        return (time.monotonic() if now is None else now) - self._last_beat < QUIET_AFTER

    def _beat(self, _change=None) -> None:
        """The page is visible: if this kernel had gone quiet, catch up with the logs at once."""
        was_watching = self.page_watching()
        self._last_beat = time.monotonic()
        if not was_watching:
            self._follow_once()

    def poll(self) -> bool:
        """Follow what other pages did since the last look; True if a screen changed."""
        changed = False
        for room in self.rooms.values():
            if hasattr(room, "poll"):
                changed |= bool(room.poll())
        if self.place == SHELF and self.shelf.looked:  # the shelf follows too: its Continue names the game as it is
            changed |= self.shelf.refresh(if_changed=True)
        v = self._finished.version() if self._finished is not None else None
        if v != self._history_seen:
            self._history_seen = v
            if self._history is not None:
                self._history.refresh()
            changed = True
        stamp = self._stamp(self.settings.path)
        if stamp != self._settings_stamp:
            self.settings = Settings(self.store.root)
            self._apply_settings()
            self._settings_stamp = stamp
            changed = True
        return changed

    @staticmethod
    def _stamp(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    # --- for every game ------------------------------------------------------------------------
    def show_error(self, text: str) -> None:
        self.alert.value = message_html(text, "error")

    def device_look(self, remembered: str) -> None:
        """The page's browser handed over the look this device last chose: the page takes it."""
        if self.settings.from_device(remembered):
            self._look_changed()

    def toggle_dark(self) -> None:
        self.settings.set("dark", not self.settings.get("dark"))
        self._look_changed()

    def _look_changed(self) -> None:
        self._apply_settings()
        for room in self.rooms.values():
            if hasattr(room, "settings_changed"):
                room.settings_changed()
        if self._history is not None:
            self._history.refresh()  # its chart is drawn in the theme

    def toggle_large(self) -> None:
        self.settings.set("large", not self.settings.get("large"))
        self._apply_settings()

    def _apply_settings(self) -> None:
        for key, css in (("dark", "rf-dark"), ("large", "rf-large")):
            if self.settings.get(key):
                self.widget.add_class(css)
            else:
                self.widget.remove_class(css)
        Theme.dark = bool(self.settings.get("dark"))  # every game's boards draw in the theme
        board = sys.modules.get("companion.ui.board")  # imported once a game with a board opens
        if board is not None:
            board.Board.set_dark(Theme.dark)
        self.dark_btn.description = "Light" if self.settings.get("dark") else "Dark"
        self.large_btn.description = "A−" if self.settings.get("large") else "A+"
