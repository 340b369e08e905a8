"""The scoring walk's shortcuts: one tap for the rest of a Domain nobody controls, one tap for a cavern where only
one player has Trolls. Each is the core's action and records exactly what the long path records, cavern by cavern."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.mountain_king.board import Board, BoardCavern
from companion.mountain_king.game import MountainKingRules, State, rest_of_domain
from companion.mountain_king.numbers import numbers
from companion.mountain_king.scoring import controller
from companion.mountain_king.story import sentence
from companion.mountain_king.taps import DOMINATED_COUNTS, walk_order, walk_step
from tests.rulebooks import quote

RULES = MountainKingRules()
PLAYERS = ("Blue", "Yellow", "Pink", "Green")


def scoring(board: Board, wave: int = 1, players=PLAYERS, last: dict | None = None, fast: bool = False) -> State:
    """At Score the Wave of ``wave``; the Wave before entered by the long path from ``last`` (else left empty)."""
    s = RULES.apply(RULES.initial(), {"type": "setup", "players": list(players), "board": board.to_dict(), "rules": 2})
    for w in range(1, wave):
        s = RULES.apply(s, {"type": "end-wave"})
        if last is not None and w == wave - 1:
            s = long_path(s, last, fast)
        s = RULES.apply(s, {"type": "score-wave", "empty": [c for c in s.caverns_to_enter() if c not in s.walk]})
    return RULES.apply(s, {"type": "end-wave"})


def small_board(counts: dict[str, int]) -> Board:
    caverns = tuple(BoardCavern(f"{d}-{k}", d) for d in numbers().domains for k in range(1, counts[d] + 1))
    halls = (tuple(c.id for c in caverns[:3]),)
    return Board("4-5", caverns, halls)


def a_cavern(draw) -> dict:
    kind = draw(st.sampled_from(["empty", "gnomes", "one", "many"]))
    if kind == "gnomes":
        return {"trolls": {}, "gnomes": draw(st.integers(1, 2))}
    if kind == "one":
        return {"trolls": {draw(st.sampled_from(PLAYERS)): draw(st.integers(1, 6))}, "gnomes": 0}
    if kind == "many":
        return {"trolls": {p: draw(st.integers(0, 3)) for p in PLAYERS}, "gnomes": 0}
    return {"trolls": {}, "gnomes": 0}


@st.composite
def boards_and_contents(draw):
    """A board, each cavern as the last Wave left it, and as it is now (kept from the last Wave, or changed)."""
    counts = {d: draw(st.integers(1, 5)) for d in numbers().domains}
    board = small_board(counts)
    last = {c.id: a_cavern(draw) for c in board.caverns}
    now = {c.id: last[c.id] if draw(st.booleans()) else a_cavern(draw) for c in board.caverns}
    return board, last, now


def record(e: dict, fast: bool) -> tuple:
    """What the long path records for a cavern: its Trolls and Gnomes (the fast path: one of the controller's, one Gnome)."""
    trolls = {p: k for p, k in e["trolls"].items() if k}
    if not fast:
        return trolls, e["gnomes"]
    who = controller(trolls)
    return ({} if e["gnomes"] or not who else {who: 1}), (1 if e["gnomes"] else 0)


def nobody(entry: dict) -> bool:
    return not entry["gnomes"] and controller({p: k for p, k in entry["trolls"].items() if k}) is None


def fast_answer(cid: str, entry: dict) -> dict:
    who = controller({p: k for p, k in entry["trolls"].items() if k})
    if entry["gnomes"]:
        return {"type": "control", "cavern": cid, "overrun": True}
    return {"type": "control", "cavern": cid, **({"controller": who} if who else {})}


def finish(s: State) -> State:
    """Score the Wave (Wave III with its Great Hall token and the Vote tiles)."""
    if s.wave == 3:
        s = RULES.apply(s, {"type": "halls", "values": [8]})
        s = RULES.apply(s, {"type": "tiles", "tiles": {d: [6, 3, 1] for d in numbers().domains}})
    return RULES.apply(s, {"type": "score-wave"})


def long_path(s: State, contents: dict, fast: bool) -> State:
    for cid in walk_order(s):
        e = contents[cid]
        s = RULES.apply(s, fast_answer(cid, e) if fast else {"type": "cavern", "cavern": cid, **e})
    return s


def short_path(s: State, contents: dict, fast: bool, use, last: dict | None = None) -> tuple[State, int]:
    """The walk as a table takes it with the shortcuts, tapping only what the screen offers; the taps it took."""
    taps = 0
    last = last or {}
    while not (step := walk_step(s)).done:
        cid, e = step.cavern, contents[step.cavern]
        rest = [contents[c] for c in rest_of_domain(s, cid)]
        only = {p: k for p, k in e["trolls"].items() if k}
        kept = [c in last and record(contents[c], fast) == record(last[c], fast) for c in rest_of_domain(s, cid)]
        if step.rest_before and all(kept) and use():
            s = RULES.apply(s, step.rest_before.action)
        elif step.before and kept and kept[0] and use():
            s = RULES.apply(s, step.before.action)
        elif step.rest and use() and all(nobody(r) for r in rest) and (fast or not any(any(r["trolls"].values()) for r in rest)):
            s = RULES.apply(s, step.rest.action)
        elif not fast and len(only) == 1 and not e["gnomes"] and list(only.values())[0] <= DOMINATED_COUNTS and use():
            ((p, k),) = only.items()
            s = RULES.apply(s, next(o.action for o in step.dominated if o.label == f"{p} {k}"))
        else:
            s = RULES.apply(s, fast_answer(cid, e) if fast else {"type": "cavern", "cavern": cid, **e})
        taps += 1
    return s, taps


@settings(max_examples=60, deadline=None)
@given(case=boards_and_contents(), fast=st.booleans(), wave=st.sampled_from([1, 2, 3]), data=st.data())
def test_a_shortcut_records_exactly_what_the_long_path_records(case, fast, wave, data):
    """Random board, random caverns (some as the last Wave left them): the walk with the shortcuts (taken or not,
    at random) gives the same caverns, the same wave file and the same scores as the long path, cavern by cavern
    or by the fast path."""
    board, last, contents = case
    start = scoring(board, wave, last=last, fast=fast)
    long = long_path(start, contents, fast)
    short, taps = short_path(start, contents, fast, lambda: data.draw(st.booleans()), last if wave > 1 else None)
    assert short.walk == long.walk
    assert short.wave_document() == long.wave_document()
    after_long, after_short = (finish(s) for s in (long, short))
    assert after_short.scores == after_long.scores
    assert {p: after_short.honour(p) for p in PLAYERS} == {p: after_long.honour(p) for p in PLAYERS}
    assert taps <= len(walk_order(start))


def test_the_rest_of_a_domain_is_one_tap_that_enters_each_of_its_caverns_empty():
    """"Empty. A cavern with nothing in it at all." One tap for the cavern asked and the rest of its Domain."""
    quote("mountain-king", "Empty. A cavern with nothing in it at all.")
    s = scoring(small_board({d: 4 for d in numbers().domains}))
    s = RULES.apply(s, {"type": "cavern", "cavern": "moss-1", "trolls": {"Blue": 2}})
    step = walk_step(s)
    assert step.cavern == "moss-2" and step.rest is not None
    assert step.rest.label == "Nobody controls the rest of Moss (3 caverns)"
    said = sentence(step.rest.action, s)
    after = RULES.apply(s, step.rest.action)
    assert said == "Moss 2, Moss 3 and Moss 4: nobody controls them (the rest of the Domain, empty)."
    assert [after.walk[c].trolls for c in ("moss-2", "moss-3", "moss-4")] == [{}, {}, {}]
    assert all(after.walk[c].gnomes == 0 for c in ("moss-2", "moss-3", "moss-4"))
    assert walk_step(after).cavern == "ice-1"


def test_the_rest_tap_answers_its_cavern_so_a_second_quick_tap_is_refused():
    s = scoring(small_board({d: 3 for d in numbers().domains}))
    tap = walk_step(s).rest.action
    s = RULES.apply(s, tap)
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, tap)
    assert e.value.rule == "cavern-entered"
    assert walk_step(s).cavern == "ice-1"


def test_the_rest_leaves_caverns_already_entered_and_is_not_offered_for_one_cavern_or_a_correction():
    s = scoring(small_board({**{d: 3 for d in numbers().domains}, "ice": 1}))
    s = RULES.apply(s, {"type": "control", "cavern": "moss-3", "controller": "Pink"})
    assert rest_of_domain(s, "moss-1") == ("moss-1", "moss-2")
    s = RULES.apply(s, walk_step(s).rest.action)
    assert s.walk["moss-3"].trolls == {"Pink": 1}
    assert walk_step(s).cavern == "ice-1" and walk_step(s).rest is None  # one cavern: the Nobody tap is the same
    assert walk_step(s, asked="moss-1").rest is None  # a correction answers one cavern


def test_a_dominated_cavern_is_one_tap_for_the_player_and_the_count():
    """"Dominated. A cavern where only you have any Trolls." Its one tap is the cavern-by-cavern entry itself."""
    quote("mountain-king", "Dominated. A cavern where only you have any Trolls.")
    s = scoring(small_board({d: 2 for d in numbers().domains}))
    step = walk_step(s)
    offer = next(o for o in step.dominated if o.label == "Pink 3")
    assert offer.action == {"type": "cavern", "cavern": "moss-1", "trolls": {"Pink": 3}, "gnomes": 0}
    long = RULES.apply(s, {"type": "cavern", "cavern": "moss-1", "trolls": {"Blue": 0, "Yellow": 0, "Pink": 3, "Green": 0}, "gnomes": 0})
    assert RULES.apply(s, offer.action).walk == long.walk
    assert len(step.dominated) == len(PLAYERS) * DOMINATED_COUNTS
    again = walk_step(RULES.apply(s, offer.action), asked="moss-1")
    assert all(o.action.get("again") is True for o in again.dominated)


def test_a_cavern_as_the_last_wave_left_it_is_one_tap_with_that_wave_s_counts():
    """Refresh takes back the cubes and the Desperation tokens, not the map: "Begin the next Wave with Building Your
    Ancestry." A cavern nobody changed is one tap in Waves II and III, entered with the last Wave's counts."""
    quote("mountain-king", "Each player should return all of the cubes from their Ancestry (and from any Claw symbols on Champion cards) back to their supply, and discard any leftover Desperation tokens they have.")
    quote("mountain-king", "Begin the next Wave with Building Your Ancestry.")
    board = small_board({d: 3 for d in numbers().domains})
    last = {c.id: {"trolls": {}, "gnomes": 0} for c in board.caverns}
    last["moss-1"] = {"trolls": {"Blue": 2, "Pink": 1}, "gnomes": 0}
    last["moss-3"] = {"trolls": {}, "gnomes": 2}
    first = scoring(board)
    assert walk_step(first).before is None and walk_step(first).rest_before is None
    with pytest.raises(IllegalAction) as e:
        RULES.apply(first, {"type": "as-before", "cavern": "moss-1"})
    assert e.value.rule == "no-last-wave" and "first Wave" in str(e.value)
    s = scoring(board, 2, last=last)
    step = walk_step(s)
    assert step.before.label == "As at the end of Wave I: Blue 2, Pink 1"
    assert sentence(step.before.action, s) == "Moss 1 as at the end of Wave I: Blue 2, Pink 1."
    s = RULES.apply(s, step.before.action)
    assert s.walk["moss-1"].trolls == {"Blue": 2, "Pink": 1}
    step = walk_step(s)
    assert step.rest_before.label == "The rest of Moss as at the end of Wave I (2 caverns)"
    s = RULES.apply(s, step.rest_before.action)
    assert s.walk["moss-2"].trolls == {} and s.walk["moss-3"].gnomes == 2
    with pytest.raises(IllegalAction) as e:
        RULES.apply(s, step.rest_before.action)  # a second quick tap
    assert e.value.rule == "cavern-entered"
    again = walk_step(RULES.apply(s, {"type": "control", "cavern": "ice-1", "controller": "Green"}), asked="ice-1")
    assert again.before.action == {"type": "as-before", "cavern": "ice-1", "again": True} and again.rest_before is None
