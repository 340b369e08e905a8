"""Controls stay under the finger: between two taps of a flow (the World, the Game on the tablet and
on a phone's seat, the Scores) no control that is on the screen before and after the tap moves by
more than a few pixels, whatever messages come, change or go, on a 1024×768 tablet and a 390×844
phone. Each flow prints the largest move it measured, tap by tap."""

from __future__ import annotations

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.rise_and_fall.world.world import top_terrain
from companion.rise_and_fall.world.worldgen import generate
from companion.seats import Seats

from .harness import (
    css_mapper,
    latest_build,
    listen,
    message,
    open_app,
    phone,
    screenshot,
    settle,
    tablet,
    tap_space,
    wait_for,
)
from .test_guild_flow import DEAL
from .test_secrets import NAMES, start_game

#: the most a control may move between two taps, in CSS pixels
MOST_PX = 3

#: every control on the screen (buttons, boxes to type in, lists, folded panels, boards: what a finger
#: can reach without a scroll), each named by its classes and its words (the n-th of the same name:
#: "#n"), with its left, top and height measured from the top of the page (the same whatever the
#: page's scroll)
CONTROLS = """() => { const app = document.querySelector('.rf-app') || document.body; const a = app.getBoundingClientRect();
    const seen = {}; const out = [];
    for (const e of document.querySelectorAll('button, input, select, summary, canvas.rf-board')) {
      if (!e.offsetParent || e.closest('.rf-nav') || e.closest('[style*="display: none"]')) continue;
      const r = e.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
      const classes = [...e.classList].filter(c => c.startsWith('rf-') && c !== 'rf-btn').join('.');
      const row = e.parentElement && e.parentElement.closest('.widget-hbox');  // a row of buttons: whose it is
      const whose = row && row.firstElementChild && !row.firstElementChild.contains(e) ? row.firstElementChild.innerText.trim().slice(0, 16) + ': ' : '';
      let name = e.tagName.toLowerCase() + (classes ? '.' + classes : '') + ' ' + whose + (e.innerText || e.value || '').trim().slice(0, 40);
      seen[name] = (seen[name] || 0) + 1; if (seen[name] > 1) name += ' #' + seen[name];
      out.push([name, r.left - a.left, r.top - a.top, r.height]); }
    return out; }"""


#: the heights of the screen's parts, two levels down: which part grew or shrank, said when a control moved
PARTS = """() => { const out = {}; const screen = document.querySelector('.rf-screen, .rf-seat'); if (!screen) return out;
    [...screen.children].forEach((c, i) => { out[i + ' ' + c.className.split(' ').filter(x => x.startsWith('rf-')).join('.')] = c.offsetHeight;
      [...c.children].forEach((d, j) => { out[i + '.' + j + ' ' + d.className.split(' ').filter(x => x.startsWith('rf-')).join('.')] = d.offsetHeight; }); });
    return out; }"""


class Flow:
    """Taps of one flow on one page, the controls measured after each (once the kernel has answered)."""

    def __init__(self, page, name: str, controls: str = CONTROLS, parts: str = "") -> None:
        self.page, self.name, self.controls = page, name, controls
        self.parts_js = parts or PARTS
        self.steps: list[tuple[str, dict]] = []
        self.moves: list[tuple[float, str, str]] = []  # (px, from what to what, which control)
        self.parts: dict[str, dict] = {}  # the heights of the screen's parts after each tap

    def measure(self, said: str, another_screen: bool = False) -> None:
        """The controls after a tap (``said``); a tap that opens another screen, or another way
        of the same screen, is not measured against the one before."""
        settle(self.page)
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        now = {n: (x, y, h) for n, x, y, h in self.page.evaluate(self.controls)}
        if self.steps and not another_screen:
            then, before = self.steps[-1]
            for n in before.keys() & now.keys():
                (x0, y0, h0), (x1, y1, h1) = before[n], now[n]
                px = max(abs(x1 - x0), abs(y1 - y0), abs(h1 - h0))
                self.moves.append((px, f"{then} → {said}", n))
        self.steps.append((said, now))
        self.parts[said] = self.page.evaluate(self.parts_js)

    def grown(self, when: str) -> str:
        """The parts of the screen whose height changed between the two taps ``when`` names."""
        then, now = (self.parts[s] for s in when.split(" → "))
        return ", ".join(f"{k} {then.get(k, 0)}→{now.get(k, 0)}" for k in sorted(then.keys() | now.keys())
                         if abs(then.get(k, 0) - now.get(k, 0)) > MOST_PX)

    def check(self) -> list[str]:
        """What moved more than :data:`MOST_PX`, the largest move said (the page's picture kept)."""
        worst = sorted(self.moves, reverse=True)
        print(f"\n{self.name}: {len(self.steps)} steps, largest move {worst[0][0]:.0f} px ({worst[0][1]}: {worst[0][2]})"
              if worst else f"\n{self.name}: nothing measured")
        screenshot(self.page, f"controls-stay-{self.name}")
        assert len(self.steps) >= 3 and self.moves, self.steps
        moved, said = [], set()
        for px, when, what in worst:  # the largest move of each tap that moved a control
            if px > MOST_PX and when not in said:
                moved.append(f"{px:.0f} px, {when}: {what} (the parts that changed: {self.grown(when)})")
                said.add(when)
        for line in moved[:12]:
            print("  " + line)
        return [f"{self.name}: " + "; ".join(moved[:6])] if moved else []


def far_space(page, build):
    """An empty Space on the board, far from every Sea tile: a tap there is refused."""
    covered = {c for t in build.legal("sea") for c in t.cells}
    to_css, (left, top, right, bottom) = css_mapper(page)
    on_board = [(q, r) for q in range(-25, 25) for r in range(-25, 25) if (q, r) not in covered and (q, r) not in build.world
                and left + 20 < to_css((q, r))[0] < right - 20 and top + 20 < to_css((q, r))[1] < bottom - 20]
    return max(on_board, key=lambda h: min(abs(h[0] - c[0]) + abs(h[1] - c[1]) for c in build.world.spaces()))


def world_flow(page, url, data, name: str) -> Flow:
    open_app(page, url)
    build = latest_build(data)[0].state
    flow = Flow(page, name)
    flow.measure("opened")
    tile = build.legal("sea")[0]
    tap_space(page, tile.cells[0])
    wait_for(lambda: "fits here" in message(page))
    flow.measure("a preview")
    tap_space(page, far_space(page, build))
    wait_for(lambda: "must touch at least 2 Sea tiles" in message(page))
    flow.measure("a refused tap")
    page.locator("button.rf-cancel").tap()
    wait_for(lambda: message(page).strip() == "")
    flow.measure("cancelled")
    tap_space(page, tile.cells[0])
    wait_for(lambda: "fits here" in message(page))
    flow.measure("the preview again")
    page.locator("button.rf-place").tap()
    wait_for(lambda: len(latest_build(data)[0].state.tiles) == len(build.tiles) + 1)
    flow.measure("placed")
    for k in range(2):  # the second tap on Undo lands on Undo
        page.locator("button.rf-undo").tap()
        settle(page)
        flow.measure(f"Undo {k + 1}")
    page.locator("button.rf-redo").tap()
    flow.measure("Redo")
    page.locator("button.rf-regions").tap()
    flow.measure("Regions")
    page.locator("button.rf-regions").tap()
    flow.measure("Regions hidden")
    return flow


def test_no_control_moves_when_the_worlds_messages_come_and_go(server, browser):
    url, data, _ = server
    moved = []
    for name, make in (("world-tablet", tablet), ("world-phone", phone)):
        ctx = make(browser)
        moved += world_flow(ctx.new_page(), url, data, name).check()
        ctx.close()
    assert not moved, moved


def guild_game(data) -> str:
    """A 2-player game with the Guilds dealt (the draft is tapped on the Setup screen)."""
    store = GameStore(data)
    gid, log = store.create("game", "guilds")
    Session(log, TrackerRules()).do({
        "type": "setup", "players": [{"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "blue"}], "first": 0,
        "world": generate(2, 2).to_dict(), "tracker_version": TRACKER_VERSION, "guilds": {"levels": ["normal", "normal"], "dealt": DEAL}})
    log.close()
    return gid


def game_state(data, gid):
    return Session(GameStore(data).open(gid), TrackerRules()).state


def test_no_control_moves_between_the_taps_of_a_game_on_the_tablet(server, browser):
    """The Guild draft and its long reveal, the first pieces tapped on the board, the cards played,
    an action, Undo twice and Redo."""
    url, data, _ = server
    gid = guild_game(data)
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    page.get_by_role("button", name="Setup", exact=True).tap()
    flow = Flow(page, "game-tablet")
    flow.measure("Setup")
    for who in ("Ana", "Ben"):
        page.locator("button.rf-guild-show", has_text=who).tap()
        picks = page.locator(".rf-guild-pick")
        wait_for(lambda: picks.count() == 3)
        flow.measure(f"{who}'s cards shown")
        picks.nth(0).locator("button", has_text="Keep").tap()
        flow.measure(f"{who} keeps")
        picks.nth(1).locator("button", has_text="Give to").tap()
        flow.measure(f"{who} gives")
        page.locator("button.rf-guild-choose").tap()
        flow.measure(f"{who} chooses")
    wait_for(lambda: game_state(data, gid).phase == "placement")
    wait_for(lambda: "Ana: Lumberjacks:" in message(page))  # the long reveal
    terrain = sorted(top_terrain(game_state(data, gid).tiles).items())
    used: set = set()
    while (g := game_state(data, gid)).phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        page.locator(".rf-first-piece button", has_text=piece.title()).first.tap()
        flow.measure(f"{g.civs[i].name} chooses a {piece}")
        space = next(sp for sp, t in terrain if t in STANDS_ON[piece] and t not in ("glacier",)
                     and (piece != "nomad" or t == "forest") and sp not in used)
        used.add(space)
        n = len(g.positions)
        tap_space(page, space)
        wait_for(lambda: len(game_state(data, gid).positions) == n + 1 or game_state(data, gid).phase != "placement")
        flow.measure(f"{g.civs[i].name}'s {piece} placed")
    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector(".rf-controls button.rf-play-nomad")
    flow.measure("Game", another_screen=True)
    for k, name in enumerate(("Ana", "Ben")):
        page.locator(".rf-controls .widget-hbox", has_text=f"{name} plays:").first.locator("button.rf-play-nomad").tap()
        wait_for(lambda: game_state(data, gid).civs[k].played or game_state(data, gid).phase != "A")
        flow.measure(f"{name} plays")
    page.wait_for_selector("button.rf-act-nomad-wood")
    flow.measure("the reveal")
    page.locator("button.rf-act-nomad-wood").tap()
    wait_for(lambda: game_state(data, gid).civs[0].wood == 2)
    flow.measure("Produce 2 Wood")
    for k in range(2):
        page.locator("button.rf-game-undo").tap()
        flow.measure(f"Undo {k + 1}")
    page.locator("button.rf-game-redo").tap()
    flow.measure("Redo")
    moved = flow.check()
    ctx.close()
    assert not moved, moved


def test_no_control_moves_between_the_taps_of_a_game_on_a_phone(server, browser):
    """Ana's seat: her card chosen and changed, the reveal, her actions, Undo on her phone."""
    url, data, _ = server
    gid = start_game(data)
    store = GameStore(data)
    log = store.open(gid)
    seats = Seats(log).ensure(3)
    log.close()
    ctx = phone(browser)
    page = ctx.new_page()
    listen(page)
    page.goto(url + f"?game=rise-and-fall&seat={seats[0].token}")
    page.wait_for_selector("button.rf-choose-city")
    flow = Flow(page, "game-phone")
    flow.measure("Ana's seat")
    page.locator("button.rf-choose-city").tap()
    wait_for(lambda: game_state(data, gid).civs[0].played == ("city",))
    flow.measure("City chosen")
    page.locator("button.rf-change-nomad").tap()
    wait_for(lambda: game_state(data, gid).civs[0].played == ("nomad",))
    flow.measure("changed to Nomad")
    page.locator("button.rf-change-city").tap()
    wait_for(lambda: game_state(data, gid).civs[0].played == ("city",))
    flow.measure("changed to City")
    s = Session(store.open(gid), TrackerRules())
    for i in (1, 2):  # Ben and Cy choose on their own phones
        s.do({"type": "play", "player": i, "card": sorted(s.state.civs[i].hand)[0]})
        flow.measure(f"{NAMES[i]} chose")
    for _ in range(6):
        g = s.state
        if g.phase != "B":
            break
        if g.acting != 0:
            s.do({"type": "end-turn", "player": g.acting})
            flow.measure(f"{NAMES[g.acting]}'s actions end")
            continue
        acts = page.locator("button.rf-act:not([disabled])")
        if acts.count():
            acts.first.tap()
            flow.measure("Ana acts")
        if game_state(data, gid).acting == 0 and page.locator("button.rf-end-turn").count():
            page.locator("button.rf-end-turn").tap()
            flow.measure("Ana ends her actions")
        s.refresh()
    s.log.close()
    moved = flow.check()
    ctx.close()
    assert not moved, moved


def scoring(data):
    store = GameStore(data)
    g = next(x for x in store.games("scoring") if x.problem is None)
    return Session(store.open(g.id), EntryRules()).state


def scores_flow(page, url, data, name: str) -> Flow:
    """The pieces entered (a player, a piece, a Space), then the fast path: a Region tapped on the
    board and its majority, Region after Region."""
    open_app(page, url)
    page.get_by_role("button", name="Scores", exact=True).tap()
    page.locator("button.rf-score-world").tap()
    page.wait_for_selector(".rf-total-bar")
    flow = Flow(page, name)
    flow.measure("Scores")
    e = scoring(data)
    terrain = e.terrain()
    lands = [s for s, t in sorted(terrain.items()) if t in ("plains", "forest", "mountain")]
    for k, who in enumerate(p.name for p in e.players[:2]):
        page.locator(".rf-who button", has_text=who).first.tap()
        flow.measure(f"{who} chosen")
        n = len(scoring(data).pieces)
        tap_space(page, lands[3 * k])
        wait_for(lambda: len(scoring(data).pieces) == n + 1)
        flow.measure(f"{who}'s City")
    page.locator(".rf-piece button", has_text="Ship").first.tap()
    flow.measure("Ship chosen")
    tap_space(page, lands[1])  # a Ship on land: refused
    flow.measure("a refused Ship")
    page.get_by_role("button", name="Fast path: majorities").tap()
    page.wait_for_selector("button.rf-vote-tie")
    flow.measure("the fast path", another_screen=True)
    regions = scoring(data).fast_score().regions
    for k in scoring(data).regions_to_vote()[:4]:
        tap_space(page, regions[k].region.spaces[0])
        flow.measure(f"Region {k + 1} tapped")
        votes = len(scoring(data).votes)
        page.locator("button.rf-vote-0").tap()
        wait_for(lambda: len(scoring(data).votes) == votes + 1)
        flow.measure(f"Region {k + 1} voted")
    return flow


def test_no_control_moves_between_the_taps_of_a_scoring(server, browser):
    url, data, layouts = server
    from companion.ui.app import App

    app = App(data_dir=data, layouts_dir=layouts, game="rise-and-fall")  # a complete World to score
    app.world.n_players.value = 3
    app.world.seed.value = 2
    app.world.random_btn.click()
    moved = []
    for name, make in (("scores-tablet", tablet), ("scores-phone", phone)):
        ctx = make(browser)
        moved += scores_flow(ctx.new_page(), url, data, name).check()
        ctx.close()
    assert not moved, moved
