"""The chart file ``rise-and-fall-1989/chart`` v1: the contract's three examples exactly, the rulebook's
examples quoted, and every validation rule refused with its rule id."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from companion.cli import main
from companion.rome1989.chart import ChartFileError, compute, parse, pct, read, result_json, round_off

from .helpers import barbarian, deep, doc, empire, example, example_bytes, expected_output, kingdom, nation


def chart_of(d: dict) -> dict:
    return compute(read(json.dumps(d))).to_dict()


def rules_broken(data: bytes | str | dict) -> list[str]:
    if isinstance(data, dict):
        data = json.dumps(data)
    with pytest.raises(ChartFileError) as e:
        read(data)
    return e.value.rules


# --- the three examples of the format page, byte for byte -------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_contracts_examples_chart_exactly_as_printed(n, tmp_path, capsys):
    f = tmp_path / f"example{n}.json"
    f.write_bytes(example_bytes(n))
    assert main(["rise-and-fall-1989", "chart", str(f), "--json"]) == 0
    out = capsys.readouterr().out
    assert out == expected_output(n)
    assert json.loads(out) == json.loads(expected_output(n))


def test_the_text_chart_shows_one_decimal_and_the_winner(tmp_path, capsys):
    f = tmp_path / "e2.json"
    f.write_bytes(example_bytes(2))
    assert main(["rise-and-fall-1989", "chart", str(f)]) == 0
    out = capsys.readouterr().out
    assert "Western Rome (western-rome, played by Western Rome): victory points 1/3 of income" in out
    assert "33.3" in out and "68.3" in out  # 100/3 and 205/3, shown to one decimal
    assert out.rstrip().endswith("Victory (60 points): Persia on game turn 2.")


# --- the rulebook's examples, quoted ----------------------------------------------------------------------


def test_aletas_turks_from_b1_to_k1():
    """Turn Record Chart notes 1–13: "Aleta's income for the turn was 23 (18 for areas and 5 for her capitol).
    She also receives on this turn a one time bonus of 25 income." … "a treasury of 79" … "a maintenance of 27"."""
    r = chart_of(example(1))["nations"][0]
    b1, k1 = r["turns"][0], r["turns"][3]
    assert (b1["label"], b1["income"], b1["treasury"], b1["final_treasury"], b1["vp"]) == ("B1", 5, 5, 5, "5")
    assert [t["label"] for t in r["turns"]] == ["B1", "B2", "B3", "K1"]  # note 10: "She records the turn as K1"
    assert (k1["capitol"], k1["income"], k1["bonus"], k1["treasury"]) == (5, 23, 25, 79)
    assert (k1["maintenance"], k1["purchases"], k1["final_treasury"]) == (27, 18, 34)
    assert k1["vp"] == "23" and r["vp_total"] == "54"  # 8.3: the bonus "does not count towards victory points"


def test_any_split_of_b2_and_b3_gives_the_same_k1():
    for b2 in (0, 7, 13, 26):
        d = example(1)
        d["nations"][0]["turns"][1]["areas_income"] = b2
        d["nations"][0]["turns"][2]["areas_income"] = 26 - b2
        k1 = chart_of(d)["nations"][0]["turns"][3]
        assert (k1["treasury"], k1["final_treasury"]) == (79, 34)


def test_the_huns_64_levy_points_from_four_areas_of_8():
    """9.0.2 "the Huns, with four areas each with a revolt value of 8, would have 64 levy points to spend
    (8+8+8+8=32 then doubled)"; 9.0.3 "if the Huns use only 60 levy points … the extra 4 points" are lost."""
    d = doc(nation("Huns", "other", barbarian(0, levy_revolt_values=8 + 8 + 8 + 8, levies_spent=60)))
    t = chart_of(d)["nations"][0]["turns"][0]
    assert (t["levy_points"], t["levies_lost"]) == (64, 4)


def test_a_refund_of_10_percent_of_50_is_5_without_the_empire_bonus():
    """13.4.1 "a kingdom that became an empire with an income of 50 would not count the bonus 35 income for a
    tax refund, only the 50 income; so 10% would be 5"."""
    k10 = [kingdom(45) for _ in range(10)]
    d = doc(nation("Franks", "other", *k10, empire(45, refund_pct=10), first_turn=1))
    e1 = chart_of(d)["nations"][0]["turns"][10]
    assert (e1["label"], e1["income"], e1["bonus"], e1["refund"]) == ("E1", 50, 35, 5)


def test_an_e4_overtax_turns_two_rebellion_groups_into_three():
    """13.1.5 "if a player on E4, who overtaxed by ten percent on the previous turn, rolls a ten for revolts,
    three rebellion groups, instead of two as the chart lists would occur. If a dash appears, there are still
    no rebelling groups"; 13.4.1 the refund on E4 makes E5's two one."""
    turns = [empire(60, overtax_pct=10), empire(60, revolt_table=2, refund_pct=10), empire(60, revolt_table=2)]
    d = doc(nation("Goths", "other", *turns, first_turn=3, opening={"final_treasury": 10}))
    e3, e4, e5 = chart_of(d)["nations"][0]["turns"]
    assert (e4["label"], e4["rebellion_rolls"]) == ("E4", 3)
    assert (e5["label"], e5["rebellion_rolls"]) == ("E5", 1)
    dash = doc(nation("Goths", "other", empire(60, overtax_pct=10), empire(60, revolt_table=0), first_turn=3))
    assert chart_of(dash)["nations"][0]["turns"][1]["rebellion_rolls"] == 0
    assert e3["rebellion_rolls"] is None


def test_rounding_off_is_to_the_nearest_a_half_going_up():
    assert [round_off(Fraction(x, 10)) for x in (45, 99, 44, 5, 4)] == [5, 10, 4, 1, 0]
    assert pct(45, 10) == 5 and pct(45, 20) == 9 and pct(95, 10) == 10 and pct(4, 10) == 0  # decisions 1–3


def test_victory_points_are_exact_and_at_least_the_goal():
    """Decision 8: Rome with 1499/3 (499.67) has not reached 500."""
    turns = [empire(95) for _ in range(14)] + [empire(94)]  # incomes 14 × 100 + 99 = 1499
    d = doc(nation("Western Rome", "western-rome", *turns, first_turn=11), victory={"points": 500})
    r = chart_of(d)
    assert r["nations"][0]["vp_total"] == "1499/3"
    assert r["victory"] == {"rule": "points", "points": 500, "winners": [], "game_turn": None}


def test_rome_solitaire_needs_both_halves_at_250_and_850_together():
    west = nation("Western Rome", "western-rome", *[empire(95) for _ in range(13)], first_turn=11)  # 100/3 a turn
    east = nation("Eastern Rome", "eastern-rome", *[empire(93) for _ in range(13)])  # 98/3: 13 × 198/3 = 858
    r = chart_of(doc(west, east, victory={"scenario": "rome-solitaire"}))
    assert r["victory"]["points"] == "850 together, 250 each"
    assert r["victory"]["winners"] == ["Western Rome", "Eastern Rome"] and r["victory"]["game_turn"] == 13
    alone = chart_of(doc(nation("Western Rome", "western-rome", *[empire(95)] * 12, first_turn=11),
                         victory={"scenario": "rome-solitaire"}))
    assert alone["victory"] == {"rule": "rome-solitaire", "points": "375", "winners": ["Western Rome"], "game_turn": 12}


def test_the_two_halves_of_rome_share_their_place_in_the_playing_order():
    west = nation("Western Rome", "western-rome", empire(95), empire(95), first_turn=11, player="Ann")
    goths = nation("Goths", "other", barbarian(60), barbarian(60), player="Bo")
    east = nation("Eastern Rome", "eastern-rome", empire(95), empire(95), player="Ann")
    r = chart_of(doc(west, goths, east, victory={"points": 120}))
    # after game turn 2 Ann has 4 × 100/3 = 133.3 and Bo 120; Rome (both halves) plays before the Goths
    assert r["victory"] == {"rule": "points", "points": 120, "winners": ["Ann"], "game_turn": 2}
    r = chart_of(doc(goths, west, east, victory={"points": 120}))
    assert r["victory"]["winners"] == ["Bo"]


# --- validation: every rule, with its id -----------------------------------------------------------------

GOOD = doc(nation("Goths", "other", barbarian(5, levy_revolt_values=6, levies_spent=12), barbarian(6), barbarian(7),
                  kingdom(10, maintenance=4)))


def with_turns(*turns, kind="other", **extra):
    return doc(nation("Goths", kind, *turns, **extra))


CASES = {
    "not-object": b"[1, 2]",
    "format": dict(GOOD, format="rise-and-fall/chart"),
    "missing-key": doc({"name": "Goths", "kind": "other", "turns": [{"status": "B", "capitol_on_board": False}]}),
    "unknown-key": with_turns(barbarian(5, treasury=5)),
    "type": with_turns(barbarian(True)),
    "range": with_turns(barbarian(-1)),
    "empty-name": doc(nation("", "other")),
    "no-nations": doc(),
    "duplicate-nation": doc(nation("Goths"), nation("Goths")),
    "kind": doc(nation("Goths", "rome")),
    "duplicate-kind": doc(nation("Persia", "persia", kingdom()), nation("Sassanids", "persia", kingdom())),
    "no-turns": doc({"name": "Goths", "kind": "other", "turns": []}),
    "status": with_turns({"status": "X", "areas_income": 1, "capitol_on_board": False}),
    "status-order": with_turns(kingdom(), barbarian(), first_turn=1),
    "status-skip": with_turns(barbarian(), barbarian(), barbarian(), empire()),
    "early-transition": with_turns(barbarian(), barbarian(), kingdom()),
    "overdue-transition": with_turns(barbarian(), first_turn=12),
    "label": with_turns(barbarian(), barbarian(), barbarian(), kingdom(label="B4")),
    "civilized-status": doc(nation("Persia", "persia", barbarian())),
    "roman-capitol": doc(nation("Eastern Rome", "eastern-rome", empire(90, capitol_on_board=False))),
    "barbarian-capitol": with_turns(barbarian(capitol_on_board=True)),
    "empire-only": with_turns(kingdom(overtax_pct=10)),
    "pct-step": with_turns(empire(overtax_pct=15)),
    "overtax-limit": with_turns(empire(overtax_pct=40)),
    "overtax-and-refund": with_turns(empire(overtax_pct=10, refund_pct=10)),
    "barbarian-spending": with_turns(barbarian(maintenance=3)),
    "levy-status": with_turns(kingdom(levy_revolt_values=4, levies_spent=8)),
    "levy-turn": with_turns(barbarian(levy_revolt_values=4, levies_spent=8), first_turn=4),
    "levy-overspent": with_turns(barbarian(levy_revolt_values=4, levies_spent=9)),
    "levy-cost": with_turns(barbarian(levy_revolt_values=4, levies_spent=7)),
    "admin-leader": with_turns(barbarian(admin_leader=True)),
    "modifier-status": with_turns(barbarian(modifier_rolls=1)),
    "modifier-limit": with_turns(kingdom(modifier_rolls=2)),
    "revolt-table": with_turns(kingdom(revolt_table=2)),
    "negative-treasury": with_turns(kingdom(20, maintenance=51)),
    "must-quit": with_turns(empire(12), empire(40)),
    "after-quit": with_turns(barbarian(quit=True), barbarian()),
    "opening": with_turns(kingdom(), opening={"refund_pct": 10}),
    "kingdom-start": with_turns(barbarian(), kingdom_start=True),
    "victory": dict(GOOD, victory={"points": 0}),
}


def test_the_good_chart_is_good():
    assert parse(GOOD)[1] == []


@pytest.mark.parametrize("rule", sorted(CASES))
def test_every_validation_rule_is_refused_with_its_id(rule):
    broken = rules_broken(CASES[rule])
    assert broken == [rule], broken


@pytest.mark.parametrize("data", [b'{"format": 1, "format": 2}', b"\xff\xfe{}", b'{"version": NaN}',
                                  b'{"version": Infinity}', b"nope", b"[" * 100000])
def test_json_rule(data):
    assert rules_broken(data) == ["json"]


@pytest.mark.parametrize("value", [True, 2.0, "2", None, [2]])
def test_amounts_are_integers(value):
    assert rules_broken(with_turns(barbarian(value))) == ["type"]


def test_a_byte_order_mark_is_ignored():
    assert read(b"\xef\xbb\xbf" + example_bytes(1)).nations[0].name == "Turks"


@pytest.mark.parametrize("d, rule", [
    (dict(GOOD, version=True), "format"), (dict(GOOD, version=1.0), "format"),
    (doc(nation("Goths", player="")), "empty-name"), (doc(nation("Goths", enters=0)), "range"),
    (doc(nation("Western Rome", "western-rome", kingdom())), "civilized-status"),
    (with_turns(kingdom(admin_leader=True), kind="persia"), "admin-leader"),
    (with_turns(empire(admin_leader=True), kind="western-rome"), "admin-leader"),
    (with_turns(barbarian(purchases=3)), "barbarian-spending"),
    (with_turns(*[barbarian()] * 12), "overdue-transition"),
    (with_turns(kingdom(), first_turn=22), "overdue-transition"),
    (with_turns(*[kingdom(30)] * 9, empire(30)), "early-transition"),
    (with_turns(kingdom(), opening={"overtax_pct": 10}, first_turn=1), "opening"),
    (with_turns(empire(), opening={"overtax_pct": 40}, first_turn=2), "opening"),
    (with_turns(empire(), opening={"refund_pct": 15}, first_turn=2), "opening"),
    (dict(GOOD, victory={"scenario": "rome-solitaire"}), "victory"),
    (dict(GOOD, victory={"points": 500, "scenario": "x"}), "victory"),
    (dict(GOOD, victory={"points": True}), "victory"),
    (dict(GOOD, victory=[500]), "victory"),
    (with_turns(empire(refund_pct=200)), "negative-treasury"),
])
def test_more_ways_to_break_a_rule(d, rule):
    assert rules_broken(d) == [rule]


def test_legal_corners():
    """A refund above the rebellion groups is legal (decision 11); an empire may chart a turn without its
    capitol (decision 17); a kingdom start raises levies on its K1 (15.3.2); the Persian empire may have an
    Administrative Leader; 0, 3, 5, 6 and 8 levy points can be spent; a quit turn need not be the chart's last
    when the empire's income was below 20 only if nothing follows (decision 16)."""
    for d in (with_turns(empire(50, refund_pct=50)), with_turns(empire(50, capitol_on_board=False)),
              with_turns(kingdom(10, levy_revolt_values=5, levies_spent=7), kingdom_start=True),
              with_turns(empire(50, admin_leader=True), kind="persia", first_turn=3),
              with_turns(barbarian(levy_revolt_values=4, levies_spent=8), barbarian(levy_revolt_values=3, levies_spent=6),
                         barbarian(levy_revolt_values=3, levies_spent=5)),
              with_turns(empire(12))):
        assert parse(d)[1] == [], d


def test_one_bad_value_does_not_set_off_a_cascade():
    """A nation with a range error is not checked further (its barbarian capitol is not reported)."""
    assert rules_broken(with_turns(barbarian(-1, capitol_on_board=True))) == ["range"]
    # but another nation still is, and victory always is
    d = doc(nation("Goths", "other", barbarian(-1)), nation("Huns", "other", barbarian(capitol_on_board=True)))
    d["victory"] = {"points": -1}
    assert rules_broken(d) == ["range", "barbarian-capitol", "victory"]


def test_every_broken_rule_is_found_in_file_order():
    d = with_turns(barbarian(maintenance=1), barbarian(capitol_on_board=True), kingdom())
    assert rules_broken(d) == ["barbarian-spending", "barbarian-capitol", "early-transition"]


def test_a_bad_file_exits_2_with_one_sentence_per_rule(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(with_turns(barbarian(maintenance=1), barbarian(capitol_on_board=True), kingdom())))
    assert main(["rise-and-fall-1989", "chart", str(f)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == ""
    assert [x.split(":")[0] for x in lines] == ["barbarian-spending", "barbarian-capitol", "early-transition"]
    assert all(x.endswith(")") or x.endswith(".") for x in lines)
    assert main(["rise-and-fall-1989", "chart", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("json: ") and "missing.json: no such file" in err


def test_derived_columns_are_never_entered():
    for key in ("income", "bonus", "treasury", "final_treasury", "vp", "levy_points", "game_turn"):
        assert rules_broken(with_turns(barbarian(**{key: 1}))) == ["unknown-key"]


def test_an_exported_chart_reads_back_the_same():
    for n in (1, 2, 3):
        chart = read(example_bytes(n))
        again = read(json.dumps(chart.to_doc()))
        assert again == chart
        assert result_json(compute(again)) == expected_output(n).rstrip("\n")


def test_a_deep_copy_is_not_needed_to_read_twice():
    d = example(3)
    before = deep(d)
    read(json.dumps(d))
    assert d == before


def test_a_huge_file_is_one_sentence(tmp_path, capsys):
    f = tmp_path / "big.json"
    f.write_bytes(b'{"a": "' + b"x" * (5 * 1024 * 1024) + b'"}')
    assert main(["rise-and-fall-1989", "chart", str(f)]) == 2
    assert capsys.readouterr().err.startswith("json: ")
    f.write_bytes(b"[1]")
    assert main(["rise-and-fall-1989", "chart", str(f), "--json"]) == 2
    assert capsys.readouterr().err == "not-object: the document is a list, not a JSON object.\n"
