"""The End of the Wave in the rulebook's order: Entrenchment, each invasion's falls, each Champion, Score the
Wave, Refresh; a tap that answers a question the table has left is refused; old logs replay as written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.drawing import to_svg
from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.mountain_king.board import placeholder
from companion.mountain_king.end_of_wave import Champion, end_honour
from companion.mountain_king.game import MountainKingRules, State, step_name
from companion.mountain_king.story import sentence
from companion.mountain_king.view import TRACK_TEXT, scorepad_scene, track_scene
from tests.rulebooks import quote

RULES = MountainKingRules()
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve")


def play(state: State, *actions) -> State:
    for a in actions:
        state = RULES.apply(state, a)
    return state


def setup(n: int = 4, version: int = 2, **kv) -> State:
    side = "2-3" if n <= 3 else "4-5"
    return play(RULES.initial(), {"type": "setup", "players": list(NAMES[:n]), "board": placeholder(side).to_dict(),
                                  "rules": version, **kv})


def refused(state: State, action: dict, rule: str) -> str:
    with pytest.raises(IllegalAction) as e:
        RULES.apply(state, action)
    assert e.value.rule == rule, (e.value.rule, str(e.value))
    return str(e.value)


def invasions(state: State) -> State:
    """Over the Battle and Entrenchment: at invasion 1."""
    return play(state, {"type": "wave-over"}, {"type": "step-done", "step": "entrenchment"})


def fall(p: str, k: int) -> dict:
    return {"type": "fall", "player": p, "invasion": k}


def done(k: int) -> dict:
    return {"type": "step-done", "step": "invasion", "invasion": k}


def to_champions(state: State) -> State:
    state = invasions(state)
    for k in range(1, state.invasions + 1):
        state = play(state, done(k))
    return state


def test_the_end_of_the_wave_goes_step_by_step_in_the_rulebook_s_order():
    quote("mountain-king", "Once all players have run out of Supplies, the Wave is over. Follow these steps in order: "
                           "Entrenchment, Invasions, Award Champions, Score the Wave.")
    s = play(setup(), {"type": "wave-over"})
    assert s.end == "entrenchment" and not s.scoring
    refused(s, fall("Ana", 1), "step-changed")  # no Troll falls before the invasions
    refused(s, {"type": "champion", "champion": 1, "clan": "ice", "votes": 2, "track": []}, "step-changed")
    s = play(s, {"type": "step-done", "step": "entrenchment"})
    assert s.end == "invasions" and step_name(s) == "Invasions: invasion 1 of 4"
    refused(s, {"type": "step-done", "step": "champions"}, "step-changed")
    for k in range(1, 5):
        s = play(s, done(k))
    assert s.end == "champions" and step_name(s) == "Award Champions: Champion 1 of 5"
    s = play(s, {"type": "step-done", "step": "champions"})
    assert s.scoring and s.end is None


@pytest.mark.parametrize(("n", "gates"), [(2, 3), (3, 3), (4, 4), (5, 5)])
def test_one_invasion_for_each_gate_card_laid_out(n, gates):
    quote("mountain-king", "A number of Invasions occur; one for each Gate card in the display (this will vary by player count).")
    quote("mountain-king", "lay out a number of them face down (three for 2-3 players, four for 4 players, five for 5 players)")
    s = invasions(setup(n))
    for k in range(1, gates):
        s = play(s, done(k))
        assert s.end == "invasions" and step_name(s) == f"Invasions: invasion {k + 1} of {gates}"
    assert play(s, done(gates)).end == "champions"
    assert s.display == n + 1  # "one more than the number of players"


def test_the_first_fallen_score_follows_from_the_order_of_falls_in_each_invasion():
    quote("mountain-king", "The first Troll to fall in each invasion (not each cavern of an invasion) earns the First "
                           "Fallen score of this Wave. All subsequent Trolls that fall during the invasion gain 2 Honour.")
    s = play(setup(), {"type": "end-wave"}, {"type": "score-wave", "empty": list(placeholder("4-5").ids)})
    assert s.wave == 2
    s = play(invasions(s), fall("Cleo", 1), fall("Ana", 1), done(1), fall("Ana", 2))  # no "Next invasion" tap
    assert [t.honour for t in s.taps] == [3, 2, 3]  # Wave II: First Fallen 3, then 2; invasion 2's first: 3 again
    assert s.taps[-1].label == "Fallen Troll, invasion 2 of 4: First Fallen (Wave II)"
    refused(s, fall("Ben", 1), "step-changed")  # invasion 1 is over: a tap for it lands nowhere


def test_a_troll_falling_in_a_breach_scores_none_and_the_breach_does_not_stick():
    quote("mountain-king", "Trolls that fall during a Breach earn zero Honour")
    s = play(setup(), {"type": "fall", "player": "Ana", "breach": True}, {"type": "fall", "player": "Ben", "breach": True})
    assert [t.honour for t in s.taps] == [0, 0]
    s = play(invasions(s), fall("Ana", 1))
    assert s.taps[-1].honour == 2  # Wave I's First Fallen, the Breach long over
    refused(s, {"type": "fall", "player": "Ana", "breach": True}, "step-changed")


def test_a_champion_goes_to_the_most_influence_the_earlier_marker_leading_then_each_contender_chooses_one():
    quote("mountain-king", "if two markers are in the same spot, the marker on the bottom of the stack (signifying that "
                           "it was there earlier) is in the lead.")
    quote("mountain-king", "They must choose between one Vote in the Champion's Clan, or Honour equal to the number of "
                           "yellow lines their disc passed on the Champion's Influence track.")
    s = to_champions(setup())
    s = play(s, {"type": "champion", "champion": 1, "clan": "ice", "votes": 3,
                 "track": [["Ben", 1], ["Dan", 4], ["Ana", 4]]})  # Dan arrived on 4 before Ana
    assert s.votes("ice") == (("Dan", 3),) and s.pending == ("Ana", "Ben")
    refused(s, {"type": "consolation", "champion": 1, "player": "Ben", "choice": "vote"}, "consolation-order")
    refused(s, {"type": "champion", "champion": 2, "clan": "moss", "votes": 1, "track": []}, "consolation-first")
    s = play(s, {"type": "consolation", "champion": 1, "player": "Ana", "choice": "vote"})
    assert dict(s.votes("ice")) == {"Dan": 3, "Ana": 1}
    s = play(s, {"type": "consolation", "champion": 1, "player": "Ben", "choice": "honour", "lines": 2})
    assert s.honour("Ben") == 2 and s.honour("Ana") == 0 and not s.pending
    # one or the other, never both: Ana has chosen, a second choice is refused
    refused(s, {"type": "consolation", "champion": 1, "player": "Ana", "choice": "honour", "lines": 3}, "step-changed")


def test_an_outsider_s_votes_are_wild_and_a_champion_without_influence_is_discarded():
    quote("mountain-king", "Any Votes you get from an Outsider are Wild, and you can apply them to any (one) Clan you wish.")
    quote("mountain-king", "If no player had any Influence on the Champion, discard it from the game.")
    s = to_champions(setup(2))
    refused(s, {"type": "champion", "champion": 1, "clan": "outsider", "votes": 2, "track": [["Ana", 2]]}, "unknown-clan")
    s = play(s, {"type": "champion", "champion": 1, "clan": "outsider", "wild": "fire", "votes": 2, "track": [["Ana", 2]]},
             {"type": "champion", "champion": 2, "clan": "mud", "votes": 2, "track": []})
    assert s.votes("fire") == (("Ana", 2),) and s.votes("mud") == ()
    s = play(s, {"type": "champion", "champion": 3, "clan": "moon", "votes": 1, "track": [["Ben", 1], ["Ana", 2]]})
    assert s.pending == ("Ben",)
    s = play(s, {"type": "consolation", "champion": 3, "player": "Ben", "choice": "vote"})
    assert s.scoring and s.end is None  # the last Champion of the display (3 for 2 players): Score the Wave


def test_refresh_after_scoring_clears_supplies_and_passes_the_start_player_clockwise():
    quote("mountain-king", "discard any leftover Desperation tokens they have.")
    quote("mountain-king", "The Starting player passes the Start player marker clockwise.")
    s = play(setup(3, start="Ben"), {"type": "supply", "player": "Ana", "base": 6, "symbols": 2, "wild_pairs": 0, "desperation": 2})
    assert s.start_player == "Ben" and "Ana" in s.supply
    s = play(to_champions(s), {"type": "step-done", "step": "champions"}, {"type": "score-wave", "empty": list(placeholder("2-3").ids)})
    assert s.wave == 2 and s.supply == {} and s.start_player == "Cleo" and s.end is None and s.falls == ()


def test_score_this_wave_in_the_middle_of_the_walk_names_the_caverns_not_entered():
    s = play(setup(2), {"type": "end-wave"}, {"type": "control", "cavern": "moss-1", "controller": "Ana"})
    said = refused(s, {"type": "score-wave"}, "caverns-not-entered")
    assert "moss-2" in said and "moss-1" not in said
    left = [c for c in s.caverns_to_enter() if c != "moss-1"]
    assert play(s, {"type": "score-wave", "empty": left}).wave == 2


def test_a_wrong_cavern_is_corrected_by_one_action_and_a_second_quick_tap_is_refused():
    s = play(setup(3), {"type": "end-wave"}, {"type": "control", "cavern": "moss-1", "controller": "Cleo"})
    refused(s, {"type": "control", "cavern": "moss-1", "controller": "Cleo"}, "cavern-entered")  # two quick taps on Cleo
    s = play(s, {"type": "control", "cavern": "moss-1", "controller": "Ben", "again": True})
    assert s.walk["moss-1"].trolls == {"Ben": 1} and len(s.walk) == 1


def test_an_old_log_replays_as_written(tmp_path):
    """A log written before the rules' version 2 (its setup says none): a cavern entered twice and a Wave scored
    with caverns not entered replay as they did."""
    store = GameStore(tmp_path)
    gid, log = store.create("mountain-king/game", "old")
    old = [{"type": "setup", "players": ["Ana", "Ben"], "board": placeholder("2-3").to_dict()}, {"type": "end-wave"},
           {"type": "control", "cavern": "moss-1", "controller": "Ana"}, {"type": "control", "cavern": "moss-1", "controller": "Ben"},
           {"type": "score-wave"}]
    head = 0
    for a in old:
        head = log.append(a, head)
    s = Session(store.open(gid), RULES)
    assert s.problem is None and s.state.wave == 2 and s.state.version == 1 and s.state.honour("Ben") == 6
    assert RULES.recorded(old[0])["rules"] == 2  # a new game is written with the version


def test_a_board_entered_before_the_first_action_applies_to_that_game():
    s = setup(2)
    mine = {**placeholder("2-3").to_dict(), "placeholder": False}
    s = play(s, {"type": "board", "board": mine})
    assert not s.board.placeholder
    s = play(s, {"type": "votes", "player": "Ana", "clan": "moss", "votes": 1})
    refused(s, {"type": "board", "board": mine}, "board-after-play")


def test_each_action_is_said_in_a_sentence_with_the_clan_s_name_and_the_right_plural():
    s = setup(4)
    said = [sentence(a, s) for a in (
        {"type": "votes", "player": "Dan", "clan": "fire", "votes": 1},
        {"type": "votes", "player": "Dan", "clan": "fire", "votes": 2},
        {"type": "supply", "player": "Ana", "base": 6, "symbols": 1, "wild_pairs": 0, "desperation": 1},
        {"type": "end-wave"}, {"type": "breach"}, {"type": "tiles", "tiles": {"moss": [9, 5, 3]}},
        {"type": "halls", "values": [8, 4]}, {"type": "control", "cavern": "moss-2", "controller": "Ben"})]
    assert said[:2] == ["Dan gains 1 Fire Vote.", "Dan gains 2 Fire Votes."]
    assert said[2] == "Ana's supplies are set: 7, with 1 Desperation token."
    assert said[5] == "The Moss Vote tile is 9/5/3." and said[7] == "Moss 2: Ben controls it."
    assert all(x.endswith(".") and x[0].isupper() and len(x.split()) >= 3 for x in said), said
    s = play(to_champions(s), {"type": "champion", "champion": 1, "clan": "ice", "votes": 3, "track": [["Ana", 2], ["Ben", 1]]})
    assert sentence({"type": "consolation", "champion": 1, "player": "Ben", "choice": "honour", "lines": 1}, s) == \
        "Ben takes 1 Honour (1 yellow line) as Champion 1's consolation."


def test_the_score_track_s_numbers_are_readable_on_a_phone():
    from companion.drawing import Text

    scene = track_scene(setup(2))
    x0, _, x1, _ = scene.bounds()
    numbers_ = [t for t in scene.items if isinstance(t, Text) and t.text.isdigit()]
    assert numbers_ and all(t.size * 360 / (x1 - x0) >= 12 for t in numbers_) and TRACK_TEXT >= 12


def test_a_marker_that_lapped_the_track_is_ringed_and_its_laps_are_said_in_readable_words():
    """The Honour past 100 was a "+100" 7 px high inside the marker; now a ring, and the words beside the name."""
    from companion.drawing import Circle, Text

    s = setup(2)
    for _ in range(5):
        s = play(s, {"type": "honour", "player": "Ana", "source": "champion", "amount": 25})
    assert s.honour("Ana") == 125
    scene = track_scene(s)
    texts = [t for t in scene.items if isinstance(t, Text)]
    assert all(t.size >= 13 for t in texts), sorted({t.size for t in texts})  # 12 px and more on an upright tablet
    assert any(t.text.startswith("Ana: 125 Honour (ringed: +100") for t in texts)
    assert [c for c in scene.items if isinstance(c, Circle) and c.fill is None and c.radius > 9]  # the ring
    assert "fill=\"none\"" in to_svg(scene)


def test_the_exported_scorepad_says_how_a_tie_was_broken():
    from companion.drawing import Text

    s = play(setup(2), {"type": "votes", "player": "Ben", "clan": "moss", "votes": 2})
    for _ in range(2):
        s = play(s, {"type": "end-wave"}, {"type": "score-wave", "empty": list(s.caverns_to_enter())})
    s = play(s, {"type": "end-wave"}, {"type": "halls", "values": [4] * len(s.board.great_halls)},
             {"type": "tiles", "tiles": {d: [0, 0, 0] for d in ("moss", "ice", "moon", "granite", "hammer", "mud", "fire")}},
             {"type": "score-wave", "empty": list(s.caverns_to_enter())})
    texts = " ".join(t.text for t in scorepad_scene(s).items if isinstance(t, Text))
    assert "Ben wins with 0 Honour: tied with Ana, Ben has the most Votes on the Clan board (2)." in texts


falls_ = st.lists(st.lists(st.sampled_from(NAMES[:4]), max_size=4), min_size=4, max_size=4)
tracks = st.lists(st.lists(st.tuples(st.sampled_from(NAMES[:4]), st.integers(1, 8)), max_size=4,
                           unique_by=lambda m: m[0]), min_size=5, max_size=5)


@settings(max_examples=60, deadline=None)
@given(falls_, tracks, st.lists(st.tuples(st.booleans(), st.integers(0, 5)), min_size=20, max_size=20),
       st.integers(0, 20), st.sampled_from([1, 2, 3]))
def test_the_honour_of_an_end_of_the_wave_is_the_falls_order_and_the_champions_tracks(falls, champs, choices, noise, wave):
    """Whatever was tapped before (Honour in play, Votes), the Honour gained from "the Wave is over" to Score the
    Wave is the invasions' falls in order and the consolations chosen as Honour, nothing else."""
    s = setup(4)
    for i in range(noise % 5):  # play before: Honour and Votes that must not change the End's Honour
        s = play(s, {"type": "honour", "player": NAMES[i], "source": "champion", "amount": 1 + noise},
                 {"type": "votes", "player": NAMES[(i + 1) % 4], "clan": "ice", "votes": 2})
    for _ in range(wave - 1):
        s = play(s, {"type": "end-wave"}, {"type": "score-wave", "empty": list(s.caverns_to_enter())})
    before = {p: s.honour(p) for p in s.players}
    s = invasions(s)
    for k, invasion in enumerate(falls, start=1):
        s = play(s, *(fall(p, k) for p in invasion), done(k))
    taken: list[tuple[str, int]] = []
    pick = iter(choices)
    for k, track in enumerate(champs, start=1):
        s = play(s, {"type": "champion", "champion": k, "clan": "moon", "votes": 2, "track": [list(m) for m in track]})
        for p in Champion(k, "moon", 2, tuple(track)).contenders:
            honour, lines = next(pick)
            if honour:
                taken.append((p, lines))
            s = play(s, {"type": "consolation", "champion": k, "player": p, **({"choice": "honour", "lines": lines} if honour else {"choice": "vote"})})
    assert s.scoring
    want = end_honour(wave, tuple(tuple(i) for i in falls), tuple(taken))
    assert {p: s.honour(p) - before[p] for p in s.players} == {p: want.get(p, 0) for p in s.players}
