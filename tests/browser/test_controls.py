"""Every screen on a tablet (both ways round) and a phone, light and dark, with the usual text and
with A+: every visible control is at least 44×44 px, on the screen, not cut off, not covered by
another, and readable (text 4.5:1, selected against not selected 3:1, no light panel left in the
dark theme)."""

import os
import random
import re

import pytest

from companion import games
from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.world.layout import parse
from companion.rise_and_fall.world.worldgen import generate
from companion.ui.app import App
from companion.ui.board import FINGER

from .controls import audit
from .harness import board_measured, board_meta, listen, open_app, screenshot, settle, tablet, wait_for

SIZES = {"tablet": (1024, 768), "portrait": (768, 1024), "phone": (390, 844)}
#: the looks (A+, dark) every screen is audited in, by size: each catches what it alone can — the usual text in
#: light (the layout as most see it) and A+ in the dark (the largest words in the room, and the dark's contrast). A
#: light A+ or a dark usual text has nothing these lack: a colour does not depend on the text's size, a size not on
#: the colours.
LOOKS = {size: ((False, "light"), (True, "dark")) for size in ("tablet", "portrait", "phone")}
#: every audited screen kept as a picture in test-artifacts/ (to look at them); otherwise only those with a problem
ALL_PICTURES = bool(os.environ.get("COMPANION_ALL_PICTURES"))
SCREENS = ("World", "New World", "Library", "Setup", "Game", "Scores", "Scores done", "Scores by player", "History")
#: the other games' screens, each named by its game's shelf button and its own bar's button
OTHER_GAMES = {"mountain-king": ("Honour", "Clan board", "Score the Wave", "Scorepad", "Board", "Rules"),
               "rise-and-fall-1989": ("Chart", "Revolt", "Combat", "Leaders", "History")}
OTHERS = tuple(f"{game}: {screen}" for game, screens in OTHER_GAMES.items() for screen in screens)
ALL_SCREENS = (*SCREENS, "Shelf", "Rise!", *OTHERS)
#: One page, no other page to follow: once its kernel has answered, a short quiet is enough.
QUIET = 100


def a_game_in_progress(data, layouts) -> None:
    """A complete 3-player World, a game whose first pieces are placed and whose players all
    played their Ship (so the Ship's "how many" count is on screen), and a scoring."""
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")
    # the World these screens were measured on (seed 2 on the first Starting Seas): a taller one does not
    # fit the portrait tablet while entering, a wider one has Spaces smaller than a finger (to do)
    world = generate(3, 2, starting="before_the_pairs", name="Random 3-player World, seed 2")
    app.world.new_world({"type": "load", "layout": world.to_dict()})
    app.setup.start_btn.click()
    terrain = app.world.build.world.terrain_map()
    used = set()
    g = app.hub.game
    while g.phase == "placement":
        piece = app.setup.piece.value
        space = next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier" and s not in used)
        used.add(space)
        app.setup.tap_space(space)
        g = app.hub.game
    for i in g.order():
        app.hub.do({"type": "play", "player": i, "card": "ship"})
    app.scores.start_from_world()
    guilds_and_tales(app)
    other_games(data)


def other_games(data) -> None:
    """Fall of the Mountain King and Rise and Fall (1989): a game of each finished (in History, with
    a Rise & Fall one and a Rise! one, so History shows every game's picture), then one in progress,
    played at random (the one their screens open)."""
    from companion.gamelog import GameStore, Session
    from companion.history import FinishedGames
    from companion.mountain_king.view import colours as mk_colours
    from companion.mountain_king.view import history_scores

    store, history = GameStore(data), FinishedGames(data)
    for gid in OTHER_GAMES:
        game = games.find(gid)
        kind = next(iter(game.kinds))
        for finished, steps in ((True, 6000), (False, 60 if gid == "mountain-king" else 40)):
            rng = random.Random(f"{gid}:{finished}")
            log_id, log = store.create(game.kind(kind), f"{game.title}: the table's game")
            s = Session(log, game.reducer(kind))
            for _ in range(steps):
                action = game.random_action(kind, s.state, rng)
                if action is None:
                    break
                s.do(action)
            if finished and gid == "mountain-king":
                st = s.state
                history.keep(gid, log_id, "Fall of the Mountain King: Blue, Yellow", history_scores(st), list(st.scores[-1].winners),
                             {"colours": mk_colours(st.players)})
            elif finished:
                r = s.state.result
                history.keep(gid, log_id, s.state.title, {p.name: {**{n: round(r.nation(n).vp_total) for n in p.nations},
                                                                   "total": round(p.vp_total)} for p in r.players}, list(s.state.winners))
            log.close()
    history.keep("rise-and-fall", "a-rise-and-fall-game", "Harbour of Storms", {"Ana": {"economy": 40, "total": 90}, "Ben": {"economy": 30, "total": 80}}, ["Ana"])
    history.keep("rise", "a-rise-game", "Rise!", {"Ana": {"total": 12}, "Ben": {"total": 9}}, ["Ana"])
    history.close()


def guilds_and_tales(app: App) -> None:
    """A scoring with a line per Guild card and per Tale Trophy, and the Guilds' sentences under the
    scorepad (as at the end of a game played with both): the Scores screen shows this one."""
    doc = app.world.build.layout().to_dict()
    doc["tales"] = [1]
    lay = parse(doc)
    pos = random_end_position(lay, 7)
    pos.players[0].guilds = ["trophy-hunters", "farmers"]
    pos.players[2].guilds = ["collectors"]
    pos.players[2].wood, pos.players[2].stone = 2, 3
    pos.players[0].tale_trophies = [1]
    pos.pieces = [pc for pc in pos.pieces if not (pc.type == "temple" and pos.terrain[pc.space] == "forest")]
    pos.layout = lay
    app.scores.open_position(pos.dumps().encode(), "guilds-and-tales.json")
    assert "Guild: Collectors" in app.scores.pad.value and "Tale: The Dragon" in app.scores.pad.value


def home(page) -> None:
    """The shelf of games."""
    if not page.locator(".rf-shelf-tile").first.is_visible():
        page.locator("button.rf-home").tap()
        page.wait_for_selector(".rf-shelf-tile svg")


def show(page, screen: str) -> None:
    """Open a screen; "New World" and "Library" are the World screen with that side panel open;
    "Shelf" is the shelf of games and "Rise!" the screen of the other game on it; "<game>: <screen>"
    a screen of another game on the shelf."""
    if ": " in screen:
        game, name = screen.split(": ", 1)
        title = games.find(game).title
        if page.locator(".rf-game-title").first.inner_text().strip() != title or not page.locator(".rf-nav-tabs").first.is_visible():
            home(page)
            settle(page, quiet_ms=QUIET)  # the shelf's buttons answer once its kernel has drawn them
            page.locator(f"button.rf-shelf-{game}").tap()
            wait_for(lambda: page.locator(".rf-game-title").first.inner_text().strip() == title, timeout=30)
        # the button named exactly so ("Board" is not "Clan board")
        tab = page.locator(".rf-nav-tabs button").filter(has_text=re.compile(rf"^\s*{re.escape(name)}\s*$")).first
        if "mod-active" not in (tab.get_attribute("class") or ""):
            tab.tap()
            wait_for(lambda: "mod-active" in (tab.get_attribute("class") or ""))
        settle(page, quiet_ms=QUIET)
        return
    if screen in ("Shelf", "Rise!"):
        if not page.locator(".rf-shelf-tile").first.is_visible():
            page.locator("button.rf-home").tap()
            page.wait_for_selector(".rf-shelf-tile svg")
        if screen == "Rise!":
            page.locator("button.rf-shelf-rise").tap()
            page.wait_for_selector(".rise-screen canvas.rf-board")
        settle(page, quiet_ms=QUIET)
        return
    if not page.get_by_role("button", name="Scores", exact=True).first.is_visible():  # on the shelf or in Rise!
        if not page.locator(".rf-shelf-tile").first.is_visible():
            page.locator("button.rf-home").tap()
            page.wait_for_selector(".rf-shelf-tile svg")
        page.locator("button.rf-shelf-rise-and-fall").tap()
        page.get_by_role("button", name="Scores", exact=True).first.wait_for()
    panel = {"New World": "New World", "Library": "Library and export"}.get(screen)
    fast = screen == "Scores by player"
    done = screen == "Scores done"
    page.get_by_role("button", name="World" if panel else "Scores" if screen.startswith("Scores") else screen, exact=True).first.tap()
    settle(page, quiet_ms=QUIET)
    if screen.startswith("Scores"):  # the pieces entered (the board taking the width, or Done: the
        # scorepad beside it), or the fast path with a chip per Region
        page.get_by_role("button", name="Fast path: majorities" if fast else "Enter the pieces").first.tap()
        page.wait_for_selector("button.rf-region-chip-0" if fast else ".rf-piece", state="visible")
        if not fast and page.locator("button.rf-enter-pieces").is_visible():  # Done was tapped before (it is
            page.locator("button.rf-enter-pieces").tap()  # kept in the scoring's log): the big board again
        if done:
            page.locator("button.rf-done-entering").tap()
            page.wait_for_selector("button.rf-enter-pieces", state="visible")
        elif not fast:
            page.wait_for_selector("button.rf-done-entering", state="visible")
        settle(page, quiet_ms=QUIET)  # the board redrawn at its new width
    if panel:
        header = page.locator(".jupyter-widget-Collapse-header", has_text=panel).first
        if "jupyter-widget-Collapse-open" not in (header.locator("..").get_attribute("class") or ""):  # open it, never fold it
            header.tap()
        settle(page, quiet_ms=QUIET)


def set_look(page, dark: bool, large: bool) -> None:
    """The theme and the text size every screen is drawn in (kept in the settings)."""
    app = page.locator(".rf-app").first
    for css, button, on in (("rf-dark", "button.rf-dark-toggle", dark), ("rf-large", "button.rf-large-toggle", large)):
        if (css in (app.get_attribute("class") or "").split()) != on:
            page.locator(button).tap()
            wait_for(lambda c=css, o=on: (c in (app.get_attribute("class") or "").split()) == o)
    settle(page, quiet_ms=QUIET)  # the screen redrawn in that look (a board's width, A+'s larger lines)


@pytest.fixture(scope="module")
def prepared(server):
    url, data, layouts = server
    a_game_in_progress(data, layouts)
    return url


@pytest.mark.parametrize("size", list(SIZES))
def test_every_control_is_big_enough_visible_and_readable(prepared, browser, size):
    """Every screen (the shelf, each Rise & Fall screen, Rise!'s, Fall of the Mountain King's and Rise
    and Fall (1989)'s), on the tablet either way round and the phone, in light and dark, with the text at its size and
    larger (A+) (``LOOKS``): the same checks each time. One page per size."""
    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=2, has_touch=True, is_mobile=size == "phone")
    page = ctx.new_page()
    open_app(page, prepared)
    found = {}
    try:
        for large, theme in LOOKS[size]:
            set_look(page, theme == "dark", large)
            for screen in ALL_SCREENS:
                show(page, screen)
                problems = audit(page, dark=theme == "dark")
                if problems or ALL_PICTURES:
                    screenshot(page, f"controls-{size}-{theme}{'-large' if large else ''}-{screen.lower().replace(': ', '-').replace(' ', '-').strip('!')}")
                if problems:
                    found[f"{theme}{' A+' if large else ''} {screen}"] = problems
    finally:
        set_look(page, False, False)  # the next test starts in the light theme, at the usual size
        ctx.close()
    report = "\n".join(f"{where}:\n  " + "\n  ".join(ps) for where, ps in found.items())
    assert not found, f"at {w}×{h}:\n{report}"


def boxes(page, selector: str) -> list[tuple[float, float]]:
    return [(round(b["x"]), round(b["y"])) for b in (el.bounding_box() for el in page.locator(selector).all()) if b]


@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_buttons_keep_their_place_when_a_label_changes(prepared, browser, size):
    """Hint → Hide hint, Regions → Hide Regions, Dark → Light: nothing after them moves."""
    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=2, has_touch=True)
    page = ctx.new_page()
    open_app(page, prepared)
    show(page, "World")
    tools = ".rf-tools button"
    for button, changed in (("button.rf-hint", "Hide hint"), ("button.rf-regions", "Hide Regions")):
        before = boxes(page, tools)
        page.locator(button).tap()
        wait_for(lambda b=button, c=changed: page.locator(b).inner_text().strip() == c)
        assert boxes(page, tools) == before, f"{changed}: the toolbar moved"
        page.locator(button).tap()
    before = boxes(page, ".rf-nav button")
    page.locator("button.rf-dark-toggle").tap()
    wait_for(lambda: page.locator("button.rf-dark-toggle").inner_text().strip() == "Light")
    assert boxes(page, ".rf-nav button") == before, "Dark → Light moved the bar of screens"
    page.locator("button.rf-dark-toggle").tap()
    wait_for(lambda: page.locator("button.rf-dark-toggle").inner_text().strip() == "Dark")
    ctx.close()


def rect(page, selector: str) -> dict | None:
    """The box of the first element matching ``selector`` as laid out now (None if not shown)."""
    return page.evaluate("""(sel) => { const e = document.querySelector(sel); if (!e || !e.getClientRects().length) return null;
        const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }""", selector)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_scorepad_is_beside_the_board_in_landscape_and_a_tab_away_otherwise(prepared, browser, size):
    """Landscape: the board and the whole scorepad side by side, without scrolling. Portrait and
    phone: two tabs, Board and Scorepad, each showing its pane at the top of the screen."""
    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=2, has_touch=True, is_mobile=size == "phone")
    page = ctx.new_page()
    open_app(page, prepared)
    show(page, "Scores done")
    page.wait_for_selector(".rf-scorepad .rf-total", state="attached")
    page.evaluate("() => window.scrollTo(0, 0)")
    tabs = page.locator(".rf-score-tabs")
    if size == "tablet":
        assert not tabs.is_visible()
        board, pad, total = rect(page, "canvas.rf-board"), rect(page, ".rf-pad-pane .rf-scorepad"), rect(page, ".rf-scorepad .rf-total")
        assert board and pad and total
        assert pad["left"] >= board["right"] - 1, f"the scorepad is not beside the board: {board} {pad}"
        assert pad["top"] < board["bottom"] and board["top"] < pad["bottom"], "side by side: they share rows of the screen"
        assert pad["right"] <= w + 0.5, f"the scorepad leaves the screen: {pad}"
        assert total["bottom"] <= h, f"the scorepad's Total is {total['bottom']:.0f} px down, below the {h} px screen"
        for large in (False, True):  # its guild and tale lines too, and with A+: the whole pad in its pane
            set_look(page, False, large)
            fit = page.evaluate("""() => { const p = document.querySelector('.rf-pad-pane');
                return {pad: p.scrollWidth, pane: p.clientWidth, right: p.getBoundingClientRect().right}; }""")
            assert fit["pad"] <= fit["pane"] + 1 and fit["right"] <= w + 0.5, f"A+ {large}: the scorepad is cut: {fit}"
            screenshot(page, f"scores-tablet-pad{'-large' if large else ''}")
        set_look(page, False, False)
    else:
        assert tabs.is_visible()
        assert rect(page, ".rf-pad-pane .rf-scorepad") is None and rect(page, "canvas.rf-board") is not None
        tabs.get_by_role("button", name="Scorepad").tap()
        wait_for(lambda: rect(page, ".rf-pad-pane .rf-scorepad") is not None)
        assert rect(page, "canvas.rf-board") is None
        pad = rect(page, ".rf-pad-pane .rf-scorepad")
        assert pad["top"] < h * 0.5 and pad["right"] <= w + 0.5, f"the scorepad is not at the top of the screen: {pad}"
        screenshot(page, f"scores-{size}-scorepad-tab")
        tabs.get_by_role("button", name="Board").tap()
        wait_for(lambda: rect(page, "canvas.rf-board") is not None)
        assert rect(page, ".rf-pad-pane .rf-scorepad") is None
    ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_while_entering_the_board_takes_the_width_and_the_scorepad_is_a_line_of_totals(prepared, browser, size):
    """Entering the pieces: the whole board and the player and piece buttons on the screen without
    scrolling, the scorepad folded to its line of totals. On the tablet, either way round, the
    3-player World's Spaces are a finger apart (a tap chooses at once), and the board is as wide
    as ``make bench`` counts its taps at."""
    from bench.taps import ENTERING_BOARD_CSS

    w, h = SIZES[size]
    ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=2, has_touch=True, is_mobile=size == "phone")
    page = ctx.new_page()
    open_app(page, prepared)
    show(page, "Scores")
    # the top of the page (a tap on a path already chosen scrolled to it, and scrolls nothing back)
    page.evaluate("() => { for (let e = document.querySelector('.rf-app'); e; e = e.parentElement) e.scrollTop = 0; window.scrollTo(0, 0); }")
    board_measured(page)  # the page reports the board's new width
    settle(page, quiet_ms=QUIET)
    screenshot(page, f"scores-{size}-entering")
    assert rect(page, ".rf-pad-pane .rf-scorepad") is None and not page.locator(".rf-score-tabs").is_visible()
    assert page.locator(".rf-total-bar").is_visible()
    board = rect(page, "canvas.rf-board")
    assert board and board["top"] >= 0 and board["bottom"] <= h and board["right"] <= w, f"the board is off the screen: {board}"
    for sel in (".rf-who", ".rf-piece", "button.rf-done-entering"):
        r = rect(page, sel)
        assert r and r["top"] >= 0 and r["bottom"] <= h, f"{sel} is off the screen: {r}"
    meta = board_meta(page)
    if size == "phone":
        assert meta["zoom_first"], meta  # a phone is too small for the whole World at a finger's size
    else:
        assert meta["space_css"] >= FINGER and not meta["zoom_first"], meta
    if size == "tablet":
        side = rect(page, ".rf-enter-side")
        assert side["left"] >= board["right"] - 1, f"the buttons are not beside the board: {board} {side}"
        assert meta["css_width"] >= ENTERING_BOARD_CSS, f"make bench counts a {ENTERING_BOARD_CSS} px board: {meta}"
    ctx.close()


BAR_JS = """() => Array.from(document.querySelectorAll('.rf-nav button, .rf-nav .rf-game-title'))
  .filter(b => b.getClientRects().length && getComputedStyle(b).display !== 'none').map(b => {
    const r = b.getBoundingClientRect(), range = document.createRange();
    range.selectNodeContents(b);
    const lines = new Set(Array.from(range.getClientRects()).filter(x => x.width > 0).map(x => Math.round(x.top))).size;
    return {name: (b.dataset.value || b.innerText).trim(), screen: b.classList.contains('widget-toggle-button'),
            title: b.classList.contains('rf-game-title'), top: Math.round(r.top), width: r.width, height: r.height, lines,
            cut: b.scrollWidth > b.clientWidth + 1};
  })"""


def test_the_phone_bar_holds_the_screens_in_one_row_and_the_look_in_the_second(prepared, browser):
    """Nine controls of 44 px (⌂, Rise & Fall's five screens, ?, Dark, A+) do not fit a 390 px phone in one row:
    the bar has two, the same for every game — ⌂ and the game's screens in the first, the game's title, Dark
    and A+ in the second; every control a finger's size, no word of a screen's name cut or on two lines. One phone
    going from game to game on the shelf, at the usual size and with A+."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    listen(page)
    page.goto(prepared)
    page.wait_for_selector(".rf-shelf-tile svg", state="visible", timeout=60_000)
    try:
        for g in games.games():
            home(page)
            settle(page, quiet_ms=QUIET)  # the shelf's buttons answer once its kernel has drawn them
            page.locator(f"button.rf-shelf-{g.id}").tap()
            wait_for(lambda: page.locator(".rf-game-title").first.inner_text().strip() == g.title, timeout=30)
            page.wait_for_selector(".rf-nav .widget-toggle-button", state="visible")
            for large in (False, True):
                if large != ("rf-large" in page.locator(".rf-app").first.get_attribute("class")):
                    page.locator("button.rf-large-toggle").tap()
                    wait_for(lambda: large == ("rf-large" in page.locator(".rf-app").first.get_attribute("class")))
                settle(page)
                check_phone_bar(page, g.id)
                screenshot(page, f"phone-bar-{g.id}{'-large' if large else ''}")
            page.locator("button.rf-large-toggle").tap()  # the usual size again for the next game
            wait_for(lambda: "rf-large" not in page.locator(".rf-app").first.get_attribute("class"))
    finally:
        ctx.close()


def check_phone_bar(page, game: str) -> None:
    bar = page.evaluate(BAR_JS)
    home_button = next(b for b in bar if b["name"] in ("⌂ Games", "⌂", ""))
    screens = [b for b in bar if b["screen"]]
    second = [b for b in bar if b["title"] or b["name"] in ("Dark", "Light", "A+", "A−")]
    assert len(screens) >= 2 and len(second) == 3, (game, bar)
    assert {b["top"] for b in screens} == {home_button["top"]}, f"{game}: the screens are not one row beside ⌂: {bar}"
    assert len({b["top"] for b in second}) == 1 and second[0]["top"] > home_button["top"], f"{game}: the second row: {bar}"
    for b in bar:
        if not b["title"]:
            assert b["width"] >= 44 and b["height"] >= 44, f"{game}: {b['name']} is smaller than a finger: {b}"
            assert b["lines"] <= 1 and not b["cut"], f"{game}: {b['name']}'s words are cut or wrap: {b}"
    box = page.locator(".rf-nav").first.bounding_box()
    assert box["height"] <= 104 and box["width"] <= 390, (game, box)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 391, game


def test_the_busy_line_shows_only_after_300_ms(prepared, browser):
    """What takes longer than 300 ms says so (a moving bar and what it does); what is quicker
    never flickers. The page's own style decides, measured here on the busy line as drawn."""
    from companion.ui.widgets import busy_html

    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, prepared)
    page.evaluate("(html) => { const d = document.createElement('div'); d.id = 'probe'; d.innerHTML = html;"
                  " document.querySelector('.rf-app').appendChild(d); window.__t0 = performance.now(); }", busy_html("Loading the game…"))
    early = page.evaluate("() => [Number(getComputedStyle(document.querySelector('#probe .rf-busy')).opacity), performance.now() - window.__t0]")
    # then it shows (the style's 300 ms delay and its fade): wait for it
    page.wait_for_function("() => Number(getComputedStyle(document.querySelector('#probe .rf-busy')).opacity) === 1", timeout=30_000)
    late = float(page.evaluate("() => getComputedStyle(document.querySelector('#probe .rf-busy')).opacity"))
    box = rect(page, "#probe .rf-busy")
    ctx.close()
    if early[1] < 250:
        assert early[0] == 0, f"the busy line shows at once ({early[0]}): a quick tap would flicker"
    assert late == 1 and box and box["top"] >= 0 and box["bottom"] <= 768, "after 300 ms the busy line is on the screen"
