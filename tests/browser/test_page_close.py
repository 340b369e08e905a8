"""A page closed or reloaded gives its kernel back at once: Voilà's page posts the kernel's
shutdown as it goes, and the server must accept it (it needs the page's ``_xsrf`` cookie).
Otherwise each closed tab or reload left a kernel of about 100 MB until it was culled."""

import json
from pathlib import Path

from .harness import LIVE_SHELF, open_shelf, tablet, wait_for


def kernel_id(page) -> str:
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


def shut_down(log: Path, kernel: str) -> bool:
    return f"Kernel shutdown: {kernel}" in log.read_text()


def test_a_reloaded_and_a_closed_page_shut_their_kernels_down(browser, fresh_server):
    url, data, _ = fresh_server
    log = data.parent / "voila.log"  # the server's, beside its data folder
    ctx = tablet(browser)
    page = ctx.new_page()
    open_shelf(page, url)
    assert "_xsrf" in [c["name"] for c in ctx.cookies()]
    first = kernel_id(page)
    page.reload()
    page.wait_for_selector(LIVE_SHELF, timeout=60_000)
    second = kernel_id(page)
    assert second != first
    wait_for(lambda: shut_down(log, first), timeout=10)
    assert not shut_down(log, second)  # the page's own kernel lives on
    page.close(run_before_unload=True)
    wait_for(lambda: shut_down(log, second), timeout=10)
    assert "_xsrf' argument missing" not in log.read_text()
    ctx.close()
