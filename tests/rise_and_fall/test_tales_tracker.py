"""The Tale pieces and buildings in the game tracker, as the rulebook states them: one test per
Tale with actions (the Dragon, the Capital, the Majestic Bridge, the Banks, the Ports, the
Cathedral, the Floating Cities), the Extra Trophies, and a tracked game's end carried to its scoring."""

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.rise_and_fall.play.public import describe, public_view
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, Game, _set, card_actions
from companion.rise_and_fall.scoring.endgame import EntryRules, from_tracker
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.tales import pieces as TP
from rise_and_fall.test_tracker import NAMES, R, do
from rise_and_fall.test_tracker import acting as acting_first


def tale_world(drawn, n: int = 3) -> dict:
    return {"format": "rise-and-fall/layout", "version": 1, "players": n, "tiles": [], "tales": list(drawn)}


def tale_game(drawn, n: int = 3, version: int = TRACKER_VERSION, trophies_to_end: int = 4) -> Game:
    """Set up on a World with these Tales (no tiles: any space), first pieces placed, phase A of turn 1."""
    g = do(R.initial(), type="setup", players=[{"name": NAMES[k] if k < 3 else "Dan", "colour": c}
                                                for k, c in zip(range(n), ["red", "yellow", "green", "blue"])],
           tracker_version=version, world=tale_world(drawn, n), trophies_to_end=trophies_to_end)
    k = 0
    while g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        g = do(g, type="place-first", player=i, piece=piece, q=k, r=0)
        k += 1
    return g


def acting(g: Game, i: int, card: str, pieces: dict | None = None, **treasury) -> Game:
    """Player i acts with ``card`` in phase B; a card they played before goes to the discard pile first."""
    civ = g.civs[i]
    if civ.played:
        g = _set(g, i, replace(civ, played=(), discard=civ.discard + civ.played))
    return acting_first(g, i, card, pieces, **treasury)


def act(g: Game, i: int, action: str, **more) -> Game:
    return do(g, type="act", player=i, action=action, **more)


def ids(g: Game, i: int, card: str) -> list[str]:
    return [s["id"] for s in TP.actions(g, i, card)]


def text(n: int) -> str:
    from companion.rise_and_fall.variants.tales.tales import tale

    return tale(n).text


# --- the data and the version ------------------------------------------------------------------
def test_every_tale_action_is_data_with_the_rulebooks_words(rulebook_text):
    for n in (1, 4, 5, 6, 7, 8, 9):
        quote(rulebook_text, text(n).splitlines()[1])
    g = tale_game([1, 4, 5, 6, 7, 8, 9], n=4)
    assert g.tales.drawn == (1, 4, 5, 6, 7, 8, 9)
    for card in ("nomad", "city", "ship", "temple", "mountaineer", "merchant"):
        for spec in TP.actions(g, 0, card):
            assert spec["id"].startswith("tale-") and spec["label"] and spec["do"] in TP.EFFECTS
            assert spec["id"] not in {s["id"] for s in card_actions(card)}


def test_a_game_without_tales_or_of_an_older_version_has_no_tale_pieces():
    assert tale_game([]).tales is None
    assert tale_game([2, 3, 10]).tales is None  # the Creatures' events and the special areas are not pieces to build
    old = tale_game([1, 4], version=3)
    assert old.tales is None and old.world_tales == (1, 4)  # an old log replays as then: the Tales at the scoring only
    g = acting(old, 0, "city", pieces={"city": 4})
    with pytest.raises(IllegalAction, match="not an action of the City card"):
        act(g, 0, "tale-capital")


# --- one test per Tale ---------------------------------------------------------------------------
def test_dragon_hunt(rulebook_text):
    quote(rulebook_text, "Nomad / Ship / Mountaineer / Merchant Action — Dragon Hunt: Condition: Control three units of the same type "
                         "adjacent to the Dragon (including through a cliff) and play the Civilization card corresponding to these units. "
                         "Effect: The three units perform no other action(s) on their turn. The player removes the Dragon from the World "
                         "and claims the Dragon Trophy, which is worth 20 VP.")
    g = tale_game([1, 4, 6])
    assert g.tales.total("dragon") == 1  # placed at the end of the deployment phase
    for card in ("nomad", "ship", "mountaineer", "merchant"):
        assert f"tale-dragon-hunt-{card}" in ids(g, 0, card)
    assert not [s for s in TP.actions(g, 0, "city") if s["do"] == "dragon-hunt"]
    with pytest.raises(IllegalAction, match="uses 3 Nomads that have not acted this turn; 2 have not"):
        act(acting(g, 0, "nomad", pieces={"nomad": 2}), 0, "tale-dragon-hunt-nomad")
    g = acting(g, 0, "nomad", pieces={"nomad": 4})
    g = act(g, 0, "tale-dragon-hunt-nomad")
    assert g.activations == 3 and g.civs[0].count("nomad") == 4  # the hunters stay where they are
    assert g.tales.total("dragon") == 0 and g.tales.trophies_of(0) == (1,)
    assert any("claims the Dragon Trophy (20 VP)" in n for n in g.notes)
    with pytest.raises(IllegalAction, match="uses 3 Nomads that have not acted this turn; 1 have not"):
        act(g, 0, "tale-dragon-hunt-nomad")
    g = act(g, 0, "nomad-wood")  # the fourth Nomad still acts
    again = replace(g, activations=0)
    with pytest.raises(IllegalAction, match="The Dragon is no longer in the World"):
        act(again, 0, "tale-dragon-hunt-nomad")


def test_constructing_the_capital(rulebook_text):
    quote(rulebook_text, "City Action — Constructing the Capital: Condition: Control 4 adjacent Cities. Effect: The 4 Cities take no "
                         "other action(s) for the turn. Remove the Cities and place the Capital on one of the spaces previously occupied.")
    quote(rulebook_text, "There's only one Capital in the game, so the first player to build it is the only one to control it.")
    quote(rulebook_text, "Each time that player plays their City Civilization card, they activate their Capital: the Capital can "
                         "perform 2 actions from the City card (identical or different). The Capital cannot be activated on the turn in "
                         "which it is built.")
    quote(rulebook_text, "For Trade and Taxes actions of Ships, Merchants, and Temple, the Capital counts as a normal City.")
    g0 = tale_game([4])
    with pytest.raises(IllegalAction, match="uses 4 Cities that have not acted this turn; 3 have not"):
        act(acting(g0, 0, "city", pieces={"city": 3}), 0, "tale-capital")
    g = act(acting(g0, 0, "city", pieces={"city": 5}), 0, "tale-capital")
    assert g.civs[0].count("city") == 1 and g.tales.owner("capital") == 0 and g.tales.trophies_of(0) == (4,)
    assert g.activations == 4 and g.act_limit == 5  # not activated on the turn it is built: the fifth City acts alone
    g = act(g, 0, "city-tax-plains")
    with pytest.raises(IllegalAction, match="all 5 have acted"):
        act(g, 0, "city-tax-plains")
    # the next time City is played, the Capital performs 2 City actions
    later = R._next_actor(replace(g, acting=None, phase="B", civs=tuple(replace(c, played=("city",) if k == 0 else ()) for k, c in enumerate(g.civs))), [])
    assert later.acting == 0 and later.act_limit == 1 + 2
    # only one Capital in the game
    other = acting(g, 1, "city", pieces={"city": 4})
    with pytest.raises(IllegalAction, match="There's only one Capital in the game: Eric controls it"):
        act(other, 1, "tale-capital")
    # the Capital counts as a City for a Ship's trade and a Merchant's
    trade = acting(g, 1, "ship", pieces={"ship": 1})
    with pytest.raises(IllegalAction, match="counts at most 4 now, since there are 3 Cities in the World, and the Capital counts as a City"):
        act(trade, 1, "ship-trade", count=5)
    assert act(trade, 1, "ship-trade", count=4).civs[1].gold == 12
    merchant = acting(g, 1, "merchant", pieces={"merchant": 1})
    assert act(merchant, 1, "merchant-trade", counts={"opposing Cities adjacent": 2, "your Cities adjacent": 1}).civs[1].gold == 13


def test_the_majestic_bridge(rulebook_text):
    quote(rulebook_text, "Nomad Action — Constructing the Bridge: Condition: Have 2 Nomads on two spaces of a same terrain type "
                         "(2 Plains, 2 Forests, or 2 Mountains) which are separated by an empty Sea space")
    for line in ("- Building between two Plains: 4 Stones.", "- Building between two Forests: 4 Wood.",
                 "- Building between two Mountains: 5 Wood.",
                 "Effect: The player returns the two Nomads to their Reserve and places the bridge over the Sea space linking the two "
                 "spaces where the Nomads were located."):
        quote(rulebook_text, line)
    g0 = tale_game([5])
    costs = {s["id"]: s["cost"] for s in TP.actions(g0, 0, "nomad")}
    assert costs == {"tale-bridge-plains": {"stone": 4}, "tale-bridge-forest": {"wood": 4}, "tale-bridge-mountain": {"wood": 5}}
    g = acting(g0, 0, "nomad", pieces={"nomad": 3}, wood=5, stone=3)
    with pytest.raises(IllegalAction, match="costs 4 Stone; Eric has 3 Stone"):
        act(g, 0, "tale-bridge-plains")
    g = act(g, 0, "tale-bridge-mountain")
    assert (g.civs[0].wood, g.bank_wood, g.civs[0].count("nomad")) == (0, 25, 1)
    assert g.tales.total("bridge") == 1 and g.tales.trophies_of(0) == (5,)
    with pytest.raises(IllegalAction, match="already built"):
        act(acting(g, 1, "nomad", pieces={"nomad": 2}, stone=4), 1, "tale-bridge-plains")


def test_the_banks_and_the_rulebooks_example(rulebook_text):
    quote(rulebook_text, "Setup: At the beginning of the game, each player has a Bank of their color in their reserve.")
    quote(rulebook_text, "Cost: 2 Stones, 1 Wood, 5 GP, as well as 5 extra GP for each Bank already present in the World. Meaning that "
                         "the first Bank costs (in addition to the 2 Stones and the Wood) 5 GP, the second 10 GP, the third 15 GP, etc. "
                         "Effect: Replace the Nomad with the Bank.")
    quote(rulebook_text, "Example: A player activates the Increase Taxes action for one of their Cities in a Plain. They control a bank, "
                         "as do two other players. The player thus gains 2 + 3x2 = 8 GP.")
    g = tale_game([6])
    paid = []
    for i in range(3):
        g = acting(g, i, "nomad", pieces={"nomad": 2}, wood=1, stone=2, gold=20)
        before = g.civs[i].gold
        g = act(g, i, "tale-bank")
        paid.append(before - g.civs[i].gold)
        assert g.civs[i].count("nomad") == 1 and g.tales.count(i, "bank") == 1
    assert paid == [5, 10, 15]
    with pytest.raises(IllegalAction, match="no Bank left in the reserve"):
        act(acting(g, 0, "nomad", pieces={"nomad": 2}, wood=1, stone=2, gold=30), 0, "tale-bank")
    city = acting(g, 0, "city", pieces={"city": 3}, gold=0)
    assert act(city, 0, "tale-bank-taxes-plains").civs[0].gold == 8  # 2 + 3 x 2
    assert act(city, 0, "tale-bank-taxes-mountain").civs[0].gold == 4
    assert act(city, 0, "tale-bank-taxes-forest").civs[0].gold == 12
    no_bank = tale_game([6])
    with pytest.raises(IllegalAction, match="Increase Taxes needs a Bank"):
        act(acting(no_bank, 0, "city"), 0, "tale-bank-taxes-plains")


def test_the_ports(rulebook_text):
    quote(rulebook_text, "Ship Action — Constructing a Port: Condition: Be adjacent to at least one Plains space. Cost: 2 Stones and 1 "
                         "Wood. Effect: Remove the Ship, and replace it with a Port.")
    quote(rulebook_text, "Port Action — Constructing a Ship: Condition: The Port's space must not already contain a Ship. Cost: 1 Wood. "
                         "Effect: Place a Ship in the Port's Sea space, this Ship can also be activated with the same Civilization card "
                         "(it can be activated on the same turn it was constructed).")
    quote(rulebook_text, "Port Action — Trade with Ships and Ports: Gain 4 GP per Ship and Port in the same Sea Region as your Port.")
    quote(rulebook_text, "In the same way, if a player loses their last Ship in play, they return their Ship Civilization card to their "
                         "reserve, even if they still control a Port.")
    g = tale_game([7])
    g = acting(g, 0, "ship", pieces={"ship": 1}, wood=2, stone=2)
    g = act(g, 0, "tale-port-ship")
    assert g.tales.count(0, "port") == 1 and g.civs[0].count("ship") == 0
    assert g.civs[0].where("ship") == "reserve"  # the last Ship: the card goes back, the Port stands
    g = act(g, 0, "tale-port-build-ship")  # the Port still acts with the Ship card played
    assert g.civs[0].count("ship") == 1 and g.civs[0].wood == 0 and g.act_limit == 2
    with pytest.raises(IllegalAction, match="already performed its action this turn"):
        act(g, 0, "tale-port-trade", count=1)
    g = act(g, 0, "ship-trade", count=1)  # the new Ship acts with the same card
    trade = acting(tale_game([7]), 0, "ship", pieces={"ship": 2})
    trade = replace(trade, tales=TP.with_building(trade.tales, 0, "port", 1))
    with pytest.raises(IllegalAction, match="counts at most 5"):
        act(trade, 0, "tale-port-trade", count=6)  # 2 + 1 + 1 Ships and a Port in the World
    assert act(trade, 0, "tale-port-trade", count=4).civs[0].gold == 16
    assert act(trade, 0, "tale-port-trade", count=4).activations == 0  # the Port acts, not a Ship
    nomad = acting(tale_game([7]), 1, "nomad", pieces={"nomad": 1}, wood=1, stone=2)
    nomad = act(nomad, 1, "tale-port-nomad")
    assert nomad.tales.count(1, "port") == 1 and nomad.civs[1].count("nomad") == 0
    with pytest.raises(IllegalAction, match="has no Port in the World"):
        act(acting(tale_game([7]), 0, "ship", wood=1), 0, "tale-port-build-ship")


def test_the_cathedral(rulebook_text):
    quote(rulebook_text, "Temple Action — Constructing the Cathedral: Condition: Have your 3 Temples present in the World while the "
                         "Cathedral hasn't been constructed yet. Cost: 5 Stones and 3 Wood. Effect: Replace one of the 3 Temples with the "
                         "Cathedral.")
    quote(rulebook_text, "The Cathedral cannot be activated on the turn it is constructed.")
    quote(rulebook_text, "End of Game – Scoring: The player controlling the Cathedral at the end of the game gains 15 VP.")
    g0 = tale_game([8])
    with pytest.raises(IllegalAction, match="needs your 3 Temples in the World; Eric has 2"):
        act(acting(g0, 0, "temple", pieces={"temple": 2}, wood=3, stone=5), 0, "tale-cathedral")
    g = act(acting(g0, 0, "temple", pieces={"temple": 3}, wood=3, stone=5), 0, "tale-cathedral")
    assert g.civs[0].count("temple") == 2 and g.tales.owner("cathedral") == 0 and (g.civs[0].wood, g.civs[0].stone) == (0, 0)
    assert g.act_limit == 3  # not activated on the turn it is built
    later = R._next_actor(replace(g, acting=None, civs=tuple(replace(c, played=("temple",) if k == 0 else ()) for k, c in enumerate(g.civs))), [])
    assert later.act_limit == 2 + 1  # two Temples and the Cathedral
    with pytest.raises(IllegalAction, match="There's only one Cathedral in the game: Eric controls it"):
        act(acting(g, 1, "temple", pieces={"temple": 3}, wood=3, stone=5), 1, "tale-cathedral")
    assert TP.scoring(g, 0) == {"cathedral": True} and TP.scoring(g, 1) == {}


def test_the_floating_cities(rulebook_text):
    quote(rulebook_text, "Configuration: At the beginning of the game, place in the general reserve as many Floating Cities tiles as "
                         "there are players plus one.")
    quote(rulebook_text, "Trophy: When the last Floating City tile is placed in the World, the player with the most Floating Cities gains "
                         "the corresponding Trophy, which is worth 20 VP at the end of the game. In case of a tie, no one gets it.")
    quote(rulebook_text, "You need to have at least one City remaining in your reserve. Cost: 4 Wood.")

    def build(g: Game, i: int) -> Game:
        return act(acting(g, i, "nomad", pieces={"nomad": 1}, wood=4), i, "tale-floating-city")

    g = tale_game([9], n=2)
    assert TP.available(g.tales, 0, "floating-city", 2) == 3
    g = build(g, 0)
    assert g.civs[0].count("city") == 2 and g.civs[0].count("nomad") == 0 and g.tales.count(0, "floating-city") == 1
    assert (g.civs[0].wood, g.bank_wood) == (0, 24)
    with pytest.raises(IllegalAction, match="no City left in the reserve"):
        act(acting(g, 1, "nomad", pieces={"nomad": 1, "city": 8}, wood=4), 1, "tale-floating-city")
    g = build(g, 1)
    assert g.tales.trophies == ()
    g = build(g, 0)  # the last tile: Eric has 2, Cathy 1
    assert g.tales.trophies_of(0) == (9,) and TP.available(g.tales, 1, "floating-city", 2) == 0
    with pytest.raises(IllegalAction, match="Every Floating City tile is already in the World"):
        build(g, 1)
    tie = tale_game([9], n=3)
    for i in (0, 0, 1, 1):  # 4 tiles for 3 players: Eric 2, Cathy 2
        tie = build(tie, i)
    assert tie.tales.trophies == () and tie.claimed == 0
    assert any("Eric and Cathy tie with 2 each, so no one gets the Trophy" in n for n in tie.notes)


# --- Extra Trophies ---------------------------------------------------------------------------------
def test_an_extra_trophy_moves_a_normal_one_aside_and_the_game_keeps_its_length(rulebook_text):
    quote(rulebook_text, "When a player earns one of these Trophies, they must take one of the unclaimed \"normal\" Trophies, and place "
                         "it next to the board. This Trophy is still available, but this allows to move up the Trophies to record the "
                         "total number of Trophies won and indicate the price to purchase cards in Decline.")
    quote(rulebook_text, "No matter how many Trophies are added by Tales, the length of the game remains the same as in the basic game")
    quote(rulebook_text, "Decline Phase: As with the basic Trophies, when a Trophy from a Tale is earned, all players must place a card in "
                         "the Decline zone (including the player who earned the Trophy).")
    g = tale_game([1, 4], trophies_to_end=4)
    g = replace(g, civs=tuple(replace(c, trophies=("nomad",) if k == 1 else ()) for k, c in enumerate(g.civs)))
    assert g.claimed == 1 and g.decline_price == 5
    g = act(acting(g, 0, "nomad", pieces={"nomad": 3}), 0, "tale-dragon-hunt-nomad")
    assert g.claimed == 2 and g.decline_price == 10  # counted with the normal Trophies
    assert TP.set_aside(g) == ("city",)  # the first unclaimed normal Trophy, still available
    assert any("The unclaimed City Trophy is placed next to the board: it is still available" in n for n in g.notes)
    g = do(g, type="end-turn", player=0)
    assert g.phase == "C" and g.cards_owed == (1, 1, 1)  # every player places a card into Decline, the hunter too
    # the set-aside City Trophy can still be claimed; the next unclaimed one goes beside the board
    won = act(acting(g, 2, "nomad", pieces={"nomad": 1, "city": 7}, wood=1, stone=1), 2, "nomad-city")
    assert won.civs[2].trophies == ("city",) and TP.set_aside(won) == ("ship",) and won.claimed == 3
    # the game ends at the Trophies chosen at Setup, Tale Trophies counted: 4 of the 8 available
    end = act(acting(won, 0, "city", pieces={"city": 4}), 0, "tale-capital")
    assert end.claimed == 4
    end = do(end, type="end-turn", player=0)
    while end.phase == "C":
        i = end.to_move()[0]
        end = do(end, type="decline", player=i, card=end.civs[i].active[0])
    while end.phase == "D":
        end = do(end, type="pass", player=end.to_move()[0])
    assert end.phase == "over"


def test_a_tracked_games_end_carries_the_tale_trophies_and_the_cathedral_into_its_scoring():
    g = tale_game([1, 8])
    g = act(acting(g, 0, "nomad", pieces={"nomad": 3}), 0, "tale-dragon-hunt-nomad")
    g = act(acting(g, 1, "temple", pieces={"temple": 3}, wood=3, stone=5), 1, "tale-cathedral")
    start = from_tracker(g)
    books = {p["name"]: (p.get("tale_trophies"), p.get("cathedral")) for p in start["players"]}
    assert books == {"Eric": ([1], None), "Cathy": (None, True), "Joanna": (None, None)}
    entry = EntryRules().apply(EntryRules().initial(), start)
    assert [p.tale_trophies for p in entry.players] == [[1], [], []] and [p.cathedral for p in entry.players] == [False, True, False]
    assert "tale_trophies" not in str(from_tracker(tale_game([])))


def test_the_history_and_the_screens_name_the_tale_actions():
    g = tale_game([1, 6])
    assert describe({"type": "act", "player": 0, "action": "tale-bank"}, g) == "Eric: Constructing a Bank"
    v = public_view(g)
    assert v.tales == g.tales and "The Dragon is in the World." in v.tale_lines
    assert public_view(tale_game([])).tales is None


def test_an_extinct_civilization_takes_its_tale_buildings_out_of_the_world(rulebook_text):
    quote(rulebook_text, "Immediately remove all of the pieces from that Civilization from the World.")
    quote(rulebook_text, "If a Cathedral is destroyed, its Tale card is returned to play and it can be constructed again elsewhere in the "
                         "world, or in the same space, by any player.")
    from companion.rise_and_fall.play.tracker import _extinct

    g = tale_game([4, 6, 8])
    g = act(acting(g, 0, "city", pieces={"city": 4}), 0, "tale-capital")
    g = act(acting(g, 0, "temple", pieces={"temple": 3}, wood=3, stone=5), 0, "tale-cathedral")
    g = act(acting(g, 0, "nomad", pieces={"nomad": 1}, wood=1, stone=2, gold=5), 0, "tale-bank")
    notes: list[str] = []
    g = _extinct(g, 0, notes, "has no card in hand in phase A")
    assert (g.tales.count(0, "capital"), g.tales.count(0, "cathedral"), g.tales.count(0, "bank")) == (0, 0, 0)
    assert notes[-1] == "Eric's Capital, Bank, Cathedral leave the World too."
    assert g.tales.trophies_of(0) == (4,)  # the Trophy still counts
    assert act(acting(g, 1, "temple", pieces={"temple": 3}, wood=3, stone=5), 1, "tale-cathedral").tales.owner("cathedral") == 1
    with pytest.raises(IllegalAction, match="There's only one Capital in the game: Eric built it"):
        act(acting(g, 1, "city", pieces={"city": 4}), 1, "tale-capital")
