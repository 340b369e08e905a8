"""The shelf in a real browser: open it, continue the last game, switch to another game and back,
and reload on a deep address. The data directory holds version 1's files; the tests' counter
game is registered in the served page, so the shelf holds a game it was not written for."""

from pathlib import Path

import pytest

from companion import games

from .harness import open_shelf, screenshot, served, tablet, wait_for, world_drawn

V1 = Path(__file__).parents[1] / "data" / "v1" / "data"


@pytest.fixture(scope="module")
def shelf_server(tmp_path_factory):
    with served(tmp_path_factory.mktemp("voila"), data_from=V1, with_counter=True) as s:
        yield s


def address(page) -> str:
    return page.evaluate("() => window.location.search")


def test_shelf_continue_switch_and_reload_on_a_deep_address(shelf_server, browser):
    url, data, _ = shelf_server
    ctx = tablet(browser)
    page = ctx.new_page()
    open_shelf(page, url)
    titles = page.locator(".rf-shelf-title").all_inner_texts()
    assert titles == [g.title for g in games.games()] + ["Counter"]  # every built game, and the tests' own
    players = page.locator(".rf-shelf-players").all_inner_texts()
    assert players[0] == "2–4 players" and players[-1] == "1–2 players"
    assert not page.locator(".rf-nav-tabs").is_visible()  # no game's bar before a game is chosen
    shelf = page.locator(".rf-shelf").bounding_box()
    assert shelf["width"] >= 0.9 * 1024 - 60, f"the shelf takes {shelf['width']:.0f} px of the tablet's 1024"
    screenshot(page, "shelf")

    # Continue: the game of version 1 that stopped in phase D, on its Game screen
    page.locator("button.rf-continue").tap()
    page.wait_for_selector("button.rf-pass")  # "Buy nothing": phase D, as the table left it
    wait_for(lambda: "game=rise-and-fall" in address(page) and "screen=game" in address(page))
    assert page.locator(".rf-nav-tabs").is_visible()
    screenshot(page, "shelf-continued")

    # another game, and back
    page.locator("button.rf-home").tap()
    page.locator("button.rf-shelf-counter").tap()
    page.locator("button.rf-count-new").tap()
    page.locator("button.rf-count-add-3").tap()
    page.wait_for_selector("text=3 of 10")
    wait_for(lambda: address(page) == "?game=counter&screen=count")
    page.get_by_role("button", name="Total", exact=True).tap()
    page.wait_for_selector("text=Total: 3")
    page.locator("button.rf-home").tap()
    page.locator("button.rf-shelf-rise-and-fall").tap()
    world_drawn(page)
    wait_for(lambda: address(page) == "?game=rise-and-fall&screen=world")

    # a reload returns to the same game and screen; a bookmark opens straight into a deep place
    page.get_by_role("button", name="Scores", exact=True).tap()
    wait_for(lambda: address(page) == "?game=rise-and-fall&screen=scores")
    page.reload()
    page.wait_for_selector(".rf-scorepad")  # version 1's final scoring
    assert address(page) == "?game=rise-and-fall&screen=scores"
    assert page.locator(".rf-nav-tabs .mod-active").inner_text() == "Scores"
    page.goto(url + "?game=counter&screen=total")
    page.wait_for_selector("text=Total: 3")
    screenshot(page, "shelf-deep-address")
    page.goto(url + "?game=no-such-game")
    page.wait_for_selector(".rf-shelf-tile")
    ctx.close()


def test_back_and_forward_walk_the_places_of_the_page(shelf_server, browser):
    """Back returns to the screen before (the shelf, then out of the page only from the first
    place), Forward goes again; a reload on a Back-ed address stays there."""
    url, _, _ = shelf_server
    ctx = tablet(browser)
    page = ctx.new_page()
    open_shelf(page, url)
    start = page.evaluate("() => history.length")
    page.locator("button.rf-shelf-rise-and-fall").tap()
    world_drawn(page)
    wait_for(lambda: address(page) == "?game=rise-and-fall&screen=world")
    page.get_by_role("button", name="Setup", exact=True).tap()
    wait_for(lambda: address(page) == "?game=rise-and-fall&screen=setup")
    page.wait_for_selector("button.rf-start-game", state="visible")
    assert page.evaluate("() => history.length") == start + 2  # one entry per change of place

    page.go_back()
    wait_for(lambda: page.locator(".rf-nav-tabs .mod-active").inner_text() == "World")
    assert address(page) == "?game=rise-and-fall&screen=world"
    page.go_back()
    page.wait_for_selector("#rendered_cells .rf-shelf-tile svg")
    wait_for(lambda: not page.locator(".rf-nav-tabs").is_visible())
    assert address(page) == ""
    page.go_forward()
    wait_for(lambda: page.locator(".rf-nav-tabs").is_visible() and
             page.locator(".rf-nav-tabs .mod-active").inner_text() == "World")
    page.go_forward()
    wait_for(lambda: page.locator(".rf-nav-tabs .mod-active").inner_text() == "Setup")
    assert address(page) == "?game=rise-and-fall&screen=setup"
    page.go_back()  # and a tap after Back makes a new entry, as a browser does
    wait_for(lambda: page.locator(".rf-nav-tabs .mod-active").inner_text() == "World")
    page.get_by_role("button", name="Scores", exact=True).tap()
    wait_for(lambda: address(page) == "?game=rise-and-fall&screen=scores")
    page.go_back()
    wait_for(lambda: address(page) == "?game=rise-and-fall&screen=world"
             and page.locator(".rf-nav-tabs .mod-active").inner_text() == "World")
    page.locator("button.rf-home").tap()  # the shelf by its own button, then Back to the game's screen
    page.wait_for_selector("#rendered_cells .rf-shelf-tile svg")
    wait_for(lambda: address(page) == "")
    page.go_back()
    wait_for(lambda: page.locator(".rf-nav-tabs").is_visible()
             and page.locator(".rf-nav-tabs .mod-active").inner_text() == "World")
    page.reload()  # a reload after Back opens where Back went
    world_drawn(page)
    assert page.locator(".rf-nav-tabs .mod-active").inner_text() == "World"
    screenshot(page, "back-then-reload")
    ctx.close()
