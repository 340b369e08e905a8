"""A Ship's Trade in a real browser (touch), on a phone (390×844) and then on the tablet: the "how
many" reads 1, its − is disabled at 1, its + counts on, and the Trade is written to the log with the
count shown; the next player's count starts at 1 again. A count of 0 is never offered (rule
``nothing-counted``)."""

from conftest import quote

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.seats import Seats

from .harness import phone, screenshot, tablet, wait_for
from .test_secrets import start_game, state


def count_shown(page, scope: str) -> str:
    return page.locator(f"{scope} .rf-count .rf-stepper-value").first.inner_text().strip()


def sizes(page, scope: str) -> list[float]:
    return page.evaluate(f"() => Array.from(document.querySelectorAll('{scope} .rf-count button, {scope} button.rf-act-ship-trade'))"
                         ".filter(b => b.offsetParent).map(b => Math.min(b.getBoundingClientRect().height, b.getBoundingClientRect().width))")


def test_a_ships_trade_counted_on_a_phone_then_on_the_tablet(server, browser, rulebook_text):
    quote(rulebook_text, "Effect: Gain 3 GP for each coastal City (allied or opposing) adjacent to the Sea Region in which the Ship is located.")
    url, data, _ = server
    gid = start_game(data)
    store = GameStore(data)
    log = store.open(gid)
    seats = Seats(log).ensure(3)
    s = Session(log, TrackerRules())
    for i in s.state.order():
        s.do({"type": "play", "player": i, "card": "ship"})
    g = s.state
    ana, ben = g.order()[:2]
    assert (g.phase, g.acting) == ("B", ana)
    ctx = phone(browser)
    page = ctx.new_page()
    page.goto(url + f"?game=rise-and-fall&seat={seats[ana].token}")
    seat = ".rf-seat-controls"
    page.wait_for_selector(f"{seat} button.rf-act-ship-trade")
    assert count_shown(page, seat) == "1"
    assert page.locator(f"{seat} .rf-count button.rf-stepper-minus").is_disabled()  # no count below 1
    assert min(sizes(page, seat)) >= 44
    page.locator(f"{seat} .rf-count button.rf-stepper-plus").tap()
    page.wait_for_function("() => document.querySelector('.rf-seat-controls .rf-count .rf-stepper-value').innerText.trim() === '2'")
    screenshot(page, "trade-phone")
    page.locator(f"{seat} button.rf-act-ship-trade").tap()
    wait_for(lambda: state(data).civs[ana].gold == g.civs[ana].gold + 6, timeout=30)  # 2 coastal Cities, 3 GP each
    # her only Ship has acted: the phone ends her actions by itself, as the tablet does
    wait_for(lambda: state(data).acting == ben, timeout=30)
    tab_ctx = tablet(browser)
    tab = tab_ctx.new_page()
    tab.goto(url + "?game=rise-and-fall&screen=game")
    controls = ".rf-controls"
    tab.wait_for_selector(f"{controls} button.rf-act-ship-trade")
    assert count_shown(tab, controls) == "1"  # Ben's count starts at 1, not at Ana's 2
    assert tab.locator(f"{controls} .rf-count button.rf-stepper-minus").is_disabled()
    assert min(sizes(tab, controls)) >= 44
    tab.locator(f"{controls} button.rf-act-ship-trade").tap()
    wait_for(lambda: state(data).civs[ben].gold == g.civs[ben].gold + 3, timeout=30)
    wait_for(lambda: state(data).acting not in (ana, ben), timeout=30)  # Ben's only Ship acted: his actions end with the tap
    ctx.close()
    tab_ctx.close()
