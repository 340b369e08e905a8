"""Every player's hand on their own phone: seat tokens, secret choices as actions of the log, one
reveal, and a phone that acts only for its own seat."""

import random

import pytest
from conftest import examples, quote
from hypothesis import given, settings
from hypothesis import strategies as st
from rise_and_fall.test_tracker import _other_choices, candidates, check_invariants, started, started_session

from companion.errors import IllegalAction
from companion.gamelog import GameLog, GameStore, Session, StaleGame
from companion.rise_and_fall import GAME_LOG
from companion.rise_and_fall.play.public import describe, public_view
from companion.rise_and_fall.play.tracker import Game, TrackerRules
from companion.seats import Seats, find_seat

R = TrackerRules()


def do(game: Game, **action) -> Game:
    return R.apply(game, action)


# --- seat tokens ----------------------------------------------------------------------------------
def test_a_token_per_seat_kept_in_the_game_file_and_reseat_revokes_the_old_one(tmp_path):
    store = GameStore(tmp_path)
    gid, s = started_session(store, 3)
    seats = Seats(s.log).ensure(3)
    tokens = [seats[i].token for i in range(3)]
    assert len(set(tokens)) == 3 and all(len(t) >= 20 for t in tokens)
    assert Seats(s.log).ensure(3) == seats  # made once, then kept
    reopened = GameLog(store.path(gid))  # a restart of the server opens the file again
    assert {i: x.token for i, x in Seats(reopened).all().items()} == dict(enumerate(tokens))
    assert find_seat(store, tokens[1], GAME_LOG) == (gid, 1)
    new = Seats(s.log).reseat(1)
    assert new.token != tokens[1]
    assert find_seat(store, tokens[1], GAME_LOG) is None  # the old address stops working
    assert find_seat(store, new.token, GAME_LOG) == (gid, 1)
    assert find_seat(store, tokens[0], GAME_LOG) == (gid, 0)  # the other seats keep theirs


def test_a_token_opens_only_its_own_game(tmp_path):
    store = GameStore(tmp_path)
    g1, s1 = started_session(store, 2)
    g2, s2 = started_session(store, 2)
    t1 = Seats(s1.log).ensure(2)[0].token
    t2 = Seats(s2.log).ensure(2)[0].token
    assert find_seat(store, t1, GAME_LOG) == (g1, 0) and find_seat(store, t2, GAME_LOG) == (g2, 0)
    for bad in ("", "short", t1[:-1], t1 + "x", "../" + t1, None):
        assert find_seat(store, bad, GAME_LOG) is None


def test_a_seat_opened_on_a_phone_is_marked_and_reseat_clears_it(tmp_path):
    store = GameStore(tmp_path)
    _, s = started_session(store, 3)
    seats = Seats(s.log)
    codes = seats.ensure(3)
    seats.taken(2, codes[2].token)
    assert seats.on_phones() == {2}
    seats.reseat(2)
    assert seats.on_phones() == set()


class Stale(Seats):
    """A page's Seats that read the file a moment ago: its first read is what the file held then (nothing yet), as
    when another device wrote between this page's read and its write."""

    def __init__(self, log: GameLog, then: dict) -> None:
        super().__init__(log)
        self.then: dict | None = then

    def all(self):
        if self.then is not None:
            then, self.then = self.then, None
            return then
        return super().all()


def test_two_pages_making_the_codes_at_the_same_moment_keep_one_set_of_codes(tmp_path):
    """A tablet makes the seats' codes of a new game as another device does: the codes the other wrote first are
    the ones kept, whatever this page read a moment before (a phone given the first codes was refused)."""
    store = GameStore(tmp_path)
    gid, s = started_session(store, 3)
    other = GameLog(store.path(gid))
    first = Seats(other).ensure(3)  # another device's codes, written between this page's read and its write
    assert Stale(s.log, {}).ensure(3) == first
    assert Seats(other).all() == first and find_seat(store, first[0].token, GAME_LOG) == (gid, 0)


def test_two_phones_opening_their_seats_at_the_same_moment_are_both_on_phones(tmp_path):
    store = GameStore(tmp_path)
    gid, s = started_session(store, 3)
    seats = Seats(s.log).ensure(3)
    Seats(GameLog(store.path(gid))).taken(0, seats[0].token)  # the other phone, between this one's read and its write
    Stale(s.log, seats).taken(1, seats[1].token)
    assert Seats(s.log).on_phones() == {0, 1}


def test_a_phone_with_a_code_just_replaced_marks_nothing(tmp_path):
    """The phone found its seat by its code; the tablet reseated that seat before the phone said it was there: the
    new code is on no phone, and the tablet keeps offering that player's choices."""
    store = GameStore(tmp_path)
    gid, s = started_session(store, 3)
    seats = Seats(s.log).ensure(3)
    new = Seats(GameLog(store.path(gid))).reseat(1)  # the tablet, between the phone's find and its mark
    Stale(s.log, seats).taken(1, seats[1].token)
    assert Seats(s.log).all()[1] == new and Seats(s.log).on_phones() == set()


def test_two_tablets_answering_reseat_at_once_give_the_seat_one_new_code(tmp_path):
    store = GameStore(tmp_path)
    gid, s = started_session(store, 3)
    asked = Seats(s.log).ensure(3)[1].token  # the question, on both tablets
    first = Seats(GameLog(store.path(gid))).reseat(1, expected=asked)
    with pytest.raises(StaleGame, match="changed since the question was asked"):
        Seats(s.log).reseat(1, expected=asked)
    assert Seats(s.log).all()[1] == first


# --- a phone acts for its own seat only ------------------------------------------------------------
def test_a_phone_chooses_for_its_own_seat_only():
    g = started(3)
    g = do(g, type="play", player=1, card="city", seat=1)
    assert g.civs[1].played == ("city",)
    with pytest.raises(IllegalAction, match="Cathy's phone acts for Cathy only; Eric's choices are made on Eric's phone or on the tablet"):
        do(g, type="play", player=0, card="city", seat=1)
    with pytest.raises(IllegalAction, match="drawn at random on the tablet"):
        do(g, type="play", player=2, card="ship", random=True, seat=2)
    with pytest.raises(IllegalAction, match="that is done on the tablet"):
        do(g, type="pass-tablet", on=True, seat=0)
    with pytest.raises(IllegalAction, match="not one of this game's players"):
        do(g, type="play", player=0, card="city", seat=7)
    assert do(g, type="play", player=0, card="ship").civs[0].played == ("ship",)  # the tablet records anyone's


def test_a_phone_records_actions_on_its_players_turn_only(rulebook_text):
    quote(rulebook_text, "Going clockwise starting with the First Player, each player can activate some or all of their game pieces")
    g = started(3)
    for i, c in enumerate(("city", "city", "city")):
        g = do(g, type="play", player=i, card=c, seat=i)
    assert g.phase == "B" and g.acting == 0
    with pytest.raises(IllegalAction, match="It is Eric's turn to act"):
        do(g, type="act", player=1, action="city-growth", seat=1)
    with pytest.raises(IllegalAction, match="Only the player taking actions can end them"):
        do(g, type="end-turn", player=1, seat=1)
    with pytest.raises(IllegalAction, match="Cathy's phone acts for Cathy only"):
        do(g, type="end-turn", player=0, seat=1)
    g = do(g, type="end-turn", player=0, seat=0)
    assert g.acting == 1


def test_the_history_says_what_was_recorded_on_a_phone():
    g = started(2)
    assert describe({"type": "play", "player": 0, "card": "city", "seat": 0}, g) == "Eric plays a card face down (on their phone)"
    assert describe({"type": "change", "player": 0, "card": "ship", "seat": 0}, g) == "Eric changes their face-down card (on their phone)"
    assert "city" not in describe({"type": "change", "player": 0, "card": "city"}, g).lower()


# --- changing one's mind until the reveal ---------------------------------------------------------
def test_a_player_may_change_their_mind_until_the_reveal(rulebook_text):
    quote(rulebook_text, "Once all players have placed a face-down card in front of themselves, the cards are revealed simultaneously.")
    g = started(3)
    g = do(g, type="play", player=0, card="nomad", seat=0)
    changed = do(g, type="change", player=0, card="ship", seat=0)
    direct = do(started(3), type="play", player=0, card="ship", seat=0)
    assert changed.civs == direct.civs  # as if chosen in the first place: every pile in the same order
    assert public_view(changed, 1) == public_view(g, 1) and public_view(changed) == public_view(g)  # nobody else sees a difference
    assert "ship" not in " ".join(changed.notes).lower()
    with pytest.raises(IllegalAction, match="already the one"):
        do(changed, type="change", player=0, card="ship")
    with pytest.raises(IllegalAction, match="no card face down to change"):
        do(changed, type="change", player=1, card="city", seat=1)
    g = do(do(changed, type="play", player=1, card="city", seat=1), type="play", player=2, card="city", seat=2)
    assert g.phase == "B" and g.civs[0].played == ("ship",)  # revealed when the last seat has chosen
    assert "All cards are revealed: Eric Ship, Cathy City, Joanna City" in " ".join(g.notes)
    with pytest.raises(IllegalAction, match="only while it lies face down"):
        do(g, type="change", player=1, card="nomad", seat=1)


def test_a_card_drawn_at_random_stays_as_drawn(rulebook_text):
    quote(rulebook_text, "another player randomly draws a card from the slow player's hand for them to play this turn")
    g = do(started(3), type="play", player=2, card="city", random=True)
    with pytest.raises(IllegalAction, match="drawn at random \\(too slow\\): it stays"):
        do(g, type="change", player=2, card="ship", seat=2)


def declining(n: int = 3) -> Game:
    """Phase C of turn 1: Eric claimed a Trophy, each player owes one card."""
    from dataclasses import replace

    g = started(n)
    g = replace(g, phase="C", claimed_this_turn=(("ship", 0),), cards_owed=(1,) * n)
    return g


def test_a_face_down_card_into_decline_may_be_changed_until_all_have_placed(rulebook_text):
    quote(rulebook_text, "Once all of the players have placed their cards, these are turned over")
    g = declining()
    g = do(g, type="decline", player=0, card="nomad", seat=0)
    changed = do(g, type="change", player=0, card="city", seat=0)
    assert changed.civs == do(declining(), type="decline", player=0, card="city", seat=0).civs
    assert changed.face_down == ((0, "city"),)
    assert public_view(changed, 2) == public_view(g, 2)
    with pytest.raises(IllegalAction, match="hand or discard pile"):
        do(changed, type="change", player=0, card="temple", seat=0)
    g = do(do(changed, type="decline", player=1, card="ship", seat=1), type="decline", player=2, card="nomad", seat=2)
    assert g.phase != "C" and "city" in g.civs[0].decline


def test_purchases_in_order_when_a_player_asks(rulebook_text):
    quote(rulebook_text, "if any player feels that the resolution order is strategically important, then the player with the First "
                         "Player token makes their purchase first, followed by every other player going clockwise.")
    from dataclasses import replace

    g = started(3, first=1)
    civs = tuple(replace(c, decline=("temple",), reserve=tuple(x for x in c.reserve if x != "temple"), gold=20) for c in g.civs)
    g = replace(g, civs=civs, phase="D", claimed_this_turn=(("ship", 0),))
    assert sorted(g.to_move()) == [0, 1, 2]  # simultaneous by default
    g = do(g, type="purchase-in-order", seat=2)  # any player may ask
    assert g.to_move() == [1]
    with pytest.raises(IllegalAction, match="The purchases go in order: Cathy decides first"):
        do(g, type="buy", player=2, card="temple", seat=2)
    g = do(g, type="pass", player=1, seat=1)
    assert g.to_move() == [2]
    g = do(g, type="buy", player=2, card="temple", seat=2)
    assert g.to_move() == [0]


# --- random games with phones: several seats choose in any order --------------------------------
def seat_candidates(g: Game, rnd: random.Random) -> list[dict]:
    """What the table and the phones could tap now: every candidate of the tracker's random games,
    sent from the player's own phone or from the tablet, changes of mind, and a phone trying to act
    for another seat."""
    out = []
    for a in candidates(g):
        out.append(a)
        if "player" in a and not a.get("random"):
            out.append({**a, "seat": a["player"]})
            out.append({**a, "seat": (a["player"] + 1) % len(g.civs)})  # refused
    for i, c in enumerate(g.civs):
        if g.phase == "A" and c.played:
            out += [{"type": "change", "player": i, "card": x, "seat": i} for x in c.hand]
        if g.phase == "C":
            for j, was in g.face_down:
                if j == i:
                    out += [{"type": "change", "player": i, "card": x, "was": was, "seat": i} for x in c.active]
    if g.phase == "D" and not g.in_order:
        out.append({"type": "purchase-in-order", "seat": rnd.randrange(len(g.civs))})
    return out


def check_no_seat_sees_another(g: Game) -> None:
    """Nobody's hidden card appears in another seat's view (nor the tablet's) until the reveal:
    every view but the chooser's own is the same whichever card they placed face down."""
    for alt in _other_choices(g):
        differs = [i for i in range(len(g.civs)) if alt.civs[i] != g.civs[i]]
        for viewer in [None, *range(len(g.civs))]:
            if viewer in differs:
                continue
            assert public_view(alt, viewer) == public_view(g, viewer)


@settings(max_examples=examples(15, 200), deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(20, 90))
def test_random_games_with_phones_keep_every_secret(tmp_path_factory, n, rnd, steps):
    store = GameStore(tmp_path_factory.mktemp("games"))
    gid, s = started_session(store, n, rnd.randrange(n))
    g0 = s.state
    money = (g0.bank_gold, g0.bank_wood, g0.bank_stone)
    for step in range(steps):
        if s.state.phase == "over":
            break
        options = seat_candidates(s.state, rnd)
        rnd.shuffle(options)
        for a in options:
            before = s.state
            try:
                s.do(a)
            except IllegalAction:
                assert s.state is before  # refused: nothing changed
                continue
            if "seat" in a and a.get("type") != "purchase-in-order":
                assert a.get("player") == a["seat"]  # a phone never acted for another seat
            break
        else:
            pytest.fail(f"no legal action in phase {s.state.phase}")
        check_invariants(s.state, money)
        check_no_seat_sees_another(s.state)
        if rnd.random() < 0.15:
            before = s.state
            s.undo()
            check_no_seat_sees_another(s.state)
            s.redo()
            assert s.state == before  # undo then redo is the identity, across devices
    assert Session(store.open(gid), TrackerRules()).state == s.state  # every device replays the same
