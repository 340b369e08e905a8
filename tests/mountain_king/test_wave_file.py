"""The ``mountain-king/wave`` file: both examples of the format page exactly, and every rule refused by its id."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.mountain_king.scoring import score, to_json_text
from companion.mountain_king.wave import WaveFileError, loads, parse, parse_bytes, validate

from .helpers import example, example_text, wave2, wave3


@pytest.mark.parametrize("n", [0, 1])
def test_both_examples_of_the_format_page_print_exactly_what_the_page_shows(n):
    doc, printed = example(n)
    result = score(parse(doc))
    assert to_json_text(result) == printed
    assert json.loads(printed) == result.to_dict()


def test_a_wave_file_written_back_reads_as_the_same_wave():
    for doc in (wave2(), wave3()):
        w = parse(doc)
        assert parse(w.to_dict()) == w


def test_a_byte_order_mark_is_ignored_and_bytes_that_are_not_utf8_are_json():
    assert loads(b"\xef\xbb\xbf" + example_text(0).encode()).wave == 2
    with pytest.raises(WaveFileError) as e:
        parse_bytes(b'{"players": ["\xff"]}')
    assert e.value.rules == ["json"]


@pytest.mark.parametrize("text", [
    '{"wave": NaN}', '{"wave": Infinity}', '{"wave": -Infinity}', '{"wave": 2, "wave": 3}',
    '{"caverns": [{"id": "a", "id": "b"}]}', "{", "", '{"players": ["\\ud800"]}', "[" * 100000,
])
def test_what_is_not_json_is_refused_as_json(text):
    with pytest.raises(WaveFileError) as e:
        loads(text)
    assert e.value.rules == ["json"] and e.value.errors[0].startswith("json: ")


Mutation = Callable[[dict[str, Any]], Any]


def _cav(i: int, **kv: Any) -> Mutation:
    return lambda d: d["caverns"][i].update(kv)


def _set(key: str, value: Any) -> Mutation:
    return lambda d: d.__setitem__(key, value)


def _drop(key: str) -> Mutation:
    return lambda d: d.pop(key)


def _clan(name: str, **kv: Any) -> Mutation:
    return lambda d: d["clans"][name].update(kv)


def _hall(i: int, **kv: Any) -> Mutation:
    return lambda d: d["great_halls"][i].update(kv)


# (base, change, the one rule it breaks)
CASES: list[tuple[str, Mutation, str]] = [
    ("2", _set("format", "mountain-king/waves"), "format"),
    ("2", _set("version", True), "format"),
    ("2", _set("version", 1.0), "format"),
    ("2", _set("version", "1"), "format"),
    ("2", _set("version", 2), "format"),
    ("2", _drop("format"), "missing-key"),
    ("2", _drop("version"), "missing-key"),
    ("2", _drop("wave"), "missing-key"),
    ("2", _drop("players"), "missing-key"),
    ("2", _drop("caverns"), "missing-key"),
    ("3", _drop("great_halls"), "missing-key"),
    ("3", _drop("elders"), "missing-key"),
    ("3", _drop("clans"), "missing-key"),
    ("2", lambda d: d["caverns"][0].pop("id"), "missing-key"),
    ("2", lambda d: d["caverns"][0].pop("domain"), "missing-key"),
    ("3", lambda d: d["great_halls"][0].pop("value"), "missing-key"),
    ("3", lambda d: d["great_halls"][0].pop("caverns"), "missing-key"),
    ("3", lambda d: d["clans"]["moss"].pop("tile"), "missing-key"),
    ("3", lambda d: d["clans"]["moss"].pop("votes"), "missing-key"),
    ("2", _set("honor_before", {}), "unknown-key"),
    ("2", _cav(0, lair="Blue"), "unknown-key"),
    ("3", _hall(0, notes="x"), "unknown-key"),
    ("3", _clan("moss", notes="x"), "unknown-key"),
    ("2", _set("wave", "2"), "type"),
    ("2", _set("wave", 2.0), "type"),
    ("2", _set("players", "Blue"), "type"),
    ("2", lambda d: d["players"].append(3), "type"),
    ("2", _set("honour_before", [21]), "type"),
    ("2", lambda d: d["honour_before"].update(Blue=2.5), "type"),
    ("2", _set("caverns", {}), "type"),
    ("2", lambda d: d["caverns"].append("moss-3"), "type"),
    ("2", _cav(0, id=12), "type"),
    ("2", _cav(0, domain=["hammer"]), "type"),
    ("2", _cav(0, trolls=[2]), "type"),
    ("2", _cav(0, trolls={"Blue": True}), "type"),
    ("2", _cav(3, gnomes="1"), "type"),
    ("3", _set("great_halls", {}), "type"),
    ("3", _hall(0, value="8"), "type"),
    ("3", _hall(0, caverns="granite-1"), "type"),
    ("3", _hall(0, caverns=["granite-1", 2]), "type"),
    ("3", _set("elders", [7]), "type"),
    ("3", lambda d: d["elders"].update(Yellow=7.0), "type"),
    ("3", _set("clans", []), "type"),
    ("3", lambda d: d["clans"].__setitem__("moss", [9, 5, 3]), "type"),
    ("3", _clan("moss", tile=[9, 5]), "type"),
    ("3", _clan("moss", tile=[9, 5, "3"]), "type"),
    ("3", _clan("moss", votes={"Green": 5}), "type"),
    ("3", _clan("ice", votes=[["Pink", "3"]]), "type"),
    ("3", _clan("ice", votes=[["Pink"]]), "type"),
    ("3", _clan("ice", votes=[[3, "Pink"]]), "type"),
    ("2", _set("wave", 4), "wave"),
    ("2", _set("wave", 0), "wave"),
    ("2", lambda d: d.update(players=["Blue"], honour_before={}, caverns=[]), "player-count"),
    ("2", _set("players", ["Blue", "Yellow", "Pink", "Green", "Red", "Black"]), "player-count"),
    ("2", lambda d: d["players"].append(""), "empty-name"),
    ("2", _cav(6, id=""), "empty-name"),
    ("2", lambda d: d["players"].append("gnomes"), "reserved-name"),
    ("2", lambda d: d["players"].append("Blue"), "duplicate-player"),
    ("2", lambda d: d["honour_before"].update(Zed=0), "unknown-player"),
    ("2", _cav(0, trolls={"Zed": 0}), "unknown-player"),
    ("3", lambda d: d["elders"].update(Zed=1), "unknown-player"),
    ("3", _clan("ice", votes=[["Pink", 3], ["Zed", 1]]), "unknown-player"),
    ("2", _cav(0, trolls={"Blue": -1}), "negative"),
    ("2", _cav(3, gnomes=-1), "negative"),
    ("2", lambda d: d["honour_before"].update(Blue=-3), "negative"),
    ("3", lambda d: d["elders"].update(Pink=-1), "negative"),
    ("3", _clan("ice", votes=[["Pink", -3]]), "negative"),
    ("3", _clan("moss", tile=[9, 5, -3]), "negative"),
    ("2", _cav(0, domain="Hammer"), "unknown-domain"),
    ("2", _cav(0, domain="volcano"), "unknown-domain"),
    ("2", _cav(1, id="hammer-1"), "duplicate-cavern"),
    ("2", _cav(3, trolls={"Blue": 1}), "trolls-and-gnomes"),
    ("2", _set("great_halls", []), "wave3-only"),
    ("2", _set("elders", {}), "wave3-only"),
    ("2", _set("clans", {}), "wave3-only"),
    ("3", _hall(0, value=6), "hall-value"),
    ("3", _hall(0, caverns=[]), "hall-empty"),
    ("3", _hall(0, caverns=["granite-1", "lair-1"]), "hall-unknown-cavern"),
    ("3", _hall(0, caverns=["granite-1", "granite-1"]), "hall-duplicate-cavern"),
    ("3", lambda d: d["elders"].update(Yellow=10), "elders-range"),
    ("3", lambda d: d["clans"].__setitem__("troll", {"tile": [1, 1, 1], "votes": []}), "unknown-clan"),
    ("3", lambda d: d["clans"].pop("fire"), "missing-clan"),
    ("3", _clan("moss", tile=[3, 5, 9]), "tile-order"),
    ("3", _clan("moss", votes=[["Green", 5], ["Pink", 3], ["Yellow", 4]]), "votes-order"),
    ("3", _clan("moss", votes=[["Green", 5], ["Green", 3]]), "duplicate-vote"),
]


@pytest.mark.parametrize("base, change, rule", CASES, ids=[f"{r}-{i}" for i, (_, _, r) in enumerate(CASES)])
def test_every_rule_is_refused_with_its_rule_id_and_one_sentence(base, change, rule):
    doc = wave2() if base == "2" else wave3()
    change(doc)
    errors = validate(doc)
    assert [e.split(":", 1)[0] for e in errors] == [rule], errors
    assert errors[0].startswith(f"{rule}: ") and errors[0].endswith(".") and "\n" not in errors[0]
    with pytest.raises(WaveFileError) as e:
        parse(doc)
    assert e.value.errors == errors


def test_every_rule_of_the_format_page_has_a_case_here():
    import re

    from .helpers import FORMATS

    table = FORMATS.read_text(encoding="utf-8").split("## Validation rules", 1)[1].split("## Decisions", 1)[0]
    rules = set(re.findall(r"^\| `([a-z0-9-]+)` \|", table, re.M))
    assert rules - {r for _, _, r in CASES} == {"json", "not-object"}  # those two are tested on their own


@pytest.mark.parametrize("doc", [[], "wave", 3, None])
def test_a_document_that_is_not_an_object(doc):
    assert [e.split(":")[0] for e in validate(doc)] == ["not-object"]


def test_the_contract_s_example_sentence_and_every_broken_rule_at_once():
    doc = wave2()
    doc["caverns"].insert(3, {"id": "moss-2b", "domain": "moss", "trolls": {"Zed": 1}})
    doc["caverns"][3]["id"] = "moss-2"
    doc["caverns"][6]["id"] = "moss-x"
    doc["wave"], doc["notes"] = 5, "x"
    errors = validate(doc)
    assert 'unknown-player: caverns[3] (id "moss-2") trolls names "Zed", who is not in players.' in errors
    assert sorted(e.split(":")[0] for e in errors) == ["unknown-key", "unknown-player", "wave"]


def test_checks_that_depend_on_a_broken_part_are_skipped():
    doc = wave3()
    doc["players"] = "Yellow, Pink, Green"
    doc["caverns"] = "granite-1"
    assert sorted(e.split(":")[0] for e in validate(doc)) == ["type", "type"]  # no unknown-player, no hall-unknown-cavern


def test_allowed_by_the_page_zero_trolls_beside_gnomes_huge_gnome_counts_empty_lists_and_12_as_an_id():
    doc = wave2()
    doc["caverns"][3]["trolls"] = {"Blue": 0}
    doc["caverns"][3]["gnomes"] = 7
    doc["caverns"].append({"id": "12", "domain": "mud"})
    assert validate(doc) == []
    doc = wave3()
    doc["great_halls"], doc["elders"], doc["caverns"] = [], {}, []
    doc.pop("honour_before")
    doc["clans"]["moss"]["votes"] = [["Green", 0]]
    doc["clans"]["ice"]["tile"] = [6, 6, 3]
    assert validate(doc) == []
    assert score(parse(doc)).to_dict()["players"]["Pink"]["total"] == 6  # Ice first place only, on a [6, 6, 3] tile


def test_names_are_compared_exactly():
    doc = wave2()
    doc["caverns"][0]["trolls"] = {"blue": 2}
    assert [e.split(":")[0] for e in validate(doc)] == ["unknown-player"]
