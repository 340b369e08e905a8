"""What a screen says fits its place, whatever the look (issue 37's fit): History's remove question is one box
that holds all its words, readable in the dark, its buttons below it, on the tablet and on a phone; a screen's
message slot holds whole lines, never one cut across, and on a phone what it holds at the usual size it holds
with A+."""

from companion.history import FinishedGames
from companion.ui.widgets import message_html

from .harness import listen, open_app, phone, screenshot, settle, tablet
from .test_controls import set_look

#: a refusal as long as a phone's slot holds at the usual size (three lines)
SENTENCE = message_html("A City cannot stand on a Sea Space: choose a Plains, Forest or Mountain Space for it.", "error")

#: the screen's message slot with ``html`` in it: its inner height, the message's height and its line's height
SLOT = """(html) => { const s = [...document.querySelectorAll('.rf-app .rf-message-slot')].find(e => e.offsetParent);
    const c = s.querySelector('.widget-html-content') || s; c.innerHTML = html; const m = s.querySelector('.rf-msg');
    const cs = getComputedStyle(m);
    return {slot: s.clientHeight, message: m.scrollHeight, line: parseFloat(cs.lineHeight),
            padding: parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom)}; }"""

#: the question's box: its rectangles (an inline box wrapped on several lines has one per line), its edges,
#: the Yes button's top, its colours and the screen's width
QUESTION = """() => { const m = document.querySelector('.rf-history-question .rf-msg'); const r = m.getBoundingClientRect();
    const yes = document.querySelector('button.rf-history-remove-yes').getBoundingClientRect(); const c = getComputedStyle(m);
    return {rects: m.getClientRects().length, left: r.left, right: r.right, bottom: r.bottom, yes: yes.top,
            overflow: m.scrollHeight - m.clientHeight, color: c.color, bg: c.backgroundColor, width: innerWidth}; }"""


def luminance(css: str) -> float:
    """The relative luminance of a CSS 'rgb(r, g, b)' colour (WCAG)."""
    rgb = [int(x) / 255 for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_history_asks_before_removing_in_one_readable_box_in_the_dark(server, browser):
    url, data, _ = server
    h = FinishedGames(data)
    h.keep("rise-and-fall", "scoring-1", "Harbour of a Very Long Name Indeed",
           {"Ben": {"economy": 9, "total": 9}, "Ana": {"economy": 1, "total": 1}}, ["Ben"], of="game-1")
    h.close()
    for name, make in (("tablet", tablet), ("phone", phone)):
        ctx = make(browser)
        page = ctx.new_page()
        listen(page)
        page.goto(url + "?game=rise-and-fall&screen=history")
        page.wait_for_selector(".rf-history .rf-history-pick select")
        page.locator("button.rf-dark-toggle").tap()
        page.wait_for_selector(".rf-app.rf-dark")
        page.locator(".rf-history-pick select").select_option(index=0)
        settle(page)
        page.locator("button.rf-history-remove").tap()
        page.wait_for_selector(".rf-history-question .rf-msg-warning")
        settle(page)
        q = page.evaluate(QUESTION)
        screenshot(page, f"history-remove-question-dark-{name}")
        set_look(page, False, False)  # the next page starts light
        ctx.close()
        assert q["rects"] == 1, f"{name}: the question is drawn as {q['rects']} broken boxes, their lines overlapping"
        assert 0 <= q["left"] and q["right"] <= q["width"] and q["overflow"] <= 0, f"{name}: the question leaves its box: {q}"
        assert q["bottom"] <= q["yes"], f"{name}: the Yes button covers the question: {q}"
        assert luminance(q["bg"]) < 0.1, f"{name}: a light box in the dark theme: {q['bg']}"
        assert contrast(q["color"], q["bg"]) >= 4.5, f"{name}: the question is unreadable: {q['color']} on {q['bg']}"


def test_the_message_slot_holds_whole_lines_and_with_a_plus_what_it_held(server, browser):
    url, _data, _ = server
    for name, make in (("tablet", tablet), ("phone", phone)):
        ctx = make(browser)
        page = ctx.new_page()
        open_app(page, url)
        seen = {}
        try:
            for large in (False, True):
                set_look(page, False, large)
                seen[large] = m = page.evaluate(SLOT, SENTENCE)
                screenshot(page, f"message-slot-{name}{'-large' if large else ''}")
                lines = (m["slot"] - m["padding"]) / m["line"]
                assert abs(lines - round(lines)) * m["line"] <= 1, f"{name}, A+ {large}: the slot cuts a line ({lines:.2f} lines): {m}"
        finally:
            set_look(page, False, False)
            ctx.close()
        if name == "phone":
            assert seen[False]["message"] <= seen[False]["slot"], f"the sentence is longer than the phone's slot: {seen}"
            assert seen[True]["message"] <= seen[True]["slot"], f"with A+ the phone's slot cuts what it holds at the usual size: {seen}"
