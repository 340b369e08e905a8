"""A game of Tales joined in progress: what the Tales leave lying from one turn to the next (the Volcano active side
up, the pieces laid on their side, the Guild card drawn at the Doppelganger's House) is written to the state file and
checked with a sentence per problem; random legal games with Tales taken to a state at the start of each phase the
file allows, written, read back and joined, go on exactly as the games they were taken from."""

import json
import random

import pytest
from conftest import examples, quote
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import FileFormatError, IllegalAction
from companion.rise_and_fall import randomplay as RP
from companion.rise_and_fall.play import state_file as S
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, Game, TrackerRules
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.tales.tales import all_tales
from rise_and_fall.test_guilds_random import choices, guild_setup_action
from rise_and_fall.test_state_phases import carried, played_on
from rise_and_fall.test_state_phases import joined as joined_as_in_every_phase
from rise_and_fall.test_tales_tracker import tale_game, tale_world
from rise_and_fall.test_tracker import NAMES

R = TrackerRules()
COLOURS = ("red", "yellow", "green")
ALL_TALES = tuple(sorted(all_tales()))


def joined(g: Game) -> Game:
    """The game started from ``g``'s state, written to a file and read back (a state with no problem)."""
    assert S.problems(S.of_game(g)) == []
    return joined_as_in_every_phase(g)


def played_to(phase: str, rnd: random.Random, skip: int, g: Game) -> Game | None:
    return played_on(g, phase, rnd, skip, steps=2000)


def dealt_away(g: Game) -> Game:
    """The Guild cards dealt and chosen before the first pieces, which play does not read again (a state has them as
    the cards in front of each player), and a 'do not ask again' of the Doppelgangers whose Guild cards have changed
    since, which is over (a state has only those that stand)."""
    from companion.rise_and_fall.variants.guilds.variant import keeps_doppelgangers

    g = replace(carried(g), dealt=(), chosen=())
    return replace(g, kept=tuple(sorted(k for k in g.kept if keeps_doppelgangers(g, k[0]))))


def goes_on_the_same(g: Game, rnd: random.Random, steps: int) -> None:
    h = joined(g)
    carried = dealt_away
    assert carried(h) == carried(g)
    for _ in range(steps):
        options = RP.legal(g)
        assert RP.legal(h) == options, (g.phase, g.turn)
        if not options:
            break
        a = rnd.choice(options)
        g, h = R.apply(g, a), R.apply(h, a)
        assert carried(h) == carried(g), (g.phase, g.turn, a)


@settings(max_examples=examples(20, 150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(tuple(S.STATE_PHASES)), st.randoms(use_true_random=False), st.integers(0, 500), st.integers(10, 80),
       st.integers(2, 4), st.data())
def test_random_games_with_tales_read_back_at_each_phase_and_go_on_the_same(phase, rnd, skip, steps, n, data):
    """On a World of random Tales with no tiles (every Space the table's): the Volcano, Storm Peak, the Typhoon and
    the Doppelganger's House among them."""
    drawn = tuple(sorted(data.draw(st.lists(st.sampled_from(ALL_TALES), min_size=1, max_size=2 * n + 2, unique=True))))
    g = played_to(phase, rnd, skip, tale_game(drawn, n=n, trophies_to_end=6))
    if g is not None:
        goes_on_the_same(g, rnd, steps)


@settings(max_examples=examples(8, 60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(tuple(S.STATE_PHASES)), st.randoms(use_true_random=False), st.integers(0, 400), st.integers(10, 60),
       st.integers(2, 4), st.data())
def test_random_games_with_the_guilds_and_tales_read_back_and_go_on_the_same(phase, rnd, skip, steps, n, data):
    """The Guild variant (each player's level and Guild cards, the Doppelgangers' swap in the Recycling phase) with Tales."""
    drawn = tuple(sorted(data.draw(st.lists(st.sampled_from(ALL_TALES), min_size=1, max_size=2 * n + 2, unique=True))))
    setup = dict(guild_setup_action(n, rnd), world=tale_world(drawn, n), trophies_to_end=6)
    g = R.apply(R.initial(), setup)
    k = 0
    while g.phase in ("guilds", "placement"):
        if g.phase == "placement":
            i = g.to_move()[0]
            piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
            g, k = R.apply(g, {"type": "place-first", "player": i, "piece": piece, "q": k, "r": 0}), k + 1
        else:  # each player keeps and gives among the cards dealt to them
            g = R.apply(g, rnd.choice(choices(g, g.to_move()[0])))
    assert g.levels
    g = played_to(phase, rnd, skip, g)
    if g is not None:
        goes_on_the_same(g, rnd, steps)


@pytest.fixture(scope="module")
def worlds():
    """Worlds with tiles and Tales: the creatures on their Spaces and moving, the Typhoon moving, the Volcano."""
    from companion.rise_and_fall.variants.tales.worlds import generate_with_tales

    return [generate_with_tales(2, 3, (1, 2, 19, 23)).to_dict(), generate_with_tales(3, 5, (3, 11, 17, 23)).to_dict()]


@settings(max_examples=examples(6, 40), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                             HealthCheck.function_scoped_fixture])
@given(st.sampled_from(tuple(S.STATE_PHASES)), st.randoms(use_true_random=False), st.integers(0, 300), st.integers(10, 60),
       st.integers(0, 1))
def test_random_games_on_a_world_with_tiles_read_back_and_go_on_the_same(worlds, phase, rnd, skip, steps, k):
    world = worlds[k]
    players = [{"name": f"P{j + 1}", "colour": c} for j, c in zip(range(world["players"]), ("red", "yellow", "green"))]
    g = R.apply(R.initial(), {"type": "setup", "players": players, "world": world, "tracker_version": TRACKER_VERSION,
                              "trophies_to_end": 6})
    g = played_to(phase, rnd, skip, g)
    if g is not None:
        goes_on_the_same(g, rnd, steps)


# --- the fields, each checked with its sentence -------------------------------------------------------------
def tale_state(*drawn: int) -> S.State:
    return S.state(list(zip(NAMES, COLOURS)), world=tale_world(drawn), turn=4)


def test_the_volcano_active_side_up_is_carried(rulebook_text):
    quote(rulebook_text, "flips the Volcano active side up and chooses the orientation of the tile, thus indicating the spaces hit "
                         "by the lava flows")
    st_ = tale_state(23)
    st_.volcano = "south-east"
    assert S.problems(st_) == []
    g = R.apply(R.initial(), {"type": "start-from-state", "state": json.loads(st_.dumps())})
    assert g.tale_play.volcano == "south-east" and S.of_game(g).volcano == "south-east"
    assert "volcano" not in tale_state(23).to_dict()  # inactive side up: as before, nothing written
    st_.volcano = "up"
    found = S.problems(st_)
    assert [p.rule for p in found] == ["volcano-orientation"]
    assert found[0].endswith("its lava flows point north or north-east or south-east or south or south-west or north-west.")
    other = tale_state(11)
    other.volcano = "north"
    assert [p.rule for p in S.problems(other)] == ["volcano"]
    assert "not a Tale of this World (11 (Storm Peak))" in S.problems(other)[0]


def test_pieces_laid_on_their_side_are_carried(rulebook_text):
    quote(rulebook_text, "A laid down piece will perform no action when its Civilization card is played, it will merely be stood "
                         "back up (at the end of the player's turn to avoid any confusion)")
    quote(rulebook_text, "Any Nomad, Ship, or Merchant which enters a space adjacent to the Storm Peak stops its movement and is laid "
                         "down on its side.")
    st_ = tale_state(11)
    eric = st_.players[0]
    eric.pieces["nomad"] = 2
    eric.laid = {"nomad": 1}
    assert S.problems(st_) == []
    g = R.apply(R.initial(), {"type": "start-from-state", "state": json.loads(st_.dumps())})
    assert g.tale_play.laid == ((0, "nomad", 1),) and S.of_game(g).players[0].laid == {"nomad": 1}
    # the card played: one Nomad acts, the other is stood back up at the end of the turn
    for i, card in ((1, "city"), (2, "city"), (0, "nomad")):
        g = R.apply(g, {"type": "play", "player": i, "card": card})
    while g.acting != 0:
        g = R.apply(g, {"type": "end-turn", "player": g.acting})
    assert g.act_limit == 1
    g = R.apply(g, {"type": "end-turn", "player": 0})
    assert g.tale_play.laid == ()
    for laid, words in (({"nomad": 3}, "Eric has 2 nomad pieces in the World; 3 cannot lie on their side."),
                        ({"temple": 1}, "\"temple\" pieces are not laid on their side by this World's Tales (Storm Peak lays nomad, "
                                        "ship, merchant)")):
        eric.laid = laid
        found = S.problems(st_)
        assert [p.rule for p in found] == ["laid-down"] and words in found[0], found
    typhoon = tale_state(19)
    typhoon.players[0].laid = {"city": 1}
    assert S.problems(typhoon) == []  # the Typhoon lays every piece
    assert [p.rule for p in S.problems(replace(tale_state(1), players=typhoon.players))] == ["laid-down"]


def test_the_guild_card_drawn_at_the_doppelgangers_house_is_carried(rulebook_text):
    quote(rulebook_text, "If, at any later point you wish to use the Doppelganger's House ability again, you will have to discard the "
                         "Guild card previously drawn before drawing 3 new cards.")
    st_ = tale_state(17)
    st_.players[1].guilds = ["miners"]
    st_.players[1].house = "miners"
    assert S.problems(st_) == []
    g = R.apply(R.initial(), {"type": "start-from-state", "state": json.loads(st_.dumps())})
    assert g.tale_play.house == ((1, "miners"),) and g.levels == ()  # a Guild card of the House: not the Guild variant
    assert S.of_game(g).players[1].house == "miners"
    st_.players[1].guilds = []
    found = S.problems(st_)
    assert [p.rule for p in found] == ["doppelgangers-house"] and "list it in their 'guilds' too" in found[0]
    elsewhere = tale_state(11)
    elsewhere.players[0].guilds, elsewhere.players[0].house = ["miners"], "miners"
    assert [p.rule for p in S.problems(elsewhere)] == ["doppelgangers-house"]
    # the Guild variant: a level, or a Guild card not drawn at the House
    both = tale_state(17)
    both.players[0].guilds, both.players[0].house = ["miners", "winged"], "miners"
    assert R.apply(R.initial(), {"type": "start-from-state", "state": both.to_dict()}).levels == ("normal",) * 3


def test_the_new_keys_are_read_with_a_sentence_and_need_version_5():
    doc = tale_state(23).to_dict()
    for bad, rule in ((dict(doc, volcano=3), "volcano-orientation"),
                      (dict(doc, players=[dict(doc["players"][0], laid=["nomad"])] + doc["players"][1:]), "laid-down"),
                      (dict(doc, players=[dict(doc["players"][0], house=["miners"])] + doc["players"][1:]), "doppelgangers-house")):
        with pytest.raises(FileFormatError) as e:
            S.parse_state(bad)
        assert e.value.rule == rule and "Traceback" not in str(e.value)
    old = tale_state(23)
    old.volcano, old.tracker_version = "north", 4
    assert [p.rule for p in S.problems(old)] == ["tale-state"]
    with pytest.raises(IllegalAction) as e:
        R.apply(R.initial(), {"type": "start-from-state", "state": old.to_dict()})
    assert e.value.rule == "tale-state"


def test_a_piece_laid_down_that_leaves_the_world_leaves_the_count(rulebook_text):
    """Version 8: no more of a player's pieces lie on their side than they have in the World, as a state says it; a
    game of version 7 replays as it was written."""
    quote(rulebook_text, "All game pieces adjacent to the Typhoon are laid on their side")
    quote(rulebook_text, "A laid down piece will perform no action when its Civilization card is played")
    from companion.rise_and_fall.variants.tales.in_play import with_laid
    from rise_and_fall.test_tracker import _pieces, _set, acting, do

    def converted(version: int) -> Game:
        g = replace(tale_game([19]), tracker_version=version)
        g = _set(g, 0, _pieces(g.civs[0], "nomad", 1))
        g = replace(g, tale_play=with_laid(g.tale_play, 0, "nomad", 2))  # both of Eric's Nomads lie by the Typhoon
        g = acting(g, 1, "temple", pieces={"temple": 1}, gold=10)
        return do(g, type="act", player=1, action="temple-convert-nomad", target=0)  # Cathy's Temple converts one

    g = converted(TRACKER_VERSION)
    assert g.civs[0].count("nomad") == 1 and g.tale_play.laid == ((0, "nomad", 1),)
    assert converted(7).tale_play.laid == ((0, "nomad", 2),)


def test_a_house_card_swapped_away_is_no_longer_the_one_the_house_discards(rulebook_text):
    """Version 8: the Doppelganger's House discards the card it gave only while that card is still its player's."""
    quote(rulebook_text, "During the Recycling phase, you can pay the bank 10 Gold Coins and exchange this card with another player's "
                         "Guild card.")
    quote(rulebook_text, "you will have to discard the Guild card previously drawn before drawing 3 new cards.")
    from companion.rise_and_fall.variants.tales.in_play import NONE
    from rise_and_fall.test_guild_tale_rules_again import holding
    from rise_and_fall.test_tracker import _set, do, started

    def swapped(version: int) -> Game:
        g = holding(holding(started(version=version), 0, "doppelgangers"), 1, "miners")
        g = _set(g, 0, replace(g.civs[0], gold=10))
        g = replace(g, world_tales=(17,), phase="E", decided=(), tale_play=replace(NONE, house=((0, "doppelgangers"),)))
        return do(g, type="swap-guild", player=0, target=1, guild="miners")

    g = swapped(TRACKER_VERSION)
    assert g.civs[0].guilds == ("miners",) and g.civs[1].guilds == ("doppelgangers",) and g.tale_play.house == ()
    assert swapped(7).tale_play.house == ((0, "doppelgangers"),)  # a version-7 game replays as written


def test_the_doppelgangers_kept_do_not_ask_again_is_carried():
    """A holder of the Doppelgangers who said 'do not ask again' is not asked at the Recycling phase while the Guild
    cards stay as they are (docs/rise-and-fall/decisions.md): a state says so with 'ask_again': false."""
    from companion.rise_and_fall.variants.guilds.variant import keeps_doppelgangers

    st_ = S.state(list(zip(NAMES, COLOURS)), turn=4)
    st_.players[0].guilds, st_.players[0].level, st_.players[0].ask_again = ["doppelgangers"], "normal", False
    st_.players[1].guilds = ["miners"]
    assert S.problems(st_) == [] and st_.to_dict()["players"][0]["ask_again"] is False
    g = R.apply(R.initial(), {"type": "start-from-state", "state": json.loads(st_.dumps())})
    assert keeps_doppelgangers(g, 0) and not keeps_doppelgangers(g, 1)
    assert S.of_game(g).players[0].ask_again is False and S.of_game(g).players[1].ask_again is True
    assert "ask_again" not in S.state(list(zip(NAMES, COLOURS))).to_dict()["players"][0]  # as before: asked
    st_.players[0].guilds = ["winged"]
    assert [p.rule for p in S.problems(st_)] == ["doppelgangers-keep"]
    doc = st_.to_dict()
    doc["players"][0]["ask_again"] = "no"
    with pytest.raises(FileFormatError) as e:
        S.parse_state(doc)
    assert e.value.rule == "doppelgangers-keep"
