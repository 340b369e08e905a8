"""The board builder in a real browser: headless Chromium as a tablet (touch, 2x pixels)."""


from .harness import (
    SEA,
    css_mapper,
    latest_build,
    leave_if_asked,
    message,
    open_app,
    pixel_at,
    screenshot,
    tablet,
    tap_space,
    wait_for,
)


def head(data):
    s, _ = latest_build(data)
    return s.head, s.state


def test_world_is_drawn_in_landscape_and_portrait(server, browser):
    url, data, _ = server
    for portrait in (False, True):
        ctx = tablet(browser, portrait)
        page = ctx.new_page()
        open_app(page, url)
        _, build = head(data)
        assert pixel_at(page, build.tiles[0].cells[0])[:3] == SEA
        screenshot(page, "world-portrait" if portrait else "world-landscape")
        # every button a finger can reach is at least 44 px tall
        heights = page.eval_on_selector_all(".rf-app button", "bs => bs.filter(b => b.offsetParent).map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, heights
        ctx.close()


def test_tap_places_illegal_tap_explains_undo_and_reload(server, browser):
    url, data, _ = server
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    seq0, build = head(data)
    tile = build.legal(build.next_kind())[0]
    target = tile.cells[0]
    assert pixel_at(page, target)[3] == 0 or pixel_at(page, target)[:3] != SEA  # empty table before
    tap_space(page, target)
    wait_for(lambda: "fits here" in message(page), timeout=60)  # a loaded machine answers late
    screenshot(page, "world-preview")
    tap_space(page, target)
    wait_for(lambda: head(data)[0] > seq0)
    _, after = head(data)
    assert len(after.tiles) == len(build.tiles) + 1
    placed = after.tiles[-1]
    page.wait_for_function("() => true")
    wait_for(lambda: pixel_at(page, placed.cells[-1])[:3] == SEA)

    # an illegal tap: far from every Sea tile, on the board
    covered = {c for t in after.legal("sea") for c in t.cells}
    candidates = [(q, r) for q in range(-25, 25) for r in range(-25, 25) if (q, r) not in covered and (q, r) not in after.world]
    to_css, (left, top, right, bottom) = css_mapper(page)
    on_board = [h for h in candidates if left + 20 < to_css(h)[0] < right - 20 and top + 20 < to_css(h)[1] < bottom - 20]
    far = max(on_board, key=lambda h: min(abs(h[0] - c[0]) + abs(h[1] - c[1]) for c in after.world.spaces()))
    tap_space(page, far)
    wait_for(lambda: "must touch at least 2 Sea tiles" in message(page), timeout=60)
    screenshot(page, "world-illegal")
    assert head(data)[0] == head(data)[0] and len(head(data)[1].tiles) == len(after.tiles)

    # undo by tap
    page.locator("button.rf-cancel").tap()
    page.locator("button.rf-undo").tap()
    wait_for(lambda: len(head(data)[1].tiles) == len(build.tiles))
    page.locator("button.rf-redo").tap()
    wait_for(lambda: len(head(data)[1].tiles) == len(after.tiles))

    # the board pans under a dragging mouse and zooms with the buttons, and a drag is no tap
    from .harness import board_meta

    before = board_meta(page)
    box = page.locator("canvas.rf-board").bounding_box()
    page.mouse.move(box["x"] + 200, box["y"] + 200)
    page.mouse.down()
    for k in range(1, 6):
        page.mouse.move(box["x"] + 200 + 12 * k, box["y"] + 200 + 6 * k)
    page.mouse.up()
    wait_for(lambda: board_meta(page)["tx"] > before["tx"] + 50 and board_meta(page)["ty"] > before["ty"] + 20)
    # two fingers spread apart: the board zooms in (touch events sent as a tablet sends them)
    cdp = page.context.new_cdp_session(page)
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    k0 = board_meta(page)["k"]

    def fingers(kind, d):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else [
            {"x": cx - d, "y": cy, "id": 1}, {"x": cx + d, "y": cy, "id": 2}]})

    fingers("touchStart", 40)
    for d in (60, 80, 100, 120):
        fingers("touchMove", d)
    fingers("touchEnd", 0)
    wait_for(lambda: board_meta(page)["k"] > k0 * 2)
    assert len(head(data)[1].tiles) == len(after.tiles)  # a pinch never places a tile
    page.locator("button.rf-zoom-in").tap()
    wait_for(lambda: board_meta(page)["k"] > before["k"] * 1.2)
    assert len(head(data)[1].tiles) == len(after.tiles)
    page.locator("button.rf-fit").tap()

    # a reload restores the World exactly
    page.reload()
    page.wait_for_selector("canvas.rf-board")
    wait_for(lambda: page.evaluate("() => !!document.querySelector('.rf-board-meta')") and pixel_at(page, placed.cells[-1])[:3] == SEA, timeout=30)
    screenshot(page, "world-after-reload")
    ctx.close()


def roomy_choice(b):
    """A legal place that leaves the most room for the next tile of the same kind, among six spread over the legal
    places (each weighed by drawing every legal place after it: the test's own work, beside the page's)."""
    kind = b.next_kind()
    options = [t for t in b.legal(kind) if not b.lifting or b.check(t) is None]  # lifted Plains tiles: all must fit again

    def room(t):
        w = b.world.copy()
        w.place(t)
        from companion.rise_and_fall.world.placement import legal_placements

        return len(legal_placements(w, kind))

    return max(options[:: max(1, len(options) // 6)], key=room)


def _on_canvas(page, space) -> bool:
    from .harness import space_to_css

    x, y = space_to_css(page, space)
    r = page.evaluate("() => { const b = document.querySelector('canvas.rf-board').getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }")
    return r[0] + 20 < x < r[2] - 20 and r[1] + 20 < y < r[3] - 20


def test_a_whole_two_player_world_by_taps_alone(server, browser):
    url, data, _ = server
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    # New World: open the panel, 2 players, start
    page.get_by_text("New World", exact=True).first.tap()
    page.get_by_role("button", name="2 players").tap()
    seq = head(data)[0]
    page.locator("button.rf-start").tap()

    leave = leave_if_asked(page, "button.rf-world-leave-yes")

    def started() -> bool:  # over the World an earlier test of this file left being built, asked first: left
        leave()
        return head(data)[1].players == 2 and len(head(data)[1].tiles) == 2

    wait_for(started, timeout=60)
    page.get_by_text("New World", exact=True).first.tap()  # fold the panel away
    taps = 0
    while True:
        seq, b = head(data)
        if b.complete:
            break
        if b.stuck_plains():
            page.locator("button.rf-lift-1").tap()  # the table's choice among the fewest Plains tiles to lift
            taps += 1
        elif b.stuck():
            page.locator("button.rf-set-aside").tap()
            taps += 1
        else:
            tile = roomy_choice(b)
            cell = next((c for c in tile.cells if _on_canvas(page, c)), None)
            if cell is None:  # zoomed in elsewhere: the player shows the whole World again
                page.locator("button.rf-fit").tap()
                wait_for(lambda t=tile: any(_on_canvas(page, c) for c in t.cells))
                cell = next(c for c in tile.cells if _on_canvas(page, c))
            tap_space(page, cell)
            try:
                wait_for(lambda: "fits here" in message(page))
            except AssertionError:
                screenshot(page, "world-whole-failed")
                raise AssertionError(f"no preview after tapping {cell} for {tile}; the screen said: {message(page)!r}")
            tap_space(page, cell)
            taps += 2
            # the screen says so after the board is redrawn (and perhaps refitted)
            wait_for(lambda: "placed a" in message(page), timeout=20)
        try:
            wait_for(lambda: head(data)[0] > seq, timeout=20)
        except AssertionError:
            screenshot(page, "world-whole-failed")
            raise AssertionError(f"nothing placed after {taps} taps; the screen said: {message(page)!r}")
    screenshot(page, "world-complete-2p")
    _, b = head(data)
    from companion.rise_and_fall.world.check import check

    report = check(b.layout())
    assert report.valid
    assert report.complete or b.set_aside  # every tile placed, or set aside by tap when it had nowhere to go
    assert taps >= 2 * 30
    ctx.close()
