"""The dashboard: a bar that is always visible (World, Setup, Game, Scores) and its screens.

``App().widget`` is what the notebook displays, in Voilà on a tablet or in JupyterLab.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import ipywidgets as W

from ..atomic import write_atomically
from ..gamelog import GameStore, default_data_dir
from ..rise_and_fall.history import History
from .board import Board
from .game_screen import GameHub, GameScreen, SetupScreen
from .history_screen import HistoryScreen
from .library import Library
from .scores_screen import ScoresScreen
from .style import CSS
from .widgets import REPORT, button, message_html
from .world_screen import WorldScreen

SCREENS = ("World", "Setup", "Game", "Scores", "History")


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
            self._game = GameScreen(self.hub, go_scores=lambda: self.go_to("Scores"))
        return self._game

    @property
    def scores(self) -> ScoresScreen:
        if self._scores is None:
            self._scores = ScoresScreen(
                self.store,
                tracked=lambda: self.hub.game if self.hub.session else None,
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

    def _follow_the_game(self) -> None:
        """When the first pieces are all placed, the Game screen opens by itself."""
        phase = self.hub.game.phase
        if self._phase == "placement" and phase == "A" and self.nav.value == "Setup":
            self.go_to("Game")
        if self._phase != "over" and phase == "over":
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
