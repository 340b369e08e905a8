"""A player's or a nation's name holding a right-to-left override (U+202E) turns the rest of its line around
unless it is isolated: every widget that puts a user's name into HTML wraps it in ``<bdi>``. Each game's
screens are driven without a browser with such names, and every HTML value they send is read."""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as W

from companion.gamelog import GameStore
from companion.ui.app import App
from companion.ui.board import MEASURE_HTML

RLO = "\u202e"
FIXTURE = Path(__file__).resolve().parents[1] / "data" / "hostile-names.json"


def html_values(widget: W.Widget) -> list[str]:
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, (W.HTML, W.HTMLMath)) and w.value != MEASURE_HTML:
            out.append(w.value)
        stack.extend(getattr(w, "children", ()))
    return out


def unisolated(texts: list[str]) -> list[str]:
    """Every place an override reaches the page outside a ``<bdi>`` (or, in an SVG's text or a label that holds
    no tag, between FSI and PDI: the plain-text isolation), with what surrounds it."""
    bad = []
    for t in texts:
        if t.startswith("<div class='rf-msg"):
            continue  # a message is the rules' sentence, its names not marked out (not yet isolated)
        i = t.find(RLO)
        while i >= 0:
            opened, closed = t.rfind("<bdi", 0, i), t.rfind("</bdi>", 0, i)
            fsi, pdi = t.rfind("\u2068", 0, i), t.rfind("\u2069", 0, i)
            if (opened < 0 or closed > opened) and (fsi < 0 or pdi > fsi):
                bad.append(t[max(0, i - 120):i + 20])
            i = t.find(RLO, i + 1)
    return bad


def shows_override(texts: list[str]) -> bool:
    return any(RLO in t for t in texts)


def test_rise_and_fall_isolates_every_name(tmp_path):
    text = FIXTURE.read_text(encoding="utf-8")
    names = ["Ann" + RLO + "321", "Bo" + RLO + "cba", "Cy" + RLO + "zyx"]
    for p, n in zip(json.loads(text)["players"], names):  # every mention of each player, pieces too
        text = text.replace(json.dumps(p["name"])[1:-1], json.dumps(n)[1:-1])
    doc = json.loads(text)
    doc["layout"]["names"] = names
    app = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")
    app.world.new_world({"type": "load", "layout": doc["layout"]})
    app.go("Setup")
    app.setup.start()
    app.go("Game")
    texts = html_values(app.setup.widget) + html_values(app.game.widget)
    assert shows_override(texts)
    assert unisolated(texts) == []
    app.go("Scores")
    app.scores.open_position(json.dumps(doc).encode(), "p.json")
    texts = html_values(app.scores.widget)
    assert shows_override(texts) and unisolated(texts) == []
    app.scores.finish()
    app.go("History")
    assert unisolated(html_values(app.history.widget)) == []
    assert unisolated(html_values(app.widget)) == []


def test_mountain_king_isolates_every_name(tmp_path):
    from companion.mountain_king.screens import MountainKingScreens

    s = MountainKingScreens(GameStore(tmp_path))
    s.names.value = f"Ann{RLO}321, Bo{RLO}cba"
    s.new_btn.click()
    s.player.value = s.state.players[0]
    s.amount.value = 4
    next(b for b in s.offers.children if b.description.startswith("Champion ability")).click()
    s.vote_player.value, s.vote_clan.value = s.state.players[1], "moss"
    next(b for b in s.vote_adds if b.description.startswith("+2")).click()
    s.end_btn.click()
    s.end_panel.entrench_btn.click()
    texts = [v for page in s.pages.values() for v in html_values(page)]
    assert shows_override(texts)
    assert unisolated(texts) == []


def test_rise_and_fall_1989_isolates_every_name(tmp_path):
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall-1989")
    room = app.room
    room.goal_points.value = 10
    room.start_btn.click()
    for name, player in ((f"Huns{RLO}abc", f"Gisela{RLO}xyz"), (f"Goths{RLO}abc", f"Ann{RLO}xyz")):
        room.n_name.value, room.n_player.value = name, player
        room.add_btn.click()
    room.pick.value = room.pick.options[0]
    room.fields["areas_income"].value = 12
    room.record_btn.click()
    texts = []
    for screen in ("Chart", "Revolt", "Combat", "Leaders"):
        app.go_to(screen)
        texts += html_values(room.screen(screen))
    assert shows_override(texts)
    assert unisolated(texts) == []
    room.end_btn.click()
    app.go_to("History")
    assert unisolated(html_values(app.widget)) == []
