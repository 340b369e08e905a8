"""The page's scripts: asked for in its head while its kernel makes the page, and most of them in one file.

Voilà's page names its script (``voila.js``) only after the notebook's last output, and that script
then asks for about ninety more, six at a time: the widget library's chunks, then the extensions'
entries, then their chunks. On a server making five pages at once (a table sitting down) that chain
of requests took longer than making the pages. So:

- the chunks (every listed script but ``voila.js`` and the extensions' entries) are served as one file,
  :func:`bundle`, which the page runs just before ``voila.js``: each chunk registers itself with the
  loader that will ask for it (webpack takes chunks registered before it starts), and nothing is
  asked for again;
- the page's opening (sent at once, before the kernel has made anything) preloads that file, ``voila.js`` and
  the extensions' entries as soon as the first paint is drawn, so they are in the browser by the time the page
  runs them.

The list is :data:`LIST`: what a companion page loads as this environment installs Voilà and its
widgets. A browser test checks that a page runs exactly these; ``make page-scripts`` writes the list
again from a page (after an upgrade of Voilà or ipywidgets). Files missing from the disk are left to
the page to ask for, as Voilà alone would. ``COMPANION_PRELOAD=0``: the page as Voilà alone makes it.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
from dataclasses import dataclass
from pathlib import Path

#: The page config's keys the template reads (and removes): the head's preloads, and the script tag
#: that runs the chunks before ``voila.js``.
KEY, RUN_KEY = "companionPreload", "companionChunks"

#: The scripts a companion page loads, one path per line, relative to the server's base URL.
LIST = Path(__file__).with_name("page_scripts.txt")

#: Where the server answers with the chunks in one file (``?v=`` its hash: a browser keeps it).
ROUTE = "voila/companion/static/page-chunks.js"

MAIN = "voila/static/voila.js"


def paths() -> list[str]:
    """The listed paths (none if the list is missing: the page loads as Voilà alone would)."""
    try:
        lines = LIST.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    return [p.strip() for p in lines if p.strip() and not p.startswith("#")]


def run_by_the_page(path: str) -> bool:
    """Scripts the page's own code adds by their address: ``voila.js`` and each extension's entry."""
    return path == MAIN or Path(path.split("?")[0]).name.startswith("remoteEntry.")


@dataclass(frozen=True)
class Chunks:
    """The chunks found on this server's disk, in one file, and the listed scripts it holds."""

    body: bytes
    version: str
    held: tuple[str, ...]


#: Voilà's folders of static files and of extensions, told by the server when it starts (``install``).
SOURCES: dict[str, list[str]] = {"static": [], "labextensions": []}
_BUILT: dict[tuple, Chunks] = {}


def find(path: str) -> Path | None:
    """The file on disk behind a listed path (``voila/static/…`` or ``voila/labextensions/…``)."""
    path = path.split("?")[0]
    for prefix, kind in (("voila/static/", "static"), ("voila/labextensions/", "labextensions")):
        if path.startswith(prefix):
            rel = path[len(prefix):]
            if ".." in Path(rel).parts:
                return None
            for folder in SOURCES[kind]:
                f = Path(folder) / rel
                if f.is_file():
                    return f
    return None


def bundle() -> Chunks:
    """The listed chunks in one script, each in its own function (a chunk's ``"use strict"`` stays its own)."""
    key = (tuple(paths()), tuple(SOURCES["static"]), tuple(SOURCES["labextensions"]))
    if key not in _BUILT:
        parts: list[bytes] = []
        held: list[str] = []
        for p in key[0]:
            f = None if run_by_the_page(p) else find(p)
            if f is None:
                continue
            parts.append(b"(function () {\n" + f.read_bytes() + b"\n}).call(self);\n")
            held.append(p)
        body = b"".join(parts)
        _BUILT.clear()
        _BUILT[key] = Chunks(body, hashlib.sha256(body).hexdigest()[:20], tuple(held))
    return _BUILT[key]


def head_and_footer(base_url: str) -> dict[str, str]:
    """The page's preloads of each script (asked once the first paint is drawn) and the footer's tag that runs
    the chunks."""
    if os.environ.get("COMPANION_PRELOAD") == "0":
        return {KEY: "", RUN_KEY: ""}
    base = base_url if base_url.endswith("/") else base_url + "/"
    chunks = bundle()
    held = set(chunks.held)
    wanted = [p for p in paths() if p not in held]
    run = ""
    if chunks.held:
        address = f"{base}{ROUTE}?v={chunks.version}"
        wanted.append(address[len(base):])
        run = f'<script src="{html.escape(address)}"></script>\n'
    return {KEY: ASK.replace("ADDRESSES", json.dumps([base + p for p in wanted]).replace("</", "<\\/")), RUN_KEY: run}


#: The page's preloads: at once on a deep address (a seat's phone, a game's screen: no first paint), once the
#: first paint is on screen otherwise (in the head they held the shelf's first paint back by 0.15–0.3 s).
ASK = """<script>
  (function () {
    function ask() {
      ADDRESSES.forEach(function (href) {
        var l = document.createElement('link'); l.rel = 'preload'; l.as = 'script'; l.href = href; document.head.appendChild(l);
      });
    }
    if (document.documentElement.dataset.rfDeep) ask();
    else requestAnimationFrame(function () { setTimeout(ask, 0); });
  })();
</script>
"""


def asked(preload: str) -> list[str]:
    """The addresses a page's preload script asks for (what :func:`head_and_footer` put in it)."""
    start = preload.find("[")
    return json.loads(preload[start:preload.index("]", start) + 1].replace("<\\/", "</")) if start >= 0 else []


def handler_class() -> type:
    """The server's answer for :data:`ROUTE`: the chunks, kept by the browser (the version is in the address)."""
    from tornado import web

    class PageChunks(web.RequestHandler):
        def get(self) -> None:
            chunks = bundle()
            self.set_header("Content-Type", "application/javascript; charset=utf-8")
            self.set_header("Etag", f'"{chunks.version}"')
            if self.get_argument("v", "") == chunks.version:
                self.set_header("Cache-Control", "max-age=31536000, immutable")
            else:
                self.set_header("Cache-Control", "no-cache")
            self.write(chunks.body)

    return PageChunks


def install() -> None:
    """Voilà's handlers with :data:`ROUTE` first; the folders it serves told to :func:`find`."""
    from jupyter_server.utils import url_path_join
    from voila.app import Voila

    if getattr(Voila.init_handlers, "companion_chunks", False):
        return
    base = Voila.init_handlers

    def init_handlers(self):
        SOURCES["static"] = [str(p) for p in self.static_paths]
        SOURCES["labextensions"] = [str(p) for p in self.labextensions_path]
        return [(url_path_join(self.server_url, "/" + ROUTE), handler_class()), *base(self)]

    init_handlers.companion_chunks = True  # type: ignore[attr-defined]
    Voila.init_handlers = init_handlers
