"""The Tale cards as the World reads them: the 23 Tales as data (``tales.json``), the special areas
they lay on the World, the tile pool they change, the draw. Pure Python, no widgets.

Creating the World places the special areas ("Setup:" on a Tale's card), so they are the World's:
the builder asks :func:`pool` (tile counts changed by the Tales drawn) and :func:`components` (the
special areas to place, in order), the placement judges name them (:func:`area_names`) and
:mod:`.special_areas` says where each may go. A World holds the Tales drawn and the Dolmens and the
Typhoon (:class:`Marker`) as data; the rules of the Tales in play stand above, in ``variants/tales/``.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

from companion.hexgrid import Hex
from companion.rise_and_fall.numbers import load_rules

TALE_TYPES = {"creature": "Creature", "built": "Element to be built", "special-area": "Special area"}


@dataclass(frozen=True)
class Area:
    """One component of a special area: a tile (or, for the Dolmens and the Typhoon, a piece)."""

    tale: int
    kind: str
    label: str
    terrain: str | None  # the terrain type its spaces have; None: the space keeps its own
    moment: str  # 'hole', or the tile kind after whose last tile it is placed
    on: tuple[str, ...]  # the terrains it goes on ('any': any space); () for the Sunken City's hole
    cells: tuple[Hex, ...]
    copies: int | str  # a number, or 'per-player'
    marker: bool = False
    region: bool = True  # whether its spaces belong to a Region at the end of the game
    conditions: tuple[str, ...] = ()
    with_previous: bool = False  # placed with the component before it, by the same player
    no_piece: str = ""  # the rule that keeps every piece off it ('' when pieces may stand there)
    may_build: tuple[str, ...] = ()  # what may be built on it all the same (the Gigantic Cavern's City)

    def count(self, players: int) -> int:
        return players if self.copies == "per-player" else int(self.copies)


@dataclass(frozen=True)
class Tale:
    number: int
    id: str
    name: str
    type: str
    components: str
    text: str
    areas: tuple[Area, ...] = ()
    pool_change: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
    trophy_vp: int | None = None
    end_game: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def special_area(self) -> bool:
        return self.type == "special-area"


@lru_cache(maxsize=1)
def tale_data() -> dict[str, Any]:
    """``tales.json`` as read (every Tale's printed numbers and texts)."""
    return json.loads(resources.files("companion.rise_and_fall").joinpath("data/tales.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def all_tales() -> dict[int, Tale]:
    """Every Tale by number, lowest first."""
    out = {}
    for t in tale_data()["tales"]:
        areas = tuple(
            Area(t["number"], a["kind"], a["label"], a["terrain"], a["moment"], tuple(a["on"]), tuple(tuple(c) for c in a["cells"]),
                 a["copies"], a.get("marker", False), a.get("region", True), tuple(a.get("conditions", ())), a.get("with_previous", False),
                 a.get("no_piece", ""), tuple(a.get("may_build", ())))
            for a in t.get("areas", [])
        )
        out[t["number"]] = Tale(t["number"], t["id"], t["name"], t["type"], t["components"], t["text"], areas,
                                t.get("pool_change", {}), t.get("trophy_vp"), t.get("end_game", {}))
    return out


def tale(number: int) -> Tale:
    return all_tales()[number]


def setup_sentence(number: int) -> str:
    """The Tale's 'Setup:' line, as the rulebook prints it."""
    return next((line for line in all_tales()[number].text.splitlines() if line.startswith("Setup:")), "")


@lru_cache(maxsize=1)
def all_areas() -> dict[str, Area]:
    """Every special area component by its tile (or piece) id."""
    return {a.kind: a for t in all_tales().values() for a in t.areas}


def area_of(kind: str) -> Area | None:
    return all_areas().get(kind)


def area_names() -> dict[str, str]:
    return {a.kind: (all_tales()[a.tale].name if a.kind == all_tales()[a.tale].areas[0].kind and len(all_tales()[a.tale].areas) == 1
                     else f"{all_tales()[a.tale].name} ({'top' if a.with_previous else 'bottom'})")
            for a in all_areas().values()}


def check_drawn(drawn: Any, players: int) -> str | None:
    """Why ``drawn`` cannot be the Tales of a game of ``players``, or None."""
    known = all_tales()
    per = tale_data()["per_player"]
    if not isinstance(drawn, (list, tuple)) or not all(type(n) is int for n in drawn):
        return "The Tales drawn are a list of Tale numbers from 1 to 23."
    bad = [n for n in drawn if n not in known]
    if bad:
        return f"There is no Tale number {bad[0]}; the Tales are numbered 1 to {len(known)}."
    if len(set(drawn)) != len(drawn):
        return "A Tale was drawn twice; there is one card of each."
    if len(drawn) != per * players:
        return f"Draw one Tale per player: {per * players} for {players} players, not {len(drawn)}."
    return None


def draw(players: int, seed: Any) -> tuple[int, ...]:
    """'shuffle these cards and draw one for each player' — the same seed draws the same Tales,
    given lowest number first ('the one with the lowest number is applied first')."""
    rng = random.Random(f"tales:{seed}")
    return tuple(sorted(rng.sample(sorted(all_tales()), tale_data()["per_player"] * players)))


def pool(players: int, drawn: Iterable[int] = ()) -> dict[str, int]:
    """The tile pool with the Tales' changes ('Remove a Plains tile from the number normally used')."""
    out = load_rules().pool(players)
    for n in sorted(drawn):
        for kind, d in all_tales()[n].pool_change.items():
            out[kind] += d
    return out


def components(drawn: Iterable[int], players: int) -> list[tuple[Area, int]]:
    """Every special area to place, as (component, copy), in the order they are applied:
    lowest Tale number first, each copy by the next player."""
    out = []
    for n in sorted(drawn):
        t = all_tales()[n]
        for copy in range(max((a.count(players) for a in t.areas), default=0)):
            for a in t.areas:
                if copy < a.count(players):
                    out.append((a, copy))
    return out


@dataclass(frozen=True)
class Marker:
    """A special area that is a piece on a Space (the Dolmens) or lies on one (the Typhoon)."""

    kind: str
    space: Hex

    def to_dict(self) -> dict[str, Any]:
        return {"area": self.kind, "q": self.space[0], "r": self.space[1]}


def parse_markers(raw: Any) -> tuple[Marker, ...]:
    """Markers from a layout's ``tale_pieces`` (anything malformed is left out: the file check names it)."""
    out = []
    for m in raw if isinstance(raw, list) else []:
        if isinstance(m, dict) and m.get("area") in all_areas() and all_areas()[m["area"]].marker and type(m.get("q")) is int and type(m.get("r")) is int:
            out.append(Marker(m["area"], (m["q"], m["r"])))
    return tuple(out)


def drawn_of(extra: dict[str, Any]) -> tuple[int, ...]:
    raw = extra.get("tales")
    if isinstance(raw, list) and all(type(n) is int and n in all_tales() for n in raw):
        return tuple(sorted(set(raw)))
    return ()

