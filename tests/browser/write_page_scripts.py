"""``make page-scripts``: serve the dashboard, open it in Chromium, and write the scripts the page loaded
to ``companion/ui/page_scripts.txt`` (the list its head preloads)."""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import sync_playwright  # noqa: E402

from browser.harness import LIVE_SHELF, launch, scripts_loaded, served, tablet  # noqa: E402
from companion.ui.page_scripts import LIST  # noqa: E402


def main() -> None:
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as d:
        browser = launch(pw)
        with served(Path(d), preheat=False, env_extra={"COMPANION_PRELOAD": "0"}) as (url, _, _):  # what the page asks by itself
            ctx = tablet(browser)
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_selector(LIVE_SHELF, timeout=120_000)
            page.wait_for_timeout(2000)
            found = scripts_loaded(page, url)
            ctx.close()
        browser.close()
    LIST.write_text("# the scripts a companion page loads, preloaded by its head (make page-scripts writes them again)\n"
                    + "\n".join(found) + "\n", encoding="utf-8")
    print(f"{len(found)} scripts written to {LIST}")


if __name__ == "__main__":
    main()
