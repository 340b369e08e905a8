"""The World screen's board follows the World: Fit fills the canvas, a tile placed beyond the view
comes into it (refitted, or panned for a view zoomed by hand), the empty table shows the Spaces to
tap, and the Regions' labels at Fit cover little of the World."""

import pytest

from companion.drawing import label_box
from companion.gamelog import GameStore
from companion.rise_and_fall.screens.board_style import STYLE
from companion.rise_and_fall.screens.library import Library
from companion.rise_and_fall.screens.world_screen import LABEL_SHARE, WorldScreen
from companion.rise_and_fall.world.views import layout_for
from companion.rise_and_fall.world.worldgen import generate
from companion.ui.viewport import covers, inside


@pytest.fixture
def screen(tmp_path):
    return WorldScreen(GameStore(tmp_path / "data"), Library(tmp_path / "layouts"))


def view(b):
    return (b.k, b.tx, b.ty)


def canvas(b):
    return b.width * b.dpr, b.height * b.dpr


def world_box(screen):
    lay = layout_for(STYLE)
    pts = [p for c in screen.build.world.spaces() for p in lay.corners(c)]
    return min(x for x, _ in pts), min(y for _, y in pts), max(x for x, _ in pts), max(y for _, y in pts)


def test_the_empty_table_shows_the_spaces_where_the_first_tiles_may_go(screen):
    b = screen.build
    assert b.started and not b.seas_started
    spaces = screen.spaces_to_tap()
    legal = {c for t in b.legal("sea") for c in t.cells} - set(b.world.spaces())
    assert spaces and set(spaces) == legal
    # each is drawn, and on the board as it opens
    lay = layout_for(STYLE)
    drawn = {s.points for s in screen.scene().items if getattr(s, "stroke", None) == "#7a8f99"}
    assert {tuple(lay.corners(c)) for c in spaces} <= drawn
    for c in spaces:
        x, y = lay.hex_to_pixel(c)
        assert inside((x, y, x, y), view(screen.board), *canvas(screen.board), margin=0)
    # once a Sea tile is down the World has begun: no more Spaces drawn for it
    t = b.legal("sea")[0]
    screen.act({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation})
    assert screen.spaces_to_tap() == []


def test_a_free_design_world_shows_the_spaces_of_the_kind_picked(screen):
    from companion.rise_and_fall.world.builder import world_setup_action

    screen.new_world(world_setup_action(3, free=True))
    b = screen.build
    assert b.free and not b.seas_started
    screen.kind_pick.value = "sea"
    legal = {c for t in b.legal("sea") for c in t.cells} - set(b.world.spaces())
    assert legal and set(screen.spaces_to_tap()) == legal
    screen.kind_pick.value = "plains"  # it goes on the Sea tiles: no empty Space to show
    assert screen.spaces_to_tap() == []


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 2), (4, 1)])
def test_fit_fills_the_canvas(screen, players, seed):
    """The World's box covers at least 85 % of the board's width or height at Fit, complete or
    just begun (its Starting Seas with the Spaces shown around them, where the first tiles go)."""
    assert screen.spaces_to_tap()
    assert max(covers(screen.world_bounds, view(screen.board), *canvas(screen.board))) >= 0.85
    screen.new_world({"type": "load", "layout": generate(players, seed).to_dict()})
    screen.board.zoom_by(1.25)
    screen.board.fit_view()
    assert max(covers(world_box(screen), view(screen.board), *canvas(screen.board))) >= 0.85


def test_a_tile_placed_beyond_the_view_comes_into_it(screen):
    b = screen.board
    for _ in range(12):  # tiles placed where each fits first: the World grows past the board's first view
        t = screen.build.legal(screen.build.next_kind())[0]
        before = view(b)
        screen.act({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation})
        assert inside(world_box(screen), view(b), *canvas(b))  # the whole World, as it grows
        if view(b) != before:
            assert not b.user_view
    # zoomed in by hand: the board keeps the zoom, and pans to each new tile
    b.zoom_by(1.25)
    b.zoom_by(1.25)
    zoom = b.zoom
    lay = layout_for(STYLE)
    for _ in range(6):
        tiles = screen.build.legal(screen.build.next_kind())
        t = max(tiles, key=lambda t: min(abs(b.to_buffer(*lay.hex_to_pixel(c))[0] - b.width) for c in t.cells))
        screen.act({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation})
        placed = screen.build.tiles[-1]
        for c in placed.cells:
            x, y = lay.hex_to_pixel(c)
            assert inside((x, y, x, y), view(b), *canvas(b)), c
        assert b.zoom == zoom and b.user_view


def test_the_regions_labels_at_fit_cover_little_of_the_world(screen):
    screen.new_world({"type": "load", "layout": generate(4, 1).to_dict()})
    screen.toggle_regions()
    b = screen.board
    rl = b.render_list()
    k = b.k
    hex_area = 1.5 * 3 ** 0.5 * STYLE.hex_size ** 2
    world_area = sum(1 for _ in screen.build.world.spaces()) * hex_area * k * k
    labels = [label_box(x, y, text, size) for x, y, text, size, _, _ in rl.texts]
    assert labels  # the largest Regions keep their labels
    covered = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in labels)
    assert covered <= 0.1 * world_area, covered / world_area
    sizes = {f"{r.size} · {r.value} VP": r.size for r in screen.build.world.regions()}
    for (x0, y0, x1, y1), (_, _, text, _, _, _) in zip(labels, rl.texts):
        assert (x1 - x0) * (y1 - y0) <= LABEL_SHARE * sizes[text] * hex_area * k * k
    # zoomed in, more labels come
    b.zoom_by(1.25)
    b.zoom_by(1.25)
    assert len(b.render_list().texts) > len(rl.texts)
