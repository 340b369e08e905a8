"""One tablet and three phones (390×844, touch) at one table: secret choices on the phones, one
reveal on every device, a phone reloaded mid-choice, two devices tapping at once, and every
websocket frame each page receives read for the chosen card."""


from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.seats import Seats

from .harness import PHONE, Table, screenshot, settle, tap_together, wait_for, widget_strings
from .test_secrets import NAMES, start_game, state


def plays(data, player: int) -> int:
    store = GameStore(data)
    g = next(x for x in store.games("game") if x.problem is None)
    return sum(1 for e in Session(store.open(g.id), TrackerRules()).history()
               if e.action.get("type") == "play" and e.action.get("player") == player)


def settle_all(*pages) -> None:
    """Every widget update of the last tap has reached every page: each kernel has answered its
    page and been quiet for 0.4 s (the follow loop looks every 0.1 s)."""
    settle(*pages, quiet_ms=400)


def test_three_phones_and_a_tablet_choose_in_secret_and_reveal_at_once(server, browser, rulebook_text):
    from conftest import quote

    quote(rulebook_text, "Once all players have placed a face-down card in front of themselves, the cards are revealed simultaneously.")
    url, data, _ = server
    gid = start_game(data)
    store = GameStore(data)
    log = store.open(gid)
    seats = Seats(log).ensure(3)
    table = Table(browser, url, "game", [seats[i] for i in range(3)], NAMES)
    tab, phones, frames = table.tablet, table.phones, table.frames
    for i, page in enumerate(phones):
        page.wait_for_selector(f".rf-seat-head:has-text(\"{NAMES[i]}'s seat\")")
        page.wait_for_selector("button.rf-choose-city")
    tab.wait_for_selector(".rf-controls")
    tab.wait_for_function("() => document.body.innerText.includes('chooses on their phone')")
    ana, ben, cy = phones
    # phone-first: the seat fits the phone's width, and every button is a finger's size
    for page in phones:
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
        heights = page.evaluate("() => Array.from(document.querySelectorAll('.rf-seat button')).filter(b => b.offsetParent)"
                                ".map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, heights
        names = page.evaluate("() => Array.from(document.querySelectorAll('.rf-card-name')).filter(e => e.offsetParent).map(e => {"
                              " const r = document.createRange(); r.selectNodeContents(e);"
                              " return [e.innerText, new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top))).size]; })")
        assert any(text == "Mountaineer" for text, _ in names), names
        assert all(lines <= max(1, len(text.split())) for text, lines in names), names  # a card's name whole on its card
    assert "Ana's seat" not in tab.inner_text("body")  # the tablet holds no seat page
    screenshot(ana, "phone-seat-choose")

    # Ana's phone with the large text (A+): her choice must move none of her cards
    ana.locator("button.rf-large-toggle").tap()
    wait_for(lambda: "rf-large" in (ana.locator(".rf-app").first.get_attribute("class") or "").split())
    settle(ana)

    def tops(css: str) -> dict[str, float]:
        return {c: round(ana.locator(css.format(c)).bounding_box()["y"]) for c in ("nomad", "city", "ship")
                if ana.locator(css.format(c)).count()}

    # Ana chooses City: written to the log, then her phone says so; the others see only that she chose
    def choose(card: str) -> dict[str, list[str]]:
        for f in frames.values():
            f.clear()
        before = tops("button.rf-choose-{}")
        ana.locator(f"button.rf-choose-{card}").tap()
        wait_for(lambda: state(data).civs[0].played == (card,))
        ana.wait_for_function(f"() => document.body.innerText.includes('Chosen: {card.title()}')")
        tab.wait_for_function("() => document.body.innerText.includes('Chosen: Ana')", timeout=5_000)
        ben.wait_for_function("() => document.body.innerText.includes('chosen: Ana')", timeout=5_000)
        settle_all(tab, *phones)
        # each card where it was: the one chosen, and each other now offering the change to it (they moved 26-30 px)
        after = {**tops("button.rf-change-{}"), **tops("button.rf-chosen-{}")}
        assert after == before, (before, after)
        return {k: widget_strings(f) for k, f in frames.items() if k != "Ana"}

    def undo() -> None:
        tab.locator("button.rf-game-undo").tap()  # undo works across devices
        wait_for(lambda: not state(data).civs[0].played)
        ana.wait_for_selector("button.rf-choose-ship")
        settle_all(tab, *phones)

    choose("city")  # both choices compared come after an Undo (its sentence names no card), so the pages are alike
    undo()
    sent_city = choose("city")
    assert any("Chosen: Ana" in s for s in sent_city["tablet"]) and any("chosen: Ana" in s for s in sent_city["Ben"])
    undo()
    sent_ship = choose("ship")
    for k in ("tablet", "Ben", "Cy"):
        assert sent_city[k] == sent_ship[k], k  # every frame sent to another page is the same whichever card Ana chose
    screenshot(tab, "tablet-who-has-chosen")

    # Ana changes her mind: her phone says so; nothing another phone receives changes
    for f in frames.values():
        f.clear()
    ana.locator("button.rf-change-nomad").tap()
    wait_for(lambda: state(data).civs[0].played == ("nomad",))
    ana.wait_for_function("() => document.body.innerText.includes('Chosen: Nomad')")
    settle_all(tab, *phones)
    for k in ("Ben", "Cy"):
        assert not any("nomad" in s.lower() and "Ana" in s for s in widget_strings(frames[k]))

    # Ben chooses, then his phone reloads mid-choice: it opens on his seat, his card still chosen
    ben.locator("button.rf-choose-city").tap()
    wait_for(lambda: state(data).civs[1].played == ("city",))
    ben.reload()
    ben.wait_for_function("() => document.body.innerText.includes('Chosen: City')")
    assert "Ben's seat" in ben.inner_text(".rf-seat-head")

    # the last seat: the tablet's "Too slow" and Cy's own tap at the same moment; one wins
    slow = tab.locator(".rf-controls .widget-hbox", has_text="Cy chooses on their phone").locator("button.rf-play-random")
    mine = cy.locator("button.rf-choose-ship")
    slow.wait_for()
    mine.wait_for()
    landed = tap_together(slow, mine)  # two fingers on two devices at the same moment
    wait_for(lambda: state(data).phase == "B", timeout=30)
    assert plays(data, 2) == 1  # exactly one card for Cy
    if all(landed):  # both taps made on the buttons as they were: the one that came second is told in a sentence
        wait_for(lambda: cy.locator(".rf-msg-error").count() or tab.locator(".rf-msg-error").count(), timeout=15)
        told = (cy.locator(".rf-msg-error").all_inner_texts() + tab.locator(".rf-msg-error").all_inner_texts())
        assert any(("drew your card at random a moment before your tap" in t or "another screen" in t
                    or "already played" in t) for t in told), told
    # (a page whose timer came late had already been redrawn by the other tap: that finger met the reveal)
    # the reveal: every device shows every card (how soon is a figure of `make bench`)
    for page in (tab, *phones):
        page.wait_for_function("() => !document.querySelector('.rf-card-back') && "
                               "document.querySelectorAll('.rf-state-played .rf-card').length === 3", timeout=10_000)
    screenshot(cy, "phone-after-reveal")
    g = state(data)
    assert g.civs[0].played == ("nomad",) and g.civs[1].played == ("city",)
    table.close()
