"""The layout library: every World with a thumbnail; unreadable files say why.

Two folders: the Worlds shipped with the companion (read-only, listed first) and the
players' own library in the data directory, where "Save to library" writes.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from pathlib import Path
from typing import Callable

import ipywidgets as W

from companion.drawing import to_png
from companion.errors import CompanionError
from companion.rise_and_fall.files import read_json
from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.layout import Layout, parse, save
from companion.rise_and_fall.world.views import WorldStyle, world_scene
from companion.ui.widgets import busy, button, hbox, html_widget, message_html, vbox

#: The Worlds that come with the companion: listed, never written.
SHIPPED_LAYOUTS = Path(__file__).resolve().parents[3] / "layouts"
DARK_BACKGROUND = "#1d2228"  # as the World screen's board in the dark theme
THUMB = WorldStyle(hex_size=5.0, outline_width=0.6, cliff_width=1.2, legend=False)


class Library:
    def __init__(self, folder: Path, shipped: Path | None = None, dark: Callable[[], bool] = lambda: False) -> None:
        self.folder = Path(folder)  # the players' own library: saves go here
        self.dark = dark  # thumbnails drawn on the theme's background: no white boxes in the dark
        self.shipped = Path(shipped) if shipped and Path(shipped).resolve() != self.folder.resolve() else None
        self.on_load: Callable[[dict], str | None] | None = None  # what the World screen said of the load
        self._widget: W.VBox | None = None  # made when its panel is first opened
        self._thumbs: dict[tuple[str, float, bool], bytes] = {}
        self._drawn = False

    @property
    def widget(self) -> W.VBox:
        """The list of Worlds (filled by :meth:`refresh` when its panel is opened)."""
        if self._widget is None:
            self._widget = vbox([html_widget("<i>Open this panel to see the Worlds.</i>")])
            self._widget.add_class("rf-library")
        return self._widget

    def entries(self) -> list[tuple[Path, Layout | None, str | None]]:
        """(path, layout or None, problem sentence or None) for every .json file."""
        out = []
        paths = sorted(self.shipped.glob("*.json")) if self.shipped and self.shipped.is_dir() else []
        for p in paths + sorted(self.folder.glob("*.json")):
            try:
                out.append((p, parse(read_json(p), p.name), None))
            except CompanionError as e:
                out.append((p, None, str(e)))
        return out

    def thumbnail(self, path: Path, layout: Layout) -> bytes:
        dark = bool(self.dark())
        key = (str(path), path.stat().st_mtime, dark)
        if key not in self._thumbs:
            style = replace(THUMB, background=DARK_BACKGROUND) if dark else THUMB
            self._thumbs[key] = to_png(world_scene(layout.world(), style), scale=1.0, margin=4)
        return self._thumbs[key]

    @property
    def shown(self) -> bool:
        """Whether the list has been drawn (it is drawn when its panel is first opened)."""
        return self._drawn

    def refresh(self) -> None:
        with busy("Drawing the Worlds of the library…"):
            self._refresh()

    def _refresh(self) -> None:
        self._drawn = True
        rows = []
        for path, layout, problem in self.entries():
            if layout is None:
                rows.append(html_widget(message_html(problem or "unreadable", "error")))
                continue
            report = check(layout)
            state = "complete" if report.complete else ("legal so far" if report.valid else "has an illegal tile")
            label = html_widget(f"<b>{html.escape(layout.name or path.stem)}</b><br>{layout.players} players · {len(layout.tiles)} tiles · {state}")
            img = W.Image(value=self.thumbnail(path, layout), format="png", layout=W.Layout(width="96px"))
            said = html_widget(_dom_classes=("rf-lib-said",))  # the Load's answer, under its row: where the finger is
            load = button("Load", lambda doc=layout.to_dict(), said=said: self._load(doc, said), "rf-load")
            row = hbox([img, label, load])
            row.add_class("rf-lib-row")
            rows.append(vbox([row, said]))  # said below the row: nothing of the row moves for it
        if not rows:
            rows.append(html_widget("<i>No Worlds saved yet.</i>"))
        self.widget.children = rows

    def _load(self, doc: dict, said: W.HTML) -> None:
        """Load tapped: the World on the board, and what that did said in the row tapped (and only there)."""
        if self.on_load is None:
            return
        text = self.on_load(doc)
        for entry in self.widget.children:
            if isinstance(entry, W.VBox) and len(entry.children) == 2:
                entry.children[1].value = ""
        said.value = message_html(text, "info") if text else ""

    def save(self, layout: Layout, name: str) -> Path:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "world"
        layout.name = name
        path = self.folder / f"{slug}.json"
        save(layout, path)
        self.refresh()
        return path
