"""The Majestic Bridge, the Ports, the Floating Cities and the Capital in a position file: checked in the
rulebook's words (each problem with its rule id) and scored; a position without them reads as before."""

import json

import pytest
from conftest import quote

from companion.errors import FileFormatError
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, parse_position, problems
from companion.rise_and_fall.scoring.scoring import score

#: Plains (0,0) and (2,0) on each side of the Sea (1,0), in a Sea Region of (1,0), (1,1), (2,1).
TERRAIN = {(0, 0): "plains", (1, 0): "sea", (2, 0): "plains", (1, 1): "sea", (2, 1): "sea", (0, 1): "plains",
           (3, 0): "forest", (3, -1): "forest"}
PLAYERS = ["Red", "Blue"]


def position(pieces, buildings=()):
    doc = {"format": "rise-and-fall/position", "version": 1, "spaces": [[q, r, t] for (q, r), t in sorted(TERRAIN.items())],
           "players": [{"name": n, "gold": 0, "trophies": [], "decline": []} for n in PLAYERS],
           "pieces": [[s[0], s[1], who, kind] for s, who, kind in pieces], "buildings": list(buildings)}
    return parse_position(doc, "p.json", check=False)


def rules_of(pos):
    return [p.rule for p in problems(pos)]


def sea_region(s):
    return next(r for r in s.regions if (1, 0) in r.region.spaces)


def test_a_land_unit_stops_on_the_bridge_a_ship_does_not(rulebook_text):
    quote(rulebook_text, "Effect of the bridge: A land unit can move over or stop on the bridge. A Ship can pass under the bridge but "
                         "cannot stop in the space occupied by the bridge.")
    quote(rulebook_text, "The space under the bridge is still considered to be a Sea space.")
    bridge = {"piece": "bridge", "q": 1, "r": 0}
    nomad = position([((1, 0), "Red", "nomad"), ((1, 1), "Blue", "ship")], [bridge])
    assert problems(nomad) == []
    s = score(nomad)
    assert sea_region(s).region.terrain == "sea" and sea_region(s).pieces == {"Blue": 1, "Red": 1}  # a tie: the Sea is no one's
    ship = position([((1, 0), "Blue", "ship")], [bridge])
    found = problems(ship)
    assert [p.rule for p in found] == ["bridge"] and "A Ship can pass under the bridge but cannot stop" in found[0]
    assert rules_of(position([((1, 0), "Red", "city")], [bridge])) == ["bridge"]
    # the Bridge links two spaces of one terrain over a Sea space
    assert rules_of(position([], [{"piece": "bridge", "q": 1, "r": 1}])) == ["bridge"]
    assert rules_of(position([], [{"piece": "bridge", "q": 0, "r": 0}])) == ["bridge"]
    assert rules_of(position([], [bridge, {"piece": "bridge", "q": 1, "r": 0}])) == ["one-building-per-space", "bridge-count"]


def test_a_port_holds_one_ship_of_its_owner_and_counts_in_its_sea_region(rulebook_text):
    quote(rulebook_text, "The Port's space is always considered to be a Sea space that any Ship can move through. The Port can hold in "
                         "its space one, and only one, Ship from its owner. However, a Ship can never stop in an opposing player's Port.")
    quote(rulebook_text, "Players will analyze the World Region by Region, in order to determine for each Region which player controls "
                         "the majority of pieces and thus controls that Region.")
    port = {"piece": "port", "player": "Red", "q": 1, "r": 0}
    own = position([((1, 0), "Red", "ship"), ((1, 1), "Blue", "ship")], [port])
    assert problems(own) == []
    s = score(own)
    assert sea_region(s).pieces == {"Blue": 1, "Red": 2} and sea_region(s).controller == "Red"  # the Port is a piece of Red's
    assert s.player("Red").territories == 6
    found = problems(position([((1, 0), "Blue", "ship")], [port]))
    assert [p.rule for p in found] == ["port"] and "a Ship can never stop in an opposing player's Port" in found[0]
    assert rules_of(position([], [{**port, "q": 0, "r": 0}])) == ["port"]  # on land
    assert rules_of(position([], [{**port, "q": 2, "r": 1}, {**port, "q": 1, "r": 1}])) == ["port-count"]
    assert rules_of(position([], [{"piece": "port", "q": 1, "r": 0}])) == ["player"]


def test_a_floating_city_is_a_plains_space_with_a_city(rulebook_text):
    quote(rulebook_text, "Treat the City located on the Floating City space like any other City you control. The Floating City space is "
                         "now considered to be a normal Plains space. Ships can therefore not move through Floating Cities.")
    floating = {"piece": "floating-city", "q": 1, "r": 0}
    pos = position([((1, 0), "Red", "city")], [floating])
    assert problems(pos) == []
    s = score(pos)
    plains = next(r for r in s.regions if (1, 0) in r.region.spaces)
    assert plains.region.terrain == "plains" and {(0, 0), (2, 0), (0, 1)} <= set(plains.region.spaces) and plains.controller == "Red"
    assert s.player("Red").development_lines["city"][0] == 1
    assert rules_of(position([((1, 0), "Blue", "ship")], [floating])) == ["stands-on"]
    assert rules_of(position([], [{**floating, "q": 0, "r": 0}])) == ["floating-city"]
    too_many = [{**floating, "q": q, "r": r} for q, r in ((1, 0), (1, 1), (2, 1))] + [{**floating, "q": 1, "r": 0}]
    assert "floating-city-count" not in rules_of(position([], too_many[:3]))  # 3 players + 1 is 3 here
    assert "floating-city-count" in rules_of(position([], too_many[:3] + [{**floating, "q": 9, "r": 9}]))


def test_the_capital_is_one_game_piece_of_its_owner_in_a_region(rulebook_text):
    quote(rulebook_text, "Effect: The 4 Cities take no other action(s) for the turn. Remove the Cities and place the Capital on one of "
                         "the spaces previously occupied.")
    quote(rulebook_text, "There's only one Capital in the game, so the first player to build it is the only one to control it.")
    capital = {"piece": "capital", "player": "Blue", "q": 3, "r": 0}
    pos = position([((3, -1), "Red", "nomad")], [capital])
    assert problems(pos) == []
    s = score(pos)
    forest = next(r for r in s.regions if (3, 0) in r.region.spaces)
    assert forest.pieces == {"Blue": 1, "Red": 1} and forest.controller is None  # one piece each: no majority
    alone = score(position([], [capital]))
    assert next(r for r in alone.regions if (3, 0) in r.region.spaces).controller == "Blue"
    assert alone.player("Blue").development_lines["city"] is None  # the Capital is not a City of the Development
    assert rules_of(position([((3, 0), "Red", "nomad")], [capital])) == ["capital"]
    assert rules_of(position([], [capital, {**capital, "q": 3, "r": -1}])) == ["capital-count"]
    assert rules_of(position([], [{**capital, "q": 1, "r": 0}])) == ["capital"]


def test_the_file_reads_and_writes_its_buildings_and_old_files_are_unchanged():
    pos = position([((1, 0), "Red", "ship")], [{"piece": "port", "player": "Red", "q": 1, "r": 0}])
    doc = json.loads(pos.dumps())
    assert doc["buildings"] == [{"piece": "port", "q": 1, "r": 0, "player": "Red"}]
    assert parse_position(doc).buildings == pos.buildings
    plain = Position(TERRAIN, [PlayerState(n, 0) for n in PLAYERS], [Piece((1, 1), "Red", "ship")])
    assert "buildings" not in json.loads(plain.dumps())
    with pytest.raises(FileFormatError) as e:
        parse_position({**doc, "pieces": [[1, 0, "Blue", "ship"]]}, "p.json")
    assert e.value.rule == "port" and str(e.value).startswith("p.json: Piece 0 (Blue ship at 1,0): it stands on Red's Port.")
    for bad, words in (({"piece": "tower", "q": 0, "r": 0}, "is not a building"), ({"piece": "port", "q": "a", "r": 0}, "whole-number"),
                       ({"piece": "bridge", "q": 5000, "r": 0}, "coordinates lie between")):
        with pytest.raises(FileFormatError, match=words):
            parse_position({**doc, "buildings": [bad]}, "p.json")
