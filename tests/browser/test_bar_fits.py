"""The shared top bar (⌂ Games, the game's screens, Dark, A+) on the upright tablet: for every game on
the shelf its buttons are on one row, or wrap as a group (never one button alone on a row), and each
is still a finger's size; at the usual text size and with A+."""

from companion import games
from companion.rulebook import has_index

from .harness import listen, open_shelf, screenshot, settle, tablet, wait_for

BUTTONS = "() => Array.from(document.querySelectorAll('.rf-nav button')).filter(b => b.getClientRects().length)" \
          ".map(b => { const r = b.getBoundingClientRect(); return [b.innerText.trim() || b.className, Math.round(r.top), r.width, r.height]; })"


TITLE = "() => { const r = document.querySelector('.rf-game-title').getBoundingClientRect(); return [Math.round(r.top), r.width, r.height]; }"


def test_the_bar_fits_the_upright_tablet_for_every_game(server, browser):
    url, _data, _layouts = server
    ctx = tablet(browser, portrait=True)
    page = ctx.new_page()
    listen(page)
    open_shelf(page, url)
    bars = {}
    for large, game in [(large, game) for large in (False, True) for game in games.games()]:
        if not page.locator(f"button.rf-shelf-{game.id}").first.is_visible():
            page.locator("button.rf-home").first.tap()
            page.wait_for_selector(f"button.rf-shelf-{game.id}", state="visible")
        settle(page, quiet_ms=100)
        page.locator(f"button.rf-shelf-{game.id}").first.tap()
        try:
            wait_for(lambda g=game: page.locator(".rf-game-title").first.inner_text().strip() == g.title, timeout=60)
        except AssertionError as e:  # what the page showed instead, for the cause (seen once in a quiet run)
            screenshot(page, f"bar-portrait-{game.id}-failed")
            titles = page.locator(".rf-game-title").all_inner_texts()
            shelf = page.locator(f"button.rf-shelf-{game.id}").count()
            said = page.locator(".rf-answer, .rf-msg").all_inner_texts()
            raise AssertionError(f"{game.title} tapped on the shelf ({'A+' if large else 'usual'}): the titles shown are "
                                 f"{titles!r}, {shelf} Play button(s) for it, the page said {said!r}") from e
        page.wait_for_selector(".rf-nav .rf-large-toggle", state="visible")
        # the whole bar drawn, not only its title: the page draws each of the kernel's changes in its own time,
        # and on a busy machine the screens' buttons came after a quiet of 100 ms (CI saw the title alone)
        page.wait_for_selector(".rf-nav button.rf-home", state="visible")
        if has_index(game.id):  # its screens and Rules: tabs on the bar
            page.wait_for_selector(".rf-nav .rf-nav-tabs button", state="visible")
        settle(page, quiet_ms=100)
        if large != ("rf-large" in (page.locator(".rf-app").first.get_attribute("class") or "").split()):
            page.locator("button.rf-large-toggle").tap()
            wait_for(lambda: ("rf-large" in (page.locator(".rf-app").first.get_attribute("class") or "").split()) == large)
            settle(page, quiet_ms=100)
        look = "large" if large else "usual"
        bars[f"{game.id} ({look})"] = page.evaluate(BUTTONS) + [["(title)", *page.evaluate(TITLE)]]
        screenshot(page, f"bar-portrait-{game.id}-{look}")
    ctx.close()
    for gid, items in bars.items():
        rows: list[list[tuple[str, float]]] = []  # by the middle of each, top to bottom
        for name, top, w, h in sorted(items, key=lambda it: it[1] + it[3] / 2):
            if name != "(title)":
                assert w >= 44 and h >= 44, f"{gid}: {name!r} is {w:.0f}×{h:.0f} px"
            middle = top + h / 2
            if rows and abs(rows[-1][0][1] - middle) < 20:
                rows[-1].append((name, middle))
            else:
                rows.append([(name, middle)])
        names = [[n for n, _ in row] for row in rows]
        assert all(len(row) > 1 for row in names), f"{gid}: a button alone on a row: {names}"
        assert len(names) <= 2, f"{gid}: ⌂ Games and the title, then the screens, Dark and A+ on one row: {names}"
