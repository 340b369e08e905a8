"""The end of the game: entering pieces, the fast path, mismatches with the tracker."""

import pytest
from helpers import complete_layout
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.scoring.scoring import score

R = EntryRules()


def start(pos, tracked=True):
    counts = pos.counts()
    a = {
        "type": "start",
        "world": complete_layout(4).to_dict(),
        "players": [{"name": p.name, "gold": p.gold, "trophies": p.trophies, "decline": p.decline} for p in pos.players],
        "colours": ["red", "yellow", "green", "blue"],
    }
    if tracked:
        a["tracked"] = [counts[p.name] for p in pos.players]
    return R.apply(R.initial(), a)


def enter_all(e, pos):
    for pc in pos.pieces:
        e = R.apply(e, {"type": "piece", "q": pc.space[0], "r": pc.space[1], "player": pc.player, "piece": pc.type})
    return e


@given(st.integers(0, 10_000))
def test_the_fast_path_agrees_with_the_full_path(seed):
    pos = random_end_position(complete_layout(4), seed)
    e = enter_all(start(pos), pos)
    full = e.full_score()
    assert full.to_dict() == score(pos).to_dict()
    for k, r in enumerate(full.regions):
        e = R.apply(e, {"type": "vote", "region": k, "controller": r.controller})
    fast = e.fast_score()
    assert {p.name: p.to_dict() for p in fast.players} == {p.name: p.to_dict() for p in full.players}
    assert e.mismatches() == []


def test_mismatch_with_the_tracker_is_named():
    pos = random_end_position(complete_layout(4), 1)
    e = enter_all(start(pos), pos)
    last = pos.pieces[-1]
    e = R.apply(e, {"type": "remove", "q": last.space[0], "r": last.space[1]})
    assert any(m.startswith(f"{last.player}: ") and "the tracker counted" in m for m in e.mismatches())


def test_pieces_follow_the_position_file_checks():
    pos = random_end_position(complete_layout(4), 2)
    e = start(pos)
    sea = next(s for s, t in e.terrain().items() if t == "sea")
    with pytest.raises(IllegalAction, match="cannot stand on sea"):
        R.apply(e, {"type": "piece", "q": sea[0], "r": sea[1], "player": pos.players[0].name, "piece": "city"})
    e = R.apply(e, {"type": "piece", "q": sea[0], "r": sea[1], "player": pos.players[0].name, "piece": "ship"})
    with pytest.raises(IllegalAction, match="one piece per space"):
        R.apply(e, {"type": "piece", "q": sea[0], "r": sea[1], "player": pos.players[1].name, "piece": "ship"})


def test_finishing_needs_every_region_or_a_clean_position():
    pos = random_end_position(complete_layout(4), 3)
    e = start(pos)
    with pytest.raises(IllegalAction, match="Regions still need a majority"):
        R.apply(e, {"type": "finish", "path": "fast"})
    e = enter_all(e, pos)
    e = R.apply(e, {"type": "finish", "path": "full"})
    assert e.finished
    with pytest.raises(IllegalAction, match="final"):
        R.apply(e, {"type": "remove", "q": 0, "r": 0})


def test_books_by_hand_refuse_a_trophy_twice():
    pos = random_end_position(complete_layout(4), 4)
    e = start(pos, tracked=False)
    taken = next(p for p in pos.players if p.trophies)
    other = next(i for i, p in enumerate(pos.players) if p.name != taken.name)
    with pytest.raises(IllegalAction, match="already claimed"):
        R.apply(e, {"type": "books", "player": other, "trophies": [taken.trophies[0]]})
    e = R.apply(e, {"type": "books", "player": other, "gold": 99})
    assert e.players[other].gold == 99


def test_history_keeps_finished_games_and_counts_wins(tmp_path):
    from companion.rise_and_fall.history import History

    h = History(tmp_path)
    for seed in range(3):
        h.record(f"g{seed}", "Harbour", score(random_end_position(complete_layout(4), seed)))
    h.record("g0", "Harbour", score(random_end_position(complete_layout(4), 0)))  # same game again: replaced
    stats = History(tmp_path).stats()
    assert stats["games"] == 3
    assert sum(stats["wins"].values()) >= 3
    assert all(len(v) == 3 for v in stats["totals"].values())
    assert set(next(iter(stats["averages"].values()))) == {"economy", "trophies", "development", "territories"}


def test_the_regions_left_empty_in_one_tap():
    pos = random_end_position(complete_layout(4), 5)
    e = enter_all(start(pos), pos)
    full = e.full_score()
    held = [k for k, r in enumerate(full.regions) if r.pieces]
    for k in held:
        e = R.apply(e, {"type": "vote", "region": k, "controller": full.regions[k].controller})
    e = R.apply(e, {"type": "rest-empty"})
    assert e.regions_to_vote() == []
    assert [p.total for p in e.fast_score().players] == [p.total for p in full.players]
