"""The History screen: every finished game and simple statistics, drawn as charts."""

from __future__ import annotations

import datetime
import html

import ipywidgets as W

from ..drawing import Scene, to_svg
from ..rise_and_fall.history import CATEGORIES, History
from ..rise_and_fall.views import PLAYER_COLOURS

LINE_COLOURS = ["#d33b2c", "#2a5db0", "#2e9e4f", "#f2a800", "#8a4fb5", "#ee7d22", "#555555"]


def totals_chart(totals: dict[str, list]) -> str:
    """Score over games: one line per player (SVG)."""
    scene = Scene(background="#ffffff")
    n = max((len(v) for v in totals.values()), default=0)
    best = max((x for v in totals.values() for x in v if x is not None), default=1) or 1
    w, h = 520.0, 220.0
    scene.line([(0, h), (w, h)], stroke="#888888")
    scene.line([(0, 0), (0, h)], stroke="#888888")
    for k, (name, values) in enumerate(sorted(totals.items())):
        col = PLAYER_COLOURS.get(name.lower(), LINE_COLOURS[k % len(LINE_COLOURS)])  # Red is drawn red
        pts = [(w * i / max(1, n - 1), h - h * v / best) for i, v in enumerate(values) if v is not None]
        if len(pts) > 1:
            scene.line(pts, stroke=col, width=3)
        for x, y in pts:
            scene.circle(x, y, 4, col)
        scene.text(w + 10, 16 + 18 * k, name, size=14, color=col, anchor="start")
    scene.text(0, h + 20, "game 1", size=12, anchor="start")
    scene.text(w, h + 20, f"game {n}", size=12)
    return to_svg(scene)


class HistoryScreen:
    def __init__(self, history: History) -> None:
        self.history = history
        self.body = W.HTML()
        self.refresh_btn = W.Button(description="Refresh")
        self.refresh_btn.add_class("rf-btn")
        self.refresh_btn.on_click(lambda _: self.refresh())
        self.widget = W.VBox([self.refresh_btn, self.body])
        self.widget.add_class("rf-screen")
        self.refresh()

    def refresh(self) -> None:
        games = self.history.games()
        if not games:
            self.body.value = "<p>No finished game yet. A game is kept here when its scores are made final.</p>"
            return
        st = self.history.stats()
        e = html.escape
        rows = []
        for g in reversed(games):
            when = datetime.datetime.fromtimestamp(g.at).strftime("%Y-%m-%d %H:%M")
            scores = ", ".join(f"{e(n)} {s['total']}" for n, s in g.scores.items())
            rows.append(f"<tr><td>{when}</td><td>{e(g.world)}</td><td>{scores}</td><td><b>{e(', '.join(g.winners))}</b></td></tr>")
        most = max(st["wins"].values(), default=1) or 1
        wins = "".join(
            f"<div>{e(n)} <span style='display:inline-block;height:22px;width:{200 * w / most:.0f}px;background:#2a5db0'></span> {w}</div>"
            for n, w in sorted(st["wins"].items(), key=lambda x: -x[1]))
        avg = "".join(
            f"<tr><td>{e(n)}</td>" + "".join(f"<td>{a[c]}</td>" for c in CATEGORIES) + "</tr>" for n, a in sorted(st["averages"].items()))
        self.body.value = (
            f"<h3>{st['games']} finished game{'s' if st['games'] != 1 else ''}</h3>"
            f"<div class='rf-scorepad'><table><tr><th>When</th><th>World</th><th>Scores</th><th>Winner</th></tr>{''.join(rows)}</table></div>"
            f"<h3>Wins per player</h3>{wins}"
            f"<h3>Average VP by category</h3><div class='rf-scorepad'><table><tr><th></th>"
            + "".join(f"<th>{c.title()}</th>" for c in CATEGORIES) + f"</tr>{avg}</table></div>"
            f"<h3>Score over games</h3>{totals_chart(st['totals'])}"
        )
