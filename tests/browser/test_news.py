"""The table hears what happened, in a real browser: a card chosen on Ana's phone is told on the tablet's Game
screen in its place for answers (never which card), and nothing on the tablet moves for it."""

from companion.gamelog import GameStore
from companion.seats import Seats

from .harness import Table, settle, wait_for
from .test_secrets import start_game, state


def box(page, selector: str) -> tuple[float, float, float, float]:
    b = page.locator(selector).first.bounding_box()
    return (b["x"], b["y"], b["width"], b["height"])


def test_a_card_chosen_on_a_phone_is_told_on_the_tablet_without_moving_a_control(server, browser):
    url, data, _ = server
    gid = start_game(data)
    store = GameStore(data)
    log = store.open(gid)
    seat = Seats(log).ensure(3)[0]
    log.close()
    table = Table(browser, url, "game", [seat], ["Ana"])
    try:
        tablet, ana = table.tablet, table.phones[0]
        tablet.wait_for_selector(".rf-controls button.rf-play-city")
        ana.wait_for_selector("button.rf-choose-city")
        settle(tablet, ana)
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
