"""The Revolt Procedure (10.0) as a procedure of the game's log: its state, and how each step's action moves it.

The state lives in the game's state (``ChartGame.procedure``), never in a screen, so a reload on any page
returns to the same step, and each step's dice are filed under the procedure's nation (rule
``procedure-nation``): another player's phone can neither roll them nor undo them.

The actions (see :mod:`companion.rome1989.game`):

* ``{"type": "areas", "nation", "areas": [{"name", "revolt_value", "capitol"?, "infantry"?, "cavalry"?,
  "popular"?}]}``: the areas a nation controls, entered once and kept (the next ``areas`` replaces them).
* ``{"type": "revolt", "nation", "revolt_table": k, "lost_capitol"?: bool, "popular"?: bool}``: Step 1, the
  Revolt Table's number for this turn (0 is a dash), in the lost-capitol mode (4.1.5.2, 10.3.4) or with a
  Popular leader (15.1.6.1). The dice due are this turn's (phase 3 comes before income, 7.1): the number,
  one more per 10 % overtaxed and one fewer per 10 % refunded on the nation's last charted turn.
* ``roll`` actions with purpose ``rebellion`` (step 2), ``revolt`` (step 3: one die per check, in the order
  :attr:`Revolt.checks` lists them) and ``forces`` (step 4: one die per revolting area).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import IllegalAction
from .chart import Nation, labels, rebellion_rolls
from .dice import check_die
from .numbers import numbers
from .revolt import Area, fought, revolting_forces

#: the steps a procedure can wait on, and the roll purpose each one takes
STEP_PURPOSE = {2: "rebellion", 3: "revolt", 4: "forces"}
DONE = 5
AREA_KEYS = ("name", "revolt_value", "capitol", "infantry", "cavalry", "popular")


@dataclass(frozen=True)
class Revolt:
    """One nation's Revolt Procedure on one game turn, step by step."""

    nation: str
    game_turn: int
    table: int  # the Revolt Table's number (0: a dash)
    lost_capitol: bool
    popular: bool  # a Popular leader in the empire (15.1.6.1)
    kingdom: bool  # a kingdom that lost its capitol: its forces do not help (10.3.4)
    due: int  # rebellion dice due (step 2)
    areas: tuple[Area, ...]
    step: int = 2
    rebellion: tuple[int, ...] = ()
    checks: tuple[str, ...] = ()  # one entry per revolt die due in step 3, area names in order
    revolt_dice: tuple[int, ...] = ()
    revolted: tuple[str, ...] = ()
    forces_dice: tuple[int, ...] = ()

    @property
    def purpose(self) -> str | None:
        """The roll the procedure waits for (None: done)."""
        return STEP_PURPOSE.get(self.step)

    @property
    def dice_due(self) -> int:
        """How many dice the waiting step takes."""
        return {2: self.due, 3: len(self.checks), 4: len(self.revolted)}.get(self.step, 0)

    def area(self, name: str) -> Area:
        return next(a for a in self.areas if a.name == name)

    def revolts_on(self, area: Area) -> int:
        """The highest die on which ``area`` revolts (0: never): the revolt value less the empire's infantry
        (1 each) and cavalry (2 each) there (not a kingdom's, 10.3.4), less 1 for a Popular leader and 1 more
        next to him (15.1.6.1); the capitol's area never revolts (10.3.3)."""
        return revolts_on(area, self.lost_capitol, self.popular, self.kingdom)

    @property
    def forces(self) -> tuple[tuple[str, int], ...]:
        """Each revolting area with its revolting units (10.4.1)."""
        return tuple((a, revolting_forces(d)) for a, d in zip(self.revolted, self.forces_dice))

    def lines(self) -> list[tuple[str, int, int, bool]]:
        """Step 3's dice against their areas: (area, die, the highest die it revolts on, revolts)."""
        return [(a, d, self.revolts_on(self.area(a)), check_die(d) <= self.revolts_on(self.area(a)))
                for a, d in zip(self.checks, self.revolt_dice)]


def revolts_on(area: Area, lost_capitol: bool = False, popular: bool = False, kingdom: bool = False) -> int:
    """The highest die on which ``area`` revolts (0: never): its revolt value less the empire's infantry (1 each)
    and cavalry (2 each) there (not a kingdom's, 10.3.4), less 1 for a Popular leader and 1 more next to him
    (15.1.6.1); the capitol's area never revolts (10.3.3) unless the capitol was lost (10.3.4)."""
    if area.capitol and not lost_capitol:
        return 0
    r = numbers()["revolt"]
    value = area.revolt_value
    if not kingdom:
        value -= r["infantry_lowers_revolt_value"] * area.infantry + r["cavalry_lowers_revolt_value"] * area.cavalry
    if popular:
        value -= r["popular_leader_lowers"] * (1 + min(1, area.popular))
    return max(0, value)


@dataclass(frozen=True)
class AreaOffer:
    """An area as the Revolt screen offers it: whether it may revolt this turn, and on which dice."""

    area: Area
    revolts_on: int  # the highest die it revolts on (0: never)

    @property
    def may_revolt(self) -> bool:
        return self.revolts_on > 0

    def sentence(self) -> str:
        a = self.area
        if a.capitol and not self.may_revolt:
            return "the capitol's area: never revolts (10.3.3)"
        if not self.may_revolt:
            return "cannot revolt: its units hold it (10.3.2)"
        return f"checked on a {a.revolt_value}, revolts on {self.revolts_on} or less"


def area_offers(areas: Sequence[Area], lost_capitol: bool = False, popular: bool = False,
                kingdom: bool = False) -> list[AreaOffer]:
    """Each area with whether it may revolt this turn (the Revolt screen's rows, before step 1)."""
    return [AreaOffer(a, revolts_on(a, lost_capitol, popular, kingdom)) for a in areas]


def new_area(areas: Sequence[Area], name: str, revolt_value: int) -> tuple[Area, ...]:
    """The areas with one more (IllegalAction ``areas`` as :func:`parse_areas` says)."""
    return parse_areas([*areas_doc(areas), {"name": name, "revolt_value": revolt_value}])


def changed_area(areas: Sequence[Area], k: int, **changes: Any) -> tuple[Area, ...]:
    """The areas with the ``k``-th changed; a nation has one capitol, so a capitol picked in one area leaves the
    area that had it."""
    out = list(areas)
    if changes.get("capitol"):
        out = [replace(a, capitol=False) for a in out]
    out[k] = replace(out[k], **changes)
    return tuple(out)


def parse_areas(raw: Any) -> tuple[Area, ...]:
    """The ``areas`` of an action, or IllegalAction ``areas`` with what is wrong."""
    if not isinstance(raw, list) or not raw:
        raise IllegalAction("Enter the nation's areas: at least one, each with its name and revolt value.", rule="areas")
    out: list[Area] = []
    for k, a in enumerate(raw):
        if not isinstance(a, dict) or set(a) - set(AREA_KEYS):
            raise IllegalAction(f"Area {k + 1} is a name, a revolt value, and its capitol, infantry, cavalry and "
                                "Popular leader.", rule="areas")
        name, value = a.get("name"), a.get("revolt_value")
        if not isinstance(name, str) or not name.strip():
            raise IllegalAction(f"Area {k + 1} has no name.", rule="areas")
        if type(value) is not int or not 1 <= value <= numbers().die_sides:
            raise IllegalAction(f"{name}'s revolt value is 1 to {numbers().die_sides}, not {value!r}.", rule="areas")
        counts = {key: a.get(key, 0) for key in ("infantry", "cavalry", "popular")}
        if any(type(v) is not int or v < 0 for v in counts.values()):
            raise IllegalAction(f"{name}'s units are counts of 0 or more.", rule="areas")
        out.append(Area(name.strip(), value, capitol=bool(a.get("capitol", False)), **counts))
    names = [a.name for a in out]
    if len(set(names)) != len(names):
        raise IllegalAction("Each area is entered once.", rule="areas")
    if sum(a.capitol for a in out) > 1:
        raise IllegalAction("A nation has one capitol.", rule="areas")
    return tuple(out)


def areas_doc(areas: Sequence[Area]) -> list[dict[str, Any]]:
    """Areas as an ``areas`` action writes them (defaults left out)."""
    out = []
    for a in areas:
        d: dict[str, Any] = {"name": a.name, "revolt_value": a.revolt_value}
        for key in ("capitol", "infantry", "cavalry", "popular"):
            if getattr(a, key):
                d[key] = getattr(a, key)
        out.append(d)
    return out


def start(nation: Nation, game_turn: int, areas: tuple[Area, ...], action: dict[str, Any]) -> Revolt:
    """Step 1: the procedure of ``nation``'s coming turn (its Revolt Table number entered)."""
    table = action.get("revolt_table")
    if type(table) is not int or not 0 <= table <= numbers().die_sides:
        raise IllegalAction("The Revolt Table's number is 0 (a dash) to 10 (10.1.1).", rule="revolt-table")
    lost = bool(action.get("lost_capitol", False))
    status = _coming_status(nation)
    if status != "E" and not (status == "K" and lost):
        raise IllegalAction(f"{nation.name} plays its coming turn as {status}: only an empire rolls for revolts, and a "
                            "kingdom only after losing its capitol (10.0.1, 10.3.4).", rule="revolt-status")
    if not areas:
        raise IllegalAction(f"Enter {nation.name}'s areas first: each with its revolt value (10.2.2).", rule="areas")
    last = nation.turns[-1] if nation.turns else None
    over = last.overtax_pct if last else nation.opening.overtax_pct
    back = last.refund_pct if last else nation.opening.refund_pct
    due = rebellion_rolls(table, over, back) or 0
    r = Revolt(nation.name, game_turn, table, lost, bool(action.get("popular", False)), status == "K", due, areas)
    if lost:  # 10.3.4: a revolt roll for every area under his control, before the normal procedure
        return replace(r, step=3, checks=tuple(a.name for a in areas), due=0)
    return replace(r, step=2) if due else replace(r, step=DONE)


def rolls_for_revolts(nation: Nation) -> bool:
    """Whether the nation's coming turn is an empire's, which rolls for possible revolts (10.0.1)."""
    return _coming_status(nation) == "E"


def _coming_status(nation: Nation) -> str:
    if not nation.turns:
        return "E" if nation.kind in ("western-rome", "eastern-rome") else ("K" if nation.kind == "persia" or nation.kingdom_start else "B")
    return labels(nation)[-1][0]


def advance(r: Revolt, purpose: str, dice: tuple[int, ...]) -> Revolt:
    """One step's dice: the procedure after them, or IllegalAction (``procedure-step``, ``revolt-dice``)."""
    if r.purpose is None:
        raise IllegalAction(f"{r.nation}'s revolt procedure is over; start another for a new turn.", rule="procedure-step")
    if purpose != r.purpose:
        raise IllegalAction(f"{r.nation}'s revolt procedure waits for its {r.purpose} dice (step {r.step}), not "
                            f"{purpose} dice.", rule="procedure-step")
    if len(dice) != r.dice_due:
        what = {2: "rebellion roll", 3: "area checked", 4: "revolting area"}[r.step]
        raise IllegalAction(f"Step {r.step} takes {r.dice_due} dice, one per {what}, not {len(dice)}.", rule="revolt-dice")
    if r.step == 2:
        checks: list[str] = []
        for d in dice:  # 10.2.2, 10.2.3: every area of that value, twice for two equal dice
            checks += [a.name for a in r.areas if a.revolt_value == check_die(d) and not a.capitol]
        return replace(r, rebellion=dice, checks=tuple(checks), step=3 if checks else DONE)
    if r.step == 3:
        revolted: list[str] = []
        for a, d in zip(r.checks, dice):
            if check_die(d) <= r.revolts_on(r.area(a)) and a not in revolted:
                revolted.append(a)  # 10.4.2: the forces are rolled once, even for an area checked twice
        return replace(r, revolt_dice=dice, revolted=tuple(revolted), step=4 if revolted else DONE)
    return replace(r, forces_dice=dice, step=DONE)


@dataclass(frozen=True)
class RevoltFight:
    """The battle a revolting area causes (10.5): its revolting units fought (at most five at a time, 10.4.3),
    who fight as barbarian infantry (10.5.2) and never retreat (10.5.3), against the empire's units there, which
    defend and fire first (10.5.1)."""

    area: str
    revolting: int
    infantry: int
    cavalry: int


def revolt_fights(r: Revolt) -> list[RevoltFight]:
    """The battles the procedure's revolting areas cause once their forces are rolled: an area with the empire's
    units in it fights at once (10.5.1); one without has none to fight."""
    if r.step != DONE:
        return []
    out = []
    for name, k in r.forces:
        a = r.area(name)
        if a.infantry or a.cavalry:
            out.append(RevoltFight(name, fought(k), a.infantry, a.cavalry))
    return out


def summary(r: Revolt) -> str:
    """Where the procedure stands, in a sentence a player reads."""
    if r.step == 2:
        return f"Step 2: {r.due} rebellion {'die' if r.due == 1 else 'dice'} for {r.nation} (10.2)."
    if r.step == 3:
        return f"Step 3: one die for each area checked ({len(r.checks)}); an area revolts on its number or less (10.3)."
    if r.step == 4:
        return f"Step 4: one die for each revolting area ({', '.join(r.revolted)}), halved and rounded up (10.4)."
    if not r.revolted:
        if r.due == 0 and not r.lost_capitol:
            return f"No rebellion roll is due for {r.nation} this turn: no area revolts (10.1, 10.2.1)."
        return f"No area of {r.nation} revolts this turn."
    cap = numbers()["revolt"]["max_forces_fought"]
    forces = ", ".join(f"{a} {k}" for a, k in r.forces)
    return (f"Revolting forces: {forces}; they fight as barbarian infantry, the empire's units defend and fire first, "
            f"at most {cap} fought in one area at a time (10.4.3, 10.5).")
