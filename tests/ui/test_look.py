"""What players see and read, without a browser: History in the players' colours, the busy line,
the library in the dark, the World's history and the acting pieces in words."""

import io
import re

import ipywidgets as W
from PIL import Image

from companion.rise_and_fall.history import History
from companion.rise_and_fall.play.public import public_view
from companion.rise_and_fall.scoring.scoring import Score
from companion.rise_and_fall.screens.game_screen import acting_pieces
from companion.rise_and_fall.screens.library import DARK_BACKGROUND, Library
from companion.ui import widgets
from companion.ui.app import App
from companion.ui.history_screen import HistoryScreen, totals_chart

from .test_game_screens import start_another_game

COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")


def test_history_draws_each_player_in_the_colour_chosen_at_setup(tmp_path):
    """Ben chose yellow: his line, his dot and his bar are yellow (not blue, a colour from his name)."""
    from companion.rise_and_fall.scoring.scoring import PlayerScore

    h = History(tmp_path)
    players = [PlayerScore(n, gold=0, economy=1, trophies=0, development=0, territories=t, development_lines={}) for n, t in (("Ana", 5), ("Ben", 9))]
    h.record("g1", "Harbour", Score(players, []), {"Ana": "#d33b2c", "Ben": "#f2c12e"})
    h.record("g2", "Harbour", Score(players, []), {"Ana": "#d33b2c", "Ben": "#f2c12e"})
    screen = HistoryScreen(h, "rise-and-fall")
    body = screen.body.value
    assert "#f2c12e" in body and "stroke=\"#f2c12e\"" in body.replace("'", '"')
    assert "background:#f2c12e" in body  # Ben's dot and his bar of wins
    assert "#2a5db0" not in totals_chart({"Ben": [1, 2]}, {"Ben": "#f2c12e"})


def test_a_game_kept_before_colours_still_draws(tmp_path):
    h = History(tmp_path)
    from companion.rise_and_fall.scoring.scoring import PlayerScore

    h.record("g1", "Harbour", Score([PlayerScore("Red", gold=0, economy=1, trophies=0, development=0, territories=1, development_lines={})], []))
    assert "#d33b2c" in HistoryScreen(h, "rise-and-fall").body.value  # Red is drawn red, as before


def test_history_chart_in_the_dark_has_no_white_panel(tmp_path):
    svg = totals_chart({"Ana": [3, 4]}, {"Ana": "#d33b2c"}, dark=True)
    assert "#ffffff" not in svg.lower() and "#1b2126" in svg


def test_the_busy_line_is_shown_while_working_and_gone_after():
    slot = W.HTML()
    seen = []
    widgets.BUSY[:] = [slot]
    try:
        with widgets.busy("Loading the game <of Ana>…"):
            seen.append(slot.value)
        assert "Loading the game &lt;of Ana&gt;…" in seen[0] and "rf-busy" in seen[0]
        assert slot.value == ""
        try:
            with widgets.busy("Failing"):
                raise ValueError
        except ValueError:
            pass
        assert slot.value == ""  # an error never leaves the page saying it is busy
    finally:
        widgets.BUSY[:] = []


def test_library_thumbnails_follow_the_theme(tmp_path):
    from companion.rise_and_fall.screens.library import SHIPPED_LAYOUTS

    dark = [False]
    lib = Library(tmp_path, shipped=SHIPPED_LAYOUTS, dark=lambda: dark[0])
    path, layout, _ = lib.entries()[0]
    corner = Image.open(io.BytesIO(lib.thumbnail(path, layout))).convert("RGB").getpixel((1, 1))
    dark[0] = True
    corner_dark = Image.open(io.BytesIO(lib.thumbnail(path, layout))).convert("RGB").getpixel((1, 1))
    assert sum(corner) > 600 and corner_dark == tuple(int(DARK_BACKGROUND[k:k + 2], 16) for k in (1, 3, 5))


def test_the_world_screen_history_is_in_players_words(tmp_path):
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    w = app.world
    for i, n in enumerate(("Ana", "Ben", "Cy")):
        w.names[i].value = n
    w.n_players.value = 3
    w.first_pick.value = 1
    w.start_new()
    t = w.build.legal(w.build.next_kind())[0]
    w.tap_space(t.cells[0])
    w.confirm()
    lines = [label for label, _ in w.history.options]
    assert lines[0].startswith("2. Ben: Sea tile by") and not COORDINATES.search(lines[0]), lines
    assert lines[-1] == "1. New World for Ana, Ben and Cy"
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # a reload: the same words
    assert [label for label, _ in again.world.history.options] == lines


def test_the_acting_pieces_are_counted_in_words(tmp_path):
    from dataclasses import replace

    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    app.world.seed.value = 2
    app.world.random_btn.click()
    app.setup.start_btn.click()
    v = public_view(app.hub.game)
    v = replace(v, acting=0, acting_card="city", act_limit=2, activations=0)
    assert acting_pieces(v) == "2 Cities still to act"
    assert acting_pieces(replace(v, activations=1)) == "1 City still to act (of 2)"
    assert acting_pieces(replace(v, activations=2)) == "both Cities have acted: end the actions"
    assert acting_pieces(replace(v, act_limit=1, activations=1, acting_card="nomad")) == "the Nomad has acted: end the actions"


def test_a_message_about_a_tile_goes_when_the_world_changes_elsewhere(tmp_path):
    first = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    first.world.start_new()
    second = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    t = first.world.build.legal(first.world.build.next_kind())[0]
    first.world.tap_space(t.cells[0])
    assert "fits here" in first.world.message.value
    first.world.export()
    assert "Download PNG" in first.world.downloads.value
    t2 = second.world.build.legal(second.world.build.next_kind())[0]
    second.world.tap_space(t2.cells[0])
    second.world.confirm()
    first.poll()  # the first page follows the second
    assert first.world.message.value == "" and first.world.preview is None
    assert first.world.downloads.value == ""  # the export was of the World before


def test_a_message_stays_while_its_subject_is_shown(tmp_path):
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    app.world.start_new()
    w = app.world
    t = w.build.legal(w.build.next_kind())[0]
    w.tap_space(t.cells[0])
    w.refresh()
    assert "fits here" in w.message.value  # the same tile: the message stays
    w.confirm()
    assert "placed a Sea tile" in w.message.value  # the next message replaces it
    w.tap_space((40, 40))  # far away: the rule's sentence about that tile
    said = w.message.value
    assert said and "fits here" not in said
    w.refresh()
    assert w.message.value == said


def test_a_message_about_a_game_goes_when_another_game_is_shown(tmp_path):
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    app.world.seed.value = 2
    app.world.random_btn.click()
    app.setup.start_btn.click()
    first = app.hub.id
    app.game.say("Ana: a note about this game.")
    app.game.refresh()
    assert "a note about this game" in app.game.message.value
    start_another_game(app.setup)  # another game is shown
    assert app.hub.id != first and app.game.message.value == ""
