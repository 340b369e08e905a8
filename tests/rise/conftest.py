import pytest


@pytest.fixture(scope="session")
def rise_rulebook() -> str:
    """Rise!'s rulebook (``docs/rulebooks/``, through ``tests/rulebooks.py``): a missing one fails."""
    from rulebooks import rulebook

    return rulebook("rise")


@pytest.fixture(autouse=True)
def no_clock_on_the_computer(monkeypatch):
    """The computer's clock is a safety stop for the table (its search is sized to end well before it); a test judges
    what the search finds, so a busy machine must not cut it short: here the clock never runs out."""
    from dataclasses import replace

    from companion.rise import opponent

    monkeypatch.setattr(opponent, "SETTINGS", {k: replace(v, budget=3600.0) for k, v in opponent.SETTINGS.items()})
