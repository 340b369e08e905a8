"""Each player's own secret address for one game: a seat token per seat, kept in the game's file.

A phone that opens ``?game=rise-and-fall&seat=TOKEN`` holds that player's seat: it sees their
cards and records their own choices, nothing of another seat. The tokens live in the game log's
``meta`` table (key ``seats``), so they survive a restart of the server, and are not actions: undo
never brings back a revoked address. "Reseat" gives a seat a new token; the old one stops working
at once (every page checks its token against the file when the file changes).

Pure Python, no widgets; shared by every game that has seats.
"""

from __future__ import annotations

import functools
import hmac
import io
import os
import re
import secrets
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import CompanionError
from .gamelog import GameLog, GameStore, StaleGame

KEY = "seats"
TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
#: ``Seats.reseat`` without a question asked first: whatever code the seat holds (never a token: see TOKEN)
ANY_CODE = "*"
RESEAT_CHANGED = "The seat or the game changed since the question was asked; nothing was changed. Look and tap again."
NOT_A_SEAT = "This seat's address is not valid any more (the table gave the seat to another phone); scan the seat's new QR code on the tablet."


def _seats(raw: Any) -> dict[int, Seat]:
    """The seats as the file keeps them (key ``seats`` of the meta); what is not a seat is left out."""
    out: dict[int, Seat] = {}
    if isinstance(raw, dict):
        for k, v in raw.items():
            if isinstance(v, dict) and isinstance(v.get("token"), str) and str(k).isdigit():
                out[int(k)] = Seat(int(k), v["token"], bool(v.get("phone")))
    return out


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 24 characters, 144 random bits


@dataclass(frozen=True)
class Seat:
    """One seat of a game: its player's index, its token, and whether a phone has opened it."""

    player: int
    token: str
    phone: bool = False


class Seats:
    """The seats of one game, read from and written to its log file."""

    def __init__(self, log: GameLog) -> None:
        self.log = log

    def all(self) -> dict[int, Seat]:
        return _seats(self.log.meta().get(KEY))

    def _change(self, change: Callable[[dict[int, Seat]], dict[int, Seat]]) -> dict[int, Seat]:
        """The seats read, changed and written in one transaction of the file (two pages opening seats, or a
        tablet making the codes while another device does, at the same moment: neither loses the other's write)."""
        def step(raw: Any) -> Any:
            seats = _seats(raw)
            new = change(dict(seats))
            if new == seats:
                return raw
            return {str(i): {"token": s.token, "phone": s.phone, "at": time.time()} for i, s in sorted(new.items())}

        return _seats(self.log.update_meta(KEY, step))

    def ensure(self, players: int) -> dict[int, Seat]:
        """A token for each of the ``players`` seats (made once, then kept)."""
        seats = self.all()
        if all(i in seats for i in range(players)):
            return seats

        def made(seats: dict[int, Seat]) -> dict[int, Seat]:
            for i in range(players):
                seats.setdefault(i, Seat(i, new_token()))
            return seats

        return self._change(made)

    def reseat(self, player: int, expected: str | None = ANY_CODE) -> Seat:
        """A new token for a seat; the old address stops working. ``expected``: the token the table was asked about
        (None: the seat had none), the seat is changed only if it still holds it, checked in the same transaction:
        two tablets answering the question at once give the seat one new code, and the second is told."""
        seat = Seat(player, new_token())

        def reseated(seats: dict[int, Seat]) -> dict[int, Seat]:
            held = seats.get(player)
            if expected != ANY_CODE and (held.token if held else None) != expected:
                raise StaleGame(RESEAT_CHANGED)
            return {**seats, player: seat}

        return self._change(reseated)[player]

    def seat_of(self, token: str) -> int | None:
        """The seat this token opens, or None (compared in constant time)."""
        found = None
        for i, s in self.all().items():
            if hmac.compare_digest(s.token.encode(), token.encode()):
                found = i
        return found

    def holds(self, token: str, seat: int | None) -> bool:
        """Whether ``token`` still opens ``seat`` (a phone's page asks at each change: Reseat cuts it off)."""
        if seat is None:
            return False
        try:
            return self.seat_of(token) == seat
        except CompanionError:
            return False

    def taken(self, player: int, token: str) -> None:
        """A phone opened this seat with ``token``: the tablet leaves that player's choices to the phone. Marked only
        while the seat still holds that token, checked in the same transaction (a phone with a code the table has
        just replaced marks nothing)."""
        def unmarked(seats: dict[int, Seat]) -> Seat | None:
            now = seats.get(player)
            return now if now is not None and not now.phone and hmac.compare_digest(now.token.encode(), token.encode()) else None

        if unmarked(self.all()) is None:
            return  # nothing to write (no write transaction for a phone opened again)

        def taken(seats: dict[int, Seat]) -> dict[int, Seat]:
            now = unmarked(seats)
            if now is not None:
                seats[player] = Seat(player, now.token, True)
            return seats

        self._change(taken)

    def on_phones(self) -> set[int]:
        return {i for i, s in self.all().items() if s.phone}


def find_seat(store: GameStore, token: str, kind: str) -> tuple[str, int] | None:
    """The game (its id) and seat that ``token`` opens among the logs of ``kind``; None if none."""
    if not isinstance(token, str) or not TOKEN.match(token):
        return None
    for info in store.games(kind):
        if info.problem:
            continue
        try:
            log = store.open(info.id)
        except CompanionError:
            continue
        try:
            seat = Seats(log).seat_of(token)
        except CompanionError:
            seat = None
        finally:
            log.close()
        if seat is not None:
            return info.id, seat
    return None


# --- the addresses phones open, for every game with seats -----------------------------------

def page_base() -> str:
    """The address phones reach this server at, ending with its path (``http://host:port/``)."""
    base = os.environ.get("COMPANION_SEAT_BASE")
    if base:
        return base
    host = os.environ.get("SERVER_NAME") or "localhost"
    port = os.environ.get("SERVER_PORT") or ""
    path = os.environ.get("SCRIPT_NAME") or "/"
    return f"http://{host}{':' + port if port else ''}{path}"


def seat_url(game_id: str, token: str, base: str | None = None) -> str:
    """A seat's own address (``?game=ID&seat=TOKEN``): what its player's phone opens."""
    base = base or page_base()
    return base + "?" + urllib.parse.urlencode({"game": game_id, "seat": token})


@functools.lru_cache(maxsize=64)
def qr_svg(text: str, size_px: int = 150) -> str:
    """A QR code as an SVG picture (the same library ``make table`` prints its code with); made once per address
    (23 ms each, and the seats' panel is drawn again at every change of the game)."""
    try:
        import qrcode
        import qrcode.image.svg
    except ImportError:  # pragma: no cover - qrcode is a dependency
        return ""
    img = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    out = io.BytesIO()
    img.save(out)
    svg = out.getvalue().decode("utf-8")
    svg = svg[svg.find("<svg"):].replace('"', "'")  # no text of a player's in it: only the code's path
    svg = re.sub(r" (width|height)='[^']*'", "", svg, count=2)
    return svg.replace("<svg ", f"<svg width='{size_px}' height='{size_px}' style='background:#fff' ", 1)
