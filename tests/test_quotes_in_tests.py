"""The rulebook quotes of Fall of the Mountain King's and Rise and Fall (1989)'s tests are checked word
for word: every double-quoted passage of their docstrings and comments (``"..."``, three words or more)
must be in that game's rulebook (``tests/rulebooks.py``: a missing rulebook fails), but the few that quote
another page and say so below. A "…" in a quote stands for words left out: the parts must be found in order.
Line breaks and runs of spaces count as one space (a docstring wraps its lines)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from rulebooks import rulebook

TESTS = Path(__file__).resolve().parent
#: the folders of each game's tests, and its rulebook
FOLDERS = {"mountain-king": ["mountain_king"], "rise-and-fall-1989": ["rome1989"]}
#: browser tests of these games
BROWSER = {"mountain-king": ["test_mountain_king_flow.py"], "rise-and-fall-1989": ["test_rome1989_flow.py", "test_rome1989_phone.py"]}
#: quotes of pages other than the rulebook: (file name, quote) → where it comes from
NOT_RULEBOOK = {
    ("test_decisions.py", "where the rulebook is silent or ambiguous"): "docs/mountain-king/formats.md",
}
#: fewer quotes found than this means the reading of the files broke, not that the quotes went
AT_LEAST = {"mountain-king": 10, "rise-and-fall-1989": 30}


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'").replace("“", '"').replace("”", '"')).strip()


def prose(path: Path) -> list[tuple[int, str]]:
    """Every docstring and comment of a test file, with its line."""
    src = path.read_text(encoding="utf-8")
    out = []
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                out.append((getattr(node, "lineno", 1), doc))
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], tok.string))
    return out


def quotes(text: str) -> list[str]:
    """The double-quoted passages of three words or more."""
    return [plain(m.group(1)) for m in re.finditer(r'"([^"]+)"', text) if len(m.group(1).split()) >= 3]


def found(quote: str, book: str) -> bool:
    """``quote`` in ``book`` (both plain), its parts around each "…" in order."""
    at = 0
    for part in (p.strip() for p in quote.split("…")):
        part = part.strip(" .") if len(quote.split("…")) > 1 else part
        if not part:
            continue
        k = book.find(part, at)
        if k < 0:
            return False
        at = k + len(part)
    return True


def files(game: str) -> list[Path]:
    return sorted(p for folder in FOLDERS[game] for p in (TESTS / folder).glob("*.py")) + [
        TESTS / "browser" / name for name in BROWSER[game] if (TESTS / "browser" / name).exists()]


def test_every_quote_of_the_newer_games_tests_is_in_its_rulebook():
    wrong, counted = [], {}
    for game in FOLDERS:
        book = plain(rulebook(game))
        counted[game] = 0
        for path in files(game):
            for line, text in prose(path):
                for q in quotes(text):
                    if (path.name, q) in NOT_RULEBOOK:
                        continue
                    counted[game] += 1
                    if not found(q, book):
                        wrong.append(f"{path.relative_to(TESTS)}:{line}: not in the {game} rulebook: {q!r}")
    assert not wrong, "\n".join(wrong)
    for game, least in AT_LEAST.items():
        assert counted[game] >= least, f"only {counted[game]} quotes read in the {game} tests: the reading broke"


def test_a_quote_not_word_for_word_is_found_out():
    book = plain(rulebook("mountain-king"))
    assert found(plain("Remember, you do not control a cavern if you are tied for most Trolls there."), book)
    assert not found("Remember, you never control a cavern if you are tied for most Trolls there.", book)
    assert found("if two markers are in the same spot, the marker on the bottom of the stack … is in the lead.", book)
    assert not found("tied for most Trolls there … Remember, you do not control a cavern", book)  # out of order
    assert quotes('x # "three words here" and "two words"') == ["three words here"]


def test_the_rise_and_fall_quote_fails_without_its_rulebook(monkeypatch, tmp_path):
    """``quote(rulebook_text, sentence)`` of the older tests: no text is a failure, and the fixtures'
    text comes from ``tests/rulebooks.py``, which fails when a rulebook is missing."""
    import pytest
    import rulebooks
    from conftest import quote

    with pytest.raises(AssertionError):
        quote(None, "Each player chooses a color.")
    monkeypatch.setattr(rulebooks, "FOLDER", tmp_path)
    rulebooks.rulebook.cache_clear()
    try:
        with pytest.raises(rulebooks.MissingRulebook):
            rulebooks.rulebook("rise-and-fall")
    finally:
        monkeypatch.undo()
        rulebooks.rulebook.cache_clear()
