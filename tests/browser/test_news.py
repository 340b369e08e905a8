"""The table hears what happened, in a real browser: a card chosen on Ana's phone is told on the tablet's Game
screen in its place for answers (never which card), and nothing on the tablet moves for it."""

from companion.gamelog import GameStore
from companion.seats import Seats

from .harness import Table, settle, wait_for
from .test_secrets import start_game, state


def box(page, selector: str) -> tuple[float, float, float, float]:
    b = page.locator(selector).first.bounding_box()
    return (b["x"], b["y"], b["width"], b["height"])


def ana_at_the_table(server, browser) -> tuple:
    """A game at phase A, the tablet at its Game screen and Ana's phone at her seat, both drawn: the data folder,
    the table."""
    url, data, _ = server
    gid = start_game(data)
    log = GameStore(data).open(gid)
    seat = Seats(log).ensure(3)[0]
    log.close()
    table = Table(browser, url, "game", [seat], ["Ana"])
    table.tablet.wait_for_selector(".rf-controls button.rf-play-city")
    table.phones[0].wait_for_selector("button.rf-choose-city")
    settle(table.tablet, table.phones[0])
    return data, table


def test_a_card_chosen_on_a_phone_is_told_on_the_tablet_without_moving_a_control(server, browser):
    data, table = ana_at_the_table(server, browser)
    try:
        tablet, ana = table.tablet, table.phones[0]
        slot = ".rf-message-slot >> visible=true"
        before = {s: box(tablet, s) for s in (slot, "button.rf-game-undo")}
        ana.locator("button.rf-choose-city").first.tap()
        wait_for(lambda: state(data).civs[0].played == ("city",))
        tablet.wait_for_function("() => document.body.innerText.includes('Ana places a Civilization card face down.')",
                                 timeout=60_000)
        settle(tablet)
        assert "City card face down" not in tablet.inner_text("body")
        assert {s: box(tablet, s) for s in before} == before  # the news came into the slot's kept room
    finally:
        table.close()


#: The page scrolled to its end, as a finger does (in the box that scrolls it: Voilà's panel, or the window).
SCROLL_DOWN_JS = """() => { const app = document.querySelector('.rf-app'); let s = app.parentElement;
    while (s && !(/(auto|scroll)/.test(getComputedStyle(s).overflowY) && s.scrollHeight > s.clientHeight + 1)) s = s.parentElement;
    s = s || document.scrollingElement; s.scrollTop = s.scrollHeight; }"""
#: ... and to its top.
SCROLL_TOP_JS = SCROLL_DOWN_JS.replace("s.scrollTop = s.scrollHeight", "s.scrollTop = 0")


def test_news_for_a_phone_scrolled_down_to_its_cards_is_shown_at_the_top_of_its_screen(server, browser):
    """Ana's phone, scrolled down to the buttons of her hand: Ben's card played on the tablet is told where she looks
    (the slot for answers is above the screen), and goes at her next touch."""
    data, table = ana_at_the_table(server, browser)
    try:
        tablet, ana = table.tablet, table.phones[0]
        ana.evaluate(SCROLL_DOWN_JS)
        wait_for(lambda: ana.locator(".rf-message-slot >> visible=true").first.bounding_box()["y"] < -20, page=ana)
        ben = tablet.locator(".rf-controls .widget-hbox", has_text="Ben plays:").first
        ben.locator("button.rf-play-city").first.tap()
        wait_for(lambda: state(data).civs[1].played, timeout=30)
        said = ana.locator(".rf-bubble", has_text="Ben places a Civilization card face down.")
        said.wait_for(state="visible", timeout=60_000)
        b = said.bounding_box()
        assert b and 0 <= b["y"] and b["y"] + b["height"] <= ana.viewport_size["height"], f"the news is out of sight: {b}"
        ana.locator("button.rf-choose-city").first.tap()  # her next touch: the box goes, the card is chosen
        wait_for(lambda: state(data).civs[0].played == ("city",), timeout=30)
        assert ana.locator(".rf-bubble", has_text="Ben places").count() == 0
    finally:
        table.close()
