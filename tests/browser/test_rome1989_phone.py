"""Rise and Fall (1989) with a phone at the table: the tablet's seat code, a player's turn recorded on their
phone (390×844, touch) that shows on the tablet after its follow loop looks, a nation of another player
refused, a reload of the phone. A shared machine can be slow to answer: each wait allows up to 60 s."""

import time

import pytest

from companion.gamelog import GameStore
from companion.rome1989.game import ChartRules
from companion.rome1989.screens import KIND
from companion.rome1989.seats import ensure_seats

from .controls import audit
from .harness import PHONE, listen, phone, screenshot, settle, tablet, wait_for
from .test_news import SCROLL_TOP_JS

pytestmark = pytest.mark.browser


def start_game(data) -> dict[str, str]:
    """A game with Ann's Goths and Huns and Bo's Franks; the seats' tokens by player."""
    s = GameStore(data).start(KIND, "Tuesday's Rome", ChartRules(), {"type": "setup", "title": "Tuesday's Rome",
                                                                        "victory": {"points": 200}})
    for name, player in (("Goths", "Ann"), ("Huns", "Ann"), ("Franks", "Bo")):
        s.do({"type": "nation", "name": name, "kind": "other", "player": player})
    return {p: seat.token for p, seat in ensure_seats(s.log, s.state.chart)}


def first_turn(page, nation: str, areas: int) -> None:
    """``nation``'s first turn typed and recorded on ``page``: its areas' income, the preview read, Record."""
    page.locator(f".rf89-pick button:has-text('{nation}')").tap()
    page.wait_for_selector(".rf89-sheet-box:has-text('No turn charted yet')")
    field = page.locator(".rf89-f-areas_income input")
    field.fill(str(areas))
    field.press("Tab")
    page.wait_for_selector(f".rf89-preview:has-text('B1: income {areas}')")
    page.locator("button.rf89-record").tap()


def test_a_turn_recorded_on_a_phone_shows_on_the_tablet_and_survives_a_reload(fresh_server, browser):
    url, data, _ = fresh_server
    tokens = start_game(data)
    tab_ctx, ann_ctx = tablet(browser), phone(browser)
    tab, ann = tab_ctx.new_page(), ann_ctx.new_page()
    try:
        tab.goto(url + "?game=rise-and-fall-1989&screen=chart")
        tab.wait_for_selector(".rf89-seat-codes svg", timeout=90_000)
        assert tab.locator(".rf89-seat-code").count() == 2
        href = tab.locator(".rf89-seat-code a").first.get_attribute("href")
        assert href.endswith(f"?game=rise-and-fall-1989&seat={tokens['Ann']}")
        listen(ann)
        ann.goto(url + f"?game=rise-and-fall-1989&seat={tokens['Ann']}")
        ann.wait_for_selector(".rf89-seat-head:has-text(\"Ann's nations\")", timeout=90_000)
        tab.wait_for_selector(".rf89-seat-code:has-text('Ann · on a phone')")  # before any action of Ann's
        # only Ann's nations, on a phone's width, every button a finger's size
        assert ann.locator(".rf89-pick button").all_inner_texts() == ["Goths", "Huns"]
        assert "Franks" not in ann.inner_text("body") and "Phones" not in ann.inner_text("body")
        assert ann.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
        heights = ann.evaluate("() => Array.from(document.querySelectorAll('.rf89-seat button')).filter(b => b.offsetParent)"
                               ".map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, heights
        assert audit(ann, dark=False) == []  # every control at least 44 px, on the screen, readable
        # Huns' first turn on Ann's phone: 6 areas' income, then +5 with a chip
        ann.locator(".rf89-pick button:has-text('Huns')").tap()
        ann.wait_for_selector(".rf89-sheet-box:has-text('No turn charted yet')")
        box = ann.locator(".rf89-f-areas_income input")
        box.fill("6")
        box.press("Tab")
        ann.locator("button.rf89-chip-5").tap()
        ann.wait_for_selector(".rf89-preview:has-text('B1: income 11')")
        screenshot(ann, "rome1989-phone")
        ann.locator("button.rf89-record").tap()
        ann.wait_for_selector(".rf89-sheet-box:has-text('B1')")
        ann.wait_for_selector(".rf89-seat-totals:has-text('11.0 victory points')")
        # the tablet follows the log by itself
        tab.locator(".rf89-pick button:has-text('Huns')").tap()
        tab.wait_for_selector(".rf89-sheet-box:has-text('B1')")
        assert "11" in tab.inner_text(".rf89-sheet-box")
        # Undo on the phone after the tablet's own turn for Bo: refused, with whose it is
        first_turn(tab, "Franks", 7)
        tapped = time.monotonic()
        tab.wait_for_selector(".rf89-sheet-box:has-text('B1')")
        wait_for(lambda: ann.locator("button.rf89-seat-undo").is_enabled(), timeout=60)
        settle(ann, quiet_ms=400)  # the phone has followed the tablet's turn (its kernel looks every 0.1 s)
        ann.locator("button.rf89-seat-undo").tap()
        ann.wait_for_selector(".rf-msg:has-text(\"Franks' turn, Bo's\")")
        # a reload of the phone: the same seat, drawn from the log
        ann.reload()
        ann.wait_for_selector(".rf89-seat-head:has-text(\"Ann's nations\")", timeout=90_000)
        ann.locator(".rf89-pick button:has-text('Huns')").tap()
        ann.wait_for_selector(".rf89-sheet-box:has-text('B1')")
        assert "Franks" not in ann.inner_text(".rf89-sheet-box")
        # news with the tablet's slot below its screen (its Chart scrolled to the top): said at the top of the screen.
        # The tablet's own last tap is 'fresh' for 4 s (an answer to it goes beside it): older, the next is news
        tab.evaluate(SCROLL_TOP_JS)
        wait_for(lambda: tab.locator(".rf-answer-chart").bounding_box()["y"] > tab.viewport_size["height"], page=tab)
        tab.wait_for_timeout(max(0.0, 4.2 - (time.monotonic() - tapped)) * 1000)
        first_turn(ann, "Goths", 4)
        said = tab.locator(".rf-bubble", has_text="Goths")
        said.wait_for(state="visible", timeout=60_000)
        b = said.bounding_box()
        assert b and 0 <= b["y"] and b["y"] + b["height"] <= tab.viewport_size["height"], f"the news is out of sight: {b}"
    except Exception:
        screenshot(tab, "rome1989-phone-tablet-failed")
        screenshot(ann, "rome1989-phone-failed")
        raise
    finally:
        tab_ctx.close()
        ann_ctx.close()


def test_a_phone_reloaded_mid_turn_comes_back_on_its_nation_with_what_was_typed(fresh_server, browser):
    """Issue 34: a phone reloaded mid-turn comes back on the nation it showed, with what was typed."""
    url, data, _ = fresh_server
    tokens = start_game(data)
    ann_ctx = phone(browser)
    ann = ann_ctx.new_page()
    try:
        listen(ann)
        ann.goto(url + f"?game=rise-and-fall-1989&seat={tokens['Ann']}")
        ann.wait_for_selector(".rf89-seat-head:has-text(\"Ann's nations\")", timeout=90_000)
        ann.locator(".rf89-pick button:has-text('Goths')").tap()
        ann.wait_for_selector(".rf89-pick button.mod-active:has-text('Goths')")
        box = ann.locator(".rf89-f-areas_income input")
        box.fill("13")
        ann.wait_for_selector(".rf89-preview:has-text('B1: income 13')")  # the kernel has the number
        levies = ann.locator(".rf89-f-levy_revolt_values input")
        levies.fill("4")
        ann.wait_for_selector(".rf89-preview:has-text('B1: income 13')")
        settle(ann, quiet_ms=400)
        ann.reload()
        ann.wait_for_selector(".rf89-seat-head:has-text(\"Ann's nations\")", timeout=90_000)
        ann.wait_for_selector(".rf89-pick button.mod-active:has-text('Goths')")
        ann.wait_for_selector(".rf89-preview:has-text('B1: income 13')")
        assert ann.locator(".rf89-f-areas_income input").input_value() == "13"
        assert ann.locator(".rf89-f-levy_revolt_values input").input_value() == "4"
        assert ann.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    except Exception:
        screenshot(ann, "rome1989-phone-draft-failed")
        raise
    finally:
        ann_ctx.close()


def test_the_table_back_on_a_phones_game_is_said_at_the_top_of_the_phone(fresh_server, browser):
    """The table starts a new game, then opens Ann's game again from its list: Ann's phone, which refused to write
    meanwhile, says the table is back where she looks, at the top of its screen (it was said under the form, below
    the screen); her next turn recorded, the news goes."""
    from companion.rome1989.screens import Rome1989Screens
    from companion.rome1989.screens.seat import BACK
    from tests.rome1989.helpers import Table

    url, data, _ = fresh_server
    tokens = start_game(data)
    ctx = phone(browser)
    ann = ctx.new_page()
    listen(ann)
    ann.goto(url + f"?game=rise-and-fall-1989&seat={tokens['Ann']}")
    ann.wait_for_selector(".rf89-seat-head:has-text(\"Ann's nations\")", timeout=90_000)
    table = Rome1989Screens(Table(GameStore(data)))  # the tablet, as its kernel would do it
    left = table.session.log.path.stem
    table.title.value = "A second evening"
    table.start_btn.click()
    table.new_question.widget.children[1].children[0].click()  # Yes, start a new game
    ann.wait_for_selector(".rf89-seat .rf-msg-error", timeout=60_000)  # the phone refuses: the table left
    table.open_game(left)
    back = ann.locator(".rf89-seat-back .rf-msg")
    back.wait_for(timeout=60_000)
    assert BACK in back.inner_text()
    box = back.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"], box
    settle(ann)
    ann.locator(".rf89-f-areas_income input").first.fill("4")
    ann.locator(".rf89-f-areas_income input").first.press("Tab")
    settle(ann)
    ann.locator("button.rf89-record").first.tap()
    ann.wait_for_selector(".rf89-seat-back .rf-msg", state="detached", timeout=60_000)
    assert GameStore(data).open(left).entries()[-1].action.get("seat") == "Ann"
    ctx.close()
