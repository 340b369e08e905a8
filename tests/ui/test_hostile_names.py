"""A hostile-names fixture on every screen and in every export: names and colours from files
reach the page and the pictures escaped, colours only as #rrggbb or a known name."""

from __future__ import annotations

import base64
import html
import json
import re
import subprocess
import sys
from pathlib import Path

import ipywidgets as W
import pytest

from companion.drawing import Scene, to_png, to_svg
from companion.errors import FileFormatError
from companion.rise_and_fall.scoring.position import parse_position
from companion.rise_and_fall.world.views import colour_hex
from companion.ui.app import App
from companion.ui.board import MEASURE_HTML

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "hostile-names.json"
DOC = json.loads(FIXTURE.read_text(encoding="utf-8"))
NAMES = [p["name"] for p in DOC["players"]]
WORLD_NAME = DOC["layout"]["name"]
HOSTILE_COLOUR = '#"/><script>alert(1)</script>'
#: What must never appear raw in a page or picture built from the fixture.
RAW = ["<script", "<img", "<svg onload", "' onmouseover='", '"><']


def html_values(widget: W.Widget) -> list[str]:
    """Every HTML string a widget tree sends to the page."""
    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        # the board's own width probe is the page's markup, with no user string in it
        if isinstance(w, (W.HTML, W.HTMLMath)) and w.value != MEASURE_HTML:
            out.append(w.value)
        stack.extend(getattr(w, "children", ()))
    return out


def assert_safe(texts: list[str], where: str) -> None:
    for text in texts:
        for raw in RAW:
            assert raw not in text, f"{where}: {raw!r} reached the page raw in {text[:200]!r}"


def shown(texts: list[str], name: str) -> bool:
    return any(html.escape(name) in t or html.escape(name, quote=False) in t for t in texts)


@pytest.fixture
def app(tmp_path):
    return App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")


def test_every_screen_escapes_the_hostile_names(app):
    # World: a library layout with hostile names, then saved under a hostile name
    app.world.new_world({"type": "load", "layout": DOC["layout"]})
    assert shown(html_values(app.world.widget), NAMES[0]) or shown(html_values(app.world.widget), WORLD_NAME)
    app.world.save_name.value = WORLD_NAME
    app.world.save_to_library()
    app.library.refresh()
    assert shown(html_values(app.library.widget), WORLD_NAME)
    app.world.export()
    assert_safe(html_values(app.widget) + html_values(app.world.widget), "World")
    # Setup and Game: the players' names from the World
    app.go("Setup")
    app.setup.start()
    app.go("Game")
    texts = html_values(app.setup.widget) + html_values(app.game.widget)
    assert shown(texts, NAMES[1])
    assert_safe(texts, "Setup and Game")
    # Scores: a position file with hostile names (and a hostile file name)
    app.go("Scores")
    app.scores.open_position(FIXTURE.read_bytes(), '<img src=x onerror=alert(2)>.json')
    texts = html_values(app.scores.widget)
    assert all(shown(texts, n) for n in NAMES)
    assert_safe(texts, "Scores")
    app.scores.export()
    links = app.scores.downloads.value
    pos64 = re.search(r"data:application/json;base64,([A-Za-z0-9+/=]+)", links).group(1)
    assert [p["name"] for p in json.loads(base64.b64decode(pos64))["players"]] == NAMES
    app.scores.finish()
    app.go("History")
    texts = html_values(app.history.widget)
    assert shown(texts, NAMES[0])
    assert_safe(texts, "History")
    assert_safe(html_values(app.widget), "the whole page")


def test_a_hostile_colour_in_an_old_log_reaches_no_page(app):
    """A scoring started before colours were checked: the page draws grey, never the text."""
    start = {"type": "start", "source": "old", "world": DOC["layout"], "colours": [HOSTILE_COLOUR, "red", "#zzzzzz"],
             "players": [{"name": n, "gold": 0, "trophies": [], "decline": []} for n in NAMES]}
    app.scores._new(start)
    texts = html_values(app.scores.widget)
    assert_safe(texts, "Scores with a hostile colour")
    for t in texts:
        assert HOSTILE_COLOUR not in t and html.escape(HOSTILE_COLOUR) not in t and "#zzzzzz" not in t
    assert colour_hex(HOSTILE_COLOUR) == colour_hex("#zzzzzz") == "#999999" and colour_hex("red").startswith("#")


@pytest.mark.parametrize("key", ["colour", "color"])
def test_a_position_with_a_hostile_colour_is_refused(key):
    doc = json.loads(json.dumps(DOC))
    doc["players"][0][key] = HOSTILE_COLOUR
    with pytest.raises(FileFormatError) as e:
        parse_position(doc, "p.json")
    assert "#rrggbb" in str(e.value)


def test_a_layout_with_a_hostile_colour_is_refused():
    from companion.rise_and_fall.world.layout import parse

    doc = json.loads(json.dumps(DOC["layout"]))
    doc["colours"][1] = HOSTILE_COLOUR
    with pytest.raises(FileFormatError):
        parse(doc, "l.json")


def test_svg_and_png_exports_write_only_colours_and_escaped_text():
    scene = Scene(background=HOSTILE_COLOUR)
    scene.polygon([(0, 0), (10, 0), (5, 8)], fill=HOSTILE_COLOUR, stroke='red" onload="x')
    scene.circle(3, 3, 2, fill='#12345"/>', stroke="blue")
    scene.text(1, 1, NAMES[0], color=HOSTILE_COLOUR)
    svg = to_svg(scene)
    assert "<script" not in svg and "alert(1)" not in svg.replace(html.escape(NAMES[0]), "") and 'onload="' not in svg
    assert html.escape(NAMES[0]) in svg
    assert to_png(scene)[:4] == b"\x89PNG"


def test_the_command_line_renders_the_fixture_escaped(tmp_path):
    for ext in ("svg", "png"):
        out = tmp_path / f"hostile.{ext}"
        p = subprocess.run([sys.executable, "-m", "companion", "render", str(FIXTURE), "-o", str(out)], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
    svg = (tmp_path / "hostile.svg").read_text()
    assert_safe([svg], "render SVG")
    assert html.escape(NAMES[0]) in svg
    p = subprocess.run([sys.executable, "-m", "companion", "score", str(FIXTURE), "--json"], capture_output=True, text=True)
    assert p.returncode == 0 and set(json.loads(p.stdout)["players"]) == set(NAMES)
