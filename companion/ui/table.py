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
    """Dark theme and larger text: each device's own (a phone's Light never turns the tablet light).

    The data directory's ``settings.json`` is the look of a device that never chose (and of the page's
    first paint); a tap on Dark or A+ holds for this page, and the page's browser remembers it for the
    next page it opens (its ``localStorage``, handed back to the kernel through the bar's hidden look box:
    :meth:`from_device`). Nothing a device chooses is written to the server's settings.
    """

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
        """This page's look (its browser remembers it): never the other devices'."""
        self.values[key] = bool(value)

    def from_device(self, remembered: str) -> bool:
        """The look this device's browser remembers (``{"dark": true, "large": false}``); True if it changed."""
        try:
            look = json.loads(remembered)
        except ValueError:
            return False
        if not isinstance(look, dict):
            return False
        changed = False
        for key in ("dark", "large"):
            if key in look and self.get(key) != bool(look[key]):
                self.values[key] = bool(look[key])
                changed = True
        return changed

    def save_for_every_device(self) -> None:
        """The look of every device that has not chosen its own (a script's; the bar never writes it)."""
        try:
            write_atomically(self.path, json.dumps(self.values))
        except OSError:
            pass  # a full or read-only disk: the look holds for this page only


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
