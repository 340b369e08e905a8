"""The end of a 4-player game in a real browser: pieces entered by taps, a reload during entry,
the Region-by-Region walk, the scorepad, and the fast path agreeing with the full path."""

from dataclasses import replace

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.scoring.position import Position
from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.scoring.scoring import score
from companion.rise_and_fall.world.layout import parse
from companion.ui.app import App

from .harness import open_app, screenshot, settle, tablet, tap_space, wait_for


def choose(page, group: str, label: str) -> None:
    """A tap on ``label`` among the buttons of ``group``, and the screen showing it chosen, as the player sees it
    before tapping the board (a tap the page did not take is named here, not by a wrong total later)."""
    page.locator(f"{group} button", has_text=label).first.tap()
    chosen = page.locator(f"{group} button.mod-active", has_text=label)
    try:
        chosen.first.wait_for(state="visible", timeout=10_000)
    except Exception as e:  # noqa: BLE001 - Playwright's timeout, said as what the screen shows
        screenshot(page, "scores-choice-failed")
        raise AssertionError(f"{label} tapped in {group} is not shown chosen: {page.locator(group).inner_text()!r}") from e


def entry(data):
    store = GameStore(data)
    g = next(x for x in store.games("scoring") if x.problem is None)
    return Session(store.open(g.id), EntryRules()).state


def totals(page) -> list[int]:
    return [int(t) for t in page.locator(".rf-scorepad .rf-total").all_inner_texts()]


def tap_spaces(page, spaces):
    for s in spaces:
        tap_space(page, s)


def test_a_whole_end_of_game_for_four_players(server, browser):
    url, data, layouts = server
    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")  # the table built a 4-player World
    app.world.n_players.value = 4
    app.world.seed.value = 1
    app.world.random_btn.click()
    lay = parse(app.world.build.layout().to_dict())
    full_pos = random_end_position(lay, 11)
    by_player = {}
    for pc in full_pos.pieces:
        by_player.setdefault(pc.player, []).append(pc)
    pieces = [pc for pcs in by_player.values() for pc in pcs[:6]]  # six pieces each keeps the test short
    players = [replace(p, trophies=[], decline=[]) for p in full_pos.players]
    pos = Position(full_pos.terrain, players, pieces)
    expected = score(pos)

    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    page.get_by_role("button", name="Scores", exact=True).tap()
    page.locator("button.rf-score-world").tap()
    wait_for(lambda: GameStore(data).games("scoring"))
    page.wait_for_selector(".rf-total-bar")

    for k, p in enumerate(players):  # the Treasury, typed in
        box = page.locator(".rf-board-pane .widget-hbox", has=page.locator(f"label:text-is('{p.name}')")).first
        box.locator("input[type=number]").fill(str(p.gold))
        box.locator("input[type=number]").press("Enter")
        box.locator("button.rf-books").tap()
        try:
            wait_for(lambda: entry(data).players[k].gold == p.gold)
        except AssertionError:
            screenshot(page, "scores-failed")
            raise AssertionError(f"gold of {p.name} not saved: {entry(data).players[k]} rows={page.locator('.rf-board-pane .widget-hbox').count()}")
        settle(page)  # the Treasury is in the log before the screen says so: the next tap waits for the screen

    who = piece = None
    for n, pc in enumerate(pieces):
        if n == len(pieces) // 2:  # a reload in the middle of the entry loses nothing
            before = entry(data).pieces
            page.reload()
            page.wait_for_selector("canvas.rf-board")
            page.get_by_role("button", name="Scores", exact=True).tap()
            page.wait_for_selector(".rf-total-bar")
            assert entry(data).pieces == before
            screenshot(page, "scores-after-reload")
            who = piece = None
        if who != pc.player:
            choose(page, ".rf-who", pc.player)
            who = pc.player
        if piece != pc.type:
            choose(page, ".rf-piece", pc.type.title())
            piece = pc.type
        settle(page)  # the kernel holds the player and the piece chosen before the Space is tapped
        tap_spaces(page, [pc.space])
        try:
            wait_for(lambda: len(entry(data).pieces) == n + 1, timeout=15)
        except AssertionError:
            screenshot(page, "scores-piece-failed")
            raise AssertionError(f"piece {n} ({pc}) not entered; the screen says: {page.locator('.rf-scores').inner_text()[:600]!r}")
        settle(page)  # the piece is in the log before the screen says so: the player taps on once the screen has

    # walk the Regions, one tap each
    n_regions = len(expected.regions)
    for k in range(n_regions):
        page.locator("button.rf-next-region").tap()
    wait_for(lambda: f"of {n_regions}:" in page.locator(".rf-board-pane").inner_text())
    screenshot(page, "scores-full-path")
    # while entering, the totals are one line; Done unfolds the scorepad
    want = [x for p in expected.players for x in (p.name, str(p.total))]
    try:
        wait_for(lambda: page.locator(".rf-total-bar").inner_text().split()[1:] == want)
    except AssertionError:
        raise AssertionError(f"the totals say {page.locator('.rf-total-bar').inner_text()!r}, the scorepad's rules {want}; "
                             f"the pieces entered: {sorted(map(repr, entry(data).pieces))} of {sorted(map(repr, pieces))}") from None
    page.locator("button.rf-done-entering").tap()
    wait_for(lambda: page.locator(".rf-pad-pane .rf-scorepad").is_visible())
    wait_for(lambda: totals(page) == [p.total for p in expected.players])

    # the fast path on the same game: a tap per Region that holds pieces, then one for the rest
    page.get_by_role("button", name="Fast path: majorities").tap()
    settle(page)  # the board drawn again for the fast path (its size and zoom) before a Space is tapped
    taps = 1
    for k, r in enumerate(expected.regions):
        if not r.pieces:
            continue
        tap_spaces(page, [r.region.spaces[0]])
        settle(page)  # the Region chosen before its vote
        if r.controller:
            idx = [p.name for p in players].index(r.controller)
            page.locator(f"button.rf-vote-{idx}").tap()
        else:
            page.locator("button.rf-vote-tie").tap()
        taps += 2
        wait_for(lambda: k in dict(entry(data).votes), timeout=15)
    page.locator("button.rf-rest-empty").tap()
    taps += 1
    wait_for(lambda: not entry(data).regions_to_vote())
    wait_for(lambda: totals(page) == [p.total for p in expected.players])
    screenshot(page, "scores-fast-path")
    page.locator("button.rf-finish").tap()
    wait_for(lambda: entry(data).finished)
    page.get_by_role("button", name="History", exact=True).tap()
    page.wait_for_selector("text=1 finished game")
    screenshot(page, "history")
    ctx.close()
