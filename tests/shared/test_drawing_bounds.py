"""A picture's bounds (its SVG's viewBox) hold its texts as they are drawn: a centred text reaches half its
width on each side of its point, a text that starts at its point reaches its whole width to the right."""

from companion.drawing import Scene, Text


def test_a_centred_text_is_bounded_on_both_sides_and_a_starting_one_to_its_right():
    centred = Scene(items=[Text(100, 50, "Granite", 10)])
    w = len("Granite") * 10 * 0.6
    left, _, right, _ = centred.bounds()
    assert (left, right) == (100 - w / 2, 100 + w / 2)
    starting = Scene(items=[Text(100, 50, "Granite", 10, anchor="start")])
    left, _, right, _ = starting.bounds()
    assert (left, right) == (100, 100 + w)
