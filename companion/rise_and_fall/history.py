"""Rise & Fall's finished games in the shared history: date, World, players, scores by category, winners."""

from __future__ import annotations

from typing import Any

from ..history import Finished, FinishedGames, stats
from . import GAME_ID
from .scoring import Score

CATEGORIES = ("economy", "trophies", "development", "territories")

__all__ = ["CATEGORIES", "Finished", "History"]


class History(FinishedGames):
    """The history file, seen from Rise & Fall: its own finished games and their statistics."""

    def record(self, game_id: str, world: str, s: Score, colours: dict[str, str] | None = None) -> None:
        """Keep a finished game (recording the same game again replaces it), with the colour each
        player chose at Setup (``#rrggbb``), so History draws them in it."""
        extra = {"colours": dict(colours)} if colours else None
        self.keep(GAME_ID, game_id, world, {p.name: p.to_dict() for p in s.players}, list(s.winners), extra)

    def version(self) -> int:
        """Changes when another connection records a game (see ``GameLog.version``)."""
        return self._db.execute("PRAGMA data_version").fetchone()[0]

    def games(self) -> list[Finished]:
        return self.finished(GAME_ID)

    def stats(self) -> dict[str, Any]:
        """Wins per player, average VP per category per player, and totals game after game."""
        return stats(self.games(), CATEGORIES)

