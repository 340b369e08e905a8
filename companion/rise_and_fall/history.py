"""Rise & Fall's finished games in the shared history: date, World, players, scores by category, winners."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.gamelog import GameLog
from companion.history import Finished, FinishedGames, stats
from companion.rise_and_fall import GAME_ID
from companion.rise_and_fall.scoring.scoring import Score
from companion.rise_and_fall.world.views import colour_hex, is_colour

CATEGORIES = ("economy", "trophies", "development", "territories")

__all__ = ["CATEGORIES", "Finished", "History", "recovered_colours"]


class History(FinishedGames):
    """The history file, seen from Rise & Fall: its own finished games and their statistics."""

    def record(self, game_id: str, world: str, s: Score, colours: dict[str, str] | None = None,
               tracked: str | None = None) -> None:
        """Keep a finished game (recording the same game again replaces it), with the colour each
        player chose at Setup (``#rrggbb``), so History draws them in it. ``tracked``: the tracked
        game this scoring scored; its last final scoring is its one entry."""
        extra = {"colours": dict(colours)} if colours else None
        self.keep(GAME_ID, game_id, world, {p.name: p.to_dict() for p in s.players}, list(s.winners), extra, of=tracked)

    def games(self) -> list[Finished]:
        return self.finished(GAME_ID)

    def stats(self) -> dict[str, Any]:
        """Wins per player, average VP per category per player, and totals game after game."""
        return stats(self.games(), CATEGORIES)



def recovered_colours(root: str | os.PathLike, log_id: str) -> dict[str, str] | None:
    """The colours chosen at Setup for a game kept in the history before its colours were: read
    from the game's own scoring log (its start names each player's colour) or, where that start
    has none, from the setup of the tracked game it scored. None when neither says."""
    games = Path(root) / "games"
    start = _first(games / f"{log_id}.sqlite", "start")
    if start is None:
        return None
    names = [str(p.get("name", "")) for p in start.get("players", []) if isinstance(p, dict)]
    colours = start.get("colours")
    if not (isinstance(colours, list) and len(colours) == len(names) and all(is_colour(c) for c in colours)):
        tracked = start.get("game")
        setup = _first(games / f"{tracked}.sqlite", "setup") if isinstance(tracked, str) and _SAFE_ID.fullmatch(tracked) else None
        players = setup.get("players") if setup else None
        if not isinstance(players, list) or [str(p.get("name", "")) for p in players if isinstance(p, dict)] != names:
            return None
        colours = [p.get("colour") for p in players]
        if not all(is_colour(c) for c in colours):
            return None
    return {n: colour_hex(c) for n, c in zip(names, colours)} if names else None


_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")


def _first(path: Path, kind: str) -> dict[str, Any] | None:
    """The first action of ``kind`` in a log (read-only); None if the log is missing or unreadable."""
    if not path.is_file():
        return None
    try:
        log = GameLog(path, writable=False)
    except CompanionError:
        return None
    try:
        entries, _ = log.read()
    except CompanionError:
        return None
    finally:
        log.close()
    return next((e.action for e in entries if isinstance(e.action, dict) and e.action.get("type") == kind), None)
