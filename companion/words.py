"""Words a player reads: counts with their plurals, lists said as a person says them.

Shared by every game's core and screens (no widgets here).
"""

from __future__ import annotations

import html
from typing import Iterable

#: plurals that are not the word with an "s"
IRREGULAR = {"Trophy": "Trophies", "trophy": "trophies", "City": "Cities", "city": "cities", "Glacier": "Glaciers",
             "Starting Sea": "Starting Seas", "Plains": "Plains", "Plains tile": "Plains tiles", "Treasury": "Treasuries"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 piece', '2 pieces', '0 Trophies', '1 City'."""
    return f"{n} {word if n == 1 else (many or IRREGULAR.get(word) or word + 's')}"


def a_or_count(n: int, word: str, many: str | None = None) -> str:
    """'a Sea tile' for one, '2 Sea tiles' for more."""
    if n == 1:
        return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
    return plural(n, word, many)


def and_list(items: Iterable[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Cy'."""
    xs = [str(x) for x in items]
    if len(xs) <= 1:
        return "".join(xs)
    return f"{', '.join(xs[:-1])} and {xs[-1]}"


#: The longest name of a player or a nation, in every game (Rise & Fall's files had it first): a name is said
#: on a tile, a scorepad line and a phone, and a 10,000-character one slows every tap that draws it.
LONGEST_NAME = 40


def name_too_long(name: str, what: str = "A player's name") -> str | None:
    """The sentence refusing ``name`` when it is longer than :data:`LONGEST_NAME` characters, else None."""
    if len(name) <= LONGEST_NAME:
        return None
    return (f"{what} is {len(name):,} characters long ({name[:12]}…); a name has at most {LONGEST_NAME} "
            "characters: shorten it.")


def name_html(name: str) -> str:
    """A user's name (a player, a nation) for HTML: escaped, and isolated in ``<bdi>`` so that a right-to-left
    override in it turns no other text of its line around."""
    return f"<bdi>{html.escape(str(name))}</bdi>"


def name_isolated(name: str) -> str:
    """A user's name for text that cannot hold ``<bdi>`` (an SVG's text): between FIRST STRONG ISOLATE and POP
    DIRECTIONAL ISOLATE, the plain-text form of the same isolation."""
    return f"\u2068{name}\u2069"
