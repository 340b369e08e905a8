"""The Scores screen while the pieces are entered: the board takes the width, the scorepad folds
to a line of totals and comes back with Done; a tap keeps the zoom. Which of the two is shown is
kept in the scoring's log: a reload, a second tab and another device show the same."""

import pytest

from bench.taps import ENTERING_BOARD_CSS
from companion.hexgrid import PixelLayout
from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.rise_and_fall.screens.scores_screen import ENTERING_ZOOM_TO, central_space
from companion.rise_and_fall.screens.world_screen import STYLE
from companion.ui.app import App
from companion.ui.board import FINGER, ZOOM_TO

#: CSS px the Scores board is drawn wide at 1024×768 while entering (measured in the browser,
#: tests/browser/test_controls.py checks it; make bench counts at it) and on a 390×844 phone
TABLET_CSS, PHONE_CSS = ENTERING_BOARD_CSS, 374.0


def open_app(data):
    return App(data_dir=data / "d", layouts_dir=data / "l", game="rise-and-fall")


@pytest.fixture
def app(tmp_path):
    a = open_app(tmp_path)
    a.world.n_players.value = 3
    a.world.seed.value = 2
    a.world.random_btn.click()
    return a


def tree(root):
    """Every widget drawn under ``root`` (a box hidden hides what it holds)."""
    out, stack = [], [root]
    while stack:
        w = stack.pop()
        if getattr(w.layout, "display", "") == "none":
            continue
        out.append(w)
        stack.extend(getattr(w, "children", ()))
    return out


def on_screen(sc, *widgets) -> bool:
    drawn = tree(sc.widget)
    return all(any(w is d for d in drawn) for w in widgets)


def tap(board, space) -> None:
    """A finger on the board at ``space`` (in canvas-buffer pixels, as ipycanvas reports it)."""
    board._touch_start([board.to_buffer(*PixelLayout(STYLE.hex_size).hex_to_pixel(space))])
    board._touch_end([])


def plains(app, n):
    t = app.world.build.world.terrain_map()
    return [s for s, k in sorted(t.items()) if k == "plains"][:n]


def test_a_new_scoring_opens_with_the_board_taking_the_width_and_the_totals_on_a_line(app):
    sc = app.scores
    sc.from_world_btn.click()
    assert sc.entering and "rf-entering" in sc.widget._dom_classes
    assert on_screen(sc, sc.total_bar, sc.done_btn, sc.who, sc.piece, sc.take_away, sc.board.canvas, sc.board.zoom_bar)
    assert not on_screen(sc, sc.pad) and not on_screen(sc, sc.finish_btn) and not on_screen(sc, sc.tabs)
    assert not on_screen(sc, sc.enter_btn)
    assert [n in sc.total_bar.value for n in ("Red", "Yellow", "Green")] == [True] * 3
    # the board has the World's shape, so the World fills it: on the tablet a Space is a finger wide
    x0, y0, x1, y1 = sc.board.scene.bounds()
    assert abs(sc.board.width / sc.board.height - (x1 - x0) / (y1 - y0)) < 0.1
    sc.board.css_width = TABLET_CSS
    assert sc.board.space_css() >= FINGER
    k = sc.board.k
    tap(sc.board, plains(app, 1)[0])  # one tap places the City: no zoom first
    assert len(sc.entry.pieces) == 1 and sc.board.k == k
    total = sc.current_score().players[0].total
    assert f"Red</span> <b>{total}</b>" in sc.total_bar.value


def test_done_unfolds_the_scorepad_and_entering_again_folds_it(app):
    sc = app.scores
    sc.from_world_btn.click()
    sc.tap_space(plains(app, 1)[0])
    sc.done_btn.click()
    assert not sc.entering and "rf-entering" not in sc.widget._dom_classes
    assert on_screen(sc, sc.pad, sc.finish_btn, sc.tabs, sc.board.canvas, sc.who, sc.enter_btn)
    assert not on_screen(sc, sc.total_bar) and not on_screen(sc, sc.done_btn)
    assert (sc.board.width, sc.board.height) == (760, 560)  # beside the scorepad: its usual shape
    assert len(sc.entry.pieces) == 1  # the piece entered is still there
    sc.tap_space(plains(app, 2)[1])  # pieces can still be entered beside the scorepad
    assert len(sc.entry.pieces) == 2
    sc.tabs.value = "pad"  # upright: the Scorepad tab
    sc.enter_btn.click()
    assert sc.entering and sc.tabs.value == "board" and not on_screen(sc, sc.pad)
    assert len(sc.entry.pieces) == 2


def test_the_fast_path_shows_the_scorepad_and_entering_comes_back_with_its_toggle(app):
    sc = app.scores
    sc.from_world_btn.click()
    sc.mode.value = "fast"
    assert not sc.entering and on_screen(sc, sc.pad, sc.chips, sc.finish_btn)
    assert not on_screen(sc, sc.enter_btn)
    sc.mode.value = "full"
    assert sc.entering and on_screen(sc, sc.total_bar) and not on_screen(sc, sc.pad)


def test_a_placed_piece_keeps_the_zoom_so_a_neighbour_is_one_tap(app):
    """On a phone the Spaces are smaller than a finger: the first tap zooms, the second places,
    and the board stays zoomed, so the Space next to it is a single tap."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.board.css_width = PHONE_CSS
    assert sc.board.space_css() < FINGER
    a = plains(app, 1)[0]
    b = next(n for n in ((a[0] + 1, a[1]), (a[0], a[1] + 1), (a[0] - 1, a[1] + 1), (a[0] - 1, a[1]), (a[0], a[1] - 1), (a[0] + 1, a[1] - 1))
             if app.world.build.world.terrain_map().get(n) in ("plains", "forest", "mountain"))
    tap(sc.board, a)
    assert not sc.entry.pieces  # zoomed only
    zoom = sc.board.zoom
    assert sc.board.space_css() >= FINGER
    tap(sc.board, a)
    assert len(sc.entry.pieces) == 1 and sc.board.zoom == zoom
    tap(sc.board, b)
    assert len(sc.entry.pieces) == 2 and sc.board.zoom == zoom


def test_a_reload_opens_where_the_table_was(app, tmp_path):
    sc = app.scores
    sc.from_world_btn.click()
    sc.tap_space(plains(app, 1)[0])
    again = open_app(tmp_path).scores
    assert again.entering and on_screen(again, again.total_bar)  # still entering: the scoring is not final
    sc.done_btn.click()
    sc.finish_btn.click()
    final = open_app(tmp_path).scores
    assert final.entry.finished and not final.entering
    assert on_screen(final, final.pad) and not on_screen(final, final.enter_btn)
    final.enter_btn.click()  # a final scoring takes no more pieces: the big board does not come
    assert not final.entering


def test_a_zooming_tap_while_entering_zooms_only_to_a_finger_and_a_little_more(app):
    """Spaces smaller than a finger (a phone): the first tap zooms to 42 px between Spaces, not
    more, so as much of the World as can be stays in view."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.board.css_width = PHONE_CSS
    tap(sc.board, plains(app, 1)[0])
    assert not sc.entry.pieces and FINGER <= sc.board.space_css() <= ENTERING_ZOOM_TO + 0.01
    sc.done_btn.click()  # beside the scorepad, the board zooms as every board does
    sc.board.css_width = 409.0
    tap(sc.board, plains(app, 1)[0])
    assert sc.board.space_css() == pytest.approx(ZOOM_TO)


def test_next_region_brings_the_region_in_reach_of_a_finger_on_a_phone(app):
    """On a phone Next Region zooms onto the Region (its outline in view, its Spaces a finger
    apart): each of its pieces is then one tap. On the tablet the whole World stays as it is."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.board.css_width = TABLET_CSS
    view = (sc.board.k, sc.board.tx, sc.board.ty)
    sc.next_btn.click()
    assert (sc.board.k, sc.board.tx, sc.board.ty) == view and sc.region == 1
    sc.board.css_width = PHONE_CSS
    lay = PixelLayout(STYLE.hex_size)
    for _ in range(3):
        sc.next_btn.click()
        assert sc.board.space_css() >= FINGER
        middle = central_space(sc.current_score().regions[sc.region].region.spaces)
        x, y = lay.hex_to_pixel(middle)
        assert sc.board.visible((x - STYLE.hex_size, y - STYLE.hex_size, x + STYLE.hex_size, y + STYLE.hex_size))
        r = sc.current_score().regions[sc.region].region
        sc.piece.value = next(t for t in ("ship", "nomad", "city") if r.terrain in STANDS_ON[t])
        n, k = len(sc.entry.pieces), sc.board.k
        tap(sc.board, middle)
        assert len(sc.entry.pieces) == n + 1 and sc.board.k == k  # one tap


def test_while_entering_the_title_and_the_two_paths_share_a_line_and_the_totals_another(app):
    sc = app.scores
    sc.from_world_btn.click()
    assert list(sc.head_row.children) == [sc.title, sc.mode]
    assert list(sc.fold_bar.children) == [sc.total_bar, sc.done_btn]
    # the board first (its size does not depend on the words), then beside it the player and
    # piece buttons, the totals with Done, the title with the two paths
    assert not sc.top.children and sc.widget.children[1] is sc.panes and sc.board_area.children[0] is sc.board_row
    assert list(sc.board_row.children) == [sc.board.widget, sc.side]
    side = list(sc.side.children)
    assert side.index(sc.who) < side.index(sc.piece) < side.index(sc.fold_bar) < side.index(sc.head_row)
    sc.done_btn.click()
    assert on_screen(sc, sc.title, sc.mode) and not sc.head_row.children and not sc.fold_bar.children


def layout(sc) -> tuple:
    """What a player sees of the Scores' arrangement: the big board, or the scorepad beside it."""
    return (sc.entering, "rf-entering" in sc.widget._dom_classes, on_screen(sc, sc.total_bar, sc.done_btn),
            on_screen(sc, sc.pad, sc.finish_btn), (sc.board.width, sc.board.height))


def test_done_and_the_big_board_are_kept_in_the_log_so_every_device_shows_the_same_layout(app, tmp_path):
    """Done on one tablet unfolds the scorepad on the other one too, and a reload opens it so;
    Enter pieces on a big board on the other one folds it again on the first."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.tap_space(plains(app, 1)[0])
    two = open_app(tmp_path)
    two.go_to("Scores")
    assert two.scores.entering and layout(two.scores) == layout(sc)
    sc.done_btn.click()
    assert sc.session.log.entries()[-1].action == {"type": "scorepad", "shown": True}
    assert not sc.entering
    assert two.poll()  # the other tablet follows by itself
    assert not two.scores.entering and layout(two.scores) == layout(sc)
    again = open_app(tmp_path).scores  # a reload after Done: the scorepad beside the board
    assert layout(again) == layout(sc)
    two.scores.tabs.value = "pad"
    two.scores.enter_btn.click()  # the other tablet goes back to the big board: the first follows
    assert two.scores.entering and two.scores.tabs.value == "board"
    assert app.poll()
    assert sc.entering and layout(sc) == layout(two.scores)
    assert layout(open_app(tmp_path).scores) == layout(sc)


def test_the_path_chosen_on_one_device_decides_the_layout_on_the_others(app, tmp_path):
    sc = app.scores
    sc.from_world_btn.click()
    two = open_app(tmp_path)
    two.go_to("Scores")
    two.scores.mode.value = "fast"  # the fast path: the scorepad beside the board, everywhere
    assert app.poll()
    assert sc.mode.value == "fast" and not sc.entering and on_screen(sc, sc.pad, sc.chips)
    sc.mode.value = "full"  # the pieces again: the big board, everywhere
    assert two.poll()
    assert two.scores.entering and layout(two.scores) == layout(sc)


def test_done_and_the_big_board_are_refused_by_a_final_scoring(app):
    from companion.errors import IllegalAction
    from companion.rise_and_fall.scoring.endgame import EntryRules

    sc = app.scores
    sc.from_world_btn.click()
    sc.done_btn.click()
    sc.finish_btn.click()
    assert sc.entry.finished and not sc.entering
    with pytest.raises(IllegalAction):
        EntryRules().apply(sc.entry, {"type": "scorepad", "shown": False})
    with pytest.raises(IllegalAction):
        EntryRules().apply(replace_finished(sc.entry), {"type": "scorepad", "shown": "yes"})


def replace_finished(e):
    from dataclasses import replace

    return replace(e, finished=False)


def test_a_final_scoring_shows_no_buttons_to_enter_pieces_so_the_board_comes_up(app):
    sc = app.scores
    sc.from_world_btn.click()
    sc.tap_space(plains(app, 1)[0])
    sc.done_btn.click()
    assert on_screen(sc, sc.who, sc.piece, sc.take_away)  # beside the scorepad, pieces can still be entered
    sc.finish_btn.click()
    assert sc.entry.finished and not on_screen(sc, sc.who) and not on_screen(sc, sc.piece) and not on_screen(sc, sc.take_away)
    assert on_screen(sc, sc.board.canvas, sc.pad, sc.counts)


def test_a_final_scoring_opens_on_its_scorepad_tab_and_the_board_tab_stays_chosen(app, tmp_path):
    """Upright and on a phone the scorepad is a tab away: Final shows it, a reload of the final
    scoring opens on it, and a tap on Board is kept while the screen refreshes."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.done_btn.click()
    assert sc.tabs.value == "board"
    sc.finish_btn.click()
    assert sc.tabs.value == "pad" and "rf-show-pad" in sc.panes._dom_classes
    sc.tabs.value = "board"
    sc.refresh()
    assert sc.tabs.value == "board"
    assert open_app(tmp_path).scores.tabs.value == "pad"


def test_before_a_scoring_the_screen_asks_where_the_end_of_game_comes_from_and_nothing_else(app):
    sc = app.scores
    assert not sc.entry.started
    assert on_screen(sc, sc.from_game_btn, sc.from_world_btn, sc.upload, sc.title)
    assert "Choose where the end of game comes from" in sc.title.value
    assert not on_screen(sc, sc.finish_btn) and not on_screen(sc, sc.board.widget) and not on_screen(sc, sc.tabs)
    sc.from_world_btn.click()
    assert on_screen(sc, sc.board.widget, sc.total_bar)


def test_the_fast_path_says_where_its_development_comes_from(app):
    """A World scoring has no tracker: on the fast path its Development is the pieces entered on
    the other path, and the screen says so (0 until any are entered)."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.mode.value = "fast"
    assert "Development: 0 until the pieces are entered" in sc.walk_text.value
    assert all(p.development == 0 for p in sc.current_score().players)
    sc.mode.value = "full"
    sc.piece.value = "city"
    sc.tap_space(plains(app, 1)[0])
    sc.mode.value = "fast"
    assert "Development: the 1 piece entered on the other path." in sc.walk_text.value
    assert sum(p.development for p in sc.current_score().players) > 0


def test_a_tab_tap_shows_one_pane_in_one_change_never_both_between_two_messages(app):
    """Upright the Board and Scorepad tabs switch the panes by a class: sent as two changes (one class taken
    away, the other added), the page showed both panes between them — the scorepad under the board, 2,000 px
    of page for a moment."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.done_btn.click()
    seen: list[tuple[str, ...]] = []
    sc.panes.observe(lambda ch: seen.append(tuple(ch["new"])), "_dom_classes")
    for tab in ("pad", "board", "pad"):
        sc.tabs.value = tab
    assert len(seen) == 3
    for classes, tab in zip(seen, ("pad", "board", "pad")):
        shown = {c for c in classes if c in ("rf-show-pad", "rf-show-board")}
        assert shown == {f"rf-show-{tab}"}, classes
