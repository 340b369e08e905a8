"""The Tales with the Guilds in a real browser: a random World with three Tales drawn from its seed
(the Sunken City, the Waterfall and the Volcano), a game set up on the Setup screen with the
Guilds (each player keeps and receives Guild cards by taps), a turn played on the Game screen,
the rest of the game played on another tablet, and the Scores screen's Tale and Guild rows read
from the page and held against the rules, the Tales' worked out here by hand."""

import random
import sys
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.gamelog import GameStore, Session
from companion.hexgrid import neighbours
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.world.world import top_terrain

from .harness import HISTORY_OPTIONS, latest_build, message, open_app, screenshot, tablet, tap_space, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rise_and_fall.test_guilds_random import legal  # noqa: E402
from rise_and_fall.test_tales_play_random import tale_legal  # noqa: E402

SEED = 122  # draws the Sunken City (12), the Waterfall (20) and the Volcano (23) for three players
TALES = (12, 20, 23)
END_GAME_GUILDS = {gid for gid, g in G.all_guilds().items() if "end_game" in g.hooks}


def game_id(data) -> str:
    return next(g.id for g in GameStore(data).games("game") if g.problem is None)


def state(data):
    return Session(GameStore(data).open(game_id(data)), TrackerRules()).state


def drawn(page, data) -> None:
    """Wait until the page has drawn every action in the log (its history lists them all): the
    next tap is on the screen as it is now, as a player's would be."""
    n = len(Session(GameStore(data).open(game_id(data)), TrackerRules()).history())
    wait_for(lambda: page.evaluate(HISTORY_OPTIONS) == n, timeout=30)


def rows(page, cls: str) -> dict[str, list[str]]:
    """A scorepad's rows of one kind as the page shows them: the row's title -> each player's VP cell."""
    out = {}
    for tr in page.locator(f".rf-scorepad tr.{cls}").all():
        title = tr.locator("th").inner_text().strip()
        cells = [c.strip() for c in tr.locator("td").all_inner_texts()]
        out[title] = cells[1::2]  # each player has two cells; the VP is the second
    return out


def tales_by_hand(entry, names: list[str]) -> dict[int, dict[str, int]]:
    """The three Tales' VP worked out from the pieces, as their cards say."""
    spaces: dict[str, set] = {}
    for t in entry.tiles:
        if t.spec.special_area:
            spaces.setdefault(t.kind, set()).update(t.cells)
    pieces = [(pc.space, pc.player) for pc in entry.pieces]

    def near(where: set, on: bool) -> dict[str, int]:
        ring = {n for s in where for n in neighbours(s)} - where
        around = ring | where if on else ring
        c: dict[str, int] = {}
        for s, p in pieces:
            if s in around:
                c[p] = c.get(p, 0) + 1
        return c

    out: dict[int, dict[str, int]] = {n: {} for n in TALES}
    # 'The player with a clear majority of game pieces adjacent to or on the Sunken City gains 20 VP.'
    c = near(spaces.get("sunken-city", set()), True)
    if c and list(c.values()).count(max(c.values())) == 1:
        out[12][max(c, key=c.get)] = 20
    # 'Each player with at least one unit in a Waterfall space gains 5 VP per Waterfall space occupied.'
    falls = spaces.get("waterfall-bottom", set()) | spaces.get("waterfall-top", set())
    for p in names:
        n = len({s for s, q in pieces if q == p and s in falls})
        if n:
            out[20][p] = 5 * n
    # 'the player with the most game pieces adjacent to the Volcano gains 30 VP ... share the 30 VP, rounded up'
    c = near(spaces.get("volcano", set()), False)
    if c:
        top = [p for p, v in c.items() if v == max(c.values())]
        for p in top:
            out[23][p] = -(-30 // len(top))
    return out


def test_a_world_with_three_tales_built_a_game_with_guilds_played_and_scored(server, browser):
    url, data, _ = server
    assert T.draw(3, SEED) == TALES
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)

    # the World: three players, with Tales, a random World from its seed
    page.get_by_text("New World", exact=True).first.tap()
    panel = page.locator(".rf-panel", has_text="Or a random World")
    panel.get_by_role("button", name="3 players").tap()
    panel.get_by_text("Play with Tales").tap()
    seed = panel.locator("input[type=number]").first
    seed.fill(str(SEED))
    seed.press("Enter")
    page.locator("button.rf-random").tap()
    wait_for(lambda: latest_build(data)[0].state.complete and latest_build(data)[0].state.tales == TALES, timeout=60)
    b = latest_build(data)[0].state
    assert b.world.count("sunken-city") == 1 and b.world.count("volcano") == 1 and b.world.count("waterfall-top") == 1
    page.wait_for_selector(".rf-tales:has-text('The Worshipers of the Volcano God')")
    page.get_by_text("New World", exact=True).first.tap()  # fold the panel away
    screenshot(page, "tales-world")

    # the game: set up with the Guilds on the Setup screen, each player a Novice (keeps two, gives one)
    page.get_by_role("button", name="Setup", exact=True).tap()
    page.locator("button.rf-with-guilds").tap()
    wait_for(lambda: page.locator(".rf-guild-level select").count() >= 3)
    for k in range(3):
        page.locator(".rf-guild-level select").nth(k).select_option(label=G.levels()["novice"].label)
    page.locator("button.rf-start-game").tap()
    wait_for(lambda: GameStore(data).games("game") and state(data).phase == "guilds", timeout=30)
    g = state(data)
    assert g.world_tales == TALES and list(g.levels) == ["novice"] * 3
    for _ in range(3):
        g = state(data)
        i = g.to_move()[0]
        who = g.civs[i].name
        page.locator("button.rf-guild-show", has_text=who).tap()
        picks = page.locator(".rf-guild-pick")
        wait_for(lambda: picks.count() == 3)
        hand = list(g.dealt[i])
        # give away a card without an end-game effect where there is one, keep the other two
        give = next((k for k, gid in enumerate(hand) if gid not in END_GAME_GUILDS), 2)
        for k in range(3):
            picks.nth(k).locator("button", has_text="Give to" if k == give else "Keep").tap()
        page.locator("button.rf-guild-choose").tap()
        wait_for(lambda: len(state(data).to_move()) < len(g.to_move()) or state(data).phase != "guilds", timeout=30)
    g = state(data)
    assert g.phase == "placement" and all(len(c.guilds) == 3 for c in g.civs)

    # the first pieces, placed on another tablet: this page follows
    store = GameStore(data)
    s = Session(store.open(game_id(data)), TrackerRules())
    terrain = sorted(top_terrain(s.state.tiles).items())
    specials = {c for t in s.state.tiles if t.spec.special_area for c in t.cells}
    used: set = set()
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        want = ("sea",) if piece == "ship" else ("forest",) if piece == "nomad" else ("plains", "forest", "mountain")
        space = next(sp for sp, t in terrain if t in want and sp not in used and sp not in specials)
        used.add(space)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": space[0], "r": space[1]})
    s.log.close()

    # one turn on the Game screen: every player plays a Nomad card, the first produces Wood, all end their turn
    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector(".rf-guilds-folded summary")  # the Guilds' powers, folded to a line
    g = state(data)
    for i in g.order():
        name = g.civs[i].name
        page.locator(".rf-controls .widget-hbox", has_text=f"{name} plays:").first.locator("button.rf-play-nomad").tap()
        try:
            wait_for(lambda: state(data).civs[i].played or state(data).phase != "A", timeout=30)
        except AssertionError:
            screenshot(page, "tales-failed")
            raise AssertionError(f"{name} could not play a Nomad: {message(page)!r}")
        wait_for(lambda: page.locator(".rf-controls .widget-hbox", has_text=f"{name} plays:").count() == 0, timeout=30)
    acting = state(data).acting
    wood = state(data).civs[acting].wood
    drawn(page, data)
    page.wait_for_selector("button.rf-act-nomad-wood")
    page.locator("button.rf-act-nomad-wood").tap()
    try:
        wait_for(lambda: state(data).civs[acting].wood > wood, timeout=30)
    except AssertionError:
        screenshot(page, "tales-failed")
        g = state(data)
        raise AssertionError(f"{g.civs[acting].name} did not produce Wood (phase {g.phase}, guilds {g.civs[acting].guilds}): "
                             f"{message(page)!r}")
    screenshot(page, "tales-game")
    while state(data).phase == "B":  # each player ends their actions (the last action may have ended Red's)
        drawn(page, data)
        acting = state(data).acting
        for _ in range(3):  # the page may be redrawing as the tap lands: look again and tap again
            try:
                page.locator("button.rf-end-turn").tap(timeout=20_000)
                wait_for(lambda: state(data).acting != acting or state(data).phase != "B", timeout=20)
                break
            except (AssertionError, PlaywrightTimeout):
                drawn(page, data)
        else:
            screenshot(page, "tales-failed")
            g = state(data)
            raise AssertionError(f"End turn of {g.civs[acting].name} not taken (phase {g.phase}): {message(page)!r}")
    g = state(data)
    assert g.phase == "A" and g.turn == 2

    # the rest of the game, played on another tablet until its end
    s = Session(store.open(game_id(data)), TrackerRules())
    rnd = random.Random(SEED)
    while s.state.phase != "over":  # the Volcano's Fantastic Event resolved when two or more players recycle
        opts = tale_legal(s.state, rnd) + ([] if s.state.tale_play.events else legal(s.state))
        acts = [a for a in opts if a["type"] == "act"]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.85 else opts))
    final = s.state
    s.log.close()

    # the scoring of the tracked game: its pieces come with it
    page.get_by_role("button", name="Scores", exact=True).tap()
    page.locator("button.rf-score-game").tap()
    wait_for(lambda: any(x.problem is None for x in GameStore(data).games("scoring")), timeout=30)
    scoring = next(x for x in GameStore(data).games("scoring") if x.problem is None)

    def entry():
        return Session(GameStore(data).open(scoring.id), EntryRules()).state

    assert entry().tales == TALES and entry().game == game_id(data)
    page.wait_for_selector(".rf-total-bar")  # entering the pieces: the scorepad folded to its totals
    names = [p.name for p in entry().players]
    # the pieces that count for the Tales, entered by taps (a tracked game knows no positions):
    # a Nomad on the Waterfall, two Nomads by the Volcano, two Ships by the Sunken City
    terrain = top_terrain(entry().tiles)
    cells = {k: {c for t in entry().tiles if t.kind == k for c in t.cells} for k in ("waterfall-bottom", "volcano", "sunken-city")}
    specials = {c for t in entry().tiles if t.spec.special_area for c in t.cells}

    def ring(where):
        return sorted({n for c in where for n in neighbours(c)} - where)

    by_volcano = [c for c in ring(cells["volcano"]) if terrain.get(c) in ("plains", "forest", "mountain") and c not in specials]
    by_city = [c for c in ring(cells["sunken-city"]) if terrain.get(c) == "sea" and c not in specials]
    plan = [(0, "nomad", sorted(cells["waterfall-bottom"])[0])] + [(1, "nomad", c) for c in by_volcano[:2]] + \
           [(2, "ship", c) for c in by_city[:2]]
    for who, piece, space in plan:
        page.locator(".rf-who button").nth(who).tap()
        page.locator(".rf-piece button", has_text=piece.title()).tap()
        n = len(entry().pieces)
        tap_space(page, space)
        try:
            wait_for(lambda: len(entry().pieces) == n + 1, timeout=30)
        except AssertionError:
            screenshot(page, "tales-failed")
            raise AssertionError(f"{names[who]}'s {piece} at {space} not entered: {message(page)!r}")
    final_entry = entry()
    assert len(final_entry.pieces) == len(plan)
    expected = final_entry.full_score()
    page.locator("button.rf-done-entering").tap()  # the scorepad unfolds
    page.wait_for_selector(".rf-pad-pane .rf-scorepad tr:has-text('Total')")
    wait_for(lambda: page.locator(".rf-scorepad tr.rf-tale-row").count() > 0, timeout=30)

    # the Tales: a row for each Tale that changed a score, each player's VP as worked out by hand
    by_hand = tales_by_hand(final_entry, names)
    assert by_hand[20].get(names[0], 0) >= 5
    want_tales = {f"Tale: {T.tale(n).name}": [f"{by_hand[n][p]:+d}" if p in by_hand[n] else "" for p in names]
                  for n in TALES if by_hand[n]}
    assert rows(page, "rf-tale-row") == want_tales
    for p in expected.players:  # the rules' figures agree with the hand's
        assert {line.tale: line.vp for line in p.tale_lines} == {n: v[p.name] for n, v in by_hand.items() if p.name in v}
    # the Guilds: a row for each guild with an end-game effect held, each holder's VP
    held = {gid for c in final.civs for gid in c.guilds if not c.extinct}
    want_guilds: dict[str, list[str]] = {}
    for p in expected.players:
        for line in p.guild_lines:
            cells = want_guilds.setdefault(f"Guild: {G.guild(line.guild).name}", [""] * len(names))
            cells[names.index(p.name)] = f"{line.vp:+d}"
    assert rows(page, "rf-guild-row") == want_guilds
    assert bool(want_guilds) == bool(held & END_GAME_GUILDS)
    text = page.locator(".rf-scorepad").first.inner_text()
    for p in expected.players:
        for line in p.guild_lines:
            assert f"{line.text}: {line.vp:+d} VP" in text
        for line in p.tale_lines:
            assert f"{line.text}: {line.vp:+d} VP" in text
    totals = [int(t) for t in page.locator(".rf-scorepad .rf-total").all_inner_texts()]
    assert totals == [p.total for p in expected.players]
    screenshot(page, "tales-scores")
    assert "Traceback" not in message(page)
    ctx.close()
