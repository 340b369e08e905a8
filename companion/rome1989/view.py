"""What the screens show, as data and escaped markup (no widgets): the chart per nation as the paper sheet,
the printable chart (SVG), the leader board (its series and its SVG)."""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Callable

from ..words import name_html, name_isolated
from .chart import Cells, NationChart, Result, one_decimal, round_off

#: The paper chart's columns (Turn Record Chart notes 1–13), with what each cell shows.
SHEET = (
    ("Turn", "label"), ("Game turn", "game_turn"), ("Income", "income"), ("Bonus", "bonus"),
    ("Treasury", "treasury"), ("Maintenance", "maintenance"), ("Purchase", "purchases"),
    ("Modifier", "modifier_payment"), ("Refund", "refund"), ("%", "pct"), ("Final Treasury", "final_treasury"),
    ("Victory Points", "vp_total"), ("Levies", "levy_points"), ("Lost", "levies_lost"), ("Rebellion rolls", "rebellion_rolls"),
)
#: The players' lines on the leader board: mid tones, each at least 3:1 against the paper in the light
#: (``PAPER``) and against the dark paper the dark theme draws it on (``#2a2418``), so no line fades.
COLOURS = ("#e0483a", "#3d7be0", "#2e8b3a", "#b8740a", "#9a5cc8", "#00899a", "#8d6e63", "#e0407a")
PAPER, INK, RULE, HEAD = "#fffaf0", "#3b2a12", "#c9b48a", "#8b1a1a"


def cell(nc: NationChart, k: int, key: str) -> str:
    """One cell of the sheet as written: blanks where the paper stays blank (no bonus, no levy, no roll)."""
    c: Cells = nc.turns[k]
    t = nc.nation.turns[k]
    if key == "pct":
        return f"+{t.overtax_pct}" if t.overtax_pct else (f"-{t.refund_pct}" if t.refund_pct else "")
    v = getattr(c, key)
    if isinstance(v, Fraction):
        return one_decimal(v)
    if v is None or (v == 0 and key in ("bonus", "modifier_payment", "refund", "levy_points", "levies_lost",
                                          "maintenance", "purchases")):
        return ""
    return str(v)


def sheet_rows(nc: NationChart) -> list[list[str]]:
    return [[cell(nc, k, key) for _, key in SHEET] for k in range(len(nc.turns))]


def sheet_html(nc: NationChart) -> str:
    """The nation's chart as the paper sheet (an HTML table; every name escaped)."""
    n = nc.nation
    head = "".join(f"<th>{html.escape(h)}</th>" for h, _ in SHEET)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(x)}</td>" for x in row) + "</tr>" for row in sheet_rows(nc))
    note = " (quit: treasury reduced to 0)" if nc.quit else ""
    return (f"<div class='rf89-sheet'><div class='rf89-sheet-title'>{name_html(n.name)} — "
            f"{name_html(n.who)}; victory points {html.escape(str(nc.share))} of income{note}</div>"
            f"<table class='rf89-chart'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


def points_text(v: Fraction) -> str:
    """Victory points as a player says them: rounded off, with thousands separated ("1,044")."""
    return f"{round_off(v):,}"


def winner_sentence(result: Result, name: Callable[[str], str] = str) -> str:
    """The winner, as the table announces it ("Cy has won: 1,044 points"), or "" before anybody has. ``name``
    writes each winner's name (``name_html`` for a page: escaped and isolated; the rest of the sentence is plain)."""
    v = result.victory
    if v is None or not v.winners:
        return ""
    totals = {p.name: p.vp_total for p in result.players}
    return "; ".join(f"{name(w)} has won: {points_text(totals[w])} points" for w in v.winners if w in totals)


def chart_svg(result: Result, names: list[str] | None = None, title: str = "", date: str = "") -> str:
    """A printable chart that looks like the paper sheet: the game's title, date, the players' totals and the
    winner at the top, then one ruled table per nation, stacked (SVG)."""
    nations = [nc for nc in result.nations if names is None or nc.nation.name in names]
    widths = [52, 50, 52, 48, 64, 78, 64, 60, 52, 36, 78, 70, 50, 40, 70]
    row_h, width = 22, sum(widths) + 40
    parts: list[str] = []
    y = 20
    head = " · ".join(x for x in (title or "Rise and Fall (1989)", date) if x)
    parts.append(f'<text x="20" y="{y + 18}" font-size="20" font-weight="bold" fill="{HEAD}">{html.escape(head)}</text>')
    y += 30
    totals = "Players: " + "; ".join(f"{name_isolated(p.name)} {one_decimal(p.vp_total)}" for p in result.players)
    parts.append(f'<text x="20" y="{y + 14}" font-size="13" fill="{INK}">{html.escape(totals)}</text>')
    y += 22
    won = winner_sentence(result, name_isolated) or victory_sentence(result)
    parts.append(f'<text x="20" y="{y + 14}" font-size="13" font-weight="bold" fill="{INK}">{html.escape(won)}</text>')
    y += 30
    for nc in nations:
        n = nc.nation
        quit_note = "; quit: treasury reduced to 0" if nc.quit else ""
        parts.append(f'<text x="20" y="{y + 16}" font-size="16" font-weight="bold" fill="{HEAD}">'
                     f'{html.escape(name_isolated(n.name))} — {html.escape(name_isolated(n.who))} (victory points {html.escape(str(nc.share))} of '
                     f'income{quit_note})</text>')
        y += 26
        rows = [[h for h, _ in SHEET]] + sheet_rows(nc)
        top = y
        for r, row in enumerate(rows):
            x = 20
            for w, text in zip(widths, row):
                weight = ' font-weight="bold"' if r == 0 else ""
                size = 9 if r == 0 else 12
                parts.append(f'<text x="{x + w / 2:.0f}" y="{y + 15}" font-size="{size}" text-anchor="middle"{weight} '
                             f'fill="{INK}">{html.escape(text)}</text>')
                x += w
            y += row_h
        x = 20
        for w in [0, *widths]:
            x += w
            parts.append(f'<line x1="{x}" y1="{top}" x2="{x}" y2="{y}" stroke="{RULE}"/>')
        for k in range(len(rows) + 1):
            parts.append(f'<line x1="20" y1="{top + k * row_h}" x2="{width - 20}" y2="{top + k * row_h}" stroke="{RULE}"/>')
        y += 24
    height = max(y, 60)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="Georgia, serif"><rect width="{width}" height="{height}" fill="{PAPER}"/>'
            + "".join(parts) + "</svg>")


def leader_series(result: Result) -> dict[str, list[tuple[int, Fraction]]]:
    """Each player's victory points at the end of every game turn (all his nations together)."""
    turns = sorted({c.game_turn for nc in result.nations for c in nc.turns})
    out: dict[str, list[tuple[int, Fraction]]] = {p.name: [] for p in result.players}
    for g in turns:
        totals = {p: Fraction(0) for p in out}
        for nc in result.nations:
            played = [c for c in nc.turns if c.game_turn <= g]
            if played:
                totals[nc.nation.who] += played[-1].vp_total
        for p, v in totals.items():
            out[p].append((g, v))
    return out


def standings(result: Result) -> list[tuple[str, Fraction]]:
    """The players, most victory points first (ties in order of first appearance)."""
    return sorted(((p.name, p.vp_total) for p in result.players), key=lambda x: -x[1])


def player_colours(result: Result) -> dict[str, str]:
    """Each player's colour on the leader board, kept with the finished game so History draws them alike."""
    return {player: COLOURS[i % len(COLOURS)] for i, player in enumerate(leader_series(result))}


def leader_board_svg(result: Result, width: int = 640, height: int = 320) -> str:
    """The leader board as a chart: each player's points over the game turns, the goal as a line (SVG)."""
    series = leader_series(result)
    points = [v for s in series.values() for _, v in s]
    goal = result.victory.points if result.victory and isinstance(result.victory.points, int) else None
    top = float(max([*points, Fraction(goal or 0), Fraction(1)]))
    turns = sorted({g for s in series.values() for g, _ in s}) or [1]
    left, right, upper, lower = 50, 150, 20, 40
    w, h = width - left - right, height - upper - lower

    def xy(g: int, v: Fraction) -> tuple[float, float]:
        span = max(1, turns[-1] - turns[0])
        return left + w * (g - turns[0]) / span, upper + h * (1 - float(v) / top)

    parts = [f'<rect width="{width}" height="{height}" fill="{PAPER}"/>',
             f'<line x1="{left}" y1="{upper + h}" x2="{left + w}" y2="{upper + h}" stroke="{INK}"/>',
             f'<line x1="{left}" y1="{upper}" x2="{left}" y2="{upper + h}" stroke="{INK}"/>',
             f'<text x="{left + w / 2}" y="{height - 8}" text-anchor="middle" font-size="12" fill="{INK}">game turn</text>',
             f'<text x="{left - 6}" y="{upper + 10}" text-anchor="end" font-size="12" fill="{INK}">{top:.0f}</text>',
             f'<text x="{left - 6}" y="{upper + h}" text-anchor="end" font-size="12" fill="{INK}">0</text>']
    for g in turns:
        x, _ = xy(g, Fraction(0))
        parts.append(f'<text x="{x:.1f}" y="{upper + h + 14}" text-anchor="middle" font-size="12" fill="{INK}">{g}</text>')
    if goal:
        _, gy = xy(turns[0], Fraction(goal))
        parts.append(f'<line x1="{left}" y1="{gy:.1f}" x2="{left + w}" y2="{gy:.1f}" stroke="{HEAD}" stroke-dasharray="6 4"/>')
        parts.append(f'<text x="{left + w - 4}" y="{gy - 4:.1f}" text-anchor="end" font-size="12" fill="{HEAD}">goal {goal}</text>')
    colours = player_colours(result)
    for i, (player, s) in enumerate(series.items()):
        colour = colours.get(player, COLOURS[i % len(COLOURS)])
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(g, v) for g, v in s))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="3"/>')
        last = s[-1][1] if s else Fraction(0)
        parts.append(f'<rect x="{left + w + 12}" y="{upper + 20 * i}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{left + w + 30}" y="{upper + 20 * i + 11}" font-size="12" fill="{INK}">'
                     f'{html.escape(name_isolated(player))} {one_decimal(last)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="Georgia, serif">' + "".join(parts) + "</svg>")


def victory_sentence(result: Result, name: Callable[[str], str] = str) -> str:
    """The goal and who reached it (``name``: how a name is written, ``name_html`` for a page)."""
    v = result.victory
    if v is None:
        return "No goal is set: the table ends the game."
    goal = f"first to {v.points}" if v.rule == "points" else f"Rome's solitaire goal, {v.points}"
    if not v.winners:
        return f"The goal is {goal}; nobody has reached it yet."
    return f"{' and '.join(name(w) for w in v.winners)} {'has' if len(v.winners) == 1 else 'have'} won ({goal}) on game turn {v.game_turn}."
