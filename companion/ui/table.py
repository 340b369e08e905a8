"""What every game's screens share on the page: the store, the settings, History, the bar."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..atomic import write_atomically
from ..gamelog import GameStore
from ..history import FinishedGames


class Settings:
    """Dark theme and larger text, kept in the data directory (for every game)."""

    def __init__(self, root: Path) -> None:
        self.path = root / "settings.json"
        try:
            self.values = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.values = {}
        if not isinstance(self.values, dict):
            self.values = {}

    def get(self, key: str) -> bool:
        return bool(self.values.get(key, False))

    def set(self, key: str, value: bool) -> None:
        self.values[key] = value
        try:
            write_atomically(self.path, json.dumps(self.values))
        except OSError:
            pass  # a full or read-only disk: the setting holds for this page only


@dataclass
class Table:
    """Handed to a game's screens factory (see ``companion.games.Game``)."""

    store: GameStore
    settings: Callable[[], Settings]
    history: Callable[[], FinishedGames]  # the history of every game (opened when first needed)
    layouts: Path
    report: Callable[[str], None]  # show an error sentence above the screens
    go: Callable[[str], None]  # bring one of the current game's screens to the front
    place: Callable[[], str]  # the screen in front now
    history_screen: Callable[[str | None], Any]  # the page's History screen (``.widget``), showing one game's
    to_top: Callable[[], None] = lambda: None  # bring the top of the page into view (what a tap opened is there)

    def dark(self) -> bool:
        return self.settings().get("dark")
