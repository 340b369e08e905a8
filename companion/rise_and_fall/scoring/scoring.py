"""Tallying Victory Points: Economy, Trophies, Development and Territories, Region by Region.

Pure functions of a :class:`~companion.rise_and_fall.scoring.position.Position`. The rulebook
names no tie-break: players tied for the most VP share the victory (``winners``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.scoring.position import PlayerState, Position
from companion.rise_and_fall.variants.guilds.guilds import GuildLine, Standing, end_game
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.world.world import Region, region_map, regions_of


@dataclass(frozen=True)
class RegionScore:
    """One Region as the table checks it: who has how many pieces, who controls it, its VP."""

    region: Region
    pieces: dict[str, int]
    controller: str | None

    @property
    def vp(self) -> int:
        return self.region.value if self.controller else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "terrain": self.region.terrain,
            "size": self.region.size,
            "spaces": [list(s) for s in self.region.spaces],
            "pieces": dict(self.pieces),
            "controller": self.controller,
            "vp": self.vp,
        }


@dataclass(frozen=True)
class PlayerScore:
    name: str
    gold: int
    economy: int
    trophies: int
    development: int
    territories: int
    development_lines: dict[str, tuple[int, int] | None]  # type -> (pieces, VP), None when crossed out
    territory_lines: dict[str, list[int]] = field(default_factory=dict)  # terrain -> sizes controlled
    extinct: bool = False  # an extinct Civilization: 'That player has lost the game'
    guild_lines: tuple[GuildLine, ...] = ()  # the Guild variant: each guild's end-game effect
    tale_lines: tuple[T.TaleLine, ...] = ()  # the Tales: Tale Trophies and each Tale's end-game VP

    @property
    def guilds(self) -> int:
        """Extra VP from the guilds' end-game effects (0 without Guilds)."""
        return sum(g.vp for g in self.guild_lines)

    @property
    def tales(self) -> int:
        """Extra VP from the Tales (0 without Tales)."""
        return sum(t.vp for t in self.tale_lines)

    @property
    def total(self) -> int:
        return self.economy + self.trophies + self.development + self.territories + self.guilds + self.tales

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "economy": self.economy,
            "trophies": self.trophies,
            "development": self.development,
            "territories": self.territories,
            "total": self.total,
        }
        if self.guild_lines:
            out["guilds"] = self.guilds
            out["guild_lines"] = [g.to_dict() for g in self.guild_lines]
        if self.tale_lines:
            out["tales"] = self.tales
            out["tale_lines"] = [t.to_dict() for t in self.tale_lines]
        if self.extinct:
            out["extinct"] = True
        return out


#: 'That player has lost the game': when every Civilization is extinct, nobody wins.
NO_WINNER = "No winner: every Civilization is extinct, and each player has lost the game"


@dataclass(frozen=True)
class Score:
    players: list[PlayerScore]
    regions: list[RegionScore]

    @property
    def verdict(self) -> str:
        """The winner, the players sharing the victory, or none when every Civilization is extinct."""
        win = self.winners
        if not win:
            return NO_WINNER
        return ("Winner: " if len(win) == 1 else "Shared victory (the rulebook names no tie-break): ") + ", ".join(win)

    @property
    def winners(self) -> list[str]:
        """The most VP among the players still in the game: an extinct player has lost."""
        alive = [p for p in self.players if not p.extinct]
        best = max((p.total for p in alive), default=0)
        return [p.name for p in alive if p.total == best]

    def player(self, name: str) -> PlayerScore:
        return next(p for p in self.players if p.name == name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": {p.name: p.to_dict() for p in self.players},
            "regions": [r.to_dict() for r in self.regions],
            "winners": self.winners,
        }


def region_scores(pos: Position, cached: bool = True) -> list[RegionScore]:
    """'The player with the most pieces in a Region controls it'; a tie scores nobody.

    The Regions come from :func:`~companion.rise_and_fall.world.world.region_map`, walked once per
    World; ``cached=False`` walks them again (the reference the cached path is tested against)."""
    terrain = pos.region_terrain()
    if cached:
        rm = region_map(terrain)
        regions, where = rm.regions, rm.where
    else:
        regions = tuple(regions_of(terrain))
        where = {s: k for k, g in enumerate(regions) for s in g.spaces}
    counts: dict[int, dict[str, int]] = {}
    for space, player in pos.majority_pieces():  # the pieces, and the Tales' Ports and Capital (one game piece each)
        k = where.get(space)
        if k is None:
            continue  # on a Space in no Region (the Tales' Swamps, Volcano, Typhoon)
        c = counts.get(k)
        if c is None:
            counts[k] = {player: 1}
        else:
            c[player] = c.get(player, 0) + 1
    out = []
    for k, g in enumerate(regions):
        c = counts.get(k)
        if c is None:
            out.append(RegionScore(g, {}, None))
        elif len(c) == 1:
            out.append(RegionScore(g, c, next(iter(c))))
        else:
            top = max(c.values())
            leaders = [n for n, v in c.items() if v == top]
            out.append(RegionScore(g, dict(sorted(c.items())), leaders[0] if len(leaders) == 1 else None))
    return out


def score(pos: Position, cached: bool = True) -> Score:
    rules = load_rules()
    regions = region_scores(pos, cached)
    counts = pos.counts()
    territories: dict[str, int] = {}
    terr_lines: dict[str, dict[str, list[int]]] = {}
    for r in regions:
        if r.controller is not None:
            territories[r.controller] = territories.get(r.controller, 0) + r.region.value
            terr_lines.setdefault(r.controller, {}).setdefault(r.region.terrain, []).append(r.region.size)
    players = []
    for p in pos.players:
        lines: dict[str, tuple[int, int] | None] = {}
        mine = counts[p.name]
        for t in PIECE_TYPES:
            n = mine[t]
            # cards in Decline or in reserve (no piece in the World) are crossed out
            lines[t] = None if (t in p.decline or n == 0) else (n, rules.development_vp(t, n))
        players.append(
            PlayerScore(
                name=p.name,
                gold=p.gold,
                economy=rules.economy_vp(p.gold),
                trophies=sum(rules.trophy_vp(t) for t in p.trophies),
                development=sum(v[1] for v in lines.values() if v),
                territories=territories.get(p.name, 0),
                development_lines=lines,
                territory_lines=terr_lines.get(p.name, {}),
                extinct=p.extinct,
            )
        )
    return Score(with_tales(with_guilds(players, pos.players, regions), pos), regions)


def with_tales(scores: list[PlayerScore], pos: Position) -> list[PlayerScore]:
    """Each player's score with the Tales' end-game VP and Tale Trophies, as lines of extra VP."""
    drawn = pos.tales_drawn()
    if not drawn and not any(p.tale_trophies or p.cathedral for p in pos.players):
        return scores
    board = T.TaleBoard(drawn, pos.tale_tiles(), pos.tale_markers(), tuple(pos.majority_pieces()),
                        {p.name: tuple(p.tale_trophies) for p in pos.players},
                        {p.name: ("cathedral",) if p.cathedral else () for p in pos.players})
    lines = T.end_game(board, [p.name for p in pos.players])
    return [replace(sc, tale_lines=tuple(lines.get(sc.name, ()))) for sc in scores]


def with_guilds(scores: list[PlayerScore], states: list[PlayerState], regions: list[RegionScore]) -> list[PlayerScore]:
    """Each player's score with the end-game effects of their guilds, as lines of extra VP."""
    if not any(p.guilds for p in states):
        return scores
    standings = []
    for sc, p in zip(scores, states):
        held = [(r.region.terrain, r.region.size, r.vp) for r in regions if r.controller == p.name]
        standings.append(Standing(p.name, tuple(p.guilds), p.gold, p.wood, p.stone, tuple(p.trophies),
                                  dict(sc.development_lines), held, p.extinct, _tale_trophies(p.tale_trophies)))
    lines = end_game(standings)
    return [replace(sc, guild_lines=tuple(lines.get(sc.name, ()))) for sc in scores]


def _tale_trophies(numbers: list[int]) -> tuple[tuple[str, int], ...]:
    """The Tale Trophies a player claimed, as (name, VP) for the guilds' end-game effects."""
    known = T.all_tales()
    return tuple((known[n].name.removeprefix("The "), known[n].trophy_vp) for n in numbers if n in known and known[n].trophy_vp)


@dataclass(frozen=True)
class QuickStep:
    """One step of the Quick Scoring variant, and every player's GP after it."""

    text: str
    gp: dict[str, int]


def quick_scoring(pos: Position) -> list[QuickStep]:
    """'Each player returns to the box half of their GP (rounded up). From now on, GP represent
    victory points' — then Development, Territories Region by Region, then Trophies."""
    rules = load_rules()
    s = score(pos)
    gp = {p.name: rules.economy_vp(p.gold) for p in pos.players}  # half returned, rounded up
    steps = [QuickStep("Each player returns half of their GP to the box, rounded up.", dict(gp))]
    for p in s.players:
        gp[p.name] += p.development
    steps.append(QuickStep("Each player takes GP for the Development of their active cards.", dict(gp)))
    for r in s.regions:
        if r.controller:
            gp[r.controller] += r.vp
            text = f"{r.region.terrain.title()} Region of {r.region.size}: {r.controller} takes {r.vp} GP; its pieces leave the World."
        else:
            text = f"{r.region.terrain.title()} Region of {r.region.size}: no majority, no GP; its pieces leave the World."
        if r.pieces:
            steps.append(QuickStep(text, dict(gp)))
    for p in pos.players:
        gp[p.name] += sum(rules.trophy_vp(t) for t in p.trophies)
    guilds, tales = any(p.guild_lines for p in s.players), any(p.tale_lines for p in s.players)
    if guilds or tales:
        steps.append(QuickStep("Each player adds the VP of their Trophies.", dict(gp)))
        if guilds:
            for p in s.players:
                gp[p.name] += p.guilds
            steps.append(QuickStep("Each player adds the VP of their Guilds" + ("." if tales else ": the final scores."), dict(gp)))
        if tales:
            for p in s.players:
                gp[p.name] += p.tales
            steps.append(QuickStep("Each player adds the VP of the Tales: the final scores.", dict(gp)))
        return steps
    steps.append(QuickStep("Each player adds the VP of their Trophies: the final scores.", dict(gp)))
    return steps


def scorepad_text(s: Score) -> str:
    """The printed scorepad as a text table: player rows, category columns."""
    guilds = any(p.guild_lines for p in s.players)
    tales = any(p.tale_lines for p in s.players)
    head = ["Player", "GP", "Economy", "Trophies", "Development", "Territories"] + (["Guilds"] if guilds else []) + (["Tales"] if tales else []) + ["Total"]
    rows = [[p.name + (" (extinct, lost)" if p.extinct else ""), str(p.gold), str(p.economy), str(p.trophies), str(p.development), str(p.territories)]
            + ([str(p.guilds)] if guilds else []) + ([str(p.tales)] if tales else []) + [str(p.total)] for p in s.players]
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(len(head))]
    fmt = lambda r: "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))  # noqa: E731
    lines = [fmt(head), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows]
    lines.append("")
    for p in s.players:
        for g in p.guild_lines:
            lines.append(f"{p.name}, {g.text}: {g.vp:+d} VP")
        for t in p.tale_lines:
            lines.append(f"{p.name}, {t.text}: {t.vp:+d} VP")
    lines.append(s.verdict)
    return "\n".join(lines)
