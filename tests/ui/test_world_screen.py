"""The board builder driven without a browser: taps on Spaces, button clicks, reloads."""

import json
import re
import sqlite3

import ipywidgets as W
import pytest

from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.layout import parse
from companion.rise_and_fall.world.tiles import Tile
from companion.ui.app import App


@pytest.fixture
def app(tmp_path):
    return App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")


def legal_first(app, kind=None):
    b = app.world.build
    return b.legal(kind or b.next_kind())[0]


def test_tap_previews_then_tap_again_places(app):
    screen = app.world
    before = len(screen.build.tiles)
    t = legal_first(app)
    screen.tap_space(t.cells[0])
    assert screen.preview is not None and screen.preview.verdict is None
    assert "fits here" in screen.message.value
    screen.tap_space(screen.preview.tile.cells[0])
    assert len(screen.build.tiles) == before + 1
    assert screen.session.log.head() >= 2  # setup + place, on disk


def test_illegal_tap_shows_the_rule_and_changes_nothing(app):
    screen = app.world
    before = screen.build.tiles
    screen.tap_space((40, 40))  # far from every Sea tile
    assert screen.preview.verdict.rule == "sea-touch"
    assert "must touch at least 2 Sea tiles" in screen.message.value
    screen.place_btn.click()
    assert screen.build.tiles == before
    assert screen.place_btn.disabled


def test_rotate_cycles_legal_places_covering_the_tapped_space(app):
    screen = app.world
    t = legal_first(app)
    screen.tap_space(t.cells[0])
    seen = {screen.preview.tile}
    for _ in range(len(screen.cycle)):
        screen.rotate_btn.click()
        seen.add(screen.preview.tile)
        assert screen.preview.verdict is None
    assert len(seen) == len(screen.cycle)


def test_undo_redo_buttons(app):
    screen = app.world
    t = legal_first(app)
    screen.tap_space(t.cells[0])
    screen.place_btn.click()
    n = len(screen.build.tiles)
    screen.undo_btn.click()
    assert len(screen.build.tiles) == n - 1
    screen.redo_btn.click()
    assert len(screen.build.tiles) == n


def test_a_reload_restores_the_world_exactly(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    for _ in range(3):
        t = legal_first(a)
        a.world.tap_space(t.cells[0])
        a.world.confirm()
    tiles = a.world.build.tiles
    b = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # a new kernel after a reload
    assert b.world.build.tiles == tiles
    assert b.world.build.whose_turn() == a.world.build.whose_turn()


def test_two_tabs_the_stale_one_is_told_and_refreshed(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    b = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    t = legal_first(a)
    a.world.tap_space(t.cells[0])
    a.world.confirm()
    t2 = legal_first(b)  # b still sees the old World
    b.world.tap_space(t2.cells[0])
    b.world.confirm()
    assert "another screen" in b.world.message.value
    assert b.world.build.tiles == a.world.build.tiles


def test_new_world_setup_and_turn_order(app):
    s = app.world
    s.n_players.value = 2
    s.names[0].value, s.names[1].value = "Ana", "Ben"
    s.first_pick.value = 1
    s.start_btn.click()
    b = s.build
    assert b.players == 2 and b.whose_turn() == "Ben"
    t = legal_first(app)
    s.tap_space(t.cells[0])
    s.confirm()
    assert s.build.whose_turn() == "Ana"  # "In turn and going clockwise"
    assert "Ana" in s.status.value


def test_starting_seas_move_only_before_the_first_sea(app):
    s = app.world
    b = s.build
    s.move_btn.click()
    assert s.moving_mode
    last = b.tiles[2]
    s.tap_space(last.cells[0])  # pick it up
    s.tap_space((last.q - 12, last.r))  # far away: legal (no overlap)
    assert s.preview.verdict is None
    s.place_btn.click()
    assert s.build.tiles[2].q == last.q - 12
    t = legal_first(app)
    s.tap_space(t.cells[0])
    s.confirm()
    assert s.move_btn.disabled


def test_free_design_is_marked_and_has_no_pool(app):
    s = app.world
    s.free_check.value = True
    s.start_btn.click()
    assert s.build.free and s.free_badge.layout.display != "none"
    s.kind_pick.value = "plains"
    t = s.build.legal("plains")[0]
    s.tap_space(t.cells[0])
    s.confirm()
    assert any(x.kind == "plains" for x in s.build.tiles)


def test_library_save_load_and_broken_files(app, tmp_path):
    s = app.world
    s.save_name.value = "Test World"
    s.save_btn.click()
    path = tmp_path / "layouts" / "test-world.json"
    assert check(parse(json.loads(path.read_text()))).valid
    (tmp_path / "layouts" / "broken.json").write_text("{nope")
    app.library.refresh()
    texts = " ".join(getattr(w, "value", "") for w in app.library.widget.children)
    assert "broken.json is not valid JSON" in texts
    shipped = sorted(app.library.shipped.glob("*.json"))
    assert shipped and len(app.library.widget.children) == 2 + len(shipped)  # the shipped Worlds too


def test_saving_writes_to_the_players_own_library_never_into_the_shipped_one(tmp_path, monkeypatch):
    from companion.rise_and_fall.screens.library import SHIPPED_LAYOUTS

    monkeypatch.delenv("COMPANION_LAYOUTS", raising=False)
    before = {p.name: p.read_bytes() for p in SHIPPED_LAYOUTS.glob("*.json")}
    a = App(data_dir=tmp_path / "data", game="rise-and-fall")  # no layouts folder given: the data directory's
    a.world.save_name.value = "Harbour of Storms"  # the name of a shipped World
    a.world.save_btn.click()
    assert (tmp_path / "data" / "layouts" / "harbour-of-storms.json").exists()
    assert {p.name: p.read_bytes() for p in SHIPPED_LAYOUTS.glob("*.json")} == before
    def html_in(w):  # every HTML of a row, its label and the Load's answer in their own column
        return [w] if isinstance(w, W.HTML) else [x for c in getattr(w, "children", []) for x in html_in(c)]

    names = " ".join(w.value for row in a.library.widget.children for w in html_in(row))
    assert names.count("Harbour of Storms") == 2  # the shipped one and the players' own


def test_random_world_is_complete(app):
    s = app.world
    s.n_players.value = 2
    s.seed.value = 3
    s.random_btn.click()
    assert s.build.complete and s.build.whose_turn() is None


def test_plains_rescue_from_the_screen(app):
    """'ALL of the Plains tiles must be placed': the screen offers each choice of the fewest tiles to lift, the table
    picks one, then places it and the new tile by hand."""
    from pathlib import Path

    doc = json.loads((Path(__file__).parents[1] / "data" / "stuck-plains-2p.json").read_text())
    s = app.world
    s.new_world({"type": "load", "layout": doc})
    assert s.build.stuck_plains()
    assert s.lift_box.layout.display != "none" and len(s.lift_box.children) == len(s.build.lift_choices()) == 4
    assert "Lift a Plains tile among the 4 choices" in s.message.value
    plains_before = sum(1 for t in s.build.tiles if t.kind == "plains")
    s.lift_box.children[2].click()
    assert s.build.lifting and "Lifted the Plains tile" in s.message.value
    for _ in range(2):
        t = next(t for t in s.build.legal("plains") if s.build.check(t) is None)
        s.answer(s.taps.show(s.build, t))
        s.confirm()
    assert sum(1 for t in s.build.tiles if t.kind == "plains") == plains_before + 1
    assert check(s.build.layout()).valid
    assert s.build.next_kind() == "forest"  # all 10 Plains tiles are in the World


def test_export_offers_png_and_svg(app):
    app.world.export_btn.click()
    v = app.world.downloads.value
    assert "data:image/png;base64," in v and "data:image/svg+xml;base64," in v


def test_every_button_is_at_least_44px_by_css():
    from companion.ui.style import CSS

    assert "min-height: 48px" in CSS and "touch-action: none" in CSS


def test_board_prepares_few_messages(app):
    rl = app.world.board.render_list()
    assert rl.messages() <= 12


def test_log_holds_every_tap_that_changed_something(app, tmp_path):
    s = app.world
    t = legal_first(app)
    s.tap_space(t.cells[0])
    s.confirm()
    db = sqlite3.connect(s.session.log.path)
    kinds = [json.loads(a)["type"] for (a,) in db.execute("SELECT action FROM actions ORDER BY seq")]
    assert kinds == ["setup", "place"]


def test_region_overlay_shows_every_region_with_size_and_value(app):
    s = app.world
    s.n_players.value = 2
    s.seed.value = 3
    s.random_btn.click()
    s.regions_btn.click()
    texts = [it.text for it in s.scene().items if hasattr(it, "text")]
    regions = s.build.world.regions()
    assert len([t for t in texts if t.endswith("VP")]) == len(regions)
    assert f"{regions[0].size} · {regions[0].value} VP" in texts
    assert "number of Spaces" in s.board.legend.value  # what the labels say, under the board
    s.regions_btn.click()
    assert not any(hasattr(it, "text") for it in s.scene().items) and not s.board.legend.value


@pytest.mark.parametrize("css_width", [694.0, 374.0])
def test_region_labels_never_cover_each_other_and_the_largest_regions_come_first(app, css_width):
    """Every Region of a 4-player World at the fitted zoom of a tablet and of a phone: each label
    drawn is readable (at least 13 CSS pixels), covers no other and at most a quarter of its Region
    (the labels must not cover the World); where the board is too small for them all, the largest
    Regions keep theirs (on a phone at Fit, none is that large) and zooming in shows more."""
    from companion.drawing import label_box
    from companion.rise_and_fall.screens.library import SHIPPED_LAYOUTS
    from companion.rise_and_fall.screens.world_screen import region_label

    s = app.world
    s.load_layout(json.loads((SHIPPED_LAYOUTS / "harbour-of-storms-4p.json").read_text()))
    s.regions_btn.click()
    s.board.css_width = css_width
    s.board.fit_view()
    regions = s.build.world.regions()
    assert len(regions) > 30

    from companion.rise_and_fall.screens.world_screen import LABEL_SHARE

    space_area = 1.5 * 3 ** 0.5 * s.board.space ** 2 / 3  # a Space's area, in scene pixels²
    sizes = {region_label(r.size, r.value): r.size for r in regions}

    def drawn() -> list[tuple]:
        labels = [t for t in s.board.render_list().texts if t[2].endswith(" VP")]
        per_css = s.board.width * s.board.dpr / css_width
        assert not labels or min(t[3] for t in labels) / per_css >= 13
        boxes = [label_box(*t[:4]) for t in labels]
        for i, a in enumerate(boxes):
            assert (a[2] - a[0]) * (a[3] - a[1]) <= LABEL_SHARE * sizes[labels[i][2]] * space_area * s.board.k ** 2
            for b in boxes[:i]:
                assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1]), (a, b)
        return labels

    fitted = drawn()
    largest = max(regions, key=lambda r: r.size)
    assert css_width < 600 or any(t[2] == region_label(largest.size, largest.value) for t in fitted)
    s.board.zoom_by(2.5)  # zoomed in: labels of small Regions appear
    zoomed = drawn()
    assert len(zoomed) > len(fitted)  # (the labels off the canvas are laid out too)


def test_a_random_world_or_a_load_over_a_world_in_progress_is_undone_by_one_undo(app):
    s = app.world
    t = legal_first(app)
    s.tap_space(t.cells[0])
    s.confirm()
    before = s.build.tiles
    assert len(before) > s.build.players  # a Sea tile placed: a World in progress
    s.seed.value = 5
    s.random_btn.click()
    assert s.build.complete and "Undo brings the previous World back" in s.message.value
    s.undo_btn.click()
    assert s.build.tiles == before
    s.redo_btn.click()
    assert s.build.complete
    s.undo_btn.click()
    from companion.rise_and_fall.world.worldgen import generate

    s.load_layout(generate(3, 8, name="Eight").to_dict())  # as the library's Load does
    assert s.build.name == "Eight" and "Undo brings the previous World back" in s.message.value
    s.undo_btn.click()
    assert s.build.tiles == before


def test_a_random_world_says_it_is_being_built_and_the_button_comes_back(app):
    s = app.world
    seen = []
    s.message.observe(lambda ch: seen.append(ch["new"]), "value")
    s.random_btn.click()
    assert any("Building a random World" in m for m in seen)
    assert not s.random_btn.disabled


def test_a_preview_that_would_leave_no_place_for_the_rest_of_the_seas_says_so_while_it_can_move(app):
    """On the first arrangement of the Starting Seas, a legal third Sea tile can be the World's last."""
    s = app.world
    s.new_world({"type": "setup", "players": 2})  # begun before the pairs
    for q, r, rot in ((2, -2, 2), (-3, -2, 5)):
        assert s.act({"type": "place", "tile": "sea", "q": q, "r": r, "rotation": rot})
    s.cycle = []
    s._show(Tile("sea", -5, 0, 0))
    assert s.preview.verdict is None and not s.place_btn.disabled  # still legal, still movable
    assert "after this tile, no place is left for the 9 Sea tiles still to place" in s.message.value
    assert "rf-msg-warning" in s.message.value
    fine = next(t for t in s.build.legal("sea") if s.build.dead_end_after(t) is None)
    s._show(fine)
    assert "fits here" in s.message.value and "no place is left" not in s.message.value


def test_a_starting_sea_moved_where_no_sea_tile_could_touch_two_tiles_is_told(app):
    s = app.world
    b = s.build
    s.move_btn.click()
    middle = b.tiles[0]  # the pair's first tile: the other two touch only it
    s.tap_space(middle.cells[0])
    s.tap_space((middle.q - 12, middle.r))
    assert s.preview.verdict is None and not s.place_btn.disabled
    assert "after this move, no place is left for the 15 Sea tiles still to place" in s.message.value
    s.tap_space((middle.q, middle.r))  # back where it was: nothing to warn of
    assert "no place is left" not in s.message.value


def test_undo_with_a_tile_shown_says_what_it_took_back(app):
    """A refused preview on the board, then Undo: the tile taken back is said (the preview's end cleared the
    sentence as one about another tile, so Undo said nothing)."""
    s = app.world
    t = legal_first(app)
    s.tap_space(t.cells[0])
    s.place_btn.click()
    s.tap_space((40, 40))  # far from every Sea tile: refused, shown in red
    assert s.preview is not None and s.preview.verdict is not None
    s.undo_btn.click()
    assert s.preview is None and "Undone: " in s.message.value and "Sea tile" in s.message.value, s.message.value


def test_undo_and_redo_say_what_they_took_back_in_players_words(app):
    s = app.world
    s.n_players.value = 2
    s.names[0].value, s.names[1].value = "Ana", "Ben"
    s.first_pick.value = 1
    s.start_btn.click()
    t = legal_first(app)
    s.tap_space(t.cells[0])
    s.place_btn.click()
    s.undo_btn.click()
    text = s.message.value
    assert "Undone: Ben&#x27;s Sea tile by " in text and re.search(r"\((north|south|east|west|[a-z-]+)\)\.<", text), text
    s.redo_btn.click()
    assert "Done again: Ben&#x27;s Sea tile by " in s.message.value
    for _ in range(2):
        u = legal_first(app)
        s.tap_space(u.cells[0])
        s.place_btn.click()
    s.history.value = s.history_lines()[1][0]  # back to just after the first Sea tile (the setup is line 0)
    s.undo_to_btn.click()
    assert "Undone: Ana&#x27;s Sea tile by " in s.message.value and "and 1 step after it" in s.message.value
