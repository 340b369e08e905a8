"""Random legal games and property tests: the treasury adds up over any turns, victory points never include
bonuses, a game's chart is its exported file's, replay and undo+redo give the same state."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.games import get
from companion.rome1989.chart import Chart, ChartFileError, Nation, Opening, Turn, chart_nation, compute, parse, read
from companion.rome1989.game import ChartGame, ChartRules
from companion.rome1989.randomplay import random_action

RULES = ChartRules()


def invariants(state: ChartGame) -> None:
    for nc in state.result.nations:
        n = nc.nation
        cells = nc.turns
        got_in = sum(c.income + c.bonus for c in cells)
        paid = sum(c.maintenance + c.purchases + c.modifier_payment + c.refund for c in cells)
        assert cells[-1].final_treasury == n.opening.final_treasury + got_in - paid
        assert all(c.final_treasury >= 0 for c in cells)
        assert nc.vp_total == nc.share * sum(c.income for c in cells)  # never the bonuses
        assert all(c.levies_lost >= 0 for c in cells)
    assert sum(p.vp_total for p in state.result.players) == sum(nc.vp_total for nc in state.result.nations)
    # the chart of a game is the chart of its exported file
    exported = read(json.dumps(state.export()))
    assert compute(exported).to_dict() == state.result.to_dict()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_random_legal_games_replay_and_undo_redo(seed, tmp_path_factory):
    rng = random.Random(seed)
    game = get("rise-and-fall-1989")
    store = GameStore(tmp_path_factory.mktemp("rome"))
    first = game.random_action("chart", RULES.initial(), rng)
    s = store.start("rise-and-fall-1989/chart", "random", ChartRules(), first)
    for _ in range(120):
        before = s.state
        a = game.random_action("chart", before, rng)
        if a is None:
            assert before.over and game.is_finished("rise-and-fall-1989/chart", before)
            break
        s.do(a)
        after = s.state
        if after.played.nations:
            invariants(after)
        if rng.random() < 0.2:
            s.undo()
            assert s.state == before
            s.redo()
            assert s.state == after
    again = Session(store.open(s.log.path.stem), ChartRules())
    assert again.state == s.state
    replayed = RULES.initial()
    for e in s.history():
        replayed = RULES.apply(replayed, e.action)
    assert replayed == s.state


def test_random_games_reach_their_end():
    ended = 0
    for seed in range(8):
        rng, state = random.Random(seed), RULES.initial()
        for _ in range(600):
            a = random_action("chart", state, rng)
            if a is None:
                break
            state = RULES.apply(state, a)
        ended += state.over
        assert random_action("chart", state, rng) is None or not state.over
    assert ended == 8


# --- any sequence of turns ---------------------------------------------------------------------------------

amount = st.integers(0, 120)
empire_turn = st.builds(
    lambda areas, cap, admin, tax, refund, mod, maint, buy: Turn(
        "E", areas, cap, admin_leader=admin, overtax_pct=tax, refund_pct=0 if tax else refund, modifier_rolls=mod,
        maintenance=maint, purchases=buy),
    amount, st.booleans(), st.booleans(), st.sampled_from([0, 10, 20, 30]), st.sampled_from([0, 10, 20, 50]),
    st.integers(0, 1), amount, amount)


@settings(max_examples=100, deadline=None)
@given(turns=st.lists(empire_turn, min_size=1, max_size=12), opening=st.integers(0, 500), first=st.integers(1, 30))
def test_the_final_treasury_adds_up_over_any_turns(turns, opening, first):
    """final treasury = opening + incomes and bonuses − spending, whatever the turns; a chart that would go
    below zero is refused as negative-treasury (decision 10) and by nothing else."""
    n = Nation("Goths", "other", first_turn=first, opening=Opening(final_treasury=opening), turns=tuple(turns))
    cells = chart_nation(n).turns
    for k in range(len(cells)):
        got = sum(c.income + c.bonus for c in cells[: k + 1])
        paid = sum(c.maintenance + c.purchases + c.modifier_payment + c.refund for c in cells[: k + 1])
        assert cells[k].final_treasury == opening + got - paid
        assert cells[k].vp_total == sum(Fraction(c.income) for c in cells[: k + 1])
        assert cells[k].bonus == (35 if cells[k].label == "E1" else 0)
    rules = {p.rule for p in parse(Chart((n,)).to_doc())[1]}
    assert rules <= {"negative-treasury", "must-quit", "admin-leader"}
    assert ("negative-treasury" in rules) == any(c.final_treasury < 0 for c in cells)


@settings(max_examples=100, deadline=None)
@given(turns=st.lists(empire_turn, min_size=1, max_size=6))
def test_victory_points_never_include_bonuses(turns):
    n = Nation("Goths", "other", first_turn=1, turns=tuple(turns))
    nc = chart_nation(n)
    assert nc.turns[0].bonus == 35  # E1
    assert nc.vp_total == sum(c.treasury - c.bonus - (nc.turns[k - 1].final_treasury if k else 0)
                              for k, c in enumerate(nc.turns))


def test_a_refused_file_never_charts():
    try:
        read(b'{"format": "rise-and-fall-1989/chart", "version": 1, "nations": []}')
    except ChartFileError as e:
        assert e.rules == ["no-nations"]
    try:
        RULES.apply(RULES.initial(), {"type": "turn"})
    except IllegalAction as e:
        assert e.rule == "setup-first"
