"""Combat (12.0) as a procedure of the game's log: a battle's sides, its steps, and how each step's action moves it.

The battle lives in the game's state (``ChartGame.battle``), never in a screen, so a reload on any page returns
to the same step; its dice are filed under the nation whose procedure it is (the phasing player's, 12.0.7: "the
phasing player is the attacker"; for revolting forces, 10.5.1, the empire's), so another player's phone can
neither roll them nor undo them (rule ``procedure-nation``, ``seat-undo``).

The steps are 12.0.8's:

1. ``{"type": "battle", "nation", "area"?, "terrain"?, "invasion"?: bool, "attacker": side, "defender": side}``:
   the battle fought next, with both sides' units (a side: ``{"name", "units": [{"unit", "count", "attack"}],
   "national"?, "leader"?, "defence"?: 0–3, "may_retreat"?: bool}``). Land units fight land units and ships fight
   ships, never each other (12.0.3: rule ``land-and-ships``); in a naval invasion (12.0.4: the land battle of
   land units landed from ships) the attacker may not retreat (12.0.6: ``invasion-retreat``). A leader is no
   unit: he adds to his side's attack and is never taken as a loss (15.1.12: ``leader-loss``), and falls when
   his side is eliminated around him (15.1.9).
2. and 3. a ``roll`` with purpose ``combat``: the defender's volley, one die per defending unit, each checked
   against the attacker's defence modifier and the terrain.
4. ``{"type": "losses", "nation", "units": {"infantry": 1, ...}}``: the attacker eliminates one unit of his choice
   per hit (taken without asking when the choice is forced: every unit lost, or units of one type; the capitol
   last, 4.1.5).
5. ``{"type": "retreat", "nation"}``: the attacker retreats, or 6. and 7. the attacker's volley (a ``roll``).
8. the defender's losses (``losses``), 9. the defender retreats (``retreat``) or fires again (10.: steps two
   through nine again), until one side withdraws or is eliminated.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..errors import IllegalAction
from .combat import (
    CAPITOL,
    LEADERS,
    TERRAINS,
    Group,
    Shooter,
    fire,
    national_bonus,
    shooters,
    to_hit,
    unit_type,
)

#: the steps a battle waits on (12.0.8), and whose act each one is
DEFENDER_FIRES, ATTACKER_LOSSES, ATTACKER_CHOOSES, DEFENDER_LOSSES, DEFENDER_CHOOSES, OVER = 2, 4, 5, 8, 9, 11
SIDE_KEYS = ("name", "units", "national", "leader", "defence", "may_retreat")
MAX_UNITS = 30
MAX_DEFENCE = 3
FIXED = ("fort", CAPITOL)  # 12.2.2: "Forts and capitols may not retreat"
SHIPS = "ships"  # 12.0.3: "Combat never occurs between land units and ship units"
LEADER_WORDS = ("leader", "leaders", "military", "naval", "military leader", "naval leader")


#: forces that are no nation of the game: an independent area (12.4), a barbarian homeland area (12.4.4), the
#: revolting forces (10.5); none of them may retreat (12.2.6)
FORCES = ("Independent area", "Barbarian homeland area", "Revolting forces")


def may_retreat(name: str) -> bool:
    """12.2.6: "Independent kingdom forces, barbarian area defense forces, and rebelling forces may not retreat"."""
    return name not in FORCES


def opponents(nations: list[str], nation: str) -> list[str]:
    """Whom ``nation`` may fight: another nation of the game, or forces that are no nation's (:data:`FORCES`)."""
    return [n for n in nations if n != nation] + list(FORCES)


def side_doc(name: str, units: list[tuple[str, int, int]], national: str | None = None, leader: str | None = None,
             defence: int = 0) -> dict[str, Any]:
    """A side of a ``battle`` action from what was picked: (unit, count, attack) with a count, whether it may
    retreat from its name (:func:`may_retreat`)."""
    d: dict[str, Any] = {"name": name, "units": [{"unit": u, "count": k, "attack": a} for u, k, a in units if k]}
    if national:
        d["national"] = national
    if leader:
        d["leader"] = leader
    if defence:
        d["defence"] = abs(defence)
    if not may_retreat(name):
        d["may_retreat"] = False
    return d


def most(unit: str) -> int:
    """The most units of a type a side may have in a battle: one capitol (4.1.5), else :data:`MAX_UNITS`."""
    return 1 if unit == CAPITOL else MAX_UNITS


def default_attack(unit: str) -> int:
    """The attack value a unit's field starts at: the unit chart's barbarian row where it prints one (4.2)."""
    from .numbers import numbers

    return numbers()["units"]["barbarian"].get(unit, {}).get("attack", 3)


@dataclass(frozen=True)
class Side:
    """One side of a battle: who, its units left (by type, with their attack value), its characteristic and
    leader, the defence modifier its best unit gives (12.1.3, as a number ≥ 0), whether it may retreat."""

    name: str
    units: tuple[Group, ...]
    national: str | None = None
    leader: str | None = None
    defence: int = 0
    may_retreat: bool = True

    @property
    def count(self) -> int:
        return sum(g.count for g in self.units)

    def shooters(self) -> list[Shooter]:
        return shooters([g for g in self.units if g.count], self.national, self.leader)

    def can_retreat(self) -> bool:
        """12.2: it may retreat unless it may not at all (12.2.6) or holds its capitol there (12.2.3), and only
        with units that move (12.2.2)."""
        return (self.may_retreat and self.count > 0 and not any(g.unit == CAPITOL and g.count for g in self.units)
                and any(g.unit not in FIXED and g.count for g in self.units))

    def without(self, lost: dict[str, int]) -> Side:
        return replace(self, units=tuple(replace(g, count=g.count - lost.get(g.unit, 0)) for g in self.units))

    def to_doc(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "units": [{"unit": g.unit, "count": g.count, "attack": g.attack}
                                                          for g in self.units]}
        if self.national:
            d["national"] = self.national
        if self.leader:
            d["leader"] = self.leader
        if self.defence:
            d["defence"] = self.defence
        if not self.may_retreat:
            d["may_retreat"] = False
        return d


@dataclass(frozen=True)
class Volley:
    """One side's fire: the side ("attacker" / "defender"), the round, the dice, each a hit or not."""

    side: str
    round: int
    dice: tuple[int, ...]
    hits: tuple[bool, ...]


@dataclass(frozen=True)
class Battle:
    """One battle of a nation's combat phase, step by step (12.0.8)."""

    nation: str
    game_turn: int
    area: str
    terrain: str
    attacker: Side
    defender: Side
    step: int = DEFENDER_FIRES
    round: int = 1
    volleys: tuple[Volley, ...] = ()
    hits_due: int = 0  # the hits the side at a losses step takes
    losses: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # (side, ((unit, count), ...)) in order
    retreated: str | None = None  # "attacker" / "defender"
    invasion: bool = False  # a naval invasion (12.0.4): the attacker may not retreat (12.0.6)

    @property
    def over(self) -> bool:
        return self.step == OVER

    @property
    def firing(self) -> str | None:
        """The side whose volley the battle waits for (None: none now)."""
        return {DEFENDER_FIRES: "defender", DEFENDER_CHOOSES: "defender", ATTACKER_CHOOSES: "attacker"}.get(self.step)

    @property
    def choosing(self) -> str | None:
        """The side that may retreat now instead of firing (None: nobody may; the attacker of a naval invasion
        never, 12.0.6)."""
        side = {ATTACKER_CHOOSES: "attacker", DEFENDER_CHOOSES: "defender"}.get(self.step)
        if side == "attacker" and self.invasion:
            return None
        return side if side is not None and self.side(side).can_retreat() else None

    @property
    def leaders_lost(self) -> tuple[str, ...]:
        """The sides whose leader fell: left alone with the enemy once every unit of his side is eliminated
        (15.1.9); a leader is never one of the losses chosen (15.1.12)."""
        return tuple(w for w in ("attacker", "defender") if self.side(w).leader and self.side(w).count == 0)

    @property
    def losing(self) -> str | None:
        """The side that eliminates units of its choice now (None: no choice is waited for)."""
        return {ATTACKER_LOSSES: "attacker", DEFENDER_LOSSES: "defender"}.get(self.step)

    def side(self, which: str) -> Side:
        return self.attacker if which == "attacker" else self.defender

    def other(self, which: str) -> str:
        return "defender" if which == "attacker" else "attacker"

    @property
    def dice_due(self) -> int:
        side = self.firing
        return self.side(side).count if side else 0

    def needs(self, which: str) -> list[tuple[str, int]]:
        """Each firing unit of ``which`` with the highest die that hits (12.0.8 step 3, 12.1, 2.1)."""
        target = self.side(self.other(which))
        return [(s.unit, to_hit(s, target.defence, self.terrain, defending=which == "defender"))
                for s in self.side(which).shooters()]

    @property
    def winner(self) -> str | None:
        """The side that won (the other retreated or was eliminated), once over; None before, or both gone."""
        if not self.over:
            return None
        if self.retreated:
            return self.other(self.retreated)
        alive = [w for w in ("attacker", "defender") if self.side(w).count]
        return alive[0] if len(alive) == 1 else None


def parse_side(raw: Any, which: str) -> Side:
    """A side of a ``battle`` action, or IllegalAction (``battle``, ``unit``, ``national``, ``leader``)."""
    if not isinstance(raw, dict) or set(raw) - set(SIDE_KEYS):
        raise IllegalAction(f"The {which} is a name, its units (type, count, attack), and its national "
                            "characteristic, leader, defence modifier and whether it may retreat.", rule="battle")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise IllegalAction(f"Name the {which}: a nation, or the independent area or the revolting forces.",
                            rule="battle")
    units = raw.get("units")
    if not isinstance(units, list) or not units:
        raise IllegalAction(f"Pick the {which}'s units: at least one, with its type and count (4.2).", rule="unit")
    groups: dict[str, Group] = {}
    for u in units:
        if not isinstance(u, dict) or set(u) - {"unit", "count", "attack"} or not isinstance(u.get("unit"), str):
            raise IllegalAction(f"Each of the {which}'s units is a type, a count and an attack value.", rule="unit")
        if is_leader(u["unit"]):
            raise IllegalAction(f"A leader is not a combat unit (15.1.12): pick him as the {which}'s leader, who adds "
                                "to the attack of the units stacked with him.", rule="leader-loss")
        unit, count, attack = unit_type(u["unit"]), u.get("count"), u.get("attack")
        if type(count) is not int or not 0 <= count <= MAX_UNITS:
            raise IllegalAction(f"The number of {unit} is 0 to {MAX_UNITS}, not {count!r}.", rule="unit")
        if type(attack) is not int or not 0 <= attack <= 10:
            raise IllegalAction(f"The attack value of {unit} is 0 to 10, not {attack!r} (4.2.1.1).", rule="unit")
        if unit in groups:
            raise IllegalAction(f"The {which}'s {unit} are entered once, with their count.", rule="unit")
        if count > most(unit):
            raise IllegalAction(f"The {which} has one capitol at most (4.1.5), not {count}.", rule="unit")
        groups[unit] = Group(unit, count, attack)
    national, leader = raw.get("national") or None, raw.get("leader") or None
    if national is not None and not isinstance(national, str):
        raise IllegalAction("A national characteristic is a group's name (15.2.1).", rule="national")
    national_bonus(national, "infantry")  # refused with its sentence when the rulebook lists no such group
    if leader is not None and leader not in LEADERS:
        raise IllegalAction(f"A leader in combat is Military or Naval, not {leader!r} (15.1.4, 15.1.8).", rule="leader")
    defence = raw.get("defence", 0)
    if type(defence) is not int or not 0 <= abs(defence) <= MAX_DEFENCE:
        raise IllegalAction(f"The {which}'s defence modifier is 0 to -{MAX_DEFENCE} (12.1), not {defence!r}.",
                            rule="battle")
    side = Side(name.strip(), tuple(groups.values()), national, leader, abs(defence),
                bool(raw.get("may_retreat", True)) and may_retreat(name.strip()))
    if side.count == 0:
        raise IllegalAction(f"Pick the {which}'s units: at least one, with its type and count (4.2).", rule="unit")
    return side


def is_leader(text: str) -> bool:
    """A leader named where a unit is asked for ("Leader", "Military leader")."""
    return text.strip().lower() in LEADER_WORDS


def check_arms(attacker: Side, defender: Side, invasion: bool) -> None:
    """12.0.3: land units and ships never fight each other, so a battle is land against land or ships against
    ships (a naval invasion: the naval battle first, then the land battle, 12.0.4); an invasion is a land battle."""
    def arms(side: Side) -> set[str]:
        return {"ships" if g.unit == SHIPS else "land" for g in side.units if g.count}

    a, d = arms(attacker), arms(defender)
    if len(a) > 1 or len(d) > 1:
        mixed = attacker if len(a) > 1 else defender
        raise IllegalAction(f"{mixed.name} has land units and ships in this battle; combat never occurs between land "
                            "units and ship units (12.0.3): fight the ships' battle and the land battle one after the "
                            "other (12.0.4).", rule="land-and-ships")
    if a != d:
        if a == {"ships"}:
            why = "ship units can never attack land units (12.0.3)"
        else:
            why = (f"{defender.name}'s ships, alone with enemy land units, retreat at once, or are destroyed if they "
                   "cannot (12.0.3)")
        raise IllegalAction(f"Combat never occurs between land units and ship units: {why}.", rule="land-and-ships")
    if invasion and a != {"land"}:
        raise IllegalAction("A naval invasion is the land battle of the land units carried by ship (12.0.4): the "
                            "ships fight their own battle first.", rule="land-and-ships")


def start(nation: str, game_turn: int, action: dict[str, Any]) -> Battle:
    """Step 1: the battle ``nation`` fights next, both sides' units entered; the defender fires first."""
    terrain = action.get("terrain", "clear")
    if terrain not in TERRAINS:
        raise IllegalAction(f"The terrain is clear, mountain or forest, not {terrain!r} (2.1).", rule="terrain")
    area = action.get("area", "")
    if not isinstance(area, str) or len(area) > 80:
        raise IllegalAction("The battle's area is a name (80 characters at most).", rule="battle")
    invasion = action.get("invasion", False)
    if type(invasion) is not bool:
        raise IllegalAction("Whether the battle is a naval invasion is yes or no (12.0.4).", rule="battle")
    attacker = parse_side(action.get("attacker"), "attacker")
    defender = parse_side(action.get("defender"), "defender")
    check_arms(attacker, defender, invasion)
    return Battle(nation, game_turn, area.strip(), terrain, attacker, defender, invasion=invasion)


def volley(b: Battle, dice: tuple[int, ...]) -> Battle:
    """Steps 2–3 or 6–7: one die per firing unit, each checked; the hits then taken by the side hit."""
    side = b.firing
    if side is None:
        raise IllegalAction(_waiting(b), rule="procedure-step")
    firing = b.side(side).shooters()
    target = b.side(b.other(side))
    hit = fire(firing, list(dice), target.defence, b.terrain, defending=side == "defender")
    rnd = b.round + 1 if b.step == DEFENDER_CHOOSES else b.round  # 12.0.8 step 10: steps two through nine again
    after = replace(b, round=rnd, volleys=(*b.volleys, Volley(side, rnd, dice, tuple(hit))))
    return _hits(after, b.other(side), sum(hit))


def _hits(b: Battle, hit_side: str, hits: int) -> Battle:
    """The side hit eliminates one unit per hit: at once when its choice is forced, else at its losses step."""
    target = b.side(hit_side)
    hits = min(hits, target.count)
    step_after = ATTACKER_CHOOSES if hit_side == "attacker" else DEFENDER_CHOOSES
    losses_step = ATTACKER_LOSSES if hit_side == "attacker" else DEFENDER_LOSSES
    if hits == 0:
        return replace(b, step=step_after, hits_due=0)
    forced = forced_losses(target, hits)
    if forced is None:
        return replace(b, step=losses_step, hits_due=hits)
    return _remove(replace(b, hits_due=hits), hit_side, forced, step_after)


def forced_losses(side: Side, hits: int) -> dict[str, int] | None:
    """The units lost when the owner has no choice (every unit, or the units other than the capitol all of one
    type), else None."""
    if hits >= side.count:
        return {g.unit: g.count for g in side.units if g.count}
    movable = [g for g in side.units if g.count and g.unit != CAPITOL]
    if len(movable) == 1 and movable[0].count >= hits:
        return {movable[0].unit: hits}
    return None


def check_losses(side: Side, hits: int, lost: Any) -> dict[str, int]:
    """The units a side chose to eliminate for ``hits`` hits, or IllegalAction ``loss-order``."""
    if not isinstance(lost, dict) or not all(isinstance(k, str) for k in lost):
        raise IllegalAction(f"Name the units {side.name} eliminates: one for each of the {hits} hits.", rule="loss-order")
    out: dict[str, int] = {}
    for k, v in lost.items():
        if is_leader(k):
            raise IllegalAction(f"A leader is not a combat unit and cannot be taken as a combat loss (15.1.12): "
                                f"{side.name} eliminates {min(hits, side.count)} of its units.", rule="leader-loss")
        unit = unit_type(k)
        have = next((g.count for g in side.units if g.unit == unit), 0)
        if type(v) is not int or not 0 <= v <= have:
            raise IllegalAction(f"{side.name} has {have} {unit} to lose, not {v!r}.", rule="loss-order")
        if v:
            out[unit] = out.get(unit, 0) + v
    if sum(out.values()) != min(hits, side.count):
        raise IllegalAction(f"{side.name} eliminates one unit for each hit: {min(hits, side.count)}, not "
                            f"{sum(out.values())} (12.0.8).", rule="loss-order")
    if out.get(CAPITOL) and sum(out.values()) < side.count:
        raise IllegalAction("The capitol must be the last unit removed to satisfy losses (4.1.5): eliminate the "
                            "other units first.", rule="loss-order")
    return out


def take_losses(b: Battle, lost: Any) -> Battle:
    """Step 4 or 8: the side hit eliminates the units of its choice."""
    side = b.losing
    if side is None:
        raise IllegalAction(_waiting(b), rule="procedure-step")
    chosen = check_losses(b.side(side), b.hits_due, lost)
    return _remove(b, side, chosen, ATTACKER_CHOOSES if side == "attacker" else DEFENDER_CHOOSES)


def _remove(b: Battle, side: str, lost: dict[str, int], then: int) -> Battle:
    after = b.side(side).without(lost)
    b = replace(b, losses=(*b.losses, (side, tuple(sorted(lost.items())))), hits_due=0,
                **{side: after})  # type: ignore[arg-type]
    if after.count == 0:
        return replace(b, step=OVER)
    return replace(b, step=then)


def retreat(b: Battle) -> Battle:
    """Step 5 or 9: the side choosing retreats, all its units to one area; its forts are destroyed (12.2)."""
    side = b.choosing
    if side is None:
        if b.step == ATTACKER_CHOOSES and b.invasion:
            raise IllegalAction(f"{b.attacker.name} may not retreat: a player may not retreat from a naval invasion "
                                "when he is the attacker (12.0.6); it fires or fights on.", rule="invasion-retreat")
        if b.step in (ATTACKER_CHOOSES, DEFENDER_CHOOSES):
            who = b.side("attacker" if b.step == ATTACKER_CHOOSES else "defender")
            raise IllegalAction(f"{who.name} may not retreat from this battle: forts, a capitol, independent and "
                                "rebelling forces stay and fight (12.2.2, 12.2.3, 12.2.6).", rule="retreat")
        raise IllegalAction(_waiting(b), rule="procedure-step")
    return replace(b, step=OVER, retreated=side)


def _waiting(b: Battle) -> str:
    if b.over:
        return f"{b.nation}'s battle{' in ' + b.area if b.area else ''} is over; start the next one."
    return f"{b.nation}'s battle waits for {summary(b)[0].lower() + summary(b)[1:]}"


def summary(b: Battle) -> str:
    """Where the battle stands, in a sentence a player reads."""
    a, d = b.attacker, b.defender
    if b.step == DEFENDER_FIRES:
        return f"Step 2: {d.name} fires first, one die for each of its {d.count} units (12.0.8)."
    if b.step == ATTACKER_LOSSES:
        return f"Step 4: {a.name} eliminates {b.hits_due} units of its choice, the capitol last (12.0.8, 4.1.5)."
    if b.step == ATTACKER_CHOOSES:
        back = " or retreats" if b.choosing else (" (a naval invasion: no retreat, 12.0.6)" if b.invasion else "")
        return f"Step 5: {a.name} returns fire, one die for each of its {a.count} units{back} (12.0.8, 12.2)."
    if b.step == DEFENDER_LOSSES:
        return f"Step 8: {d.name} eliminates {b.hits_due} units of its choice, the capitol last (12.0.8, 4.1.5)."
    if b.step == DEFENDER_CHOOSES:
        back = " or retreats" if b.choosing else ""
        return f"Step 9: {d.name} fires again, one die for each of its {d.count} units{back} (12.0.8, 12.2)."
    if b.retreated:
        gone = b.side(b.retreated)
        forts = any(g.unit == "fort" and g.count for g in gone.units)
        return (f"{gone.name} retreated{': its forts there are destroyed (12.2.3)' if forts else ''}; "
                f"{b.side(b.other(b.retreated)).name} won the battle.")
    w = b.winner
    fell = "".join(f" {possessive(b.side(x).name)} {b.side(x).leader} leader, left alone with the enemy, is eliminated "
                   "(15.1.9)." for x in b.leaders_lost)
    if w is None:
        return "Both sides are eliminated." + fell
    return f"{b.side(w).name} won the battle: {b.side(b.other(w)).name} is eliminated from the area." + fell


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def losses_text(b: Battle) -> list[str]:
    """Each side's losses so far, in a line each."""
    out = []
    for which in ("attacker", "defender"):
        lost: dict[str, int] = {}
        for s, units in b.losses:
            if s == which:
                for u, k in units:
                    lost[u] = lost.get(u, 0) + k
        if lost:
            out.append(f"{b.side(which).name} lost " + ", ".join(f"{k} {u}" for u, k in lost.items()) + ".")
    return out


def loss_choices(side: Side, hits: int) -> list[dict[str, int]]:
    """Every choice of units a side may eliminate for ``hits`` hits (the capitol last), for the offers."""
    kinds = [(g.unit, g.count) for g in side.units if g.count and g.unit != CAPITOL]
    out: list[dict[str, int]] = []

    def walk(k: int, left: int, acc: dict[str, int]) -> None:
        if len(out) >= 40:
            return
        if k == len(kinds):
            if left == 0:
                out.append(dict(acc))
            return
        unit, have = kinds[k]
        for take in range(min(have, left), -1, -1):
            walk(k + 1, left - take, {**acc, unit: take} if take else acc)

    n = min(hits, side.count)
    non_capitol = sum(c for _, c in kinds)
    if n > non_capitol:
        return [{g.unit: g.count for g in side.units if g.count}]
    walk(0, n, {})
    return out


def sample_battles(nation: str) -> list[dict[str, Any]]:
    """Battles a random player starts for ``nation`` (12.0.8 step 1): against an independent area (12.4, which may
    not retreat) in each terrain, and its fort and cavalry against revolting forces (10.5, the empire's units
    defending)."""
    attacker = {"name": nation, "units": [{"unit": "infantry", "count": 2, "attack": 3},
                                          {"unit": "cavalry", "count": 1, "attack": 4}], "leader": "Military"}
    area = {"name": "Independent area", "units": [{"unit": "infantry", "count": 3, "attack": 3}], "may_retreat": False}
    rebels = {"name": "Revolting forces", "units": [{"unit": "infantry", "count": 4, "attack": 3}], "may_retreat": False}
    mine = {"name": nation, "units": [{"unit": "fort", "count": 1, "attack": 3},
                                      {"unit": "cavalry", "count": 2, "attack": 4}], "defence": 1}
    out: list[dict[str, Any]] = [{"type": "battle", "nation": nation, "area": f"an area ({t})", "terrain": t,
                                  "attacker": attacker, "defender": area} for t in TERRAINS]
    out.append({"type": "battle", "nation": nation, "area": "a revolting area", "attacker": rebels, "defender": mine})
    return out
