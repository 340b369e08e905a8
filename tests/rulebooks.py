"""The four rulebooks as text, for tests that quote them word for word.

The rulebooks ship with the project in ``docs/rulebooks/``; a missing one fails the test that asks for it
(never a silent pass). Where the team's shared copy (``../shared/seeds/``) is at hand, it must be the same text.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "docs" / "rulebooks"
SHARED = ROOT.parent / "shared" / "seeds"

#: game id → the rulebook's file name
FILES = {
    "rise-and-fall": "rise-and-fall-rulebook.txt",
    "rise": "rise-rulebook.txt",
    "mountain-king": "fall-of-the-mountain-king-rulebook.txt",
    "rise-and-fall-1989": "rise-and-fall-1989-rulebook.txt",
}


class MissingRulebook(AssertionError):
    """A test asked for a rulebook that is not there: the run fails rather than skip the quotes."""


@lru_cache(maxsize=None)
def rulebook(game: str) -> str:
    """The rulebook's text of one game (by its id); raises :class:`MissingRulebook` when it is missing."""
    path = FOLDER / FILES[game]
    if not path.is_file():
        raise MissingRulebook(f"The rulebook of {game} is missing: {path} (quotes cannot be checked).")
    return path.read_text(encoding="utf-8")


def quote(game: str, sentence: str) -> str:
    """Assert that ``sentence`` is found word for word in ``game``'s rulebook; returns it."""
    text = rulebook(game)
    assert sentence in text, f"not in the {game} rulebook: {sentence!r}"
    return sentence
