"""Pictures and tables of a game (pure: :class:`~companion.drawing.Scene` and plain data, no widgets).

* :func:`track_scene`: the score track as on the board, each player's marker on their Honour.
* :func:`board_scene`: the board as a schematic: the Domains in their colours around the volcano, caverns
  as circles (filled as the scoring walk enters them), Great Halls between them; a placeholder says so.
* :func:`clan_rows`: the Clan board, plank by plank, markers in track order.
* :func:`scorepad` / :func:`scorepad_scene`: each Wave's categories per player, and the final picture.
Every name reaches SVG through ``drawing.to_svg``, which escapes it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..drawing import Scene, readable_ink
from .board import Board
from .game import ROMAN, State
from .numbers import numbers
from .scoring import LABELS

PALETTE = ("#2f6fd0", "#e8c21a", "#e46aa8", "#3a9a4a", "#c8302e")
NAMED = {"blue": "#2f6fd0", "yellow": "#e8c21a", "pink": "#e46aa8", "green": "#3a9a4a", "red": "#c8302e",
         "purple": "#7d4fb0", "orange": "#e07b22", "black": "#333333", "white": "#f2f2f2"}
TRACK = 100  # spaces on the drawn score track (0–99); a marker that laps it shows +100


def colours(players: tuple[str, ...]) -> dict[str, str]:
    """Each player's colour: their name's if it is a colour, else the seat's."""
    return {p: NAMED.get(p.strip().lower(), PALETTE[i % len(PALETTE)]) for i, p in enumerate(players)}


def _track_xy(space: int, side: int = 25, step: float = 26.0) -> tuple[float, float]:
    """Space 0 at the top left, then clockwise round a square of ``side`` spaces a side."""
    k, i = divmod(space % TRACK, side)
    far = side * step
    return [(i * step, 0.0), (far, i * step), (far - i * step, far), (0.0, far - i * step)][k]


def track_scene(state: State, dark: bool = False) -> Scene:
    """The score track with every player's marker (stacked where they share a space)."""
    s = Scene(background="#1f1c1a" if dark else "#f4efe4")
    ink = "#f3ead8" if dark else "#2b2622"
    for space in range(TRACK):
        x, y = _track_xy(space)
        s.polygon([(x - 12, y - 12), (x + 12, y - 12), (x + 12, y + 12), (x - 12, y + 12)],
                  fill="#3a342f" if dark else "#e4dccb", stroke=ink, width=0.8)
        if space % 5 == 0:
            s.text(x, y + 4, str(space), size=9, color=ink)
    cs = colours(state.players)
    stacked: dict[int, int] = {}
    for p in state.players:
        honour = state.honour(p)
        space = honour % TRACK
        k = stacked.get(space, 0)
        stacked[space] = k + 1
        x, y = _track_xy(space)
        s.circle(x + 4 * k, y - 4 * k, 9, fill=cs[p], stroke=ink, width=1.5)
        if honour >= TRACK:
            s.text(x + 4 * k, y - 4 * k + 3, f"+{honour // TRACK * TRACK}", size=7, color=readable_ink(cs[p]), bold=True)
    far = 25 * 26.0
    for i, p in enumerate(state.players):
        y = far * 0.25 + i * 34
        s.circle(far * 0.2, y, 10, fill=cs[p], stroke=ink, width=1.5)
        s.text(far * 0.2 + 18, y + 6, f"{p}: {state.honour(p)} Honour", size=18, color=ink, anchor="start", bold=True)
    return s


def board_scene(board: Board, state: State | None = None, dark: bool = False) -> Scene:
    """The board as a schematic: seven Domains round the volcano, caverns as circles, Great Halls as squares."""
    n = numbers()
    s = Scene(background="#1f1c1a" if dark else "#f4efe4")
    ink = "#f3ead8" if dark else "#2b2622"
    cx = cy = 0.0
    r0, r1 = 70.0, 300.0
    pos: dict[str, tuple[float, float]] = {}
    for i, d in enumerate(n.domains):
        a0, a1 = (-90 + i * 360 / 7), (-90 + (i + 1) * 360 / 7)
        arc = [math.radians(a0 + (a1 - a0) * t / 8) for t in range(9)]
        pts = [(cx + r1 * math.cos(a), cy + r1 * math.sin(a)) for a in arc]
        pts += [(cx + r0 * math.cos(a), cy + r0 * math.sin(a)) for a in reversed(arc)]
        s.polygon(pts, fill=n.domain_colours[d], stroke=ink, width=2, alpha=0.55)
        mid = math.radians((a0 + a1) / 2)
        s.text(cx + (r1 + 24) * math.cos(mid), cy + (r1 + 24) * math.sin(mid) + 6, n.domain_names[d], size=18, color=ink, bold=True)
        cavs = board.of(d)
        rows = max(1, math.ceil(len(cavs) / 2))
        for j, c in enumerate(cavs):
            row, col = divmod(j, 2)
            rr = r0 + 40 + (r1 - r0 - 80) * (row / max(1, rows - 1) if rows > 1 else 0.5)
            a = math.radians(a0 + (a1 - a0) * (0.3 + 0.4 * col if len(cavs) > 1 else 0.5))
            pos[c.id] = (cx + rr * math.cos(a), cy + rr * math.sin(a))
    for i, hall in enumerate(board.great_halls):
        xs = [pos[c][0] for c in hall]
        ys = [pos[c][1] for c in hall]
        hx, hy = sum(xs) / len(xs), sum(ys) / len(ys)
        for c in hall:
            s.line([(hx, hy), pos[c]], stroke="#c9a227", width=2)
        s.polygon([(hx - 13, hy - 13), (hx + 13, hy - 13), (hx + 13, hy + 13), (hx - 13, hy + 13)], fill="#c9a227", stroke=ink, width=2)
        value = state.halls[i] if state is not None and i < len(state.halls) else None
        s.text(hx, hy + 5, str(value) if value else "GH", size=12, color="#2b2622", bold=True)
    cs = colours(state.players) if state is not None else {}
    for c in board.caverns:
        x, y = pos[c.id]
        entered = state.walk.get(c.id) if state is not None else None
        fill = "#f3ead8"
        if entered is not None:
            from .scoring import controller

            who = controller(entered.trolls)
            fill = "#6b6b6b" if entered.overrun else cs.get(who, "#ffffff") if who else "#ffffff"
        s.circle(x, y, 16, fill=fill, stroke="#111111" if c.gate else ink, width=4 if c.gate else 1.5)
        s.text(x, y + 32, c.id, size=11, color=ink)
    s.circle(cx, cy, r0 - 8, fill="#b23a1e", stroke=ink, width=2)
    s.text(cx, cy + 6, "volcano", size=14, color="#fff3e0", bold=True)
    if board.placeholder:
        s.text(cx, -r1 - 60, f"Placeholder board ({board.side} players): enter yours on the Board screen",
               size=16, color="#b03020" if not dark else "#ff9a7a", bold=True)
    return s


@dataclass(frozen=True)
class ClanRow:
    clan: str
    name: str
    tile: tuple[int, int, int] | None
    markers: tuple[tuple[str, int], ...]  # track order: most Votes, then the earlier arrival


def clan_rows(state: State) -> list[ClanRow]:
    """The Clan board, plank by plank from the top, each with its Vote tile (None until drawn) and markers."""
    n = numbers()
    return [ClanRow(d, n.domain_names[d], state.tiles.get(d), state.votes(d)) for d in n.domains]


def supplies(state: State) -> list[tuple[str, str]]:
    """The Wave's supplies at a glance: (player, sentence)."""
    out = []
    n = numbers()
    for p in state.players:
        sp = state.supply.get(p)
        if sp is None:
            base = n.base_supply.get(state.wave)
            hint = f"base {base} in Wave {ROMAN[state.wave]}" if base is not None else "base from the Player mat"
            out.append((p, f"not entered ({hint})"))
        else:
            out.append((p, f"{sp.supplies} supplies = base {sp.base} + {min(sp.symbols, n.most_supply_symbols)} Supply symbols "
                           f"(at most {n.most_supply_symbols}) + {sp.wild_pairs} wild pairs; {sp.desperation} Desperation tokens"))
    return out


def scorepad(state: State) -> dict[str, dict[str, int]]:
    """Each player's Honour by line: play during each Wave, each Wave's scoring categories, the total."""
    pad: dict[str, dict[str, int]] = {p: {} for p in state.players}
    scored = {sc.wave: sc for sc in state.scores}
    cats = {1: ("caverns", "overrun"), 2: ("caverns", "overrun"), 3: ("great_halls", "elders", "votes")}
    for p in state.players:
        for w in (1, 2, 3):
            pad[p][f"play_{w}"] = sum(t.honour for t in state.taps if t.player == p and t.wave == w)
            for c in cats[w]:
                pad[p][f"{c}_{w}"] = scored[w].categories[p][c] if w in scored else 0
        pad[p]["total"] = state.honour(p)
    return pad


def history_scores(state: State) -> dict[str, dict[str, int]]:
    """The scorepad as History keeps it: plain category names ("wave 1 play", "wave 3 votes") and the total."""
    short = {"play": "play", "caverns": "caverns", "overrun": "overrun", "great_halls": "great halls",
             "elders": "elders", "votes": "votes"}
    out: dict[str, dict[str, int]] = {}
    for p, row in scorepad(state).items():
        out[p] = {}
        for k, v in row.items():
            if k == "total":
                out[p]["total"] = v
            else:
                what, _, wave = k.rpartition("_")
                out[p][f"wave {wave} {short[what]}"] = v
    return out


def line_name(key: str) -> str:
    if key == "total":
        return "Total"
    what, _, wave = key.rpartition("_")
    return f"Wave {ROMAN[int(wave)]}: " + ("Honour in play" if what == "play" else LABELS[what])


def scorepad_scene(state: State, dark: bool = False) -> Scene:
    """The final scorepad as a picture: a line per category and Wave, a column per player."""
    s = Scene(background="#1f1c1a" if dark else "#f4efe4")
    ink = "#f3ead8" if dark else "#2b2622"
    pad = scorepad(state)
    keys = [k for k in (pad[state.players[0]] if state.players else {})]
    cs = colours(state.players)
    w0, cw, rh = 230.0, 110.0, 30.0
    for j, p in enumerate(state.players):
        x = w0 + j * cw + cw / 2
        s.circle(x - 40, 0, 8, fill=cs[p], stroke=ink)
        s.text(x, 6, p, size=15, color=ink, bold=True)
    for i, k in enumerate(keys):
        y = (i + 1) * rh
        s.line([(0, y - 20), (w0 + cw * len(state.players), y - 20)], stroke=ink, width=0.5)
        s.text(0, y, line_name(k), size=14, color=ink, anchor="start", bold=k == "total")
        for j, p in enumerate(state.players):
            s.text(w0 + j * cw + cw / 2, y, str(pad[p][k]), size=15, color=ink, bold=k == "total")
    if state.winners:
        s.text(0, (len(keys) + 2) * rh, "Winner: " + " and ".join(state.winners), size=18, color=ink, anchor="start", bold=True)
    return s
