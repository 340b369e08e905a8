"""One table for every game, in a real browser, over every registered game (as the fast test over every game):
on a 1024×768 tablet in light and a 390×844 phone in dark (one row each, one server for both) —

- the shelf shows every game and History without scrolling (the tablet);
- New game with a game in progress asks first, and the game left reopens from the list of games;
- a refused tap's sentence is within the screen and within 150 px of the control tapped;
- no page is wider than its screen.

A new game is tried by being registered: it is set up at random (its ``random_play``), its New game is the
button of class ``rf-new-game`` on one of its screens, its question's Yes is ``rf-leave-yes``, its list's buttons
are ``rf-games-open-<id>``. Only its refused tap is its own: a line in ``REFUSED`` (a game without one fails).
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

from companion import games
from companion.gamelog import GameStore
from companion.rise.view import centre
from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.rise_and_fall.world.worldgen import generate
from companion.ui.app import App

from .harness import board_meta, listen, open_shelf, screenshot, settle, space_to_css, wait_for

ROWS = {"tablet-light": ({"width": 1024, "height": 768}, False), "upright-dark": ({"width": 768, "height": 1024}, True),
        "phone-dark": ({"width": 390, "height": 844}, True)}
NEAR = 150  # px: a refusal is said next to the control tapped

#: the box of the error said last on the screen shown, and the screen's size
SAID = """() => { const m = [...document.querySelectorAll('.rf-app .rf-msg-error')].filter(e => e.offsetParent);
    if (!m.length) return null; const r = m[m.length - 1].getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom, window.innerWidth, window.innerHeight, m[m.length - 1].textContent]; }"""

WIDER = """() => [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]"""


def kind_of(g: games.Game) -> str:
    """The log a game is played in (not the one that prepares it)."""
    return g.seat_kind if g.seat_kind in g.kinds else next(k for k in g.kinds if k not in g.prepares)


def random_game(data, g: games.Game, seed: int) -> str:
    """A game of ``g`` in progress, played at random: its setup and a few actions, not finished."""
    store, kind = GameStore(data), kind_of(g)
    rng = random.Random(seed)
    reducer = g.reducer(kind)
    state = reducer.initial()
    first = g.random_action(kind, state, rng)
    session = store.start(g.kind(kind), f"{g.title}: a game at random {seed}", reducer, first)
    for _ in range(40):
        if len(session.applied) >= 4:
            break
        a = g.random_action(kind, session.state, rng)
        if a is None:
            break
        after = reducer.apply(session.state, a)
        if g.is_finished(kind, after):
            continue
        session.do(a)
    assert len(session.applied) > 1, f"{g.title}: no play in the random game"
    session.log.close()
    return session.log.path.stem


def rise_and_fall_game(data, layouts, seed: int) -> str:
    """Rise & Fall's game in progress: a World, the game set up on it, its first pieces placed."""
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")
    app.world.new_world({"type": "load", "layout": generate(3, seed, name=f"World {seed}").to_dict()})
    app.setup.start_btn.click()
    if app.setup.leave.widget.children:  # a game of an earlier row: left
        app.setup.leave.widget.children[1].children[0].click()
    terrain = app.world.build.world.terrain_map()
    used: set = set()
    while app.hub.game.phase == "placement":  # every first piece placed: the game is at its first turn
        piece = app.setup.piece.value
        space = next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier" and s not in used)
        used.add(space)
        app.setup.tap_space(space)
    assert app.hub.session is not None and len(app.hub.session.applied) > 1
    return app.hub.id


PREPARE: dict[str, Callable] = {"rise-and-fall": lambda data, layouts, seed: rise_and_fall_game(data, layouts, seed)}


#: every control on screen and where it is, kept in the page right before the refused tap (``mark``) ...
MARK = """() => { window.__marked = [...document.querySelectorAll('.rf-app button, .rf-app input, .rf-app select')]
    .filter(e => e.offsetParent).map(e => { const r = e.getBoundingClientRect(); return [e, r.left + scrollX, r.top + scrollY]; }); }"""
#: ... and those that moved in the page since (a control made again, like a FreshButton, is a new one: not compared;
#: the page scrolled to bring an answer into sight moves every control alike and is not counted)
MOVED = """() => (window.__marked || []).filter(([e]) => e.isConnected && e.offsetParent)
    .map(([e, x, y]) => { const r = e.getBoundingClientRect(), dx = r.left + scrollX - x, dy = r.top + scrollY - y;
        return Math.abs(dx) > 1 || Math.abs(dy) > 1 ? `${(e.innerText || e.value || e.className).slice(0, 40)}: ${Math.round(dx)}, ${Math.round(dy)} px` : null; })
    .filter(Boolean)"""


def mark(page) -> None:
    """Right before the refused tap: where every control is (no scrolling after this, so none may move)."""
    page.evaluate(MARK)


# --- a refused tap, game by game: the control tapped ----------------------------------------------

def refuse_rise_and_fall(page, data):
    """A City tapped on a Sea while placing the first pieces (Setup)."""
    app = App(data_dir=data, game="rise-and-fall")
    seas = [s for s, t in app.world.build.world.terrain_map().items() if t == "sea"]
    go(page, "Setup")
    page.locator(".rf-first-piece button", has_text="City").first.tap()
    page.locator("canvas.rf-board").evaluate("c => c.scrollIntoView({block: 'center'})")
    settle(page)
    box = page.evaluate("() => { const r = document.querySelector('canvas.rf-board').getBoundingClientRect();"
                        " return [r.left, Math.max(r.top, 0), r.right, Math.min(r.bottom, window.innerHeight)]; }")

    def room(s):
        x, y = space_to_css(page, s)
        return min(x - box[0], box[2] - x, y - box[1], box[3] - y)

    sea = max(seas, key=room)
    if board_meta(page).get("zoom_first"):  # Spaces smaller than a finger: the first tap zooms
        before = board_meta(page)["k"]
        page.touchscreen.tap(*space_to_css(page, sea))
        wait_for(lambda: board_meta(page)["k"] > before)
        settle(page)
        sea = max(seas, key=room)
    mark(page)
    page.touchscreen.tap(*space_to_css(page, sea))
    return page.locator("canvas.rf-board")


def refuse_rise(page, data):
    """A Land Tile placed away from Red's Workers on a fresh board."""
    page.locator("canvas.rf-board").evaluate("c => c.scrollIntoView({block: 'center'})")
    settle(page)

    def at() -> tuple[float, float]:
        meta = board_meta(page)
        r = page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                          " return [r.left, r.top, r.width / c.width, r.height / c.height]; }")
        sx, sy = centre((5, 0))
        return r[0] + (sx * meta["k"] + meta["tx"]) * r[2], r[1] + (sy * meta["k"] + meta["ty"]) * r[3]

    if board_meta(page).get("zoom_first"):  # tiles smaller than a finger: the first tap zooms
        before = board_meta(page)["k"]
        page.touchscreen.tap(*at())
        wait_for(lambda: board_meta(page)["k"] > before)
        settle(page)
    mark(page)
    page.touchscreen.tap(*at())
    return page.locator("canvas.rf-board")


def refuse_mountain_king(page, data):
    """A Vote tile that is not three numbers."""
    go(page, "Clan board")
    page.locator(".mk-tile-moss input").fill("nine")
    page.locator("button.mk-tiles").evaluate("b => b.scrollIntoView({block: 'center'})")
    mark(page)
    page.locator("button.mk-tiles").tap()
    return page.locator("button.mk-tiles")


def refuse_rome1989(page, data):
    """A combat rolled with no firing unit picked."""
    go(page, "Combat")
    page.locator("button.rf89-combat-roll").evaluate("b => b.scrollIntoView({block: 'center'})")
    mark(page)
    page.locator("button.rf89-combat-roll").tap()
    return page.locator("button.rf89-combat-roll")


REFUSED = {"rise-and-fall": refuse_rise_and_fall, "rise": refuse_rise, "mountain-king": refuse_mountain_king,
           "rise-and-fall-1989": refuse_rome1989}


# --- the page --------------------------------------------------------------------------------------

def go(page, screen: str) -> None:
    tab = page.locator(".rf-nav-tabs").get_by_role("button", name=screen, exact=True).first
    if tab.count() and tab.is_visible():
        tab.tap()
        settle(page)


def screens(page) -> list[str]:
    tabs = page.locator(".rf-nav-tabs button")
    return [t.inner_text().strip() for t in tabs.all()] if tabs.first.is_visible() else []


def find(page, selector: str) -> bool:
    """Bring the screen that shows ``selector`` to the front (a folded panel holding games is unfolded)."""
    for screen in [None, *screens(page)]:
        if screen:
            go(page, screen)
        if page.locator(selector).first.is_visible():
            return True
        for header in page.locator(".jupyter-widget-Collapse-header", has_text="games").all():
            if header.is_visible():
                header.tap()
                settle(page)
                if page.locator(selector).first.is_visible():
                    return True
    return False


def not_wider(page, where: str) -> None:
    doc, body, width = page.evaluate(WIDER)
    assert max(doc, body) <= width + 1, f"{where}: the page is {max(doc, body)} px wide on a screen of {width}"


def newest(data, g: games.Game) -> str:
    return GameStore(data).games(g.kind(kind_of(g)))[0].id


@pytest.fixture(scope="module")
def table(server, browser):
    url, data, layouts = server
    yield url, data, layouts


@pytest.mark.parametrize("row", list(ROWS))
def test_every_game_at_the_table(table, browser, row):
    url, data, layouts = table
    size, dark = ROWS[row]
    ctx = browser.new_context(viewport=size, device_scale_factor=1, has_touch=True, is_mobile=size["width"] < 600)
    ctx.set_default_navigation_timeout(90_000)
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    listen(page)
    try:
        open_shelf(page, url)
        if dark:  # this device's own look, kept for every page it opens
            page.locator("button.rf-dark-toggle").tap()
            wait_for(lambda: "rf-dark" in (page.locator(".rf-app").first.get_attribute("class") or ""))
        settle(page)
        not_wider(page, f"{row}: the shelf")
        if size["width"] >= 1000:
            bottoms = page.evaluate("() => [...document.querySelectorAll('.rf-app .rf-shelf-tile, .rf-app .rf-shelf-history')]"
                                    ".map(e => e.getBoundingClientRect().bottom)")
            assert len(bottoms) == len(games.games()) + 1 and max(bottoms) <= size["height"], \
                f"{row}: a game or History is below the fold ({max(bottoms):.0f} px of {size['height']})"
        for k, g in enumerate(games.games()):
            seed = 10 * list(ROWS).index(row) + k + 1
            old = PREPARE.get(g.id, lambda d, lay, s: random_game(d, g, s))(data, layouts, seed)
            page.goto(url + f"?game={g.id}")
            page.wait_for_selector(".rf-app .rf-screen, .rf-app .rf-main, .rf-app .mk-screen, .rf-app .rf89")
            settle(page)
            if dark:
                wait_for(lambda: "rf-dark" in (page.locator(".rf-app").first.get_attribute("class") or ""))
            not_wider(page, f"{row}: {g.title}")
            # New game with a game in progress: asked first
            assert find(page, "button.rf-new-game"), f"{g.title}: no New game button (class rf-new-game)"
            page.locator("button.rf-new-game").first.tap()
            yes = page.locator("button.rf-leave-yes").first
            yes.wait_for(state="visible")
            assert newest(data, g) == old, f"{g.title}: New game started a game before asking"
            question = page.locator(".rf-confirm:has(button.rf-leave-yes)").first.inner_text()
            assert "game" in question and ("progress" in question or "played" in question), question
            yes.tap()
            wait_for(lambda: newest(data, g) != old, timeout=30)
            settle(page)
            not_wider(page, f"{row}: {g.title}'s new game")
            # a refused tap: said where the finger is
            refuse = REFUSED.get(g.id)
            assert refuse is not None, f"{g.title}: add its refused tap to REFUSED"
            control = refuse(page, data)
            said = wait_for(lambda: page.evaluate(SAID), timeout=30)
            settle(page)
            left, top, right, bottom, width, height, text = page.evaluate(SAID)
            c = control.bounding_box()
            gap_x = max(c["x"] - right, left - (c["x"] + c["width"]), 0)
            gap_y = max(c["y"] - bottom, top - (c["y"] + c["height"]), 0)
            screenshot(page, f"every-game-{row}-{g.id}-refused", scale="css")
            assert -1 <= top and bottom <= height + 1, f"{row}: {g.title}'s refusal {text!r} is out of sight ({top:.0f}–{bottom:.0f})"
            moved = page.evaluate(MOVED)
            assert not moved, f"{row}: {g.title}'s refusal moved controls under the finger: {moved[:6]}"
            assert (gap_x ** 2 + gap_y ** 2) ** 0.5 <= NEAR, \
                f"{row}: {g.title}'s refusal {text!r} is {gap_x:.0f}, {gap_y:.0f} px away from the control tapped"
            not_wider(page, f"{row}: {g.title}'s refusal")
            # the game left, a tap away in the list
            assert find(page, f"button.rf-games-open-{old}"), f"{g.title}: the game left is not in the list of games"
            page.locator(f"button.rf-games-open-{old}").first.tap()
            page.locator(f"button.rf-games-open-{old}:disabled").first.wait_for(state="attached")
            assert said is not None
            not_wider(page, f"{row}: {g.title}'s list")
    except AssertionError:
        screenshot(page, f"every-game-{row}-failed", scale="css")
        raise
    finally:
        ctx.close()
