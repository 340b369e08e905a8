"""The page's first paint: the shelf the template draws before the kernel answers is the live
shelf's twin, knows the table's look, escapes what it shows, and needs no widget library."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from companion import games
from companion.gamelog import GameStore
from companion.ui import first_paint
from companion.ui.first_paint import KEY, page_config_hook, shelf_html
from companion.ui.shelf import Shelf
from companion.ui.shelf_look import LOOKING


def test_one_tile_per_game_on_the_shelf_and_each_play_button_names_its_live_twin(tmp_path):
    page = shelf_html()
    assert page.count("class='widget-box widget-vbox rf-shelf-tile'") == len(games.games())
    live = Shelf(GameStore(tmp_path), choose=lambda _: None, resume=lambda _: None, history=lambda: None)
    for g, tile in zip(games.games(), live.tiles.children):
        play = tile.children[-1]
        assert html.escape(play.description) in page  # "Play Rise &amp; Fall"
        css = [c for c in play._dom_classes if c.startswith("rf-shelf")]
        assert f"data-rf-live='button.{'.'.join(css)}'" in page
        assert tile.children[0].value in page and tile.children[1].value in page  # same picture, same words
    assert LOOKING in page and "button.rf-continue" not in page  # Continue needs the game files: the live shelf's


def test_the_look_of_the_table_dark_and_large():
    light = shelf_html()
    dark = shelf_html(dark=True, large=True)
    assert "class='widget-box widget-vbox rf-app'" in light
    assert "class='widget-box widget-vbox rf-app rf-dark rf-large'" in dark
    for page in (light, dark):  # both words there: the look shown picks one (a browser's own look may differ)
        assert "<span class='rf-fp-if-light'>Dark</span><span class='rf-fp-if-dark'>Light</span></button>" in page
        assert "<span class='rf-fp-if-normal'>A+</span><span class='rf-fp-if-large'>A−</span></button>" in page


def test_the_browsers_own_look_is_set_before_anything_of_the_first_paint_is_drawn():
    page = shelf_html()
    opening, rest = page.split(">", 1)
    assert opening.startswith("<div id='rf-first-paint'")
    assert rest.startswith(first_paint.LOOK_SCRIPT) and "localStorage.getItem('rf-look')" in first_paint.LOOK_SCRIPT


def test_what_the_first_paint_shows_is_escaped(monkeypatch):
    odd = replace(games.games()[0], title='Rise <&> "Fall"', about="<script>alert(1)</script>")
    monkeypatch.setattr(first_paint.games, "games", lambda: [odd])
    page = shelf_html()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page
    assert "Rise &lt;&amp;&gt; &quot;Fall&quot;" in page


NOTEBOOKS = Path(__file__).parents[2] / "notebooks"


def test_the_hook_reads_the_settings_of_the_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path))
    (tmp_path / "settings.json").write_text(json.dumps({"dark": True}))
    served = NOTEBOOKS / "companion.ipynb"  # Voilà names it relative to its root
    config = page_config_hook({"baseUrl": "/"}, base_url="/", notebook_path="companion.ipynb", served=served)
    assert re.search(r"id='rf-first-paint' class='[^']*rf-dark", config[KEY])
    (tmp_path / "settings.json").write_text("{not json")  # a damaged settings file: the light look
    config = page_config_hook({"baseUrl": "/"}, notebook_path=str(served))
    assert "rf-dark" not in config[KEY].split(">")[0]


def test_only_the_dashboard_opens_on_the_first_paint_of_the_shelf():
    rise = NOTEBOOKS / "rise.ipynb"  # Rise!'s own page, served with the same template
    assert KEY not in page_config_hook({}, notebook_path="rise.ipynb", served=rise)
    assert KEY not in page_config_hook({}, notebook_path="no-such.ipynb")
    assert KEY in page_config_hook({}, notebook_path="companion.ipynb", served=NOTEBOOKS / "companion.ipynb")


def test_the_server_draws_it_without_the_widget_library():
    code = "import sys, companion.ui.first_paint as f; f.shelf_html(); print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
