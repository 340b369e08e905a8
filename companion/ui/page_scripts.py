"""The page's scripts asked for in its head, while its kernel makes the page.

Voilà's page names its script (``voila.js``) only after the notebook's last output, and that script
then asks for about a hundred more, a few at a time: the widget library's chunks, then the
extensions' entries, then their chunks. On a server making five pages at once that chain took longer
than making the pages. The template's head (sent at once, before the kernel has made anything) asks
for every one of them with ``<link rel="preload">``, so they are in the browser by the time the page
runs them. The list is :data:`LIST`, what a companion page loads as this environment installs Voilà
and its widgets; a browser test checks that the page loads exactly these, and ``make page-scripts``
writes it again from a page (after an upgrade of Voilà or ipywidgets).
"""

from __future__ import annotations

import html
import os
from pathlib import Path

#: The page config's key the template reads (and removes).
KEY = "companionPreload"

#: The scripts a companion page loads, one path per line, relative to the server's base URL.
LIST = Path(__file__).with_name("page_scripts.txt")


def paths() -> list[str]:
    """The listed paths (none if the list is missing: the page loads as Voilà alone would)."""
    try:
        lines = LIST.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    return [p.strip() for p in lines if p.strip() and not p.startswith("#")]


def preload_html(base_url: str) -> str:
    """The head's ``<link rel="preload">`` for each listed script (none with ``COMPANION_PRELOAD=0``: the
    page as Voilà alone makes it, from which ``make page-scripts`` writes the list)."""
    if os.environ.get("COMPANION_PRELOAD") == "0":
        return ""
    base = base_url if base_url.endswith("/") else base_url + "/"
    return "".join(f'<link rel="preload" as="script" href="{html.escape(base + p)}">\n' for p in paths())
