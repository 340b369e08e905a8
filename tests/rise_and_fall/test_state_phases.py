"""A game joined in progress at the start of phase A, C or D, and the Tales' creatures on their Spaces: a state taken
from a random legal game reads back the same, and play goes on from it exactly as from the game it was taken from."""

import json
import random
from dataclasses import fields

import pytest
from conftest import examples, quote
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import FileFormatError, IllegalAction
from companion.rise_and_fall import randomplay as RP
from companion.rise_and_fall.play import state_file as S
from companion.rise_and_fall.play.tracker import Game, TrackerRules
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.world import top_terrain
from rise_and_fall.test_tales_tracker import tale_game
from rise_and_fall.test_tracker import NAMES

R = TrackerRules()
COLOURS = ("red", "yellow", "green")
#: What a tracked game keeps of its past that play does not read again: the first pieces' Spaces, the last actor's
#: counters, the Tale buildings' actions of past turns, the turn of the last Fantastic Events, the notes (and, below, the
#: order in which players claimed the Tale Trophies, which only orders the Tales' summary).
HISTORY = {"positions", "activations", "act_limit", "acting_card", "stolen", "notes"}


def carried(g: Game) -> Game:
    """``g`` without its history: what a state holds."""
    blank = Game()
    g = replace(g, **{f: getattr(blank, f) for f in [f.name for f in fields(Game)] + ["stolen"] if f in HISTORY})  # stolen: the Guilds' own
    if g.tales is not None:  # the Tale Trophies by player: a table does not note who claimed one before whom
        g = replace(g, tales=replace(g.tales, used=(), trophies=tuple(sorted(g.tales.trophies, key=lambda t: (t[1], t[0])))))
    return replace(g, tale_play=replace(g.tale_play, event_turn=0))


#: Tales whose buildings, Trophies and pieces of no one a random game reaches with no World's tiles.
TALES = (4, 5, 6, 7, 8, 9)


def played_to(phase: str, rnd: random.Random, skip: int, drawn: tuple[int, ...] = ()) -> Game | None:
    """A random legal game at the start of ``phase``, past its first ``skip`` steps (None when it ends first); with
    Tales ``drawn``, on a World of those Tales."""
    g = tale_game(drawn, n=rnd.choice((2, 3, 4)), trophies_to_end=6) if drawn else R.initial()
    return played_on(g, phase, rnd, skip)


def played_on(g: Game, phase: str, rnd: random.Random, skip: int, steps: int = 3000) -> Game | None:
    """``g`` played on at random to the start of ``phase``, past its first ``skip`` steps (None when it ends first)."""
    for step in range(steps):
        if step >= skip and g.phase == phase and S.at_phase_start(g):
            return g
        a = RP.game_action(g, rnd)
        if a is None:
            return None
        g = R.apply(g, a)
    return None


def joined(g: Game) -> Game:
    """The game started from ``g``'s state written to a file and read back."""
    doc = json.loads(S.of_game(g).dumps())
    assert S.parse_state(doc) == S.of_game(g)
    return R.apply(R.initial(), {"type": "start-from-state", "state": doc})


@settings(max_examples=examples(15, 120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(("A", "C", "D")), st.randoms(use_true_random=False), st.integers(0, 400), st.integers(10, 60),
       st.sampled_from(((), TALES)))
def test_a_state_at_each_phase_reads_back_and_play_goes_on_the_same(phase, rnd, skip, steps, drawn):
    g = played_to(phase, rnd, skip, drawn)
    if g is None:
        return
    h = joined(g)
    assert carried(h) == carried(g)
    assert S.problems(S.of_game(g)) == []
    for _ in range(steps):
        options = RP.legal(g)
        assert RP.legal(h) == options, (g.phase, g.turn)
        if not options:
            break
        a = rnd.choice(options)
        g, h = R.apply(g, a), R.apply(h, a)
        assert carried(h) == carried(g)


def test_phase_c_owes_a_card_per_trophy_claimed_this_turn(rulebook_text):
    quote(rulebook_text, "each player must place one face-down card per Trophy claimed this turn from their hand or their "
                         "discard pile into the communal decline zone, including the player(s) who claimed Trophie(s).")
    quote(rulebook_text, "Note: It's possible to purchase a card in Decline during the last turn, even before tallying Victory Points.")
    st = S.state(list(zip(NAMES, COLOURS)), turn=6, phase="C")
    st.players[1].trophies = ["ship"]
    st.claimed_this_turn = [("ship", 1)]
    assert S.problems(st) == []
    g = R.apply(R.initial(), {"type": "start-from-state", "state": st.to_dict()})
    assert (g.phase, g.cards_owed, g.to_move()) == ("C", (1, 1, 1), [0, 1, 2])
    assert "phase C" in g.notes[0]
    from companion.rise_and_fall.play.public import describe

    assert describe({"type": "start-from-state", "state": st.to_dict()}, g).endswith("from turn 6, phase C")
    for i in range(3):
        g = R.apply(g, {"type": "decline", "player": i, "card": "nomad"})
    assert g.phase == "D" and g.decline_price == S.load_rules().decline_cost(1)
    # the Trophy that ends the game: phase C and D still happen, then the Scores
    st.trophies_to_end = 4
    st.players[0].trophies = ["nomad", "city"]
    st.players[2].trophies = ["temple"]
    assert S.problems(st) == []
    st.claimed_this_turn = []
    st.phase = "D"
    assert [p.rule for p in S.problems(st)] == ["game-over"]


def test_phase_d_asks_only_those_with_a_card_in_decline():
    st = S.state(list(zip(NAMES, COLOURS)), turn=3, phase="D")
    st.players[2].hand.remove("ship")
    st.players[2].decline.append("ship")
    st.players[2].pieces["ship"] = 0
    st.players[2].gold = 5
    g = R.apply(R.initial(), {"type": "start-from-state", "state": st.to_dict()})
    assert (g.phase, g.decided, g.to_move()) == ("D", (0, 1), [2])
    g = R.apply(g, {"type": "buy", "player": 2, "card": "ship"})
    assert (g.phase, g.turn, g.civs[2].gold) == ("A", 4, 5 - S.load_rules().decline_cost(0))


def base(phase: str = "A") -> S.State:
    return S.state(list(zip(NAMES, COLOURS)), turn=5, phase=phase)


def _c_with(claimed):
    st = base("C")
    st.players[0].trophies = ["city"]
    st.claimed_this_turn = claimed
    return st


def _no_active():
    st = _c_with([("city", 0)])
    for p in st.players:
        p.decline, p.hand, p.pieces = p.hand, [], {}
    return st


def _d_stuck():
    st = base("D")
    p = st.players[0]
    p.decline, p.hand, p.pieces = p.hand, [], {}
    return st


@pytest.mark.parametrize(("make", "rule", "words"), [
    (lambda: _c_with([("city", 5)]), "trophies-this-turn", "claimed by one of the players (0 to 2)"),
    (lambda: _c_with([("temple", 0)]), "trophies-this-turn", "Eric claimed the \"temple\" Trophy this turn but does not hold it"),
    (lambda: _c_with([("city", 0), ("city", 0)]), "one-trophy", "listed twice"),
    (lambda: _c_with([]), "phase", "Cards go into Decline in phase C, after a Trophy is claimed"),
    (_no_active, "phase", "the table is in phase D"),
    (lambda: replace(_c_with([("city", 0)]), phase="A"), "trophies-this-turn", "At the start of phase A no Trophy is claimed yet"),
    (_d_stuck, "extinct", "Eric has no active card and cannot pay for one in Decline"),
    (lambda: base("D"), "phase", "No player has a card in Decline"),
    (lambda: replace(base(), creatures={"dragon": (0, 0)}), "creature-world", "give the state's 'world'"),
    (lambda: replace(base(), phase="B"), "phase", "finish the phase at the table first"),
])
def test_each_phase_problem_gets_one_sentence_and_its_rule(make, rule, words):
    st = make()
    found = S.problems(st)
    assert [p.rule for p in found][:1] == [rule], found
    assert words in found[0]
    with pytest.raises(IllegalAction) as e:
        R.apply(R.initial(), {"type": "start-from-state", "state": st.to_dict()})
    assert e.value.rule == rule and "Traceback" not in str(e.value)


def test_a_phase_a_table_cannot_stop_in_reads_with_a_sentence():
    doc = base().to_dict()
    for bad, rule, words in ((dict(doc, phase="B"), "phase", "finish the phase at the table first"),
                             (dict(doc, phase="E"), "phase", "finish the phase at the table first"),
                             (dict(doc, claimed_this_turn="city"), "trophies-this-turn", "'claimed_this_turn' lists"),
                             (dict(doc, creatures=[{"piece": "kraken", "q": 0, "r": 0}]), "creatures", "is not a creature"),
                             (dict(doc, creatures=[{"piece": "dragon", "q": 10**9, "r": 0}]), "space-in-world", "far outside")):
        with pytest.raises(FileFormatError, match=words) as e:
            S.parse_state(bad)
        assert e.value.rule == rule
    g = played_to("A", random.Random(1), 10)
    i = g.to_move()[0]
    with pytest.raises(FileFormatError, match="in the middle of phase A") as e:
        S.of_game(R.apply(g, {"type": "play", "player": i, "card": g.civs[i].hand[0]}))
    assert e.value.rule == "phase"


@pytest.fixture(scope="module")
def seas():
    lay = generate_with_tales(3, 2, (1, 2, 3)).to_dict()
    terrain = top_terrain(S.layout_file.parse(lay, "w").tiles)
    return lay, terrain


def test_the_creatures_spaces_are_carried_and_checked(seas, rulebook_text):
    quote(rulebook_text, "no other game piece can stop on that space")
    lay, terrain = seas
    sea = [s for s in sorted(terrain) if terrain[s] == "sea"]
    glacier = [s for s in sorted(terrain) if terrain[s] == "glacier"]
    st = S.state(list(zip(NAMES, COLOURS)), world=lay)
    st.creatures = {"leviathan": sea[0], "water-elemental": sea[1], **({"dragon": glacier[0]} if glacier else {})}
    assert S.problems(st) == []
    g = R.apply(R.initial(), {"type": "start-from-state", "state": st.to_dict()})
    assert dict((k, (q, r)) for k, q, r in g.tale_play.creatures) == st.creatures
    from companion.rise_and_fall.variants.tales.fantastic import unplaced, where

    assert unplaced(g) == [] and where(g, "leviathan") == sea[0]
    assert S.of_game(g).creatures == st.creatures
    from companion.rise_and_fall.variants.tales.in_play import with_laid

    assert S.of_game(replace(g, tale_play=with_laid(g.tale_play, 0, "ship", 1))).players[0].laid == {"ship": 1}  # test_state_tales
    # an old state without them: the table places them, as after the first pieces
    old = S.state(list(zip(NAMES, COLOURS)), world=lay)
    assert "creatures" not in old.to_dict()
    assert set(unplaced(R.apply(R.initial(), {"type": "start-from-state", "state": old.to_dict()}))) >= {"leviathan", "water-elemental"}
    land = next(s for s in sorted(terrain) if terrain[s] == "forest")
    for creatures, rule, words in (({"leviathan": land}, "creature-terrain", "stands on forest; it stands on sea"),
                                   ({"leviathan": (99, 99)}, "space-in-world", "that space is not in the World"),
                                   ({"leviathan": sea[0], "water-elemental": sea[0]}, "creature-space", "a creature has a space of its own")):
        st.creatures = creatures
        found = S.problems(st)
        assert found and found[0].rule == rule and words in found[0], found
        with pytest.raises(IllegalAction) as e:
            R.apply(R.initial(), {"type": "start-from-state", "state": st.to_dict()})
        assert e.value.rule == rule
    st.creatures = {"kraken": (0, 0)}
    assert [p.rule for p in S.problems(st)] == ["creatures"]
    st.world = dict(lay, tales=[2])
    st.creatures = {"water-elemental": sea[1]}
    assert [(p.rule, "not a Tale of this World" in p) for p in S.problems(st)] == [("creature-tale", True)]
    st.world = dict(lay, tales=[1, 2])
    st.world_pieces = {"dragon": 0}
    st.creatures = {"dragon": glacier[0] if glacier else sea[0]}
    assert [(p.rule, "it was hunted" in p) for p in S.problems(st)] == [("creature-tale", True)]


def test_no_creature_stands_on_the_dolmens(rulebook_text):
    lay = generate_with_tales(3, 2, (2, 10)).to_dict()
    tiles = S.layout_file.parse(lay, "w").tiles
    from companion.rise_and_fall.variants.tales.tales import all_areas, area_spaces, parse_markers

    dolmens = area_spaces(tiles, parse_markers(lay.get("tale_pieces")))["dolmens"][0]
    quote(rulebook_text, all_areas()["dolmens"].no_piece)
    st = S.state(list(zip(NAMES, COLOURS)), world=lay)
    st.creatures = {"leviathan": dolmens}
    found = {p.rule: p for p in S.problems(st)}
    assert "special-area-no-piece" in found and found["special-area-no-piece"].startswith(f"The Leviathan at {dolmens[0]},{dolmens[1]} is on")


def test_check_says_the_phase_of_a_state(tmp_path, capsys):
    from companion.cli import main

    st = _c_with([("city", 0)])
    path = tmp_path / "state.json"
    path.write_text(st.dumps())
    assert main(["check", str(path)]) == 0
    assert "at the start of turn 5, phase C" in capsys.readouterr().out
