"""The Guild variant in a real browser: the draft on the Setup screen by taps, passing the tablet,
a turn with a guild's yield, the guilds under the Game screen's header, their lines on the Scores."""

import random
import sys
from pathlib import Path

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.world.world import top_terrain
from companion.rise_and_fall.world.worldgen import generate

from .harness import HISTORY_OPTIONS, PAINTED, SCROLLED, message, open_app, screenshot, settle, tablet, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rise_and_fall.test_guilds_random import legal  # noqa: E402

DEAL = [["lumberjacks", "capitalists", "farmers"], ["miners", "trophy-hunters", "winged"]]


def state(data, gid):
    return Session(GameStore(data).open(gid), TrackerRules()).state


def drawn(page, data, gid) -> None:
    """Wait until the page has drawn every action in the log (its history lists them all): the
    next tap is on the screen as it is now, as a player's would be."""
    n = len(Session(GameStore(data).open(gid), TrackerRules()).history())
    wait_for(lambda: page.evaluate(HISTORY_OPTIONS) == n, timeout=30)


def test_a_game_with_guilds_drafted_played_and_scored(server, browser):
    url, data, _ = server
    store = GameStore(data)
    gid, log = store.create("game", "guilds")
    s = Session(log, TrackerRules())
    s.do({"type": "setup", "players": [{"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "blue"}], "first": 0,
          "world": generate(2, 2).to_dict(), "tracker_version": TRACKER_VERSION, "guilds": {"levels": ["normal", "normal"], "dealt": DEAL}})
    log.close()

    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    page.get_by_role("button", name="Setup", exact=True).tap()
    for who, keep, give in (("Ana", 0, 1), ("Ben", 0, 1)):
        page.locator("button.rf-guild-show", has_text=who).tap()
        picks = page.locator(".rf-guild-pick")
        wait_for(lambda: picks.count() == 3)
        picks.nth(keep).locator("button", has_text="Keep").tap()
        picks.nth(give).locator("button", has_text="Give to").tap()
        if who == "Ana":
            screenshot(page, "guild-draft")
        page.locator("button.rf-guild-choose").tap()
        if who == "Ana":
            wait_for(lambda: len(state(data, gid).chosen) == 1)
        else:
            wait_for(lambda: state(data, gid).phase == "placement")
    g = state(data, gid)
    assert g.phase == "placement"
    assert [c.guilds for c in g.civs] == [("lumberjacks", "trophy-hunters"), ("miners", "capitalists")]
    wait_for(lambda: "Ana: Lumberjacks:" in message(page))  # the reveal, with the powers

    # the first pieces, placed on another tablet: this page follows
    s = Session(store.open(gid), TrackerRules())
    terrain = sorted(top_terrain(s.state.tiles).items())
    used = set()
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        want = ("sea",) if piece == "ship" else ("forest",) if piece == "nomad" else ("plains", "forest", "mountain")
        space = next(sp for sp, t in terrain if t in want and sp not in used)
        used.add(space)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": space[0], "r": space[1]})
    s.log.close()

    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector(".rf-guilds-folded summary:has-text('Lumberjacks')")  # the powers folded to a line
    for name in ("Ana", "Ben"):
        page.locator(".rf-controls .widget-hbox", has_text=f"{name} plays:").first.locator("button.rf-play-nomad").tap()
        try:
            wait_for(lambda: state(data, gid).civs[0 if name == "Ana" else 1].played or state(data, gid).phase != "A")
        except AssertionError:
            screenshot(page, "guild-failed")
            raise AssertionError(f"{name} could not play a Nomad: {message(page)!r}")
        # the page draws the change before the next tap (a tap on a row drawn before it is refused)
        wait_for(lambda: page.locator(".rf-controls .widget-hbox", has_text=f"{name} plays:").count() == 0)
    page.wait_for_selector("button.rf-act-nomad-wood:has-text('Produce 2 Wood')")
    # the acting player's buttons are on the screen as the Game screen opens (1024×768), no scroll
    bottom = page.evaluate(f"() => document.querySelector('button.rf-act-nomad-wood').getBoundingClientRect().bottom + ({SCROLLED})()")
    assert bottom <= page.viewport_size["height"], bottom
    page.locator("button.rf-act-nomad-wood").tap()
    wait_for(lambda: state(data, gid).civs[0].wood == 2)
    screenshot(page, "guild-game")
    while state(data, gid).phase == "B":  # Ana's one Nomad has acted: her actions ended with that tap
        drawn(page, data, gid)
        acting = state(data, gid).acting
        page.locator("button.rf-end-turn").tap()
        wait_for(lambda: state(data, gid).acting != acting, timeout=30)
    assert state(data, gid).phase == "A" and state(data, gid).turn == 2

    # the rest of the game, played on another tablet until its end
    s = Session(store.open(gid), TrackerRules())
    rnd = random.Random(2)
    while s.state.phase != "over":
        opts = legal(s.state)
        acts = [a for a in opts if a["type"] == "act"]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.85 else opts))
    s.log.close()

    page.get_by_role("button", name="Scores", exact=True).tap()
    page.locator("button.rf-score-game").tap()
    page.get_by_role("button", name="Fast path: majorities").tap()
    page.locator("button.rf-rest-empty").tap()
    page.wait_for_selector(".rf-guild-row:has-text('Guild: Capitalists')")
    scoring = next(x for x in store.games("scoring") if x.problem is None)
    expected = Session(store.open(scoring.id), EntryRules()).state.fast_score()
    text = page.locator(".rf-scorepad").first.inner_text()
    assert "Guild: Trophy Hunters" in text
    for p in expected.players:
        assert [g.guild for g in p.guild_lines] == (["trophy-hunters"] if p.name == "Ana" else ["capitalists"])
        for line in p.guild_lines:
            assert f"{line.text}: {line.vp:+d} VP" in text
    screenshot(page, "guild-scores")
    assert "Traceback" not in message(page)
    ctx.close()


FOLD = "() => { const d = document.querySelector('.rf-guilds-folded'); return d ? d.open : null; }"


def up_to_a_swap(s: Session) -> dict:
    """Ana keeps the Doppelgangers; the first pieces placed, then random legal play until she may
    swap them for one of Ben's Guild cards (the Recycling phase, 10 GP): that swap."""
    s.do({"type": "guild-choice", "player": 0, "keep": ["doppelgangers"], "give": "capitalists"})
    s.do({"type": "guild-choice", "player": 1, "keep": ["miners"], "give": "trophy-hunters"})
    terrain = sorted(top_terrain(s.state.tiles).items())
    used = set()
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        want = ("sea",) if piece == "ship" else ("forest",) if piece == "nomad" else ("plains", "forest", "mountain")
        space = next(sp for sp, t in terrain if t in want and sp not in used)
        used.add(space)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": space[0], "r": space[1]})
    rnd = random.Random(3)
    for _ in range(400):
        opts = legal(s.state)
        swap = next((a for a in opts if a["type"] == "swap-guild"), None)
        if swap:
            return swap
        acts = [a for a in opts if a["type"] == "act"]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.85 else opts))
    raise AssertionError("no Doppelgangers' swap in 400 random actions")


def test_the_guild_powers_stay_as_the_player_left_them(server, browser):
    """Unfolded, the Game screen's line of Guild powers stays unfolded while its words change (the
    Doppelgangers swapped on another tablet), when the screen is left and shown again, and after a
    reload; folded again, it stays folded."""
    url, data, _ = server
    store = GameStore(data)
    gid, log = store.create("game", "guilds folded")
    s = Session(log, TrackerRules())
    s.do({"type": "setup", "players": [{"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "blue"}], "first": 0,
          "world": generate(2, 2).to_dict(), "tracker_version": TRACKER_VERSION,
          "guilds": {"levels": ["normal", "normal"], "dealt": [["doppelgangers", "capitalists", "farmers"], ["miners", "trophy-hunters", "winged"]]}})
    swap = up_to_a_swap(s)
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector(".rf-guilds-folded summary:has-text('Ana Doppelgangers')")
    assert page.evaluate(FOLD) is False  # folded as the screen first opens
    page.locator(".rf-guilds-folded summary").tap()
    wait_for(lambda: page.evaluate(FOLD) is True)
    s.do(swap)  # on another tablet: the line's words change, this page redraws it
    s.log.close()
    page.wait_for_selector(".rf-guilds-folded summary:has-text('Ben Doppelgangers')")
    page.evaluate(PAINTED)
    assert page.evaluate(FOLD) is True, "the Guild powers folded again when their words changed"
    for screen in ("World", "Game"):  # away and back: the screen is drawn anew
        page.get_by_role("button", name=screen, exact=True).tap()
        settle(page)  # each tap answered before the next (on a busy machine the second came before the first was shown)
    page.wait_for_function("() => location.search.includes('screen=game')")
    page.wait_for_selector(".rf-guilds-folded summary:has-text('Ben Doppelgangers')")
    page.evaluate(PAINTED)
    assert page.evaluate(FOLD) is True, "the Guild powers folded again when the Game screen came back"
    page.reload()
    page.wait_for_selector(".rf-guilds-folded summary:has-text('Ben Doppelgangers')", timeout=90_000)
    page.evaluate(PAINTED)
    assert page.evaluate(FOLD) is True, "the Guild powers folded again after a reload"
    screenshot(page, "guild-powers-unfolded")
    page.locator(".rf-guilds-folded summary").tap()  # folded by the player: it stays folded
    wait_for(lambda: page.evaluate(FOLD) is False)
    for screen in ("World", "Game"):
        page.get_by_role("button", name=screen, exact=True).tap()
        settle(page)  # as above: each tap answered before the next (a Game tap made while World was drawn was lost)
    page.wait_for_function("() => location.search.includes('screen=game')")
    page.wait_for_selector(".rf-guilds-folded summary:has-text('Ben Doppelgangers')")
    page.evaluate(PAINTED)
    assert page.evaluate(FOLD) is False
    ctx.close()
