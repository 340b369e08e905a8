from pathlib import Path

import pytest

RISE_RULEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "seeds" / "rise-rulebook.txt"


@pytest.fixture(scope="session")
def rise_rulebook() -> str | None:
    return RISE_RULEBOOK.read_text(encoding="utf-8") if RISE_RULEBOOK.exists() else None
