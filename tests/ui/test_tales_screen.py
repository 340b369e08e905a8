"""The World screen with Tales, without a browser: the draw at a new World, the Tales shown, each
special area prompted and placed at its moment, drawn on the board, and kept across a reload."""

import html

import pytest

from companion.drawing import Text
from companion.rise_and_fall.variants.tales.tales import tale
from companion.rise_and_fall.variants.tales.worlds import build_with_tales
from companion.ui.app import App


@pytest.fixture
def app(tmp_path):
    return App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")


def test_a_new_world_with_tales_draws_one_per_player(app):
    s = app.world
    s.n_players.value = 3
    s.tales_check.value = True
    s.start_btn.click()
    b = s.build
    assert len(b.tales) == 3 and not b.seas_started
    for n in b.tales:
        assert html.escape(tale(n).name) in s.tales_box.value


def test_the_area_is_prompted_placed_drawn_and_kept(app, tmp_path):
    s = app.world
    s.load_layout(build_with_tales(2, 5, (13, 1), stop_at="orb-of-acceleration").layout().to_dict())
    b = s.build
    assert b.pending_area()[0].kind == "orb-of-acceleration"
    assert "The Orb of Acceleration" in s.status.value and "Now: Setup: After placing the last Plains" in s.tales_box.value
    land = next(sp for sp, t in b.world.terrain_map().items() if t == "plains")
    s.tap_space(land)
    assert "goes on a Sea space" in s.message.value and s.place_btn.disabled
    spot = b.legal_areas()[0]
    s.tap_space(spot.cells[0])
    assert s.preview.verdict is None and "fits here" in s.message.value
    s.place_btn.click()
    assert s.build.world.count("orb-of-acceleration") == 1
    assert any(isinstance(i, Text) and i.text == "Orb" for i in s.scene().items)
    again = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall").world
    assert again.build.world.count("orb-of-acceleration") == 1 and again.build.tales == (1, 13)
    s.undo_btn.click()
    assert s.build.world.count("orb-of-acceleration") == 0


def test_the_dolmens_are_placed_with_one_tap(app):
    s = app.world
    s.load_layout(build_with_tales(2, 2, (10, 1), stop_at="dolmens").layout().to_dict())
    b = s.build
    sea = next(sp for sp, t in b.world.terrain_map().items() if t == "sea")
    s.tap_space(sea)
    assert "goes on a Plains or Forest or Mountain space" in s.message.value and not s.build.markers
    land = next(sp for sp, t in sorted(b.world.terrain_map().items()) if t == "mountain")
    s.tap_space(land)
    assert s.build.markers and s.build.complete
    assert "complete" in s.status.value
    assert any(isinstance(i, Text) and i.text == "Dolmens" for i in s.scene().items)


def test_a_random_world_with_tales(app):
    s = app.world
    s.n_players.value = 2
    s.tales_check.value = True
    s.seed.value = 3
    s.random_btn.click()
    b = s.build
    assert b.complete and len(b.tales) == 2


def test_scoring_a_world_with_tales_on_the_scores_screen(app):
    import ipywidgets as W

    s = app.world
    s.n_players.value = 2
    s.tales_check.value = True
    s.seed.value = 3
    s.random_btn.click()
    sc = app.scores
    sc.from_world_btn.click()
    e = sc.entry
    assert e.tales == s.build.tales and e.markers == s.build.markers
    row = sc.books.children[1]
    tale_trophies = next(w for w in row.children if isinstance(w, W.SelectMultiple) and w.description == "Tale Trophies")
    cathedral = next(w for w in row.children if isinstance(w, W.Checkbox))
    tale_trophies.value = (4,)
    cathedral.value = True
    next(w for w in row.children if isinstance(w, W.Button)).click()
    p = sc.entry.players[0]
    assert p.tale_trophies == [4] and p.cathedral
    total = sc.current_score().player(p.name)
    assert total.tales == 35
    assert "Tale: The Cathedral" in sc.pad.value and "Tale: The Capital" not in sc.pad.value and "Tale: Capital" in sc.pad.value


def test_a_tracked_game_on_a_world_with_tales_is_scored_with_them():
    from companion.rise_and_fall.play.tracker import TrackerRules
    from companion.rise_and_fall.scoring.endgame import EntryRules, from_tracker

    b = build_with_tales(2, 2, (10, 19))
    g = TrackerRules().apply(TrackerRules().initial(), {"type": "setup", "players": [{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}],
                                                        "world": b.layout().to_dict()})
    start = from_tracker(g)
    assert start["world"]["tales"] == [10, 19] and len(start["world"]["tale_pieces"]) == 2
    e = EntryRules().apply(EntryRules().initial(), start)
    typhoon = next(m.space for m in b.markers if m.kind == "typhoon")
    assert not any(typhoon in r.spaces for r in e.regions())


def test_a_position_with_the_water_elemental_is_scored_with_its_space_at_sea(app):
    """The Scores screen opens a position file whose Water Elemental stands on a Plains space between
    two Seas: one Sea Region, the Elemental drawn on the board, a sentence under the scorepad, and
    a Nomad refused on its space."""
    import json

    from rise_and_fall.test_tales_water_elemental import MIDDLE, SHIPS, position

    sc = app.scores
    doc = json.loads(position(SHIPS, {"water-elemental": MIDDLE}).dumps())
    sc.open_position(json.dumps(doc).encode(), "elemental.json")
    e = sc.entry
    assert e.creatures == (("water-elemental", MIDDLE),) and len(e.pieces) == len(SHIPS)
    sea = [r for r in sc.current_score().regions if r.region.terrain == "sea"]
    assert [(r.region.size, r.controller) for r in sea] == [(5, "Red")]
    assert "The Water Elemental (W on the board) stands on a Plains space" in html.unescape(sc.pad.value)
    assert any(isinstance(op, Text) and op.text == "W" for op in sc.scene().items)
    before = sc.entry
    sc.send({"type": "piece", "q": MIDDLE[0], "r": MIDDLE[1], "player": "Red", "piece": "nomad"})
    assert sc.entry == before and "it stands on the Water Elemental's space" in html.unescape(sc.message.value)
    assert "no other game piece can stop on that space" in html.unescape(sc.message.value)
