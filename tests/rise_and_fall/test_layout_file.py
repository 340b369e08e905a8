import json

import pytest
from helpers import complete_layout
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError, FileFormatError
from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.layout import load, loads, parse, save


def test_save_load_save_is_byte_identical(tmp_path):
    lay = complete_layout(3)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    save(lay, a)
    save(load(a), b)
    assert a.read_bytes() == b.read_bytes()


def test_unknown_keys_are_kept(tmp_path):
    doc = json.loads(complete_layout(2).dumps())
    doc["designer"] = "Ana"
    doc["tiles"][0]["note"] = "north"
    p = tmp_path / "x.json"
    save(parse(doc), p)
    again = json.loads(p.read_text())
    assert again["designer"] == "Ana" and again["tiles"][0]["note"] == "north"


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path):
    p = tmp_path / "w.json"
    save(complete_layout(2), p)
    save(complete_layout(2), p)
    assert [x.name for x in tmp_path.iterdir()] == ["w.json"]


BAD = [
    ("{", "not valid JSON"),
    ("[]", "must be a JSON object"),
    ('{"format": "x", "version": 1, "players": 2, "tiles": []}', "'format'"),
    ('{"format": "rise-and-fall/layout", "version": 2, "players": 2, "tiles": []}', "version 1"),
    ('{"format": "rise-and-fall/layout", "version": 1, "players": 5, "tiles": []}', "'players'"),
    ('{"format": "rise-and-fall/layout", "version": 1, "players": 2}', "'tiles' is missing"),
    ('{"format": "rise-and-fall/layout", "version": 1, "players": 2, "tiles": [{"tile": "lava", "q": 0, "r": 0, "rotation": 0}]}', "tile 0: \"lava\" is not a tile"),
    ('{"format": "rise-and-fall/layout", "version": 1, "players": 2, "tiles": [{"tile": "sea", "q": 0, "r": 0, "rotation": 6}]}', "tile 0: 'rotation' is 6"),
    ('{"format": "rise-and-fall/layout", "version": 1, "players": 2, "tiles": [{"tile": "sea", "q": 0.5, "r": 0, "rotation": 0}]}', "tile 0: 'q' is 0.5"),
    ('{"format": "rise-and-fall/layout", "version": 1, "players": 2, "tiles": [{"tile": "sea", "q": 0, "rotation": 0}]}', "tile 0 has no 'r'"),
    ('{"format": "rise-and-fall/layout", "version": 1, "players": 2, "tiles": [{"tile": "sea", "q": true, "r": 0, "rotation": 0}]}', "tile 0: 'q' is true"),
]


@pytest.mark.parametrize("text,expect", BAD)
def test_bad_layouts_get_one_sentence(text, expect):
    with pytest.raises(FileFormatError) as e:
        loads(text, "w.json")
    msg = str(e.value)
    assert expect in msg and msg.startswith("w.json") and "\n" not in msg


def test_check_names_the_first_illegal_tile():
    lay = complete_layout(2)
    lay2 = parse(json.loads(lay.dumps()))
    lay2.tiles[5], lay2.tiles[30] = lay2.tiles[30], lay2.tiles[5]
    report = check(lay2)
    assert not report.valid and report.tile == 5 and report.rule == "phase-order"
    assert check(lay).valid and check(lay).complete


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@given(json_values)
def test_random_documents_only_raise_our_error(doc):
    try:
        parse(doc, "fuzz.json")
    except CompanionError:
        pass


KEYS = ["format", "version", "name", "players", "tiles", "tile", "q", "r", "rotation"]


@given(st.data())
def test_mutations_of_a_valid_layout_only_raise_our_error(data):
    doc = json.loads(complete_layout(2).dumps())
    for _ in range(data.draw(st.integers(1, 4))):
        target = doc
        if data.draw(st.booleans()) and isinstance(doc.get("tiles"), list) and doc["tiles"]:
            target = doc["tiles"][data.draw(st.integers(0, len(doc["tiles"]) - 1))]
            if not isinstance(target, dict):
                continue
        key = data.draw(st.sampled_from(KEYS))
        if data.draw(st.booleans()):
            target.pop(key, None)
        else:
            target[key] = data.draw(json_values)
    try:
        lay = parse(doc, "m.json")
        check(lay)
    except CompanionError:
        pass


@given(st.text(max_size=200))
def test_random_text_only_raises_our_error(text):
    try:
        loads(text, "t.json")
    except CompanionError:
        pass
