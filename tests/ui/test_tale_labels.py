"""The special areas' names on the board: one label per area (the Waterfall's two tiles share one),
readable (at least 12 CSS pixels, dark or light ink on the area's colour) and never covering one
another at any zoom, on the tablet's and the phone's board as on a picture."""

import pytest

from companion.drawing import Text, _overlap, label_box, place_labels, readable_ink, to_svg
from companion.rise_and_fall.variants.tales.worlds import build_with_tales
from companion.rise_and_fall.world.views import AREA_COLOURS, WorldStyle, world_scene
from companion.ui.render_list import prepare


def _scene(drawn=(13, 15, 20, 23), seed=11):
    b = build_with_tales(4, seed, drawn)
    return b, world_scene(b.world, WorldStyle(legend=False), markers=b.markers)


def _labels(scene):
    return [it for it in scene.items if isinstance(it, Text) and it.clear]


def test_the_waterfall_has_one_label_for_its_two_tiles_and_every_area_one():
    b, scene = _scene()
    names = [t.text for t in _labels(scene)]
    assert names.count("Waterfall") == 1
    assert names.count("Orb") == 4 and names.count("Swamp") == 4 and names.count("Volcano") == 1
    assert len(names) == 10


@pytest.mark.parametrize("scale,floor", [(0.35, 2.0), (0.6, 2.0), (1.0, 2.0), (2.5, 2.0), (0.5, 1.0)])
def test_labels_never_cover_one_another_and_are_readable_at_any_zoom(scale, floor):
    """``scale``: buffer pixels per scene unit (the 4-player World fitted on a phone is about 0.35 on a
    2x screen); ``floor``: buffer pixels per CSS pixel."""
    for drawn, seed in [((13, 15, 20, 23), 11), ((12, 13, 15, 20), 3), ((10, 13, 19, 20), 5)]:
        _, scene = _scene(drawn, seed)
        rl = prepare(scene, scale=scale, text_floor=floor)
        assert rl.boxes, "every label is drawn on a box"
        boxes = [(x, y, x + w, y + h) for x, y, w, h, _ in rl.boxes]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert _overlap(a, b) == 0, (scale, drawn, a, b)
        labels = {t.text for t in _labels(scene)}
        for x, y, text, size, colour, bold in rl.texts:
            if text in labels:
                assert size >= 12 * floor


def test_label_ink_reads_on_its_box():
    def contrast(a, b):
        def lum(c):
            c = c.lstrip("#")
            vals = [int(c[k : k + 2], 16) / 255 for k in (0, 2, 4)]
            vals = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in vals]
            return 0.2126 * vals[0] + 0.7152 * vals[1] + 0.0722 * vals[2]
        hi, lo = sorted((lum(a), lum(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    for colour in AREA_COLOURS.values():
        assert contrast(readable_ink(colour), colour) >= 4.5, colour


def test_a_label_keeps_its_spot_when_free_and_moves_when_taken():
    one = place_labels([(100, 100, "Orb", 12)])
    assert one == [(100, 100)]
    two = place_labels([(100, 100, "Waterfall", 12), (104, 102, "Waterfall", 12)])
    assert two[0] == (100, 100) and two[1] != (104, 102)
    assert _overlap(label_box(*two[0], "Waterfall", 12), label_box(*two[1], "Waterfall", 12)) == 0
    assert place_labels([(100, 100, "Waterfall", 12), (104, 102, "Waterfall", 12)]) == two  # the same places


def test_the_picture_draws_the_labels_on_their_boxes_escaped():
    _, scene = _scene()
    svg = to_svg(scene)
    assert svg.count(">Waterfall</text>") == 1 and svg.count("<rect") >= 11
    scene.text(0, 0, "<b>&", size=10, box="#ffffff", clear=True)
    assert "&lt;b&gt;&amp;" in to_svg(scene)


def test_a_label_gives_way_to_a_piece_on_its_spot():
    """On the Scores and Game screens pieces stand on the special areas: the label moves off them."""
    from companion.drawing import Scene

    scene = Scene()
    scene.circle(100, 100, 9, "#2e9e4f")
    scene.text(100, 104, "Sunken City", size=10, box="#1d4f7a", clear=True)
    rl = prepare(scene, scale=2.0, text_floor=2.0)
    x, y, w, h, _ = rl.boxes[0]
    piece = (200 - 18, 200 - 18, 200 + 18, 200 + 18)
    assert _overlap((x, y, x + w, y + h), piece) == 0
    assert abs(rl.texts[0][1] - 208) < 3 * rl.texts[0][3]  # a short move, near its own spot


def test_a_label_never_covers_a_regions_number():
    """The Scores screen's fast path writes each Region's number on the board (as on its chip); a
    special area's name (the Caravansary) moves off it, at every zoom, on the screen as on a picture."""
    from companion.drawing import Scene, _placed_items

    scene = Scene()
    scene.text(100, 104, "7", size=12, bold=True, number=True)
    scene.text(100, 104, "Caravansary", size=10, box="#b5651d", clear=True)
    for scale in (0.35, 1.0, 2.5):
        rl = prepare(scene, scale=scale, text_floor=2.0)
        x, y, w, h, _ = rl.boxes[0]
        seven = next(t for t in rl.texts if t[2] == "7")
        assert _overlap((x, y, x + w, y + h), label_box(*seven[:4])) == 0, scale
    moved = next(t for t in _placed_items(scene) if isinstance(t, Text) and t.clear)
    assert _overlap(label_box(moved.x, moved.y, moved.text, moved.size), label_box(100, 104, "7", 12)) == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_on_the_scores_board_no_label_covers_a_regions_number(tmp_path, seed):
    from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
    from companion.ui.app import App

    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    app.world.load_layout(generate_with_tales(3, seed, (22, 12, 15)).to_dict())
    sc = app.scores
    sc.start_from_world()
    sc.mode.value = "fast"
    scene = sc.scene()
    numbers = [t for t in scene.items if isinstance(t, Text) and t.number]
    assert numbers and "Caravansary" in [t.text for t in _labels(scene)]
    for scale in (0.35, 0.6, 1.0, 2.0):
        rl = prepare(scene, scale=scale, text_floor=2.0)
        marks = [label_box(*t[:4]) for t in rl.texts if t[2].isdigit()]
        for x, y, w, h, _ in rl.boxes:
            for m in marks:
                assert _overlap((x, y, x + w, y + h), m) == 0, (seed, scale)
