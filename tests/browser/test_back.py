"""The browser's Back and Forward in a real browser: each change of screen is an entry of the
browser's history, so Back returns to the previous screen (never out of the companion to the page
before it) and Forward goes again; a reload after Back opens where Back went."""

from .harness import open_app, screenshot, tablet, wait_for


def address(page) -> str:
    return page.evaluate("() => window.location.search")


def active(page) -> str:
    return page.locator(".rf-nav-tabs .mod-active").inner_text().strip()


def test_back_returns_to_the_previous_screen_and_forward_goes_again(server, browser):
    url, _, _ = server
    ctx = tablet(browser)
    page = ctx.new_page()
    page.goto("about:blank")
    open_app(page, url)  # the World
    start = page.evaluate("() => history.length")
    for screen in ("Setup", "Game"):
        page.get_by_role("button", name=screen, exact=True).first.tap()
        wait_for(lambda s=screen: address(page) == f"?game=rise-and-fall&screen={s.lower()}")
    assert page.evaluate("() => history.length") == start + 2  # one entry per change of screen
    page.go_back()
    wait_for(lambda: active(page) == "Setup")
    assert address(page) == "?game=rise-and-fall&screen=setup"
    page.wait_for_selector("button.rf-start-game", state="visible")
    screenshot(page, "back-to-setup")
    page.go_back()
    wait_for(lambda: active(page) == "World")
    assert address(page) == "?game=rise-and-fall&screen=world"
    page.go_forward()
    wait_for(lambda: active(page) == "Setup")
    page.wait_for_timeout(1500)  # the address stays where Forward went: nothing pushed meanwhile
    assert address(page) == "?game=rise-and-fall&screen=setup"
    assert page.evaluate("() => history.length") == start + 2
    page.locator("button.rf-home").tap()  # the shelf, then Back to the game's screen
    page.wait_for_selector("#rendered_cells .rf-shelf-tile svg")
    wait_for(lambda: address(page) == "")
    page.go_back()
    wait_for(lambda: page.locator(".rf-nav-tabs").is_visible() and active(page) == "Setup")
    page.reload()
    page.wait_for_selector("button.rf-start-game", state="visible")
    assert active(page) == "Setup"
    ctx.close()
