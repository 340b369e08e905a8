"""Rise and Fall (1989) in a real browser: the standard six-player scenario started (Eastern Rome on E1 with its
10 % refund, its first turn recorded), a revolt reloaded at every step and coming back to the same step, Rome
losing its capitol, going out with its treasury at zero and coming back as barbarians on the right turn, and
the winner on a phone. A shared machine can be slow to answer: each wait allows up to 60 s."""

import pytest

from companion.gamelog import GameStore
from companion.rome1989.game import ChartRules
from companion.rome1989.screens import KIND
from companion.rome1989.seats import ensure_seats

from .harness import phone, screenshot, tablet, wait_for
from .test_rome1989_flow import choose, fill, pick_area, screen, sheet, toggle

pytestmark = pytest.mark.browser
ADDRESS = "?game=rise-and-fall-1989&screen=chart"


def reload(page, name: str) -> None:
    page.reload()
    page.wait_for_selector(f".rf-nav-tabs .mod-active:has-text('{name}')", timeout=90_000)


def test_the_six_player_scenario_a_revolt_reloaded_and_rome_going_out(fresh_server, browser):
    url, _, _ = fresh_server
    page = tablet(browser).new_page()
    try:
        play(page, url)
    except Exception:
        screenshot(page, "rome1989-scenario-failed")
        raise
    finally:
        page.context.close()


def play(page, url: str) -> None:
    page.goto(url + ADDRESS)
    page.wait_for_selector("button.rf89-new", timeout=90_000)
    choose(page, ".rf89-scenario", "16.8 Six players: standard")
    page.locator("button.rf89-new").tap()
    page.wait_for_selector(".rf-msg:has-text('as the rulebook starts them')", timeout=60_000)

    # Eastern Rome: E1, income 98, the opening's 10 % refund accepted
    toggle(page, ".rf89-pick", "Eastern Rome")
    page.wait_for_selector(".rf89-preview:has-text('E1: income 98')", timeout=60_000)
    page.locator("button.rf89-record").tap()
    wait_for(lambda: "E1" in sheet(page), timeout=60)

    # its revolt on E2, reloaded at every step
    screen(page, "Revolt")
    pick_area(page, 1, "Thracia", "1", capitol=True)  # the areas picked, not typed
    pick_area(page, 2, "Achaea", "4")
    pick_area(page, 3, "Syria", "6", infantry="2")
    page.wait_for_selector(".rf89-r-offer:has-text('Thracia: the capitol')", timeout=60_000)
    choose(page, ".rf89-r-table", "3")
    page.locator("button.rf89-revolt-start").tap()
    page.wait_for_selector(".rf89-r-step:has-text('3 rebellion dice')", timeout=60_000)
    reload(page, "Revolt")
    page.wait_for_selector(".rf89-r-step:has-text('3 rebellion dice')", timeout=60_000)
    fill(page, ".rf89-r-dice", "644")
    page.locator("button.rf89-revolt-tap").tap()
    page.wait_for_selector(".rf89-r-step:has-text('Step 3')", timeout=60_000)
    reload(page, "Revolt")
    page.wait_for_selector(".rf89-r-out:has-text('Achaea ×2')", timeout=60_000)
    fill(page, ".rf89-r-dice", "399")  # Syria revolts on 4 or less (two infantry), Achaea on 4
    page.locator("button.rf89-revolt-tap").tap()
    page.wait_for_selector(".rf89-r-step:has-text('Step 4')", timeout=60_000)
    reload(page, "Revolt")
    page.wait_for_selector(".rf89-r-out:has-text('Revolting: Syria')", timeout=60_000)
    fill(page, ".rf89-r-dice", "7")
    page.locator("button.rf89-revolt-tap").tap()
    page.wait_for_selector(".rf89-r-step:has-text('Revolting forces: Syria 4')", timeout=60_000)

    # Western Rome loses its capitol: it goes out, and its player comes back as barbarians two turns later
    screen(page, "Chart")
    toggle(page, ".rf89-pick", "Western Rome")
    page.wait_for_selector(".rf89-preview:has-text('E11: income 99')", timeout=60_000)
    page.locator("button.rf89-record").tap()
    wait_for(lambda: "E11" in sheet(page), timeout=60)
    page.locator("button.rf89-withdraw:has-text('lost its capitol')").tap()
    page.wait_for_selector(".rf89-phase1:has-text('enters on 4')", timeout=60_000)
    assert "treasury reduced to 0" in sheet(page)
    page.locator("button.rf89-come-back").tap()
    wait_for(lambda: page.locator(".rf89-n-enters input").input_value() == "4", timeout=60)
    fill(page, ".rf89-n-name", "Goths")
    page.locator("button.rf89-add-nation").tap()
    page.wait_for_selector(".rf89-pick .mod-active:has-text('Goths')", timeout=60_000)


def test_the_winner_on_a_phone(fresh_server, browser):
    url, data, _ = fresh_server
    s = GameStore(data).start(KIND, "Tuesday", ChartRules(), {"type": "setup", "title": "Tuesday",
                                                              "victory": {"points": 20}})
    s.do({"type": "nation", "name": "Goths", "kind": "other", "player": "Cy"})
    s.do({"type": "turn", "nation": "Goths", "turn": {"status": "B", "areas_income": 25, "capitol_on_board": False}})
    token = dict((p, seat.token) for p, seat in ensure_seats(s.log, s.state.chart))["Cy"]
    cy = phone(browser).new_page()
    try:
        cy.goto(url + f"?game=rise-and-fall-1989&seat={token}")
        cy.wait_for_selector(".rf89-winner:has-text('Cy has won: 25 points')", timeout=90_000)
    finally:
        cy.context.close()
