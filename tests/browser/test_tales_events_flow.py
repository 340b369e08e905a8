"""A Fantastic Event played on the phones in a real browser: a game on a World with the Dragon, the
Dolmens and the Volcano, prepared through the tracker's API up to a Recycling phase where every
player must recycle. On the First Player's phone (390×844, touch) the Dragon's event is tapped
through (a Nomad destroyed by its stepper, the Dragon's new Space tapped on the board); another
phone says which events wait and who resolves them; the First Player's page is reloaded while the
Volcano's event waits and finds it still waiting, and the Volcano's orientation is tapped. Each
result is read from the page and from the log; every wait is for what the page draws or the log
holds, and a tap that may race a redraw is looked for again."""


from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.world import top_terrain
from companion.seats import Seats

from .harness import listen, phone, screenshot, settle, tap_space, wait_for

NAMES = ("Ana", "Ben", "Cy")
TALES = (1, 10, 23)  # the Dragon, the Dolmens (no event) and the Worshipers of the Volcano God


def prepare(data) -> None:
    """Set up, the first pieces and the Dragon placed, then three turns in which every player plays
    their first card and ends their actions: at turn 3 every hand is empty, the events wait."""
    store = GameStore(data)
    _, log = store.create("game", "events")
    s = Session(log, TrackerRules())
    s.do({"type": "setup", "players": [{"name": n, "colour": c} for n, c in zip(NAMES, ("red", "yellow", "blue"))],
          "first": 0, "world": generate_with_tales(3, 11, TALES).to_dict(), "tracker_version": TRACKER_VERSION})
    terrain = sorted(top_terrain(s.state.tiles).items())
    specials = {c for t in s.state.tiles if t.spec.special_area for c in t.cells} | {(q, r) for _, q, r in s.state.world_tale_pieces}
    used: set = set()
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        want = ("sea",) if piece == "ship" else ("plains", "forest")
        space = next(sp for sp, t in terrain if t in want and sp not in used and sp not in specials)
        used.add(space)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": space[0], "r": space[1]})
    glacier = next(sp for sp, t in terrain if t == "glacier" and sp not in specials)
    s.do({"type": "place-creature", "piece": "dragon", "q": glacier[0], "r": glacier[1]})
    for _ in range(3):
        for i in s.state.order():
            s.do({"type": "play", "player": i, "card": s.state.civs[i].hand[0]})
        while s.state.phase == "B":
            s.do({"type": "end-turn", "player": s.state.acting})
        while s.state.phase == "D":
            s.do({"type": "pass", "player": s.state.to_move()[0]})
    assert s.state.phase == "E" and s.state.tale_play.events == (1, 23) and s.state.first == 0
    Seats(s.log).ensure(3)
    s.log.close()


def game(data):
    store = GameStore(data)
    info = next(x for x in store.games("game") if x.problem is None)
    return Session(store.open(info.id), TrackerRules())


def state(data):
    return game(data).state


def shows(page, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


def tap_until(page, locator: str, done, what: str, has_text: str | None = None) -> None:
    """Tap a control once, when the page is settled (its kernel has answered all it was sent: a control
    drawn again by another device's change is drawn by then), and wait until ``done()`` holds."""
    settle(page, quiet_ms=150)
    target = page.locator(locator, has_text=has_text) if has_text else page.locator(locator)
    target.first.tap(timeout=20_000)
    try:
        wait_for(done, timeout=20)
    except AssertionError:
        screenshot(page, "tales-events-failed")
        raise AssertionError(f"{what}: not done; the page says {page.locator('.rf-msg').all_inner_texts()!r}") from None


def test_the_first_players_phone_resolves_a_fantastic_event_and_a_reload_finds_the_next_waiting(server, browser, rulebook_text):
    from conftest import quote

    quote(rulebook_text, "The Fantastic Event is resolved by the player who still has the First Player token (before recycling).")
    quote(rulebook_text, "Pass the First Player token after having resolved all of the Fantastic Events.")
    url, data, _ = server
    prepare(data)
    g = state(data)
    tokens = Seats(game(data).log).all()
    ctxs, pages = [], []
    for i in (0, 1):  # Ana has the First Player token; Ben watches
        ctx = phone(browser)
        page = ctx.new_page()
        listen(page)  # tap_until waits for what its kernel answers
        page.goto(url + f"?game=rise-and-fall&seat={tokens[i].token}")
        ctxs.append(ctx)
        pages.append(page)
    ana, ben = pages
    shows(ana, "Fantastic Event · The Dragon (1) · resolved by Ana", timeout=90_000)
    shows(ana, "Ana's seat · Turn 3 · E – Recycle cards: the Fantastic Events")
    shows(ben, "The Fantastic Events of The Dragon (1) and The Worshipers of the Volcano God (23) wait: Ana, who has the "
               "First Player token, resolves them, lowest number first.", timeout=90_000)
    assert ben.locator("button.rf-event-resolve").count() == 0
    screenshot(ana, "tales-event-phone")

    # the Dragon: one of Ben's Nomads destroyed (its stepper), its new Space tapped on the board
    assert g.civs[1].count("nomad") == 1
    stepper = ".rf-event-destroyed:has-text(\"Ben's Nomads destroyed\")"
    tap_until(ana, f"{stepper} button.rf-stepper-plus", lambda: ana.locator(f"{stepper} .rf-stepper-value").inner_text().strip() == "1",
              "Ben's Nomad counted")
    terrain = top_terrain(g.tiles)
    now = F.where(g, "dragon")
    target = next(s for s, t in sorted(terrain.items()) if t == "glacier" and not any(s in tl.cells and now in tl.cells for tl in g.tiles))
    ana.locator("canvas.rf-board").first.scroll_into_view_if_needed()
    tap_space(ana, target)
    shows(ana, "The Dragon goes to the Space outlined")
    screenshot(ana, "tales-event-phone-board")
    tap_until(ana, "button.rf-event-resolve", lambda: state(data).tale_play.events == (23,), "The Dragon's event")
    g = state(data)
    assert F.where(g, "dragon") == target and g.civs[1].count("nomad") == 0 and g.phase == "E"
    assert game(data).history()[-1].action["seat"] == 0  # sent by Ana's phone
    shows(ana, "The Dragon: destroyed, back to the reserve — Ben: 1 Nomad.")
    shows(ben, "The Fantastic Event of The Worshipers of the Volcano God (23) waits: Ana, who has the First Player token, resolves it.")

    # Ana's phone reloaded while the Volcano's event waits: it is still waiting there
    ana.reload()
    shows(ana, "Fantastic Event · The Worshipers of the Volcano God (23) · resolved by Ana", timeout=90_000)
    shows(ana, "choose its orientation")
    assert state(data).tale_play.events == (23,) and state(data).phase == "E"

    # the Volcano: flipped active side up, its lava flows pointing south-east; then the token passes
    tap_until(ana, ".rf-volcano-orientation button", lambda: "mod-active" in (
        ana.locator(".rf-volcano-orientation button", has_text="South-East").first.get_attribute("class") or ""),
        "The orientation chosen", has_text="South-East")
    tap_until(ana, "button.rf-event-resolve", lambda: state(data).phase == "A", "The Volcano's event")
    g = state(data)
    assert g.tale_play.volcano == "south-east" and g.first == 1 and [len(c.hand) for c in g.civs] == [3, 2, 3]  # Ben's Nomad card went to the reserve
    shows(ana, "The First Player token passes to Ben.")
    shows(ben, "Choose your card")
    assert "Fantastic Event" not in ben.inner_text("body")
    screenshot(ana, "tales-event-phone-done")
    assert "Traceback" not in ana.inner_text("body") + ben.inner_text("body")
    for ctx in ctxs:
        ctx.close()
