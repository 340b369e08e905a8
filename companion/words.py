"""Words a player reads: counts with their plurals, lists said as a person says them.

Shared by every game's core and screens (no widgets here).
"""

from __future__ import annotations

import html
import unicodedata
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


#: The bidirectional classes that make a name turn the text around it (right-to-left letters, Arabic digits,
#: the embeddings, overrides and isolates): a name holding none of them reads the same isolated or not.
TURNING = frozenset({"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI"})


def turns_text(name: str) -> bool:
    """Whether ``name`` may turn the text around it (a right-to-left letter, an override)."""
    return any(unicodedata.bidirectional(ch) in TURNING for ch in name)


def name_html(name: str) -> str:
    """A user's name (a player, a nation) for HTML: escaped, and isolated in ``<bdi>`` when it may turn the text
    around it (a right-to-left override, Hebrew or Arabic letters), so that it turns nothing else of its line."""
    text = html.escape(str(name))
    return f"<bdi>{text}</bdi>" if turns_text(str(name)) else text


def name_isolated(name: str) -> str:
    """A user's name for text that cannot hold ``<bdi>`` (an SVG's text, a button's label): between FIRST STRONG
    ISOLATE and POP DIRECTIONAL ISOLATE, the plain-text form of the same isolation, when it may turn the text."""
    return f"\u2068{name}\u2069" if turns_text(str(name)) else name
