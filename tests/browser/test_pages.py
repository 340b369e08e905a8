"""Every page shows the truth, in a real browser with the preheated kernel (the default of
``make run``): reloads at several points of an evening, on every screen, while the logs are
changed elsewhere (by another page, here by this test writing to the logs directly)."""

import random
import sys
from pathlib import Path

from companion.gamelog import GameStore, Session
from companion.rise_and_fall import GAME_LOG, WORLD_LOG
from companion.rise_and_fall.history import History
from companion.rise_and_fall.play.tracker import PHASES, TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.scoring.scoring import Score
from companion.rise_and_fall.world.builder import BuildRules
from companion.rise_and_fall.world.worldgen import generate

from .harness import HISTORY_OPTIONS, open_app, pool_ready, propagation_ms, screenshot, served, settle, tablet, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rise_and_fall.test_tracker import legal  # noqa: E402

R = TrackerRules()


def opening(names, seed):
    """A game's setup on a random World and its first pieces: the actions up to phase A."""
    from companion.rise_and_fall.world.world import top_terrain

    actions = [{"type": "setup", "players": [{"name": n, "colour": c} for n, c in zip(names, ("red", "yellow", "blue"))],
                "first": 0, "world": generate(len(names), seed).to_dict(), "tracker_version": TRACKER_VERSION}]
    g = R.apply(R.initial(), actions[0])
    terrain = sorted(top_terrain(g.tiles).items())
    used = set()
    while g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        want = ("sea",) if piece == "ship" else ("plains", "forest", "mountain")
        space = next(s for s, t in terrain if t in want and s not in used)
        used.add(space)
        actions.append({"type": "place-first", "player": i, "piece": piece, "q": space[0], "r": space[1]})
        g = R.apply(g, actions[-1])
    return actions


def play_on(g, rnd, stop):
    """Legal actions at random from ``g`` until ``stop(state)``."""
    out = []
    for _ in range(5000):
        if stop(g) or g.phase == "over":
            return out
        opts = legal(g)
        acts = [o for o in opts if o["type"] == "act"]
        out.append(rnd.choice(acts if acts and rnd.random() < 0.9 else opts))
        g = R.apply(g, out[-1])
    raise AssertionError("the random game did not get there")


def reload(page):
    """A plain reload; the page gets the pool's preheated kernel."""
    page.reload()
    page.wait_for_selector(".rf-nav-tabs button", timeout=60_000)


def screen(page, name):
    page.get_by_role("button", name=name, exact=True).tap()


def game_header(page) -> str:
    loc = page.locator(".rf-game-name, .rf-turn").filter(has_text="Turn").first
    loc.wait_for(timeout=30_000)
    return page.locator(".rf-screen").first.inner_text()


def check_every_screen(page, data, world_name, game, finished: int):
    """World, Setup, Game, Scores and History all show what the logs say now."""
    screen(page, "World")
    page.wait_for_selector(f".rf-world-name:has-text('{world_name}')", timeout=30_000)
    screen(page, "Setup")
    if game.phase == "placement":
        page.wait_for_selector("text=places a first piece", timeout=30_000)
    else:
        page.wait_for_selector("button.rf-start-game", timeout=30_000)
    screen(page, "Game")
    names = ", ".join(c.name for c in game.civs[:-1])
    page.wait_for_selector(f".rf-game-name:has-text('{names} and {game.civs[-1].name}')", timeout=30_000)
    text = page.locator(".rf-turn").filter(has_text="Turn").first.inner_text()
    assert f"Turn {game.turn} · {PHASES[game.phase]}" in text, text
    assert "No game yet" not in page.content()
    screen(page, "History")
    page.wait_for_selector(f"text={finished} finished game" if finished else "text=No finished game yet", timeout=30_000)
    screen(page, "Scores")
    page.wait_for_selector("button.rf-score-game", timeout=30_000)


def test_a_reload_on_every_screen_at_every_point_of_an_evening_shows_the_log_of_now(browser, tmp_path):
    with served(tmp_path, preheat=True) as (url, data, _):
        store = GameStore(data)
        ctx = tablet(browser)
        page = ctx.new_page()
        open_app(page, url)

        def elsewhere(session, actions):
            pool_ready(url, tmp_path / "voila.log")  # the next page's kernel has run the notebook before this
            for a in actions:
                session.do(a)

        # another page loads a named World and sets up the first game
        world = store.start(WORLD_LOG, "World", BuildRules(), {"type": "load", "layout": {**generate(3, 2).to_dict(), "name": "Harbour of Truth"}})
        assert world.state.name == "Harbour of Truth"
        _, log = store.create(GAME_LOG, "Game")
        game = Session(log, R)
        elsewhere(game, opening(["Ana", "Ben", "Cy"], 2))
        reload(page)
        check_every_screen(page, data, "Harbour of Truth", game.state, 0)
        screenshot(page, "pages-reload-after-setup")
        # the first tap after the reload is accepted
        g = game.state
        i = g.order()[0]
        card = g.civs[i].hand[0]
        screen(page, "Game")
        page.locator(".rf-controls .widget-hbox", has_text=f"{g.civs[i].name} plays:").first.locator(f"button.rf-play-{card}").first.tap()
        wait_for(lambda: Session(store.open(log.path.stem), R).state.civs[i].played == (card,), timeout=30)
        assert "another screen" not in page.content()
        game.refresh()

        # late in the game, then at its end
        rnd = random.Random(7)
        elsewhere(game, play_on(game.state, rnd, lambda g: g.turn >= 4))
        reload(page)
        check_every_screen(page, data, "Harbour of Truth", game.state, 0)
        screenshot(page, "pages-reload-late")
        elsewhere(game, play_on(game.state, rnd, lambda g: False))
        assert game.state.phase == "over"
        # kept as the game's scoring keeps it: an entry of its own naming the tracked game (an entry under the
        # game's own log id is left out, since that log, a tracked game, ends in no outcome of its own)
        History(data).record(f"scoring-of-{log.path.stem}", "Harbour of Truth", Score([], []), tracked=log.path.stem)
        reload(page)
        check_every_screen(page, data, "Harbour of Truth", game.state, 1)
        screen(page, "Game")
        page.wait_for_selector("text=the game is over", timeout=30_000)
        head = game.log.head()
        page.locator("button.rf-game-undo").tap()
        page.wait_for_selector("text=Reopen the finished game?", timeout=30_000)
        assert game.log.head() == head  # asked, not done
        screenshot(page, "pages-finished-game-asks")
        page.locator("button.rf-reopen-no").tap()
        page.wait_for_selector("text=The game stays finished", timeout=30_000)
        assert game.log.head() == head

        # the second game of the evening, set up on another page
        _, log2 = store.create(GAME_LOG, "Game")
        second = Session(log2, R)
        elsewhere(second, opening(["Dee", "Eve", "Fay"], 3)[:2])
        reload(page)
        check_every_screen(page, data, "Harbour of Truth", second.state, 1)
        screenshot(page, "pages-reload-second-game")
        screen(page, "Game")
        assert "Ana" not in page.locator(".rf-game-name").first.inner_text()
        ctx.close()


def test_a_second_page_follows_by_itself(server, browser):
    """Two tablets on one game: what one does appears on the other within a second, without a
    reload, and the other's next tap is accepted."""
    url, data, _ = server
    store = GameStore(data)
    _, log = store.create(GAME_LOG, "Game")
    game = Session(log, R)
    for a in opening(["Ana", "Ben", "Cy"], 2):
        game.do(a)
    pages = []
    for _ in range(2):
        ctx = tablet(browser)
        page = ctx.new_page()
        open_app(page, url, timeout=120_000)
        screen(page, "Game")
        page.wait_for_selector(".rf-game-name", timeout=30_000)
        pages.append((ctx, page))
    (_, first), (_, second) = pages
    g = game.state
    i, j = g.order()[0], g.order()[1]
    first.locator(".rf-controls .widget-hbox", has_text=f"{g.civs[i].name} plays:").first.locator("button").nth(1).tap()
    # the second page, untouched, no longer offers the first player's cards
    second.wait_for_function(f"() => !document.querySelector('.rf-controls').innerText.includes('{g.civs[i].name} plays:')",
                             timeout=10_000)
    second.locator(".rf-controls .widget-hbox", has_text=f"{g.civs[j].name} plays:").first.locator("button").nth(1).tap()
    first.wait_for_function(f"() => !document.querySelector('.rf-controls').innerText.includes('{g.civs[j].name} plays:')",
                            timeout=10_000)
    assert "another screen" not in first.content() + second.content()
    game.refresh()
    assert game.state.civs[i].played and game.state.civs[j].played
    assert len(propagation_ms(first, second, 4)) == 4  # Undo and Redo reach the other page too (make bench times it)
    screenshot(second, "pages-second-page-followed")
    for ctx, _ in pages:
        ctx.close()


def test_the_scoring_is_kept_across_game_over_undo_redo_and_reload(server, browser):
    from companion.rise_and_fall import SCORING_LOG
    from companion.rise_and_fall.scoring.endgame import EntryRules

    url, data, _ = server
    store = GameStore(data)
    _, log = store.create(GAME_LOG, "Game")
    game = Session(log, R)
    for a in opening(["Ana", "Ben", "Cy"], 4):
        game.do(a)
    for a in play_on(game.state, random.Random(5), lambda g: False):
        game.do(a)
    assert game.state.phase == "over"
    game.undo()  # one step before the end: Redo on the page ends the game

    def scorings():
        return [Session(store.open(g.id), EntryRules()).state for g in store.games(SCORING_LOG) if g.problem is None]

    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url, timeout=120_000)
    screen(page, "Game")
    page.wait_for_selector(".rf-game-name", timeout=30_000)
    page.locator("button.rf-game-redo").tap()
    page.wait_for_selector("button.rf-restart-scoring", timeout=30_000)  # the end: the game's scoring opens
    page.get_by_role("button", name="Fast path: majorities").tap()
    page.locator("button.rf-vote-0").first.tap()
    wait_for(lambda: [len(e.votes) for e in scorings()] == [1], timeout=30)
    # Undo (asked first) and Redo: the same scoring, where it was left
    screen(page, "Game")
    page.locator("button.rf-game-undo").tap()
    page.locator("button.rf-reopen-yes").tap()
    page.wait_for_selector("button.rf-game-redo:not([disabled])", timeout=30_000)
    page.locator("button.rf-game-redo").tap()
    page.wait_for_selector("text=where it was left", timeout=30_000)
    assert [len(e.votes) for e in scorings()] == [1]
    screenshot(page, "pages-scoring-after-undo-redo")
    reload(page)
    screen(page, "Scores")
    page.wait_for_selector("button.rf-restart-scoring", timeout=30_000)
    page.get_by_role("button", name="Fast path: majorities").tap()
    regions = len(scorings()[0].regions())
    page.wait_for_selector(f"text={regions - 1} Regions left", timeout=30_000)
    assert len(scorings()) == 1
    ctx.close()


VISIBILITY_JS = """(state) => { Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  document.dispatchEvent(new Event('visibilitychange')); }"""


def test_a_hidden_page_goes_quiet_and_is_up_to_date_when_shown(browser, tmp_path):
    """A tab in the background or a phone asleep stops beating: its kernel stops sending the
    table's changes (so a closed page's kernel falls idle and goes; tests/ui/test_pages.py shows the
    quiet on the kernel's clock). Shown again, the page beats and shows the game as it is now. Here
    a kernel is quiet as soon as its page beat (``COMPANION_QUIET_AFTER=0``): what changed while the
    page was hidden can reach it only through the beat of the page shown again."""
    with served(tmp_path, env_extra={"COMPANION_QUIET_AFTER": "0"}) as (url, data, _):
        _, log = GameStore(data).create(GAME_LOG, "Game")
        game = Session(log, R)
        for a in opening(["Ana", "Ben", "Cy"], 2):
            game.do(a)
        ctx = tablet(browser)
        page = ctx.new_page()
        open_app(page, url, timeout=120_000)
        screen(page, "Game")
        page.wait_for_selector(".rf-game-name", timeout=30_000)
        page.wait_for_function(f"() => ({HISTORY_OPTIONS})() === {len(game.history())}", timeout=30_000)
        page.wait_for_function("() => { const b = document.querySelector('.rf-heartbeat input'); return !!(b && b.value); }",
                               timeout=30_000)  # the page has beaten once: its kernel is quiet from then on
        settle(page)  # ... and has heard it
        page.evaluate(VISIBILITY_JS, "hidden")
        game.undo()  # the table goes on elsewhere
        page.evaluate(VISIBILITY_JS, "visible")
        page.wait_for_function(f"() => ({HISTORY_OPTIONS})() === {len(game.history())}", timeout=60_000)
        ctx.close()
