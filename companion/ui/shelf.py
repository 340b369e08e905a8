"""The shelf: the page opens on the games, one tile each, with "Continue" above them.

"Continue" goes back to the most recent unfinished log of any game (a World being built, a game
being played, a scoring not yet final). The tiles come from the registry (``companion.games``):
a game that is not built is not there. A log that no longer replays is named with its sentence.
"""

from __future__ import annotations

import datetime
import html
import os
from dataclasses import dataclass
from typing import Callable

import ipywidgets as W

from .. import games
from ..errors import CompanionError
from ..gamelog import GameInfo, GameStore, Session
from .widgets import button, message_html

SHELF_CSS = """
<style>
.rf-shelf { gap: 10px; }
.rf-shelf-tiles { display: flex; flex-wrap: wrap; gap: 12px; }
.rf-shelf-tile { flex: 0 1 300px; padding: 10px; border-radius: 12px; background: rgba(0,0,0,.05); align-items: stretch; }
.rf-shelf-picture svg { width: 100%; height: 170px; display: block; }
.rf-shelf-title { font-size: 1.3em; font-weight: 700; }
.rf-shelf-continue { padding: 8px 10px; border-radius: 12px; background: rgba(242,193,46,.25); align-items: center; flex-wrap: wrap; }
.rf-app.rf-dark .rf-shelf-tile { background: rgba(255,255,255,.07); }
.rf-bar-game { color: #fff; font-weight: 700; font-size: 1.1em; padding: 0 10px; line-height: 54px; white-space: nowrap; }
@media (max-width: 600px) { .rf-game-title { display: none; } }
</style>
"""


@dataclass(frozen=True)
class Unfinished:
    """Where the table was: the most recent log, of any game, that is not finished."""

    game: games.Game
    info: GameInfo
    problem: str | None = None  # the log opens read-only: its first action that no longer replays

    @property
    def label(self) -> str:
        when = datetime.datetime.fromtimestamp(self.info.updated).strftime("%d %b %H:%M")
        return f"Continue {self.game.title}: {self.info.title} ({when})"


def last_unfinished(store: GameStore, look_at: int = 8) -> tuple[Unfinished | None, list[str]]:
    """The most recent unfinished log of a registered game, and the sentences of the logs passed
    over because they cannot be read (a damaged file, a log that no longer replays)."""
    problems: list[str] = []
    for info in store.games()[:look_at]:
        if info.problem:
            problems.append(info.problem)
            continue
        game = games.game_of(info.kind)
        if game is None:
            continue
        try:
            session = Session(store.open(info.id), game.reducer(info.kind))
            session.log.close()
        except CompanionError as e:
            problems.append(str(e))
            continue
        problem = getattr(session, "problem", None)
        if problem:
            return Unfinished(game, info, problem), problems
        if not game.is_finished(info.kind, session.state):
            return Unfinished(game, info), problems
    return None, problems


class Shelf:
    """One tile per built game, and Continue for the last unfinished one."""

    def __init__(self, store: GameStore, choose: Callable[[str], None], resume: Callable[[Unfinished], None],
                 history: Callable[[], None]) -> None:
        self.store = store
        self.choose = choose
        self.resume = resume
        self.last: Unfinished | None = None
        self._seen: tuple | None = None  # nothing looked at yet
        self.continue_box = W.HBox()
        self.continue_box.add_class("rf-shelf-continue")
        self.problems = W.HTML()
        self.tiles = W.Box([self._tile(g) for g in games.games()])
        self.tiles.add_class("rf-shelf-tiles")
        self.history_btn = button("History of every game", history, "rf-shelf-history")
        self.widget = W.VBox([self.continue_box, self.problems, self.tiles, self.history_btn])  # SHELF_CSS: on the page
        self.widget.add_class("rf-shelf")
        self.continue_box.children = [W.HTML("Looking for the last unfinished game…")]  # until first shown

    def _tile(self, g: games.Game) -> W.Widget:
        picture = W.HTML(f"<div class='rf-shelf-picture'>{g.picture_svg()}</div>")  # the package's own file
        about = W.HTML(
            f"<div class='rf-shelf-title'>{html.escape(g.title)}</div>"
            f"<div class='rf-shelf-players'>{html.escape(g.player_count)}</div>"
            f"<div class='rf-shelf-about'>{html.escape(g.about)}</div>"
        )
        tile = W.VBox([picture, about, button(f"Play {g.title}", lambda: self.choose(g.id), f"rf-shelf-play rf-shelf-{g.id}",
                                              primary=True)])
        tile.add_class("rf-shelf-tile")
        return tile

    def refresh(self, if_changed: bool = False) -> None:
        """Look again for the last unfinished log (another page may have played since);
        ``if_changed``: only when a game file changed since the last look (replays cost time)."""
        stamp = self._stamp()
        if if_changed and stamp == self._seen:
            return
        self._seen = stamp
        self.last, problems = last_unfinished(self.store)
        if self.last is None:
            self.continue_box.children = [W.HTML("Nothing unfinished: choose a game to start.")]
        else:
            last = self.last
            row: list[W.Widget] = [button(last.label, lambda: self.resume(last), "rf-continue", primary=True)]
            if last.problem:
                row.append(W.HTML(message_html(f"Read-only: {last.problem}", "error")))
            self.continue_box.children = row
        self.problems.value = "".join(message_html(p, "error") for p in problems[:3])

    def _stamp(self) -> tuple:
        """Each game file's name, size and time of change: what a new look would find."""
        try:
            return tuple(sorted((e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in os.scandir(self.store.games_dir)))
        except OSError:
            return ()
