"""Score the Wave: Domains from Moss clockwise (Waves I–II); Great Halls, Elders and Clan Votes (Wave III).

The rulebook, "Score the Wave": "Score 6 Honour for the first cavern in the Domain you control, and 2
Honour for each additional cavern in the Domain you control … If you scored at least one cavern in the
Domain, lose 1 Honour for each overrun cavern in the Domain." Wave III: "Great Halls, then Elders, and
finally Clan Votes." Every number comes from ``data/rules.json``; every decision where the rulebook is
silent is in ``docs/mountain-king/formats.md``. Pure functions over a :class:`~.wave.Wave`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .numbers import numbers
from .wave import Cavern, Clan, Hall, Wave

CATEGORIES = ("caverns", "overrun", "great_halls", "elders", "votes")


def controller(trolls: Mapping[str, int]) -> str | None:
    """The player with at least one Troll and strictly more than any other single player, else None.

    "You do not control a cavern if you are tied for most Trolls there." An overrun cavern has no Trolls."""
    best, who, tied = 0, None, False
    for p, n in trolls.items():
        if n > best:
            best, who, tied = n, p, False
        elif n == best and n > 0:
            tied = True
    return None if tied or best < 1 else who


def domain_honour(controlled: int, overrun: int) -> int:
    """A player's net Honour from one Domain: 6 + 2·(k − 1), less 1 per overrun cavern, only if k ≥ 1."""
    n = numbers()
    if controlled < 1:
        return 0
    return n.first_cavern + n.each_additional_cavern * (controlled - 1) + n.each_overrun_cavern * overrun


def elders_honour(elders: int) -> int:
    """The Elders chart: 0→0, 1→0, 2→1, 3→3, 4→5, 5→8, 6→12, 7→17, 8→23, 9→30."""
    return numbers().elders_honour[elders]


@dataclass(frozen=True)
class DomainResult:
    domain: str
    controllers: dict[str, int]
    overrun: int
    scores: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"domain": self.domain, "controllers": dict(self.controllers), "overrun": self.overrun, "scores": dict(self.scores)}


@dataclass(frozen=True)
class HallResult:
    value: int
    counts: dict[str, int]
    winners: tuple[str, ...]
    each: int

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "counts": dict(self.counts), "winners": list(self.winners), "each": self.each}


@dataclass(frozen=True)
class ClanResult:
    clan: str
    tile: tuple[int, int, int]
    places: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"clan": self.clan, "tile": list(self.tile), "places": [[p, h] for p, h in self.places]}


@dataclass(frozen=True)
class WaveScore:
    """The scored Wave: each player's categories, and how each Domain, Great Hall and Clan went."""

    wave: int
    players: tuple[str, ...]
    categories: dict[str, dict[str, int]]  # player → category → Honour
    before: dict[str, int]
    domains: tuple[DomainResult, ...] = ()
    halls: tuple[HallResult, ...] = ()
    clans: tuple[ClanResult, ...] = ()
    vote_totals: dict[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] | None = None

    def gained(self, player: str) -> int:
        return sum(self.categories[player].values())

    def total(self, player: str) -> int:
        return self.before.get(player, 0) + self.gained(player)

    def row(self, player: str) -> dict[str, int]:
        return {**self.categories[player], "wave": self.gained(player), "total": self.total(player)}

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "wave": self.wave,
            "players": {p: self.row(p) for p in self.players},
            "domains": [d.to_dict() for d in self.domains],
            "halls": [h.to_dict() for h in self.halls],
            "clans": [c.to_dict() for c in self.clans],
        }
        if self.wave == 3:
            out["vote_totals"] = dict(self.vote_totals)
            out["winners"] = list(self.winners or ())
        return out


def domain_results(caverns: Iterable[Cavern], players: tuple[str, ...]) -> tuple[DomainResult, ...]:
    """The seven Domains, Moss first and then clockwise, each with its controllers and net scores."""
    n = numbers()
    controlled: dict[str, dict[str, int]] = {d: {} for d in n.domains}
    overrun = dict.fromkeys(n.domains, 0)
    for c in caverns:
        if c.overrun:
            overrun[c.domain] += 1
        who = controller(c.trolls)
        if who is not None:
            controlled[c.domain][who] = controlled[c.domain].get(who, 0) + 1
    out = []
    for d in n.domains:
        ctrl = {p: controlled[d][p] for p in players if controlled[d].get(p)}
        out.append(DomainResult(d, ctrl, overrun[d], {p: domain_honour(k, overrun[d]) for p, k in ctrl.items()}))
    return tuple(out)


def hall_result(hall: Hall, caverns: Mapping[str, Cavern], players: tuple[str, ...]) -> HallResult:
    """One Great Hall: each touching cavern counts for the Gnomes (overrun), its controller, or nobody.

    "If multiple parties (including Gnomes) tie for most, they split the Great Hall's value as evenly as
    possible among them, ignoring remainders." The Gnomes' share is discarded."""
    gnomes = numbers().gnomes
    tally: dict[str, int] = {}
    for cid in hall.caverns:
        c = caverns[cid]
        party = gnomes if c.overrun else controller(c.trolls)
        if party is not None:
            tally[party] = tally.get(party, 0) + 1
    order = [*players, gnomes]
    counts = {p: tally[p] for p in order if tally.get(p)}
    if not counts:
        return HallResult(hall.value, {}, (), 0)
    most = max(counts.values())
    winners = tuple(p for p in order if counts.get(p) == most)
    return HallResult(hall.value, counts, winners, hall.value // len(winners))


def clan_result(name: str, clan: Clan) -> ClanResult:
    """One plank: the first, second and third qualifying markers (at least 1 Vote) in track order."""
    qualified = [p for p, v in clan.votes if v >= 1][: numbers().clan_places]
    return ClanResult(name, clan.tile, tuple((p, clan.tile[i]) for i, p in enumerate(qualified)))


def winners(totals: Mapping[str, int], vote_totals: Mapping[str, int], players: tuple[str, ...]) -> tuple[str, ...]:
    """Most Honour; a tie goes to the most Votes on the Clan board; still tied, a shared victory (seat order)."""
    best = max(totals[p] for p in players)
    top = [p for p in players if totals[p] == best]
    most_votes = max(vote_totals.get(p, 0) for p in top)
    return tuple(p for p in top if vote_totals.get(p, 0) == most_votes)


def score(w: Wave) -> WaveScore:
    """Score the Wave a valid document describes."""
    cats = {p: dict.fromkeys(CATEGORIES, 0) for p in w.players}
    before = {p: w.honour_before.get(p, 0) for p in w.players}
    if w.wave in (1, 2):
        domains = domain_results(w.caverns, w.players)
        for d in domains:
            for p, k in d.controllers.items():
                honour = domain_honour(k, 0)
                cats[p]["caverns"] += honour
                cats[p]["overrun"] += d.scores[p] - honour
        return WaveScore(w.wave, w.players, cats, before, domains=domains)
    by_id = {c.id: c for c in w.caverns}
    halls = tuple(hall_result(h, by_id, w.players) for h in w.great_halls)
    for h in halls:
        for p in h.winners:
            if p in cats:
                cats[p]["great_halls"] += h.each
    for p in w.players:
        cats[p]["elders"] = elders_honour(w.elders.get(p, 0))
    clans = tuple(clan_result(d, w.clans[d]) for d in numbers().domains)
    for c in clans:
        for p, h in c.places:
            cats[p]["votes"] += h
    vote_totals = {p: 0 for p in w.players}
    for clan in w.clans.values():
        for p, v in clan.votes:
            vote_totals[p] += v
    result = WaveScore(3, w.players, cats, before, halls=halls, clans=clans, vote_totals=vote_totals)
    totals = {p: result.total(p) for p in w.players}
    return WaveScore(3, w.players, cats, before, halls=halls, clans=clans, vote_totals=vote_totals,
                     winners=winners(totals, vote_totals, w.players))


# --- the command's output ----------------------------------------------------------------------------


def _j(x: Any) -> str:
    return json.dumps(x)


def _columns(rows: list[list[tuple[str, Any]]], padded: tuple[str, ...] | None = None) -> list[str]:
    """``{"k": v, "k2": v2}`` per row; the values of the ``padded`` keys (all but the last when None)
    padded to their column's widest, as the format page lays them out."""
    widths: list[int] = []
    for r in rows:
        for i, (_, v) in enumerate(r):
            text = _j(v) + ","
            if i >= len(widths):
                widths.append(0)
            widths[i] = max(widths[i], len(text))
    out = []
    for r in rows:
        parts = []
        for i, (k, v) in enumerate(r):
            if i == len(r) - 1 or (padded is not None and k not in padded):
                parts.append(f"{_j(k)}: {_j(v)}" + ("" if i == len(r) - 1 else ","))
            else:
                parts.append(f"{_j(k)}: {(_j(v) + ','):<{widths[i]}}")
        out.append("{" + " ".join(parts) + "}")
    return out


def _block(key: str, lines: list[str], opener: str, closer: str) -> str:
    if not lines:
        return f" {_j(key)}: {opener}{closer}"
    return f" {_j(key)}: {opener}\n" + ",\n".join(f"  {ln}" for ln in lines) + closer


def to_json_text(s: WaveScore) -> str:
    """The command's ``--json`` output, laid out as the format page shows it (one line per entry, aligned)."""
    d = s.to_dict()
    names = [_j(p) + ":" for p in s.players]
    width = max(len(n) for n in names)
    rows = _columns([list(d["players"][p].items()) for p in s.players])
    players = [f"{n:<{width}} {r}" for n, r in zip(names, rows)]
    parts = [f"{{{_j('wave')}: {s.wave}", _block("players", players, "{", "}")]
    parts.append(_block("domains", _columns([list(x.items()) for x in d["domains"]], ("domain",)), "[", "]"))
    parts.append(_block("halls", _columns([list(x.items()) for x in d["halls"]], ()), "[", "]"))
    parts.append(_block("clans", _columns([list(x.items()) for x in d["clans"]], ("clan", "tile")), "[", "]"))
    if s.wave == 3:
        parts.append(f" {_j('vote_totals')}: {_j(d['vote_totals'])}")
        parts.append(f" {_j('winners')}: {_j(d['winners'])}")
    return ",\n".join(parts) + "}"


ROMAN = {1: "I", 2: "II", 3: "III"}
LABELS = {"caverns": "Caverns", "overrun": "Overrun", "great_halls": "Great Halls", "elders": "Elders",
          "votes": "Clan Votes", "wave": "Wave", "total": "Total"}


def scorepad_text(s: WaveScore) -> str:
    """The command's plain output: the Wave's categories per player, then how each part was scored."""
    n = numbers()
    cols = ("caverns", "overrun", "wave", "total") if s.wave in (1, 2) else ("great_halls", "elders", "votes", "wave", "total")
    name_w = max(6, *(len(p) for p in s.players))
    lines = [f"The end of Wave {ROMAN[s.wave]}.", ""]
    lines.append(f"{'Player':<{name_w}}  " + "  ".join(f"{LABELS[c]:>{max(5, len(LABELS[c]))}}" for c in cols))
    for p in s.players:
        row = s.row(p)
        lines.append(f"{p:<{name_w}}  " + "  ".join(f"{row[c]:>{max(5, len(LABELS[c]))}}" for c in cols))
    lines.append("")
    for d in s.domains:
        name = n.domain_names[d.domain]
        lost = f", {d.overrun} overrun" if d.overrun else ""
        if not d.controllers:
            lines.append(f"{name}: nobody controls a cavern{lost}.")
            continue
        who = "; ".join(f"{p} {k} {'cavern' if k == 1 else 'caverns'} → {d.scores[p]:+d}" for p, k in d.controllers.items())
        lines.append(f"{name}{lost}: {who}.")
    for i, h in enumerate(s.halls, 1):
        lines.append(f"Great Hall {i} ({h.value}): {_hall_words(h)}.")
    if s.wave == 3:
        lines.append("Elders: " + ", ".join(f"{p} {s.categories[p]['elders']}" for p in s.players) + ".")
    for c in s.clans:
        name = n.domain_names[c.clan]
        places = ", ".join(f"{p} {h}" for p, h in c.places) or "nobody has a Vote, nothing is awarded"
        lines.append(f"{name} Clan {list(c.tile)}: {places}.")
    if s.winners is not None:
        lines.append("")
        lines.append(winner_sentence(s))
    return "\n".join(lines)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _hall_words(h: HallResult) -> str:
    gnomes = numbers().gnomes
    names = ["the Gnomes" if p == gnomes else p for p in h.winners]
    if not h.winners:
        return "no cavern counts for anybody, nobody gains anything"
    if h.winners == (gnomes,):
        return f"the Gnomes win, no player gains the {h.value}"
    if len(h.winners) == 1:
        return f"{names[0]} gains {h.value}"
    players = [p for p in h.winners if p != gnomes]
    return f"{_and(names)} tie, {_and(players)} gain {h.each} each" if players else f"{_and(names)} tie"


def winner_sentence(s: WaveScore) -> str:
    """Who won, and how: most Honour, then most Votes on the Clan board, else a shared victory."""
    ws = list(s.winners or ())
    honour = s.total(ws[0])
    level = [p for p in s.players if s.total(p) == honour]
    if len(ws) > 1:
        return f"{_and(ws)} share the victory with {honour} Honour and {s.vote_totals.get(ws[0], 0)} Votes each."
    if len(level) > 1:
        return (f"{ws[0]} wins with {honour} Honour: tied with {_and([p for p in level if p != ws[0]])}, "
                f"{ws[0]} has the most Votes on the Clan board ({s.vote_totals.get(ws[0], 0)}).")
    return f"{ws[0]} wins with {honour} Honour."
