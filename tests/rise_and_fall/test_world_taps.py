"""What a tap on the World being built means, without a screen: shown, rotated, placed, refused."""

import random
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rise_and_fall.randomplay import world_action
from companion.rise_and_fall.world.builder import Build, BuildRules, world_setup_action
from companion.rise_and_fall.world.taps import WorldTaps

RULES = BuildRules()


def world_after(seed: int, steps: int, players: int = 3) -> Build:
    """A World built at random for ``steps`` actions (its setup first)."""
    rng = random.Random(seed)
    b = RULES.apply(RULES.initial(), world_setup_action(players, first=seed % players))
    for _ in range(steps):
        a = world_action(b, rng)
        if a is None:
            break
        b = RULES.apply(b, a)
    return b


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30))
def test_the_places_covering_a_space_are_the_legal_places_through_it(seed, steps):
    """A tap asks only the places through its Space; they are the legal places through it, in the same order."""
    b = world_after(seed, steps)
    kind = b.next_kind()
    if kind is None:
        return
    legal = b.legal(kind) if b.pending_area() is None else b.legal_areas()
    rng = random.Random(seed)
    spaces = {c for t in legal for c in t.cells} | set(b.world.group("rim"))
    for space in rng.sample(sorted(spaces), min(12, len(spaces))):
        assert b.legal_covering(kind, space) == [t for t in legal if space in t.cells]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 30))
def test_a_tap_on_a_legal_place_shows_it_and_a_second_tap_places_it(seed, steps):
    b = world_after(seed, steps)
    kind = b.next_kind()
    if kind is None or b.pending_area() is not None or not b.legal(kind):
        return
    taps = WorldTaps()
    space = random.Random(seed).choice(b.legal(kind)).cells[0]
    shown = taps.tap(b, space)
    assert shown.action is None and shown.redraw and shown.level in ("info", "warning")
    assert "fits here" in shown.said
    assert taps.preview.verdict is None and taps.preview.tile in taps.cycle
    assert all(space in t.cells for t in taps.cycle)
    placed = taps.tap(b, space)
    assert placed.action["type"] == "place" and placed.action["tile"] == kind
    after = RULES.apply(b, placed.action)  # the rules take what a tap sends
    assert len(after.tiles) == len(b.tiles) + 1 and after.tiles[-1] == taps.preview.tile
    who = b.whose_turn()
    assert placed.said.startswith(f"{who} placed a ")
    taps.accepted(placed.action)
    assert taps.preview is None and taps.cycle == []


def test_rotate_goes_through_every_legal_place_covering_the_space():
    b = world_after(7, 3)
    taps = WorldTaps()
    kind = b.next_kind()
    space = b.legal(kind)[0].cells[0]
    taps.tap(b, space)
    seen = {taps.preview.tile}
    for _ in range(len(taps.cycle)):
        a = taps.rotate(b)
        assert a.action is None and taps.preview.verdict is None
        seen.add(taps.preview.tile)
    assert seen == set(taps.cycle) == set(b.legal_covering(kind, space))
    assert taps.rotation == taps.preview.tile.rotation  # the next tap elsewhere tries this rotation first


def test_a_tap_where_no_place_is_legal_shows_the_tile_with_the_rule_and_place_refuses():
    b = world_after(1, 0)
    taps = WorldTaps()
    a = taps.tap(b, (40, 40))  # far from every Sea tile
    assert a.level == "error" and "must touch at least 2 Sea tiles" in a.said and a.redraw
    assert taps.preview.verdict.rule == "sea-touch" and taps.cycle == []
    refused = taps.confirm(b)
    assert refused.action is None and refused.level == "error"
    assert taps.tap(b, (40, 40)).action is None  # a second tap on a refused tile places nothing


def test_rotate_before_any_tap_turns_the_next_tile():
    taps = WorldTaps()
    b = world_after(1, 0)
    a = taps.rotate(b)
    assert taps.rotation == 1 and a.said.startswith("Rotation 1") and not a.redraw
    assert taps.confirm(b).said == "Tap a space on the board first to see the tile there."


def test_a_starting_sea_is_picked_up_then_moved():
    b = world_after(3, 0)
    taps = WorldTaps()
    assert taps.toggle_moving(b).said == "Tap one of the Starting Sea tiles to pick it up."
    assert taps.current_kind(b) == "starting-sea"
    assert "pick it up" in taps.tap(b, (40, 40)).said and taps.preview is None  # no Starting Sea there
    sea = b.tiles[0]
    taps.tap(b, sea.cells[0])
    assert taps.preview.moving == 0 and taps.preview.tile == sea
    far = taps.tap(b, (sea.q - 12, sea.r))
    assert taps.preview.moving == 0 and far.redraw
    if taps.preview.verdict is None:
        moved = taps.tap(b, (sea.q - 12, sea.r))
        assert moved.action["type"] == "move-starting" and moved.action["index"] == 0
        RULES.apply(b, moved.action)
        taps.accepted(moved.action)
        assert not taps.moving_mode
    started = RULES.apply(b, world_action(b, random.Random(0)))
    assert taps.toggle_moving(started).level == "error"  # not once a Sea tile is placed


def test_a_complete_world_says_so():
    b = world_after(2, 200, players=2)
    assert b.complete
    a = WorldTaps().tap(b, (0, 0))
    assert a.action is None and "The World is complete" in a.said


def test_the_taps_need_no_widget():
    code = "import sys, companion.rise_and_fall.world.taps; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
