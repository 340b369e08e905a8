"""The Guild variant: 24 Guild cards as data (``guilds.json``) and the few hook points the
rules consult. Pure Python, no widgets.

Each hook point is one small function of the guilds a player holds. The Guilds' rules (:mod:`.variant`)
ask :func:`changed_actions` (new actions and changed yields), :func:`protected` (conversion) and
:func:`stands_on`; the game's state asks :func:`decline_price` and :func:`treasury_limit`; the position
checks ask :func:`stands_on` and :func:`treasury_limit`; the scoring asks :func:`end_game`.
Nothing else in the code names a guild.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules


@dataclass(frozen=True)
class Guild:
    """One Guild card: the rulebook's text, its power in a sentence, and its hooks."""

    id: str
    name: str
    text: str
    power: str
    hooks: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    table: str = ""  # what the table keeps track of itself (movement, ranges)


@dataclass(frozen=True)
class Level:
    """A handicap level: how many of the three dealt cards a player keeps, and whether they
    receive the card given by the player to their right."""

    id: str
    label: str
    keep: int
    receives: bool


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return json.loads(resources.files("companion.rise_and_fall").joinpath("data/guilds.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def all_guilds() -> dict[str, Guild]:
    """Every Guild card by id, in the rulebook's order."""
    return {g["id"]: Guild(g["id"], g["name"], g["text"], g["power"], g.get("hooks", {}), g.get("table", ""))
            for g in _data()["guilds"]}


def guild(gid: str) -> Guild:
    return all_guilds()[gid]


def levels() -> dict[str, Level]:
    """'Playing with a Handicap System': the four levels, from the most experienced."""
    return {k: Level(k, v["label"], v["keep"], v["receives"]) for k, v in _data()["handicap"]["levels"].items()}


STANDARD_LEVEL: str = _data()["handicap"]["standard"]
DEALT: int = _data()["deal"]["per_player"]


def gives(levels_: list[str], i: int) -> bool:
    """Whether player ``i`` places a card in front of the player on their left: always, unless
    that player plays with no Guild powers (their card from the right would be discarded)."""
    left = (i + 1) % len(levels_)
    return levels()[levels_[left]].receives


def _hooks(guilds: Iterable[str], point: str) -> list[Any]:
    known = all_guilds()
    return [known[g].hooks[point] for g in guilds if g in known and point in known[g].hooks]


# --- hook points ------------------------------------------------------------------------------
def card_actions(card: str, guilds: Iterable[str] = ()) -> list[dict]:
    """The actions of a Civilization card for a player holding ``guilds``: the printed ones with
    their yields changed ('produce 2 Wood'), then the guilds' new actions."""
    return changed_actions(card, load_rules().raw["card_actions"].get(card, []), guilds)


def changed_actions(card: str, printed: list[dict], guilds: Iterable[str] = ()) -> list[dict]:
    """``printed`` (the actions of ``card`` so far, the printed ones first) for a player holding ``guilds``:
    the yields changed, the ordinary productions kept open beside them, then the guilds' new actions."""
    guilds = tuple(guilds)
    base = [dict(s) for s in printed]
    ordinary = []
    for change in _hooks(guilds, "yield"):
        for spec, was in zip(base, printed):
            if spec["id"] in change:
                spec.update(change[spec["id"]])
                # 'The Guild gives a power': the printed production stays open beside it (at 4 Wood, the 1 Wood)
                spec["ordinary"] = f"{was['id']}{ORDINARY}"
                ordinary.append({**was, "id": spec["ordinary"], "label": f"{was['label']}: the ordinary {_amount(was['gain'])}"})
    base += ordinary
    for extra in _hooks(guilds, "actions"):
        base += [dict(s) for s in extra.get(card, [])]
    return base


#: The suffix of a printed production's id beside the Guild's changed one (``nomad-wood-ordinary``).
ORDINARY = "-ordinary"


def _amount(gain: dict[str, int]) -> str:
    return " and ".join(f"{v} {'GP' if k == 'gold' else k.title()}" for k, v in gain.items())


def find_action(card: str, action_id: Any, guilds: Iterable[str] = ()) -> dict | None:
    return next((s for s in card_actions(card, guilds) if s["id"] == action_id), None)


def decline_price(price: int, guilds: Iterable[str]) -> int:
    """'The Archivist can purchase their cards in Decline at half price (rounded up).'"""
    for h in _hooks(guilds, "decline_price"):
        price = -(-price // h["divide"])
    return price


def treasury_limit(guilds: Iterable[str], limit: dict[str, int] | None = None) -> dict[str, int]:
    """How many Wood and Stone a player may hold (5 each, or ``limit``; the Collectors 10)."""
    limit = load_rules().treasury_limit if limit is None else limit
    for h in _hooks(guilds, "treasury_limit"):
        limit = {k: max(v, h.get(k, v)) for k, v in limit.items()}
    return limit


def stands_on(piece: str, guilds: Iterable[str], guild_game: bool = False) -> frozenset[str]:
    """Where a piece of a player holding ``guilds`` may stand: the printed places, and for its
    owner only, the guilds' new ones (Aquanauts at sea, Northerners on a Glacier, ...). In a game
    with Guilds (``guild_game``) a Temple stands in a Forest only for the Druids."""
    extra = {t for h in _hooks(guilds, "stands_on") for t in h.get(piece, [])}
    base = load_rules().stands_on[piece]
    if guild_game and piece in _data()["stands_on_in_a_guild_game"]["by_piece"]:
        base = frozenset(_data()["stands_on_in_a_guild_game"]["by_piece"][piece])
    return base | extra


def extra_places(guilds: Iterable[str]) -> dict[str, frozenset[str]]:
    """Only the places the guilds add, by piece type."""
    out: dict[str, set[str]] = {}
    for h in _hooks(guilds, "stands_on"):
        for piece, terrains in h.items():
            out.setdefault(piece, set()).update(terrains)
    return {p: frozenset(t) for p, t in out.items()}


def conversion_range(guilds: Iterable[str]) -> dict[int, int]:
    """The distances beyond adjacent a player's Temples convert at, with their cost multipliers: the
    Psy-Monks' 'Your Temples have a range of 2 spaces for conversion actions' at the normal price."""
    out: dict[int, int] = {}
    for h in _hooks(guilds, "conversion_range"):
        for k, v in h.items():
            out[int(k)] = min(v, out.get(int(k), v))
    return out


def protected(guilds: Iterable[str]) -> bool:
    """'None of your units may be converted by your opponents.' (Shadow Cult)"""
    return any(h.get("protected") for h in _hooks(guilds, "conversion"))


def swap_cost(guilds: Iterable[str]) -> dict[str, int] | None:
    """What swapping Guild cards in the Recycling phase costs, for a holder of the Doppelgangers."""
    found = _hooks(guilds, "swap")
    return dict(found[0]["cost"]) if found else None


def lost_places(before: Iterable[str], after: Iterable[str]) -> dict[str, frozenset[str]]:
    """The places a player's pieces may no longer stand after their guilds change."""
    old, new = extra_places(before), extra_places(after)
    out = {p: t - new.get(p, frozenset()) for p, t in old.items()}
    return {p: t for p, t in out.items() if t}


def summary(guilds: Iterable[str]) -> str:
    """A player's guilds with their powers, one sentence each."""
    known = all_guilds()
    return " ".join(f"{known[g].name}: {known[g].power}" for g in guilds if g in known)


# --- end of the game -----------------------------------------------------------------------
@dataclass(frozen=True)
class GuildLine:
    """One guild's effect on one player's final score, as a line of the scorepad."""

    guild: str
    text: str
    vp: int

    def to_dict(self) -> dict[str, Any]:
        return {"guild": self.guild, "text": self.text, "vp": self.vp}


@dataclass(frozen=True)
class Standing:
    """What the end-game effects need to know of one player."""

    name: str
    guilds: tuple[str, ...]
    gold: int
    wood: int
    stone: int
    trophies: tuple[str, ...]
    development: dict[str, tuple[int, int] | None]  # type -> (pieces, VP), None when crossed out
    regions: list[tuple[str, int, int]]  # (terrain, size, VP) of each Region controlled
    extinct: bool = False
    tale_trophies: tuple[tuple[str, int], ...] = ()  # (name, VP) of each Tale Trophy claimed ('Dragon', 20)


def strongest_economy(players: list[Standing]) -> str | None:
    """The player with the most GP in their Treasury; a tie names nobody (decided as for a
    Region: 'If there is a tie ... no one gains any VP')."""
    alive = [p for p in players if not p.extinct]
    best = max((p.gold for p in alive), default=0)
    top = [p.name for p in alive if p.gold == best]
    return top[0] if len(top) == 1 else None


def end_game(players: list[Standing]) -> dict[str, list[GuildLine]]:
    """Every guild's effect on the final score, per player, as lines of extra VP."""
    rules = load_rules()
    known = all_guilds()
    strongest = strongest_economy(players)
    out: dict[str, list[GuildLine]] = {}
    for p in players:
        lines: list[GuildLine] = []
        for gid in p.guilds:
            g = known.get(gid)
            if g is None or "end_game" not in g.hooks or p.extinct:
                continue
            for kind, arg in g.hooks["end_game"].items():
                lines.append(END_GAME[kind](g, arg, p, strongest, rules))
        out[p.name] = lines
    return out


def _strongest(g: Guild, vp: int, p: Standing, strongest: str | None, rules: Any) -> GuildLine:
    if strongest == p.name:
        return GuildLine(g.id, f"{g.name}: the strongest economy ({p.gold} GP)", vp)
    why = "tied for the strongest economy: a tie gives no one the bonus" if strongest is None else f"{strongest} has the strongest economy"
    return GuildLine(g.id, f"{g.name}: {why}", 0)


def _per_resource(g: Guild, vp: int, p: Standing, strongest: str | None, rules: Any) -> GuildLine:
    n = p.wood + p.stone
    return GuildLine(g.id, f"{g.name}: {n} resource{'s' if n != 1 else ''} stored ({p.wood} Wood, {p.stone} Stone) × {vp} VP", n * vp)


def _region_multiplier(g: Guild, arg: dict[str, int], p: Standing, strongest: str | None, rules: Any) -> GuildLine:
    extra = sum(vp * (arg[t] - 1) for t, _, vp in p.regions if t in arg)
    what = " and ".join(t.title() for t in arg)
    return GuildLine(g.id, f"{g.name}: {what} Regions controlled count double (+{extra})", extra)


def _per_space(g: Guild, arg: dict[str, int], p: Standing, strongest: str | None, rules: Any) -> GuildLine:
    extra, spaces = 0, 0
    for t, size, _ in p.regions:
        if t in arg:
            spaces += size
            extra += size * (arg[t] - rules.vp_per_space(t))
    what = " and ".join(f"{t.title()} space at {v} VP instead of {rules.vp_per_space(t)}" for t, v in arg.items())
    return GuildLine(g.id, f"{g.name}: {spaces} controlled, each {what} (+{extra})", extra)


def _double_development(g: Guild, types: list[str], p: Standing, strongest: str | None, rules: Any) -> GuildLine:
    """'at your choice': the companion takes the choice worth more (the first on a tie)."""
    best = max(types, key=lambda t: (p.development.get(t) or (0, 0))[1])
    vp = (p.development.get(best) or (0, 0))[1]
    return GuildLine(g.id, f"{g.name}: {best.title()}s doubled (the better of {' or '.join(t.title() + 's' for t in types)}) (+{vp})", vp)


def _double_trophy(g: Guild, _: Any, p: Standing, strongest: str | None, rules: Any) -> GuildLine:
    """'one Trophy of your choice which you have claimed': a Tale's Trophy is one too (decided:
    'special Trophies ... represented by Trophy tiles which are the same shape as those from the
    basic game'); the companion takes the one worth most (a normal Trophy on a tie)."""
    held = [(rules.trophy_vp(t), len(PIECE_TYPES) - PIECE_TYPES.index(t), f"{t.title()} Trophy") for t in p.trophies]
    held += [(vp, -k, f"{name} Trophy (a Tale's)") for k, (name, vp) in enumerate(p.tale_trophies)]
    if not held:
        return GuildLine(g.id, f"{g.name}: no Trophy claimed to double", 0)
    vp, _, best = max(held)
    return GuildLine(g.id, f"{g.name}: the {best} doubled (+{vp})", vp)


END_GAME = {
    "strongest_economy": _strongest,
    "vp_per_resource": _per_resource,
    "region_multiplier": _region_multiplier,
    "vp_per_space": _per_space,
    "double_development": _double_development,
    "double_trophy": _double_trophy,
}


def deal(rng: Any, players: int) -> list[list[str]]:
    """'deal out 3 Guild cards to each player': drawn by ``rng`` (a :class:`random.Random`); the
    deal goes into the game's ``setup`` so the log replays the same."""
    cards = list(all_guilds())
    rng.shuffle(cards)
    return [cards[DEALT * k: DEALT * (k + 1)] for k in range(players)]
