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

from ..drawing import CHAR_EM, Scene, readable_ink
from ..words import name_isolated
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


TRACK_TEXT = 28.0  # the score track's numbers: 12 CSS px or more on a phone, where the picture is drawn ~360 px wide


def _outward(space: int, off: float = 38.0) -> tuple[float, float]:
    """Where a space's number goes: beyond the track's outer edge (above the top row, right of the right …)."""
    k = (space % TRACK) // 25
    return [(0.0, -off), (off, 0.0), (0.0, off), (-off, 0.0)][k]


def track_scene(state: State, dark: bool = False) -> Scene:
    """The score track with every player's marker (stacked where they share a space)."""
    s = Scene(background="#1f1c1a" if dark else "#f4efe4")
    ink = "#f3ead8" if dark else "#2b2622"
    for space in range(TRACK):
        x, y = _track_xy(space)
        s.polygon([(x - 12, y - 12), (x + 12, y - 12), (x + 12, y + 12), (x - 12, y + 12)],
                  fill="#3a342f" if dark else "#e4dccb", stroke=ink, width=0.8)
        if space % 5 == 0:  # outside the track, large enough to read on a phone
            ox, oy = _outward(space)
            s.text(x + ox, y + oy + TRACK_TEXT * 0.375, str(space), size=TRACK_TEXT, color=ink, bold=True)
    cs = colours(state.players)
    stacked: dict[int, int] = {}
    for p in state.players:
        honour = state.honour(p)
        space = honour % TRACK
        k = stacked.get(space, 0)
        stacked[space] = k + 1
        x, y = _track_xy(space)
        if honour >= TRACK:  # a marker that lapped the track is ringed; its laps are said in words below (a "+100"
            s.circle(x + 4 * k, y - 4 * k, 13, fill=None, stroke=cs[p], width=2.5)  # inside it was 7 px: unread)
        s.circle(x + 4 * k, y - 4 * k, 9, fill=cs[p], stroke=ink, width=1.5)
    far = 25 * 26.0
    for i, p in enumerate(state.players):
        y = far * 0.25 + i * 34
        honour = state.honour(p)
        laps = f" (ringed: +{honour // TRACK * TRACK} on the track)" if honour >= TRACK else ""
        s.circle(far * 0.2, y, 10, fill=cs[p], stroke=ink, width=1.5)
        s.text(far * 0.2 + 18, y + 6, f"{name_isolated(p)}: {honour} Honour{laps}", size=18, color=ink, anchor="start", bold=True)
    return s


#: The board picture's text sizes and spacing, in picture units. The picture is drawn at the page's
#: width: on a phone (360 CSS px across) the smallest label of a shipped board is then 13 px high.
CAVERN_TEXT, NAME_TEXT, HALL_TEXT, VOLCANO_TEXT, LAIR_TEXT = 26.0, 26.0, 24.0, 24.0, 24.0
LAIR = "#4a3326"  # a Lair space not taken yet (a taken one is drawn in its owner's colour)
GAP = 6.0  # between two circles, a circle and its Domain's edge, a label and what it must not cover


def text_box(x: float, y: float, text: str, size: float, anchor: str = "middle") -> tuple[float, float, float, float]:
    """The box a bold label's glyphs take (left, top, right, bottom), its baseline at ``y``: each character
    ``CHAR_EM`` wide, an ascender's height above the baseline and a descender's below."""
    w = len(text) * size * CHAR_EM
    left = x - w / 2 if anchor == "middle" else x
    return (left, y - size, left + w, y + size * 0.25)


def short_name(cavern_id: str, domain: str) -> str:
    """What a cavern's circle says: its number in its Domain ("granite-2" → "2"), the Domain being the
    wedge it is drawn in; an id of another shape whole."""
    head = domain + "-"
    return cavern_id[len(head):] if cavern_id.startswith(head) and len(cavern_id) > len(head) else cavern_id


def _radius_for(text: str, size: float, stroke: float = 4.0) -> float:
    """The smallest circle whose inside (within its stroke) holds the label centred in it."""
    x0, y0, x1, y1 = text_box(0, 0, text, size)
    return math.hypot((x1 - x0) / 2, (y1 - y0) / 2) + stroke / 2 + 1


def _row_spots(rho: float, r: float, a0: float, a1: float) -> list[float]:
    """The angles (radians) of as many circles of radius ``r`` as fit on the arc of radius ``rho`` between
    the Domain's edges ``a0``..``a1``: each ``GAP / 2`` off the edges, ``GAP`` between neighbours."""
    half = (r + GAP / 2) / rho
    if half >= 1:
        return []
    margin = math.asin(half)
    span = a1 - a0 - 2 * margin
    if span < 0:
        return []
    step = 2 * margin  # the chord between neighbours: 2·rho·sin(step/2) = 2r + GAP
    n = int(span / step + 1e-9) + 1
    if n == 1:
        return [(a0 + a1) / 2]
    used = (n - 1) * step
    first = a0 + margin + (span - used) / 2
    return [first + k * step for k in range(n)]


def _overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float], pad: float = 0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def box_meets_circle(box: tuple[float, float, float, float], x: float, y: float, radius: float) -> bool:
    """Whether a box and a disc share a point."""
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return math.hypot(nx - x, ny - y) < radius


ASKED = "#e0218a"  # the ring round the cavern the walk asks about
AT_ONCE = "#c8c2b4"  # a cavern of a Domain entered at once (its counts known, not which cavern holds what)


def lair_label(pair: int) -> str:
    """A Lair space's glyph on the picture: L1, L2 … by pair ("pairs are marked with matching glyphs")."""
    return f"L{pair + 1}"


def lair_shape(x: float, y: float, half: float) -> list[tuple[float, float]]:
    """A Lair space: a small house (five corners), told apart from a Great Hall's square at a glance."""
    return [(x - half, y + half), (x + half, y + half), (x + half, y - half * 0.35), (x, y - half), (x - half, y - half * 0.35)]


def hall_label(i: int, value: int | None) -> str:
    """A Great Hall's label on the picture: its number (H1, H2 … in the board's order), then its value."""
    return f"H{i + 1}={value}" if value else f"H{i + 1}"


Spots = dict  # {"caverns": {id: (x, y, radius)}, "halls": [(x, y, half side)], "lairs": [(x, y, half, cavern)]}


def spot_at(spots: Spots, x: float, y: float) -> tuple[str, str | int] | None:
    """What a tap at (x, y) on the board picture is on: ("cavern", id), ("hall", index) or None."""
    for cid, (cx, cy, r) in spots.get("caverns", {}).items():
        if math.hypot(x - cx, y - cy) <= r + GAP:
            return "cavern", cid
    for i, (hx, hy, half) in enumerate(spots.get("halls", [])):
        if abs(x - hx) <= half + GAP and abs(y - hy) <= half + GAP:
            return "hall", i
    for lx, ly, half, cid in spots.get("lairs", []):
        if abs(x - lx) <= half + GAP and abs(y - ly) <= half + GAP:
            return "lair", cid
    return None


def board_scene(board: Board, state: State | None = None, dark: bool = False, asked: str | None = None,
                spots: Spots | None = None, loose_lairs: tuple[tuple[int, str], ...] = ()) -> Scene:
    """The board as a schematic: seven Domains round the volcano, caverns as numbered circles, Great Halls
    as numbered squares (H1, H2 …, with their value once entered), Lair spaces as small houses beside their
    caverns with their pair's glyph (L1, L2 …; ``loose_lairs``: spaces of a pair being entered, (pair,
    cavern)); ``asked``, the cavern the walk asks about, ringed. Every label is readable on a phone and covers no other label and no circle: circles are
    laid out in rows that fit their Domain, and each Domain's name and each Great Hall go where nothing is."""
    n = numbers()
    s = Scene(background="#1f1c1a" if dark else "#f4efe4")
    ink = "#f3ead8" if dark else "#2b2622"
    names = {c.id: short_name(c.id, c.domain) for c in board.caverns}
    r = max([_radius_for("12", CAVERN_TEXT), *(_radius_for(t, CAVERN_TEXT) for t in names.values())])
    volcano_r = _radius_for("volcano", VOLCANO_TEXT, stroke=2)
    r0 = volcano_r + GAP
    wedge = 2 * math.pi / len(n.domains)
    pos: dict[str, tuple[float, float]] = {}
    outer = r0 + 2 * r + 2 * GAP
    for i, d in enumerate(n.domains):
        a0 = -math.pi / 2 + i * wedge
        left = list(board.of(d))
        rho, placed = r0 + GAP + r, []
        while left:  # rows outward, each as close to the last as its circles allow (they interleave)
            row = [(rho * math.cos(a), rho * math.sin(a)) for a in _row_spots(rho, r, a0, a0 + wedge)[: len(left)]]
            if row and all(math.dist(p, q) >= 2 * r + GAP for p in row for q in placed):
                for p in row:
                    pos[left.pop(0).id] = p
                placed += row
                outer = max(outer, rho + r + GAP)
            rho += 2.0
    circles = [(x, y, r) for x, y in pos.values()] + [(0.0, 0.0, volcano_r)]
    taken: list[tuple[float, float, float, float]] = []  # the labels and squares placed so far
    for i, d in enumerate(n.domains):
        a0 = -math.pi / 2 + i * wedge
        arc = [a0 + wedge * t / 16 for t in range(17)]
        pts = [(outer * math.cos(a), outer * math.sin(a)) for a in arc]
        pts += [(r0 * math.cos(a), r0 * math.sin(a)) for a in reversed(arc)]
        s.polygon(pts, fill=n.domain_colours[d], stroke=ink, width=2, alpha=0.55)
        mid, name = a0 + wedge / 2, n.domain_names[d]
        dist = outer + GAP
        while True:  # out along the middle of the Domain until the name's box is clear of the board
            x, y = dist * math.cos(mid), dist * math.sin(mid) + NAME_TEXT * 0.375
            box = text_box(x, y, name, NAME_TEXT)
            if not box_meets_circle(box, 0.0, 0.0, outer + GAP) and not any(_overlaps(box, t, GAP) for t in taken):
                break
            dist += 4
        taken.append(box)
        s.text(x, y, name, size=NAME_TEXT, color=ink, bold=True)
    halls = []
    for i, hall in enumerate(board.great_halls):
        value = state.halls[i] if state is not None and i < len(state.halls) else None
        label = hall_label(i, value)
        half = max(HALL_TEXT * 0.8, len(label) * HALL_TEXT * CHAR_EM / 2 + 5)
        cx = sum(pos[c][0] for c in hall) / len(hall)
        cy = sum(pos[c][1] for c in hall) / len(hall)
        hx, hy = _free_spot(cx, cy, half, circles, taken)
        taken.append((hx - half, hy - half, hx + half, hy + half))
        halls.append((hall, hx, hy, half, label))
    lairs = []
    spaces = [(k, c) for k, pair in enumerate(board.lairs) for c in pair] + list(loose_lairs)
    for k, cid in spaces:
        if cid not in pos:
            continue
        label = lair_label(k)
        half = max(LAIR_TEXT * 0.8, len(label) * LAIR_TEXT * CHAR_EM / 2 + 6)
        x, y = pos[cid]
        out = math.hypot(x, y) or 1.0
        lx, ly = _free_spot(x + x / out * (r + half + GAP), y + y / out * (r + half + GAP), half, circles, taken)
        taken.append((lx - half, ly - half, lx + half, ly + half))
        lairs.append((cid, lx, ly, half, label))
    for hall, hx, hy, _half, _label in halls:
        for c in hall:
            s.line([(hx, hy), pos[c]], stroke="#c9a227", width=3)
    for cid, lx, ly, _half, _label in lairs:
        s.line([(lx, ly), pos[cid]], stroke=LAIR, width=3)
    cs = colours(state.players) if state is not None else {}
    for c in board.caverns:
        x, y = pos[c.id]
        entered = state.walk.get(c.id) if state is not None else None
        fill = "#f3ead8"
        if entered is not None and state is not None and c.domain in state.tallied:
            fill = AT_ONCE  # its Domain's counts were entered, not which cavern holds what
        elif entered is not None:
            from .scoring import controller

            who = controller(entered.trolls)
            fill = "#6b6b6b" if entered.overrun else cs.get(who, "#ffffff") if who else "#ffffff"
        if c.id == asked:
            s.circle(x, y, r + GAP, fill=ASKED, stroke=ASKED, width=2)
        s.circle(x, y, r, fill=fill, stroke="#111111" if c.gate else ink, width=4 if c.gate else 1.5)
        s.text(x, y + CAVERN_TEXT * 0.375, names[c.id], size=CAVERN_TEXT, color=readable_ink(fill), bold=True)
    if spots is not None:  # where each cavern and Great Hall is drawn, for taps on the picture
        spots["caverns"] = {cid: (x, y, r) for cid, (x, y) in pos.items()}
        spots["halls"] = [(hx, hy, half) for _h, hx, hy, half, _l in halls]
        spots["lairs"] = [(lx, ly, half, cid) for cid, lx, ly, half, _l in lairs]
    for _hall, hx, hy, half, label in halls:
        s.polygon([(hx - half, hy - half), (hx + half, hy - half), (hx + half, hy + half), (hx - half, hy + half)],
                  fill="#c9a227", stroke=ink, width=2)
        s.text(hx, hy + HALL_TEXT * 0.375, label, size=HALL_TEXT, color="#2b2622", bold=True)
    for _cid, lx, ly, half, label in lairs:
        s.polygon(lair_shape(lx, ly, half), fill=LAIR, stroke=ink, width=2)
        s.text(lx, ly + LAIR_TEXT * 0.5, label, size=LAIR_TEXT, color=readable_ink(LAIR), bold=True)
    s.circle(0.0, 0.0, volcano_r, fill="#b23a1e", stroke=ink, width=2)
    s.text(0.0, VOLCANO_TEXT * 0.375, "volcano", size=VOLCANO_TEXT, color="#fff3e0", bold=True)
    return s


def _free_spot(cx: float, cy: float, half: float, circles: list[tuple[float, float, float]],
               taken: list[tuple[float, float, float, float]]) -> tuple[float, float]:
    """The spot nearest (cx, cy) where a square of half-side ``half`` covers no circle and nothing taken."""
    for k in range(400):
        ring = k * 6.0
        for j in range(max(1, 6 * k)):
            a = 2 * math.pi * j / max(1, 6 * k)
            x, y = cx + ring * math.cos(a), cy + ring * math.sin(a)
            box = (x - half, y - half, x + half, y + half)
            if not any(box_meets_circle(box, px, py, pr + GAP) for px, py, pr in circles) and not any(_overlaps(box, t, GAP) for t in taken):
                return x, y
    return cx, cy  # not reached: 2400 units out there is room


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
        s.text(x, 6, name_isolated(p), size=15, color=ink, bold=True)
    for i, k in enumerate(keys):
        y = (i + 1) * rh
        s.line([(0, y - 20), (w0 + cw * len(state.players), y - 20)], stroke=ink, width=0.5)
        s.text(0, y, line_name(k), size=14, color=ink, anchor="start", bold=k == "total")
        for j, p in enumerate(state.players):
            s.text(w0 + j * cw + cw / 2, y, str(pad[p][k]), size=15, color=ink, bold=k == "total")
    if state.winners:
        from .scoring import winner_sentence

        s.text(0, (len(keys) + 2) * rh, winner_sentence(state.scores[-1]), size=18, color=ink, anchor="start", bold=True)
    return s
