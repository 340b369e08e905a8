"""'If a player doesn't have the space required to place a Plains tile, they MUST move as few Plains tiles of their
choice as possible in order to be able to place their tile': the table chooses which tiles to lift among the fewest
that make room, then places them and the new one by hand, each checked as usual."""

import json
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.world.builder import PLAINS_RULE, Build, BuildRules, describe_in_words, world_setup_action
from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.worldgen import lift_makes_room
from tests.rulebooks import quote

R = BuildRules()
STUCK = json.loads((Path(__file__).parents[1] / "data" / "stuck-plains-2p.json").read_text())


def stuck() -> Build:
    b = R.apply(Build(), {"type": "load", "layout": STUCK})
    assert b.stuck_plains()
    return b


def refused(rule: str, b: Build, **action) -> str:
    with pytest.raises(IllegalAction) as e:
        R.apply(b, action)
    assert e.value.rule == rule, (e.value.rule, str(e.value))
    return str(e.value)


def test_every_choice_of_the_fewest_tiles_is_offered_and_only_those():
    quote("rise-and-fall", PLAINS_RULE)
    b = stuck()
    choices = b.lift_choices()
    assert len(choices) > 1 and all(len(c) == 1 for c in choices)  # one tile is enough, and there is more than one choice
    movable = [i for i, t in enumerate(b.tiles) if t.kind == "plains" and b.world.is_uncovered(i)]
    assert {c[0] for c in choices} == {i for i in movable if lift_makes_room(b.world, (i,))}
    assert "Lift a Plains tile among the" in b.lift_sentence() and PLAINS_RULE in b.lift_sentence()


def test_a_lift_not_among_the_fewest_is_refused():
    b = stuck()
    choices = b.lift_choices()
    others = [i for i, t in enumerate(b.tiles) if t.kind == "plains" and (i,) not in choices]
    assert "MUST move as few Plains tiles as possible (1)" in refused("plains-lift", b, type="lift", tiles=[others[0]])
    refused("plains-lift", b, type="lift", tiles=[choices[0][0], choices[1][0]])  # two when one is enough
    refused("plains-lift", b, type="lift", tiles="all")
    placed = R.apply(b, {"type": "lift", "tiles": list(choices[0])})
    refused("rescue", placed, type="lift", tiles=list(choices[1]))  # lifted: nothing more to lift


def test_the_lifter_places_the_lifted_tile_and_the_new_one_by_hand_each_checked():
    b = stuck()
    who = b.whose_turn()
    choice = b.lift_choices()[2]
    line = describe_in_words({"type": "lift", "tiles": list(choice)}, b)
    assert line.startswith(f"{who} lifted the Plains tile ") and line.endswith("to make room for the next Plains tile")
    b = R.apply(b, {"type": "lift", "tiles": list(choice)})
    assert b.lifting and b.whose_turn() == who and b.next_kind() == "plains"
    assert "2 Plains tiles still to place" in b.lift_sentence()
    legal = b.legal("plains")
    breaking = [t for t in legal if b.check(t) is not None]
    assert breaking  # this World has places after which the second tile would not fit: refused
    t = breaking[0]
    said = refused("plains-lift", b, type="place", tile="plains", q=t.q, r=t.r, rotation=t.rotation)
    assert said.startswith("After this Plains tile, the last Plains tile of the move would have no legal place")
    for _ in range(2):
        assert b.whose_turn() == who  # the same player places both
        t = next(t for t in b.legal("plains") if b.check(t) is None)
        b = R.apply(b, {"type": "place", "tile": "plains", "q": t.q, "r": t.r, "rotation": t.rotation})
    assert not b.lifting and b.whose_turn() != who and b.next_kind() == "forest"
    assert check(b.layout()).valid


def test_undo_takes_the_lift_back_and_an_old_rescue_replays(tmp_path):
    store = GameStore(tmp_path)
    _, log = store.create("world", "stuck")
    s = Session(log, R)
    s.do(world_setup_action(2))
    s.do({"type": "load", "layout": STUCK})
    s.do({"type": "lift", "tiles": list(s.state.lift_choices()[0])})
    s.undo()
    assert s.state.stuck_plains() and not s.state.lifting
    s.do({"type": "rescue"})  # the app's own choice, as older Worlds' logs have it
    assert s.state.next_kind() == "forest"
    assert Session(store.open(log.path.stem), R).state.tiles == s.state.tiles


def test_the_screen_explains_right_after_the_tile_that_caused_it_and_undo_says_what_it_took_back(tmp_path, monkeypatch):
    from companion.rise_and_fall.world.tiles import Tile
    from companion.ui.app import App

    monkeypatch.delenv("QUERY_STRING", raising=False)
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    s = app.world
    last = STUCK["tiles"][-1]
    s.new_world({"type": "load", "layout": {**STUCK, "tiles": STUCK["tiles"][:-1]}})
    assert not s.build.stuck_plains() and "No legal place" not in s.message.value
    tile = Tile(last["tile"], last["q"], last["r"], last.get("rotation", 0))
    s.answer(s.taps.show(s.build, tile))
    s.confirm()  # the tile that leaves the next Plains tile no place
    assert s.build.stuck_plains()
    said = s.message.value
    assert "placed a Plains tile." in said and "No legal place for the next Plains tile" in said
    assert s.lift_box.layout.display != "none" and all("Lift" in b.description for b in s.lift_box.children)
    s.lift_box.children[0].click()
    assert s.build.lifting
    s.undo()
    assert "Undone:" in s.message.value and "lifted the Plains tile" in s.message.value
    assert s.build.stuck_plains() and not s.build.lifting
