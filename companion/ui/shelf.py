"""The shelf: the page opens on the games, one tile each, with "Continue" above them.

"Continue" goes back to the most recent unfinished log of any game with play in it (a World being
built, a game being played, a scoring not yet final); not to a log with nothing but its first action
(a World nobody has touched, a game started and left at once), nor to the World of a game since
played to its end. The tiles come from the registry (``companion.games``):
a game that is not built is not there. A log that no longer replays is named with its sentence.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from typing import Callable

import ipywidgets as W

from .. import games
from ..errors import CompanionError
from ..gamelog import GameInfo, GameStore, Session
from .ending import is_over
from .games_list import has_play
from .shelf_look import LOOKING, SHELF_CSS, about_html, picture_html, play_classes, play_label
from .widgets import button, hbox, html_widget, message_html, plain_widget, vbox

__all__ = ["SHELF_CSS", "Shelf", "Unfinished", "last_unfinished"]


@dataclass(frozen=True)
class Unfinished:
    """Where the table was: the most recent log, of any game, that is not finished."""

    game: games.Game
    info: GameInfo
    problem: str | None = None  # the log opens read-only: its first action that no longer replays

    @property
    def label(self) -> str:
        """'Continue Rise!: Red and Blue, 01 Dec 08:04 (last played 01 Dec 08:09)': the game's title
        once, even where the log's own title begins with it."""
        when = datetime.datetime.fromtimestamp(self.info.updated).strftime("%d %b %H:%M")
        title = self.info.title
        if title.startswith(f"{self.game.title}: "):
            title = title[len(self.game.title) + 2:]
        return f"Continue {self.game.title}: {title} (last played {when})"


def last_unfinished(store: GameStore, look_at: int = 8) -> tuple[Unfinished | None, list[str]]:
    """The most recent unfinished log of a registered game, and the sentences of the logs passed
    over because they cannot be read (a damaged file, a log that no longer replays)."""
    problems: list[str] = []
    done: set[str] = set()  # games with a finished log more recent than the ones still to look at
    for info in store.games()[:look_at]:
        if info.problem:
            problems.append(info.problem)
            continue
        game = games.game_of(info.kind)
        if game is None:
            continue
        if game.id in done and info.kind.split("/", 1)[-1] in game.prepares:
            continue  # the World of a game since played to its end: not in progress
        try:
            session = Session(store.open(info.id), game.reducer(info.kind))
            session.log.close()
        except CompanionError as e:
            problems.append(str(e))
            continue
        problem = getattr(session, "problem", None)
        if problem:
            return Unfinished(game, info, problem), problems
        if not has_play(session):
            continue  # nothing played in it (a game started and left at once): never offered over one played
        if not is_over(info.kind, session.state):
            return Unfinished(game, info), problems
        if info.kind.split("/", 1)[-1] not in game.prepares:
            done.add(game.id)
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
        self.continue_box = hbox()
        self.continue_box.add_class("rf-shelf-continue")
        self.problems = html_widget()
        self.tiles = plain_widget(W.Box, [self._tile(g) for g in games.games()])
        self.tiles.add_class("rf-shelf-tiles")
        self.history_btn = button("History of every game", history, "rf-shelf-history")
        self.widget = vbox([self.continue_box, self.problems, self.tiles, self.history_btn])  # SHELF_CSS: on the page
        self.widget.add_class("rf-shelf")
        self.continue_box.children = [html_widget(LOOKING)]  # until first shown

    def _tile(self, g: games.Game) -> W.Widget:
        tile = vbox([html_widget(picture_html(g)), html_widget(about_html(g)),
                       button(play_label(g), lambda: self.choose(g.id), play_classes(g), primary=True)])
        tile.add_class("rf-shelf-tile")
        return tile

    @property
    def looked(self) -> bool:
        """Whether the shelf has looked for the last unfinished log yet (it looks when first shown)."""
        return self._seen is not None

    def refresh(self, if_changed: bool = False) -> bool:
        """Look again for the last unfinished log (another page may have played since);
        ``if_changed``: only when a game file changed since the last look (replays cost time).
        True if it looked again."""
        stamp = self._stamp()
        if if_changed and stamp == self._seen:
            return False
        self._seen = stamp
        before = self.last
        self.last, problems = last_unfinished(self.store)
        if (before is not None and self.last is not None and self.continue_box.children
                and (before.label, before.problem) == (self.last.label, self.last.problem)):
            pass  # the same Continue (its label names the game and when it was last played): its button stays
        elif self.last is None:
            self.continue_box.children = [html_widget("Nothing unfinished: choose a game to start.")]
        else:
            last = self.last
            row: list[W.Widget] = [button(last.label, lambda: self.resume(last), "rf-continue", primary=True)]
            if last.problem:
                row.append(html_widget(message_html(f"Read-only: {last.problem}", "error")))
            self.continue_box.children = row
        self.problems.value = "".join(message_html(p, "error") for p in problems[:3])
        return True

    def _stamp(self) -> tuple:
        """Each game file's name, size and time of change: what a new look would find."""
        try:
            return tuple(sorted((e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in os.scandir(self.store.games_dir)))
        except OSError:
            return ()
