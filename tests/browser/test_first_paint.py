"""The first paint in a real browser: the shelf is on screen before the page's kernel answers,
a tap on it is kept and made on the live shelf, nothing moves when the live shelf takes over,
the look (Dark) is the table's, and a deep address (a screen, a seat) never shows the shelf.

Voilà's page script is held back (routed and released by the test), so the page stays on its
first paint for as long as the test needs, whatever the machine's speed."""

from __future__ import annotations

from companion.ui.shelf_look import LOOKING

from .harness import FIRST_PAINT, LIVE_SHELF, open_shelf, phone, screenshot, tablet, wait_for, world_drawn

PAGE_SCRIPT = "**/voila/static/voila.js"


def a_world_begun(data) -> None:
    """A World with a Sea tile on it: one to continue (an untouched World is not)."""
    from companion.gamelog import GameStore
    from companion.rise_and_fall import WORLD_LOG
    from companion.rise_and_fall.world.builder import BuildRules, world_setup_action

    s = GameStore(data).start(WORLD_LOG, "World", BuildRules(), world_setup_action(3))
    sea = s.state.legal("sea")[0]
    s.do({"type": "place", "tile": "sea", "q": sea.q, "r": sea.r, "rotation": sea.rotation})
    s.log.close()


def held(page) -> list:
    """Hold the page's script (the widget library) until :func:`release`."""
    routes: list = []
    page.route(PAGE_SCRIPT, lambda route: routes.append(route))
    return routes


def release(page, routes: list) -> None:
    # the page asks for its script once its kernel ran the notebook (Playwright's own wait lets
    # the route be heard; a sleep would not)
    for _ in range(900):
        if routes:
            break
        page.wait_for_timeout(100)
    assert routes, "the page never asked for its script"
    for r in routes:
        r.continue_()
    page.unroute(PAGE_SCRIPT)


def address(page) -> str:
    return page.evaluate("() => window.location.search")


def box(page, css: str) -> tuple[float, ...]:
    b = page.locator(css).bounding_box()
    return (round(b["x"]), round(b["y"]), round(b["width"]), round(b["height"]))


def test_a_tap_on_the_first_paint_opens_the_game(server, browser):
    url, _, _ = server
    ctx = tablet(browser)
    page = ctx.new_page()
    routes = held(page)
    page.goto(url, wait_until="commit")
    page.wait_for_selector(FIRST_PAINT + " .rf-shelf-tile svg", state="visible")
    assert page.locator(FIRST_PAINT + " .rf-shelf-continue").inner_text().strip() == LOOKING
    assert page.locator("#rendered_cells .rf-app").count() == 0  # nothing of the kernel yet
    screenshot(page, "first-paint")
    page.locator(FIRST_PAINT + " button.rf-shelf-rise-and-fall").tap()
    assert "rf-fp-pressed" in page.locator(FIRST_PAINT + " button.rf-shelf-rise-and-fall").get_attribute("class")
    release(page, routes)
    world_drawn(page)  # the tap was made again on the live shelf
    wait_for(lambda: address(page) == "?game=rise-and-fall&screen=world", timeout=30)
    assert page.locator(FIRST_PAINT).count() == 0
    ctx.close()


def test_the_live_shelf_takes_its_place_without_moving_and_in_the_tables_look(server, browser):
    url, data, _ = server
    a_world_begun(data)  # so that the live shelf has a Continue to show
    for make in (tablet, phone):
        ctx = make(browser)
        page = ctx.new_page()
        routes = held(page)
        page.goto(url, wait_until="commit")
        page.wait_for_selector(FIRST_PAINT + " .rf-shelf-tile svg", state="visible")
        shown = ("button.rf-shelf-rise-and-fall", "button.rf-dark-toggle", ".rf-shelf-continue")
        before = [box(page, f"{FIRST_PAINT} {css}") for css in shown]
        release(page, routes)
        page.wait_for_selector(LIVE_SHELF)
        page.wait_for_selector(FIRST_PAINT, state="detached")
        page.wait_for_selector("#rendered_cells button.rf-continue")  # the World begun above is unfinished
        after = [box(page, f"#rendered_cells {css}") for css in shown]
        if make is tablet:
            assert before == after, (before, after)
        else:  # on a phone the Continue button's words may take two lines: only what is below it moves down
            assert before[1] == after[1] and before[0][::2] == after[0][::2], (before, after)
            assert after[0][1] - before[0][1] == after[2][3] - before[2][3], (before, after)
        ctx.close()

    # Dark on the live page: the next first paint is dark from its first frame
    ctx = tablet(browser)
    page = ctx.new_page()
    open_shelf(page, url)
    page.locator("button.rf-dark-toggle").tap()
    wait_for(lambda: "rf-dark" in page.locator("#rendered_cells .rf-app").first.get_attribute("class"))
    routes = held(page)
    page.reload(wait_until="commit")
    page.wait_for_selector(FIRST_PAINT + " .rf-shelf-tile svg", state="visible")
    assert "rf-dark" in page.locator(FIRST_PAINT).get_attribute("class")
    assert page.locator(FIRST_PAINT + " button.rf-dark-toggle").inner_text() == "Light"
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(21, 25, 29)", background  # no light page around the dark shelf
    screenshot(page, "first-paint-dark")
    release(page, routes)
    page.wait_for_selector(LIVE_SHELF)
    page.locator("#rendered_cells button.rf-dark-toggle").tap()  # the table's look back to light
    wait_for(lambda: "rf-dark" not in page.locator("#rendered_cells .rf-app").first.get_attribute("class"))
    ctx.close()


def test_a_deep_address_never_shows_the_shelf(server, browser):
    url, _, _ = server
    for where, make in (("?game=rise-and-fall&screen=world", tablet), ("?game=rise-and-fall&seat=not-a-seat", phone)):
        ctx = make(browser)
        page = ctx.new_page()
        routes = held(page)
        page.goto(url + where, wait_until="commit")
        page.wait_for_selector("#rendered_cells", state="attached")  # the page's opening has been read
        assert page.locator(FIRST_PAINT).count() == 0, where
        assert page.locator(".rf-shelf-tile").count() == 0, where
        release(page, routes)
        if "screen=world" in where:
            world_drawn(page)
        assert page.locator(".rf-shelf-tile").count() == 0, where
        ctx.close()


def test_a_deep_address_waits_for_its_kernel_in_the_remembered_dark_look(server, browser):
    """A reload of a screen's or a seat's address in a dark room: the page waiting for its kernel
    ("Running…") is dark from its first frame, as this browser last saw the table."""
    url, _, _ = server
    for where, make in (("?game=rise-and-fall&screen=setup", tablet), ("?game=rise-and-fall&seat=not-a-seat", phone)):
        ctx = make(browser)
        ctx.add_init_script("window.localStorage.setItem('rf-look', JSON.stringify({dark: true, large: false}))")
        page = ctx.new_page()
        routes = held(page)
        page.goto(url + where, wait_until="commit")
        page.wait_for_selector("#loading", state="attached")
        assert page.locator("#rendered_cells .rf-app").count() == 0  # the kernel has not answered
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(21, 25, 29)", (where, background)
        ink = page.evaluate("() => getComputedStyle(document.getElementById('loading')).color")
        assert ink == "rgb(232, 232, 232)", (where, ink)
        screenshot(page, f"deep-address-waiting-dark-{make.__name__}")
        release(page, routes)
        page.wait_for_selector("#rendered_cells .rf-app")
        ctx.close()


def test_on_a_preheated_kernel_the_first_paint_is_tapped_and_a_deep_address_opens_its_screen(browser, tmp_path):
    """`make table` serves with a kernel started before the page asks (Voilà's preheat): the
    notebook has already run when the page comes, with no address. The first paint still shows
    (on a phone in the dark too), its tap is made on the live shelf, and a deep address opens its
    own screen, never the shelf the preheated kernel drew first."""
    import json

    from .harness import pool_ready, served

    table = tmp_path / "table"
    table.mkdir()
    (table / "settings.json").write_text(json.dumps({"dark": True}))  # the table plays in the dark
    with served(tmp_path, preheat=True, data_from=table) as (url, _, _):
        pool_ready(url, tmp_path / "voila.log")  # the pool's kernel has run the notebook before the first page comes
        ctx = phone(browser)
        page = ctx.new_page()
        routes = held(page)
        page.goto(url, wait_until="commit")
        page.wait_for_selector(FIRST_PAINT + " .rf-shelf-tile svg", state="visible")
        assert "rf-dark" in page.locator(FIRST_PAINT).get_attribute("class")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, width  # nothing wider than the phone
        screenshot(page, "first-paint-phone-dark-preheated")
        page.locator(FIRST_PAINT + " button.rf-shelf-rise-and-fall").tap()
        release(page, routes)
        world_drawn(page)
        wait_for(lambda: address(page) == "?game=rise-and-fall&screen=world", timeout=30)
        assert "rf-dark" in page.locator("#rendered_cells .rf-app").first.get_attribute("class")
        ctx.close()

        pool_ready(url, tmp_path / "voila.log")  # the pool's next kernel, the notebook run
        ctx = tablet(browser)
        page = ctx.new_page()
        routes = held(page)
        page.goto(url + "?game=rise-and-fall&screen=setup", wait_until="commit")
        page.wait_for_selector("#rendered_cells", state="attached")
        assert page.locator(FIRST_PAINT).count() == 0
        release(page, routes)
        page.wait_for_selector(".rf-nav-tabs .mod-active", timeout=60_000)
        assert page.locator(".rf-nav-tabs .mod-active").inner_text().strip() == "Setup"
        assert page.locator(".rf-shelf-tile").count() == 0
        assert address(page) == "?game=rise-and-fall&screen=setup"
        ctx.close()


READY = "#rf-getting-ready"


def test_a_page_waiting_for_its_kernel_says_it_is_getting_ready(server, browser):
    """The pool is empty (the tests' server keeps none): the shelf's first paint, and a seat's phone
    waiting for its kernel, each say the page is getting ready; the line goes once the page is live,
    and a finger on the first paint under it still reaches the button. Nothing is asked of another
    server (Voilà's lab template asks a CDN for Font Awesome; the companion's does not)."""
    url, _, _ = server
    for where, make, live in (("", tablet, LIVE_SHELF), ("?game=rise-and-fall&seat=not-a-seat", phone, "#rendered_cells .rf-app")):
        ctx = make(browser)
        page = ctx.new_page()
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        routes = held(page)
        page.goto(url + where, wait_until="commit")
        page.wait_for_selector(READY, state="visible")
        assert "Getting ready" in page.locator(READY).inner_text()
        assert page.evaluate(f"() => getComputedStyle(document.querySelector('{READY}')).pointerEvents") == "none"
        if not where:
            assert page.locator(FIRST_PAINT + " .rf-shelf-tile svg").first.is_visible()
        release(page, routes)
        page.wait_for_selector(live)
        page.wait_for_selector(READY, state="hidden")
        # offline at the table: no icon font (nor anything else) asked of a CDN
        assert asked and all(a.startswith(url) or a.startswith("data:") for a in asked), [a for a in asked if not a.startswith(url)]
        ctx.close()


def test_the_page_asks_for_every_script_it_runs_at_once_and_for_each_only_once(server, browser):
    """The page asks for every script it will run before the kernel has made the page (once its first paint
    is drawn: asked in the head, they held the first paint back): while the
    page's own script (voila.js) is held back, the extensions' entries and the file of all the chunks
    (``page_scripts``) are asked for already. Once live, the page has asked for no script by itself: each
    chunk listed in ``page_scripts.txt`` came in that one file, and each preload was run (Chromium warns of
    one that was not). A chunk missing from the list is named: ``make page-scripts`` writes it again."""
    from companion.ui.page_scripts import MAIN, ROUTE, paths, run_by_the_page

    from .harness import scripts_loaded

    url, _, _ = server
    listed = paths()
    assert len(listed) > 50 and listed[0] == MAIN
    by_the_page = {p for p in listed if run_by_the_page(p)}
    assert len(by_the_page) == 4  # voila.js and the entries of the widgets, their manager and the board's canvas
    ctx = tablet(browser)
    page = ctx.new_page()
    asked: list[str] = []
    warned: list[str] = []
    page.on("request", lambda r: asked.append(r.url[len(url):]))
    page.on("console", lambda m: warned.append(m.text) if "preload" in m.text else None)
    routes = held(page)
    page.goto(url, wait_until="commit")
    page.wait_for_selector(FIRST_PAINT)
    wait_for(lambda: by_the_page - {MAIN} <= set(asked) and any(a.startswith(ROUTE + "?v=") for a in asked), timeout=30, page=page)
    assert not page.locator(LIVE_SHELF).count()  # nothing of it has run: the page is still its first paint
    release(page, routes)
    page.wait_for_selector(LIVE_SHELF)
    # Chromium names a preload not used 3 s after the window's load event (its own clock): wait until
    # the page's clock is past that check, with a second for the console message to reach the test
    page.wait_for_function("() => { const n = performance.getEntriesByType('navigation')[0];"
                           " return n && n.loadEventEnd > 0 && performance.now() > n.loadEventEnd + 4000; }",
                           timeout=60_000, polling=200)
    assert not scripts_loaded(page, url, "script"), ("asked by the page itself (make page-scripts):", scripts_loaded(page, url, "script"))
    preloaded = set(scripts_loaded(page, url, "link"))
    assert {p.split("?")[0] for p in preloaded} == by_the_page | {ROUTE}
    assert not warned, ("preloaded but not run:", warned)
    twice = [p for p in set(asked) if asked.count(p) > 1 and p.split("?")[0].endswith(".js")]
    assert not twice, twice
    assert not set(asked) & (set(listed) - by_the_page)  # no chunk on its own
    ctx.close()
