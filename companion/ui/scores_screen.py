"""The Scores screen: a position file in, the scorepad as printed out, with the World drawn."""

from __future__ import annotations

import html
import json

import ipywidgets as W

from ..drawing import to_png
from ..errors import CompanionError
from ..rise_and_fall.position import parse_position
from ..rise_and_fall.position_view import position_scene
from ..rise_and_fall.rules import PIECE_TYPES
from ..rise_and_fall.scoring import Score, score
from .library import Library
from .widgets import message_html

TERRAIN_ROWS = ("plains", "sea", "forest", "mountain")


def scorepad_html(s: Score) -> str:
    """Player columns; Economy (GP, VP), Trophies, Development per card (declined lines
    crossed out), Territories per terrain, Total — the printed scorepad's rows."""
    e = html.escape
    ps = s.players
    head = "".join(f"<th colspan=2>{e(p.name)}</th>" for p in ps)
    rows = [f"<tr><th></th>{head}</tr>"]

    def pair(label: str, cells: list[tuple[str, str, bool]]) -> None:
        tds = "".join(f"<td class='{'rf-crossed' if x else ''}'>{a}</td><td class='{'rf-crossed' if x else ''}'>{b}</td>" for a, b, x in cells)
        rows.append(f"<tr><th>{label}</th>{tds}</tr>")

    pair("Economy (GP, VP)", [(str(p.gold), str(p.economy), False) for p in ps])
    pair("Trophies", [("", str(p.trophies), False) for p in ps])
    for t in PIECE_TYPES:
        cells = []
        for p in ps:
            line = p.development_lines[t]
            cells.append(("—", "—", True) if line is None else (str(line[0]), str(line[1]), False))
        pair(f"Development: {t.title()}", cells)
    for terrain in TERRAIN_ROWS:
        cells = []
        for p in ps:
            sizes = p.territory_lines.get(terrain, [])
            vp = sum(r.vp for r in s.regions if r.controller == p.name and r.region.terrain == terrain)
            cells.append((" + ".join(map(str, sizes)) or "", str(vp) if sizes else "", False))
        pair(f"Territories: {terrain.title()}", cells)
    rows.append("<tr><th>Total</th>" + "".join(f"<td colspan=2><b>{p.total}</b></td>" for p in ps) + "</tr>")
    win = s.winners
    verdict = (f"Winner: {e(win[0])}" if len(win) == 1 else f"Shared victory: {e(', '.join(win))} (the rulebook names no tie-break)")
    return f"<div class='rf-scorepad'><table>{''.join(rows)}</table><p class='rf-winner'><b>{verdict}</b></p></div>"


class ScoresScreen:
    def __init__(self, library: Library) -> None:
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Open a position file")
        self.upload.add_class("rf-btn")
        self.upload.observe(self._uploaded, "value")
        self.message = W.HTML()
        self.pad = W.HTML()
        self.picture = W.Image(format="png", layout=W.Layout(max_width="100%"))
        intro = W.HTML("<p>Open a position file (see formats.md) to score it. Entering pieces on the World and the "
                       "Region-by-Region walk come with the end-of-game work.</p>")
        self.widget = W.VBox([intro, self.upload, self.message, self.pad, self.picture])
        self.widget.add_class("rf-screen")

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        name = f.get("name", "the file") if isinstance(f, dict) else getattr(f, "name", "the file")
        content = f["content"] if isinstance(f, dict) else f.content
        self.show_bytes(bytes(content), name)

    def show_bytes(self, data: bytes, name: str) -> None:
        try:
            try:
                doc = json.loads(data.decode("utf-8"))
            except (UnicodeDecodeError, ValueError) as e:
                raise CompanionError(f"{name} is not a JSON position file ({e}).") from None
            pos = parse_position(doc, name)
        except CompanionError as e:
            self.message.value = message_html(str(e), "error")
            return
        s = score(pos)
        self.message.value = ""
        self.pad.value = scorepad_html(s)
        self.picture.value = to_png(position_scene(pos), scale=1.0)
