"""The Water Elemental at the final scoring: 'as long as it remains there, its space is considered to be
a part of the Sea Region' — in the position file, in the scoring and at the end of a tracked game."""

import json

import pytest
from conftest import quote

from companion.errors import FileFormatError, IllegalAction
from companion.hexgrid import neighbours
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.scoring.endgame import EntryRules, from_tracker
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, parse_position, problems
from companion.rise_and_fall.scoring.scoring import score
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import region_map, top_terrain
from rise_and_fall.test_tales_events import event, to_recycling
from rise_and_fall.test_tracker import do

UNITES = ("Sometimes, this situation can unite multiple Sea Regions into a single one, which has many impacts: movement of "
          "Ships, revenues of Ports and Ships... and, of course, final scoring.")
PART_OF_SEA = "as long as it remains there, its space is considered to be a part of the Sea Region."

# Two Sea Regions of two spaces, west and east, and a Plains Region of three spaces between them
# (2,-1), (2,0), (2,1): the middle one touches both Seas. One-space tiles (the Sunken City is a Sea
# space, the Caravansary a Plains space) make the World exactly this.
TILES = [Tile("sunken-city", 0, 0), Tile("sunken-city", 1, 0), Tile("caravansary", 2, -1), Tile("caravansary", 2, 0),
         Tile("caravansary", 2, 1), Tile("sunken-city", 3, 0), Tile("sunken-city", 4, 0)]
MIDDLE = (2, 0)


def position(pieces, creatures=None) -> Position:
    lay = Layout(2, list(TILES), "", {"tales": [3, 10]})
    return Position(top_terrain(lay.tiles), [PlayerState("Red"), PlayerState("Blue")], [Piece(s, p, t) for s, p, t in pieces], lay,
                    creatures=creatures or {})


def regions(s):
    return sorted(((r.region.terrain, r.region.size, r.controller) for r in s.regions), key=str)


SHIPS = [((0, 0), "Red", "ship"), ((1, 0), "Red", "ship"), ((4, 0), "Blue", "ship"), ((2, 1), "Blue", "nomad")]


def test_the_elemental_unites_two_sea_regions_and_counts_their_majority_once(rulebook_text):
    quote(rulebook_text, PART_OF_SEA)
    quote(rulebook_text, UNITES)
    before = score(position(SHIPS))
    assert regions(before) == [("plains", 3, "Blue"), ("sea", 2, "Blue"), ("sea", 2, "Red")]
    assert before.player("Red").territories == 4 and before.player("Blue").territories == 4 + 3
    after = score(position(SHIPS, {"water-elemental": MIDDLE}))
    # one Sea Region of five spaces (2 + the Elemental's + 2): Red's two Ships against Blue's one, counted once
    assert regions(after) == [("plains", 1, "Blue"), ("plains", 1, None), ("sea", 5, "Red")]
    united = next(r for r in after.regions if r.region.terrain == "sea")
    assert MIDDLE in united.region.spaces and united.pieces == {"Blue": 1, "Red": 2}
    assert after.player("Red").territories == 10 and after.player("Red").territory_lines == {"sea": [5]}
    assert after.player("Blue").territories == 1  # the Plains Region it was cut from is split in two: Blue keeps one space


def test_a_tie_in_the_united_region_gives_it_to_nobody():
    tied = score(position([((0, 0), "Red", "ship"), ((4, 0), "Blue", "ship")], {"water-elemental": MIDDLE}))
    assert [(r.region.size, r.controller) for r in tied.regions if r.region.terrain == "sea"] == [(5, None)]
    assert tied.player("Red").territories == tied.player("Blue").territories == 0


def test_on_a_sea_space_or_moved_away_the_regions_are_the_worlds(rulebook_text):
    quote(rulebook_text, "After the movement of the Water Elemental, the space where it was located reverts to its original type.")
    at_sea = score(position(SHIPS, {"water-elemental": (4, 0)}))
    assert regions(at_sea) == regions(score(position(SHIPS)))


def test_the_position_file_carries_the_elemental_and_refuses_what_cannot_be():
    pos = position(SHIPS, {"water-elemental": MIDDLE})
    doc = json.loads(pos.dumps())
    assert doc["creatures"] == [{"piece": "water-elemental", "q": 2, "r": 0}]
    again = parse_position(doc)
    assert again.creatures == {"water-elemental": MIDDLE} and regions(score(again)) == regions(score(pos))
    assert "creatures" not in json.loads(position(SHIPS).dumps())  # a position without creatures is written as before
    # no piece stops on the Elemental's space (nor could a Nomad stand there: it is Sea while the Elemental is there)
    on_it = problems(position(SHIPS + [(MIDDLE, "Red", "nomad")], {"water-elemental": MIDDLE}))
    assert on_it == ["Piece 4 (Red nomad at 2,0): it stands on the Water Elemental's space. 'It is possible to move through a space "
                     "occupied by a Creature. However, no other game piece can stop on that space, no player can put a Nomad into "
                     "play in that space, nor can they build a Ship in it.'"]
    bad = {
        "a Tale's creature": ([{"piece": "kraken", "q": 2, "r": 0}], '"kraken" is not a creature'),
        "on the World": ([{"piece": "water-elemental", "q": 9, "r": 9}], "that space is not in the World"),
        "twice": ([{"piece": "water-elemental", "q": 2, "r": 0}] * 2, "listed twice"),
        "whole numbers": ([{"piece": "water-elemental", "q": "2", "r": 0}], "whole-number q and r"),
        "a list": ({"water-elemental": [2, 0]}, "give the creatures as"),
        "its terrain": ([{"piece": "dragon", "q": 2, "r": 0}], "The Dragon at 2,0 stands on plains; it stands on glacier"),
    }
    for why, (raw, said) in bad.items():
        with pytest.raises(FileFormatError, match=said):
            parse_position({**doc, "creatures": raw}, "p.json")


@pytest.fixture(scope="module")
def elemental_game():
    """A 3-player game on a random World with the Water Elemental, placed at sea after the first pieces."""
    lay = generate_with_tales(3, 5, (3, 10, 19)).to_dict()
    r = TrackerRules()
    g = r.apply(r.initial(), {"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"), ("Joanna", "green"))],
                              "first": 0, "world": lay, "tracker_version": TRACKER_VERSION})
    terrain = top_terrain(g.tiles)
    land = [s for s, t in sorted(terrain.items()) if t in ("plains", "forest")]
    sea = [s for s, t in sorted(terrain.items()) if t == "sea"]
    used = set()
    while g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        s = next(s for s in (sea if piece == "ship" else land) if s not in used)
        used.add(s)
        g = do(g, type="place-first", player=i, piece=piece, q=s[0], r=s[1])
    return g


def test_a_tracked_games_end_carries_where_the_elemental_stands_into_its_scoring(elemental_game, rulebook_text):
    quote(rulebook_text, "Place the Water Elemental on one of these ravaged spaces: " + PART_OF_SEA)
    g = elemental_game
    terrain = top_terrain(g.tiles)
    typhoon = next((q, r) for k, q, r in g.world_tale_pieces if k == "typhoon")
    sea = F.setup_spaces(g, "water-elemental")[0]
    g = do(g, type="place-creature", piece="water-elemental", q=sea[0], r=sea[1])
    assert from_tracker(g)["creatures"] == [{"piece": "water-elemental", "q": sea[0], "r": sea[1]}]
    g = to_recycling(g)
    assert g.tale_play.events == (3, 19)
    coast = next(s for s, t in sorted(terrain.items()) if t == "plains" and s != typhoon
                 and any(terrain.get(n) == "sea" for n in neighbours(s)))
    g = event(g, 3, to=list(coast))
    start = from_tracker(g)
    assert start["creatures"] == [{"piece": "water-elemental", "q": coast[0], "r": coast[1]}]
    entry = EntryRules().apply(EntryRules().initial(), start)
    assert entry.creatures == (("water-elemental", coast),)
    pos = entry.position()
    assert pos.region_terrain()[coast] == "sea" and pos.terrain[coast] == "plains"
    # the Regions of both scoring paths (every piece entered, and majorities tapped) have it in a Sea Region
    for found in (entry.regions(), [r.region for r in entry.full_score().regions]):
        assert next(r.terrain for r in found if coast in r.spaces) == "sea"
    plain = region_map(top_terrain(g.tiles)).regions
    assert next(r.terrain for r in plain if coast in r.spaces) == "plains"
    with pytest.raises(IllegalAction, match="The Water Elemental at 0,99: that space is not in the World"):
        EntryRules().apply(EntryRules().initial(), {**start, "creatures": [{"piece": "water-elemental", "q": 0, "r": 99}]})
    assert "creatures" not in from_tracker(elemental_game)  # not placed yet: nothing to carry
