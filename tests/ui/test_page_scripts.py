"""The page's scripts (``companion/ui/page_scripts.py``): the chunks in one file, and the head's preloads.

The browser test (``tests/browser/test_first_paint.py``) checks a real page runs them; these check the
file and the tags as the server makes them, from the folders this environment's Voilà serves."""

import sys
from pathlib import Path

import pytest

from companion.ui import page_scripts as P
from companion.ui.first_paint import page_config_hook

SHARE = Path(sys.prefix) / "share" / "jupyter"


@pytest.fixture
def voila_folders(monkeypatch):
    """The folders Voilà's server tells the module when it starts (its static files, the extensions)."""
    monkeypatch.setitem(P.SOURCES, "static", [str(SHARE / "voila" / "templates" / "base" / "static")])
    monkeypatch.setitem(P.SOURCES, "labextensions", [str(SHARE / "labextensions"), str(SHARE / "voila" / "labextensions")])
    P._BUILT.clear()
    yield
    P._BUILT.clear()


def links(config: dict) -> list[str]:
    """The addresses the page's preload script asks for."""
    assert config[P.KEY].startswith("<script>") and "rel = 'preload'" in config[P.KEY]
    return P.asked(config[P.KEY])


def test_every_chunk_is_in_the_one_file_and_each_page_script_is_preloaded(voila_folders):
    listed = P.paths()
    chunks = P.bundle()
    by_the_page = [p for p in listed if P.run_by_the_page(p)]
    assert [p for p in listed if p not in chunks.held] == by_the_page  # every chunk is on this disk
    for p in chunks.held[:3] + chunks.held[-3:]:
        assert P.find(p).read_bytes() in chunks.body
    assert chunks.body.count(b"(function () {\n") == len(chunks.held)
    config = page_config_hook({}, base_url="/table/", notebook_path="companion.ipynb")
    assert links(config) == ["/table/" + p for p in by_the_page] + [f"/table/{P.ROUTE}?v={chunks.version}"]
    assert config[P.RUN_KEY] == f'<script src="/table/{P.ROUTE}?v={chunks.version}"></script>\n'
    rise = page_config_hook({}, base_url="/", notebook_path="rise.ipynb")  # Rise!'s own page: the same scripts
    assert links(rise)[-1] == f"/{P.ROUTE}?v={chunks.version}"


def test_without_the_servers_folders_every_script_is_preloaded_and_none_bundled(monkeypatch):
    """JupyterLab's Voilà (a server extension) never tells the folders: the page asks for its chunks itself,
    and the head still asks for every one of them early."""
    monkeypatch.setitem(P.SOURCES, "static", [])
    monkeypatch.setitem(P.SOURCES, "labextensions", [])
    P._BUILT.clear()
    config = page_config_hook({}, base_url="/", notebook_path="companion.ipynb")
    assert links(config) == ["/" + p for p in P.paths()] and config[P.RUN_KEY] == ""
    P._BUILT.clear()


def test_the_page_as_voila_alone_makes_it(monkeypatch, voila_folders):
    monkeypatch.setenv("COMPANION_PRELOAD", "0")  # make page-scripts writes the list from it
    config = page_config_hook({}, base_url="/", notebook_path="companion.ipynb")
    assert config[P.KEY] == config[P.RUN_KEY] == ""


def test_a_path_outside_the_folders_is_never_read(voila_folders):
    assert P.find("voila/static/../../../../etc/passwd") is None
    assert P.find("voila/labextensions/../../../etc/passwd") is None
    assert P.find("elsewhere/voila.js") is None
    assert P.find("voila/static/voila.js").name == "voila.js"


def test_an_address_cannot_close_the_script_it_is_in(monkeypatch, tmp_path):
    listing = tmp_path / "page_scripts.txt"
    listing.write_text("voila/static/voila.js\nvoila/static/</script><b>x.js\n")
    monkeypatch.setattr(P, "LIST", listing)
    monkeypatch.setitem(P.SOURCES, "static", [])
    P._BUILT.clear()
    made = P.head_and_footer("/")[P.KEY]
    assert "</script><b>" not in made and made.count("</script>") == 1
    assert P.asked(made) == ["/voila/static/voila.js", "/voila/static/</script><b>x.js"]
    P._BUILT.clear()
