"""A refused tap answers "Why?" in a real browser: on a tablet (1024×768, Fall of the Mountain King's new game
for one player) and on a phone's seat page (390×844, a Rise and Fall (1989) barbarian's levies with no revolt
values to pay for them). One tap on "Why?" shows the rulebook's sentence, word for word, within the screen,
and nothing around the message moves. A shared machine can be slow to answer: each wait allows up to 60 s."""

import pytest

from companion import rulebook as R
from companion.gamelog import GameStore
from companion.rome1989.game import ChartRules
from companion.rome1989.screens import KIND
from companion.rome1989.seats import ensure_seats

from .harness import PHONE, listen, phone, screenshot, settle, tablet

pytestmark = pytest.mark.browser

BOXES = ("() => Array.from(document.querySelectorAll('.rf-app button, .rf-app input, .rf-msg'))"
         ".filter(e => e.getClientRects().length && !e.closest('.rf-why-msg'))"
         ".map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; })")
MESSAGE = "() => { const r = document.querySelector('.rf-why-msg').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"


def ask_why(page, game: str, size: dict, shot: str) -> str:
    """Tap "Why?" on the refusal shown; the rule's quote as the page shows it, checked in sight and still."""
    page.wait_for_selector(".rf-why-msg .rf-why-said .rf-why-btn", state="visible", timeout=60_000)
    assert not page.locator(".rf-why-quote").first.is_visible()  # the sentence first, the rulebook one tap away
    page.locator(".rf-why-msg .rf-why-said .rf-why-btn").first.scroll_into_view_if_needed()
    settle(page, quiet_ms=150)
    before, message = page.evaluate(BOXES), page.evaluate(MESSAGE)
    page.locator(".rf-why-msg .rf-why-said .rf-why-btn").first.tap()
    quote = page.locator(".rf-why-quote").first
    quote.wait_for(state="visible", timeout=60_000)
    shown = quote.inner_text()
    entry = next((e for e in R.index(game).entries.values() if e.quote == shown), None)
    assert entry is not None, f"not a quote of {game}'s rules index: {shown!r}"
    box = quote.bounding_box()
    assert box and 0 <= box["x"] and box["x"] + min(box["width"], 40) <= size["width"]
    assert 0 <= box["y"] < size["height"], box  # the sentence begins within the screen
    assert page.evaluate(BOXES) == before and page.evaluate(MESSAGE) == message  # nothing moved
    assert entry.section in page.locator(".rf-why-msg .rf-why-rule").first.inner_text()
    screenshot(page, shot)
    page.locator(".rf-why-msg .rf-why-rule .rf-why-btn").first.tap()  # Back: the sentence again
    page.locator(".rf-why-msg .rf-why-said").first.wait_for(state="visible")
    return entry.rule


def test_why_on_a_refused_tap_on_the_tablet_and_on_a_phone(fresh_server, browser):
    url, data, _ = fresh_server
    s = GameStore(data).start(KIND, "Tuesday's Rome", ChartRules(), {"type": "setup", "title": "Tuesday's Rome",
                                                                        "victory": {"points": 200}})
    s.do({"type": "nation", "name": "Huns", "kind": "other", "player": "Ann"})
    tokens = {p: seat.token for p, seat in ensure_seats(s.log, s.state.chart)}
    tab_ctx, ann_ctx = tablet(browser), phone(browser)
    tab, ann = tab_ctx.new_page(), ann_ctx.new_page()
    try:
        # the tablet: a new game of Fall of the Mountain King for one player is refused
        listen(tab)
        tab.goto(url + "?game=mountain-king&screen=board")
        tab.wait_for_selector(".mk-board", state="visible", timeout=90_000)
        box = tab.locator(".mk-names input").first
        box.fill("Blue")
        box.press("Tab")
        tab.locator("button.mk-new").tap()
        assert ask_why(tab, "mountain-king", {"width": 1024, "height": 768}, "rules-why-tablet") == "player-count"
        # the phone (Ann's one nation is chosen by itself): her Huns spend levies that no revolt value pays for
        listen(ann)
        ann.goto(url + f"?game=rise-and-fall-1989&seat={tokens['Ann']}")
        ann.wait_for_selector(".rf89-seat-head:has-text(\"Ann's nations\")", timeout=90_000)
        ann.wait_for_selector(".rf89-sheet-box:has-text('No turn charted yet')", timeout=60_000)
        spent = ann.locator(".rf89-f-levies_spent input").first
        spent.fill("5")
        spent.press("Tab")
        settle(ann, quiet_ms=200)
        ann.locator("button.rf89-record").tap()
        rule = ask_why(ann, "rise-and-fall-1989", PHONE, "rules-why-phone")
        assert rule.startswith("levy"), rule
    finally:
        tab_ctx.close()
        ann_ctx.close()
