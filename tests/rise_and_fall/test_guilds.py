"""The Guild variant, as the rulebook states it: one test per Guild card, the draft with the
handicap system, the Doppelgangers' swap, and the Temples' special situation."""

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.play.tracker import Game, TrackerRules, _pieces, _set, card_actions
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, parse_position, problems
from companion.rise_and_fall.scoring.scoring import score, scorepad_text
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.guilds import guilds as G
from rise_and_fall.test_tracker import acting, do, started

R = TrackerRules()


def text(gid: str) -> str:
    return G.guild(gid).text


def holding(g: Game, i: int, *guilds: str) -> Game:
    """Player i holds these Guild cards (the other players none)."""
    return replace(_set(g, i, replace(g.civs[i], guilds=guilds)), levels=("normal",) * len(g.civs))


def act(g: Game, i: int, action: str, **more) -> Game:
    return do(g, type="act", player=i, action=action, **more)


def line(q0: int, r0: int, n: int, terrain: str) -> dict:
    return {(q0 + k, r0): terrain for k in range(n)}


def guild_position(terrain: dict, pieces: list, **guilds_of) -> Position:
    names = ["Red", "Blue"]
    players = [PlayerState(n, 0, guilds=list(guilds_of.get(n, []))) for n in names]
    return Position(terrain, players, [Piece(s, who, t) for s, who, t in pieces])


# --- the data ---------------------------------------------------------------------------------
def test_every_guild_is_data_with_the_rulebooks_text(rulebook_text):
    quote(rulebook_text, "At the beginning of the game, deal out 3 Guild cards to each player.")
    guilds = G.all_guilds()
    assert len(guilds) == 24
    for g in guilds.values():
        quote(rulebook_text, f"{g.name} — {g.text.split(' Note:')[0]}")
        assert g.power and g.power.endswith(".")
        assert g.hooks or g.table, f"{g.name} neither changes the books nor says what the table keeps"
        assert set(g.hooks) <= {"actions", "yield", "decline_price", "treasury_limit", "stands_on", "conversion", "conversion_range", "swap", "end_game"}


def test_no_guild_no_change():
    for card in ("nomad", "city", "ship", "temple", "mountaineer", "merchant"):
        assert card_actions(card) == card_actions(card, ())
        assert card_actions(card) == load_rules().raw["card_actions"][card]


# --- one test per guild -----------------------------------------------------------------------
def test_alchemists(rulebook_text):
    quote(rulebook_text, "Alchemists — " + text("alchemists"))
    g = acting(holding(started(), 0, "alchemists"), 0, "nomad", pieces={"nomad": 2}, wood=1)
    g = act(g, 0, "nomad-alchemy-stone")
    assert (g.civs[0].wood, g.civs[0].stone, g.bank_wood, g.bank_stone) == (0, 1, 21, 19)
    g = act(g, 0, "nomad-alchemy-wood")
    assert (g.civs[0].wood, g.civs[0].stone) == (1, 0)
    with pytest.raises(IllegalAction, match="not an action of the Nomad card"):
        act(acting(started(), 0, "nomad", wood=1), 0, "nomad-alchemy-stone")  # only their owner has them


def test_aquanauts_stand_at_sea_for_their_owner_only(rulebook_text):
    quote(rulebook_text, "Aquanauts — " + text("aquanauts"))
    terrain = {**line(0, 0, 3, "sea"), **line(0, 1, 2, "plains")}
    pos = guild_position(terrain, [((0, 0), "Red", "nomad"), ((1, 1), "Red", "city")], Red=["aquanauts"])
    assert problems(pos) == []
    blue = guild_position(terrain, [((0, 0), "Blue", "nomad")], Red=["aquanauts"])
    assert problems(blue) == ["Piece 0 (Blue nomad at 0,0): a nomad cannot stand on sea; it stands on forest or mountain or plains."]
    ship = guild_position(terrain, [((0, 0), "Red", "city")], Red=["aquanauts"])
    assert "a city cannot stand on sea" in problems(ship)[0]  # only their Nomads


def test_a_temple_cannot_convert_an_aquanaut_at_sea(rulebook_text):
    quote(rulebook_text, "A Temple cannot convert a game piece with a special ability which would be in an illegal position after being converted.")
    quote(rulebook_text, "Example: Converting an opposing Aquanaut Nomad on a Sea space isn't possible as the player performing the conversion would then control a Nomad in a Sea space while they do not have the Aquanaut power.")
    g = holding(started(), 1, "aquanauts")
    g = acting(g, 0, "temple", pieces={"temple": 1}, gold=10)
    with pytest.raises(IllegalAction, match="would then control a Nomad on sea"):
        act(g, 0, "temple-convert-nomad", target=1, on="sea")
    g2 = act(g, 0, "temple-convert-nomad", target=1, on="plains")  # the same Aquanaut Nomad on land
    assert g2.civs[0].count("nomad") == 2 and g2.civs[1].count("nomad") == 0
    with pytest.raises(IllegalAction, match="cannot stand on sea"):
        act(acting(started(), 0, "temple", pieces={"temple": 1}, gold=10), 0, "temple-convert-nomad", target=1, on="sea")


def test_archivists(rulebook_text):
    quote(rulebook_text, "Archivists — " + text("archivists"))
    g = holding(started(), 0, "archivists")
    assert [g.price_for(i) for i in range(3)] == [3, 5, 5]  # 5 GP: half is 2.5, rounded up
    civs = list(g.civs)
    civs[0] = replace(civs[0], trophies=("nomad", "city", "ship"), hand=("nomad", "city"), decline=("ship",), gold=10)
    g = replace(g, civs=tuple(civs), phase="D", decided=(1, 2))
    assert g.decline_price == 20 and g.price_for(0) == 10
    g = do(g, type="buy", player=0, card="ship")
    assert g.civs[0].gold == 0


def test_capitalists_and_a_tie_for_the_strongest_economy(rulebook_text):
    quote(rulebook_text, "Capitalists — " + text("capitalists"))
    pos = Position({(0, 0): "plains"}, [PlayerState("Red", 40, guilds=["capitalists"]), PlayerState("Blue", 39)], [])
    red = score(pos).player("Red")
    assert red.guilds == 25 and red.total == 20 + 25 and "the strongest economy (40 GP)" in red.guild_lines[0].text
    tie = Position({(0, 0): "plains"}, [PlayerState("Red", 40, guilds=["capitalists"]), PlayerState("Blue", 40)], [])
    line_ = score(tie).player("Red").guild_lines[0]
    assert line_.vp == 0 and "a tie gives no one the bonus" in line_.text
    beaten = Position({(0, 0): "plains"}, [PlayerState("Red", 40, guilds=["capitalists"]), PlayerState("Blue", 41)], [])
    assert score(beaten).player("Red").guild_lines[0].text == "Capitalists: Blue has the strongest economy"


def test_collectors(rulebook_text):
    quote(rulebook_text, "Collectors — " + text("collectors"))
    g = acting(holding(started(), 0, "collectors"), 0, "nomad", pieces={"nomad": 2}, wood=9)
    g = act(g, 0, "nomad-wood")
    assert g.civs[0].wood == 10
    with pytest.raises(IllegalAction, match="more than 10 Wood and 10 Stones"):
        act(g, 0, "nomad-wood")
    pos = Position({(0, 0): "plains"}, [PlayerState("Red", 0, wood=7, stone=3, guilds=["collectors"]), PlayerState("Blue", 0)], [])
    assert problems(pos) == []
    assert score(pos).player("Red").guilds == 20
    over = Position({(0, 0): "plains"}, [PlayerState("Red", 0), PlayerState("Blue", 0, wood=7)], [])
    assert problems(over) == ["Player Blue: wood is 7; a Treasury holds 0 to 5."]


def test_corsairs_are_paid_by_the_opponents(rulebook_text):
    quote(rulebook_text, "Corsairs — " + text("corsairs"))
    g = holding(started(), 0, "corsairs")
    g = _set(g, 1, replace(_pieces(g.civs[1], "ship", 2), gold=10))
    g = _set(g, 2, replace(g.civs[2], gold=1))
    g = acting(g, 0, "ship")
    bank = g.bank_gold
    g = act(g, 0, "ship-piracy", counts={"1": 3, "2": 1})
    assert g.civs[0].gold == 6 + 1 and g.civs[1].gold == 4 and g.civs[2].gold == 0
    assert g.bank_gold == bank  # 'paid to you by the opposing players, and not by the bank'
    assert "Joanna can pay only 1 GP of 2. Too bad for the Corsairs!" in g.notes
    g = acting(holding(started(), 0, "corsairs"), 0, "ship")
    with pytest.raises(IllegalAction, match="Cathy has 1 Ship in the World"):
        act(g, 0, "ship-piracy", counts={"1": 2})


def swap_phase(g: Game) -> Game:
    return replace(g, phase="E", decided=(), swapped=())


def test_doppelgangers_swap_in_the_recycling_phase(rulebook_text):
    quote(rulebook_text, "Doppelgangers — " + text("doppelgangers").split(" Note:")[0])
    g = holding(started(), 0, "doppelgangers")
    g = _set(g, 1, replace(g.civs[1], guilds=("farmers",)))
    g = _set(g, 0, replace(g.civs[0], gold=12))
    g = swap_phase(g)
    assert g.to_move() == [0]
    bank = g.bank_gold
    g = R.apply(g, {"type": "swap-guild", "player": 0, "target": 1, "guild": "farmers"})
    assert g.civs[0].guilds == ("farmers",) and g.civs[1].guilds == ("doppelgangers",)
    assert g.civs[0].gold == 2 and g.bank_gold == bank + 10
    assert g.phase == "A"  # Cathy got the Doppelgangers: 'cannot trade it again in the same Recycling phase'
    poor = swap_phase(_set(holding(started(), 0, "doppelgangers"), 1, replace(started().civs[1], guilds=("farmers",))))
    assert poor.to_move() == []  # 9 GP or less: nothing to ask


def test_losing_a_guild_power_removes_what_became_illegal(rulebook_text):
    quote(rulebook_text, "Example: The Aquanaut player loses their guild power to a Doppelganger. They must then remove from the World all of their Nomads located in the Sea and return them to their reserve.")
    quote(rulebook_text, "that player must immediately remove from the World all of their illegally positioned pieces, or return to the bank their excess resources.")
    g = holding(started(), 0, "doppelgangers")
    cathy = replace(_pieces(g.civs[1], "nomad", 2), guilds=("aquanauts", "collectors"), wood=8, stone=2)
    g = swap_phase(_set(_set(g, 1, cathy), 0, replace(g.civs[0], gold=20)))
    with pytest.raises(IllegalAction, match="Only pieces that stood where the Aquanauts alone allowed"):
        R.apply(g, {"type": "swap-guild", "player": 0, "target": 1, "guild": "aquanauts", "removed": {"city": 1}})
    with pytest.raises(IllegalAction, match="at most 3"):
        R.apply(g, {"type": "swap-guild", "player": 0, "target": 1, "guild": "aquanauts", "removed": {"nomad": 4}})
    a = R.apply(g, {"type": "swap-guild", "player": 0, "target": 1, "guild": "aquanauts", "removed": {"nomad": 3}})
    assert a.civs[1].count("nomad") == 0 and a.civs[1].where("nomad") == "reserve"  # her last Nomads were at sea
    assert a.civs[0].guilds == ("aquanauts",)
    b = R.apply(g, {"type": "swap-guild", "player": 0, "target": 1, "guild": "collectors"})
    assert (b.civs[1].wood, b.civs[1].stone) == (5, 2) and b.bank_wood == g.bank_wood + 3
    assert "Cathy returns 3 Wood to the bank: they may now hold 5." in b.notes


def test_druids(rulebook_text):
    quote(rulebook_text, "Druids — " + text("druids"))
    g = acting(holding(started(), 0, "druids"), 0, "nomad", pieces={"nomad": 2}, stone=2)
    g = act(g, 0, "nomad-temple-forest")
    assert g.civs[0].count("temple") == 1
    terrain = {**line(0, 0, 2, "forest"), **line(0, 5, 3, "forest")}
    pos = guild_position(terrain, [((0, 0), "Red", "temple"), ((0, 5), "Blue", "nomad")], Red=["druids"])
    assert problems(pos) == []
    s = score(pos)
    assert s.player("Red").territories == 6 and s.player("Red").guilds == 6  # the 2-space Forest doubled
    assert s.player("Blue").guilds == 0
    blue = guild_position(terrain, [((0, 5), "Blue", "temple")], Red=["druids"])
    assert "a temple cannot stand on forest" in problems(blue)[0]  # a Temple in a Forest is the Druids' alone


def test_farmers(rulebook_text):
    quote(rulebook_text, "Farmers — " + text("farmers"))
    terrain = {**line(0, 0, 4, "plains"), **line(0, 5, 3, "forest")}
    pos = guild_position(terrain, [((0, 0), "Red", "city"), ((0, 5), "Red", "nomad")], Red=["farmers"])
    red = score(pos).player("Red")
    assert red.territories == 4 + 9 and red.guilds == 8  # 4 Plains spaces at 3 VP instead of 1
    assert red.guild_lines[0].text == "Farmers: 4 controlled, each Plains space at 3 VP instead of 1 (+8)"


def test_lumberjacks(rulebook_text):
    quote(rulebook_text, "Lumberjacks — " + text("lumberjacks"))
    g = acting(holding(started(), 0, "lumberjacks"), 0, "nomad", pieces={"nomad": 2})
    g = act(g, 0, "nomad-wood")
    assert g.civs[0].wood == 2 and g.bank_wood == 18
    g = replace(g, civs=tuple(replace(c, wood=4) if k == 0 else c for k, c in enumerate(g.civs)))
    with pytest.raises(IllegalAction, match="more than 5 Wood"):
        act(g, 0, "nomad-wood")


@pytest.mark.parametrize("gid", ["machinists", "sentinels", "winged"])
def test_movement_and_range_guilds_change_no_book(rulebook_text, gid):
    """Movement and ranges are the table's: the companion shows the power and the books stay."""
    quote(rulebook_text, f"{G.guild(gid).name} — " + text(gid))
    for card in ("nomad", "city", "ship", "temple", "mountaineer", "merchant"):
        assert card_actions(card, (gid,)) == card_actions(card)
    assert G.guild(gid).table


def test_machinists(rulebook_text):
    quote(rulebook_text, "Machinists — " + text("machinists"))
    assert "Ships" in G.guild("machinists").power and G.guild("machinists").hooks == {}


def test_master_jewelers(rulebook_text):
    quote(rulebook_text, "Master Jewelers — " + text("master-jewelers"))
    g = acting(holding(started(), 0, "master-jewelers"), 0, "mountaineer", pieces={"mountaineer": 1})
    g = act(g, 0, "mountaineer-prospect")
    assert g.civs[0].gold == 3
    g = acting(holding(started(), 0, "master-jewelers"), 0, "nomad")
    assert act(g, 0, "nomad-prospect").civs[0].gold == 3


def test_mercenaries(rulebook_text):
    quote(rulebook_text, "Mercenaries — " + text("mercenaries"))
    g = acting(holding(started(), 0, "mercenaries"), 0, "nomad", gold=6)
    bank = g.bank_gold
    g2 = act(g, 0, "nomad-attack", target=1, unit="ship")
    assert g2.civs[1].count("ship") == 0 and g2.civs[1].where("ship") == "reserve"
    assert g2.civs[0].gold == 1 and g2.bank_gold == bank + 5
    with pytest.raises(IllegalAction, match="attacks a unit"):
        act(g, 0, "nomad-attack", target=1, unit="city")  # Cities are not units
    with pytest.raises(IllegalAction, match="no Mountaineer"):
        act(g, 0, "nomad-attack", target=1, unit="mountaineer")


def test_miners(rulebook_text):
    quote(rulebook_text, "Miners — " + text("miners"))
    g = acting(holding(started(), 0, "miners"), 0, "nomad")
    assert act(g, 0, "nomad-stone").civs[0].stone == 2


def test_northerners(rulebook_text):
    quote(rulebook_text, "Northerners — " + text("northerners"))
    terrain = {**line(0, 0, 2, "glacier"), **line(0, 1, 2, "mountain")}
    pos = guild_position(terrain, [((0, 0), "Red", "nomad"), ((0, 1), "Red", "city")], Red=["northerners"])
    assert problems(pos) == []
    assert "a nomad cannot stand on glacier" in problems(guild_position(terrain, [((0, 0), "Blue", "nomad")], Red=["northerners"]))[0]
    g = acting(holding(started(), 0, "northerners"), 0, "nomad", wood=1, stone=1)
    g = act(g, 0, "nomad-city-mountain")
    assert g.civs[0].count("city") == 2 and (g.civs[0].wood, g.civs[0].stone) == (0, 0)


def test_psy_monks(rulebook_text):
    quote(rulebook_text, "Psy-Monks — " + text("psy-monks"))
    assert [s["cost"] for s in card_actions("temple", ("psy-monks",)) if "convert" in s] == [{"gold": 2}, {"gold": 3}, {"gold": 5}, {"gold": 5}]


def test_scholars(rulebook_text):
    quote(rulebook_text, "Scholars — " + text("scholars"))
    terrain = line(0, 0, 6, "plains")
    pieces = [((0, 0), "Red", "merchant"), ((1, 0), "Red", "merchant"), ((2, 0), "Red", "mountaineer")]
    red = score(guild_position(terrain, pieces, Red=["scholars"])).player("Red")
    assert red.development == 4 + 2 and red.guilds == 4  # 2 Merchants (4 VP) beat 1 Mountaineer (2 VP)
    assert "Merchants doubled" in red.guild_lines[0].text


def test_sentinels(rulebook_text):
    quote(rulebook_text, "Sentinels — " + text("sentinels"))
    assert G.guild("sentinels").hooks == {} and "Movement" in G.guild("sentinels").table


def test_shadow_cult(rulebook_text):
    quote(rulebook_text, "Shadow Cult — " + text("shadow-cult"))
    g = acting(holding(started(), 0, "shadow-cult"), 0, "temple", pieces={"temple": 1}, gold=10)
    g2 = act(g, 0, "temple-convert-city", target=1)
    assert g2.civs[0].count("city") == 2 and g2.civs[1].count("city") == 0 and g2.civs[0].gold == 0
    g = acting(holding(started(), 1, "shadow-cult"), 0, "temple", pieces={"temple": 1}, gold=10)
    with pytest.raises(IllegalAction, match="None of Cathy's units may be converted"):
        act(g, 0, "temple-convert-nomad", target=1)
    assert act(g, 0, "temple-convert-nomad", target=2).civs[2].count("nomad") == 0


def test_snowmen(rulebook_text):
    quote(rulebook_text, "Snowmen — " + text("snowmen"))
    g = acting(holding(started(), 0, "snowmen"), 0, "mountaineer", pieces={"mountaineer": 1})
    g = act(g, 0, "mountaineer-igloo")
    assert g.civs[0].count("city") == 2 and g.civs[0].count("mountaineer") == 0
    g = acting(holding(started(), 0, "snowmen"), 0, "city")
    assert act(g, 0, "city-tax-glacier").civs[0].gold == 0  # 'A City tax on a Glacier space earns nothing.'
    terrain = line(0, 0, 2, "glacier")
    assert problems(guild_position(terrain, [((0, 0), "Red", "city")], Red=["snowmen"])) == []
    assert "a city cannot stand on glacier" in problems(guild_position(terrain, [((0, 0), "Blue", "city")], Red=["snowmen"]))[0]


def test_thieves_guild(rulebook_text):
    quote(rulebook_text, "Thieves' Guild — " + text("thieves-guild"))
    g = holding(started(), 0, "thieves-guild")
    g = _set(g, 1, replace(g.civs[1], wood=2, stone=1))
    g = acting(g, 0, "nomad", pieces={"nomad": 3})
    g = act(g, 0, "nomad-steal", target=1, resource="wood")
    assert g.civs[0].wood == 1 and g.civs[1].wood == 1 and g.bank_wood == 20
    with pytest.raises(IllegalAction, match="once for each Nomad card played: Cathy has 1 City, stolen from 1 time"):
        act(g, 0, "nomad-steal", target=1, resource="stone")
    with pytest.raises(IllegalAction, match="Joanna has no Stone to steal"):
        act(g, 0, "nomad-steal", target=2, resource="stone")


def test_travelers(rulebook_text):
    quote(rulebook_text, "Travelers — " + text("travelers"))
    g = acting(holding(started(), 0, "travelers"), 0, "city", pieces={"temple": 1})
    g = act(g, 0, "city-abandon-temple")
    assert g.civs[0].count("temple") == 0 and g.civs[0].count("nomad") == 2 and g.civs[0].where("temple") == "reserve"


def test_trophy_hunters(rulebook_text):
    quote(rulebook_text, "Trophy Hunters — " + text("trophy-hunters"))
    pos = Position({(0, 0): "plains"}, [PlayerState("Red", 0, ["nomad", "ship"], guilds=["trophy-hunters"]), PlayerState("Blue", 0)], [])
    red = score(pos).player("Red")
    assert red.trophies == 35 and red.guilds == 25  # the Ship Trophy, worth most, doubled
    assert "Red, Trophy Hunters: the Ship Trophy doubled (+25): +25 VP" in scorepad_text(score(pos))



def test_trophy_hunters_may_double_a_tale_trophy(rulebook_text):
    """Decided: a Tale's Trophy is a Trophy the player claimed ("Some Tales allow players to gain
    special Trophies ... the same shape as those from the basic game"; the Dragon Hunt "claims the
    Dragon Trophy"), so the Trophy Hunters may double it; the one worth most is taken."""
    quote(rulebook_text, "Trophy Hunters — " + text("trophy-hunters"))
    quote(rulebook_text, "Some Tales allow players to gain special Trophies. These are represented by Trophy tiles "
                         "which are the same shape as those from the basic game.")
    quote(rulebook_text, "The player removes the Dragon from the World and claims the Dragon Trophy, which is worth 20 VP.")
    only_tale = Position({(0, 0): "plains"}, [PlayerState("Red", 0, [], guilds=["trophy-hunters"], tale_trophies=[1]),
                                              PlayerState("Blue", 0)], [])
    red = score(only_tale).player("Red")
    assert red.trophies == 0 and red.tales == 20 and red.guilds == 20 and red.total == 40 + red.economy
    assert "Red, Trophy Hunters: the Dragon Trophy (a Tale's) doubled (+20): +20 VP" in scorepad_text(score(only_tale))
    # a normal Trophy worth more is doubled instead; one worth less gives way to the Tale's
    ship = replace(only_tale, players=[replace(only_tale.players[0], trophies=["ship"]), only_tale.players[1]])
    assert score(ship).player("Red").guilds == 25
    nomad = replace(only_tale, players=[replace(only_tale.players[0], trophies=["nomad"]), only_tale.players[1]])
    assert score(nomad).player("Red").guilds == 20
    # on the fast path too (the Tale Trophies come from the books)
    from companion.rise_and_fall.scoring.endgame import Entry
    from companion.rise_and_fall.world.tiles import Tile

    fast = Entry(tiles=(Tile("plains", 0, 0),), players=tuple(only_tale.players)).fast_score()
    assert fast.player("Red").guilds == 20

def test_winged(rulebook_text):
    quote(rulebook_text, "Winged — " + text("winged"))
    quote(rulebook_text, "They must end their movement alone on a Plains, Forest, or Mountain space.")
    terrain = line(0, 0, 2, "glacier")
    assert "a nomad cannot stand on glacier" in problems(guild_position(terrain, [((0, 0), "Red", "nomad")], Red=["winged"]))[0]


# --- the draft and the handicap system ----------------------------------------------------------
DEAL = [["alchemists", "aquanauts", "archivists"], ["capitalists", "collectors", "corsairs"], ["druids", "farmers", "lumberjacks"]]


def guild_setup(levels: list[str], deal=DEAL) -> Game:
    players = [{"name": n, "colour": c} for n, c in zip(["Eric", "Cathy", "Joanna", "Dan"], ["red", "yellow", "green", "blue"])][: len(levels)]
    return do(R.initial(), type="setup", players=players, tracker_version=3, guilds={"levels": levels, "dealt": deal})


def test_the_guild_draft_keep_one_give_one_return_one(rulebook_text):
    quote(rulebook_text, "- Places one face-down in front of the player on their left,")
    quote(rulebook_text, "Then, each player reveals the two Guild cards (chosen card and given card) and states out loud their special abilities.")
    g = guild_setup(["normal"] * 3)
    assert g.phase == "guilds" and g.to_move() == [0, 1, 2]
    with pytest.raises(IllegalAction, match="among the cards dealt to them"):
        do(g, type="guild-choice", player=0, keep=["farmers"], give="aquanauts")
    with pytest.raises(IllegalAction, match="keep 1 Guild card, not 2"):
        do(g, type="guild-choice", player=0, keep=["alchemists", "aquanauts"], give="archivists")
    with pytest.raises(IllegalAction, match="face down in front of Cathy"):
        do(g, type="guild-choice", player=0, keep=["alchemists"])
    g = do(g, type="guild-choice", player=0, keep=["alchemists"], give="archivists")
    assert all(c.guilds == () for c in g.civs)  # nothing revealed before all have chosen
    g = do(g, type="guild-choice", player=1, keep=["corsairs"], give="capitalists")
    g = do(g, type="guild-choice", player=2, keep=["druids"], give="farmers")
    assert [c.guilds for c in g.civs] == [("alchemists", "farmers"), ("corsairs", "archivists"), ("druids", "capitalists")]
    assert g.phase == "placement"
    assert any(n.startswith("Eric: Alchemists: ") for n in g.notes)


def test_the_handicap_levels(rulebook_text):
    quote(rulebook_text, "- Highly experienced player: plays with no Guild powers. They get 3 Guild cards just like other players, but only to give one to the player to their left (unless that player is also not supposed to get any).")
    quote(rulebook_text, "- Experienced player: they choose no cards for themself, but still receive one from the player to their right.")
    quote(rulebook_text, "- Novice player: they choose 2 cards for themselves and receive one.")
    g = guild_setup(["expert", "experienced", "novice"])
    with pytest.raises(IllegalAction, match="Eric plays with no Guild powers: Joanna gives them no card"):
        do(g, type="guild-choice", player=2, keep=["druids", "farmers"], give="lumberjacks")  # Joanna's left is Eric, an expert
    g = do(g, type="guild-choice", player=2, keep=["druids", "farmers"], give=None)
    g = do(g, type="guild-choice", player=0, keep=[], give="alchemists")
    g = do(g, type="guild-choice", player=1, keep=[], give="collectors")
    assert [c.guilds for c in g.civs] == [(), ("alchemists",), ("druids", "farmers", "collectors")]
    assert "Eric plays with no Guild powers." in g.notes
    two_experts = guild_setup(["expert", "expert"], DEAL[:2])
    two_experts = do(two_experts, type="guild-choice", player=0, keep=[], give=None)
    two_experts = do(two_experts, type="guild-choice", player=1, keep=[], give=None)
    assert two_experts.phase == "placement" and all(c.guilds == () for c in two_experts.civs)


def test_a_bad_deal_is_refused():
    with pytest.raises(IllegalAction, match="dealt once"):
        guild_setup(["normal"] * 2, [DEAL[0], DEAL[0]])
    with pytest.raises(IllegalAction, match="Deal 3 Guild cards"):
        guild_setup(["normal"] * 2, [DEAL[0], DEAL[1][:2]])
    with pytest.raises(IllegalAction, match="version 3"):
        do(R.initial(), type="setup", players=[{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}], tracker_version=2,
           guilds={"levels": ["normal"] * 2, "dealt": DEAL[:2]})


# --- position files -----------------------------------------------------------------------------
def test_position_files_carry_the_guilds_and_old_ones_read_the_same():
    doc = {"format": "rise-and-fall/position", "version": 1, "spaces": [[0, 0, "sea"], [1, 0, "plains"]],
           "players": [{"name": "Red", "gold": 4, "guilds": ["aquanauts", "farmers"]}, {"name": "Blue", "gold": 0}],
           "pieces": [[0, 0, "Red", "nomad"], [1, 0, "Red", "city"]]}
    pos = parse_position(doc)
    assert pos.players[0].guilds == ["aquanauts", "farmers"] and pos.to_dict()["players"][0]["guilds"] == ["aquanauts", "farmers"]
    assert score(pos).to_dict()["players"]["Red"]["guilds"] == 2
    old = {**doc, "players": [{"name": "Red", "gold": 4}, {"name": "Blue", "gold": 0}], "pieces": [[1, 0, "Red", "city"]]}
    assert "guilds" not in score(parse_position(old)).to_dict()["players"]["Red"]
    assert "guilds" not in parse_position(old).to_dict()["players"][0]
    with pytest.raises(Exception, match="not a Guild card"):
        parse_position({**doc, "players": [{"name": "Red", "gold": 4, "guilds": ["pirates"]}, {"name": "Blue", "gold": 0}]})
    with pytest.raises(Exception, match="one of each"):
        parse_position({**doc, "players": [{"name": "Red", "gold": 4, "guilds": ["farmers"]}, {"name": "Blue", "gold": 0, "guilds": ["farmers"]}]})


def test_the_tracked_guilds_reach_the_scoring():
    from companion.rise_and_fall.scoring.endgame import EntryRules, from_tracker
    from companion.rise_and_fall.world.tiles import Tile

    g = holding(started(2), 0, "collectors", "capitalists")
    g = _set(g, 0, replace(g.civs[0], wood=6, stone=1, gold=30))
    g = replace(g, tiles=(Tile("starting-sea", 0, 0, 0),))
    start = from_tracker(g)
    assert start["players"][0]["guilds"] == ["collectors", "capitalists"] and start["players"][0]["wood"] == 6
    assert "guilds" not in start["players"][1]  # a player without guilds starts as before
    e = EntryRules().apply(EntryRules().initial(), start)
    e = EntryRules().apply(e, {"type": "rest-empty"})
    eric = e.fast_score().player("Eric")
    assert [ln.vp for ln in eric.guild_lines] == [14, 25] and eric.total == 15 + 7 + 14 + 25  # Economy, Development (Nomad, City, Ship), Guilds


def test_a_game_without_guilds_plays_as_in_version_2():
    """Version 3 adds the Guilds; the same actions give the same game as version 2 without them."""
    import random

    from rise_and_fall.test_tracker import legal

    rnd = random.Random(4)
    old, new = started(3, version=2), started(3, version=3)
    for _ in range(400):
        if old.phase == "over":
            break
        a = rnd.choice(legal(old))
        old, new = R.apply(old, a), R.apply(new, a)
        assert replace(new, tracker_version=2) == old and new.phase != "E"
    assert old.turn > 5


def test_a_conversion_button_says_which_units_are_out_of_reach():
    from companion.rise_and_fall.play.public import public_view
    from companion.rise_and_fall.screens.guild_panels import convert_note

    v = public_view(holding(started(), 1, "aquanauts", "snowmen"))
    assert convert_note(v, 0, 1, "nomad") == " — not one on sea"
    assert convert_note(v, 0, 1, "city") == " — not one on glacier"
    assert convert_note(v, 0, 2, "nomad") == ""


def test_the_command_line_scores_a_position_with_guilds(tmp_path):
    import json
    import subprocess
    import sys

    doc = {"format": "rise-and-fall/position", "version": 1, "spaces": [[0, 0, "plains"], [1, 0, "plains"], [2, 0, "plains"]],
           "players": [{"name": "Red", "gold": 10, "guilds": ["farmers"]}, {"name": "Blue", "gold": 10, "guilds": ["capitalists"]}],
           "pieces": [[0, 0, "Red", "city"]]}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(doc))
    run = subprocess.run([sys.executable, "-m", "companion", "score", str(path), "--json"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    red, blue = (json.loads(run.stdout)["players"][n] for n in ("Red", "Blue"))
    assert red["guilds"] == 6 and red["total"] == 5 + 1 + 3 + 6  # Economy, Development, Territories, Farmers
    assert blue["guild_lines"] == [{"guild": "capitalists", "text": "Capitalists: tied for the strongest economy: a tie gives no one the bonus", "vp": 0}]
    text = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], capture_output=True, text=True).stdout
    assert "Guilds" in text.splitlines()[0] and "Red, Farmers: 3 controlled" in text
    doc["players"][0]["guilds"] = ["farmers", "no-such-guild"]
    path.write_text(json.dumps(doc))
    bad = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], capture_output=True, text=True)
    assert bad.returncode == 2 and "\"no-such-guild\" is not a Guild card" in bad.stderr and "Traceback" not in bad.stderr


def test_the_history_names_the_draft_without_its_cards():
    from companion.rise_and_fall.play.public import describe

    g = guild_setup(["normal"] * 3)
    setup = {"type": "setup", "players": [{"name": "Eric"}, {"name": "Cathy"}, {"name": "Joanna"}], "guilds": {"levels": [], "dealt": DEAL}}
    assert describe(setup, g) == "New game for Eric, Cathy and Joanna with the Guilds"
    choice = {"type": "guild-choice", "player": 0, "keep": ["alchemists"], "give": "archivists"}
    assert describe(choice, g) == "Eric keeps and gives Guild cards, face down"


# --- the choices on the phones ------------------------------------------------------------------
def test_each_player_chooses_their_guild_cards_on_their_own_phone_in_secret():
    from companion.rise_and_fall.play.public import public_view

    g = guild_setup(["normal"] * 3)
    with pytest.raises(IllegalAction, match="Eric's phone acts for Eric only"):
        do(g, type="guild-choice", player=1, keep=["corsairs"], give="capitalists", seat=0)
    mine = public_view(g, 0)
    assert mine.own_dealt == ("alchemists", "aquanauts", "archivists") and mine.own_choice is None and mine.chosen == ()
    assert public_view(g, 1).own_dealt == ("capitalists", "collectors", "corsairs")
    assert public_view(g).own_dealt == ()  # the tablet's view holds no one's cards
    g = do(g, type="guild-choice", player=0, keep=["alchemists"], give="archivists", seat=0)
    for viewer in (None, 1, 2):
        v = public_view(g, viewer)
        assert v.chosen == (0,) and v.own_choice in (None,) and "alchemists" not in repr(v)  # who, never what
    assert public_view(g, 0).own_choice == (("alchemists",), "archivists")
    g = do(g, type="guild-choice", player=1, keep=["corsairs"], give="capitalists", seat=1)
    g = do(g, type="guild-choice", player=2, keep=["druids"], give="farmers", seat=2)
    assert g.phase == "placement" and public_view(g, 0).own_dealt == ()  # revealed: the cards are face up now
    assert [c.guilds for c in public_view(g, 1).civs] == [("alchemists", "farmers"), ("corsairs", "archivists"), ("druids", "capitalists")]


def _dop_game() -> Game:
    """Eric holds the Doppelgangers with 12 GP, Cathy the Farmers: the Recycling phase asks Eric."""
    g = holding(started(), 0, "doppelgangers")
    g = _set(g, 1, replace(g.civs[1], guilds=("farmers",)))
    return _set(g, 0, replace(g.civs[0], gold=12))


def test_a_doppelgangers_holder_who_keeps_them_is_not_asked_again(rulebook_text):
    quote(rulebook_text, "During the Recycling phase, you can pay the bank 10 Gold Coins and exchange this card with another player's Guild card.")
    g = swap_phase(_dop_game())
    assert g.to_move() == [0]
    with pytest.raises(IllegalAction, match="true or false") as refused:
        do(g, type="keep-guild", player=0, ask_again="no")
    assert refused.value.rule == "doppelgangers-keep"
    this_turn = do(g, type="keep-guild", player=0)
    assert this_turn.phase == "A" and swap_phase(this_turn).to_move() == [0]  # keep this turn: asked at the next one
    g = do(g, type="keep-guild", player=0, ask_again=False, seat=0)
    assert g.phase == "A" and any("not asked again" in n for n in g.notes)
    assert swap_phase(g).to_move() == []  # the next Recycling phase does not stop for Eric
    assert swap_phase(_set(g, 0, replace(g.civs[0], gold=30))).to_move() == []  # nor once he is richer
    # the Guild cards on the table change (a card gained at the Doppelganger's House): a swap is newly possible
    changed = _set(g, 2, replace(g.civs[2], guilds=("miners",)))
    assert swap_phase(changed).to_move() == [0]
    # Eric asks to be asked again, from his phone, in any phase
    with pytest.raises(IllegalAction, match="Cathy's phone acts for Cathy only"):
        do(g, type="ask-guild-swap", player=0, seat=1)
    again = do(g, type="ask-guild-swap", player=0, seat=0)
    assert swap_phase(again).to_move() == [0] and "asked again" in " ".join(again.notes)
    with pytest.raises(IllegalAction) as twice:
        do(again, type="ask-guild-swap", player=0)
    assert twice.value.rule == "doppelgangers-ask"


def test_the_doppelgangers_answer_is_in_the_log_for_a_reload_and_undo(tmp_path):
    from companion.gamelog import GameStore, Session
    from companion.rise_and_fall.play import state_file as S
    from companion.rise_and_fall.play.public import describe, public_view

    st = S.state([("Eric", "red"), ("Cathy", "yellow")], turn=3, phase="D")
    eric, cathy = st.players
    eric.guilds, eric.level, eric.gold = ["doppelgangers"], "normal", 12
    cathy.guilds, cathy.level = ["farmers"], "normal"
    cathy.hand.remove("city")
    cathy.decline.append("city")
    assert S.problems(st) == []
    store = GameStore(tmp_path)
    s = store.start("rise-and-fall/game", "joined", R, {"type": "start-from-state", "state": st.to_dict()})
    s.do({"type": "pass", "player": 1, "seat": 1})
    assert s.state.phase == "E" and s.state.to_move() == [0]
    s.do({"type": "keep-guild", "player": 0, "ask_again": False, "seat": 0})
    assert s.state.phase == "A" and s.state.turn == 4
    assert describe(s.history()[-1].action, s.state) == "Eric keeps the Doppelgangers, not asked again (on their phone)"
    # another device reads the same log: the answer stands there too
    other = Session(store.open(s.log.path.stem), R)
    assert public_view(other.state).kept == (0,) and swap_phase(other.state).to_move() == []
    other.log.close()
    s.undo()  # Undo takes it back: the Recycling phase asks Eric again
    assert s.state.phase == "E" and s.state.to_move() == [0] and public_view(s.state).kept == ()
    s.log.close()
