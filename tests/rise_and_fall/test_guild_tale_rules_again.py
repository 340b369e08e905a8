"""The Guild and Tale rules checked again against the rulebook, through the tracker's actions and the
position checks as a script drives them: each test quotes its sentence and checks the rule id refused."""

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.hexgrid import neighbours
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, Game, _pieces, _set
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, problems
from companion.rise_and_fall.scoring.scoring import score
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.world import top_terrain
from rise_and_fall.test_tales_events import event, to_recycling
from rise_and_fall.test_tales_tracker import tale_game
from rise_and_fall.test_tracker import R, acting, do, started


def holding(g: Game, i: int, *guilds: str) -> Game:
    return replace(_set(g, i, replace(g.civs[i], guilds=guilds)), levels=("normal",) * len(g.civs))


def act(g: Game, i: int, action: str, **more) -> Game:
    return do(g, type="act", player=i, action=action, **more)


def refused(rule: str, g: Game, **action) -> str:
    """The sentence of a refused action, checked to carry ``rule``."""
    with pytest.raises(IllegalAction) as e:
        do(g, **action)
    assert e.value.rule == rule, (e.value.rule, str(e.value))
    return str(e.value)


# --- Lumberjacks and Miners at 4 ------------------------------------------------------------------
@pytest.mark.parametrize(("gid", "action", "res", "card_text"), [
    ("lumberjacks", "nomad-wood", "wood", "Each of your Nomads can produce 2 Wood when they are located on a Forest space."),
    ("miners", "nomad-stone", "stone", "Your Nomads can produce two stones when they are on a Mountain."),
])
def test_the_guild_gives_a_power_and_keeps_the_ordinary_production(rulebook_text, gid, action, res, card_text):
    quote(rulebook_text, card_text)
    quote(rulebook_text, "At any time during the game, a player cannot possess more than 5 Wood and 5 Stones.")
    g = acting(holding(started(), 0, gid), 0, "nomad", pieces={"nomad": 2}, **{res: 4})
    said = refused("treasury-limit", g, type="act", player=0, action=action)
    assert f"Eric has 4 {res.title()}" in said and "would make 6" in said
    assert f"open: Produce {res.title()} (Nomad in a" in said and f"(action '{action}-ordinary')" in said
    g = act(g, 0, f"{action}-ordinary")  # the ordinary 1 reaches the limit of 5
    assert getattr(g.civs[0], res) == 5
    at_5 = refused("treasury-limit", g, type="act", player=0, action=f"{action}-ordinary")
    assert "Eric has 5" in at_5
    # the Guild's own production, below the limit, still gives 2; a player without the Guild has no 'ordinary' twin
    assert getattr(act(acting(holding(started(), 0, gid), 0, "nomad"), 0, action).civs[0], res) == 2
    assert all(not s["id"].endswith(G.ORDINARY) for s in G.card_actions("nomad"))
    at_5_both = acting(holding(started(), 0, gid), 0, "nomad", **{res: 5})
    assert "is not open either" in refused("treasury-limit", at_5_both, type="act", player=0, action=action)


# --- the creatures' first Space -------------------------------------------------------------------
@pytest.fixture(scope="module")
def two_seas():
    """A 3-player World with the Leviathan and the Water Elemental and two Sea Regions of different sizes. Eric's Ship on
    the largest, the three Cities on the coast of the second, so that the largest Region and the most coastal Cities differ."""
    lay = generate_with_tales(3, 2, (2, 3)).to_dict()
    g = do(R.initial(), type="setup", players=[{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"),
                                                                                   ("Joanna", "green"))],
           first=0, world=lay, tracker_version=TRACKER_VERSION)
    largest, seven = F.sea_regions(g)[:2]
    assert len(largest) > len(seven) >= 2
    terrain = top_terrain(g.tiles)
    coast = [s for s in sorted(terrain) if terrain[s] in ("plains", "forest") and any(n in seven for n in neighbours(s))
             and not any(n in largest for n in neighbours(s))]
    inland = [s for s in sorted(terrain) if terrain[s] in ("plains", "forest") and s not in coast
              and not any(terrain.get(n) == "sea" for n in neighbours(s))]
    ships = [largest[0], seven[0], seven[1]]
    while g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        s = {"ship": ships, "city": coast, "nomad": inland}[piece].pop(0)
        g = do(g, type="place-first", player=i, piece=piece, q=s[0], r=s[1])
    return g, largest, seven


def test_the_leviathan_goes_on_an_empty_space_of_the_largest_sea_region(two_seas, rulebook_text):
    quote(rulebook_text, "The last player to place their third game piece during the deployment phase also places the Leviathan on an "
                         "empty space of their choice on the largest Sea Region (in case of a tie, they choose which tied Region).")
    g, largest, seven = two_seas
    said = refused("leviathan-setup", g, type="place-creature", piece="leviathan", q=seven[3][0], r=seven[3][1])
    assert said.endswith(f"that Space's Sea Region has {len(seven)} spaces, and one has {len(largest)}.")
    said = refused("leviathan-setup", g, type="place-creature", piece="leviathan", q=largest[0][0], r=largest[0][1])
    assert said.endswith("that Space holds Eric's Ship.")
    assert largest[0] not in F.setup_spaces(g, "leviathan") and set(F.setup_spaces(g, "leviathan")) <= set(largest)
    g = do(g, type="place-creature", piece="leviathan", q=largest[1][0], r=largest[1][1])
    assert F.where(g, "leviathan") == largest[1]
    # a log of version 6 replays as it was written: the Leviathan stood where the table put it
    old = replace(two_seas[0], tracker_version=6)
    assert F.where(do(old, type="place-creature", piece="leviathan", q=seven[3][0], r=seven[3][1]), "leviathan") == seven[3]


def test_the_water_elemental_goes_in_the_sea_region_with_the_most_coastal_cities(two_seas, rulebook_text):
    quote(rulebook_text, "The last player to place their third game piece during the deployment phase also places the Water Elemental "
                         "on a free space of their choice in the Sea Region which has the most coastal Cities (in case of tie, they "
                         "choose the region).")
    g, largest, seven = two_seas
    assert F.coastal_cities(g, seven) == 3 and F.coastal_cities(g, largest) == 0
    said = refused("water-elemental-setup", g, type="place-creature", piece="water-elemental", q=largest[2][0], r=largest[2][1])
    assert said.endswith("that Space's Sea Region has 0 coastal Cities, and one has 3.")
    said = refused("water-elemental-setup", g, type="place-creature", piece="water-elemental", q=seven[0][0], r=seven[0][1])
    assert "that Space holds Cathy's Ship" in said
    g = do(g, type="place-creature", piece="water-elemental", q=seven[3][0], r=seven[3][1])
    assert F.where(g, "water-elemental") == seven[3]


def test_the_leviathan_does_not_move_with_no_ship_in_the_world(two_seas, rulebook_text):
    quote(rulebook_text, "If there are no Ships in the World, the Leviathan doesn't move.")
    g, largest, _ = two_seas
    g = do(g, type="place-creature", piece="leviathan", q=largest[1][0], r=largest[1][1])
    g = do(g, type="place-creature", piece="water-elemental", q=two_seas[2][3][0], r=two_seas[2][3][1])
    g = to_recycling(g)
    assert g.tale_play.events[0] == 2
    no_ships = g
    for i in range(3):
        no_ships = _set(no_ships, i, _pieces(no_ships.civs[i], "ship", -no_ships.civs[i].count("ship")))
    said = refused("leviathan-stays", no_ships, type="fantastic-event", tale=2, player=no_ships.first, to=list(largest[4]))
    assert said.startswith("If there are no Ships in the World, the Leviathan doesn't move.")
    stays = event(no_ships, 2)
    assert F.where(stays, "leviathan") == largest[1]
    # with a Ship in the World it moves (here onto Cathy's Ship, which it destroys)
    moved = event(g, 2, destroyed={"1": {"ship": 1}}, to=list(two_seas[2][0]))
    assert F.where(moved, "leviathan") == two_seas[2][0]


# --- nothing stops on a Creature's space ----------------------------------------------------------
def test_no_piece_stops_on_a_creatures_space_in_a_position_file(rulebook_text):
    quote(rulebook_text, "It is possible to move through a space occupied by a Creature. However, no other game piece can stop on "
                         "that space")
    terrain = {(0, 0): "sea", (1, 0): "sea", (2, 0): "sea", (0, 1): "plains"}
    players = [PlayerState("Red", 0), PlayerState("Blue", 0)]
    ships = [Piece((0, 0), "Red", "ship"), Piece((0, 1), "Blue", "nomad")]
    fine = Position(terrain, players, ships, creatures={"leviathan": (2, 0)})
    assert problems(fine) == [] and score(fine)
    on_it = Position(terrain, players, ships + [Piece((2, 0), "Blue", "ship")], creatures={"leviathan": (2, 0)})
    found = problems(on_it)
    assert len(found) == 1 and found[0].startswith("Piece 2 (Blue ship at 2,0): it stands on the Leviathan's space.")
    assert found[0].rule == "creature-space"


# --- a destroyed Cathedral ------------------------------------------------------------------------
def test_a_destroyed_cathedral_returns_to_play_for_any_player(rulebook_text):
    quote(rulebook_text, "If a Cathedral is destroyed, its Tale card is returned to play and it can be constructed again elsewhere in "
                         "the world, or in the same space, by any player.")
    quote(rulebook_text, "Fantastic Event: The Dragon destroys all game pieces which are in spaces adjacent to it")
    g = tale_game([1, 8])
    g = act(acting(g, 0, "temple", pieces={"temple": 3}, wood=3, stone=5), 0, "tale-cathedral")
    assert g.tales.owner("cathedral") == 0
    # back to phase A, then to the Recycling phase where the Dragon's event waits
    g = replace(g, phase="A", acting=None, acting_card=None, civs=tuple(replace(c, played=(), hand=c.hand + c.played) for c in g.civs))
    g = to_recycling(g)
    assert g.tale_play.events == (1,)
    said = refused("event-pieces", g, type="fantastic-event", tale=1, player=g.first, destroyed={"1": {"cathedral": 1}})
    assert "Cathy controls no Cathedral" in said
    g = event(g, 1, destroyed={"0": {"cathedral": 1, "temple": 1}})
    assert g.tales.owner("cathedral") is None and g.civs[0].count("temple") == 1
    assert any("Tale card is returned to play: any player may construct it again" in n for n in g.notes)
    # Cathy builds it now
    g = act(acting(g, 1, "temple", pieces={"temple": 3}, wood=3, stone=5), 1, "tale-cathedral")
    assert g.tales.owner("cathedral") == 1
    # the Leviathan destroys Ships only: a Cathedral is not named there
    lev = to_recycling(tale_game([2, 8]))
    assert refused("event-pieces", lev, type="fantastic-event", tale=2, player=lev.first, destroyed={"0": {"cathedral": 1}}) == (
        "The pieces destroyed are Nomads, Cities, Ships, Mountaineers, Temples or Merchants.")


# --- the Psy-Monks' range -------------------------------------------------------------------------
def test_psy_monks_convert_at_2_spaces_at_the_normal_price(rulebook_text):
    quote(rulebook_text, "Psy-Monks — Conversion Action: Your Temples have a range of 2 spaces for conversion actions.")
    quote(rulebook_text, "The conversion cost is doubled if the unit is 2 spaces away from the Temple.")
    g = acting(holding(started(), 0, "psy-monks"), 0, "temple", pieces={"temple": 2}, gold=12)
    g = act(g, 0, "temple-convert-nomad", target=1, distance=2)
    assert g.civs[0].gold == 10 and g.civs[0].count("nomad") == 2  # 2 GP, the normal price
    said = refused("conversion-range", g, type="act", player=0, action="temple-convert-nomad", target=2, distance=3)
    assert said == "A Temple converts a unit adjacent to it or up to 2 spaces away at the normal price (the Psy-Monks' range)."
    # next to the Monastery: 2 spaces at the normal price (the Psy-Monks), 3 at triple (the Monastery)
    monks = acting(holding(replace(started(), world_tales=(16,)), 0, "psy-monks"), 0, "temple", pieces={"temple": 2}, gold=12)
    g = act(monks, 0, "temple-convert-nomad", target=1, distance=2)
    assert g.civs[0].gold == 10
    g = act(g, 0, "temple-convert-nomad", target=2, distance=3)
    assert g.civs[0].gold == 4
    said = refused("conversion-range", replace(g, activations=0), type="act", player=0, action="temple-convert-nomad", target=1,
                   distance=4)
    assert said.endswith("(the Psy-Monks' range) or, from a Temple adjacent to the Monastery, 3 spaces away.")
    # without the Guild, 2 spaces is refused (no Monastery) or doubled (the Monastery); a version-6 log as written
    plain = acting(started(), 0, "temple", pieces={"temple": 1}, gold=12)
    assert refused("conversion-range", plain, type="act", player=0, action="temple-convert-nomad", target=1, distance=2)
    old = acting(holding(replace(started(version=6), world_tales=(16,)), 0, "psy-monks"), 0, "temple", pieces={"temple": 1}, gold=12)
    assert act(old, 0, "temple-convert-nomad", target=1, distance=2).civs[0].gold == 8


# --- a conversion's 'on' --------------------------------------------------------------------------
def test_a_conversion_says_where_the_unit_stands_when_a_rule_depends_on_it(rulebook_text):
    quote(rulebook_text, "A Temple cannot convert a game piece with a special ability which would be in an illegal position after "
                         "being converted.")
    g = acting(holding(started(), 1, "aquanauts"), 0, "temple", pieces={"temple": 1}, gold=10)
    said = refused("conversion-on", g, type="act", player=0, action="temple-convert-nomad", target=1)
    assert said.startswith("Say where the Nomad of Cathy stands ('on'): Cathy's Nomads may stand on sea, Eric's may not")
    assert act(g, 0, "temple-convert-nomad", target=1, on="plains").civs[0].count("nomad") == 2
    # no rule depends on it: a Nomad of a player without the Aquanauts, or a Ship
    assert act(acting(started(), 0, "temple", pieces={"temple": 1}, gold=10), 0, "temple-convert-nomad", target=1).civs[1].count("nomad") == 0
    both = holding(holding(started(), 1, "aquanauts"), 0, "aquanauts")
    assert act(acting(both, 0, "temple", pieces={"temple": 1}, gold=10), 0, "temple-convert-nomad", target=1).civs[0].count("nomad") == 2
    # a log of version 6 replays as written
    old = acting(holding(started(version=6), 1, "aquanauts"), 0, "temple", pieces={"temple": 1}, gold=10)
    assert act(old, 0, "temple-convert-nomad", target=1).civs[0].count("nomad") == 2


def test_the_event_panel_offers_the_cathedral_it_destroys():
    from companion.rise_and_fall.screens.tale_panels import EventPanel
    from companion.rise_and_fall.world.views import WorldStyle

    g = tale_game([1, 8])
    g = act(acting(g, 0, "temple", pieces={"temple": 3}, wood=3, stone=5), 0, "tale-cathedral")
    g = replace(g, phase="A", acting=None, acting_card=None, civs=tuple(replace(c, played=(), hand=c.hand + c.played) for c in g.civs))
    g = to_recycling(g)
    sent = []
    panel = EventPanel(lambda: g, lambda a: sent.append(a) or True, WorldStyle())
    panel.refresh()
    box = panel.steppers[("destroyed", 0, "cathedral")]
    assert box.max == 1 and "Eric's Cathedrals destroyed" in box.description
    box.value = 1
    assert panel.action()["destroyed"] == {"0": {"cathedral": 1}}
    assert do(g, **panel.action()).tales.owner("cathedral") is None


def test_the_screens_offer_the_psy_monks_range():
    import random

    from companion.rise_and_fall.screens.tale_panels import TalePlay

    g = acting(holding(started(), 0, "psy-monks"), 0, "temple", pieces={"temple": 1}, gold=12)
    panel = TalePlay(lambda: g, lambda a: True, lambda a: True, random.Random(), lambda: None)
    panel.controls(0, "temple")
    assert list(panel.distance.options) == [("Adjacent", 1), ("2 spaces (the Psy-Monks' range: normal cost)", 2)]
    panel.distance.value = 2
    sent = panel.amend({"type": "act", "player": 0, "action": "temple-convert-nomad", "target": 1})
    assert act(g, 0, **{k: v for k, v in sent.items() if k not in ("type", "player", "action")}, action=sent["action"]).civs[0].gold == 10
    monks = acting(holding(replace(started(), world_tales=(16,)), 0, "psy-monks"), 0, "temple", pieces={"temple": 1}, gold=12)
    panel = TalePlay(lambda: monks, lambda a: True, lambda a: True, random.Random(), lambda: None)
    panel.controls(0, "temple")
    assert [label for label, _ in panel.distance.options][1:] == ["2 spaces (the Psy-Monks' range: normal cost)",
                                                                  "3 spaces (Temple next to the Monastery: cost ×3)"]


def test_no_piece_stops_on_a_creatures_space_in_the_end_of_game_entry(rulebook_text):
    quote(rulebook_text, "It is possible to move through a space occupied by a Creature. However, no other game piece can stop on "
                         "that space")
    from companion.rise_and_fall.scoring.endgame import EntryRules

    lay = generate_with_tales(2, 2, (2,)).to_dict()
    from companion.rise_and_fall.world.layout import parse

    terrain = top_terrain(parse(lay, "w").tiles)
    sea = [s for s in sorted(terrain) if terrain[s] == "sea"]
    rules = EntryRules()
    e = rules.apply(rules.initial(), {"type": "start", "world": lay, "colours": ["red", "blue"],
                                      "players": [{"name": n, "gold": 0, "trophies": [], "decline": []} for n in ("Red", "Blue")],
                                      "creatures": [{"piece": "leviathan", "q": sea[0][0], "r": sea[0][1]}]})
    e = rules.apply(e, {"type": "piece", "q": sea[1][0], "r": sea[1][1], "player": "Red", "piece": "ship"})
    with pytest.raises(IllegalAction) as refused_:
        rules.apply(e, {"type": "piece", "q": sea[0][0], "r": sea[0][1], "player": "Blue", "piece": "ship"})
    assert refused_.value.rule == "creature-space" and "it stands on the Leviathan's space" in str(refused_.value)
