import os
from pathlib import Path

# a test kills processes, never the machine's power: commits need not wait for the disk (companion.gamelog's
# docstring; tests/shared/test_gamelog_sync.py holds the table's FULL). Inherited by the dashboards the tests serve.
os.environ.setdefault("COMPANION_SQLITE_SYNC", "OFF")

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


@pytest.fixture(scope="session")
def rulebook_text() -> str:
    """Rise & Fall's rulebook (``docs/rulebooks/``, through ``tests/rulebooks.py``): a missing one
    fails the test that asks for it, never passes it."""
    from rulebooks import rulebook

    return rulebook("rise-and-fall")


def quote(rulebook_text: str | None, sentence: str) -> None:
    """Tests quote the rulebook word for word (``rulebook_text``: a rulebook's text, from a fixture
    of ``tests/rulebooks.py``); a rulebook missing fails the test."""
    assert rulebook_text is not None, "the rulebook is missing: the quote cannot be checked"
    assert sentence in rulebook_text, f"not in the rulebook: {sentence!r}"
