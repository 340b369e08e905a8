"""The Fantastic Events of the Tales in the game tracker, as the rulebook states them: they fire only
when two or more players must recycle, lowest number first, resolved by the First Player before the
token passes; one test per event."""

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules, _pieces, _set
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.world import top_terrain
from rise_and_fall.test_tracker import do, started

R = TrackerRules()


def with_tales(g, *tales):
    return replace(g, world_tales=tuple(tales))


def to_recycling(g):
    """Three turns: every player plays the first card of their hand and takes no action, so all
    three hands are empty at the Recycling phase of turn 3 (unless a player was given more cards)."""
    for _ in range(3):
        for i in range(len(g.civs)):
            g = do(g, type="play", player=i, card=g.civs[i].hand[0])
        while g.phase == "B":
            g = do(g, type="end-turn", player=g.acting)
        while g.phase == "D":
            g = do(g, type="pass", player=g.to_move()[0])
    return g


def extra_card(g, i, card="temple"):
    civ = g.civs[i]
    return _set(g, i, replace(civ, reserve=tuple(c for c in civ.reserve if c != card), hand=civ.hand + (card,)))


def event(g, tale, **more):
    return do(g, type="fantastic-event", tale=tale, player=g.first, **more)


def test_events_fire_only_when_two_or_more_players_recycle(rulebook_text):
    quote(rulebook_text, "During the Recycling phase, if two or more players must recycle their hand: the Fantastic Event "
                         "triggers for all concerned Tales.")
    g = with_tales(started(), 19)
    g = extra_card(extra_card(g, 1), 2)  # only Eric's hand runs out at turn 3
    g = to_recycling(g)
    assert g.phase == "A" and g.turn == 4 and g.tale_play.events == () and g.first == 1
    g = extra_card(with_tales(started(), 19), 2)  # Eric and Cathy must recycle
    g = to_recycling(g)
    assert g.phase == "E" and g.tale_play.events == (19,) and g.to_move() == [0]
    assert "Eric and Cathy must recycle their hand" in " ".join(g.notes)


def test_events_in_number_order_before_the_token_passes(rulebook_text):
    quote(rulebook_text, "When multiple cards are resolved at the same time (whether for setup or their effects), the one with "
                         "the lowest number is applied first.")
    quote(rulebook_text, "The Fantastic Event is resolved by the player who still has the First Player token (before recycling).")
    quote(rulebook_text, "Pass the First Player token after having resolved all of the Fantastic Events.")
    g = to_recycling(with_tales(started(first=0), 23, 2, 10, 19))  # the Dolmens have no event
    assert g.tale_play.events == (2, 19, 23) and g.first == 0
    assert all(not c.hand for c in g.civs)  # the hands are not recycled yet
    with pytest.raises(IllegalAction, match="lowest number first: now The Leviathan"):
        event(g, 19)
    with pytest.raises(IllegalAction, match="player who still has the First Player token: Eric"):
        do(g, type="fantastic-event", tale=2, player=1)
    g = event(g, 2)
    assert g.phase == "E" and g.tale_play.events == (19, 23) and g.first == 0
    g = event(g, 19)
    g = event(g, 23, orientation="south")
    assert g.phase == "A" and g.first == 1 and all(len(c.hand) == 3 for c in g.civs)
    assert "The First Player token passes to Cathy." in g.notes
    # once per Recycling phase; a game of tracker version 4 with the same Tales replays as it was written
    old = to_recycling(with_tales(started(version=4), 2, 19))
    assert old.phase == "A" and old.tale_play.events == ()


def test_dragon_destroys_its_neighbours_and_moves(rulebook_text):
    quote(rulebook_text, "Fantastic Event: The Dragon destroys all game pieces which are in spaces adjacent to it (each game piece "
                         "returns to its owner's reserve). Then the First Player moves the Dragon to an empty Glacier space on another "
                         "tile of their choice.")
    g = to_recycling(with_tales(started(), 1))
    g = _set(g, 1, _pieces(g.civs[1], "nomad", 1))  # Cathy has 2 Nomads, Joanna 1
    with pytest.raises(IllegalAction, match="Joanna has 1 Nomad in the World; 2 cannot be destroyed"):
        event(g, 1, destroyed={"2": {"nomad": 2}})
    with pytest.raises(IllegalAction, match="does not know this game's World"):
        event(g, 1, to=[0, 0])
    g = event(g, 1, destroyed={"1": {"nomad": 1}, "2": {"nomad": 1, "ship": 1}})
    assert g.civs[1].count("nomad") == 1 and g.civs[2].count("nomad") == 0 and g.civs[2].count("ship") == 0
    # the last Nomad and Ship of Joanna are gone: their cards go to the reserve (before she recycles)
    assert g.civs[2].where("nomad") == "reserve" and g.civs[2].where("ship") == "reserve"
    assert g.civs[2].hand == ("city",)
    assert any("Nomad card goes to the reserve" in n for n in g.notes)
    assert any("The table moves the Dragon" in n for n in g.notes)


@pytest.fixture(scope="module")
def world_game():
    """A 3-player game on a random World with the Dragon, the Leviathan and the Typhoon."""
    lay = generate_with_tales(3, 11, (1, 2, 19)).to_dict()
    g = do(R.initial(), type="setup", players=[{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"), ("Joanna", "green"))],
           first=0, world=lay, tracker_version=TRACKER_VERSION)
    terrain = top_terrain(g.tiles)
    free = {"ship": [s for s, t in sorted(terrain.items()) if t == "sea"],
            "city": [s for s, t in sorted(terrain.items()) if t in ("plains", "forest")]}
    free["nomad"] = free["city"]
    used = set()
    while g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        s = next(s for s in free[piece] if s not in used)
        used.add(s)
        g = do(g, type="place-first", player=i, piece=piece, q=s[0], r=s[1])
    return g


def test_dragon_moves_to_a_glacier_space_of_the_world(world_game, rulebook_text):
    quote(rulebook_text, "Then the First Player moves the Dragon to an empty Glacier space on another tile of their choice. If there "
                         "aren't any, the Dragon does not move.")
    g = to_recycling(world_game)
    assert g.tale_play.events == (1, 2, 19)
    terrain = top_terrain(g.tiles)
    glacier = next(s for s, t in sorted(terrain.items()) if t == "glacier")
    plains = next(s for s, t in sorted(terrain.items()) if t == "plains")
    with pytest.raises(IllegalAction, match="That Space is plains: the Dragon goes to an empty Glacier space on another tile"):
        event(g, 1, to=list(plains))
    with pytest.raises(IllegalAction, match="not in the World"):
        event(g, 1, to=[90, 90])
    tile = next(t for t in reversed(g.tiles) if glacier in t.cells)  # the tile on top
    same = [c for c in tile.cells if c != glacier and terrain.get(c) == "glacier"]
    assert same  # this World's Glacier tile has two spaces: the Dragon goes to another tile than its own
    standing = replace(g, tale_play=replace(g.tale_play, creatures=(("dragon", *glacier),)))
    with pytest.raises(IllegalAction, match="on the Dragon's own tile"):
        event(standing, 1, to=list(same[0]))
    g = event(g, 1, to=list(glacier))
    assert F.where(g, "dragon") == glacier
    with pytest.raises(IllegalAction, match="Tap the Space"):
        event(g, 2, to="north")


def test_creatures_get_their_first_space_once(world_game, rulebook_text):
    quote(rulebook_text, "The last player to place their third game piece during the deployment phase also places the Leviathan on "
                         "an empty space of their choice on the largest Sea Region")
    g = world_game
    assert F.unplaced(g) == ["dragon", "leviathan"]
    sea = F.setup_spaces(g, "leviathan")[0]
    with pytest.raises(IllegalAction, match="That Space is sea: the Dragon goes to an empty Glacier space"):
        do(g, type="place-creature", piece="dragon", q=sea[0], r=sea[1])
    with pytest.raises(IllegalAction, match="Only the creatures of this game's Tales"):
        do(g, type="place-creature", piece="water-elemental", q=sea[0], r=sea[1])
    g = do(g, type="place-creature", piece="leviathan", q=sea[0], r=sea[1])
    assert F.where(g, "leviathan") == sea and F.unplaced(g) == ["dragon"]
    with pytest.raises(IllegalAction, match="already in the World"):
        do(g, type="place-creature", piece="leviathan", q=sea[0], r=sea[1])


def test_leviathan_destroys_one_ship_and_its_owner_places_a_nomad(world_game, rulebook_text):
    quote(rulebook_text, "The First Player moves the Leviathan onto the space of one of these Ships, which is then destroyed. The owner "
                         "of the Ship puts it back in their reserve and can place, as a compensation, a Nomad from their reserve on any "
                         "empty Plains space adjacent to the Leviathan")
    g = event(to_recycling(world_game), 1)
    terrain = top_terrain(g.tiles)
    sea = [s for s, t in sorted(terrain.items()) if t == "sea" and s != F.where(g, "typhoon")]
    with pytest.raises(IllegalAction, match="1 piece at most"):
        event(g, 2, destroyed={"0": {"ship": 1}, "1": {"ship": 1}})
    with pytest.raises(IllegalAction, match="destroys Ships only"):
        event(g, 2, destroyed={"0": {"nomad": 1}})
    with pytest.raises(IllegalAction, match="by the owner of the Ship destroyed only"):
        event(g, 2, destroyed={"0": {"ship": 1}}, nomads={"1": 1})
    g = event(g, 2, destroyed={"1": {"ship": 1}}, nomads={"1": 1}, to=list(sea[3]))
    assert g.civs[1].count("ship") == 0 and g.civs[1].count("nomad") == 2 and F.where(g, "leviathan") == sea[3]
    assert g.civs[1].where("ship") == "reserve"


def test_typhoon_lays_pieces_down_and_moves(world_game, rulebook_text):
    quote(rulebook_text, "A laid down piece will perform no action when its Civilization card is played, it will merely be stood back "
                         "up (at the end of the player's turn to avoid any confusion), and will thus only be able to act again the next "
                         "time its Civilization card is played.")
    g = event(event(to_recycling(world_game), 1), 2)
    was = F.where(g, "typhoon")
    with pytest.raises(IllegalAction, match="moves to another Space"):
        event(g, 19, to=list(was))
    dolmens_free = next(s for s, t in sorted(top_terrain(g.tiles).items()) if t == "forest" and s != was)
    g = event(g, 19, laid={"0": {"nomad": 1}, "1": {"city": 1}}, to=list(dolmens_free))
    assert F.where(g, "typhoon") == dolmens_free and ("typhoon", *dolmens_free) in g.world_tale_pieces
    assert g.phase == "A" and g.first == 1  # the last event resolved: the hands are recycled, the token passes
    # turn 4: Eric plays the Nomad: his only Nomad lies on its side and performs no action
    g = do(g, type="play", player=1, card="city")
    g = do(g, type="play", player=2, card="city")
    g = do(g, type="play", player=0, card="nomad")
    assert g.acting == 1 and g.act_limit == 0  # Cathy's only City lies on its side too
    with pytest.raises(IllegalAction, match="lie on their side: they perform no action this turn"):
        do(g, type="act", player=1, action="city-tax-plains")
    g = do(g, type="end-turn", player=1)
    assert g.tale_play.laid == ((0, "nomad", 1),) and "Cathy stands 1 City back up" in " ".join(g.notes)
    g = do(g, type="act", player=2, action="city-tax-plains")
    g = do(g, type="end-turn", player=2)
    assert g.acting == 0 and g.act_limit == 0
    g = do(g, type="end-turn", player=0)
    assert g.tale_play.laid == ()


def test_water_elemental_ravages_the_coastal_plains(rulebook_text):
    quote(rulebook_text, "Fantastic Event: The Water Elemental creates a tidal wave which destroys all game pieces located on Plains "
                         "spaces adjacent to the Sea it occupies.")
    g = to_recycling(with_tales(started(), 3))
    with pytest.raises(IllegalAction, match="destroys Cities, Nomads, Temples, Merchants and Mountaineers only"):
        event(g, 3, destroyed={"0": {"ship": 1}})
    g = event(g, 3, destroyed={"0": {"city": 1}, "2": {"nomad": 1}})
    assert g.civs[0].count("city") == 0 and g.civs[2].count("nomad") == 0 and g.phase == "A"
    assert g.civs[0].where("city") == "reserve"


def test_volcano_flips_active_then_erupts(rulebook_text):
    quote(rulebook_text, "During a Fantastic Event, if the Volcano is inactive side up (the one without lava flows), the First Player "
                         "flips the Volcano active side up and chooses the orientation of the tile")
    quote(rulebook_text, "All game pieces located in spaces to which the three lava flows point are destroyed (they return to their "
                         "owners' reserves) and the Volcano is flipped back to its inactive side.")
    g = to_recycling(with_tales(started(), 23))
    with pytest.raises(IllegalAction, match="destroys nothing now"):
        event(g, 23, orientation="north", destroyed={"0": {"city": 1}})
    with pytest.raises(IllegalAction, match="chooses the Volcano's orientation"):
        event(g, 23)
    g = event(g, 23, orientation="north-east")
    assert g.tale_play.volcano == "north-east" and "lava flows pointing north-east" in " ".join(g.notes)
    g = to_recycling(g)  # turns 4 to 6: the hands run out again
    assert g.tale_play.events == (23,)
    with pytest.raises(IllegalAction, match="no orientation is chosen now"):
        event(g, 23, orientation="south")
    g = event(g, 23, destroyed={"1": {"ship": 1}})
    assert g.tale_play.volcano is None and g.civs[1].count("ship") == 0 and "flipped back" in " ".join(g.notes)


def test_economic_collapse_when_every_player_controls_a_bank(rulebook_text):
    quote(rulebook_text, "During a Fantastic Event, if EVERY player controls a Bank in the World, there's an economic collapse. "
                         "All Banks are removed from the World and returned to their owner's reserve.")
    quote(rulebook_text, "The Nomad Action - Build a Bank becomes once again accessible to each player, with a starting cost of 5 GP.")
    from companion.rise_and_fall.variants.tales import pieces as TPC

    def banked(*owners, tales=(6,)):
        g = with_tales(started(), *tales)
        st = TPC.initial(tuple(tales), 3)
        for i in owners:
            st = TPC.with_building(st, i, "bank", 1)
        return replace(g, tales=st)

    def bank_cost(g):
        return next(s for s in TPC.actions(g, 0, "nomad") if s["id"] == "tale-bank")["cost"]["gold"]

    g = banked(0, 1)
    assert bank_cost(g) == 15  # 5 GP, and 5 more per Bank in the World
    g = to_recycling(g)
    assert g.phase == "A" and any("not every player controls a Bank (Joanna has none)" in n for n in g.notes)  # no choice: at once
    assert g.tales.total("bank") == 2
    g = to_recycling(banked(0, 1, 2, tales=(6, 19)))
    assert g.tale_play.events == (19,) and any("Economic Collapse: every player controls a Bank" in n for n in g.notes)
    assert g.tales.total("bank") == 0 and bank_cost(g) == 5


def test_a_hunted_dragon_has_no_event():
    from companion.rise_and_fall.variants.tales import pieces as TPC

    g = with_tales(started(), 1, 19)
    st = TPC.initial((1, 19), 3)
    g = replace(g, tales=TPC.with_building(st, None, "dragon", -1))  # hunted: out of the World
    assert to_recycling(g).tale_play.events == (19,)


def test_an_event_is_in_the_log_and_replays(tmp_path):
    store = GameStore(tmp_path)
    gid, log = store.create("game", "tales")
    s = Session(log, R)
    lay = generate_with_tales(2, 4, (19, 23)).to_dict()
    s.do({"type": "setup", "players": [{"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "blue"}], "world": lay,
          "tracker_version": TRACKER_VERSION})
    terrain = top_terrain(s.state.tiles)
    land = iter(s for s, t in sorted(terrain.items()) if t in ("plains", "forest"))
    seas = iter(s for s, t in sorted(terrain.items()) if t == "sea")
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        q, r = next(seas) if piece == "ship" else next(land)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": q, "r": r})
    g = s.state
    for _ in range(3):
        for i in range(2):
            s.do({"type": "play", "player": i, "card": s.state.civs[i].hand[0]})
        while s.state.phase == "B":
            s.do({"type": "end-turn", "player": s.state.acting})
        while s.state.phase == "D":
            s.do({"type": "pass", "player": s.state.to_move()[0]})
    assert s.state.tale_play.events == (19, 23)
    with pytest.raises(IllegalAction):
        s.do({"type": "fantastic-event", "tale": 19, "laid": {"0": {"temple": 1}}})
    s.do({"type": "fantastic-event", "tale": 19, "laid": {"1": {"ship": 1}}})
    s.do({"type": "fantastic-event", "tale": 23, "orientation": "south"})
    g = s.state
    assert Session(store.open(gid), R).state == g
    s.undo()
    assert s.state.tale_play.events == (23,) and s.state.tale_play.volcano is None


@pytest.mark.parametrize("action", [{"type": "swap-guild", "target": 1, "guild": "miners"}, {"type": "keep-guild"}])
def test_no_doppelgangers_decision_while_the_events_wait(action):
    """A swap or a keep sent while the First Player resolves the events gets a sentence, and nothing changes
    (it once crashed when its sender held no Doppelgangers)."""
    g = to_recycling(extra_card(with_tales(started(), 19), 2))
    assert g.phase == "E" and g.tale_play.events == (19,)
    with pytest.raises(IllegalAction, match="before the Fantastic Events"):
        R.apply(g, {**action, "player": g.first})
