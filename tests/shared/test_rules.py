"""The shared contract's pieces (``companion.rules``): a move with fields, the older rule ids, the guards."""

from __future__ import annotations

import random

import pytest

from companion import games
from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rules import Field, Move, _get, _without, same_rule, shown


def test_a_move_admits_its_fields_in_their_ranges_and_samples_them() -> None:
    m = Move({"type": "cavern", "cavern": "c1", "trolls": {}}, (Field("trolls.Ann", 0, 3), Field("trolls.Bo", 0, 3)))
    assert m.admits({"type": "cavern", "cavern": "c1", "trolls": {"Ann": 3, "Bo": 0}})
    assert not m.admits({"type": "cavern", "cavern": "c1", "trolls": {"Ann": 4, "Bo": 0}})
    assert not m.admits({"type": "cavern", "cavern": "c2", "trolls": {"Ann": 1, "Bo": 0}})
    a = m.sample(random.Random(1))
    assert m.admits(a) and set(a["trolls"]) == {"Ann", "Bo"}
    dice = Move({"type": "roll"}, (Field("dice", 1, 10, length=(1, 5)),))
    assert dice.admits({"type": "roll", "dice": [1, 10]}) and not dice.admits({"type": "roll", "dice": []})


def test_the_quick_refusal_of_another_move_agrees_with_the_whole_comparison() -> None:
    """A closed game's guard asks every move whether it is the action tapped; a move whose fixed parts (its type,
    its cavern) differ says no at once. Over the moves of random games of every game, it says what the whole
    comparison says."""
    def whole(m: Move, action: dict) -> bool:
        keys = [f.key for f in m.fields]
        return all(f.admits(_get(action, f.key)) for f in m.fields) and _without(action, keys) == _without(m.action, keys)

    rng = random.Random(7)
    compared = 0
    for g in games.games():
        for kind in g.kinds:
            c, rules = g.contract(kind), g.reducer(kind)
            state = rules.initial()
            for _ in range(25):
                moves = c.legal_actions(state)
                if not moves:
                    break
                actions = [m.sample(rng) for m in rng.sample(moves, min(5, len(moves)))]
                for m in rng.sample(moves, min(25, len(moves))):
                    for a in actions:
                        assert m.admits(a) == whole(m, a), (m, a)
                        compared += 1
                a = c.random_action(state, rng)
                if a is None:
                    break
                state = rules.apply(state, a)
    assert compared > 1000


def test_the_older_rule_ids_read_as_the_shared_ones() -> None:
    assert same_rule("set-up-first", "setup-first") and same_rule("finished", "game-over")
    assert same_rule("action", "unknown-action") and same_rule("not-your-turn", "seat") and not same_rule("seat", "game-over")


def test_a_score_reads_as_the_game_shows_it() -> None:
    assert (shown(6.7), shown(45.0), shown(97)) == ("6.7", "45", "97")


def test_the_guards_run_before_a_new_action_and_change_nothing(tmp_path) -> None:
    game = games.get("rise")
    _, log = GameStore(tmp_path).create(game.kind("game"), "Red v Blue")
    s = Session(log, game.reducer("game"))
    with pytest.raises(IllegalAction) as e:
        s.do({"type": "tile", "at": [99, -99]})  # the game's own rules say why first, in their words
    assert e.value.rule == "tile-adjacent" and s.head == 0
    with pytest.raises(IllegalAction) as e:  # then, Rise! being closed, only what it offers now
        s.contract.check_offered(s.state, {"type": "tile", "at": [99, -99], "player": "red"})
    assert e.value.rule == "unknown-action"
    with pytest.raises(IllegalAction) as e:
        s.do({"type": "tile", "at": [8, 0], "player": "blue"})
    assert e.value.rule == "seat" and s.head == 0
    with pytest.raises(IllegalAction) as e:
        s.contract.check(s.state, {"type": "tile", "at": [8, 0], "player": "red"}, seat="blue")
    assert e.value.rule == "seat"
    mk = games.get("mountain-king")
    _, log = GameStore(tmp_path).create(mk.kind("game"), "MK")
    with pytest.raises(IllegalAction) as e:
        Session(log, mk.reducer("game")).do({"type": "end-wave"})
    assert e.value.rule == "setup-first"
