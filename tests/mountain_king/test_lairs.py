"""Lair spaces on the board: entered by taps in pairs, drawn beside their caverns with their pair's glyph, readable
on a phone and clear of every cavern, Great Hall and label; a Lair scores nothing and is never asked (decision 10)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.drawing import Circle, Shape, Text, to_svg
from companion.errors import IllegalAction
from companion.gamelog import GameStore
from companion.mountain_king.board import parse, placeholder, saved_or_placeholder
from companion.mountain_king.board_draft import BoardDraft
from companion.mountain_king.game import MountainKingRules
from companion.mountain_king.numbers import numbers
from companion.mountain_king.taps import walk_order
from companion.mountain_king.view import LAIR, board_scene
from tests.rulebooks import quote

from .test_board_picture import boards, check_labels, glyph_box, meet, meets_circle, squares

PAIRS = "The Start player chooses one pair of Lair spaces on the map (pairs are marked with matching glyphs)"


def houses(scene) -> list[tuple[float, float, float, float]]:
    """The Lair spaces drawn: five-cornered shapes in the Lair colour, as boxes."""
    out = []
    for it in scene.items:
        if isinstance(it, Shape) and it.closed and len(it.points) == 5 and it.fill == LAIR:
            xs, ys = [p[0] for p in it.points], [p[1] for p in it.points]
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def check_lairs(scene, pairs: int) -> None:
    """Each Lair space a house holding its glyph, two of each glyph; no house on a circle, a Great Hall, another
    house or a label not its own."""
    texts = [t for t in scene.items if isinstance(t, Text)]
    glyphs = [t for t in texts if t.text.startswith("L") and t.text[1:].isdigit()]
    assert sorted(t.text for t in glyphs) == sorted(f"L{k}" for k in range(1, pairs + 1) for _ in range(2))
    hs = houses(scene)
    assert len(hs) == 2 * pairs
    for t in glyphs:
        box = glyph_box(t)
        assert any(h[0] <= box[0] and box[2] <= h[2] and h[1] <= box[1] and box[3] <= h[3] for h in hs), t.text
    for h in hs:
        for c in (it for it in scene.items if isinstance(it, Circle)):
            assert not meets_circle(h, c), f"a Lair space at {h} covers the circle at ({c.x:.0f}, {c.y:.0f})"
        for sq in squares(scene):
            assert not meet(h, sq), f"a Lair space at {h} covers a Great Hall at {sq}"
        for t in texts:
            box = glyph_box(t)
            inside = h[0] <= box[0] and box[2] <= h[2] and h[1] <= box[1] and box[3] <= h[3]
            assert inside or not meet(h, box), f"a Lair space at {h} covers {t.text!r}"
    for a, b in itertools.combinations(hs, 2):
        assert not meet(a, b), f"two Lair spaces overlap: {a} {b}"


@pytest.mark.parametrize("side, pairs", [("2-3", 3), ("4-5", 5)])
@pytest.mark.parametrize("dark", [False, True])
def test_lair_spaces_are_drawn_in_pairs_with_matching_glyphs_readable_on_a_phone(side, pairs, dark):
    quote("mountain-king", PAIRS)
    scene = board_scene(placeholder(side), dark=dark)
    check_labels(scene)  # every label (the glyphs too) at least 12 px high on a phone, none over another
    check_lairs(scene, pairs)
    svg = to_svg(scene)
    assert svg.count(">L1<") == 2


def test_a_lair_scores_nothing_and_is_never_asked_in_the_walk():
    """"Lairs count as caverns unless specified otherwise" — but the rulebook never places one in a Domain (decision 10)."""
    quote("mountain-king", "Lairs count as caverns unless specified otherwise.")
    board = placeholder("4-5")
    assert board.lairs
    r = MountainKingRules()
    s = r.apply(r.initial(), {"type": "setup", "players": ["A", "B", "C", "D"], "board": board.to_dict(), "rules": 2})
    s = r.apply(s, {"type": "end-wave"})
    assert walk_order(s) == board.ids


def test_the_board_file_keeps_its_lair_pairs():
    board = placeholder("4-5")
    again = parse(board.to_dict())
    assert again.lairs == board.lairs == (("moss-4", "ice-4"), ("moon-4", "granite-4"), ("hammer-4", "mud-4"),
                                          ("fire-4", "moss-5"), ("ice-5", "moon-5"))
    bare = {**board.to_dict()}
    bare.pop("lairs")
    assert parse(bare).lairs == () and "lairs" not in parse(bare).to_dict()


def _doc(lairs):
    return {**placeholder("2-3").to_dict(), "lairs": lairs}


@pytest.mark.parametrize("lairs", [
    "moss-1",
    [["moss-1"]],
    [["moss-1", "ice-1", "moon-1"]],
    [["moss-1", "nowhere"]],
    [["moss-1", "ice-1"], ["moss-1", "moon-1"]],
    [["moss-1", 3]],
])
def test_a_broken_lair_pair_is_refused_with_its_rule(lairs):
    with pytest.raises(IllegalAction) as e:
        parse(_doc(lairs))
    assert e.value.rule in ("board-lair", "board-type") and str(e.value).endswith(".")
    if lairs != "moss-1":
        assert e.value.rule == "board-lair"


def test_lair_spaces_are_tapped_in_pairs_and_a_pair_of_one_is_not_saved():
    d = BoardDraft.of(parse({**placeholder("2-3").to_dict(), "lairs": []})).choose_lairs()
    d = d.tap("moss-1")
    assert d.half_lairs() == ((0, "moss-1"),) and d.drawn().lairs == ()
    with pytest.raises(IllegalAction) as e:
        d.board()
    assert e.value.rule == "board-lair"
    d = d.tap("ice-2")
    assert d.board().lairs == (("moss-1", "ice-2"),)
    d = d.tap("fire-4").tap("fire-2")
    assert d.board().lairs == (("moss-1", "ice-2"), ("fire-4", "fire-2"))
    d = d.tap("moss-1")  # taken off: L1 waits for its second space, which the next tap gives
    assert d.half_lairs() == ((0, "ice-2"),)
    d = d.tap("mud-1")
    assert d.board().lairs == (("ice-2", "mud-1"), ("fire-4", "fire-2"))
    with pytest.raises(IllegalAction) as e:
        d.count("fire", 3)
    assert e.value.rule == "board-lair" and "fire-4" in str(e.value)
    assert d.choose(None).tap("moss-2").gates != d.gates and d.choose(None).tap("moss-2").lairs == d.lairs


@settings(max_examples=25, deadline=None)
@given(boards, st.booleans(), st.data())
def test_lairs_on_a_board_entered_at_random_keep_everything_clear(board, dark, data):
    ids = list(board.ids)
    n = data.draw(st.integers(0, min(5, len(ids) // 2)))
    beside = data.draw(st.permutations(ids))[: 2 * n]
    doc = {**board.to_dict(), "lairs": [beside[2 * k: 2 * k + 2] for k in range(n)]}
    board = parse(doc)
    most = max(len(board.of(d)) for d in numbers().domains)
    scene = board_scene(board, dark=dark)
    check_labels(scene, readable=most <= 6)
    check_lairs(scene, n)


def test_on_the_board_screen_lairs_are_tapped_drawn_at_once_and_saved(tmp_path):
    from companion.mountain_king.screens import MountainKingScreens

    s = MountainKingScreens(GameStore(tmp_path))
    s.side.value = "2-3"
    s.tap_mode.value = -2  # Taps mark: Lairs
    assert s.draft.marking_lairs
    before = len(houses(s.form_board.scene))
    chip = next(b for b in s.chips["fire"].children if "mk-board-fire-2" in b._dom_classes)
    chip.click()
    assert len(houses(s.form_board.scene)) == before + 1  # drawn at the tap, waiting for its pair
    assert "L4" in s.board_form_pic.value and "second Lair space" in s.board_form_pic.value
    next(b for b in s.chips["mud"].children if "mk-board-mud-2" in b._dom_classes).click()
    s.save_board_btn.click()
    assert saved_or_placeholder(tmp_path, "2-3").lairs[-1] == ("fire-2", "mud-2")
    spot = next(sp for sp in s.form_spots["lairs"] if sp[3] == "fire-2")
    s.tap_mode.value = -1
    s._form_picture_tapped(spot[0], spot[1])  # a tap on a Lair space chooses Lairs, the next takes it off
    assert s.draft.marking_lairs
    s._form_picture_tapped(spot[0], spot[1])
    assert s.draft.half_lairs() == ((3, "mud-2"),)
