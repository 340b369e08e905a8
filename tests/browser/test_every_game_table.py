"""One table for every game, in a real browser, over every registered game (as the fast test over every game):
on a 1024×768 tablet in light, a 768×1024 tablet in dark and a 390×844 phone in dark (one row each, one server
for all) —

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
import re
from typing import Callable

import pytest

from companion import games
from companion.gamelog import GameStore
from companion.rise.view import centre
from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.rise_and_fall.world.worldgen import generate
from companion.ui.app import App

from .harness import board_meta, listen, open_shelf, screenshot, settle, space_to_css, to_game, wait_for
from .test_controls_stay import Flow

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
    """A battle started with no unit picked."""
    go(page, "Combat")
    page.locator("button.rf89-battle-start").evaluate("b => b.scrollIntoView({block: 'center'})")
    mark(page)
    page.locator("button.rf89-battle-start").tap()
    return page.locator("button.rf89-battle-start")


REFUSED = {"rise-and-fall": refuse_rise_and_fall, "rise": refuse_rise, "mountain-king": refuse_mountain_king,
           "rise-and-fall-1989": refuse_rome1989}


# --- the page --------------------------------------------------------------------------------------

def go(page, screen: str) -> None:
    # by its words (a phone's bar draws a shorter name over them, which a button's role name would take in)
    tab = page.locator(".rf-nav-tabs button").filter(has_text=re.compile(rf"^\s*{re.escape(screen)}\s*$")).first
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
    """Each row's device, as a table's tablet goes from game to game: every game's New game, refused tap and list of
    games (``at_the_table``), then each game's short flow of taps, no control moving between two of them (``STAYS``)."""
    url, data, layouts = table
    ctx, page = device(browser, url, row)  # in this device's own look, kept for every page it opens
    try:
        at_the_table(page, url, data, layouts, row)
        moved = controls_kept(page, url, data, row)
    except AssertionError:
        screenshot(page, f"every-game-{row}-failed")
        raise  # the page left open for the failure's report (what it showed); closed after the test
    ctx.close()
    assert not moved, "\n".join(moved)


def at_the_table(page, url: str, data, layouts, row: str) -> None:
    """The shelf, then every game: New game asks, a refused tap is said beside it, the game left is in the list."""
    size, dark = ROWS[row]
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
        to_game(page, url, g.id)  # from the shelf, as a table goes from game to game
        page.wait_for_selector(".rf-app .rf-screen, .rf-app .rf-main, .rf-app .mk-screen, .rf-app .rf89")
        settle(page)
        if dark:
            wait_for(lambda: "rf-dark" in (page.locator(".rf-app").first.get_attribute("class") or ""))
        not_wider(page, f"{row}: {g.title}")
        # New game with a game in progress: asked first
        assert find(page, "button.rf-new-game"), f"{g.title}: no New game button (class rf-new-game)"
        page.locator("button.rf-new-game").first.scroll_into_view_if_needed()
        settle(page)
        mark(page)
        page.locator("button.rf-new-game").first.tap()
        yes = page.locator("button.rf-leave-yes").first
        yes.wait_for(state="visible")
        settle(page)
        assert newest(data, g) == old, f"{g.title}: New game started a game before asking"
        question = page.locator(".rf-confirm:has(button.rf-leave-yes)").first.inner_text()
        assert "game" in question and ("progress" in question or "played" in question), question
        # the question is laid over the page beside New game, all of it on the screen: nothing below it moves
        moved = page.evaluate(MOVED)
        assert not moved, f"{row}: {g.title}'s question moved controls under the finger: {moved[:6]}"
        q = page.locator(".rf-confirm:has(button.rf-leave-yes)").first.bounding_box()
        assert q and q["y"] >= 0 and q["y"] + q["height"] <= size["height"] + 1 and q["x"] + q["width"] <= size["width"] + 1, \
            f"{row}: {g.title}'s question is not all on the screen: {q}"
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
        screenshot(page, f"every-game-{row}-{g.id}-refused")
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


# --- no control moves between two taps of a flow, game by game ------------------------------------

#: every control on the screen, as test_controls_stay's ``CONTROLS`` measures them, each named by what stays the
#: same while the player taps: its own classes and those of the widget around it (a game's ``rf-``, ``mk-``,
#: ``rise-``, ``rf89-``), a field by its label (never by what is typed in it), a button by its first line
NAMED = """() => { const app = document.querySelector('.rf-app') || document.body; const a = app.getBoundingClientRect();
    const ours = (e) => [...(e.classList || [])].filter(c => /^(rf|mk|rise|rf89)-/.test(c) && !/^rf-(btn|fresh)$/.test(c));
    const seen = {}; const out = [];
    for (const e of document.querySelectorAll('button, input, select, summary, canvas.rf-board')) {
      if (!e.offsetParent || e.closest('.rf-nav') || e.closest('[style*="display: none"]')) continue;
      const r = e.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
      let box = e.parentElement; while (box && box !== app && !ours(box).length) box = box.parentElement;
      const field = e.closest('.widget-inline-hbox'); const label = field && field.querySelector('.widget-label');
      const stepper = e.closest('.rf-stepper'); const of = stepper ? (stepper.querySelector('.rf-stepper-label') || {}).innerText + ': ' : '';
      const words = of + (e.tagName === 'BUTTON' ? (e.innerText || '').trim().split('\\n')[0] : label ? label.innerText.trim() : e.type || '');
      let name = [e.tagName.toLowerCase(), ...ours(e)].join('.') + (box && box !== app ? ' in ' + ours(box).join('.') : '') + ' ' + words.slice(0, 40);
      seen[name] = (seen[name] || 0) + 1; if (seen[name] > 1) name += ' #' + seen[name];
      out.push([name, r.left - a.left, r.top - a.top, r.height]); }
    return out; }"""

#: the heights of the game's screen's parts, two levels down (said when a control moved: which part grew)
PARTS_ANY = """() => { const out = {}; const screen = [...document.querySelectorAll('.rf-app .rf-screen, .rf-app .mk-screen, .rf-app .rf89,'
      + ' .rf-app .rise-screen')].find(e => e.offsetParent); if (!screen) return out;
    const name = (e) => [...e.classList].filter(x => /^(rf|mk|rise|rf89)-/.test(x)).join('.');
    [...screen.children].forEach((c, i) => { out[i + ' ' + name(c)] = c.offsetHeight;
      [...c.children].forEach((d, j) => { out[i + '.' + j + ' ' + name(d)] = d.offsetHeight; }); });
    return out; }"""

def device(browser, url: str, row: str):
    """A page of ``row``'s device on the shelf, in that device's own look; its context and the page."""
    size, dark = ROWS[row]
    ctx = browser.new_context(viewport=size, device_scale_factor=1, has_touch=True, is_mobile=size["width"] < 600)
    ctx.set_default_navigation_timeout(90_000)
    ctx.set_default_timeout(60_000)
    page = ctx.new_page()
    listen(page)
    open_shelf(page, url)
    if dark:
        page.locator("button.rf-dark-toggle").tap()
        wait_for(lambda: "rf-dark" in (page.locator(".rf-app").first.get_attribute("class") or ""))
    return ctx, page


def open_log(page, url: str, game_id: str, gid: str, screen: str | None = None) -> None:
    """The game's page with the game ``gid`` opened from its list of games, then ``screen`` in front."""
    to_game(page, url, game_id)
    page.wait_for_selector(".rf-app .rf-screen, .rf-app .rf-main, .rf-app .mk-screen, .rf-app .rf89")
    settle(page)
    assert find(page, f"button.rf-games-open-{gid}"), f"{game_id}: the game {gid} is not in its list"
    opener = page.locator(f"button.rf-games-open-{gid}").first
    if not opener.is_disabled():
        opener.tap()
        page.locator(f"button.rf-games-open-{gid}:disabled").first.wait_for(state="attached")
    if screen:
        go(page, screen)
    page.evaluate("() => window.scrollTo(0, 0)")
    settle(page)


def written(data, gid: str) -> int:
    """How many entries the game's log holds (every action, undo and redo is one)."""
    log = GameStore(data).open(gid)
    try:
        return log.head()
    finally:
        log.close()


def said_error(page) -> str:
    return " ".join(e.inner_text() for e in page.locator(".rf-app .rf-msg-error").all() if e.is_visible())


def rise_game(data) -> str:
    """A Rise! game for two players at the table, Red's first Worker placed: Blue to play."""
    from companion.rise.game import RiseRules
    from companion.rise.taps import Taps

    s = GameStore(data).start("rise/game", "Rise!: two at the table", RiseRules(), {"type": "setup", "computer": None})
    s.do({**Taps().tap(s.state, (2, 0)).action, "player": s.state.player})
    s.log.close()
    return s.log.path.stem


def stays_rise(page, url, data, name: str) -> Flow:
    """Blue places two Land Tiles, Red a Worker after a refused one; Undo and Redo."""
    from .test_rise_flow import mode, tap

    def tap_tile(page, tile) -> None:  # on a phone the board is above the buttons: scrolled to first, as a player does
        page.locator("canvas.rf-board").evaluate("c => { const r = c.getBoundingClientRect();"
                                                 " if (r.top < 0 || r.bottom > innerHeight) c.scrollIntoView({block: 'center'}); }")
        tap(page, tile)

    gid = rise_game(data)
    open_log(page, url, "rise", gid)
    flow = Flow(page, name, NAMED, PARTS_ANY)
    flow.measure("opened")
    if page.viewport_size["width"] >= 1000:  # a tablet held sideways: every action's button above the fold
        bottoms = page.evaluate("() => [...document.querySelectorAll('button.rise-mode')].map(b => b.getBoundingClientRect().bottom)")
        assert len(bottoms) == 5 and max(bottoms) <= page.viewport_size["height"], f"{name}: an action below the fold: {bottoms}"
    mode(page, "tile")
    flow.measure("Place a Land Tile")
    for k, tile in enumerate(((8, 0), (9, 0))):
        n = written(data, gid)
        tap_tile(page, tile)
        wait_for(lambda n=n: written(data, gid) == n + 1, timeout=30)
        flow.measure(f"tile {k + 1} placed")
    mode(page, "play")
    flow.measure("Place, move or jump a Worker")
    tap_tile(page, (5, 0))  # no Red Worker beside it: refused
    wait_for(lambda: said_error(page), timeout=30)
    flow.measure("a refused Worker")
    n = written(data, gid)
    tap_tile(page, (3, 0))
    wait_for(lambda: written(data, gid) == n + 1, timeout=30)
    flow.measure("a Worker placed")
    for button_, said in (("button.rise-undo", "Undo"), ("button.rise-redo", "Redo")):
        n = written(data, gid)
        page.locator(button_).first.tap()
        wait_for(lambda n=n: written(data, gid) == n + 1, timeout=30)
        flow.measure(said)
    return flow


MK_PLAYERS = ["Blue", "Yellow", "Pink"]


def mountain_king_game(data, walk: bool = False) -> str:
    """A Fall of the Mountain King game of three on the table's board (or the placeholder), in Wave I; ``walk``: at
    Score the Wave, its walk at the first cavern."""
    from companion.mountain_king.board import side_for
    from companion.mountain_king.game import MountainKingRules
    from companion.mountain_king.screens import KIND, saved_or_placeholder

    store = GameStore(data)
    board = saved_or_placeholder(store.root, side_for(len(MK_PLAYERS)))
    s = store.start(KIND, "Fall of the Mountain King: Blue, Yellow, Pink", MountainKingRules(),
                    {"type": "setup", "players": MK_PLAYERS, "board": board.to_dict()})
    if walk:
        s.do({"type": "wave-over"})
        s.do({"type": "step-done", "step": "entrenchment"})
        while s.state.end == "invasions":
            s.do({"type": "step-done", "step": "invasion", "invasion": len(s.state.falls)})
        s.do({"type": "step-done", "step": "champions"})
        assert s.state.scoring
    s.log.close()
    return s.log.path.stem


def stays_mountain_king(page, url, data, name: str) -> Flow:
    """Honour: a player chosen, Honour tapped, another player; the End of the Wave step by step; the walk's
    answers over a Domain's end."""
    gid = mountain_king_game(data)
    open_log(page, url, "mountain-king", gid, "Honour")
    flow = Flow(page, name, NAMED, PARTS_ANY)
    flow.measure("Honour")
    for who in ("Blue", "Yellow"):
        page.locator(".mk-player .widget-toggle-button", has_text=who).first.tap()
        wait_for(lambda who=who: page.locator(".mk-player .mod-active", has_text=who).count(), timeout=30)
        flow.measure(f"{who} chosen")
        for source in ("gnomes", "wheel"):
            n = written(data, gid)
            page.locator(f"button.mk-honour-{source}").first.tap()
            wait_for(lambda n=n: written(data, gid) == n + 1, timeout=30)
            flow.measure(f"{who}: Honour from {source}")
    go(page, "Score the Wave")
    flow.measure("Score the Wave", another_screen=True)
    for css, said in (("button.mk-end-wave", "the Wave is over"), ("button.mk-entrenched", "Entrenchment done"),
                      ("button.mk-invasion-done-1", "invasion 1 done"), ("button.mk-invasion-done-2", "invasion 2 done"),
                      ("button.mk-invasion-done-3", "invasion 3 done"), ("button.mk-champions-done", "Champions done")):
        n = written(data, gid)
        page.locator(css).first.tap()
        wait_for(lambda n=n: written(data, gid) == n + 1, timeout=30)
        flow.measure(said)
    answered = ""
    for k, (css, who) in enumerate((("button.mk-fast", "Blue"), ("button.mk-fast", "Yellow"), ("button.mk-rest", ""),
                                    ("button.mk-fast", "Pink"), ("button.mk-fast", "Nobody"))):
        n = written(data, gid)
        # a button drawn for the cavern now asked (the one answered may still be drawn: a tap on it is refused)
        tapped = page.locator(f"{css}:not(.{answered})" if answered else css, has_text=who).first
        answered = next(c for c in (tapped.get_attribute("class") or "").split() if c.startswith("mk-for-"))
        tapped.tap()
        wait_for(lambda n=n: written(data, gid) == n + 1, timeout=30)
        flow.measure(f"walk {k + 1}: {who or 'the rest of the Domain'}")
    return flow


def rome1989_game(data) -> str:
    """A Rise and Fall (1989) game of two barbarian nations, none of their turns charted."""
    from companion.rome1989.game import ChartRules

    s = GameStore(data).start("rise-and-fall-1989/chart", "Tuesday's Rome", ChartRules(),
                              {"type": "setup", "title": "Tuesday's Rome", "victory": {"points": 60}})
    for nation, player in (("Goths", "Ann"), ("Franks", "Bo")):
        s.do({"type": "nation", "name": nation, "kind": "other", "player": player})
    s.log.close()
    return s.log.path.stem


def type_number(page, css: str, value: str) -> None:
    box = page.locator(f"{css} input").first
    box.fill(value)
    box.press("Tab")


def record_measured(page, data, gid: str, flow: Flow, income: str, who: str) -> None:
    """A turn's areas' income typed and Record turn tapped, the controls measured after each; waits for the log."""
    type_number(page, ".rf89-f-areas_income", income)
    page.wait_for_function("() => (document.querySelector('.rf89-preview') || {}).innerText")
    flow.measure(f"{who}: {income} typed")
    n = written(data, gid)
    page.locator("button.rf89-record").first.tap()
    wait_for(lambda: written(data, gid) == n + 1, timeout=30)
    settle(page)
    flow.measure(f"{who}: turn recorded ({income})")


def stays_rome1989(page, url, data, name: str) -> Flow:
    """The Chart: a nation picked, its turn's numbers typed, Record turn, another nation, a refused turn, Undo; on a
    phone, then the player's own page: a turn recorded."""
    gid = rome1989_game(data)
    open_log(page, url, "rise-and-fall-1989", gid, "Chart")
    flow = Flow(page, name, NAMED, PARTS_ANY)
    flow.measure("Chart")
    for nation, incomes in (("Goths", ("5", "6")), ("Franks", ("4",))):
        page.locator(".rf89-pick button", has_text=nation).first.tap()
        page.wait_for_selector(f".rf89-pick .mod-active:has-text('{nation}')")
        flow.measure(f"{nation} picked", another_screen=True)  # that nation's sheet: the player asked for it
        for income in incomes:
            record_measured(page, data, gid, flow, income, nation)
    if page.viewport_size["width"] >= 600:  # a tablet, upright too: the chart's columns in its box, none out of sight
        wide, room = page.evaluate("() => { const b = document.querySelector('.rf89-sheet-box > .widget-html-content');"
                                   " return [b.scrollWidth, b.clientWidth]; }")
        assert wide <= room + 1, f"1989's chart is {wide} px wide in a box of {room}: its last columns are out of sight"
    type_number(page, ".rf89-f-levies_spent", "5")  # levy points with no revolt values to raise them: refused
    flow.measure("levies typed")
    page.locator("button.rf89-record").first.tap()
    wait_for(lambda: said_error(page), timeout=30)
    flow.measure("a refused turn")
    type_number(page, ".rf89-f-levies_spent", "0")
    flow.measure("the levies corrected")
    n = written(data, gid)
    page.locator("button.rf89-undo").first.tap()
    wait_for(lambda: written(data, gid) == n + 1, timeout=30)
    flow.measure("Undo")
    if page.viewport_size["width"] < 600:  # on a phone, the player's own page: a turn of Ann's Goths
        from companion.seats import Seats

        log = GameStore(data).open(gid)
        token = Seats(log).ensure(2)[0].token
        log.close()
        page.goto(url + f"?game=rise-and-fall-1989&seat={token}")
        page.wait_for_selector(".rf89-seat button.rf89-record", state="visible")  # Ann's one nation is shown at once
        settle(page)
        assert "Goths" in page.locator(".rf89-seat .rf89-seat-head, .rf89-seat .rf89-sheet-box").first.inner_text() or \
            page.locator(".rf89-seat .rf89-pick .mod-active:has-text('Goths')").count()
        flow.measure("Ann's phone: the Goths", another_screen=True)
        record_measured(page, data, gid, flow, "5", "Ann's phone")  # (the next asks for a transition roll first, 8.3)
    return flow


#: a short flow of each game's taps on one screen (its rows of test_controls_stay); Rise & Fall's are there
STAYS: dict[str, Callable | None] = {"rise-and-fall": None, "rise": stays_rise, "mountain-king": stays_mountain_king,
                                     "rise-and-fall-1989": stays_rome1989}


def controls_kept(page, url: str, data, row: str) -> list[str]:
    """Every game's short flow of taps (``STAYS``) on the device's page: the controls that moved between two taps."""
    moved = []
    for g in games.games():
        assert g.id in STAYS, f"{g.title}: add a short flow of its taps to STAYS"
        flow_of = STAYS[g.id]
        if flow_of is None:
            continue
        try:
            moved += flow_of(page, url, data, f"{g.id}-{row}").check()
        except AssertionError:
            screenshot(page, f"controls-stay-{g.id}-{row}-failed")
            raise
    return moved


# --- two taps 50 ms apart on a question that changes after one answer, game by game ----------------

#: a finger on ``sel`` and again 50 ms later at the same point (what is there then: the same control, or the
#: page's next question drawn in its place); whether the second tap met the same control (a board: drawn for the
#: same question). A board is pressed and released at ``at`` (a point of the page), as a mouse does
TWICE_JS = """([sel, at]) => new Promise(done => { const b = [...document.querySelectorAll(sel)].find(e => e.offsetParent);
    const r = b.getBoundingClientRect(); const [x, y] = at || [r.left + r.width / 2, r.top + r.height / 2];
    const tap = (e) => { if (e.tagName === 'CANVAS') { for (const type of ['mousedown', 'mouseup'])
        e.dispatchEvent(new MouseEvent(type, {clientX: x, clientY: y, bubbles: true, button: 0})); } else e.click(); };
    const drawn = () => { const m = b.tagName === 'CANVAS' && b.closest('.rf-board-wrap').querySelector('.rf-board-meta');
      return m ? (JSON.parse(m.textContent || '{}').question || '') : ''; };  // a board: the question it is drawn for
    const first = drawn(); tap(b);
    setTimeout(() => { const e = document.elementFromPoint(x, y); const same = !!e && (e === b || b.contains(e)) && drawn() === first;
      const target = e && e.tagName !== 'CANVAS' ? (e.closest('button') || e) : e; if (target) tap(target);
      done([same, !!target && ((target.tagName === 'BUTTON' && !target.disabled) || target.tagName === 'CANVAS')]); }, 50); })"""


def twice(page, selector: str, at: tuple[float, float] | None = None) -> tuple[bool, bool]:
    """Two taps 50 ms apart on the control ``selector`` names (a board: at the point ``at``), once the kernel
    has answered both: whether the second met the same control, and whether it met a control that takes taps (a
    disabled button takes none: the browser sends it no click)."""
    if at is None:
        page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'center'})")
    settle(page)
    same = page.evaluate(TWICE_JS, [selector, list(at) if at else None])
    settle(page)
    return same


def twice_rise_and_fall(page, url, data) -> tuple[str, str]:
    """Ana's phone offers her cards: City chosen, then the offer is to change it."""
    from companion.seats import Seats

    from .test_secrets import start_game

    gid = start_game(data)
    log = GameStore(data).open(gid)
    seats = Seats(log).ensure(3)
    log.close()
    page.goto(url + f"?game=rise-and-fall&seat={seats[0].token}")
    page.wait_for_selector("button.rf-choose-city")
    return gid, "button.rf-choose-city"


def twice_rise(page, url, data) -> tuple[str, str, tuple[float, float]]:
    """Blue's turn, Place a Land Tile: a tile tapped beside the land (action 1 of 2); the question is then Blue's
    second action, where that space holds a tile."""
    from companion.hexgrid import PixelLayout
    from companion.rise.view import SIZE

    from .test_rise_flow import mode, settled_meta

    gid = rise_game(data)
    open_log(page, url, "rise", gid)
    mode(page, "tile")
    page.locator("canvas.rf-board").evaluate("c => c.scrollIntoView({block: 'center'})")
    meta = settled_meta(page)
    box = page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                        " return [r.left, r.top, r.width / c.width, r.height / c.height]; }")
    sx, sy = PixelLayout(SIZE).hex_to_pixel((8, 0))
    return gid, "canvas.rf-board", (box[0] + (sx * meta["k"] + meta["tx"]) * box[2], box[1] + (sy * meta["k"] + meta["ty"]) * box[3])


def twice_mountain_king(page, url, data) -> tuple[str, str]:
    """The walk: "who controls Moss 1?" answered Blue; the next question is Moss 2's."""
    gid = mountain_king_game(data, walk=True)
    open_log(page, url, "mountain-king", gid, "Score the Wave")
    page.wait_for_selector("button.mk-fast")
    return gid, "button.mk-fast"


def twice_rome1989(page, url, data) -> tuple[str, str]:
    """Record turn for the Goths: once recorded, the question is their next turn."""
    gid = rome1989_game(data)
    open_log(page, url, "rise-and-fall-1989", gid, "Chart")
    page.locator(".rf89-pick button", has_text="Goths").first.tap()
    page.wait_for_selector(".rf89-pick .mod-active:has-text('Goths')")
    type_number(page, ".rf89-f-areas_income", "5")
    page.wait_for_function("() => ((document.querySelector('.rf89-preview') || {}).innerText || '').startsWith('B1:')")
    return gid, "button.rf89-record"


#: each game's question that changes after one answer: the game prepared and its page open, the log's id and the
#: control tapped twice
TWICE: dict[str, Callable] = {"rise-and-fall": twice_rise_and_fall, "rise": twice_rise, "mountain-king": twice_mountain_king,
                              "rise-and-fall-1989": twice_rome1989}


def test_two_quick_taps_on_a_changing_question_record_one_answer_in_every_game(table, browser):
    """A second tap 50 ms after the first, on a question the first one answered: one answer in the log, and the
    other tap (where it met a control) refused with a sentence on the page — by the game (the button drawn for the question answered), or,
    where the page had already drawn the next question's control in its place, by the page (nobody reads a new
    button in 50 ms: the second of two taps met Mountain King's "Bo" for Moss 3, drawn in the place of Moss 2's, and
    was entered)."""
    url, data, _ = table
    found = []
    ctx, page = device(browser, url, "tablet-light")  # one tablet, from game to game
    for g in games.games():
        assert g.id in TWICE, f"{g.title}: add a question that changes after one answer to TWICE"
        try:
            gid, selector, *at = TWICE[g.id](page, url, data)
            settle(page)
            before = written(data, gid)
            same, met = twice(page, selector, *at)
            after, said = written(data, gid), said_error(page)
            print(f"\n{g.title}: {after - before} written, the second tap {'on the same button' if same else 'on the next question'}"
                  f"{'' if met else ' (no control there)'}; said {said!r}")
            if after - before != 1:
                found.append(f"{g.title}: {after - before} answers written for two quick taps on {selector}")
            if met and not said:
                found.append(f"{g.title}: the second quick tap on {selector} was refused without a sentence on the page")
        except AssertionError:
            screenshot(page, f"twice-{g.id}-failed")
            raise  # the page left open for the failure's report (what it showed); closed after the test
    ctx.close()
    assert not found, "\n".join(found)


# --- a tap that shortens the page near its bottom ---------------------------------------------------------

#: the scrolling box of the page (Voilà's panel, or the window) and its scroll; the page's height
SCROLLED_JS = """() => { const app = document.querySelector('.rf-app');
  for (let e = app.parentElement; e; e = e.parentElement) { const y = getComputedStyle(e).overflowY;
    if ((y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1) return [e.scrollTop, e.scrollHeight - e.clientHeight]; }
  const s = document.scrollingElement; return [s.scrollTop, s.scrollHeight - s.clientHeight]; }"""
TO_BOTTOM_JS = """() => { const app = document.querySelector('.rf-app');
  for (let e = app.parentElement; e; e = e.parentElement) { const y = getComputedStyle(e).overflowY;
    if ((y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1) { e.scrollTop = e.scrollHeight; return; } }
  window.scrollTo(0, document.scrollingElement.scrollHeight); }"""


@pytest.mark.parametrize("row", ["phone-dark", "tablet-light"])
def test_a_tap_that_shortens_the_page_moves_nothing_under_the_finger(table, browser, row):
    """Mountain King's Champions done, tapped at the foot of the page, closes the End of the Wave's panel: the page
    grew shorter and the browser cut its scroll back, pulling the walk up under the finger (58–193 px)."""
    url, data, _ = table
    gid = mountain_king_game(data)
    ctx, page = device(browser, url, row)
    try:
        open_log(page, url, "mountain-king", gid, "Score the Wave")
        for css in ("button.mk-end-wave", "button.mk-entrenched", "button.mk-invasion-done-1", "button.mk-invasion-done-2",
                    "button.mk-invasion-done-3"):
            n = written(data, gid)
            page.locator(css).first.tap()
            wait_for(lambda n=n: written(data, gid) == n + 1, timeout=30)
        settle(page)
        page.evaluate(TO_BOTTOM_JS)
        settle(page)
        before, room = page.evaluate(SCROLLED_JS)
        button = page.locator("button.mk-champions-done").first
        box = button.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"], "Champions done is in sight"
        n = written(data, gid)
        button.tap()
        wait_for(lambda: written(data, gid) == n + 1, timeout=30)
        settle(page)
        after, _ = page.evaluate(SCROLLED_JS)
        assert abs(after - before) <= 2, f"{row}: the page scrolled {before - after:.0f} px under the finger (of {room})"
    except AssertionError:
        screenshot(page, f"page-length-{row}-failed")
        raise
    finally:
        ctx.close()


#: a tall block at the foot of the page, a tap there (what the page's script hears of a finger), the page scrolled back
#: to its top as a finger or Playwright scrolls it, then the block gone: the page made shorter by what a tap changed
TALL_TAP_UP_SHORTER_JS = """async () => { const app = document.querySelector('.rf-app'); const frame = () => new Promise(r => requestAnimationFrame(r));
  const tall = document.createElement('div'); tall.style.height = '2000px'; app.appendChild(tall);
  const foot = document.createElement('button'); foot.textContent = 'foot'; app.appendChild(foot); await frame();
  let s = document.scrollingElement;
  for (let e = app.parentElement; e; e = e.parentElement) { const y = getComputedStyle(e).overflowY;
    if ((y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight + 1) { s = e; break; } }
  s.scrollTop = s.scrollHeight; await frame();
  const down = s.scrollTop;
  foot.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true})); await frame();
  s.scrollTop = 0; await frame();
  const up = s.scrollTop;
  tall.remove(); foot.remove(); await frame(); await frame();
  return [down, up, s.scrollTop]; }"""


def test_a_page_scrolled_back_up_after_a_tap_stays_there_when_it_grows_shorter(table, browser):
    """A tap at the foot of the page, then the page scrolled back up (by a finger, or by Playwright to its next control),
    then the page made shorter by what the tap changed: the page kept the tap's scroll and jumped back down under the
    finger, and the next tap met the control below the one aimed at (a four-player scoring's Red taken as Green)."""
    url, _, _ = table
    ctx, page = device(browser, url, "phone-dark")
    try:
        settle(page)
        down, up, after = page.evaluate(TALL_TAP_UP_SHORTER_JS)
        assert down > 1000 and up == 0, (down, up)  # the tap at the foot, then the top
        assert after == 0, f"the page scrolled from its top to {after:.0f} px when it grew shorter"
    finally:
        ctx.close()
