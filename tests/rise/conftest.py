import pytest


@pytest.fixture(scope="session")
def rise_rulebook() -> str:
    """Rise!'s rulebook (``docs/rulebooks/``, through ``tests/rulebooks.py``): a missing one fails."""
    from rulebooks import rulebook

    return rulebook("rise")
