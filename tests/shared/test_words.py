"""Words a player reads: plurals, lists, and where things are in the World (no coordinates)."""

import re

from helpers import T, complete_layout
from hypothesis import given
from hypothesis import strategies as st

from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.world.builder import BuildRules, describe_in_words, history_in_words, world_setup_action
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.wording import side_of, tile_place
from companion.rise_and_fall.world.world import World
from companion.rise_and_fall.world.worldgen import default_starting_seas
from companion.words import a_or_count, and_list, plural

COORDINATES = re.compile(r"-?\d+\s*,\s*-?\d+")


def test_plurals():
    assert plural(1, "piece") == "1 piece" and plural(2, "piece") == "2 pieces" and plural(0, "piece") == "0 pieces"
    assert plural(1, "Trophy") == "1 Trophy" and plural(2, "Trophy") == "2 Trophies"
    assert plural(3, "City") == "3 Cities" and plural(2, "majority", "majorities") == "2 majorities"
    assert a_or_count(1, "Sea tile") == "a Sea tile" and a_or_count(1, "Ocean") == "an Ocean" and a_or_count(2, "Sea tile") == "2 Sea tiles"


@given(st.integers(0, 1000))
def test_one_is_singular_and_every_other_count_plural(n):
    assert plural(n, "card").endswith("card" if n == 1 else "cards")


def test_lists_as_said():
    assert and_list([]) == "" and and_list(["Ana"]) == "Ana" and and_list(["Ana", "Ben"]) == "Ana and Ben"
    assert and_list(["Ana", "Ben", "Cy"]) == "Ana, Ben and Cy"


def test_a_tile_is_placed_by_what_it_touches_and_its_side_of_the_world():
    seas = default_starting_seas(3)
    world = World(seas)
    legal = [t for t in __import__("companion.rise_and_fall.world.placement", fromlist=["legal_placements"]).legal_placements(world, "sea", None)]
    words = tile_place(world, legal[0])
    assert "by the Starting Sea" in words or "by 2 Starting Seas" in words, words
    assert re.search(r"\((north|south|east|west|north-east|north-west|south-east|south-west|in the middle)\)$", words)
    assert not COORDINATES.search(words)


def test_the_compass_is_as_drawn_north_at_the_top():
    world = World(complete_layout(3).tiles)
    spaces = list(world.terrain_map())
    top = min(spaces, key=lambda s: s[1])  # smallest r: drawn highest
    bottom = max(spaces, key=lambda s: s[1])
    assert "north" in side_of(world, [top]) and "south" in side_of(world, [bottom])


def test_the_world_history_names_the_player_and_the_place_never_coordinates():
    lay = complete_layout(3, 2)
    rules = BuildRules()
    actions = [world_setup_action(3, first=1, names=["Ana", "Ben", "Cy"], colours=["red", "yellow", "blue"])]
    state = rules.apply(rules.initial(), actions[0])
    for t in lay.tiles:
        if t.kind == "starting-sea":
            continue
        a = {"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation}
        try:
            state = rules.apply(state, a)
        except Exception:
            break
        actions.append(a)
        if len(actions) > 8:
            break
    lines = history_in_words(actions)
    assert lines[0] == "New World for Ana, Ben and Cy"
    assert lines[1].startswith("Ben: Sea tile by ") and lines[2].startswith("Cy: Sea tile") and lines[3].startswith("Ana: ")
    assert not any(COORDINATES.search(x) for x in lines), lines
    # one line worked out from the World before it is the same as the replayed one
    before = rules.initial()
    for a in actions[:-1]:
        before = rules.apply(before, a)
    assert describe_in_words(actions[-1], before) == lines[-1]


def test_a_move_of_a_starting_sea_is_said_in_words():
    rules = BuildRules()
    b = rules.apply(rules.initial(), {"type": "setup", "players": 3, "first": 0})
    line = describe_in_words({"type": "move-starting", "index": 0, "q": 30, "r": 0, "rotation": 0}, b)
    assert line.startswith("Starting Sea moved ") and not COORDINATES.search(line)


def test_the_games_history_says_where_a_first_piece_goes_and_who_plays():
    rules = TrackerRules()
    lay = complete_layout(3, 2)
    setup = {"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Ana", "red"), ("Ben", "yellow"), ("Cy", "blue"))],
             "first": 0, "world": lay.to_dict()}
    g = rules.apply(rules.initial(), setup)
    assert describe(setup, g) == "New game for Ana, Ben and Cy"
    space = next(s for s, t in sorted(World(lay.tiles).terrain_map().items()) if t == "plains")
    line = describe({"type": "place-first", "player": 0, "piece": "city", "q": space[0], "r": space[1]}, g)
    assert line.startswith("Ana places a City on a Plains Space (") and not COORDINATES.search(line)
    assert describe({"type": "buy", "player": 1, "card": "ship"}, g) == "Ben buys back the Ship card"


def test_a_tile_on_others_says_what_it_lies_on():
    world = World([Tile("plains", 0, 0, 0)])
    words = tile_place(world, Tile("mountain", 0, 0, 0))
    assert words.startswith("on a Plains tile")


def test_a_tales_special_area_is_named_as_itself_never_a_the():
    from companion.rise_and_fall.world.wording import _tile_names

    world = World([T("starting-sea", 0, 0), T("orb-of-acceleration", 0, 0), T("gigantic-cavern", 1, 0), T("gigantic-cavern", 2, 0)])
    assert _tile_names(world, [1]) == "the Orb of Acceleration"
    assert _tile_names(world, [1, 2, 3]) == "2 tiles of the Gigantic Cavern and the Orb of Acceleration"
    assert "a The" not in _tile_names(world, [1, 2, 3])
