"""Each decision of docs/mountain-king/formats.md ("where the rulebook is silent or ambiguous"), one test each."""

from __future__ import annotations

from companion.mountain_king.game import MountainKingRules
from companion.mountain_king.numbers import numbers
from companion.mountain_king.scoring import clan_result, hall_result, score
from companion.mountain_king.wave import Cavern, Clan, Hall, Wave, parse, validate

from .helpers import wave2, wave3


def rules(doc):
    return [e.split(":")[0] for e in validate(doc)]


def test_1_trolls_and_gnomes_together_are_refused():
    doc = wave2()
    doc["caverns"][3]["trolls"] = {"Pink": 1}
    assert rules(doc) == ["trolls-and-gnomes"]


def test_2_wave_iii_scores_no_domain():
    s = score(parse(wave3()))
    assert s.domains == () and s.categories["Yellow"]["caverns"] == 0  # granite-1 is Yellow's, and scores only via the Hall


def test_3_a_touching_cavern_nobody_controls_counts_for_no_party():
    cs = {"t": Cavern("t", "moss", {"A": 2, "B": 2}), "e": Cavern("e", "moss"), "g": Cavern("g", "moss", gnomes=1)}
    h = hall_result(Hall(8, ("t", "e", "g")), cs, ("A", "B"))
    assert h.counts == {"gnomes": 1} and h.winners == ("gnomes",)


def test_4_hall_ties_split_by_floor_and_the_gnomes_share_is_discarded():
    cs = {str(i): Cavern(str(i), "ice", {p: 1} if p != "g" else {}, 1 if p == "g" else 0) for i, p in enumerate("ABg")}
    h = hall_result(Hall(4, ("0", "1", "2")), cs, ("A", "B"))
    assert h.winners == ("A", "B", "gnomes") and h.each == 1  # 4 // 3, remainder dropped, nobody gets the Gnomes' 1


def test_5_no_elders_gain_nothing_and_more_than_nine_is_refused():
    doc = wave3()
    doc["elders"] = {"Green": 0}
    assert score(parse(doc)).categories["Green"]["elders"] == 0
    doc["elders"] = {"Green": 10}
    assert rules(doc) == ["elders-range"]


def test_6_places_are_list_positions_one_vote_needed_unfilled_not_awarded():
    assert clan_result("moss", Clan((9, 5, 3), (("A", 5), ("B", 3), ("C", 3)))).places == (("A", 9), ("B", 5), ("C", 3))
    assert clan_result("moss", Clan((9, 5, 3), (("A", 5), ("B", 1)))).places == (("A", 9), ("B", 5))  # 2 players: no third


def test_7_the_tie_break_counts_markers_that_did_not_place_and_a_full_tie_is_shared():
    ps = ("A", "B", "C", "D")
    moss = Clan((9, 5, 3), (("C", 4), ("D", 3), ("B", 2), ("A", 2)))  # A's 2 Votes are fourth: no place
    ice = Clan((1, 0, 0), (("B", 1),))
    w = Wave(3, ps, (), {"A": 20, "B": 16, "C": 0, "D": 0},
             clans={d: moss if d == "moss" else ice if d == "ice" else Clan((0, 0, 0)) for d in numbers().domains})
    s = score(w)
    assert s.total("A") == 20 and s.total("B") == 16 + 3 + 1 == 20
    assert s.vote_totals["A"] == 2 and s.vote_totals["B"] == 3 and s.winners == ("B",)
    moss_a = Clan((9, 5, 3), (("C", 4), ("D", 3), ("B", 2), ("A", 2)))
    w2 = Wave(3, ps, (), {"A": 21, "B": 18}, clans={d: moss_a if d == "moss" else Clan((0, 0, 0)) for d in numbers().domains})
    s2 = score(w2)
    assert s2.total("A") == s2.total("B") == 21 and s2.winners == ("A", "B")  # 2 Votes each: shared, seat order
    assert "winners" not in score(parse(wave2())).to_dict()


def test_8_any_non_increasing_tile_is_accepted():
    doc = wave3()
    doc["clans"]["moon"]["tile"] = [6, 6, 6]
    assert rules(doc) == []


def test_9_honour_before_is_added_to_the_total_and_absent_means_zero():
    doc = wave2()
    doc.pop("honour_before")
    assert score(parse(doc)).total("Pink") == 6


def test_10_lairs_are_not_modelled():
    doc = wave2()
    doc["caverns"][0]["lair"] = "Blue"
    assert rules(doc) == ["unknown-key"]


def test_11_gnomes_and_trolls_per_cavern_are_not_capped():
    doc = wave2()
    doc["caverns"][3]["gnomes"] = 40
    doc["caverns"][0]["trolls"] = {"Blue": 60}
    assert rules(doc) == []


def test_12_two_to_five_players_and_no_solo():
    doc = wave2()
    doc.update(players=["Blue"], honour_before={}, caverns=[])
    assert rules(doc) == ["player-count"]


def test_13_the_first_fallen_chart_wins_over_the_wave_ii_example():
    assert numbers().first_fallen == {1: 2, 2: 3, 3: 4}


def test_14_the_fast_path_enters_a_controller_as_one_troll_and_overrun_as_one_gnome():
    from companion.mountain_king.board import placeholder

    r = MountainKingRules()
    s = r.apply(r.initial(), {"type": "setup", "players": ["A", "B"], "board": placeholder("2-3").to_dict()})
    s = r.apply(r.apply(s, {"type": "end-wave"}), {"type": "control", "cavern": "moss-1", "controller": "B"})
    s = r.apply(s, {"type": "control", "cavern": "moss-2", "overrun": True})
    assert s.walk["moss-1"].trolls == {"B": 1} and s.walk["moss-2"].gnomes == 1


def _game(n: int = 2, **kv):
    from companion.mountain_king.board import placeholder

    r = MountainKingRules()
    return r, r.apply(r.initial(), {"type": "setup", "players": ["A", "B", "C", "D"][:n], "rules": 2,
                                    "board": placeholder("2-3" if n < 4 else "4-5").to_dict(), **kv})


def _run(r, s, *actions):
    for a in actions:
        s = r.apply(s, a)
    return s


def test_21_the_end_of_the_wave_is_walked_step_by_step_and_a_stale_tap_is_refused():
    import pytest

    from companion.errors import IllegalAction

    r, s = _game()
    s = _run(r, s, {"type": "wave-over"}, {"type": "step-done", "step": "entrenchment"})
    with pytest.raises(IllegalAction) as e:
        r.apply(s, {"type": "step-done", "step": "entrenchment"})
    assert e.value.rule == "step-changed"


def test_22_each_invasion_s_falls_give_its_honour_and_a_breach_gives_none():
    r, s = _game()
    s = _run(r, s, {"type": "fall", "player": "A", "breach": True}, {"type": "wave-over"},
             {"type": "step-done", "step": "entrenchment"}, {"type": "fall", "player": "B", "invasion": 1},
             {"type": "fall", "player": "A", "invasion": 1})
    assert [t.honour for t in s.taps] == [0, numbers().first_fallen[1], numbers().later_fallen] and s.invasions == 3


def test_23_a_champion_s_contenders_choose_once_in_order_of_influence():
    r, s = _game()
    s = _run(r, s, {"type": "wave-over"}, {"type": "step-done", "step": "entrenchment"},
             *({"type": "step-done", "step": "invasion", "invasion": k} for k in (1, 2, 3)),
             {"type": "champion", "champion": 1, "clan": "outsider", "wild": "mud", "votes": 2, "track": [["B", 1], ["A", 1]]})
    assert s.votes("mud") == (("B", 2),) and s.pending == ("A",)


def test_24_refresh_clears_supplies_and_passes_the_start_player():
    r, s = _game(start="B")
    s = _run(r, s, {"type": "end-wave"}, {"type": "score-wave", "empty": list(s.caverns_to_enter())})
    assert s.start_player == "A" and s.supply == {}


def test_25_rules_version_2_asks_before_scoring_caverns_not_entered():
    import pytest

    from companion.errors import IllegalAction

    r, s = _game()
    s = _run(r, s, {"type": "end-wave"})
    with pytest.raises(IllegalAction) as e:
        r.apply(s, {"type": "score-wave"})
    assert e.value.rule == "caverns-not-entered"


def test_26_a_board_before_the_first_action_is_the_game_s_and_halls_are_valued_one_by_one():
    from companion.mountain_king.board import placeholder

    r, s = _game()
    s = _run(r, s, {"type": "board", "board": {**placeholder("2-3").to_dict(), "placeholder": False}}, {"type": "hall", "hall": 2, "value": 8})
    assert not s.board.placeholder and s.halls[1] == 8 and s.halls[0] == 0


def test_27_the_board_is_entered_by_taps_and_a_hall_s_cavern_is_kept():
    import pytest

    from companion.errors import IllegalAction
    from companion.mountain_king.board import placeholder
    from companion.mountain_king.board_draft import BoardDraft

    d = BoardDraft.of(placeholder("2-3")).tap("fire-2")
    assert "fire-2" in d.gates
    with pytest.raises(IllegalAction) as e:
        d.count(d.halls[0][0].split("-")[0], 1)
    assert e.value.rule == "board-hall-cavern"


def test_28_a_cavern_entered_is_asked_again_and_corrected_in_one_action():
    from companion.mountain_king.taps import walk_step

    r, s = _game()
    s = _run(r, s, {"type": "end-wave"}, {"type": "control", "cavern": "moss-1", "controller": "A"})
    step = walk_step(s, asked="moss-1")
    assert step.cavern == "moss-1" and all(o.action.get("again") for o in step.fast)
    assert r.apply(s, step.fast[1].action).walk["moss-1"].trolls == {"B": 1}


def test_29_the_rest_of_a_domain_and_a_dominated_cavern_are_one_tap_each():
    from companion.mountain_king.taps import walk_step

    r, s = _game()
    s = _run(r, s, {"type": "end-wave"})
    dominated = next(o for o in walk_step(s).dominated if o.label == "B 2")
    s = r.apply(s, dominated.action)
    assert s.walk["moss-1"].trolls == {"B": 2}
    rest = walk_step(s).rest
    s = r.apply(s, rest.action)
    moss = [c.id for c in s.board.of("moss")]
    assert all(s.walk[c].trolls == {} and s.walk[c].gnomes == 0 for c in moss[1:])
    assert walk_step(s).domain == "ice"
