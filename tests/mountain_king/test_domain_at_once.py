"""A Domain at once (Waves I and II): how many of its caverns each player controls and how many are overrun, as the
rulebook scores a Domain, in one entry. It scores exactly what the fast path scores cavern by cavern; it is refused
where it cannot say what the table means (too many caverns, Wave III, a cavern of it corrected on its own), and a
later Wave never takes its caverns 'as at the end of' the Wave it was entered in."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.mountain_king.contract import MountainKingContract
from companion.mountain_king.game import domain_caverns
from companion.mountain_king.numbers import numbers
from companion.mountain_king.scoring import controller
from companion.mountain_king.story import sentence
from companion.mountain_king.taps import walk_step
from tests.mountain_king.test_walk_shortcuts import (
    RULES,
    boards_and_contents,
    fast_answer,
    scoring,
    small_board,
)
from tests.rulebooks import quote

COUNTS = {d: 4 for d in numbers().domains}


def tally(state, domain: str, contents: dict[str, dict]) -> dict:
    """The Domain-at-once entry of a Domain's contents: each player's caverns controlled, the overrun ones."""
    controlled: dict[str, int] = {}
    overrun = 0
    for cid in domain_caverns(state, domain):
        e = contents[cid]
        if e["gnomes"]:
            overrun += 1
        elif who := controller({p: k for p, k in e["trolls"].items() if k}):
            controlled[who] = controlled.get(who, 0) + 1
    return {"type": "domain", "domain": domain, "controlled": controlled, "overrun": overrun}


def score_wave(s):
    return RULES.apply(s, {"type": "score-wave", "empty": [c for c in s.caverns_to_enter() if c not in s.walk]})


def test_the_rulebook_s_hammer_domain_at_once():
    quote("mountain-king", "Score 6 Honour for the first cavern in the Domain you control, and 2 Honour for each additional cavern in the Domain you control.")
    quote("mountain-king", "Example: Let's score the Hammer Clan Domain: there is one overrun cavern. Blue controls one cavern, so Blue gains 6 and loses 1. "
                           "Yellow controls two caverns, so Yellow gains 6 plus 2, and loses 1.")
    s = scoring(small_board(COUNTS))
    s = RULES.apply(s, {"type": "domain", "domain": "hammer", "controlled": {"Blue": 1, "Yellow": 2}, "overrun": 1})
    assert "hammer" in s.tallied and all(c in s.walk for c in domain_caverns(s, "hammer"))
    s = score_wave(s)
    assert s.honour("Blue") == 5 and s.honour("Yellow") == 7 and s.honour("Pink") == 0


@settings(max_examples=60, deadline=None)
@given(boards_and_contents(), st.data())
def test_a_domain_at_once_scores_what_the_fast_path_scores(drawn, data):
    board, _last, now = drawn
    by_cavern = scoring(board)
    for cid in by_cavern.caverns_to_enter():
        by_cavern = RULES.apply(by_cavern, fast_answer(cid, now[cid]))
    at_once = scoring(board)
    for d in numbers().domains:
        if data.draw(st.booleans(), label=f"{d} at once"):
            at_once = RULES.apply(at_once, tally(at_once, d, now))
        else:
            for cid in domain_caverns(at_once, d):
                at_once = RULES.apply(at_once, fast_answer(cid, now[cid]))
    assert walk_step(at_once).done
    assert score_wave(at_once).scores[-1] == score_wave(by_cavern).scores[-1]


def test_more_caverns_than_the_domain_has_are_refused_and_change_nothing():
    s = scoring(small_board(COUNTS))
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, {"type": "domain", "domain": "moss", "controlled": {"Blue": 3}, "overrun": 2})
    assert e.value.rule == "domain-count" and "Moss has 4 caverns: 5 controlled or overrun is too many." in str(e.value)
    assert not s.walk and not s.tallied


def test_a_domain_entered_is_entered_again_only_as_a_correction():
    s = scoring(small_board(COUNTS))
    first = RULES.apply(s, {"type": "control", "cavern": "moss-1", "controller": "Blue"})
    with pytest.raises(IllegalAction) as e:
        RULES.apply(first, {"type": "domain", "domain": "moss", "controlled": {"Pink": 1}})
    assert e.value.rule == "cavern-entered"
    again = RULES.apply(first, {"type": "domain", "domain": "moss", "controlled": {"Pink": 1}, "again": True})
    assert [controller(again.walk[c].trolls) for c in domain_caverns(again, "moss")] == ["Pink", None, None, None]


def test_a_cavern_of_a_domain_at_once_is_not_corrected_alone():
    s = RULES.apply(scoring(small_board(COUNTS)), {"type": "domain", "domain": "moss", "controlled": {"Blue": 2}})
    for action in ({"type": "control", "cavern": "moss-3", "controller": "Pink", "again": True},
                   {"type": "cavern", "cavern": "moss-1", "trolls": {"Pink": 2}, "again": True}):
        with pytest.raises(IllegalAction) as e:
            RULES.apply(s, action)
        assert e.value.rule == "domain-at-once" and "enter Moss at once again" in str(e.value)


def test_wave_three_asks_its_hall_caverns_not_a_domain():
    s = scoring(small_board(COUNTS), wave=3)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, {"type": "domain", "domain": "moss", "controlled": {"Blue": 1}})
    assert e.value.rule == "domain-at-once"


def test_the_next_wave_takes_no_cavern_of_it_as_at_the_end_of_the_wave_before():
    s = RULES.apply(scoring(small_board(COUNTS)), {"type": "domain", "domain": "moss", "controlled": {"Blue": 2}})
    s = RULES.apply(s, {"type": "control", "cavern": "ice-1", "controller": "Pink"})
    s = RULES.apply(score_wave(s), {"type": "end-wave"})
    assert "moss-1" not in s.last_walk and s.last_walk["ice-1"].trolls == {"Pink": 1} and not s.tallied
    step = walk_step(s)
    assert step.cavern == "moss-1" and step.before is None and step.rest_before is None
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, {"type": "as-before", "cavern": "moss-1"})
    assert e.value.rule == "domain-at-once" and "Moss was entered at once at the end of Wave I" in str(e.value)
    assert walk_step(s, "ice-1").before is not None


def test_the_table_hears_it_in_words():
    s = scoring(small_board(COUNTS))
    a = {"type": "domain", "domain": "hammer", "controlled": {"Blue": 1, "Yellow": 2}, "overrun": 1}
    assert sentence(a, s) == "Hammer at once: Blue controls 1 cavern, Yellow controls 2 caverns, 1 cavern overrun."
    assert sentence({"type": "domain", "domain": "moss", "again": True}, s) == "Moss at once (corrected): nobody controls any cavern, none overrun."


def test_the_contract_offers_it_with_counts_that_fit_and_random_play_is_accepted():
    contract = MountainKingContract()
    rng = random.Random(5)
    for _ in range(30):
        s = scoring(small_board({d: rng.randint(1, 6) for d in numbers().domains}), wave=rng.choice([1, 2]))
        moves = [m for m in contract.legal_actions(s) if m.action["type"] == "domain"]
        assert {m.action["domain"] for m in moves} == set(numbers().domains)
        for m in moves:
            s2 = RULES.apply(s, m.sample(rng))
            assert m.action["domain"] in s2.tallied


def test_a_player_named_with_a_dot_is_offered_and_taken_like_any_other():
    """The table's names are its own text: 'Dr. Ana' enters a cavern's Trolls and a Domain at once (the offer's
    per-player counts were keyed 'controlled.Dr. Ana', and such an entry was refused as an unknown action)."""
    players = ("Dr. Ana", "Ben", "C.J.", "Dee")
    s = scoring(small_board(COUNTS), players=players)
    contract = MountainKingContract()
    cavern = {"type": "cavern", "cavern": walk_step(s).cavern, "trolls": {"Dr. Ana": 2, "C.J.": 1}}
    domain = {"type": "domain", "domain": "moss", "controlled": {"Dr. Ana": 3, "C.J.": 1}, "overrun": 0}
    for action in (cavern, domain):
        contract.check_offered(s, action)
        assert any(m.admits(action) for m in contract.legal_actions(s)), action
    after = RULES.apply(s, domain)
    assert "moss" in after.tallied
