"""The tracker in a real browser: two whole turns with a Trophy, a Decline phase and a
purchase, by taps alone, with a reload in the middle."""

import random
import sys
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules, card_actions
from companion.rise_and_fall.world.worldgen import generate

from .harness import message, open_app, screenshot, tablet, wait_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rise_and_fall.test_tracker import legal  # noqa: E402

R = TrackerRules()


def trophy_in_reach(g):
    """At phase A: (player, card, action id) that claims a Trophy this turn, with someone able to
    buy a card back (5 GP) afterwards."""
    for i in g.order():
        for card in g.civs[i].hand:
            for spec in card_actions(card):
                if "convert" in spec:
                    continue
                h = g
                try:
                    for j in g.order():
                        h = R.apply(h, {"type": "play", "player": j, "card": card if j == i else h.civs[j].hand[0]})
                    while h.acting != i:
                        h = R.apply(h, {"type": "end-turn", "player": h.acting})
                    a = {"type": "act", "player": i, "action": spec["id"]}
                    if "per" in spec:
                        a["count"] = 1
                    h2 = R.apply(h, a)
                except (IllegalAction, IndexError):
                    continue
                if h2.claimed_this_turn and any(c.gold >= 10 for c in g.civs):
                    return i, card, a
    return None


def prepared_actions(seed=3):
    """A legal game, played at random from the start until a Trophy is one action away."""
    rnd = random.Random(seed)
    world = generate(3, 2).to_dict()
    for attempt in range(200):
        g = R.initial()
        actions = [{"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Ana", "red"), ("Ben", "yellow"), ("Cy", "blue"))],
                    "first": 0, "world": world, "tracker_version": TRACKER_VERSION}]
        g = R.apply(g, actions[0])
        terrain = sorted(__import__("companion.rise_and_fall.world.world", fromlist=["top_terrain"]).top_terrain(g.tiles).items())
        used = set()
        while g.phase == "placement":
            i = g.to_move()[0]
            piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
            want = ("sea",) if piece == "ship" else ("plains", "forest", "mountain")
            space = next(s for s, t in terrain if t in want and s not in used)
            used.add(space)
            a = {"type": "place-first", "player": i, "piece": piece, "q": space[0], "r": space[1]}
            g = R.apply(g, a)
            actions.append(a)
        for _ in range(3000):
            if g.phase == "A" and g.turn > 2:
                plan = trophy_in_reach(g)
                if plan:
                    return actions, plan
            if g.phase == "over":
                break
            opts = legal(g)
            acts = [o for o in opts if o["type"] == "act"]
            a = rnd.choice(acts if acts and rnd.random() < 0.9 else opts)
            g = R.apply(g, a)
            actions.append(a)
    pytest.fail("no game with a Trophy in reach was found")


def state(data):
    store = GameStore(data)
    g = next(x for x in store.games("game") if x.problem is None)
    return Session(store.open(g.id), TrackerRules()).state


def tap_in_row(page, text, css):
    row = page.locator(".rf-controls .widget-hbox", has_text=text).first
    row.locator(f"button.{css}").first.tap()


def test_two_turns_with_a_trophy_a_decline_and_a_purchase(server, browser):
    url, data, _ = server
    actions, (claimer, card, act) = prepared_actions()
    store = GameStore(data)
    _, log = store.create("game", "prepared")
    s = Session(log, TrackerRules())
    for a in actions:
        s.do(a)
    g0 = s.state
    names = [c.name for c in g0.civs]

    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector(".rf-controls button")
    screenshot(page, "game-phase-a")

    def play_all(choice):
        g = state(data)
        for i in g.order():
            c = choice(i, g)
            tap_in_row(page, f"{names[i]} plays:", f"rf-play-{c}")
            wait_for(lambda: state(data).civs[i].played or state(data).phase != "A")

    # turn 1 of 2: the claimer plays the card that wins a Trophy
    play_all(lambda i, g: card if i == claimer else g.civs[i].hand[0])
    wait_for(lambda: state(data).phase == "B")
    while state(data).phase == "B":
        g = state(data)
        if g.acting == claimer and not g.claimed_this_turn:
            if "count" in act:
                page.locator(".rf-controls input[type=number]").fill("1")
            page.locator(f"button.rf-act-{act['action']}").first.tap()
            wait_for(lambda: state(data).claimed_this_turn)
            screenshot(page, "game-trophy")
            if state(data).acting != g.acting or state(data).phase != "B":
                continue  # the claimer's last piece acted: that tap ended their actions too
        # the page's button for the player acting now (a tap on the last player's, still drawn, is refused as stale)
        page.locator("button.rf-end-turn", has_text=f"{names[g.acting]} ends their actions").tap()
        wait_for(lambda: state(data).acting != g.acting or state(data).phase != "B")
    g = state(data)
    assert g.phase == "C" and g.claimed == g0.claimed + len(g.claimed_this_turn) >= 1
    for i in g.to_move():
        tap_in_row(page, f"{names[i]} puts into Decline", f"rf-decline-{g.civs[i].active[0]}")
        try:
            wait_for(lambda: state(data).phase != "C" or i not in state(data).to_move())
        except AssertionError:
            screenshot(page, "game-failed")
            raise AssertionError(f"{names[i]} could not decline {g.civs[i].active[0]}: {message(page)!r}")
    g = state(data)
    assert g.phase == "D"

    # a reload in the middle: the game resumes exactly where it was, on the same screen (its address)
    page.reload()
    page.wait_for_selector(".rf-nav-tabs .mod-active:has-text('Game')")
    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector("text=Purchase a card in Decline")
    assert state(data) == g
    screenshot(page, "game-after-reload")

    buyer = next(i for i in g.to_move() if g.civs[i].gold >= g.decline_price and g.civs[i].decline)
    bought = g.civs[buyer].decline[0]
    tap_in_row(page, f"{names[buyer]} (", f"rf-buy-{bought}")
    wait_for(lambda: bought not in state(data).civs[buyer].decline)
    for i in state(data).to_move():
        tap_in_row(page, f"{names[i]} (", "rf-pass")
        wait_for(lambda: i not in state(data).to_move() or state(data).phase != "D")
    g1 = state(data)
    assert g1.phase in ("A", "over") and g1.civs[buyer].gold == g.civs[buyer].gold - g.decline_price
    if g1.phase == "over":
        return

    # turn 2 of 2: no Trophy, so no Decline phase
    play_all(lambda i, g: g.civs[i].hand[0])
    while state(data).phase == "B":
        acting_now = state(data).acting
        page.locator("button.rf-end-turn", has_text=f"{names[acting_now]} ends their actions").tap()
        wait_for(lambda: state(data).acting != acting_now or state(data).phase != "B")
    assert state(data).phase == "D"
    while state(data).phase == "D":
        i = state(data).to_move()[0]
        tap_in_row(page, f"{names[i]} (", "rf-pass")
        wait_for(lambda: i not in state(data).to_move() or state(data).phase != "D")
    assert state(data).turn == g0.turn + 2
    screenshot(page, "game-two-turns-later")
    assert "Traceback" not in message(page)
    ctx.close()
