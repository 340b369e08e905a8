"""Each player's nations on their own phone, in the core: which player a seat is (kept in the game's file),
a phone's action refused for another player's nation, and a phone's Undo that takes back only its own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameLog, GameStore
from companion.rome1989.game import ChartRules
from companion.rome1989.screens import KIND
from companion.rome1989.seats import check_undo, ensure_seats, player_of_seat, seat_players
from companion.seats import Seats, find_seat

R = ChartRules()
B5 = {"status": "B", "areas_income": 5, "capitol_on_board": False}


def started(*nations: tuple[str, str | None]):
    g = R.apply(R.initial(), {"type": "setup", "title": "t", "victory": {"points": 100}})
    for name, player in nations:
        a = {"type": "nation", "name": name, "kind": "other"}
        if player is not None:
            a["player"] = player
        g = R.apply(g, a)
    return g


def refused(g, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        R.apply(g, action)
    return e.value


def test_a_phone_records_its_players_nations_only():
    g = started(("Goths", "Ann"), ("Huns", "Ann"), ("Franks", "Bo"), ("Vandals", None))
    g = R.apply(g, {"type": "turn", "nation": "Goths", "turn": B5, "seat": "Ann"})
    g = R.apply(g, {"type": "turn", "nation": "Huns", "turn": B5, "seat": "Ann"})
    g = R.apply(g, {"type": "turn", "nation": "Vandals", "turn": B5, "seat": "Vandals"})  # no player: the nation's own name
    assert [len(n.turns) for n in g.chart.nations] == [1, 1, 0, 1]
    e = refused(g, {"type": "turn", "nation": "Franks", "turn": B5, "seat": "Ann"})
    assert e.rule == "seat" and str(e) == ("Ann's phone records Ann's nations only; Franks is Bo's "
                                           "(on the tablet or on their own phone).")
    # the tablet (no seat) records any nation, as before
    assert R.apply(g, {"type": "turn", "nation": "Franks", "turn": B5}).chart.nation("Franks").turns


def test_a_phone_rolls_for_its_own_nations_and_leaves_the_tables_actions_to_the_tablet():
    g = started(("Goths", "Ann"), ("Franks", "Bo"))
    g = R.apply(g, {"type": "roll", "nation": "Goths", "purpose": "combat", "dice": [3], "seat": "Ann"})
    assert g.rolls[-1].nation == "Goths"
    assert refused(g, {"type": "roll", "nation": "Franks", "purpose": "combat", "dice": [3], "seat": "Ann"}).rule == "seat"
    assert refused(g, {"type": "roll", "nation": None, "purpose": "other", "dice": [3], "seat": "Ann"}).rule == "seat"
    for action in ({"type": "nation", "name": "Huns", "kind": "other", "player": "Ann", "seat": "Ann"},
                   {"type": "end", "unfinished": True, "seat": "Ann"},
                   {"type": "turn", "nation": "Goths", "turn": B5, "seat": ""},
                   {"type": "turn", "nation": "Goths", "turn": B5, "seat": 0}):
        assert refused(g, action).rule == "seat"
    # a phone's turn is still checked by the chart's own rules, with their rule id
    assert refused(g, {"type": "turn", "nation": "Goths", "turn": {**B5, "areas_income": -3}, "seat": "Ann"}).rule != "seat"
    assert refused(g, {"type": "turn", "nation": "Nobody", "turn": B5, "seat": "Ann"}).rule == "unknown-nation"


def test_a_seat_per_player_kept_in_the_game_file_and_never_handed_to_another(tmp_path):
    store = GameStore(tmp_path)
    s = store.start(KIND, "t", R, {"type": "setup", "title": "t", "victory": None})
    s.do({"type": "nation", "name": "Goths", "kind": "other", "player": "Ann"})
    s.do({"type": "nation", "name": "Franks", "kind": "other", "player": "Bo"})
    seats = ensure_seats(s.log, s.state.chart)
    assert [p for p, _ in seats] == ["Ann", "Bo"]
    assert ensure_seats(s.log, s.state.chart) == seats  # made once, then kept
    ann = seats[0][1].token
    gid = s.log.path.stem
    assert find_seat(store, ann, KIND) == (gid, 0) and player_of_seat(GameLog(store.path(gid)), 0) == "Ann"
    s.undo()  # Bo's only nation taken back: Bo's seat is kept for Bo, not given to the next player
    assert [p for p, _ in ensure_seats(s.log, s.state.chart)] == ["Ann"]
    s.do({"type": "nation", "name": "Huns", "kind": "other", "player": "Cy"})
    assert [(p, x.player) for p, x in ensure_seats(s.log, s.state.chart)] == [("Ann", 0), ("Cy", 2)]
    assert seat_players(s.log) == ["Ann", "Bo", "Cy"]
    assert set(Seats(s.log).all()) == {0, 1, 2}


def test_undo_on_a_phone_takes_back_only_its_own_nations_last_action():
    g = started(("Goths", "Ann"), ("Franks", "Bo"))
    mine = {"type": "turn", "nation": "Goths", "turn": B5, "seat": "Ann"}
    check_undo(g.chart, mine, "Ann")
    check_undo(g.chart, {"type": "turn", "nation": "Goths", "turn": B5}, "Ann")  # recorded for Ann on the tablet
    check_undo(g.chart, {"type": "roll", "nation": "Goths", "purpose": "combat", "dice": [1]}, "Ann")
    with pytest.raises(IllegalAction) as e:
        check_undo(g.chart, {"type": "turn", "nation": "Franks", "turn": B5, "seat": "Bo"}, "Ann")
    assert e.value.rule == "seat-undo" and str(e.value) == (
        "The last action is Franks' turn, Bo's; a phone takes back only its own nations' turns and dice: "
        "undo it on the tablet or on Bo's phone first.")
    with pytest.raises(IllegalAction) as e:
        check_undo(g.chart, {"type": "nation", "name": "Franks", "kind": "other", "player": "Bo"}, "Ann")
    assert e.value.rule == "seat-undo" and "undo it on the tablet" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        check_undo(g.chart, None, "Ann")
    assert e.value.rule == "seat-undo"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_in_random_games_a_phone_records_exactly_its_own_players_turns_and_dice(seed):
    """Every turn and roll of a random legal game, sent from each player's phone: accepted, with the same
    game as from the tablet, on the nation's own player's phone only; refused with rule ``seat`` on others'."""
    import random

    from companion.rome1989.chart import players_of
    from companion.rome1989.randomplay import PLAYERS, random_game

    g, checked = R.initial(), 0
    for action in random_game(random.Random(seed), limit=150):
        if action.get("type") in ("turn", "roll") and action.get("nation") is not None:
            checked += 1
            owner = g.chart.nation(action["nation"]).who
            for player in {*players_of(g.chart.nations), *PLAYERS}:
                if player == owner:
                    assert R.apply(g, {**action, "seat": player}) == R.apply(g, action)
                else:
                    assert refused(g, {**action, "seat": player}).rule == "seat"
            check_undo(R.apply(g, action).chart, action, owner)
        g = R.apply(g, action)
    assert checked > 0
