"""The Scores screen's end of game with the Tale buildings: offered when the World's Tales have them, placed by a
tap like a piece, drawn on the board, refused with the rule's sentence, taken away, and scored."""

import json

import pytest

from companion.drawing import Text
from companion.errors import IllegalAction
from companion.hexgrid import neighbours
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.layout import parse
from companion.rise_and_fall.world.world import top_terrain
from companion.ui.app import App

R = EntryRules()


@pytest.fixture(scope="module")
def world():
    return generate_with_tales(2, 3, (5, 7)).to_dict()


def coastal_sea(terrain):
    return next(s for s, t in sorted(terrain.items()) if t == "sea" and any(terrain.get(n) == "plains" for n in neighbours(s)))


def test_the_entry_takes_the_buildings_of_its_tales(world):
    e = R.apply(R.initial(), {"type": "start", "world": world, "players": [{"name": "Red"}, {"name": "Blue"}]})
    assert e.building_kinds() == ("bridge", "port")
    sea = coastal_sea(e.terrain())
    at = {"q": sea[0], "r": sea[1]}
    e = R.apply(e, {"type": "building", "piece": "port", "player": "Red", **at})
    assert [b.piece for b in e.buildings] == ["port"] and e.position().buildings == list(e.buildings)
    with pytest.raises(IllegalAction) as err:
        R.apply(e, {"type": "piece", "piece": "ship", "player": "Blue", **at})
    assert err.value.rule == "port" and "a Ship can never stop in an opposing player's Port" in str(err.value)
    e = R.apply(e, {"type": "piece", "piece": "ship", "player": "Red", **at})
    region = next(r for r in e.full_score().regions if sea in r.region.spaces)
    assert region.pieces == {"Red": 2} and region.controller == "Red"
    e = R.apply(R.apply(e, {"type": "remove", **at}), {"type": "remove", **at})  # the Ship, then the Port under it
    assert e.pieces == () and e.buildings == ()
    with pytest.raises(IllegalAction) as err:
        R.apply(e, {"type": "building", "piece": "capital", "player": "Red", "q": 0, "r": 0})
    assert err.value.rule == "tale-building"


def test_a_position_with_a_port_opens_on_the_scores_screen(tmp_path, world):
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    lay = parse(world)
    terrain = top_terrain(lay.tiles)
    sea = coastal_sea(terrain)
    pos = Position(terrain, [PlayerState("Red", 3), PlayerState("Blue", 1)], [Piece(sea, "Red", "ship")], lay)
    doc = json.loads(pos.dumps())
    doc["buildings"] = [{"piece": "port", "player": "Red", "q": sea[0], "r": sea[1]}]
    sc = app.scores
    sc.open_position(json.dumps(doc).encode(), "p.json")
    e = sc.entry
    assert [b.piece for b in e.buildings] == ["port"] and len(e.pieces) == 1
    assert ("Port", "port") in list(sc.piece.options) and ("Majestic Bridge", "bridge") in list(sc.piece.options)
    assert any(isinstance(t, Text) and t.text == "Po" for t in sc.scene().items)
