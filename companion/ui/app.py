"""The dashboard: a bar that is always visible (World, Setup, Game, Scores) and its screens.

``App().widget`` is what the notebook displays, in Voilà on a tablet or in JupyterLab.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path

import ipywidgets as W

from ..atomic import write_atomically
from ..errors import CompanionError
from ..gamelog import GameLog, GameStore, Session, default_data_dir
from ..games import qualified
from ..rise_and_fall.builder import BuildRules
from ..rise_and_fall.endgame import EntryRules
from ..rise_and_fall.history import History
from ..rise_and_fall.screens.game_screen import KIND as GAME
from ..rise_and_fall.screens.game_screen import GameHub, GameScreen, SetupScreen
from ..rise_and_fall.screens.library import Library
from ..rise_and_fall.screens.scores_screen import KIND as SCORING
from ..rise_and_fall.screens.scores_screen import ScoresScreen
from ..rise_and_fall.screens.world_screen import WorldScreen
from ..rise_and_fall.tracker import TrackerRules
from .board import Board
from .history_screen import HistoryScreen
from .style import CSS
from .widgets import REPORT, button, message_html

SCREENS = ("World", "Setup", "Game", "Scores", "History")
WORLD = WorldScreen.KIND
POLL_SECONDS = 0.1  # how often a page looks whether another page changed a game (a cheap PRAGMA)

log = logging.getLogger(__name__)


def wait_for_page() -> None:
    """In a preheated Voilà kernel, wait until a page asks for this kernel (at once elsewhere)."""
    try:
        from voila.utils import wait_for_request
    except ImportError:  # JupyterLab without Voilà
        return
    wait_for_request()


def default_layouts_dir() -> Path:
    """``$COMPANION_LAYOUTS``, else the project's ``layouts/``, else one in the data directory."""
    env = os.environ.get("COMPANION_LAYOUTS")
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[2] / "layouts"
    return repo if repo.is_dir() else default_data_dir() / "layouts"


class Settings:
    """Dark theme and larger text, kept in the data directory."""

    def __init__(self, root: Path) -> None:
        self.path = root / "settings.json"
        try:
            self.values = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.values = {}

    def get(self, key: str) -> bool:
        return bool(self.values.get(key, False))

    def set(self, key: str, value: bool) -> None:
        self.values[key] = value
        try:
            write_atomically(self.path, json.dumps(self.values))
        except OSError:
            pass  # a full or read-only disk: the setting holds for this page only


class App:
    def __init__(self, data_dir: str | os.PathLike | None = None, layouts_dir: str | os.PathLike | None = None) -> None:
        self.store = GameStore(data_dir)
        self.settings = Settings(self.store.root)
        layouts = Path(layouts_dir) if layouts_dir else default_layouts_dir()
        try:
            layouts.mkdir(parents=True, exist_ok=True)
        except OSError:
            pass  # a read-only disk: the library lists what is there
        self.alert = W.HTML(message_html(self.store.problem, "error") if self.store.problem else "")
        REPORT[:] = [self.show_error]
        self.library = Library(layouts)
        self.world = WorldScreen(self.store, self.library, dark=lambda: self.settings.get("dark"))
        self.hub = GameHub(self.store)
        self._phase = self.hub.game.phase
        self.hub.listeners.append(self._follow_the_game)
        # the other screens are built when first visited: a lighter page loads faster
        self._built: dict[str, W.Widget] = {"World": self.world.widget}
        self._setup: SetupScreen | None = None
        self._game: GameScreen | None = None
        self._scores: ScoresScreen | None = None
        self._history: HistoryScreen | None = None
        self.nav = W.ToggleButtons(options=list(SCREENS), value="World")
        self.nav.add_class("rf-nav-tabs")
        self.nav.observe(lambda ch: self.go(ch["new"]), "value")
        self.dark_btn = button("Dark", self.toggle_dark, "rf-dark-toggle")
        self.large_btn = button("A+", self.toggle_large, "rf-large-toggle")
        bar = W.HBox([self.nav, self.dark_btn, self.large_btn])
        bar.add_class("rf-nav")
        self.body = W.Box([self.world.widget])
        self.widget = W.VBox([W.HTML(CSS), bar, self.alert, self.body])
        self.widget.add_class("rf-app")
        self._apply_settings()
        self._remote = False  # True while following a change made on another page
        self._seen: dict[str, int] = {}
        self._files: set[str] = set()
        self._settings_stamp = 0.0
        self._watcher: asyncio.Future | None = None
        self._remember()

    @property
    def setup(self) -> SetupScreen:
        if self._setup is None:
            self._setup = SetupScreen(
                self.hub,
                world_layout=lambda: self.world.build.layout().to_dict(),
                world_names=lambda: (self.world.build.names, self.world.build.colours),
            )
        return self._setup

    @property
    def game(self) -> GameScreen:
        if self._game is None:
            self._game = GameScreen(self.hub, go_scores=self.score_the_game)
        return self._game

    @property
    def scores(self) -> ScoresScreen:
        if self._scores is None:
            self._scores = ScoresScreen(
                self.store,
                tracked=lambda: self.hub.game if self.hub.session else None,
                tracked_id=lambda: self.hub.id,
                world_source=lambda: (self.world.build.layout().to_dict(), list(self.world.build.names), list(self.world.build.colours)),
            )
        return self._scores

    @property
    def history(self) -> HistoryScreen:
        if self._history is None:
            self._history = HistoryScreen(History(self.store.root))
        return self._history

    def screen(self, name: str) -> W.Widget:
        return {"World": lambda: self.world, "Setup": lambda: self.setup, "Game": lambda: self.game,
                "Scores": lambda: self.scores, "History": lambda: self.history}[name]().widget

    def go_to(self, screen: str) -> None:
        self.nav.value = screen

    def score_the_game(self) -> None:
        """The game's one scoring, where it was left (started the first time), on the Scores screen."""
        self.scores.start_from_game()
        self.go_to("Scores")

    def _follow_the_game(self) -> None:
        """When the first pieces are all placed, the Game screen opens by itself."""
        phase = self.hub.game.phase
        if self._phase == "placement" and phase == "A" and self.nav.value == "Setup":
            self.go_to("Game")
        if self._phase != "over" and phase == "over" and not self._remote:
            self.scores.start_from_game()  # 'take the scoreboard and proceed to Tallying Victory Points'
            self.go_to("Scores")
        self._phase = phase

    def go(self, screen: str) -> None:
        self.body.children = [self.screen(screen)]
        if screen == "World":
            self.world.refresh()
        elif screen == "History":
            self.history.refresh()
        elif screen == "Scores":
            self.scores.refresh()
        self._say_if_read_only(screen)

    def _say_if_read_only(self, screen: str) -> None:
        """A game shown read-only (damaged, or a disk that cannot be written) says so on its screen."""
        session = {"World": lambda: self.world.session, "Setup": lambda: self.hub.session,
                   "Game": lambda: self.hub.session, "Scores": lambda: self.scores.session}.get(screen, lambda: None)()
        problem = getattr(session, "problem", None) or self.store.problem
        self.alert.value = message_html(problem, "error") if problem else ""

    # --- several pages, one game: every screen shows what the logs say now -----------------
    def attach(self, live: bool = True) -> None:
        """The notebook calls this before showing the page. A preheated kernel ran the notebook
        before its page existed: once the page asks, every screen is read again from the logs.
        Then other pages' changes are followed while the page is open."""
        wait_for_page()
        self.reopen()
        if live:
            self.follow_other_pages()

    def reopen(self) -> None:
        """Every screen from the logs as they are now: the latest World, game and scoring."""
        self._remote = True
        try:
            world = self.store.latest(WORLD, BuildRules())
            if world is not None:
                self.world.follow(world)
            self.hub.open(self.store.latest(GAME, TrackerRules()))
            self._phase = self.hub.game.phase
            if self._scores is not None:
                self._scores.follow(self.store.latest(SCORING, EntryRules()))
            if self._history is not None:
                self._history.refresh()
            self.settings = Settings(self.store.root)
            self._apply_settings()
        finally:
            self._remote = False
        self._remember()

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
            await asyncio.sleep(POLL_SECONDS)
            try:
                self.poll()
            except Exception as e:  # a failed look must not stop the following
                log.exception("following the logs failed")
                self.show_error(f"This page could not read the latest changes ({type(e).__name__}: {e}); reload it.")

    def _sessions(self) -> dict[str, Session]:
        sessions: dict[str, Session] = {WORLD: self.world.session}
        if self.hub.session is not None:
            sessions[GAME] = self.hub.session
        if self._scores is not None and self._scores.session is not None:
            sessions[SCORING] = self._scores.session
        return sessions

    def _logs(self) -> dict[str, GameLog]:
        return {kind: s.log for kind, s in self._sessions().items()}

    def _remember(self) -> None:
        self._seen = {str(lg.path): lg.version() for lg in self._logs().values()}
        if self._history is not None:
            self._seen["history"] = self._history.history.version()
        self._files = self._game_files()
        self._settings_stamp = self._stamp(self.settings.path)

    def _game_files(self) -> set[str]:
        return {e.name for e in os.scandir(self.store.games_dir) if e.name.endswith(".sqlite")}

    @staticmethod
    def _stamp(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    def poll(self) -> bool:
        """Follow what other pages did since the last look; True if a screen changed."""
        changed = False
        seen: dict[str, int] = {}
        self._remote = True
        try:
            for kind, session in self._sessions().items():
                lg = session.log
                v = lg.version()  # read before the log: a commit after it shows at the next look
                known = self._seen.get(str(lg.path))
                if (known is not None and known != v) or (known is None and lg.head() != session.head):
                    self._changed_elsewhere(kind)
                    changed = True
                seen[str(lg.path)] = v
            files = self._game_files()
            for name in sorted(files - self._files):
                found = self._new_game_elsewhere(name[: -len(".sqlite")], seen)
                if found is None:
                    files.discard(name)  # its first lines are still being written: look again next time
                changed |= bool(found)
            self._files = files
            if self._history is not None:
                v = self._history.history.version()
                if self._seen.get("history", v) != v:
                    self._history.refresh()
                    changed = True
                seen["history"] = v
            stamp = self._stamp(self.settings.path)
            if stamp != self._settings_stamp:
                self.settings = Settings(self.store.root)
                self._apply_settings()
                self._settings_stamp = stamp
                changed = True
        finally:
            self._remote = False
        self._seen = seen
        return changed

    def _new_game_elsewhere(self, game_id: str, seen: dict[str, int]) -> bool | None:
        """A World, game or scoring started on another page: this page shows it too
        (None: not readable yet)."""
        shown = self._logs()
        if game_id in {lg.path.stem for lg in shown.values()}:
            return False
        try:
            lg = self.store.open(game_id)
            seen[str(lg.path)] = lg.version()
            meta = lg.meta()
            kind = meta.get("kind")
            if not isinstance(kind, str):
                lg.close()
                return None
            kind = qualified(kind)
            if kind in shown and shown[kind].meta().get("created", 0) > meta.get("created", 0):
                lg.close()
                return False  # older than the one this page shows
            if kind == WORLD:
                self.world.follow(Session(lg, BuildRules()), "A new World was started on another page; here it is.")
            elif kind == GAME:
                self.hub.open(Session(lg, TrackerRules()))
                self._phase = self.hub.game.phase
                if self._game is not None:
                    self._game.say(f"A new game was started on another page: this page now shows {self.hub.name()}.")
            elif kind == SCORING and self._scores is not None:
                self._scores.follow(Session(lg, EntryRules()))
            else:
                lg.close()
                return False
        except CompanionError:
            return False  # still being written, or damaged: listed where games are listed
        return True

    def _changed_elsewhere(self, kind: str) -> None:
        if kind == WORLD:
            self.world.follow()
        elif kind == GAME and self.hub.session is not None:
            self.hub.session.refresh()
            self.hub.changed()
            self._phase = self.hub.game.phase
        elif kind == SCORING and self._scores is not None:
            self._scores.follow()

    def show_error(self, text: str) -> None:
        self.alert.value = message_html(text, "error")

    def toggle_dark(self) -> None:
        self.settings.set("dark", not self.settings.get("dark"))
        self._apply_settings()
        self.world.refresh()

    def toggle_large(self) -> None:
        self.settings.set("large", not self.settings.get("large"))
        self._apply_settings()

    def _apply_settings(self) -> None:
        for key, css in (("dark", "rf-dark"), ("large", "rf-large")):
            if self.settings.get(key):
                self.widget.add_class(css)
            else:
                self.widget.remove_class(css)
        Board.set_dark(self.settings.get("dark"))
        self.dark_btn.description = "Light" if self.settings.get("dark") else "Dark"
        self.large_btn.description = "A−" if self.settings.get("large") else "A+"
