"""The World view follows the World, in a real page: the board opens with the Starting Seas and the
Spaces where the first tile may go filling it, a tile placed at the edge of a view zoomed in by
hand is on the board without a tap on Fit (the zoom kept), and Fit fills the board. (A fitted
board fitted again as the World grows: tests/ui/test_world_view.py.)"""

from companion.rise_and_fall.screens.board_style import STYLE
from companion.rise_and_fall.world.views import layout_for
from companion.ui.viewport import covers

from .harness import (
    board_meta,
    css_mapper,
    latest_build,
    message,
    open_app,
    screenshot,
    settle,
    tablet,
    tap_space,
    wait_for,
)


def world_box(build, spaces=()) -> tuple[float, float, float, float]:
    """The World's box (and the Spaces given), in scene pixels."""
    lay = layout_for(STYLE)
    pts = [p for c in [*build.world.spaces(), *spaces] for p in lay.corners(c)]
    return min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts)


def share(page, box) -> float:
    """The larger of the shares of the board's width and height the box covers, as drawn now."""
    meta = board_meta(page)
    w, h = page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); return [c.width, c.height]; }")
    return max(covers(box, (meta["k"], meta["tx"], meta["ty"]), w, h))


def on_board(page, space, inset: float = 0.0) -> bool:
    to_css, (left, top, right, bottom) = css_mapper(page)
    x, y = to_css(space)
    return left + inset < x < right - inset and top + inset < y < bottom - inset


def edge_spaces(page, build) -> list:
    """Spaces on the board next to its edge, where a legal Sea tile reaches off the board: those
    where the most tiles covering them do first."""
    tiles = build.legal("sea")
    off = {u: any(not on_board(page, d) for d in u.cells) for u in tiles}
    spaces = {c for t in tiles for c in t.cells if on_board(page, c, 24)}
    share = {c: sum(off[u] for u in tiles if c in u.cells) / sum(1 for u in tiles if c in u.cells) for c in spaces}
    return sorted((c for c in spaces if share[c] > 0), key=lambda c: (-share[c], c))


def place_at_the_edge(page, data) -> tuple:
    """A Sea tile placed by taps on a Space at the edge of the board, that reached off the board as
    it was shown (a tile that did not is taken back and another Space tapped); the tile."""
    spaces = edge_spaces(page, latest_build(data)[0].state)
    for space in spaces[:8]:
        build = latest_build(data)[0].state
        n = len(build.tiles)
        tap_space(page, space)
        wait_for(lambda: "fits here" in message(page))
        settle(page)
        shown_on_board = {c: on_board(page, c) for c in build.world.spaces()} | {c: on_board(page, c) for t in build.legal("sea") for c in t.cells}
        page.locator("button.rf-place").tap()
        wait_for(lambda: len(latest_build(data)[0].state.tiles) == n + 1)
        settle(page)
        tile = latest_build(data)[0].state.tiles[-1]
        if not all(shown_on_board[c] for c in tile.cells):
            return tile
        page.locator("button.rf-undo").tap()  # it stayed on the board: not a tile at the edge
        wait_for(lambda: len(latest_build(data)[0].state.tiles) == n)
        settle(page)
    raise AssertionError("no tile at the edge of the view was placed")


def test_a_tile_placed_at_the_edge_is_on_the_board_without_fit(server, browser):
    url, data, _ = server
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    settle(page)
    build = latest_build(data)[0].state
    to_go = {c for t in build.legal("sea") for c in t.cells} - set(build.world.spaces())
    # the empty table: the Starting Seas and the Spaces where the first tile may go fill the board
    assert share(page, world_box(build, to_go)) >= 0.85, share(page, world_box(build, to_go))
    assert all(on_board(page, c) for c in to_go)
    screenshot(page, "world-view-empty-table")

    # the first Sea tile, on the Spaces shown: the whole World on the board (viewport.follow)
    tap_space(page, build.legal("sea")[0].cells[0])
    wait_for(lambda: "fits here" in message(page))
    page.locator("button.rf-place").tap()
    wait_for(lambda: len(latest_build(data)[0].state.tiles) == len(build.tiles) + 1)
    settle(page)
    assert all(on_board(page, c) for c in latest_build(data)[0].state.world.spaces())

    # zoomed in by hand: the zoom is kept, and the board pans to the tile placed
    for _ in range(2):
        k = board_meta(page)["k"]
        page.locator("button.rf-zoom-in").tap()
        wait_for(lambda: board_meta(page)["k"] > k)
    settle(page)
    k = board_meta(page)["k"]
    tile = place_at_the_edge(page, data)
    assert all(on_board(page, c) for c in tile.cells), tile
    assert board_meta(page)["k"] == k
    screenshot(page, "world-view-zoomed-follows")

    # Fit: the World fills the board
    page.locator("button.rf-fit").tap()
    wait_for(lambda: board_meta(page)["k"] != k)
    settle(page)
    assert share(page, world_box(latest_build(data)[0].state)) >= 0.85
    ctx.close()
