"""What the table hears (``Contract.news``, ``companion.news``): over random legal play of every game, every
action's news is sentences; a seat never hears what its ``view`` hides (two actions a seat cannot tell apart by
its view are told to it in the same words, and a card lying face down is never named to another seat); a page
that replays another page's actions hears them once, and its own actions never."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from rulebooks import quote

from companion import games
from companion.gamelog import GameStore, Session

SEATS = {"rise": ("red", "blue"), "mountain-king": ("Blue", "Yellow"), "rise-and-fall-1989": ("Ann", "Bo")}
#: The keys of an action that name a choice made in secret (Rise & Fall's card placed face down): two actions
#: that differ only there, with results a seat's view cannot tell apart, must be told alike to that seat.
HIDDEN = {"rise-and-fall": ("card", "cards")}
PLAYED = [(g.id, k) for g in games.games() for k in g.kinds]


def _seats(game_id: str, state) -> tuple:
    if game_id == "rise-and-fall":
        return tuple(range(len(getattr(state, "civs", ()))))
    return SEATS.get(game_id, ())


def _play(game_id: str, kind: str, seed: int, limit: int):
    """(before, action, after) of random legal play, and the moves offered before each action."""
    g = games.get(game_id)
    c, rules = g.contract(kind), g.reducer(kind)
    rng, state = random.Random(seed), rules.initial()
    for _ in range(limit):
        moves = c.legal_actions(state)
        if not moves:
            return
        action = c.pick(moves, rng).sample(rng)
        after = rules.apply(state, action)
        yield state, action, after, moves, rng
        state = after


@pytest.mark.parametrize("game_id,kind", PLAYED, ids=[f"{g}-{k}" for g, k in PLAYED])
@settings(max_examples=examples(3, 30), deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_action_s_news_is_sentences_for_the_table_and_every_seat(game_id, kind, seed):
    c = games.get(game_id).contract(kind)
    for before, action, after, _, _ in _play(game_id, kind, seed, 250):
        for seat in (None, *_seats(game_id, after)):
            news = c.news(before, action, after, seat)
            assert isinstance(news, list) and all(isinstance(s, str) and s.strip() for s in news)


@pytest.mark.parametrize("game_id,kind", PLAYED, ids=[f"{g}-{k}" for g, k in PLAYED])
@settings(max_examples=examples(3, 30), deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_seat_hears_nothing_its_view_hides(game_id, kind, seed):
    """Two legal actions of another player that differ only in a secret choice, whose results the seat's view
    cannot tell apart, are told to that seat in the same words."""
    g = games.get(game_id)
    c, rules = g.contract(kind), g.reducer(kind)
    for k, (before, _, _, moves, rng) in enumerate(_play(game_id, kind, seed, 200)):
        if k % 3:
            continue
        tried = []
        for m in rng.sample(moves, min(len(moves), 8)):
            action = m.sample(rng)
            try:
                tried.append((action, rules.apply(before, action)))
            except Exception:  # noqa: BLE001 - a sampled count the rules refuse: not an action of the game
                continue
        for seat in _seats(game_id, before):
            told: dict[str, tuple[object, list[str]]] = {}
            for action, after in tried:
                if c.actor(before, action) == seat:
                    continue  # a seat knows its own choice
                public = {key: v for key, v in action.items() if key not in HIDDEN.get(game_id, ())}
                seen = repr((c.view(after, seat), sorted(public.items(), key=repr)))
                news = c.news(before, action, after, seat)
                state, heard = told.setdefault(seen, (after, news))
                if state != after:  # two results the seat's view cannot tell apart: the same words
                    assert heard == news, f"seat {seat} hears what its view hides: {news} / {heard}"


@settings(max_examples=examples(6, 60), deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_rise_and_fall_phone_never_hears_a_card_lying_face_down(seed):
    quote("rise-and-fall", "All players simultaneously choose and play a Civilization card from their hand and place "
                           "it face down in front of themselves.")
    c = games.get("rise-and-fall").contract("game")
    for before, action, after, _, _ in _play("rise-and-fall", "game", seed, 400):
        for me in range(len(after.civs)):
            mine = c.view(after, me)
            news = " ".join(c.news(before, action, after, me))
            for j, civ in enumerate(after.civs):
                if j == me or not mine.civs[j].face_down:
                    continue
                down = set(civ.played) if after.phase == "A" else {card for i, card in after.face_down if i == j}
                for card in down:
                    assert f"{civ.name} {card.title()}" not in news and f"the {card.title()} card face down" not in news


def test_the_recycling_and_the_first_player_token_are_news(tmp_path: Path):
    """Phase E as the rulebook says it, told to the table: who Recycles, and the token passed."""
    quote("rise-and-fall", 'Each player who no longer has any cards in hand picks up all of the cards in their discard pile. '
                           'This is called "Recycling".')
    quote("rise-and-fall", "If at least one player Recycles, the First Player token is passed to the player to the left of "
                           "the current First Player.")
    c = games.get("rise-and-fall").contract("game")
    for seed in range(20):
        for before, action, after, _, _ in _play("rise-and-fall", "game", seed, 600):
            if after.first != before.first and after.phase == "A":
                news = c.news(before, action, after, None)
                assert any("recycles: the discard pile goes back to the hand." in s for s in news)
                assert f"The First Player token passes to {after.civs[after.first].name}." in news
                assert f"Turn {before.turn} ends." in news and f"Turn {after.turn} begins." in news
                return
    raise AssertionError("no First Player token passed in 20 random games")


def two_pages_of_mountain_king(tmp_path: Path) -> tuple:
    """Mountain King, and two pages' sessions on one new game of it."""
    g = games.get("mountain-king")
    log_id, log = GameStore(tmp_path).create("mountain-king/game", "A game")
    return g, Session(log, g.reducer("game")), Session(GameStore(tmp_path).open(log_id), g.reducer("game"))


def test_a_page_hears_another_page_s_actions_once_and_its_own_never(tmp_path: Path):
    g, a, b = two_pages_of_mountain_king(tmp_path)
    rng = random.Random(1)
    for _ in range(3):
        a.do(g.contract("game").random_action(a.state, rng))
    assert a.heard() == []  # its own actions are not news to it
    b.refresh()
    heard = b.heard()
    states = a.states()
    told = [s for k, e in enumerate(a.applied) for s in g.contract("game").news(states[k], e.action, states[k + 1])]
    assert heard == told and heard
    assert b.heard() == []  # said once
    a.undo()
    b.refresh()
    assert b.heard() == ["1 action taken back on another page."]
    b.do(g.contract("game").random_action(b.state, rng))
    a.refresh()
    assert a.heard() and b.heard() == []


def test_a_trophy_claimed_is_news_for_every_seat():
    quote("rise-and-fall", "The first player to place their last game piece of a given type in the World wins the matching Trophy.")
    c = games.get("rise-and-fall").contract("game")
    for seed in range(40):
        for before, action, after, _, _ in _play("rise-and-fall", "game", seed, 1500):
            won = [j for j, civ in enumerate(after.civs) if before.civs and len(civ.trophies) > len(before.civs[j].trophies)]
            if won:
                civ = after.civs[won[0]]
                for seat in (None, *range(len(after.civs))):
                    news = c.news(before, action, after, seat)
                    assert any(s.startswith(f"{civ.name} has placed their last") and "Trophy is theirs" in s for s in news)
                return
    raise AssertionError("no Trophy claimed in 40 random games")


def test_a_tap_behind_another_page_is_refused_with_what_that_page_did(tmp_path: Path):
    """Two pages tap at once: the second is refused (nothing written), and its sentence says what the first page
    did; the page's next look has no news left to say over that refusal."""
    from companion.gamelog import StaleGame

    g, a, b = two_pages_of_mountain_king(tmp_path)
    rng = random.Random(1)
    a.do(g.contract("game").random_action(a.state, rng))
    b.refresh()
    b.heard()
    behind = g.contract("game").random_action(b.state, rng)
    a.do(g.contract("game").random_action(a.state, rng))
    told = g.contract("game").news(a.states()[-2], a.applied[-1].action, a.state)
    assert told
    head = len(b.applied)
    with pytest.raises(StaleGame) as refused:
        b.do(behind)
    assert str(refused.value).endswith("Meanwhile: " + " ".join(told))
    assert len(b.applied) == head + 1 and b.state == a.state  # the other page's action in, the tap's not written
    assert b.heard() == []
