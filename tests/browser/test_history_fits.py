"""The History of a finished game read on a phone and an upright tablet with A+: every word of its
scorepad is on the screen (each player's line where the table would be cut off), and the table
where it fits."""

import json
import shutil
from pathlib import Path

import pytest

from .harness import phone, screenshot, served, tablet, wait_for

V1 = Path(__file__).parents[1] / "data" / "v1" / "data"  # a finished game of Four Winds, in the History

OFF_SCREEN = """() => Array.from(document.querySelectorAll('.rf-history-game *'))
    .filter(e => e.offsetParent !== null && e.childElementCount === 0 && e.textContent.trim())
    .filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth + 0.5; })
    .map(e => e.textContent.trim())"""


@pytest.fixture(scope="module")
def large_history(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("history")
    shutil.copytree(V1, tmp / "src")
    (tmp / "src" / "settings.json").write_text(json.dumps({"large": True, "dark": False}))
    with served(tmp, data_from=tmp / "src") as s:
        yield s


@pytest.mark.parametrize("device", ["phone", "portrait", "landscape"])
def test_a_finished_games_scorepad_is_all_on_the_screen_with_a_plus(large_history, browser, device):
    url, data, _ = large_history
    ctx = phone(browser) if device == "phone" else tablet(browser, portrait=device == "portrait")
    page = ctx.new_page()
    page.goto(url + "?screen=history")
    page.wait_for_selector(".rf-history-game", timeout=60_000)
    wait_for(lambda: "rf-large" in page.locator(".rf-app").get_attribute("class"))
    table = page.locator(".rf-history-game .rf-scorepad table").first
    cards = page.locator(".rf-history-game .rf-pad-card")
    shown = "table" if table.is_visible() else "lines"
    screenshot(page, f"history-large-{device}")
    assert page.evaluate(OFF_SCREEN) == []  # nothing cut off, nothing hidden sideways
    text = (table if shown == "table" else page.locator(".rf-history-game .rf-pad-cards").first).inner_text()
    for word in ("Economy", "Trophies", "Development", "Territories", "Total", "206"):
        assert word in text  # Blue's total, the winner's, is on the screen
    if device == "landscape":
        assert shown == "table"  # the table where it fits
    else:
        assert shown == "lines" and cards.count() == 4
    ctx.close()
