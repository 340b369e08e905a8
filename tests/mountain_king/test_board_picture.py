"""The board picture (Score the Wave, Board): every label readable on a phone and clear of every other
label and every circle, on the shipped boards, on a game in play, and on boards entered at random."""

from __future__ import annotations

import itertools
import math
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.drawing import CHAR_EM, Circle, Scene, Shape, Text, to_svg
from companion.mountain_king.board import Board, parse, placeholder
from companion.mountain_king.numbers import numbers
from companion.mountain_king.view import board_scene

#: a phone held upright: the picture drawn this many CSS px wide (390 less the page's edges), each label at
#: least this many CSS px high (readable at arm's length)
PHONE_CSS, PHONE_TEXT_CSS = 360.0, 12.0
#: the Board screen's stepper: 1 to 12 caverns a Domain
MOST = 12
#: the picture keeps every label at PHONE_TEXT_CSS px on a phone up to this many caverns in a Domain
#: (the shipped boards have 4 and 5); a larger board stays clear, its text a little smaller
READABLE_UP_TO = 6  # seven caverns in one Domain: 11.7 px


def glyph_box(t: Text) -> tuple[float, float, float, float]:
    """A bold label's glyphs: each character CHAR_EM wide, an ascender above the baseline, a descender below."""
    w = len(t.text) * t.size * CHAR_EM
    left = t.x - w / 2 if t.anchor == "middle" else t.x
    return (left, t.y - t.size, left + w, t.y + t.size * 0.25)


def meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def meets_circle(box, c: Circle) -> bool:
    nx, ny = min(max(c.x, box[0]), box[2]), min(max(c.y, box[1]), box[3])
    return math.hypot(nx - c.x, ny - c.y) < c.radius + c.width / 2


def inside_circle(box, c: Circle) -> bool:
    """The box within the circle's inner edge (its stroke not crossed)."""
    return all(math.hypot(x - c.x, y - c.y) <= c.radius - c.width / 2 for x in box[::2] for y in box[1::2])


def squares(scene: Scene) -> list[tuple[float, float, float, float]]:
    """The Great Halls' squares (four corners, filled gold)."""
    out = []
    for it in scene.items:
        if isinstance(it, Shape) and it.closed and len(it.points) == 4 and it.fill == "#c9a227":
            xs, ys = [p[0] for p in it.points], [p[1] for p in it.points]
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def check_labels(scene: Scene, readable: bool = True) -> None:
    texts = [it for it in scene.items if isinstance(it, Text)]
    circles = [it for it in scene.items if isinstance(it, Circle)]
    boxes = [glyph_box(t) for t in texts]
    for (t, a), (u, b) in itertools.combinations(zip(texts, boxes), 2):
        assert not meet(a, b), f"{t.text!r} at {a} overlaps {u.text!r} at {b}"
    for t, box in zip(texts, boxes):
        own = [c for c in circles if inside_circle(box, c)]  # a cavern's number, the volcano's name
        for c in circles:
            if c not in own:
                assert not meets_circle(box, c), f"{t.text!r} at {box} crosses the circle at ({c.x:.0f}, {c.y:.0f})"
    hall_squares = squares(scene)
    for sq in hall_squares:
        for c in circles:
            assert not meets_circle(sq, c), f"a Great Hall at {sq} covers the circle at ({c.x:.0f}, {c.y:.0f})"
    for a, b in itertools.combinations(hall_squares, 2):
        assert not meet(a, b), f"two Great Halls overlap: {a} {b}"
    for t, box in zip(texts, boxes):  # a Domain's name covers no Great Hall (a hall's value is inside its own)
        for sq in hall_squares:
            assert not meet(box, sq) or all(sq[0] <= v <= sq[2] for v in box[::2]) and all(sq[1] <= v <= sq[3] for v in box[1::2]), t.text
    if readable:
        width = float(re.search(r'<svg [^>]*width="([\d.]+)"', to_svg(scene)).group(1))
        smallest = min(t.size for t in texts) * PHONE_CSS / width
        assert smallest >= PHONE_TEXT_CSS, f"drawn {PHONE_CSS:.0f} px wide, the smallest label is {smallest:.1f} px"


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("side", ["2-3", "4-5"])
def test_the_shipped_boards_labels_are_readable_and_clear(side, dark):
    scene = board_scene(placeholder(side), dark=dark)
    check_labels(scene)
    labels = [it.text for it in scene.items if isinstance(it, Text)]
    assert "granite-2" not in labels and labels.count("2") == 7  # the number in its Domain's wedge
    assert {"Moss", "Granite", "volcano", "H1", "H2"} <= set(labels)  # each Great Hall numbered on the picture


def test_a_game_in_play_with_its_halls_valued_and_caverns_filled():
    from companion import games
    from companion.gamelog import Session

    game = games.get("mountain-king")
    kind = next(iter(game.kinds))
    seen = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = Session(_log(game, kind), game.reducer(kind))
        for _ in range(3000):
            action = game.random_action(kind, s.state, rng)
            if action is None:
                break
            s.do(action)
            if s.state.walk and s.state.halls and s.state.scoring:  # Wave III's walk under way, the halls valued
                break
        st_ = s.state
        if not (st_.walk and st_.halls and st_.scoring):
            continue
        scene = board_scene(st_.board, st_, dark=bool(seed % 2))
        check_labels(scene)
        assert any(isinstance(t, Text) and t.text.split("=")[-1] in ("4", "8", "12") and "=" in t.text and t.size == 24.0 for t in scene.items)
        seen += 1
    assert seen >= 3


def _log(game, kind):
    import tempfile

    from companion.gamelog import GameStore

    return GameStore(tempfile.mkdtemp()).create(game.kind(kind), "a game")[1]


def _board(counts: list[int], gates: list[set[int]], halls: list[list[int]], side: str) -> Board:
    domains = numbers().domains
    caverns = [{"id": f"{d}-{i}", "domain": d, **({"gate": True} if i in g else {})}
               for d, k, g in zip(domains, counts, gates) for i in range(1, k + 1)]
    ids = [c["id"] for c in caverns]
    great = [sorted({ids[j % len(ids)] for j in h}) for h in halls]
    return parse({"format": "mountain-king/board", "version": 1, "side": side, "caverns": caverns, "great_halls": great})


boards = st.builds(
    _board,
    st.lists(st.integers(1, MOST), min_size=7, max_size=7),
    st.lists(st.sets(st.integers(1, 3), max_size=2), min_size=7, max_size=7),
    st.lists(st.lists(st.integers(0, 200), min_size=1, max_size=4), max_size=7),
    st.sampled_from(["2-3", "4-5"]),
)


@settings(max_examples=40, deadline=None)
@given(boards, st.booleans())
def test_a_board_entered_at_random_keeps_its_labels_clear(board, dark):
    most = max(len(board.of(d)) for d in numbers().domains)
    check_labels(board_scene(board, dark=dark), readable=most <= READABLE_UP_TO)
