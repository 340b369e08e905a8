"""The Game screen as a table: each Civilization drawn, not listed.

Pure functions from the public view of the game (:class:`companion.rise_and_fall.play.public.TableView`)
to escaped HTML with small inline SVG pictures: the six Civilization cards as cards (the piece's
picture, its name, the player's colour) laid out by where they are, the Treasury as coins, Wood
and Stone with numbers, the pieces as pictures with counts, Trophies as trophy tiles. The view
already hides every card lying face down; this module draws a face-down card as a card back and
never looks at anything else, so what is hidden stays hidden.
"""

from __future__ import annotations

import html
from typing import Iterable

from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.play.public import CivView, TableView
from companion.rise_and_fall.world.views import colour_hex
from companion.words import name_html, plural

__all__ = ["card_html", "civ_html", "plural", "table_html"]

#: one picture per piece, drawn in a 24×24 box with the current colour (``currentColor``)
PIECE_GLYPHS = {
    "nomad": "<path d='M12 3 L22 20 H2 Z' /><path d='M12 9 L15.5 20 H8.5 Z' fill='#ffffff' fill-opacity='.55'/>",
    "city": "<path d='M3 21 V10 L9 5 L15 10 V21 Z'/><rect x='15' y='12' width='6' height='9'/>",
    "ship": "<path d='M2 15 H22 L18 21 H6 Z'/><path d='M11 3 V14 H4 Z'/><path d='M13 6 V14 H19 Z'/>",
    "mountaineer": "<path d='M1 21 L9 7 L13 13 L16 9 L23 21 Z'/><path d='M9 7 V2 L14 3.5 L9 5'/>",
    "temple": "<path d='M2 8 L12 2 L22 8 Z'/><rect x='4' y='9' width='3' height='10'/><rect x='10.5' y='9' width='3' height='10'/>"
              "<rect x='17' y='9' width='3' height='10'/><rect x='2' y='19' width='20' height='3'/>",
    "merchant": "<path d='M8 5 H16 L14 8 C20 10 21 21 12 21 C3 21 4 10 10 8 Z'/>"
                "<text x='12' y='19.5' font-size='12' text-anchor='middle' fill='#ffffff' font-weight='bold'>$</text>",
}
STATES = (("hand", "Hand"), ("played", "Played"), ("discard", "Discard (top first)"), ("reserve", "Reserve"), ("decline", "Decline"))


def ink_on(colour: str) -> str:
    """Black or white, whichever reads on the player's colour."""
    c = colour_hex(colour).lstrip("#")
    if len(c) != 6:
        return "#111111"
    r, g, b = (int(c[k : k + 2], 16) for k in (0, 2, 4))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def piece_svg(piece: str, colour: str, size: int = 28) -> str:
    """A piece's picture in the player's colour, outlined so yellow and white show on light paper."""
    glyph = PIECE_GLYPHS.get(piece, "<circle cx='12' cy='12' r='9'/>")
    fill = html.escape(colour_hex(colour))
    return (f"<svg class='rf-piece-svg' width='{size}' height='{size}' viewBox='0 0 24 24' role='img' aria-label='{html.escape(piece.title())}'"
            f" style='color:{fill}' fill='currentColor' stroke='#111111' stroke-width='.8' stroke-linejoin='round'>{glyph}</svg>")


def card_html(piece: str, colour: str, note: str = "", secret: bool = False) -> str:
    """One Civilization card face up: the player's colour, the piece's picture and its name;
    ``secret``: the player's own card, lying face down to the others (one card, marked so)."""
    col = html.escape(colour_hex(colour))
    extra = f"<span class='rf-card-note'>{html.escape(note)}</span>" if note else ""
    if secret:
        extra += "<span class='rf-card-secret' title='face down to the others'>face down</span>"
    return (f"<div class='rf-card{' rf-card-own-secret' if secret else ''}' style='--pc:{col}'>"
            f"<div class='rf-card-band' style='background:{col}'></div>"
            f"{piece_svg(piece, colour, 34)}<div class='rf-card-name'>{html.escape(piece.title())}</div>{extra}</div>")


def card_back_html(colour: str) -> str:
    """A card lying face down: its back only."""
    col = html.escape(colour_hex(colour))
    return f"<div class='rf-card rf-card-back' style='--pc:{col}' title='face down'><div class='rf-card-back-mark'>?</div></div>"


def coins_html(gold: int, wood: int, stone: int) -> str:
    """The Treasury: gold as a coin with its number, Wood and Stone with theirs."""
    coin = ("<svg width='26' height='26' viewBox='0 0 24 24' aria-hidden='true'><circle cx='12' cy='12' r='10' fill='#e0b21b' stroke='#7a5c00'"
            " stroke-width='1.5'/><circle cx='12' cy='12' r='6.5' fill='none' stroke='#7a5c00' stroke-width='1'/></svg>")
    wood_svg = ("<svg width='26' height='26' viewBox='0 0 24 24' aria-hidden='true'><rect x='2' y='8' width='20' height='8' rx='4' fill='#8b5a2b'"
                " stroke='#3e2610'/><circle cx='19' cy='12' r='3' fill='#c89463' stroke='#3e2610'/></svg>")
    stone_svg = ("<svg width='26' height='26' viewBox='0 0 24 24' aria-hidden='true'><path d='M3 17 L7 8 L15 6 L21 12 L18 19 L8 20 Z' fill='#9e9e9e'"
                 " stroke='#424242'/></svg>")
    return (f"<div class='rf-treasury'><span class='rf-coin' title='Treasury'>{coin}<b>{gold}</b> GP</span>"
            f"<span class='rf-coin'>{wood_svg}<b>{wood}</b> Wood</span><span class='rf-coin'>{stone_svg}<b>{stone}</b> Stone</span></div>")


def pieces_html(c: CivView) -> str:
    """Each kind of piece: its picture, how many are in the World, how many wait in reserve."""
    cells = []
    for t in PIECE_TYPES:
        n, left = c.count(t), c.in_reserve(t)
        cells.append(f"<span class='rf-piece-count{' rf-none' if n == 0 else ''}' title='{html.escape(plural(n, t.title()))} in the World, "
                     f"{left} in reserve'>{piece_svg(t, c.colour, 24)}<b>{n}</b><small>+{left}</small></span>")
    return "<div class='rf-pieces'>" + "".join(cells) + "</div>"


def trophies_html(trophies: tuple[str, ...], colour: str) -> str:
    if not trophies:
        return ""
    tiles = "".join(
        f"<span class='rf-trophy' title='{html.escape(t.title())} Trophy'>"
        "<svg width='22' height='22' viewBox='0 0 24 24' aria-hidden='true'><path d='M6 3 H18 V8 A6 6 0 0 1 12 14 A6 6 0 0 1 6 8 Z M10 14 H14 V18 H17 V21"
        " H7 V18 H10 Z' fill='#e0b21b' stroke='#7a5c00'/></svg>"
        f"{piece_svg(t, colour, 20)}{html.escape(t.title())}</span>"
        for t in trophies
    )
    return f"<div class='rf-trophies'><span class='rf-state-label'>{html.escape(plural(len(trophies), 'Trophy', 'Trophies'))}</span>{tiles}</div>"


def _state_cards(c: CivView, state: str) -> list[str]:
    cards = getattr(c, state)
    if state == "discard":
        cards = tuple(reversed(cards))  # the top card first
    down = c.face_down and state == ("played" if c.face_down_where == "played" else "decline")
    secret = list(c.own_face_down) if down else []
    out = []
    for k, p in enumerate(cards):
        mine = p in secret and (secret.remove(p) or True)  # the viewer's own card: face up to them, marked
        out.append(card_html(p, c.colour, "on top" if state == "discard" and k == 0 and len(cards) > 1 else "", secret=mine))
    if down and not c.own_face_down:
        out += [card_back_html(c.colour)] * c.face_down
    return out


def civ_html(v: TableView, i: int) -> str:
    """One player's place at the table."""
    c = v.civs[i]
    e = html.escape
    col = e(colour_hex(c.colour))
    badges = []
    if i in v.to_move and v.phase not in ("over", "setup"):
        badges.append("<span class='rf-acts'>to act</span>")
    if i == v.first:
        badges.append("<span class='rf-first'>★ First Player</span>")
    if c.extinct:
        badges.append("<span class='rf-lost'>extinct: has lost the game</span>")
    rows = []
    down = "played" if c.face_down_where == "played" else "decline"
    for state, label in STATES:
        cards = _state_cards(c, state)
        if c.face_down and state == down:
            n = "one card" if c.face_down == 1 else f"{c.face_down} cards"
            label = f"{label}: {n}, face down" + (" to the others" if c.own_face_down else "")
        if cards:
            rows.append(f"<div class='rf-state rf-state-{state}'><span class='rf-state-label'>{label}</span><div class='rf-cards'>{''.join(cards)}</div></div>")
    if c.among:
        where = "played face down" if c.face_down_where == "played" else "put face down into Decline"
        hint = f"{plural(c.face_down, 'card')} {where}, from these"
        rows.append(f"<div class='rf-state rf-state-among'><span class='rf-state-label'>{e(hint)}</span>"
                    f"<div class='rf-cards'>{''.join(card_html(p, c.colour) for p in c.among)}</div></div>")
    return (
        f"<div class='rf-civ rf-civ-table{' rf-civ-lost' if c.extinct else ''}{' rf-civ-acting' if i in v.to_move else ''}'"
        f" style='--pc:{col}; border-left:10px solid {col}'>"
        f"<div class='rf-civ-name'><b>{name_html(c.name)}</b> {''.join(badges)}</div>"
        f"{coins_html(c.gold, c.wood, c.stone)}<div class='rf-states'>{''.join(rows)}</div>{pieces_html(c)}"
        f"{trophies_html(c.trophies, c.colour)}</div>"
    )


def table_html(v: TableView, only: Iterable[int] | None = None, key: bool = True) -> str:
    """Every player's place (or ``only`` those), the players to act first (at the top on a phone,
    first in the grid on a tablet), then the others in seating order; the pieces' key said once."""
    acting = [i for i in v.to_move if 0 <= i < len(v.civs)]
    order = acting + [i for i in range(len(v.civs)) if i not in acting]
    if only is not None:
        chosen = set(only)
        order = [i for i in order if i in chosen]
    if not order:
        return ""
    said = ("<div class='rf-table-key'>Under each picture: pieces in the World; “+n”: pieces in reserve, "
            "not yet in the World.</div>") if key else ""
    return "<div class='rf-civs'>" + "".join(civ_html(v, i) for i in order) + "</div>" + said
