"""Rise!: random legal games, checked after every action (OpenSpiel's habit, as tests/rise_and_fall/test_tracker.py)."""

import random

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.gamelog import GameStore, Session
from companion.rise.game import RiseRules, legal_actions, problems, replay, start
from companion.rise.randomplay import random_action

BUILDER = {"place": 6.0, "move": 3.0, "tile": 1.0, "eliminate": 0.2, "free-place": 0.5, "remove-tier": 0.1, "jump": 1.0}


def play(seed: int, steps: int, weights=None):
    rng = random.Random(seed)
    p, actions = start(), []
    while not p.over and len(actions) < steps:
        a = random_action(p, rng, weights)
        actions.append(a)
        p = RiseRules().apply(p, a)
        assert not problems(p), (problems(p), actions)
    return p, actions


@settings(max_examples=examples(8, 80), deadline=None)
@given(seed=st.integers(0, 10**9), builder=st.booleans())
def test_random_games_stay_legal_and_replay(seed, builder, tmp_path_factory):
    rng = random.Random(seed)
    weights = BUILDER if builder else None
    store = GameStore(tmp_path_factory.mktemp("rise"))
    _, log = store.create("rise/game", "random")
    s = Session(log, RiseRules())
    for _ in range(80):
        if s.state.over:
            break
        before = s.state
        s.do(random_action(before, rng, weights))
        after = s.state
        assert not problems(after), problems(after)
        for c in ("red", "blue"):
            assert all(v >= 0 for v in after.supply(c).values())
        if rng.random() < 0.2:
            s.undo()
            assert s.state == before
            s.redo()
            assert s.state == after
    assert Session(store.open(log.path.stem), RiseRules()).state == s.state
    assert replay([e.action for e in s.history()]) == s.state


def test_every_generated_action_is_legal_and_sacrifices_enumerate():
    """legal_actions lists only actions apply accepts, sacrifices included, on positions of random games."""
    for seed in range(4):
        _, actions = play(seed, 30, BUILDER)
        q = start()
        for a in actions[:-1]:
            q = RiseRules().apply(q, a)
        if q.over:
            continue
        options = legal_actions(q)
        for a in random.Random(seed).sample(options, min(60, len(options))):
            RiseRules().apply(q, a)


def test_builder_games_raise_towers():
    towers = 0
    for seed in range(5):
        p, _ = play(seed, 300, BUILDER)
        towers += len(p.towers)
    assert towers > 0
