"""Printed numbers and the words on buttons come from rules.json, not from the code."""

import copy

from conftest import quote

from companion.rise_and_fall.numbers import RulesData, load_rules
from companion.rise_and_fall.play.tracker import Game, TrackerRules


def edited(**changes) -> RulesData:
    raw = copy.deepcopy(load_rules().raw)
    for path, value in changes.items():
        node = raw
        *keys, last = path.split("__")
        for k in keys:
            node = node[k]
        node[last] = value
    return RulesData(raw)


def test_economy_is_read_from_the_rules_data(rulebook_text):
    quote(rulebook_text, "Each player gains 1 VP (Victory Point) for every 2 GP in their Treasury.")
    assert [load_rules().economy_vp(g) for g in (0, 1, 2, 7, 120)] == [0, 0, 1, 3, 60]
    assert edited(economy__gp_per_vp=3).economy_vp(7) == 2


def test_where_pieces_stand_is_read_from_the_rules_data(rulebook_text):
    quote(rulebook_text, "- Cities and Nomads cannot be placed in a Sea space or on a Glacier space.")
    stands = load_rules().stands_on
    assert stands["ship"] == {"sea"} and "glacier" in stands["mountaineer"]
    assert all("sea" not in stands[p] and "glacier" not in stands[p] for p in ("city", "nomad"))


def test_trophies_to_end_and_first_pieces_are_data():
    rules = load_rules()
    assert rules.standard_trophies_to_end == 4 and rules.trophies_to_end[4] == "4 Trophies (standard)"
    assert Game().trophies_to_end == 4
    g = TrackerRules().apply(TrackerRules().initial(), {"type": "setup", "players": [
        {"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]})
    assert g.trophies_to_end == 4 and sorted(g.civs[0].hand) == sorted(rules.first_pieces)


def test_button_labels_of_counted_actions_are_data_not_prose():
    from companion.rise_and_fall.play.offers import variants
    from companion.rise_and_fall.play.public import public_view

    spec = next(s for s in load_rules().raw["card_actions"]["merchant"] if s["id"] == "merchant-trade")
    assert set(spec["count_labels"]) == set(spec["per_count"])
    g = TrackerRules().apply(TrackerRules().initial(), {"type": "setup", "players": [
        {"name": "A", "colour": "red"}, {"name": "B", "colour": "blue"}]})
    [(_, label)] = variants(public_view(g, 0), 0, spec)  # the button's label, as the tablet and the phone draw it
    assert label == "Trade with Cities: 5 GP per opposing City, 3 GP per City of yours"
