"""The cards a player owes the Decline zone, placed with one tap: one entry of the log, one Undo."""

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.gamelog import GameStore
from companion.rise_and_fall.play import state_file as S
from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.play.tracker import TrackerRules
from rise_and_fall.test_tracker import NAMES

R = TrackerRules()
COLOURS = ("red", "yellow", "green")


def two_trophies_this_turn() -> S.State:
    """Turn 6, phase C: two Trophies were claimed this turn, so every player owes two cards."""
    st = S.state(list(zip(NAMES, COLOURS)), turn=6, phase="C")
    st.players[1].trophies = ["ship", "city"]
    st.claimed_this_turn = [("ship", 1), ("city", 1)]
    assert S.problems(st) == []
    return st


def test_two_cards_owed_go_with_one_tap_and_one_undo_takes_them_back(tmp_path, rulebook_text):
    quote(rulebook_text, "each player must place one face-down card per Trophy claimed this turn from their hand or their "
                         "discard pile into the communal decline zone")
    s = GameStore(tmp_path).start("rise-and-fall/game", "C", R,
                                  {"type": "start-from-state", "state": two_trophies_this_turn().to_dict()})
    before = s.state
    assert before.cards_owed == (2, 2, 2)
    both = {"type": "decline", "player": 0, "cards": ["nomad", "city"]}
    g = s.do(both)
    assert len(s.history()) == 2 and g.cards_owed[0] == 0 and 0 not in g.to_move()
    # the same as the two cards placed one by one
    one_by_one = R.apply(R.apply(before, {"type": "decline", "player": 0, "card": "nomad"}),
                         {"type": "decline", "player": 0, "card": "city"})
    assert g == one_by_one
    assert describe(both, before) == f"{NAMES[0]} places 2 cards face down into Decline"
    s.undo()
    assert s.state == before


@pytest.mark.parametrize("cards, rule, words", [
    (["nomad", "city", "ship"], "decline-owed", "owes 2 cards"),
    ([], "decline-card", "list of one or more"),
    ("nomad", "decline-card", "list of one or more"),
    (["nomad", 3], "decline-card", "list of one or more"),
    (["nomad", "nomad"], "decline-card", "from their hand or discard pile"),
])
def test_a_bad_list_of_cards_is_refused_whole_with_a_sentence(cards, rule, words):
    g = R.apply(R.initial(), {"type": "start-from-state", "state": two_trophies_this_turn().to_dict()})
    with pytest.raises(IllegalAction) as e:
        R.apply(g, {"type": "decline", "player": 0, "cards": cards})
    assert e.value.rule == rule and words in str(e.value)
    with pytest.raises(IllegalAction):
        R.apply(g, {"type": "decline", "player": 0, "card": "nomad", "cards": ["city"]})
