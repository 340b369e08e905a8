import os
import re
import shutil
from pathlib import Path

import pytest

from .harness import (
    CHROMIUM,
    CLOSED_SHOWING,
    PAGE_NOTES,
    TEST_NAME,
    close_keeping_what_it_showed,
    launch,
    repoint,
    served,
    watch_pages,
)

pytestmark = pytest.mark.browser


#: the browser test files that take longest (seconds of a quiet run's two workers, `make test`'s JUnit files), handed to
#: the workers first: each worker takes the next file when it is free (``--dist loadfile``), so the longest last
#: would leave one worker running it alone at the end (the run's last 40 s, 3 Dec)
LONGEST_FIRST = ("test_every_game_table", "test_controls", "test_rise_flow", "test_pages", "test_controls_stay",
                 "test_scores_flow", "test_builder_flow", "test_first_paint")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)

    def longest_first(item) -> int:
        name = Path(str(item.fspath)).stem
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=longest_first)  # stable: each file's tests, and the other files, keep their order


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """One dashboard for all the test files a worker runs (a server started is two CPU-seconds and a few seconds of
    waiting, for each of 40 files): its data and layouts folders are links, which each file points at its own."""
    with served(tmp_path_factory.mktemp("voila"), linked=True) as s:
        yield s


@pytest.fixture(scope="module")
def server(shared_server, tmp_path_factory):
    """The dashboard, with no game, no World and no setting as a test file starts (:func:`shared_server`'s, its
    folders the file's own)."""
    url, data, layouts = shared_server
    repoint(data, layouts, tmp_path_factory.mktemp("files"))
    yield url, data, layouts


@pytest.fixture
def fresh_server(shared_server, tmp_path):
    """The dashboard with no game, no World and no setting as the test starts (its folders the test's own); after
    it, the file's own folders again (:func:`server`'s)."""
    url, data, layouts = shared_server
    before = {link: os.readlink(link) for link in (data, layouts)}
    repoint(data, layouts, tmp_path)
    yield url, data, layouts
    for link, target in before.items():
        back = link.with_name(link.name + ".back")
        back.symlink_to(target, target_is_directory=True)
        os.replace(back, link)


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not __import__("os").path.exists(CHROMIUM):
        pytest.fail(f"Chromium is needed for the browser tests: {CHROMIUM} (make test installs Debian's chromium)")
    from playwright.sync_api import BrowserContext, sync_playwright

    BrowserContext.close = close_keeping_what_it_showed(BrowserContext.close)  # type: ignore[method-assign]
    with sync_playwright() as p:
        b = launch(p)
        watch_pages(b)
        yield b
        b.close()


@pytest.fixture(autouse=True)
def _page_notes(request):
    """Each test's pages' notes are its own; a page a failed test left open (its context not closed) is closed
    after it, so it neither speaks in the next test's notes nor keeps its kernel busy."""
    PAGE_NOTES.clear()
    CLOSED_SHOWING.clear()
    TEST_NAME[0] = re.sub(r"[^\w.-]+", "_", request.node.name)[-100:]
    yield
    if "browser" in request.fixturenames:
        for ctx in list(request.getfixturevalue("browser").contexts):
            try:
                ctx.close()
            except Exception:  # noqa: BLE001 - closed already
                pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A browser test that failed prints the stack of every thread of the server and of each page's
    kernel as they are at that moment (a page waiting for its kernel says what the kernel is doing),
    and keeps them in test-artifacts/stacks/; and what each page still open showed, with its picture."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed or "tests/browser" not in str(item.fspath):
        return
    from .harness import ARTIFACTS, kept_stacks, kernel_lines, pages_shown

    funcargs = getattr(item, "funcargs", {})
    if funcargs.get("browser") is not None:  # first: what a player would have seen, before the threads behind it
        shown = "\n".join(filter(None, [*CLOSED_SHOWING, pages_shown(funcargs["browser"], TEST_NAME[0])]))
        if shown:
            report.sections.append(("what the pages showed (pictures in test-artifacts/failed/)", shown))
    if PAGE_NOTES:
        report.sections.append(("what the pages said of themselves", "\n".join(PAGE_NOTES)))
    report.sections.append(("threads of the server and its kernels", kept_stacks(re.sub(r"[^\w.-]+", "_", item.nodeid)[-150:])))
    served_at = funcargs.get("server")
    if served_at:
        log = served_at[1].parent / "voila.log"
        if log.is_file():
            text = log.read_text(errors="replace")
            kept = ARTIFACTS / "failed" / f"{TEST_NAME[0]}-server.log"
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_text(text)
            report.sections.append((f"the server's kernels, from its whole log (kept in {kept.relative_to(ARTIFACTS.parent)})",
                                    kernel_lines(text)))
            report.sections.append(("the end of the server's log", text[-4000:]))
