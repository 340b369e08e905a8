"""On the phone a card is chosen by a tap on its picture, as by a tap on its name: the whole card
is one target (a finger goes to the picture first)."""

from companion.gamelog import GameStore
from companion.seats import Seats

from .harness import phone, screenshot, wait_for
from .test_secrets import start_game, state

#: the middle of a card's picture in the row of cards to choose from
PICTURE = """(css) => { const r = document.querySelector(`.rf-card-pick:has(button.${css}) .rf-card svg`).getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2]; }"""


def test_a_tap_on_a_cards_picture_chooses_it(server, browser):
    url, data, _ = server
    gid = start_game(data)
    store = GameStore(data)
    log = store.open(gid)
    ana = Seats(log).ensure(3)[0]
    ctx = phone(browser)
    page = ctx.new_page()
    page.goto(url + f"?game=rise-and-fall&seat={ana.token}")
    page.wait_for_selector(".rf-card-pick button.rf-choose-ship")
    page.locator(".rf-card-pick:has(button.rf-choose-ship)").scroll_into_view_if_needed()
    page.touchscreen.tap(*page.evaluate(PICTURE, "rf-choose-ship"))
    wait_for(lambda: state(data).civs[0].played == ("ship",))
    page.wait_for_selector(".rf-card-pick button.rf-change-city")  # a change of mind: the pictures of the rest of the hand
    page.locator(".rf-card-pick:has(button.rf-change-city)").scroll_into_view_if_needed()
    page.touchscreen.tap(*page.evaluate(PICTURE, "rf-change-city"))
    wait_for(lambda: state(data).civs[0].played == ("city",))
    screenshot(page, "phone-card-pictures")
    ctx.close()
