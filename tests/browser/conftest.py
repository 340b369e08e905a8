import shutil

import pytest

from .harness import CHROMIUM, launch, served

pytestmark = pytest.mark.browser


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("voila")) as s:
        yield s


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not __import__("os").path.exists(CHROMIUM):
        pytest.fail(f"Chromium is needed for the browser tests: {CHROMIUM} (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()
