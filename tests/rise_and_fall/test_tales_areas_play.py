"""The special areas during play, as the rulebook states them: each an action of the card played
(its condition on where a piece stands confirmed by the player, since the tracker knows no
positions), conversion ranges and protection, pieces laid down, the Merchants' two actions."""

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, card_actions
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.tales import in_play as TP
from rise_and_fall.test_tracker import acting, do, started


def game(*tales, version=TRACKER_VERSION):
    return replace(started(version=version), world_tales=tuple(tales))


def act(g, i, action, **more):
    return do(g, type="act", player=i, action=action, **more)


def test_only_the_tales_drawn_add_actions():
    for card in ("nomad", "city", "ship", "temple", "mountaineer", "merchant"):
        assert card_actions(card, (), ()) == card_actions(card)
    g = acting(game(12), 0, "nomad")
    with pytest.raises(IllegalAction, match="not an action of the Nomad card"):
        act(g, 0, "nomad-waterfall")  # no Waterfall in this World
    old = acting(game(12, version=4), 0, "ship")
    with pytest.raises(IllegalAction, match="not an action of the Ship card"):
        act(old, 0, "ship-treasure-gold")  # a version-4 game replays as it was written


def test_sunken_city_look_for_treasure(rulebook_text):
    quote(rulebook_text, "Ship Action — Look for Treasure: Condition: Be adjacent or on the Sunken City space. Effect: Gain 5 GP or 1 Wood or 1 Stone.")
    g = acting(game(12), 0, "ship", pieces={"ship": 3})
    labels = [s["label"] for s in card_actions("ship", (), TP.in_play(g))]
    assert "Look for Treasure: 5 GP (a Ship on or next to the Sunken City)" in labels
    g = act(g, 0, "ship-treasure-gold")
    g = act(g, 0, "ship-treasure-wood")
    g = act(g, 0, "ship-treasure-stone")
    assert (g.civs[0].gold, g.civs[0].wood, g.civs[0].stone) == (5, 1, 1)
    assert describe({"type": "act", "player": 0, "action": "ship-treasure-gold"}, g) == \
        "Eric: Look for Treasure: 5 GP (a Ship on or next to the Sunken City)"


def test_gigantic_cavern_city_for_free(rulebook_text):
    quote(rulebook_text, "Mountaineer Action — Construction: Condition: The Mountaineer must be on the Gigantic Cavern space. Effect: "
                         "Replace a Mountaineer on that space with a City for free.")
    g = acting(game(14), 0, "mountaineer", pieces={"mountaineer": 1})
    g = act(g, 0, "mountaineer-cavern-city")
    assert g.civs[0].count("city") == 2 and g.civs[0].count("mountaineer") == 0 and g.civs[0].gold == 0
    assert g.civs[0].where("mountaineer") == "reserve"


def test_waterfall_improved_production(rulebook_text):
    quote(rulebook_text, "Nomad / Mountaineer Action — Improved Production: Condition: Your Nomad or your Mountaineer must be in the "
                         "bottom space of the Waterfall. Effect: Gain 2 Wood.")
    g = act(acting(game(20), 0, "nomad"), 0, "nomad-waterfall")
    assert g.civs[0].wood == 2
    g = acting(game(20), 0, "mountaineer", pieces={"mountaineer": 1}, wood=4)
    with pytest.raises(IllegalAction, match="cannot possess more than 5 Wood"):
        act(g, 0, "mountaineer-waterfall")
    g = act(acting(game(20), 0, "mountaineer", pieces={"mountaineer": 1}), 0, "mountaineer-waterfall")
    assert g.civs[0].wood == 2


def test_doppelgangers_house_a_guild_card(rulebook_text):
    quote(rulebook_text, "Action - All Game Pieces — Use the Doppelganger's Ability: Condition: To be on the Doppelganger's House space "
                         "or an adjacent space (separated or not by a cliff). Cost: 10 GP. Effect: Draw three unused Guild cards.")
    quote(rulebook_text, "If, at any later point you wish to use the Doppelganger's House ability again, you will have to discard the "
                         "Guild card previously drawn before drawing 3 new cards.")
    g = acting(game(17), 0, "city", gold=25)
    g = _set_guilds(g, 1, ("collectors",))
    with pytest.raises(IllegalAction, match="not one in front of a player"):
        act(g, 0, "house-guild", drawn=["collectors", "miners", "farmers"], keep="miners")
    with pytest.raises(IllegalAction, match="Keep one of the three"):
        act(g, 0, "house-guild", drawn=["miners", "farmers", "druids"], keep="archivists")
    g = act(g, 0, "house-guild", drawn=["miners", "farmers", "druids"], keep="miners")
    assert g.civs[0].guilds == ("miners",) and g.civs[0].gold == 15 and g.tale_play.house == ((0, "miners"),)
    assert "keeps the Miners" in " ".join(g.notes)
    g = replace(g, activations=0)
    g = act(g, 0, "house-guild", drawn=["archivists", "farmers", "druids"], keep="archivists")
    assert g.civs[0].guilds == ("archivists",) and g.civs[0].gold == 5 and "discards the Miners" in " ".join(g.notes)
    with pytest.raises(IllegalAction, match="costs 10 GP"):
        act(replace(g, activations=0), 0, "house-guild", drawn=["miners", "farmers", "druids"], keep="miners")
    assert len(TP.unused_guilds(g)) == len(G.all_guilds()) - 2


def _set_guilds(g, i, guilds):
    from companion.rise_and_fall.play.tracker import _set

    return _set(g, i, replace(g.civs[i], guilds=guilds))


def test_lair_of_the_thieves_guild_resource_theft(rulebook_text):
    quote(rulebook_text, "Nomad Action — Resource Theft: Condition: The Nomad must be adjacent to an opposing City, not separated by "
                         "a cliff, and which has not already been stolen from by a Nomad owned by the same player on this turn.")
    g = acting(game(18), 0, "nomad", pieces={"nomad": 2})
    g = _set_guilds(g, 1, ())
    from companion.rise_and_fall.play.tracker import _set

    g = _set(g, 1, replace(g.civs[1], stone=2))
    g = act(g, 0, "nomad-lair-theft", target=1, resource="stone")
    assert g.civs[0].stone == 1 and g.civs[1].stone == 1
    with pytest.raises(IllegalAction, match="only be stolen from once"):
        act(g, 0, "nomad-lair-theft", target=1, resource="stone")  # Cathy has one City


def test_tower_of_the_alchemists(rulebook_text):
    quote(rulebook_text, "Action - All Game Pieces — Use the Alchemists' Ability: Condition: Your game piece must be on the Tower of "
                         "the Alchemists' space or on an adjacent space (separated by a cliff or not). Effect: Trade 1 Wood for 1 Stone "
                         "(or vice versa) with the bank.")
    for card in ("city", "ship", "nomad"):
        g = acting(game(21), 0, card, wood=1)
        g = act(g, 0, "alchemists-tower-stone")
        assert (g.civs[0].wood, g.civs[0].stone) == (0, 1)
    with pytest.raises(IllegalAction, match="costs 1 Stone"):
        act(acting(game(21), 0, "city"), 0, "alchemists-tower-wood")


def test_caravansary_two_different_actions_per_merchant(rulebook_text):
    quote(rulebook_text, "When playing the Merchant Civilization card, each Merchant, no matter where they are in the World, can "
                         "perform two different actions instead of one.")
    g = acting(game(22), 0, "merchant", pieces={"merchant": 2}, gold=30)
    g = do(g, type="caravansary", player=0)
    assert g.act_limit == 4 and g.tale_play.doubled
    with pytest.raises(IllegalAction, match="already performs two"):
        do(g, type="caravansary", player=0)
    g = act(g, 0, "merchant-buy-wood")
    g = act(g, 0, "merchant-buy-wood")
    with pytest.raises(IllegalAction, match="two different actions"):
        act(g, 0, "merchant-buy-wood")
    g = act(g, 0, "merchant-buy-stone")
    g = act(g, 0, "merchant-buy-stone")
    assert (g.civs[0].wood, g.civs[0].stone) == (2, 2)
    with pytest.raises(IllegalAction, match="Merchant Civilization card"):
        do(acting(game(22), 0, "city"), type="caravansary", player=0)
    with pytest.raises(IllegalAction, match="no Caravansary"):
        do(acting(game(12), 0, "merchant", pieces={"merchant": 1}), type="caravansary", player=0)


def test_monastery_converts_further_at_a_higher_cost(rulebook_text):
    quote(rulebook_text, "The conversion cost is doubled if the unit is 2 spaces away from the Temple.")
    quote(rulebook_text, "The conversion cost is tripled if the unit is 3 spaces away from the Temple.")
    g = acting(game(16), 0, "temple", pieces={"temple": 1}, gold=12)
    g = act(g, 0, "temple-convert-nomad", target=1, distance=3)  # 2 GP × 3
    assert g.civs[0].gold == 6 and g.civs[1].count("nomad") == 0
    g = replace(g, activations=0)
    g = act(g, 0, "temple-convert-nomad", target=2, distance=2)  # 2 GP × 2
    assert g.civs[0].gold == 2
    with pytest.raises(IllegalAction, match="a unit adjacent to it or, from a Temple adjacent to the Monastery, 2 or 3 spaces away"):
        act(replace(g, activations=0), 0, "temple-convert-nomad", target=1, distance=4)
    plain = acting(game(12), 0, "temple", pieces={"temple": 1}, gold=12)
    with pytest.raises(IllegalAction, match="converts a unit adjacent to it.$"):
        act(plain, 0, "temple-convert-nomad", target=1, distance=2)


def test_dolmens_protect_from_conversion(rulebook_text):
    quote(rulebook_text, "The Dolmens protect from conversion any game piece located 1 or 2 spaces away from the Dolmens (cliffs have no impact).")
    g = acting(game(10), 0, "temple", pieces={"temple": 1}, gold=12)
    with pytest.raises(IllegalAction, match=r"protect from conversion any game piece located 1 or 2 spaces away") as e:
        act(g, 0, "temple-convert-nomad", target=1, dolmens=True)
    assert e.value.rule == "dolmens"
    g = act(g, 0, "temple-convert-nomad", target=1)  # a unit farther away
    assert g.civs[0].count("nomad") == 2
    assert TP.dolmens_rule(g).startswith("The Dolmens protect")


def test_storm_peak_lays_pieces_down_until_a_later_turn(rulebook_text):
    quote(rulebook_text, "Any Nomad, Ship, or Merchant which enters a space adjacent to the Storm Peak stops its movement and is laid "
                         "down on its side. It won't be set standing back up at the end of the player's turn.")
    quote(rulebook_text, "The Mountaineers stop their movement when they enter a space adjacent to the Storm Peak, but they aren't laid down.")
    g = game(11)
    for i, card in enumerate(("nomad", "city", "city")):
        g = do(g, type="play", player=i, card=card)
    assert g.acting == 0
    g = do(g, type="lay-down", player=0, piece="nomad", count=1)
    with pytest.raises(IllegalAction, match="0 Nomads standing"):
        do(g, type="lay-down", player=0, piece="nomad", count=1)
    with pytest.raises(IllegalAction, match="aren't laid down"):
        do(g, type="lay-down", player=0, piece="mountaineer", count=1)
    g = do(g, type="end-turn", player=0)
    assert g.tale_play.laid == ((0, "nomad", 1),)  # still down after this turn
    assert describe({"type": "lay-down", "player": 0, "piece": "nomad", "count": 1}, g) == "Eric: 1 Nomad laid down by Storm Peak"
