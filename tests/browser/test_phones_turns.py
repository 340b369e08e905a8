"""Two whole turns played on three phones (390×844, touch) beside a tablet: secret cards, the
reveal, an action that claims a Trophy, the Decline phase with face-down cards chosen on the
phones (every websocket frame of the other pages read for the chosen card), a phone reloaded
with its Decline card placed, a purchase made on a phone and two phones deciding at the same
moment, then a second turn to its end.

The game is prepared through the tracker's API before the pages open: a random legal game up to
the start of a turn in which one action can claim a Trophy. Every move of the two turns is a tap
on a phone; every wait is for what the pages draw or the log holds, never a bare sleep."""

import random

from rise_and_fall.test_tracker import legal

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.play.tracker import Game, TrackerRules, card_actions
from companion.seats import Seats

from .harness import listen, phone, recorded, screenshot, settle, tablet, tap_together, wait_for, widget_strings
from .test_secrets import NAMES, start_game, state


def first_card(g: Game, i: int) -> str:
    return sorted(g.civs[i].hand, key=PIECE_TYPES.index)[0]


def trophy_in_reach(g: Game) -> tuple[int, str, str] | None:
    """(player, card, action) such that, every other player playing their first card and only
    ending their actions, playing the card and taking the action once claims a Trophy (hence a
    Decline phase), played out on the tracker's rules."""
    rules = TrackerRules()
    for i in g.order():
        for card in g.civs[i].hand:
            for spec in card_actions(card):
                if any(k in spec for k in ("per", "per_count", "convert", "piracy")):
                    continue  # one tap, no count to enter
                try:
                    t = g
                    for j in g.order():
                        t = rules.apply(t, {"type": "play", "player": j, "card": card if j == i else first_card(g, j)})
                    while t.phase == "B" and t.claimed == g.claimed:
                        if t.acting == i:
                            t = rules.apply(t, {"type": "act", "player": i, "action": spec["id"]})
                            if t.claimed > g.claimed and t.claimed < t.trophies_to_end:
                                t = rules.apply(t, {"type": "end-turn", "player": i})
                                while t.phase == "B":
                                    t = rules.apply(t, {"type": "end-turn", "player": t.acting})
                                if all(len(c.active) >= 2 for c in t.civs):  # a choice of Decline card, none goes extinct
                                    return i, card, spec["id"]
                                break
                        t = rules.apply(t, {"type": "end-turn", "player": t.acting})
                except IllegalAction:
                    continue
    return None


def prepare(data) -> tuple[int, int, str, str]:
    """A 3-player game (a random legal one, pieces added whenever an action allows) at the start
    of a turn with a Trophy in reach that does not end the game;
    someone can pay for a card in Decline after it. (turn, player, card, action)."""
    for seed in range(12):
        gid = start_game(data)
        store = GameStore(data)
        info = next(x for x in store.games("game") if x.id == gid)
        s = Session(store.open(info.id), TrackerRules())
        rnd = random.Random(seed)
        for _ in range(400):
            g = s.state
            if g.phase == "over" or g.turn > 16:
                break  # a short game keeps every page quick to replay it
            plan = trophy_in_reach(g) if g.phase == "A" and not any(c.played for c in g.civs) and g.turn >= 2 else None
            if plan and max(c.gold for j, c in enumerate(g.civs) if j != plan[0]) >= load_rules().decline_cost(g.claimed + 1):
                Seats(s.log).ensure(3)
                s.log.close()
                return (g.turn, *plan)
            opts = legal(g)
            acts = [o for o in opts if o["type"] == "act"]
            grow = [o for o in acts if any(k in spec for spec in card_actions(g.acting_card)
                                           if spec["id"] == o["action"] for k in ("add", "replace"))]
            s.do(rnd.choice(grow or (acts if acts and rnd.random() < 0.9 else opts)))  # pieces added: Trophies come sooner
        s.log.close()
        info.path.unlink()  # not this one: try the next seed
    raise AssertionError("no game with a Trophy in reach was found")


def shows(page, text: str, timeout: float = 20_000) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


def tap(page, css: str) -> None:
    page.locator(f".rf-seat-controls button.{css}").first.tap()


def test_two_whole_turns_on_three_phones_with_a_decline_and_a_purchase(server, browser, rulebook_text):
    from conftest import quote

    quote(rulebook_text, "Once all of the players have placed their cards, these are turned over")
    quote(rulebook_text, "then the player with the First Player token makes their purchase first, followed by every other player going clockwise")
    url, data, _ = server
    turn, hero, card, action = prepare(data)
    g = state(data)
    claimed = g.claimed
    tokens = Seats(_log(data)).all()
    tab_ctx = tablet(browser)
    tab = tab_ctx.new_page()
    frames = {"tablet": recorded(tab)}
    listen(tab)  # settle() reads what the tablet's kernel answers
    tab.goto(url + "?game=rise-and-fall&screen=game")
    ctxs, phones = [], []
    for i in range(3):
        ctx = phone(browser)
        page = ctx.new_page()
        frames[NAMES[i]] = recorded(page)
        page.goto(url + f"?game=rise-and-fall&seat={tokens[i].token}")
        ctxs.append(ctx)
        phones.append(page)
    for i, page in enumerate(phones):
        shows(page, f"{NAMES[i]}'s seat · Turn {turn}", timeout=90_000)
        page.wait_for_selector(".rf-seat-controls button[class*='rf-choose-']")
    tab.wait_for_selector(".rf-controls")
    shows(tab, "chooses on their phone")

    # --- turn 1 of 2, phase A: every phone chooses in secret; the hero's card can claim a Trophy
    for i in g.order():
        pick = card if i == hero else first_card(g, i)
        tap(phones[i], f"rf-choose-{pick}")
        wait_for(lambda i=i: state(data).civs[i].played or state(data).phase != "A", timeout=30)
    for page in (tab, *phones):  # the reveal, on every device
        page.wait_for_function("() => !document.querySelector('.rf-card-back') && "
                               "document.querySelectorAll('.rf-state-played .rf-card').length === 3", timeout=20_000)

    # --- phase B: each player acts on their own phone, in turn; the hero claims a Trophy
    while state(data).phase == "B":
        g = state(data)
        page = phones[g.acting]
        page.wait_for_selector(".rf-seat-controls button.rf-end-turn", timeout=20_000)
        if g.acting == hero and g.claimed == claimed:
            tap(page, f"rf-act-{action}")
            wait_for(lambda: state(data).claimed == claimed + 1, timeout=30)
            continue
        before = len(Session(_log(data), TrackerRules()).history())
        tap(page, "rf-end-turn")
        wait_for(lambda b=before: len(Session(_log(data), TrackerRules()).history()) > b, timeout=30)
    g = state(data)
    assert g.phase == "C" and g.claimed == claimed + 1 and g.turn == turn

    # --- phase C: the Decline cards, face down on the phones. A first player places one, the
    # tablet undoes it, they place another: every frame sent to the other pages is the same.
    first = next(i for i in g.order() if len(g.civs[i].active) >= 2)
    one, other = sorted(g.civs[first].active, key=PIECE_TYPES.index)[:2]
    others = [k for k in frames if k != NAMES[first]]
    chooser = phones[first]
    watcher = phones[next(i for i in range(3) if i != first)]

    def place(c: str) -> dict[str, list[str]]:
        chooser.wait_for_selector(f".rf-seat-controls button.rf-decline-{c}", timeout=20_000)
        settle(tab)
        for f in frames.values():
            f.clear()
        tap(chooser, f"rf-decline-{c}")
        wait_for(lambda: (first, c) in state(data).face_down, timeout=30)
        shows(chooser, f"Into Decline, face down: {c.title()}")
        shows(tab, f"{NAMES[first]} 1 face down")
        shows(watcher, f"{NAMES[first]} 1 face down")
        settle(tab)
        return {k: widget_strings(frames[k]) for k in others}

    # a first placement, taken back: a page's message about phase B goes with the first change of
    # the log, so both placements compared below are made from the same screens, after an Undo
    place(one)
    tab.locator("button.rf-game-undo").tap()
    wait_for(lambda: not state(data).face_down, timeout=30)
    sent_one = place(one)
    assert any(f"{NAMES[first]} 1 face down" in s for s in sent_one["tablet"])
    tab.locator("button.rf-game-undo").tap()
    wait_for(lambda: not state(data).face_down, timeout=30)
    sent_other = place(other)
    for k in others:
        assert sent_one[k] == sent_other[k], k  # nothing another page receives tells which card
    screenshot(chooser, "phone-decline-face-down")
    # the player changes their mind; the others still receive nothing of it
    for f in frames.values():
        f.clear()
    tap(chooser, f"rf-change-{one}")
    wait_for(lambda: (first, one) in state(data).face_down, timeout=30)
    shows(chooser, f"Into Decline, face down: {one.title()}")
    settle(tab)
    for k in others:  # neither the chooser's line nor the card in the Decline zone's list
        sent = widget_strings(frames[k])
        assert not any(f"face down: <b>{one.title()}" in s or f"{NAMES[first]} {one.title()}" in s for s in sent), k

    # the next player places theirs, then their phone reloads: still placed, still changeable
    nxt = next(i for i in state(data).to_move() if i != first)
    theirs = sorted(state(data).civs[nxt].active, key=PIECE_TYPES.index)[0]
    tap(phones[nxt], f"rf-decline-{theirs}")
    wait_for(lambda: (nxt, theirs) in state(data).face_down, timeout=30)
    phones[nxt].reload()
    shows(phones[nxt], f"Into Decline, face down: {theirs.title()}", timeout=90_000)
    assert f"{NAMES[nxt]}'s seat" in phones[nxt].inner_text(".rf-seat-head")
    for i in state(data).to_move():  # the last one turns every card over
        tap(phones[i], f"rf-decline-{sorted(state(data).civs[i].active, key=PIECE_TYPES.index)[0]}")
        wait_for(lambda i=i: state(data).phase != "C" or i not in state(data).to_move(), timeout=30)
    g = state(data)
    assert g.phase == "D" and one in g.civs[first].decline
    for page in (tab, *phones):
        shows(page, f"{NAMES[first]} {one.title()}")  # face up in the Decline zone on every device

    # --- phase D: one player buys back a card on their phone; two others decide at the same moment
    rulebook_order = g.order()  # the First Player, then clockwise
    buyer = next(i for i in reversed(rulebook_order) if g.civs[i].gold >= g.price_for(i) and g.civs[i].decline)
    price = g.price_for(buyer)
    bought = g.civs[buyer].decline[0]
    gold = g.civs[buyer].gold
    tap(phones[buyer], f"rf-buy-{bought}")
    wait_for(lambda: buyer in state(data).decided or state(data).phase != "D", timeout=30)
    deciders = [i for i in state(data).to_move()]
    passes = [phones[i].locator(".rf-seat-controls button.rf-pass") for i in deciders]
    for b in passes:
        b.wait_for(timeout=20_000)
    tap_together(*passes)  # two fingers on two phones at the same moment
    wait_for(lambda: state(data).turn == turn + 1, timeout=30)
    g = state(data)
    assert g.civs[buyer].gold == gold - price and bought not in g.civs[buyer].decline
    for i in deciders:
        assert not phones[i].locator(".rf-msg-error").count()  # choices of different players both count
    # the tablet shows the purchases in the rulebook's order: the First Player first, then clockwise
    shows(tab, f"Purchases of turn {turn}")
    lines = tab.locator(".rf-purchases li").all_inner_texts()
    assert [x.split()[0] for x in lines] == [NAMES[i] for i in rulebook_order], lines
    assert f"buys back the {bought.title()} card for {price} GP" in lines[rulebook_order.index(buyer)]
    assert "(First Player)" in lines[0]
    screenshot(tab, "tablet-purchases-in-order")

    # --- turn 2 of 2: cards, actions (each ends at once), no Trophy, purchases passed: turn 3 begins
    for i, page in enumerate(phones):
        shows(page, f"Turn {turn + 1}")
    for i in g.order():
        page = phones[i]
        page.wait_for_selector(".rf-seat-controls button[class*='rf-choose-']", timeout=20_000)
        page.locator(".rf-seat-controls button[class*='rf-choose-']").first.tap()
        wait_for(lambda i=i: state(data).civs[i].played or state(data).phase != "A", timeout=30)
    while state(data).phase == "B":
        g = state(data)
        before = len(Session(_log(data), TrackerRules()).history())
        phones[g.acting].wait_for_selector(".rf-seat-controls button.rf-end-turn", timeout=20_000)
        tap(phones[g.acting], "rf-end-turn")
        wait_for(lambda b=before: len(Session(_log(data), TrackerRules()).history()) > b, timeout=30)
    while state(data).phase == "D":
        i = state(data).to_move()[0]
        phones[i].locator(".rf-seat-controls button.rf-pass").wait_for(timeout=20_000)
        tap(phones[i], "rf-pass")
        wait_for(lambda i=i: i in state(data).decided or state(data).phase != "D", timeout=30)
    g = state(data)
    assert (g.turn, g.phase) == (turn + 2, "A"), (g.turn, g.phase)
    for i, page in enumerate(phones):
        shows(page, f"{NAMES[i]}'s seat · Turn {turn + 2}")
        page.wait_for_selector(".rf-seat-controls button[class*='rf-choose-']")
    shows(tab, f"Turn {turn + 2}")
    for ctx in (tab_ctx, *ctxs):
        ctx.close()


def _log(data):
    store = GameStore(data)
    return store.open(next(x for x in store.games("game") if x.problem is None).id)
