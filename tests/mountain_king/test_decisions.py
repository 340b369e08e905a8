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
