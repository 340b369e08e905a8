"""The World screen's folded panels (New World, Library and export) are built when a player first
opens them, not when the World opens: the World opens with fewer widgets to send. A panel built
late shows what the table has now (a World saved from another page, the players of a World
started on another page), and works as it did when it was built with the screen."""

import ipywidgets as W
import pytest

from companion.rise_and_fall.world.worldgen import generate
from companion.ui.app import App


def page(tmp_path) -> App:
    """One page of the table (every page has its own kernel; the data folders are shared)."""
    return App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")


def widgets_in(w: W.Widget) -> list[W.Widget]:
    out = [w]
    for c in getattr(w, "children", ()):
        out += widgets_in(c)
    return out


def panels(app: App) -> W.Accordion:
    return next(w for w in widgets_in(app.world.widget) if isinstance(w, W.Accordion))


def test_the_world_opens_with_its_panels_folded_and_empty(tmp_path):
    app = page(tmp_path)
    acc = panels(app)
    assert acc.selected_index is None and acc.titles == ("New World", "Library and export")
    shown = widgets_in(app.world.widget)
    # nothing of the folded panels: no name boxes, colours, check boxes, seed or library rows
    assert not [w for w in shown if isinstance(w, (W.Text, W.Checkbox, W.IntText, W.Image))
                and not {"rf-board-css", "rf-board-seen"} & set(w._dom_classes)]  # the board's own hidden boxes
    assert all(not c.children for c in acc.children)
    # the World itself is all there: its tools, its history and its board
    for css in ("rf-rotate", "rf-place", "rf-undo", "rf-redo", "rf-hint", "rf-regions", "rf-undo-to", "rf-zoom-in"):
        assert any(css in w._dom_classes for w in shown), css


def test_opening_new_world_builds_it_with_the_players_of_a_world_started_on_another_page(tmp_path):
    first, second = page(tmp_path), page(tmp_path)
    s = second.world
    s.n_players.value = 4
    for box, name in zip(s.names, ["Ana", "Ben", "Cy", "Dee"]):
        box.value = name
    s.start_btn.click()
    assert s.build.names == ("Ana", "Ben", "Cy", "Dee")
    acc = panels(first)
    acc.selected_index = 0  # the first page opens New World only now
    box = acc.children[0]
    assert box.children, "the panel is built when opened"
    w = first.world
    assert w.n_players.value == 4 and [b.value for b in w.names] == ["Ana", "Ben", "Cy", "Dee"]
    assert [row.layout.display or "" for row in w.player_rows] == ["", "", "", ""]
    assert [label for label, _ in w.first_pick.options] == ["Draw at random", "Ana", "Ben", "Cy", "Dee"]
    assert w.start_btn in widgets_in(box) and w.random_btn in widgets_in(box)
    # and it works as before: three players, a World started for them
    w.n_players.value = 3
    assert [row.layout.display or "" for row in w.player_rows] == ["", "", "", "none"]
    w.start_btn.click()
    assert first.world.build.names == ("Ana", "Ben", "Cy")
    acc.selected_index = None
    acc.selected_index = 0
    assert w.n_players.value == 3, "opened again: the same panel, as the player left it"


def test_a_world_saved_from_another_page_is_in_the_library_when_it_is_first_opened(tmp_path):
    first, second = page(tmp_path), page(tmp_path)
    assert not first.world.library.shown
    second.world.new_world({"type": "load", "layout": generate(3, 7).to_dict()})
    second.world.save_name.value = "Seven Seas <b>"
    second.world.save_btn.click()
    acc = panels(first)
    acc.selected_index = 1  # the first page opens its Library only now
    rows = first.world.library.widget.children
    labels = [w.value for r in rows for w in widgets_in(r) if isinstance(w, W.HTML)]
    assert any("Seven Seas &lt;b&gt;" in v for v in labels)
    assert first.world.library.widget in widgets_in(acc.children[1])
    # a World saved on the second page later is there when the panel is opened again
    second.world.save_name.value = "Later"
    second.world.save_btn.click()
    acc.selected_index = None
    acc.selected_index = 1
    labels = [w.value for r in first.world.library.widget.children for w in widgets_in(r) if isinstance(w, W.HTML)]
    assert any("Later" in v for v in labels)
    # Load on the first page loads it
    load = next(w for r in first.world.library.widget.children for w in widgets_in(r)
                if isinstance(w, W.Button) and "rf-load" in w._dom_classes
                and any("Later" in x.value for x in widgets_in(r) if isinstance(x, W.HTML)))
    first.poll()  # (the page follows the World the second page loaded, as it does by itself)
    load.click()
    assert first.world.build.name == "Later" and "Loaded Later" in first.world.message.value
    # and said in the row tapped, where the finger is (the top of the screen was 798 px above it)
    row = next(r for r in first.world.library.widget.children if load in widgets_in(r))
    said = [w.value for w in widgets_in(row) if isinstance(w, W.HTML) and "rf-lib-said" in w._dom_classes]
    assert len(said) == 1 and "Loaded Later" in said[0]


@pytest.mark.parametrize("dark", [False, True])
def test_export_from_a_panel_built_late_goes_when_the_world_changes(tmp_path, dark):
    app = page(tmp_path)
    if dark:
        app.toggle_dark()
    w = app.world
    w.new_world({"type": "load", "layout": generate(3, 2).to_dict()})
    panels(app).selected_index = 1
    w.export_btn.click()
    assert "Download PNG" in w.downloads.value
    w.undo_btn.click()  # the World changed: the files of the old one go
    assert w.downloads.value == ""


def test_shared_layouts_are_never_changed_by_the_world_screen(tmp_path):
    """Widgets that share the page's one Layout are never hidden one by one: every change of a
    World (free design, a stuck Plains tile) leaves the shared Layout as it was made."""
    from companion.ui.widgets import shared

    app = page(tmp_path)
    w = app.world
    plain = shared(W.Layout)
    w.n_players.value = 2
    w.free_check.value = True
    w.start_btn.click()
    assert w.build.free and w.kind_pick.layout.display != "none"
    panels(app).selected_index = 1
    w.toggle_regions()
    w.toggle_hint()
    assert plain.get_state() == W.Layout().get_state()
    assert w.kind_pick.layout is not plain and w.lift_box.layout is not plain and w.aside_btn.layout is not plain


def test_the_world_opens_without_reading_the_game_and_setup_shows_the_game_of_then(tmp_path):
    """The game being played is read from its log when a screen of it is first shown, not when
    the World opens: a game started on another page meanwhile is the one Setup and Game show."""
    from .test_game_screens import place_all_first_pieces

    first = page(tmp_path)
    first.world.n_players.value = 3
    first.world.seed.value = 4
    first.world.random_btn.click()
    other = page(tmp_path)
    assert other.room._hub is None  # the World page holds nothing of the game
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    other.poll()
    assert other.room._hub is None  # following the World builds nothing of the game
    other.go_to("Game")
    assert other.hub.id == first.hub.id and other.hub.game.phase == first.hub.game.phase == "A"
    # from now on the page follows the game as it goes
    g = first.hub.game
    i = next(i for i in g.order() if not g.civs[i].played)
    from .test_game_screens import row_of

    next(b for b in row_of(first.game, g.civs[i].name) if "rf-play-city" in getattr(b, "_dom_classes", ())).click()
    assert other.poll() and other.hub.game.civs[i].played == first.hub.game.civs[i].played


def test_a_board_made_for_the_page_is_drawn_once(tmp_path, monkeypatch):
    """A board made while the kernel answers a tap of the page is in the page before it is
    drawn: its canvas's first 'ready' draws nothing again; a later one (another page) does.
    A board made while the notebook runs is drawn when its page is ready."""
    from companion.ui import board as board_module

    monkeypatch.setattr(board_module, "answering_the_page", lambda: True)
    app = page(tmp_path)
    b = app.world.board
    drawn = b.draws
    assert drawn >= 1
    b._client_ready()
    assert b.draws == drawn
    b._client_ready()
    assert b.draws == drawn + 1
    monkeypatch.setattr(board_module, "answering_the_page", lambda: False)
    other = page(tmp_path).world.board
    drawn = other.draws
    other._client_ready()
    assert other.draws == drawn + 1
