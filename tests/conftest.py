import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=60, deadline=None)
settings.register_profile("dev", max_examples=40, deadline=None)
settings.register_profile("deep", max_examples=300, deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)


def examples(fast: int, deep: int) -> int:
    """How many random games a long property test draws: ``fast`` under ``make test`` (past these,
    more examples found nothing new), ``deep`` under ``make test-deep`` (HYPOTHESIS_PROFILE=deep)."""
    return deep if PROFILE == "deep" else fast

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT.parent / "shared" / "seeds" / "rise-and-fall-rulebook.txt"


@pytest.fixture(scope="session")
def rulebook_text() -> str | None:
    return RULEBOOK.read_text(encoding="utf-8") if RULEBOOK.exists() else None


def quote(rulebook_text: str | None, sentence: str) -> None:
    """Tests quote the rulebook; where our copy of it is at hand, the quote must be exact."""
    if rulebook_text is not None:
        assert sentence in rulebook_text, f"not in the rulebook: {sentence!r}"
