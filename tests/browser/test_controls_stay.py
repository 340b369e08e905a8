"""Controls stay under the finger: a message appearing, changing or going between two taps of
the World's flow moves no control by more than a few pixels, on the tablet and on the phone."""

from .harness import (
    css_mapper,
    latest_build,
    message,
    open_app,
    phone,
    screenshot,
    tablet,
    tap_space,
    wait_for,
)

#: every control of the World's flow, and the board
CONTROLS = ".rf-tools button, .rf-zoom-bar button, canvas.rf-board"

#: each control's box, measured from the top of the page (the same whatever the page's scroll)
BOXES = """(sel) => { const app = document.querySelector('.rf-app').getBoundingClientRect();
    return [...document.querySelectorAll(sel)].filter(e => e.offsetParent).map(e => { const r = e.getBoundingClientRect();
      return [e.className.split(' ').filter(c => c.startsWith('rf-')).join(' ') || e.tagName, r.left - app.left, r.top - app.top]; }); }"""

MOST_PX = 3


def moved(before: list, after: list) -> list:
    assert [b[0] for b in before] == [a[0] for a in after], (before, after)
    return [(b[0], round(a[1] - b[1]), round(a[2] - b[2])) for b, a in zip(before, after)
            if abs(a[1] - b[1]) > MOST_PX or abs(a[2] - b[2]) > MOST_PX]


def far_space(page, build):
    """An empty Space on the board, far from every Sea tile: a tap there is refused."""
    covered = {c for t in build.legal("sea") for c in t.cells}
    to_css, (left, top, right, bottom) = css_mapper(page)
    on_board = [(q, r) for q in range(-25, 25) for r in range(-25, 25) if (q, r) not in covered and (q, r) not in build.world
                and left + 20 < to_css((q, r))[0] < right - 20 and top + 20 < to_css((q, r))[1] < bottom - 20]
    return max(on_board, key=lambda h: min(abs(h[0] - c[0]) + abs(h[1] - c[1]) for c in build.world.spaces()))


def test_no_control_moves_when_the_worlds_messages_come_and_go(server, browser):
    url, data, _ = server
    for name, make in (("tablet", tablet), ("phone", phone)):
        ctx = make(browser)
        page = ctx.new_page()
        open_app(page, url)
        _, build = latest_build(data)[0].head, latest_build(data)[0].state
        steps = [("opened", page.evaluate(BOXES, CONTROLS))]
        tile = build.legal("sea")[0]
        tap_space(page, tile.cells[0])
        wait_for(lambda: "fits here" in message(page))
        steps.append(("a preview", page.evaluate(BOXES, CONTROLS)))
        tap_space(page, far_space(page, build))
        wait_for(lambda: "must touch at least 2 Sea tiles" in message(page))
        steps.append(("a refused tap", page.evaluate(BOXES, CONTROLS)))
        screenshot(page, f"controls-stay-{name}")
        page.locator("button.rf-cancel").tap()
        wait_for(lambda: message(page).strip() == "")
        steps.append(("cancelled", page.evaluate(BOXES, CONTROLS)))
        for (said, before), (then, after) in zip(steps, steps[1:]):
            assert len(before) >= 8, before  # the tools, the zoom buttons and the board
            assert moved(before, after) == [], f"{name}: from {said} to {then}"
        ctx.close()

