"""A card played face down, in a real browser: neither the page's text nor the widget messages
sent to the page tell which card it was until every player has chosen."""

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.world.world import top_terrain
from companion.rise_and_fall.world.worldgen import generate

from .harness import UUID, open_app, recorded, screenshot, settle, wait_for, widget_strings

NAMES = ("Ana", "Ben", "Cy")


def start_game(data) -> str:
    """A game in its log, the first pieces placed: phase A of turn 1, Ana first; its id (the game to open: the
    newest of the list may be another test's game, touched since by a page of it still closing)."""
    store = GameStore(data)
    _, log = store.create("game", "secrets")
    s = Session(log, TrackerRules())
    world = generate(3, 2).to_dict()
    s.do({"type": "setup", "players": [{"name": n, "colour": c} for n, c in zip(NAMES, ("red", "yellow", "blue"))],
          "first": 0, "world": world, "tracker_version": TRACKER_VERSION})
    terrain = sorted(top_terrain(s.state.tiles).items())
    used = set()
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        want = ("sea",) if piece == "ship" else ("plains", "forest", "mountain")
        space = next(sp for sp, t in terrain if t in want and sp not in used)
        used.add(space)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": space[0], "r": space[1]})
    return log.path.stem


def state(data):
    store = GameStore(data)
    g = next(x for x in store.games("game") if x.problem is None)
    return Session(store.open(g.id), TrackerRules()).state


def test_no_card_face_down_in_the_page_text_or_the_widget_messages(server, browser, rulebook_text):
    rule = "Once all players have placed a face-down card in front of themselves, the cards are revealed simultaneously."
    assert rulebook_text is None or rule in rulebook_text
    url, data, _ = server
    start_game(data)
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, device_scale_factor=2, has_touch=True)
    page = ctx.new_page()
    frames = recorded(page)
    open_app(page, url)
    page.get_by_role("button", name="Game", exact=True).tap()
    page.wait_for_selector(".rf-controls button.rf-play-city")

    def play(card: str) -> tuple[str, list[str]]:
        settle(page)  # what the last tap (or the page's opening) sent is all in: only this tap's messages are compared
        frames.clear()
        row = page.locator(".rf-controls .widget-hbox", has_text="Ana plays:").first
        row.locator(f"button.rf-play-{card}").first.tap()
        wait_for(lambda: state(data).civs[0].played == (card,))
        page.wait_for_function("() => document.body.innerText.includes('Played: one card, face down')")
        settle(page)  # every widget update of that tap has arrived
        return UUID.sub("<id>", page.inner_text("body")), widget_strings(frames)

    def undo() -> None:
        page.locator("button.rf-game-undo").tap()
        wait_for(lambda: not state(data).civs[0].played)
        page.wait_for_selector(".rf-controls button.rf-play-ship")

    play("city")  # both plays compared come after an Undo ("Undone: Ana plays a card face down"), so the page is alike
    undo()
    text_city, sent_city = play("city")
    screenshot(page, "secret-city-face-down")
    undo()
    text_ship, sent_ship = play("ship")
    assert "Played: City" not in text_city and "1 card played face down, from these" in text_city
    assert text_city == text_ship  # the page reads the same whichever card Ana placed face down
    assert sent_city == sent_ship  # and so does every widget message sent to it
    for name, card in (("Ben", "nomad"), ("Cy", "city")):
        page.locator(".rf-controls .widget-hbox", has_text=f"{name} plays:").first.locator(f"button.rf-play-{card}").first.tap()
        wait_for(lambda n=name: state(data).civs[NAMES.index(n)].played or state(data).phase != "A")
    page.wait_for_function("() => document.body.innerText.includes('All cards are revealed: Ana Ship, Ben Nomad, Cy City')")
    ctx.close()
