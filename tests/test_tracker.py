"""The game tracker, stated as the rulebook states it."""

import random
from dataclasses import replace

import pytest
from conftest import quote
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.rules import PIECE_TYPES, load_rules
from companion.rise_and_fall.tracker import Game, TrackerRules, _pieces, _set, card_actions

R = TrackerRules()
NAMES = ["Eric", "Cathy", "Joanna"]


def do(game: Game, **action) -> Game:
    return R.apply(game, action)


def started(n: int = 3, first: int = 0) -> Game:
    """Set up, first pieces placed (no World given, so any space), phase A of turn 1."""
    g = do(R.initial(), type="setup", players=[{"name": NAMES[k] if k < 3 else "Dan", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])], first=first)
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
def candidates(g: Game) -> list[dict]:
    out = []
    for i in g.to_move():
        civ = g.civs[i]
        if g.phase == "A":
            out += [{"type": "play", "player": i, "card": c} for c in civ.hand]
        elif g.phase == "B":
            out.append({"type": "end-turn", "player": i})
            for spec in card_actions(g.acting_card):
                a = {"type": "act", "player": i, "action": spec["id"]}
                if "per" in spec:
                    a["count"] = 2
                if "per_count" in spec:
                    a["counts"] = {k: 1 for k in spec["per_count"]}
                if "convert" in spec:
                    for t in range(len(g.civs)):
                        out.append({**a, "target": t})
                    continue
                out.append(a)
        elif g.phase == "C":
            out += [{"type": "decline", "player": i, "card": c} for c in civ.active]
        elif g.phase == "D":
            out += [{"type": "buy", "player": i, "card": c} for c in civ.decline] + [{"type": "pass", "player": i}]
    return out


def legal(g: Game) -> list[dict]:
    ok = []
    for a in candidates(g):
        try:
            R.apply(g, a)
            ok.append(a)
        except IllegalAction:
            pass
    return ok


def check_invariants(g: Game, money: tuple[int, int, int]) -> None:
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


def started_session(store: GameStore, n: int, first: int = 0) -> tuple[str, Session]:
    """A game in its log: set up, the first pieces placed on any spaces, at phase A of turn 1."""
    gid, log = store.create("game", "random")
    s = Session(log, TrackerRules())
    s.do({"type": "setup", "players": [{"name": f"P{k}", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])], "first": first})
    k = 0
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": k, "r": 0})
        k += 1
    return gid, s


@settings(max_examples=25, deadline=None)
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
