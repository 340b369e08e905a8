"""Rise and Fall (1989) in a real browser on a tablet: three nations over several turns with a status change,
a revolt and a combat with the table's dice, a reload, the winner, the game kept in History.

A shared machine can be slow to answer: each wait allows up to 60 s."""

import pytest

from .controls import audit
from .harness import screenshot, tablet, wait_for

pytestmark = pytest.mark.browser
ADDRESS = "?game=rise-and-fall-1989&screen=chart"


def fill(page, css: str, value: str) -> None:
    """Type into a widget's input and leave it, so the kernel hears the change."""
    box = page.locator(f"{css} input, {css} textarea").first
    box.fill(value)
    box.press("Tab")


def choose(page, css: str, value: str) -> None:
    page.locator(f"{css} select").select_option(label=value)


def toggle(page, css: str, label: str) -> None:
    page.locator(f"{css} button:has-text('{label}')").first.tap()


def screen(page, name: str) -> None:
    page.locator(f".rf-nav-tabs button:has-text('{name}')").tap()
    page.wait_for_selector(f".rf-nav-tabs .mod-active:has-text('{name}')")


def sheet(page) -> str:
    return page.locator(".rf89-sheet-box").inner_text()


def record(page, nation: str, label: str, **amounts: str) -> None:
    """Record one turn of a nation: pick it, type what changed, tap Record; wait until its sheet shows it."""
    toggle(page, ".rf89-pick", nation)
    page.wait_for_selector(f".rf89-pick .mod-active:has-text('{nation}')", timeout=60_000)  # the tap is taken
    wait_for(lambda: nation in sheet(page) or "No turn charted" in sheet(page), timeout=60)
    for key, value in amounts.items():
        if key == "revolt_table":
            choose(page, f".rf89-f-{key}", value)
        else:
            fill(page, f".rf89-f-{key}", value)
    page.wait_for_function(f"() => document.querySelector('.rf89-preview') && "
                           f"document.querySelector('.rf89-preview').innerText.startsWith('{label}:')")
    page.locator("button.rf89-record").tap()
    wait_for(lambda: label in sheet(page), timeout=60)


def pick_area(page, k: int, name: str, value: str, infantry: str = "", capitol: bool = False) -> None:
    """One area of the Revolt screen picked: its name and revolt value, Add, then its row's units and capitol."""
    fill(page, ".rf89-r-new-name", name)
    choose(page, ".rf89-r-new-value", value)
    page.locator("button.rf89-r-add").tap()
    row = f".rf89-r-row:nth-child({k})"
    page.wait_for_selector(f"{row} .rf89-r-offer:has-text('{name}')", timeout=60_000)
    if infantry:
        fill(page, f"{row} .rf89-r-infantry", infantry)
        on = int(value) - int(infantry)  # 10.3.2: one less for each infantry there
        page.wait_for_selector(f"{row} .rf89-r-offer:has-text('revolts on {on} or less')", timeout=60_000)
    if capitol:
        page.locator(f"{row} .rf89-r-capitol input").check()


def add_nation(page, name: str, kind: str, player: str, first: str = "1", treasury: str = "0") -> None:
    fill(page, ".rf89-n-name", name)
    choose(page, ".rf89-n-kind", kind)
    fill(page, ".rf89-n-player", player)
    fill(page, ".rf89-n-first", first)
    fill(page, ".rf89-n-treasury", treasury)
    page.locator("button.rf89-add-nation").tap()
    # the new nation is listed and shown: the kernel's answer has arrived, so the next tap is not raced by it
    page.wait_for_selector(f".rf89-pick .mod-active:has-text('{name}')", timeout=60_000)


#: Each field of a row of the chart's form whose label starts less than 12 px after the field before it ends
#: (the evening read '0 ▾Refund %' as one control).
TIGHT = """() => Array.from(document.querySelectorAll('.rf89 .rf89-fields')).flatMap(row => {
    const kids = Array.from(row.children).filter(k => k.getClientRects().length);
    return kids.slice(1).flatMap((k, i) => {
        const a = kids[i].getBoundingClientRect(), b = k.getBoundingClientRect();
        return Math.abs(a.top - b.top) < 4 && b.left - a.right < 12 ? [k.innerText.trim() || k.className] : [];
    });
})"""


def test_three_nations_a_status_change_a_revolt_a_combat_a_reload_and_the_winner(fresh_server, browser):
    url, _, _ = fresh_server
    page = tablet(browser).new_page()
    try:
        play(page, url)
    except Exception:
        screenshot(page, "rome1989-flow-failed")
        raise
    finally:
        page.context.close()


def play(page, url: str) -> None:
    page.goto(url + ADDRESS)
    page.wait_for_selector("button.rf89-new", timeout=90_000)
    fill(page, ".rf89-title", "Tuesday's Rome")
    fill(page, ".rf89-goal-points", "60")
    page.locator("button.rf89-new").tap()
    page.wait_for_selector(".rf-msg:has-text('add the nations')")
    add_nation(page, "Goths", "other", "Ann")
    add_nation(page, "Persia", "persia", "Bo", first="6", treasury="20")
    add_nation(page, "Eastern Rome", "eastern-rome", "Cy", treasury="50")

    # three barbarian turns, then the Goths become a kingdom on what would be their B4 (8.3)
    for k, income in enumerate(("5", "6", "7"), start=1):
        record(page, "Goths", f"B{k}", areas_income=income)
    record(page, "Persia", "K6", areas_income="30", maintenance="10")
    record(page, "Eastern Rome", "E1", areas_income="90", revolt_table="2")
    toggle(page, ".rf89-pick", "Goths")
    page.wait_for_selector(".rf89-phase1:has-text('may become K')")
    toggle(page, ".rf89-status", "K1")
    record(page, "Goths", "K1", areas_income="18")
    assert "+25" not in sheet(page) and "25" in sheet(page)  # the K1 bonus on the sheet
    screenshot(page, "rome1989-chart")
    assert audit(page, dark=False) == []  # every control at least 44 px, on the screen, readable
    assert page.evaluate(TIGHT) == [], "a field's label against the field before it"

    # Eastern Rome's revolt: two rebellion rolls, the table's dice
    toggle(page, ".rf89-pick", "Eastern Rome")
    wait_for(lambda: "E1" in sheet(page), timeout=60)
    screen(page, "Revolt")
    pick_area(page, 1, "Syria", "6", infantry="2")  # the areas picked, not typed
    pick_area(page, 2, "Thracia", "1", capitol=True)
    pick_area(page, 3, "Achaea", "4")
    page.wait_for_selector(".rf89-r-offer:has-text('Thracia: the capitol')")
    choose(page, ".rf89-r-table", "2")  # E2's Revolt Table number: this turn's dice (7.1)
    page.locator("button.rf89-revolt-start").tap()
    page.wait_for_selector(".rf89-r-step:has-text('2 rebellion dice')", timeout=60_000)
    fill(page, ".rf89-r-dice", "6 4")
    page.locator("button.rf89-revolt-tap").tap()
    page.wait_for_selector(".rf89-r-out:has-text('Syria ×1')")
    fill(page, ".rf89-r-dice", "3 5")
    page.locator("button.rf89-revolt-tap").tap()
    page.wait_for_selector(".rf89-r-out:has-text('Revolting: Syria')")

    # a battle of Eastern Rome's: both sides' units picked, not typed; each step an action of the log
    screen(page, "Combat")
    fill(page, ".rf89-b-mine-count-cavalry", "2")
    fill(page, ".rf89-b-mine-count-infantry", "2")
    choose(page, ".rf89-b-opponent", "Independent area")
    fill(page, ".rf89-b-theirs-count-infantry", "3")
    choose(page, ".rf89-b-theirs-defence", "-1")
    page.locator("button.rf89-battle-start").tap()
    page.wait_for_selector(".rf89-b-step:has-text('Independent area fires first')", timeout=60_000)
    fill(page, ".rf89-b-dice", "104")  # one hit: a 1 always hits, a 0 is ten
    page.locator("button.rf89-battle-tap").tap()
    page.wait_for_selector("button.rf89-battle-loss", timeout=60_000)
    assert page.locator(".rf89-b-volleys .rf89-hit").count() == 1

    # a reload mid-combat: the battle comes back at the same step, from its log
    page.reload()
    page.wait_for_selector(".rf-nav-tabs .mod-active:has-text('Combat')", timeout=90_000)  # where it was
    page.wait_for_selector(".rf89-b-step:has-text('Step 4')", timeout=60_000)
    page.locator("button.rf89-battle-loss").first.tap()
    page.wait_for_selector(".rf89-b-step:has-text('Step 5')", timeout=60_000)
    screen(page, "Chart")
    page.wait_for_selector(".rf89-pick button:has-text('Eastern Rome')", timeout=60_000)
    record(page, "Eastern Rome", "E2", areas_income="90")
    screen(page, "Leaders")
    page.wait_for_selector(".rf89-leaders:has-text('Cy has won')")
    assert page.locator(".rf89-leaders svg polyline").count() == 3
    screenshot(page, "rome1989-leaders")
    page.locator("button.rf89-end").tap()
    screen(page, "History")
    page.wait_for_selector("text=1 finished game", timeout=60_000)
