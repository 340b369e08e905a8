"""Start from a game in progress, in a real browser, on a World with Tales (the Leviathan, the Typhoon and the Volcano):
the table enters turn 3 with the Volcano active side up, the first player's Nomad laid on its side by the Typhoon and
the Leviathan on its Space; the game starts there (undo stops at it) and is played on by taps: every player plays their
Nomad card, the laid Nomad acts with none and is stood back up at the end of its player's turn, and turn 4 begins with
the Volcano still active."""

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.variants.tales import tales as T

from .harness import latest_build, message, open_app, screenshot, settle, tablet, wait_for
from .test_tales_flow import drawn, game_id, state

SEED = 58  # draws the Leviathan (2), the Typhoon (19) and the Volcano (23) for three players
TALES = (2, 19, 23)


def tap_in_row(page, text: str, css: str) -> None:
    page.locator(".rf-controls .widget-hbox", has_text=text).first.locator(f"button.{css}").first.tap()


def test_a_game_of_tales_entered_in_progress_is_played_on(server, browser):
    url, data, _ = server
    assert T.draw(3, SEED) == TALES
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)

    # the World: three players, with Tales, a random World from its seed
    page.get_by_text("New World", exact=True).first.tap()
    panel = page.locator(".rf-panel", has_text="Or a random World")
    panel.get_by_role("button", name="3 players").tap()
    panel.get_by_text("Play with Tales").tap()
    seed = panel.locator("input[type=number]").first
    seed.fill(str(SEED))
    seed.press("Enter")
    page.locator("button.rf-random").tap()
    wait_for(lambda: latest_build(data)[0].state.complete and latest_build(data)[0].state.tales == TALES, timeout=60)
    page.get_by_text("New World", exact=True).first.tap()  # fold the panel away

    # Setup: where the game is
    page.get_by_role("button", name="Setup", exact=True).tap()
    page.locator("button.rf-in-progress").tap()
    page.wait_for_selector(".rf-progress-tales")
    for _ in range(2):
        page.locator(".rf-progress-turn button.rf-stepper-plus").tap()
        settle(page)
    volcano = page.locator(".rf-progress-tales .widget-dropdown", has_text="The Volcano").locator("select")
    volcano.select_option(label="Active side up, lava flows south")
    settle(page)
    page.locator(".rf-progress-laid-nomad").first.locator("button.rf-stepper-plus").tap()
    settle(page)
    page.locator(".rf-progress-leviathan select").select_option(index=1)
    settle(page)
    # the kernel's own words for what will start: the Volcano and the laid Nomad are entered
    page.wait_for_selector(".rf-progress-problems:has-text('This game can be played on from here. Turn 3, phase A')"
                           ":has-text('its lava flows south'):has-text('laid on their side: ')")
    # what the page shows is what was entered, read back before the start: the turn, the Volcano, the laid Nomad
    assert page.locator(".rf-progress-turn .rf-stepper-value").inner_text().strip() == "3"
    assert volcano.evaluate("s => s.options[s.selectedIndex].text") == "Active side up, lava flows south"
    assert page.locator(".rf-progress-laid-nomad").first.locator(".rf-stepper-value").inner_text().strip() == "1"
    assert page.locator(".rf-progress-tales").count() == 1
    screenshot(page, "progress-tales")
    shown = page.locator(".rf-progress-tales").inner_text() + " | " + page.locator(".rf-progress-problems").inner_text()
    page.locator("button.rf-progress-start").tap()
    wait_for(lambda: any(g.problem is None for g in GameStore(data).games("game")), timeout=30)
    g = state(data)
    assert (g.turn, g.phase, g.tale_play.volcano, g.tale_play.laid) == (3, "A", "south", ((0, "nomad", 1),)), (
        [c.name for c in g.civs], g.first, shown)
    assert dict((k, (q, r)) for k, q, r in g.tale_play.creatures).keys() == {"leviathan"}
    s = Session(GameStore(data).open(game_id(data)), TrackerRules())
    assert not s.can_undo() and s.history()[0].action["type"] == "start-from-state"
    s.log.close()

    # play on: the Game screen says what lies where, then every player plays their Nomad card
    page.wait_for_selector(".rf-laid:has-text('Laid on their side')")
    assert "lava flows pointing south" in page.locator(".rf-volcano").first.inner_text()
    for i in g.order():
        name = g.civs[i].name
        drawn(page, data)
        tap_in_row(page, f"{name} plays:", "rf-play-nomad")
        try:
            wait_for(lambda: state(data).civs[i].played or state(data).phase != "A", timeout=30)
        except AssertionError:
            screenshot(page, "progress-failed")
            raise AssertionError(f"{name} could not play a Nomad: {message(page)!r}")
    g = state(data)
    assert g.phase == "B"
    while state(data).phase == "B":  # each player ends their actions; the first player's Nomad lies on its side
        drawn(page, data)
        acting = state(data).acting
        if acting == 0:
            assert state(data).act_limit == 0  # the laid Nomad performs no action
        for _ in range(3):  # the page may be redrawing as the tap lands: look again and tap again
            try:
                page.locator("button.rf-end-turn").tap(timeout=20_000)
                wait_for(lambda: state(data).acting != acting or state(data).phase != "B", timeout=20)
                break
            except (AssertionError, PlaywrightTimeout):
                drawn(page, data)
        else:
            screenshot(page, "progress-failed")
            raise AssertionError(f"End turn of {state(data).civs[acting].name} not taken: {message(page)!r}")
    g = state(data)
    assert (g.phase, g.turn, g.tale_play.laid, g.tale_play.volcano) == ("A", 4, (), "south")
    drawn(page, data)
    wait_for(lambda: page.locator(".rf-laid").count() == 0, timeout=20)  # nothing is said to lie on its side any more
    assert "lava flows pointing south" in page.locator(".rf-volcano").first.inner_text()
    ctx.close()
