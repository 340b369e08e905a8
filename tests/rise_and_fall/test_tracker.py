"""The game tracker, stated as the rulebook states it."""

import random
from dataclasses import replace

import pytest
from conftest import examples, quote
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.play.public import public_view
from companion.rise_and_fall.play.tracker import (
    TRACKER_VERSION,
    Game,
    TrackerRules,
    _pieces,
    _set,
    random_play,
)
from companion.rise_and_fall.randomplay import accepted, candidates, legal  # noqa: F401 (the other tests import them from here)

R = TrackerRules()
NAMES = ["Eric", "Cathy", "Joanna"]


def do(game: Game, **action) -> Game:
    return R.apply(game, action)


def started(n: int = 3, first: int = 0, version: int = TRACKER_VERSION) -> Game:
    """Set up, first pieces placed (no World given, so any space), phase A of turn 1."""
    g = do(R.initial(), type="setup", players=[{"name": NAMES[k] if k < 3 else "Dan", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])], first=first, tracker_version=version)
    k = 0
    while g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        g = do(g, type="place-first", player=i, piece=piece, q=k, r=0)
        k += 1
    return g


def acting(g: Game, i: int, card: str, pieces: dict | None = None, **treasury) -> Game:
    """Player i alone acts with ``card`` in phase B (other players' cards already done)."""
    civ = g.civs[i]
    for t, n in (pieces or {}).items():
        civ = _pieces(civ, t, n - civ.count(t))
    civ = replace(civ, **treasury)
    for t in PIECE_TYPES:  # cards where the pieces say they are
        where = civ.where(t)
        if civ.count(t) > 0 and where == "reserve":
            civ = replace(civ, reserve=tuple(c for c in civ.reserve if c != t), hand=civ.hand + (t,))
    civ = replace(civ, hand=tuple(c for c in civ.hand if c != card), played=(card,))
    g = _set(g, i, civ)
    return replace(g, phase="B", acting=i, acting_card=card, activations=0, act_limit=civ.count(card))


def test_setup_bank_and_reserve(rulebook_text):
    quote(rulebook_text, "In a 2-player game: remove 4 coins of 100 GP from the bank.")
    quote(rulebook_text, "Each player takes 1 Nomad, 1 City, and 1 Ship as well as the three corresponding Civilization cards (Nomad, City, Ship).")
    g = do(R.initial(), type="setup", players=[{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}], first=1)
    assert (g.bank_gold, g.bank_wood, g.bank_stone) == (512, 20, 20)
    assert sorted(g.civs[0].hand) == ["city", "nomad", "ship"]
    assert sorted(g.civs[0].reserve) == ["merchant", "mountaineer", "temple"]
    assert g.to_move() == [1]  # the First player places first
    g3 = do(R.initial(), type="setup", players=[{"name": n, "colour": c} for n, c in zip("ABC", ["red", "blue", "green"])])
    assert g3.bank_gold == 712


def test_first_pieces_follow_the_placement_rules(rulebook_text):
    quote(rulebook_text, "- Cities and Nomads cannot be placed in a Sea space or on a Glacier space.")
    world = {"format": "rise-and-fall/layout", "version": 1, "players": 2, "tiles": [
        {"tile": "starting-sea", "q": 0, "r": 0, "rotation": 0}, {"tile": "plains", "q": 1, "r": 0, "rotation": 0}]}
    g = do(R.initial(), type="setup", players=[{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}], world=world)
    with pytest.raises(IllegalAction, match="Ships must be placed on a Sea space"):
        do(g, type="place-first", player=0, piece="ship", q=1, r=0)
    with pytest.raises(IllegalAction, match="cannot be placed in a Sea space"):
        do(g, type="place-first", player=0, piece="city", q=2, r=0)
    with pytest.raises(IllegalAction, match="turn to place"):
        do(g, type="place-first", player=1, piece="city", q=1, r=0)
    g = do(g, type="place-first", player=0, piece="city", q=1, r=0)
    with pytest.raises(IllegalAction, match="One game piece per space"):
        do(g, type="place-first", player=1, piece="nomad", q=1, r=0)
    assert g.to_move() == [1]  # clockwise


def test_eric_loses_his_last_ship(rulebook_text):
    quote(rulebook_text, "Example: Using his only Ship, Eric builds a City. The Ship is removed from the World. He now no longer has a Ship in the World, and must thus place his Ship card into his reserve.")
    g = acting(started(), 0, "ship", stone=1)
    g = do(g, type="act", player=0, action="ship-city")
    eric = g.civs[0]
    assert eric.count("ship") == 0 and eric.count("city") == 2 and eric.stone == 0
    assert eric.where("ship") == "reserve"
    assert g.bank_stone == 21


def test_cathy_builds_her_first_temple(rulebook_text):
    quote(rulebook_text, "Example: Cathy builds her first Temple. She takes the Temple card from her reserve and adds it to her hand.")
    g = acting(started(), 1, "nomad", stone=2)
    assert g.civs[1].where("temple") == "reserve"
    g = do(g, type="act", player=1, action="nomad-temple")
    assert g.civs[1].where("temple") == "hand" and g.civs[1].count("temple") == 1


def test_a_card_in_decline_stays_there(rulebook_text):
    quote(rulebook_text, "On a later turn, she loses her last Ship (Joanna converts it using her Temple), but her Ship card remains in the Decline zone and doesn't return to her reserve.")
    g = started()
    cathy = g.civs[1]
    g = _set(g, 1, replace(cathy, hand=tuple(c for c in cathy.hand if c != "ship"), decline=("ship",)))
    g = acting(g, 2, "temple", pieces={"temple": 1}, gold=5)
    g = do(g, type="act", player=2, action="temple-convert-ship", target=1)
    assert g.civs[1].count("ship") == 0 and g.civs[1].where("ship") == "decline"
    assert g.civs[2].count("ship") == 2 and g.civs[2].gold == 0


def test_joanna_does_not_recover_a_declined_temple(rulebook_text):
    quote(rulebook_text, "Example: Joanna builds her second Temple, but her Temple card is in Decline. She doesn't recover her card despite the fact that she now controls 2 Temples.")
    g = started()
    jo = _pieces(g.civs[2], "temple", 1)
    g = _set(g, 2, replace(jo, reserve=tuple(c for c in jo.reserve if c != "temple"), decline=("temple",)))
    g = acting(g, 2, "nomad", pieces={"nomad": 1}, stone=2)
    g = do(g, type="act", player=2, action="nomad-temple")
    assert g.civs[2].count("temple") == 2 and g.civs[2].where("temple") == "decline"


def test_impossible_actions_are_refused_and_change_nothing(rulebook_text):
    quote(rulebook_text, "At any time during the game, a player cannot possess more than 5 Wood and 5 Stones.")
    g = acting(started(), 0, "nomad", wood=5)
    with pytest.raises(IllegalAction, match="more than 5 Wood"):
        do(g, type="act", player=0, action="nomad-wood")
    with pytest.raises(IllegalAction, match="costs 2 Stone"):
        do(g, type="act", player=0, action="nomad-temple")
    with pytest.raises(IllegalAction, match="turn to act"):
        do(g, type="act", player=1, action="nomad-wood")
    g2 = acting(started(), 0, "city", gold=1)
    with pytest.raises(IllegalAction, match="costs 2 GP"):
        do(g2, type="act", player=0, action="city-merchant")
    # a sixth Ship: all five are in the World already
    g3 = acting(started(), 0, "nomad", pieces={"ship": 5}, wood=1)
    with pytest.raises(IllegalAction, match="no Ship left in the reserve"):
        do(g3, type="act", player=0, action="nomad-ship")
    with pytest.raises(IllegalAction, match="only play a card from their hand"):
        do(started(), type="play", player=0, card="temple")


def test_each_piece_acts_once():
    g = acting(started(), 0, "city")
    g = do(g, type="act", player=0, action="city-tax-plains")
    with pytest.raises(IllegalAction, match="acts once per turn"):
        do(g, type="act", player=0, action="city-tax-plains")


def test_the_bank_pays_what_it_has(rulebook_text):
    quote(rulebook_text, "then the bank pays the most it can pay, with the difference being lost.")
    g = replace(acting(started(), 0, "city"), bank_gold=1)
    g = do(g, type="act", player=0, action="city-tax-forest")
    assert g.civs[0].gold == 1 and g.bank_gold == 0


def play_turn(g: Game, cards: list[str]) -> Game:
    for i, c in enumerate(cards):
        g = do(g, type="play", player=i, card=c)
    return g


def test_a_trophy_a_decline_phase_and_a_purchase(rulebook_text):
    quote(rulebook_text, "Otherwise, each player must place one face-down card per Trophy claimed this turn from their hand or their discard pile into the communal decline zone, including the player(s) who claimed Trophie(s).")
    g = started()
    # Eric has 4 of his 5 Ships; his Nomad builds the fifth.
    eric = _pieces(g.civs[0], "ship", 3)
    g = _set(g, 0, replace(eric, wood=1, gold=10))
    g = play_turn(g, ["nomad", "city", "city"])
    assert g.phase == "B" and g.acting == 0
    g = do(g, type="act", player=0, action="nomad-ship")
    assert g.civs[0].trophies == ("ship",)
    assert g.civs[0].where("nomad") == "reserve"  # his only Nomad became the Ship
    g = do(g, type="end-turn", player=0)
    for i in (1, 2):
        g = do(g, type="act", player=i, action="city-tax-plains")
        g = do(g, type="end-turn", player=i)
    assert g.phase == "C" and sorted(g.to_move()) == [0, 1, 2]
    g = do(g, type="decline", player=0, card="ship")
    g = do(g, type="decline", player=1, card="nomad")
    g = do(g, type="decline", player=2, card="ship")
    assert g.phase == "D" and g.decline_price == 5  # 'First Decline: The purchase price of a card is 5 GP.'
    g = do(g, type="buy", player=0, card="ship")
    assert g.civs[0].where("ship") == "hand" and g.civs[0].gold == 5
    with pytest.raises(IllegalAction, match="single card"):
        do(g, type="buy", player=0, card="ship")
    with pytest.raises(IllegalAction, match="costs 5 GP"):
        do(g, type="buy", player=1, card="nomad")  # Cathy has 2 GP
    g = do(g, type="pass", player=1)
    g = do(g, type="pass", player=2)
    assert g.phase == "A" and g.turn == 2


def test_recycling_passes_the_first_player_token(rulebook_text):
    quote(rulebook_text, "Note: the First Player token is passed to the player to the left of the current First Player, even if multiple players Recycle.")
    g = started(first=1)
    for t in range(3):
        cards = [g.civs[i].hand[0] for i in range(3)]
        g = play_turn(g, cards)
        while g.phase == "B":
            g = do(g, type="end-turn", player=g.acting)
        while g.phase == "D":
            g = do(g, type="pass", player=g.to_move()[0])
    # three cards each, one played per turn: after the third turn every hand is empty and all recycle
    assert g.first == 2 and all(len(c.hand) == 3 for c in g.civs)


def test_extinction_when_no_card_in_hand(rulebook_text):
    quote(rulebook_text, "If, during a phase A - Play a Civilization card, a player has no cards in their hand, their Civilization goes extinct.")
    g = started()
    cathy = g.civs[1]
    g = _set(g, 1, replace(cathy, hand=(), decline=cathy.hand, gold=3))
    g = TrackerRules()._check_hands(g, [])
    assert g.civs[1].extinct and g.civs[1].gold == 0 and all(n == 0 for _, n in g.civs[1].pieces)


def test_game_ends_at_the_trophy_target():
    g = started()
    civs = list(g.civs)
    civs[0] = replace(civs[0], trophies=("nomad", "city", "temple"))
    g = replace(g, civs=tuple(civs))
    eric = _pieces(g.civs[0], "ship", 3)
    g = _set(g, 0, replace(eric, wood=1))
    g = play_turn(g, ["nomad", "city", "city"])
    g = do(g, type="act", player=0, action="nomad-ship")
    g = do(g, type="end-turn", player=0)
    for i in (1, 2):
        g = do(g, type="end-turn", player=i)
    for i in range(3):
        g = do(g, type="decline", player=i, card=g.civs[i].active[0])
    for i in range(3):
        g = do(g, type="pass", player=i) if g.civs[i].active else g
    assert g.phase == "over"


# --- random legal games, invariants after every step ---------------------------------------------
def check_invariants(g: Game, money: tuple[int, int, int], secrets: bool = True) -> None:
    """What holds after every step of any game; ``secrets``: the table's view keeps every card face down (the
    costliest check: a test of another subject over thousands of steps asks it at some of them)."""
    owned = load_rules().pieces_per_player
    assert sum(owned.values()) == 33
    for c in g.civs:
        cards = c.hand + c.discard + c.reserve + c.decline + c.played
        assert sorted(cards) == sorted(PIECE_TYPES), c  # six cards, each in exactly one state
        for t in PIECE_TYPES:
            assert 0 <= c.count(t) <= owned[t]  # World + reserve = what the player owns
            if c.count(t) == 0 and not c.extinct:
                assert c.where(t) in ("reserve", "decline"), (t, c)
            if c.count(t) > 0:
                assert c.where(t) != "reserve", (t, c)
        assert 0 <= c.wood <= 5 and 0 <= c.stone <= 5 and c.gold >= 0
    trophies = [t for c in g.civs for t in c.trophies]
    assert len(trophies) == len(set(trophies))
    assert g.bank_gold + sum(c.gold for c in g.civs) <= money[0]
    assert g.bank_wood + sum(c.wood for c in g.civs) == money[1]
    assert g.bank_stone + sum(c.stone for c in g.civs) == money[2]
    if secrets:
        check_secrets(g)


def _other_choices(g: Game) -> list[Game]:
    """The same game but for one card a player placed face down, for every such card and every
    card it could have been instead."""
    out = []
    for i, c in enumerate(g.civs):
        if g.phase == "A" and c.played:
            for other in c.hand:
                out.append(_set(g, i, replace(c, hand=tuple(x if x != other else c.played[0] for x in c.hand), played=(other,))))
        if g.phase == "C":
            for j, card in g.face_down:
                if j != i:
                    continue
                for pile in ("hand", "discard"):
                    for other in getattr(c, pile):
                        swapped = replace(
                            c, decline=tuple(other if x == card else x for x in c.decline),
                            **{pile: tuple(card if x == other else x for x in getattr(c, pile))},
                        )
                        fd = tuple((k, other if (k, x) == (i, card) else x) for k, x in g.face_down)
                        out.append(replace(_set(g, i, swapped), face_down=fd))
    return out


def check_secrets(g: Game) -> None:
    """The table's view never tells a card placed face down: it is the same whichever card it was.
    Each player's own view does show their own card."""
    table = public_view(g)
    for alt in _other_choices(g):
        assert public_view(alt) == table
    for i, c in enumerate(g.civs):
        own = public_view(g, viewer=i).civs[i]
        assert own.played == c.played and own.hand == c.hand and own.decline == c.decline
        if table.civs[i].face_down:
            assert table.civs[i].played == () and not set(table.civs[i].decline) & {x for j, x in g.face_down if j == i}


def started_session(store: GameStore, n: int, first: int = 0) -> tuple[str, Session]:
    """A game in its log: set up, the first pieces placed on any spaces, at phase A of turn 1."""
    gid, log = store.create("game", "random")
    s = Session(log, TrackerRules())
    s.do({"type": "setup", "players": [{"name": f"P{k}", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])], "first": first,
          "tracker_version": TRACKER_VERSION})
    k = 0
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": k, "r": 0})
        k += 1
    return gid, s


@settings(max_examples=examples(12, 100), deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(20, 120))
def test_random_legal_games_keep_every_invariant(tmp_path_factory, n, rnd, steps):
    store = GameStore(tmp_path_factory.mktemp("games"))
    gid, s = started_session(store, n, rnd.randrange(n))
    g0 = s.state
    money = (g0.bank_gold, g0.bank_wood, g0.bank_stone)
    for step in range(steps):
        if s.state.phase == "over":
            break
        options = legal(s.state)
        assert options, f"no legal action in phase {s.state.phase}"
        s.do(rnd.choice(options))
        check_invariants(s.state, money)
        if step % 7 == 0:
            before = s.state
            s.undo()
            s.redo()
            assert s.state == before  # undo then redo is the identity
    replayed = Session(store.open(gid), TrackerRules()).state
    assert replayed == s.state  # replaying the log gives the same state


def test_random_games_reach_trophies_and_the_end():
    rnd = random.Random(5)
    ended = 0
    for game in range(6):
        g = started(3, first=game % 3)
        for _ in range(3000):
            if g.phase == "over":
                ended += 1
                break
            opts = legal(g)
            acts = [a for a in opts if a["type"] == "act"]
            g = R.apply(g, rnd.choice(acts if acts and rnd.random() < 0.85 else opts))
            check_secrets(g)
    assert ended >= 1


def test_yan_activates_his_nomads_one_by_one(rulebook_text):
    quote(rulebook_text, "the 3rd produces Wood, the 4th produces Stone, the 5th builds a City using the two resources which have just been produced, and the 6th does nothing.")
    g = acting(started(), 0, "nomad", pieces={"nomad": 6})
    for action in ("nomad-wood", "nomad-stone", "nomad-city"):
        g = do(g, type="act", player=0, action=action)
    yan = g.civs[0]
    assert (yan.wood, yan.stone) == (0, 0)
    assert yan.count("nomad") == 5 and yan.count("city") == 2
    assert g.activations == 3 and g.act_limit == 6  # two moved (nothing to record), one does nothing
    g = do(g, type="end-turn", player=0)
    assert g.civs[0].where("nomad") == "discard"


# --- counts capped by what the World can hold -----------------------------------------------------
def test_a_tithe_counts_at_most_the_players_pieces_other_than_temples(rulebook_text):
    quote(rulebook_text, "Effect: Gain 2 GP for each game piece of your color adjacent to the Temple, other than another Temple (Temples do not pay each other Tithes).")
    g = acting(started(), 2, "temple", pieces={"temple": 2, "nomad": 2, "city": 1, "ship": 0})
    # Joanna: 2 Nomads and 1 City in the World besides her Temples
    with pytest.raises(IllegalAction, match="Tithe counts at most 3 now, since Joanna has 3 pieces in the World other than Temples; 4 is too many") as e:
        do(g, type="act", player=2, action="temple-tithe", count=4)
    assert e.value.rule == "count-limit"
    g = do(g, type="act", player=2, action="temple-tithe", count=3)
    assert g.civs[2].gold == 6


def test_a_merchant_trades_with_at_most_the_cities_of_each_side(rulebook_text):
    quote(rulebook_text, "Effect: The player gains 5 GP for each adjacent opposing City, and 3 GP for each adjacent allied City.")
    g = acting(started(), 0, "merchant", pieces={"merchant": 1, "city": 2})
    # Eric has 2 Cities; Cathy and Joanna 1 each
    with pytest.raises(IllegalAction, match="at most 2 your Cities adjacent now, since Eric has 2 Cities in the World; 3 is too many"):
        do(g, type="act", player=0, action="merchant-trade", counts={"opposing Cities adjacent": 2, "your Cities adjacent": 3})
    with pytest.raises(IllegalAction, match="at most 2 opposing Cities adjacent now, since the other players have 2 Cities in the World"):
        do(g, type="act", player=0, action="merchant-trade", counts={"opposing Cities adjacent": 3, "your Cities adjacent": 0})
    g = do(g, type="act", player=0, action="merchant-trade", counts={"opposing Cities adjacent": 2, "your Cities adjacent": 2})
    assert g.civs[0].gold == 16  # 'In this case, it gains a total of 16 GP.'


def test_a_ships_trade_counts_at_most_the_cities_in_the_world(rulebook_text):
    quote(rulebook_text, "Effect: Gain 3 GP for each coastal City (allied or opposing) adjacent to the Sea Region in which the Ship is located.")
    quote(rulebook_text, "Example: The Red Ship occupies a Sea Region bordered by 4 coastal Cities. This Ship will thus gain 12 GP each time it performs a \"Trade\" action.")
    g = acting(started(), 1, "ship", pieces={"city": 2})
    with pytest.raises(IllegalAction, match="Trade counts at most 4 now, since there are 4 Cities in the World; 5 is too many"):
        do(g, type="act", player=1, action="ship-trade", count=5)
    g = do(g, type="act", player=1, action="ship-trade", count=4)
    assert g.civs[1].gold == 12


def test_a_version_1_game_replays_its_counts_uncapped():
    g = acting(started(version=1), 1, "ship")
    assert do(g, type="act", player=1, action="ship-trade", count=9).civs[1].gold == 27


# --- phase D, setup, extinction ----------------------------------------------------------------------
def test_phase_d_with_an_empty_decline_zone_needs_no_tap(rulebook_text):
    quote(rulebook_text, "During this phase, each player has an opportunity to purchase one of their Civilization cards in Decline.")
    g = play_turn(started(), ["nomad", "city", "city"])
    for _ in range(3):
        g = do(g, type="end-turn", player=g.acting)
    assert g.phase == "A" and g.turn == 2  # no Trophy, nothing in Decline: straight on to the next turn
    assert "The Decline zone is empty: there is no card to buy back." in g.notes
    # a version 1 game keeps the taps its log holds
    old = play_turn(started(version=1), ["nomad", "city", "city"])
    for _ in range(3):
        old = do(old, type="end-turn", player=old.acting)
    assert old.phase == "D" and len(old.to_move()) == 3


def test_in_phase_d_only_players_with_a_card_in_decline_are_asked():
    g = started()
    g = _set(g, 1, replace(g.civs[1], hand=("nomad", "city"), decline=("ship",)))
    g = play_turn(g, ["nomad", "city", "city"])
    for _ in range(3):
        g = do(g, type="end-turn", player=g.acting)
    assert g.phase == "D" and g.to_move() == [1]
    g = do(g, type="pass", player=1)
    assert g.phase == "A"


def test_the_setup_message_names_the_piece_placed():
    g = do(R.initial(), type="setup", players=[{"name": "Cy", "colour": "red"}, {"name": "Di", "colour": "blue"}], tracker_version=TRACKER_VERSION)
    g = do(g, type="place-first", player=0, piece="nomad", q=0, r=0)
    assert g.notes == ("Cy placed a Nomad.",)


def test_an_extinct_player_has_lost_the_game(rulebook_text):
    quote(rulebook_text, "That player has lost the game.")
    g = started()
    cathy = g.civs[1]
    notes: list[str] = []
    g = _set(g, 1, replace(cathy, hand=(), decline=cathy.hand))
    g = TrackerRules()._check_hands(g, notes)
    assert g.civs[1].extinct and "That player has lost the game" in " ".join(notes)


# --- secrets: face down until all have chosen ------------------------------------------------------
def test_a_played_card_is_face_down_until_every_player_has_chosen(rulebook_text):
    from companion.rise_and_fall.play.public import public_view

    quote(rulebook_text, "Once all players have placed a face-down card in front of themselves, the cards are revealed simultaneously.")
    base = started()
    a = do(base, type="play", player=0, card="city")
    b = do(base, type="play", player=0, card="ship")
    assert public_view(a) == public_view(b)  # the table cannot tell which card Eric played
    eric = public_view(a).civs[0]
    assert eric.face_down == 1 and eric.played == () and eric.hand == () and eric.among == ("nomad", "city", "ship")
    assert public_view(a, viewer=0).civs[0].played == ("city",)  # Eric sees his own card
    assert public_view(a, viewer=1) == public_view(b, viewer=1)
    g = do(do(a, type="play", player=1, card="nomad"), type="play", player=2, card="ship")
    assert g.phase == "B" and public_view(g).civs[0].played == ("city",)
    assert g.notes[0] == "All cards are revealed: Eric City, Cathy Nomad, Joanna Ship. Phase B: players act in turn from the First player."


def test_a_slow_players_card_is_drawn_at_random_and_kept_in_the_log(rulebook_text):
    from companion.rise_and_fall.play.public import describe, public_view

    quote(rulebook_text, "If the slow player hasn't played a card after these three seconds, another player randomly draws a card from the slow player's hand for them to play this turn")
    g = play_turn(started(), ["city", "nomad"])
    action = random_play(g, 2, random.Random(3))
    assert action["random"] is True and action["card"] in g.civs[2].hand
    g2 = do(g, **action)
    assert g2.phase == "B"  # she was the last to choose: all cards are revealed at once
    assert f"Joanna {action['card'].title()} (drawn at random)" in g2.notes[-1]
    assert describe(action, g2) == "Joanna was too slow: a card drawn at random, face down"
    # a slow player who is not the last: the note names no card
    g3 = do(started(), **random_play(started(), 0, random.Random(1)))
    assert g3.notes == ("Eric was too slow: a card is drawn at random from their hand and placed face down.",)
    assert not any(c.title() in " ".join(g3.notes) for c in PIECE_TYPES)
    assert public_view(g3).civs[0].face_down == 1
    with pytest.raises(IllegalAction, match="drawn at random or chosen"):
        do(started(), type="play", player=0, card="city", random="yes")


def test_cards_placed_in_decline_are_face_down_until_all_have_placed_them(rulebook_text):
    from companion.rise_and_fall.play.public import public_view

    quote(rulebook_text, "Once all of the players have placed their cards, these are turned over and spread-out face-up in the Decline zone of the Trophy board, so that the upper part of the Civilization card can be seen by all.")
    g = started()
    eric = _pieces(g.civs[0], "ship", 3)
    g = _set(g, 0, replace(eric, wood=1, gold=10))
    g = play_turn(g, ["nomad", "city", "city"])
    g = do(g, type="act", player=0, action="nomad-ship")
    for _ in range(3):
        g = do(g, type="end-turn", player=g.acting)
    assert g.phase == "C"
    a = do(g, type="decline", player=1, card="nomad")
    b = do(g, type="decline", player=1, card="ship")
    assert public_view(a) == public_view(b)
    cathy = public_view(a).civs[1]
    assert cathy.face_down == 1 and cathy.face_down_where == "decline" and cathy.decline == ()
    assert public_view(a, viewer=1).civs[1].decline == ("nomad",)
    a = do(a, type="decline", player=0, card="ship")
    a = do(a, type="decline", player=2, card="ship")
    assert a.phase == "D" and a.face_down == ()
    assert "The cards placed in Decline are turned over: Cathy Nomad, Eric Ship, Joanna Ship." in a.notes
    assert public_view(a).civs[1].decline == ("nomad",)


def test_pass_the_tablet_is_the_tables_choice_kept_in_the_game():
    g = do(R.initial(), type="setup", players=[{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}], pass_tablet=True)
    assert g.pass_tablet
    g = do(g, type="pass-tablet", on=False)
    assert not g.pass_tablet
    with pytest.raises(IllegalAction, match="already off"):
        do(g, type="pass-tablet", on=False)
    with pytest.raises(IllegalAction, match="on or off"):
        do(g, type="pass-tablet", on="yes")


def test_when_every_civilization_is_extinct_the_game_ends_with_no_winner(rulebook_text):
    """The rulebook does not say what happens when no Civilization is left; no card can be played and
    no Trophy claimed, so the game ends there, every player having lost it."""
    from companion.rise_and_fall.scoring.endgame import EntryRules, from_tracker
    from companion.rise_and_fall.scoring.scoring import NO_WINNER, scorepad_text
    from companion.rise_and_fall.screens.scores_screen import scorepad_html

    quote(rulebook_text, "If you no longer have any active cards, you MUST purchase a card in Decline. If you don't have enough in "
                         "your Treasury to do so, your Civilization is extinct and disappears from the World")
    quote(rulebook_text, "That player has lost the game.")
    g = started()
    civs = []
    for c in g.civs:  # a Decline phase in which each player places their last active card, with no GP to buy one back
        last = c.hand[0]
        civs.append(replace(c, hand=(last,), discard=(), played=(), reserve=(), decline=tuple(t for t in PIECE_TYPES if t != last), gold=0))
    civs[0] = replace(civs[0], trophies=("nomad",))
    g = replace(g, civs=tuple(civs), phase="C", cards_owed=(1, 1, 1))
    for i in range(3):
        assert g.phase == "C"
        g = do(g, type="decline", player=i, card=g.civs[i].hand[0])
    assert all(c.extinct for c in g.civs) and g.phase == "over" and g.to_move() == []
    assert "Every Civilization is extinct: no one is left to play a card, so the game ends." in " ".join(g.notes)
    assert public_view(g).ending == "Every Civilization is extinct: the game is over, with no winner."
    with pytest.raises(IllegalAction):
        do(g, type="play", player=0, card="city")
    entry = EntryRules().apply(EntryRules().initial(), from_tracker(g))
    s = entry.fast_score()
    assert s.winners == [] and s.verdict == NO_WINNER and NO_WINNER in scorepad_text(s) and NO_WINNER in scorepad_html(s)
    assert s.player(g.civs[0].name).trophies > 0  # their Trophies still count in their column
