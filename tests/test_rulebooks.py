"""The rulebooks the quotes are checked against are here, and are the team's current copies."""

import pytest

from tests.rulebooks import FILES, FOLDER, SHARED, MissingRulebook, quote, rulebook


@pytest.mark.parametrize("game", sorted(FILES))
def test_every_rulebook_ships_with_the_project(game: str) -> None:
    assert len(rulebook(game)) > 5000 or game == "rise"
    shared = SHARED / FILES[game]
    if shared.is_file():
        assert shared.read_text(encoding="utf-8") == rulebook(game), f"{FOLDER / FILES[game]} is not the current rulebook"


def test_a_quote_not_in_the_rulebook_fails() -> None:
    with pytest.raises(AssertionError):
        quote("rise", "This sentence is in no rulebook.")


def test_a_missing_rulebook_fails_not_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(FILES, "rise", "no-such-rulebook.txt")
    rulebook.cache_clear()
    try:
        with pytest.raises(MissingRulebook):
            rulebook("rise")
    finally:
        rulebook.cache_clear()
