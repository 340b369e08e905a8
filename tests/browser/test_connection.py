"""A lost connection in a real browser: the server stopped and restarted under an open page,
and the network dropped and came back. The page says so at once and blocks every tap, then
comes back by itself (the same kernel) or reloads (a restarted server has a new kernel)."""

from .harness import free_port, open_app, screenshot, served, tablet

STATE = "() => document.documentElement.dataset.connection"


def state_is(name: str) -> str:
    return f"() => document.documentElement.dataset.connection === '{name}'"


def test_the_server_stopped_and_restarted_under_an_open_page(browser, tmp_path):
    port = free_port()
    ctx = tablet(browser)
    page = ctx.new_page()
    with served(tmp_path, port=port) as (url, data, _):
        open_app(page, url)
        page.wait_for_function(state_is("open"), timeout=30_000)
        page.get_by_role("button", name="Game", exact=True).tap()
        page.wait_for_selector("text=No game yet", timeout=30_000)
    # the server is stopped: the page says so at once, and taps go nowhere
    page.wait_for_function(state_is("lost"), timeout=5_000)
    banner = page.locator("#rf-connection")
    assert "connection to the companion is lost" in banner.inner_text()
    screenshot(page, "connection-lost")
    page.mouse.click(60, 60)  # where the World tab is: the banner covers it
    assert page.evaluate(STATE) == "lost"
    with served(tmp_path, port=port):
        # the restarted server has no kernel for this page: it reloads by itself, onto a new kernel,
        # at the page's own address: the Game screen it was on
        page.wait_for_function(state_is("open"), timeout=60_000)
        assert page.locator("#rf-connection").count() == 0
        page.wait_for_selector("text=No game yet", timeout=30_000)
        screenshot(page, "connection-back-after-restart")
    ctx.close()


def test_the_network_dropped_and_came_back(server, browser):
    url, _, _ = server
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    page.wait_for_function(state_is("open"), timeout=30_000)
    ctx.set_offline(True)
    page.wait_for_function(state_is("lost"), timeout=5_000)
    assert "network is down" in page.locator("#rf-connection").inner_text()
    page.get_by_role("button", name="Game", exact=True).tap(force=True)  # blocked: the World stays
    ctx.set_offline(False)
    page.wait_for_function(state_is("open"), timeout=60_000)
    assert page.locator("text=No game yet").count() == 0  # the tap made while offline did nothing
    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector("text=No game yet", timeout=30_000)
    ctx.close()
