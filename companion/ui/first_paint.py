"""The page's first paint: the shelf drawn before the page's kernel answers.

A Voilà page shows nothing until its kernel has run the notebook and the widget library has
loaded (seconds on a small machine). The server knows the shelf already: the games of the
registry, their pictures, the table's Dark and A+ settings. So the page template draws that
shelf at once, from :func:`shelf_html`, and the live shelf takes its place the moment it is
drawn. A tap on the first paint is not lost: its button names the live control it stands for
(``data-rf-live``), and the page taps that control when it is there (the template's script).

What the first paint cannot know without reading the game files (Continue) it leaves to the live
shelf, and says it is looking. A page opened on a deep address (a game, a screen, a seat) gets
no first paint: a seat's phone never sees the shelf. No widget is imported here: Voilà's server
calls :func:`page_config_hook` for each page it renders.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from .. import games
from ..gamelog import default_data_dir
from .shelf_look import LOOKING, SHELF_CSS, about_html, picture_html, play_classes, play_label
from .style import CSS
from .table import Settings

#: The page config's key the template reads (and removes, so the page's config stays small).
KEY = "companionFirstPaint"

#: The widget library's own layout rules the first paint needs before that library is loaded.
LAYOUT_CSS = """
<style>
#rf-first-paint, #rf-first-paint * { box-sizing: border-box; }
/* where the live page's notebook cell puts its .rf-app, so nothing moves when it takes over */
#rf-first-paint { display: flex; flex-direction: column; margin: 19px 10px 4px 18px; font-family: system-ui, -apple-system, sans-serif; }
@media (max-width: 760px) { #rf-first-paint { margin: 19px 0 4px 8px; } }
#rf-first-paint .widget-box { display: flex; margin: 0; }
#rf-first-paint .widget-hbox { display: flex; flex-direction: row; }
#rf-first-paint .widget-vbox { display: flex; flex-direction: column; }
#rf-first-paint .widget-html { margin: 2px; }
#rf-first-paint .jupyter-button { font-family: Arial, sans-serif; cursor: pointer; }
#rf-first-paint .rf-fp-pressed { outline: 4px solid #f2c12e; }
html[data-rf-deep] #rf-first-paint { display: none; }
html:not([data-rf-deep]) body:has(#rf-first-paint) #loading { display: none !important; }
#rf-first-paint:not(.rf-dark) .rf-fp-if-dark, #rf-first-paint.rf-dark .rf-fp-if-light,
#rf-first-paint:not(.rf-large) .rf-fp-if-large, #rf-first-paint.rf-large .rf-fp-if-normal { display: none; }
</style>
"""

#: Run as the first paint's first child, before anything of it can be drawn: the look this browser last
#: chose (Dark, A+: each device's own, kept in its ``localStorage`` by the template's script) replaces
#: the server's. The page may arrive in pieces, a frame drawn between two: a script after the first
#: paint could come a frame late and show the table's look first (a light flash in a dark room).
LOOK_SCRIPT = """<script>(function () {
  const fp = document.currentScript.parentElement;
  try {
    const look = JSON.parse(window.localStorage.getItem('rf-look') || 'null');
    if (look) { fp.classList.toggle('rf-dark', !!look.dark); fp.classList.toggle('rf-large', !!look.large); }
  } catch (e) { /* no storage: the server's settings */ }
})();</script>"""


def _button(label: str, classes: str, primary: bool = False) -> str:
    """A button that stands for the live one with the same classes until the page is live."""
    live = "button." + ".".join(classes.split())
    style = " mod-success" if primary else ""
    return (f"<button type='button' class='jupyter-button widget-button rf-btn{style} {html.escape(classes)}' "
            f"data-rf-live='{html.escape(live, quote=True)}'>{html.escape(label)}</button>")


def _look_button(off: str, on: str, classes: str, when_on: str, when_off: str) -> str:
    """Dark/Light or A+/A−: both words there, the look's class shows the right one (a script may change
    the look before the words are read)."""
    live = "button." + ".".join(classes.split())
    return (f"<button type='button' class='jupyter-button widget-button rf-btn {classes}' data-rf-live='{live}'>"
            f"<span class='{when_off}'>{html.escape(off)}</span><span class='{when_on}'>{html.escape(on)}</span></button>")


def _tile(game: games.Game) -> str:
    return (
        "<div class='widget-box widget-vbox rf-shelf-tile'>"
        f"<div class='widget-html'><div class='widget-html-content'>{picture_html(game)}</div></div>"
        f"<div class='widget-html'><div class='widget-html-content'>{about_html(game)}</div></div>"
        f"{_button(play_label(game), play_classes(game), primary=True)}</div>"
    )


def shelf_html(dark: bool = False, large: bool = False) -> str:
    """The shelf as the live page first draws it (Continue still looking), in plain HTML."""
    look = (" rf-dark" if dark else "") + (" rf-large" if large else "")
    bar = (
        "<div class='widget-box widget-hbox rf-nav'>"
        + _look_button("Dark", "Light", "rf-dark-toggle", "rf-fp-if-dark", "rf-fp-if-light")
        + _look_button("A+", "A−", "rf-large-toggle", "rf-fp-if-large", "rf-fp-if-normal")
        + "</div>"
    )
    shelf = (
        "<div class='widget-box widget-vbox rf-shelf'>"
        f"<div class='widget-box widget-hbox rf-shelf-continue'><div class='widget-html'>"
        f"<div class='widget-html-content'>{html.escape(LOOKING)}</div></div></div>"
        "<div class='widget-box rf-shelf-tiles'>" + "".join(_tile(g) for g in games.games()) + "</div>"
        + _button("History of every game", "rf-shelf-history")
        + "</div>"
    )
    return (f"<div id='rf-first-paint' class='widget-box widget-vbox rf-app{look}' aria-busy='true'>{LOOK_SCRIPT}"
            f"{CSS}{SHELF_CSS}{LAYOUT_CSS}{bar}<div class='widget-box'>{shelf}</div></div>")


def shows_the_shelf(notebook_path: str | None) -> bool:
    """Whether the served notebook is the dashboard (its page opens on the shelf); another
    notebook served with this template (Rise!'s own page) gets no first paint of the shelf."""
    try:
        return bool(notebook_path) and DASHBOARD in Path(str(notebook_path)).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False


#: What the dashboard's notebook runs (``notebooks/companion.ipynb``, and any notebook like it).
DASHBOARD = "from companion.ui.app import App"


def page_config_hook(page_config: dict[str, Any], notebook_path: str | None = None, served: Path | None = None,
                     base_url: str | None = None, **_: Any) -> dict[str, Any]:
    """Voilà's hook for each page it renders: hands the template the first paint and the page's
    scripts to ask for at once (``page_scripts``). Voilà names the notebook relative to its root;
    ``served`` is the notebook given on its command line."""
    from . import page_scripts

    page_config.update(page_scripts.head_and_footer(str(base_url or "/")))
    path = served if served is not None and served.name == Path(str(notebook_path)).name else notebook_path
    if not shows_the_shelf(str(path) if path else None):
        page_config.pop(KEY, None)
        return page_config
    try:
        settings = Settings(Path(default_data_dir()))
        page_config[KEY] = shelf_html(settings.get("dark"), settings.get("large"))
    except Exception:  # noqa: BLE001 - without a first paint the page still opens, as before
        page_config.pop(KEY, None)
    return page_config
