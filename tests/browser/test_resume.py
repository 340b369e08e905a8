"""Saved games on a phone: Resume, far down the Game screen, shows the game resumed from the top
of the page, and a reload opens that game again (not the one begun last)."""

import sys
from pathlib import Path

from companion.ui.app import App

from .harness import SCROLLED, open_app, phone, screenshot, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from ui.test_game_screens import place_all_first_pieces, start_another_game  # noqa: E402


def test_a_game_resumed_on_a_phone_opens_at_the_top_and_after_a_reload(server, browser):
    url, data, layouts = server
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")  # the table's two games
    app.world.n_players.value = 3
    app.world.seed.value = 4
    app.world.random_btn.click()
    app.setup.start_btn.click()
    place_all_first_pieces(app)  # the first game reached turn 1
    start_another_game(app.setup)  # the second is begun later and left before its first pieces

    ctx = phone(browser)
    page = ctx.new_page()
    open_app(page, url)
    page.get_by_role("button", name="Game", exact=True).tap()
    page.get_by_text("Saved games").tap()
    row = page.locator("div.widget-hbox:has(> button.rf-resume)").filter(has_text="turn 1").first
    row.scroll_into_view_if_needed()
    assert page.evaluate(SCROLLED) > 200  # the list is far down the phone's screen
    row.locator("button.rf-resume").tap()
    wait_for(lambda: page.evaluate(SCROLLED) == 0)
    wait_for(lambda: "Turn 1" in page.locator(".rf-game-header").inner_text())
    screenshot(page, "resumed-phone")
    page.reload()
    page.wait_for_selector(".rf-game-header")
    wait_for(lambda: "Turn 1" in page.locator(".rf-game-header").inner_text(), timeout=30)
    ctx.close()
