"""The turn record chart: the file ``rise-and-fall-1989/chart`` v1, its validation and its arithmetic.

Pure Python, no widgets. ``docs/rise-and-fall-1989/formats.md`` is the contract; every rule id, rounding and
timing decision below is the one it fixes, and the section numbers quoted are the rulebook's
(``../shared/seeds/rise-and-fall-1989-rulebook.txt``).

* :func:`read` turns a file's bytes into a :class:`Chart` (the facts the players write) or raises
  :class:`ChartFileError` with one sentence per broken rule, each beginning with its rule id.
* :func:`compute` recomputes every derived cell: a :class:`Result` (turn number, income with the capitol,
  the Administrative Leader and overtax, the one-time K1 and E1 bonuses, treasury, final treasury, victory
  points as exact fractions, levy points, rebellion rolls, the players' totals and the victory).
* :func:`result_json` writes the result exactly as the contract prints it; :func:`result_text` as a chart.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..errors import FileFormatError, RuledProblem, cut
from ..errors import Problem as ErrorsProblem
from ..jsonfile import parse_json, read_bounded
from ..words import LONGEST_NAME, name_too_long
from .numbers import numbers

FORMAT = "rise-and-fall-1989/chart"
VERSION = 1
RESULT_FORMAT = "rise-and-fall-1989/chart-result"
ROMAN = ("western-rome", "eastern-rome")
ROME_SOLITAIRE = "rome-solitaire"

# --- the entered facts ---------------------------------------------------------------------------------

#: A turn's entered keys: (JSON type, required, default). "amount" is an integer ≥ 0.
TURN_KEYS: dict[str, tuple[str, bool, Any]] = {
    "status": ("status", True, None),
    "areas_income": ("amount", True, None),
    "capitol_on_board": ("bool", True, None),
    "label": ("str", False, None),
    "admin_leader": ("bool", False, False),
    "overtax_pct": ("amount", False, 0),
    "refund_pct": ("amount", False, 0),
    "modifier_rolls": ("amount", False, 0),
    "maintenance": ("amount", False, 0),
    "purchases": ("amount", False, 0),
    "levy_revolt_values": ("amount", False, 0),
    "levies_spent": ("amount", False, 0),
    "revolt_table": ("amount", False, None),
    "quit": ("bool", False, False),
    "note": ("str", False, None),
}
NATION_KEYS: dict[str, tuple[str, bool, Any]] = {
    "name": ("str", True, None),
    "kind": ("kind", True, None),
    "player": ("str", False, None),
    "enters": ("count", False, 1),
    "first_turn": ("count", False, 1),
    "kingdom_start": ("bool", False, False),
    "opening": ("opening", False, None),
    "turns": ("list", True, None),
}
OPENING_KEYS = ("final_treasury", "overtax_pct", "refund_pct")
TOP_KEYS = ("format", "version", "nations", "victory")


@dataclass(frozen=True)
class Turn:
    """What a player writes for one turn (the entered columns); everything else is derived."""

    status: str
    areas_income: int
    capitol_on_board: bool
    label: str | None = None
    admin_leader: bool = False
    overtax_pct: int = 0
    refund_pct: int = 0
    modifier_rolls: int = 0
    maintenance: int = 0
    purchases: int = 0
    levy_revolt_values: int = 0
    levies_spent: int = 0
    revolt_table: int | None = None
    quit: bool = False
    note: str | None = None

    def to_doc(self) -> dict[str, Any]:
        """The turn as the file writes it: the required keys, then every key that is not its default."""
        out: dict[str, Any] = {}
        for key, (_, required, default) in TURN_KEYS.items():
            value = getattr(self, key)
            if required or value != default:
                out[key] = value
        return out


@dataclass(frozen=True)
class Opening:
    """The turn before the first: its final treasury and its tax percentages (16.8.3.1)."""

    final_treasury: int = 0
    overtax_pct: int = 0
    refund_pct: int = 0

    def to_doc(self) -> dict[str, int]:
        return {k: getattr(self, k) for k in OPENING_KEYS if getattr(self, k)}


@dataclass(frozen=True)
class Nation:
    """One group a player plays, from its first charted turn to its last (a quit starts a new nation)."""

    name: str
    kind: str
    player: str | None = None
    enters: int = 1
    first_turn: int = 1
    kingdom_start: bool = False
    opening: Opening = field(default_factory=Opening)
    turns: tuple[Turn, ...] = ()

    @property
    def who(self) -> str:
        """The person: ``player``, or the nation's name without one."""
        return self.player if self.player is not None else self.name

    def to_doc(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.player is not None:
            out["player"] = self.player
        if self.enters != 1:
            out["enters"] = self.enters
        if self.first_turn != 1:
            out["first_turn"] = self.first_turn
        if self.kingdom_start:
            out["kingdom_start"] = True
        if self.opening.to_doc():
            out["opening"] = self.opening.to_doc()
        out["turns"] = [t.to_doc() for t in self.turns]
        return out


@dataclass(frozen=True)
class Chart:
    """A whole file: the nations in playing order and the victory condition (None: no goal)."""

    nations: tuple[Nation, ...]
    victory: dict[str, Any] | None = None

    def to_doc(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.victory is not None:
            out["victory"] = dict(self.victory)
        out["nations"] = [n.to_doc() for n in self.nations]
        return out

    def nation(self, name: str) -> Nation | None:
        return next((n for n in self.nations if n.name == name), None)

    def with_nation(self, nation: Nation) -> Chart:
        """The chart with ``nation`` replacing the one of its name, or added last."""
        if self.nation(nation.name) is None:
            return replace(self, nations=(*self.nations, nation))
        return replace(self, nations=tuple(nation if n.name == nation.name else n for n in self.nations))


# --- problems --------------------------------------------------------------------------------------------


#: One broken rule: its id and one sentence (``Problem(rule, text)``; it reads ``"rule: text"``). Every file
#: format's problem is the shared :class:`~companion.errors.RuledProblem`; the chart's is that one.
Problem = RuledProblem


class ChartFileError(FileFormatError):
    """A chart file with broken rules: one sentence per rule broken, each beginning with its rule id."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__([p.ruled() if isinstance(p, ErrorsProblem) else p for p in problems])


# --- arithmetic ------------------------------------------------------------------------------------------


def round_off(x: Fraction) -> int:
    """``R(x)``: the nearest whole number, an exact half going up (decision 1): R(4.5) = 5, R(4.4) = 4."""
    return math.floor(x + Fraction(1, 2))


def pct(amount: int, percent: int) -> int:
    """``P(a, p) = R(a × p / 100)``: one rounding per amount, not per 10 % step (decision 2).

    In whole numbers: ``floor(a·p/100 + 1/2) = (2·a·p + 100) // 200``."""
    return (2 * amount * percent + 100) // 200


def fraction_text(f: Fraction) -> str:
    """``"40/3"``, ``"54"``: victory points as the file writes them."""
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def two_decimals(f: Fraction) -> float:
    """The value of a fraction rounded off to two decimals (for display; the strings are exact)."""
    return float(Fraction(round_off(f * 100), 100))


def one_decimal(f: Fraction) -> str:
    """Victory points as a chart shows them: one decimal, rounded off (``33.3``)."""
    tenths = round_off(f * 10)
    return f"{tenths // 10}.{tenths % 10}"


@lru_cache(maxsize=1)
def denominator() -> int:
    """The victory points' common denominator: 6 for the shares 1/3, 1/2 and 1 (14.0.3)."""
    return math.lcm(*(numbers().share(k).denominator for k in numbers().kinds))


def units_text(units: int) -> str:
    return fraction_text(Fraction(units, denominator()))


def units_float(units: int) -> float:
    """``units``/denominator rounded off to two decimals, as a float (the hundredths in whole numbers)."""
    d = denominator()
    return ((200 * units + d) // (2 * d)) / 100


@dataclass(frozen=True)
class Cells:
    """One turn's line of the chart: the entered amounts echoed and every derived cell."""

    game_turn: int
    label: str
    status: str
    number: int
    capitol: int
    admin: int
    overtax: int
    income: int
    bonus: int
    treasury: int
    maintenance: int
    purchases: int
    modifier_payment: int
    refund: int
    final_treasury: int
    vp_units: int  # victory points in units of 1/DENOMINATOR (exact, in whole numbers)
    vp_total_units: int
    levy_points: int
    levies_lost: int
    rebellion_rolls: int | None

    @property
    def vp(self) -> Fraction:
        return Fraction(self.vp_units, denominator())

    @property
    def vp_total(self) -> Fraction:
        return Fraction(self.vp_total_units, denominator())

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_turn": self.game_turn, "label": self.label, "status": self.status, "capitol": self.capitol,
            "admin": self.admin, "overtax": self.overtax, "income": self.income, "bonus": self.bonus,
            "treasury": self.treasury, "maintenance": self.maintenance, "purchases": self.purchases,
            "modifier_payment": self.modifier_payment, "refund": self.refund,
            "final_treasury": self.final_treasury, "vp": units_text(self.vp_units),
            "vp_float": units_float(self.vp_units), "vp_total": units_text(self.vp_total_units),
            "vp_total_float": units_float(self.vp_total_units), "levy_points": self.levy_points,
            "levies_lost": self.levies_lost, "rebellion_rolls": self.rebellion_rolls,
        }


@dataclass(frozen=True)
class NationChart:
    nation: Nation
    share: Fraction
    turns: tuple[Cells, ...]

    @property
    def vp_total_units(self) -> int:
        return self.turns[-1].vp_total_units if self.turns else 0

    @property
    def vp_total(self) -> Fraction:
        return Fraction(self.vp_total_units, denominator())

    @property
    def quit(self) -> bool:
        return any(t.quit for t in self.nation.turns)

    @property
    def closing_treasury(self) -> int:
        """The last final treasury, or 0 after a quit (8.2: "his treasury is reduced to zero")."""
        if self.quit or not self.turns:
            return 0
        return self.turns[-1].final_treasury

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.nation.name, "kind": self.nation.kind, "player": self.nation.who,
            "vp_share": fraction_text(self.share), "turns": [t.to_dict() for t in self.turns],
            "vp_total": units_text(self.vp_total_units), "vp_total_float": units_float(self.vp_total_units),
            "quit": self.quit, "closing_treasury": self.closing_treasury,
        }


def labels(nation: Nation) -> list[tuple[str, int]]:
    """Each turn's (status, number) (8.3.4.1): ``first_turn`` first, one more each turn, 1 at a status change."""
    out: list[tuple[str, int]] = []
    for t in nation.turns:
        if not out:
            out.append((t.status, nation.first_turn))
        elif out[-1][0] == t.status:
            out.append((t.status, out[-1][1] + 1))
        else:
            out.append((t.status, 1))
    return out


def income_of(turn: Turn) -> tuple[int, int, int, int]:
    """(capitol, admin, overtax, income) of one turn (13.1, 13.1.5, 13.1.7, 15.1.7.1; decisions 4 and 5)."""
    n = numbers()["income"]
    capitol = n["capitol"] if turn.capitol_on_board else 0
    admin = pct(turn.areas_income + capitol, n["admin_leader_pct"]) if turn.admin_leader else 0
    overtax = pct(turn.areas_income + capitol + admin, turn.overtax_pct)
    return capitol, admin, overtax, turn.areas_income + capitol + admin + overtax


def rebellion_rolls(revolt_table: int | None, previous_overtax_pct: int, previous_refund_pct: int) -> int | None:
    """The rebellion die rolls (10.1, 10.2.1, 13.1.5): the Revolt Table's number, one more per 10 % overtaxed
    and one fewer per 10 % refunded on the previous turn, never below 0; a dash (0) stays no roll."""
    if revolt_table is None:
        return None
    if revolt_table == 0:
        return 0
    step = numbers().pct_step
    return max(0, revolt_table + previous_overtax_pct // step - previous_refund_pct // step)


@lru_cache(maxsize=512)
def chart_nation(nation: Nation) -> NationChart:
    """Every derived cell of one nation's turns, in chart order (the contract's arithmetic, steps 1–13). A pure
    function of the nation (frozen, its numbers fixed): each is charted once, however often a game's offers and
    checks ask (every nation of a chart is checked again whenever one changes)."""
    N = numbers()
    share = N.share(nation.kind)
    per_income = int(share * denominator())  # victory points per income point, in units
    final = nation.opening.final_treasury
    prev_overtax, prev_refund = nation.opening.overtax_pct, nation.opening.refund_pct
    vp_total = 0
    bonus_of = N["bonus"]
    modifier_pct, levy_multiplier = N["income"]["modifier_roll_pct"], N["levies"]["multiplier"]
    rows: list[Cells] = []
    for k, (turn, (status, number)) in enumerate(zip(nation.turns, labels(nation))):
        label = f"{status}{number}"
        capitol, admin, overtax, income = income_of(turn)
        bonus = bonus_of.get(label, 0)
        treasury = final + income + bonus
        modifier_payment = turn.modifier_rolls * pct(income, modifier_pct)
        refund = pct(income, turn.refund_pct)
        final = treasury - turn.maintenance - turn.purchases - modifier_payment - refund
        vp = per_income * income
        vp_total += vp
        levy_points = levy_multiplier * turn.levy_revolt_values
        rows.append(Cells(
            game_turn=nation.enters + k, label=label, status=status, number=number, capitol=capitol,
            admin=admin, overtax=overtax, income=income, bonus=bonus, treasury=treasury,
            maintenance=turn.maintenance, purchases=turn.purchases, modifier_payment=modifier_payment,
            refund=refund, final_treasury=final, vp_units=vp, vp_total_units=vp_total, levy_points=levy_points,
            levies_lost=levy_points - turn.levies_spent,
            rebellion_rolls=rebellion_rolls(turn.revolt_table, prev_overtax, prev_refund),
        ))
        prev_overtax, prev_refund = turn.overtax_pct, turn.refund_pct
    return NationChart(nation, share, tuple(rows))


# --- victory -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerTotal:
    name: str
    nations: tuple[str, ...]
    vp_total: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "nations": list(self.nations), "vp_total": fraction_text(self.vp_total),
                "vp_total_float": two_decimals(self.vp_total)}


@dataclass(frozen=True)
class Victory:
    rule: str
    points: int | str
    winners: tuple[str, ...]
    game_turn: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "points": self.points, "winners": list(self.winners), "game_turn": self.game_turn}


def players_of(nations: tuple[Nation, ...]) -> list[str]:
    """The players in order of first appearance."""
    out: list[str] = []
    for n in nations:
        if n.who not in out:
            out.append(n.who)
    return out


def places(chart: Chart) -> list[int]:
    """Each nation's place in a game turn's playing order: its place in the list, except that Eastern and
    Western Rome move simultaneously (7.1) and so share the place of the first of them."""
    roman = [i for i, n in enumerate(chart.nations) if n.kind in ROMAN]
    return [min(roman) if n.kind in ROMAN else i for i, n in enumerate(chart.nations)]


def _steps(charts: list[NationChart], key: Any) -> list[tuple[Any, dict[int, int]]]:
    """The moments of play in order (``key(nation index, cells)``), each with the nations' totals reached then."""
    events = sorted((key(i, c), i, c.vp_total_units) for i, nc in enumerate(charts) for c in nc.turns)
    out: list[tuple[Any, dict[int, int]]] = []
    for when, i, total in events:
        if not out or out[-1][0] != when:
            out.append((when, {}))
        out[-1][1][i] = total
    return out


def victory_of(chart: Chart, charts: list[NationChart]) -> Victory | None:
    """Who won, and on which game turn: the first to the goal (16.2–16.10) or Rome's solitaire goals (16.1.4)."""
    goal = chart.victory
    if goal is None:
        return None
    latest = [0] * len(charts)  # each nation's total so far, in units of 1/denominator()
    d = denominator()
    who = [nc.nation.who for nc in charts]
    order = players_of(chart.nations)
    if "points" in goal:
        target = goal["points"]
        place = places(chart)
        for when, totals in _steps(charts, lambda i, c: (c.game_turn, place[i])):
            for i, v in totals.items():
                latest[i] = v
            sums = dict.fromkeys(order, 0)
            for i, v in enumerate(latest):
                sums[who[i]] += v
            winners = tuple(p for p in order if sums[p] >= target * d)
            if winners:
                return Victory("points", target, winners, when[0])
        return Victory("points", target, (), None)
    V = numbers()["victory"]
    both = len({n.kind for n in chart.nations}) > 1
    if both:
        label: int | str = f"{V['solitaire_both']} together, {V['solitaire_each']} each"
    else:
        target = V["solitaire_western"] if chart.nations[0].kind == "western-rome" else V["solitaire_eastern"]
        label = str(target)
    for when, totals in _steps(charts, lambda i, c: c.game_turn):
        for i, v in totals.items():
            latest[i] = v
        if both:
            won = sum(latest) >= V["solitaire_both"] * d and min(latest) >= V["solitaire_each"] * d
        else:
            won = latest[0] >= target * d
        if won:
            return Victory(ROME_SOLITAIRE, label, tuple(order), when)
    return Victory(ROME_SOLITAIRE, label, (), None)


@dataclass(frozen=True)
class Result:
    nations: tuple[NationChart, ...]
    players: tuple[PlayerTotal, ...]
    victory: Victory | None

    def nation(self, name: str) -> NationChart:
        return next(n for n in self.nations if n.nation.name == name)

    def to_dict(self) -> dict[str, Any]:
        return {"format": RESULT_FORMAT, "version": VERSION, "nations": [n.to_dict() for n in self.nations],
                "players": [p.to_dict() for p in self.players],
                "victory": self.victory.to_dict() if self.victory else None}


def compute(chart: Chart) -> Result:
    """Every derived cell of a valid chart, the players' totals and the victory."""
    charts = [chart_nation(n) for n in chart.nations]
    players = tuple(
        PlayerTotal(p, tuple(nc.nation.name for nc in charts if nc.nation.who == p),
                    Fraction(sum(nc.vp_total_units for nc in charts if nc.nation.who == p), denominator()))
        for p in players_of(chart.nations)
    )
    return Result(tuple(charts), players, victory_of(chart, charts))


# --- reading and validation ------------------------------------------------------------------------------


def load(data: bytes | str, source: str = "the file") -> Any:
    """The JSON document of a file (the shared bounded reader: a leading byte-order mark ignored), or
    ChartFileError (``json``)."""
    try:
        return parse_json(data, source)
    except FileFormatError as e:
        raise ChartFileError(e.problems) from None


def read_path(path: str) -> Chart:
    """A chart file on disk (read with the shared bounded reader: a pipe with no writer, ``/dev/zero`` and a huge
    file are refused, not waited for) → the :class:`Chart`, or ChartFileError naming every broken rule."""
    try:
        data = read_bounded(path)
    except FileFormatError as e:
        raise ChartFileError(e.problems) from None
    return read(data, path)


def read(data: bytes | str, source: str = "the file") -> Chart:
    """A chart file's bytes → the :class:`Chart`, or ChartFileError naming every broken rule."""
    chart, problems = parse(load(data, source))
    if problems or chart is None:
        raise ChartFileError(problems)
    return chart


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "…"


class Checker:
    """Collects the problems of one chart document, and whether the nation being read is well-formed (the
    readers :func:`parse_nation` and :func:`parse_turn` share one, so that a file's problems come in file order)."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.bad = False

    def add(self, rule: str, text: str, form: bool = False) -> None:
        self.problems.append(Problem(rule, text))
        if form:
            self.bad = True

    def unknown(self, obj: dict[str, Any], known: Any, where: str) -> None:
        for key in obj:
            if key not in known:
                self.add("unknown-key", f"{where} has the key {cut(key, LONGEST_NAME)!r}, which this format does not define "
                         "(derived columns are computed, never entered).")

    def value(self, obj: dict[str, Any], key: str, spec: tuple[str, bool, Any], where: str) -> Any:
        """The value of ``key``, or its default; a missing, mistyped or out-of-range value is a problem."""
        kind, required, default = spec
        if key not in obj:
            if required:
                self.add("missing-key", f"{where} has no {key!r}, which is required.", form=True)
            return default
        v = obj[key]
        if kind in ("amount", "count"):
            if type(v) is not int:
                self.add("type", f"{where}: {key!r} must be a whole number (an integer), not {_show(v)}.", form=True)
                return default
            if kind == "amount" and v < 0:
                self.add("range", f"{where}: {key!r} is {v}; an amount is never below 0.", form=True)
                return default
            if kind == "count" and v < 1:
                self.add("range", f"{where}: {key!r} is {v}; it counts turns from 1.", form=True)
                return default
            return v
        if kind == "bool":
            if type(v) is not bool:
                self.add("type", f"{where}: {key!r} must be true or false, not {_show(v)}.", form=True)
                return default
            return v
        if kind in ("str", "kind", "status"):
            if not isinstance(v, str):
                self.add("type", f"{where}: {key!r} must be a string, not {_show(v)}.", form=True)
                return default
            if kind == "kind" and v not in numbers().kinds:
                self.add("kind", f"{where}: the kind {_show(v)} is not one of western-rome, eastern-rome, persia "
                         "or other (14.0.3).", form=True)
                return default
            if kind == "status" and v not in numbers().statuses:
                self.add("status", f"{where}: the status {_show(v)} is not \"B\", \"K\" or \"E\" (barbarian, "
                         "kingdom, empire; 8.0).", form=True)
                return default
            return v
        return v


def parse_turn(raw: Any, where: str, check: Checker | None = None) -> tuple[Turn | None, list[Problem]]:
    """One turn object → a :class:`Turn` (None when it is not well-formed) and its problems."""
    c = check or Checker()
    start = len(c.problems)
    was_bad, c.bad = c.bad, False
    if not isinstance(raw, dict):
        c.add("type", f"{where} must be an object, not {_show(raw)}.", form=True)
        turn = None
    else:
        c.unknown(raw, TURN_KEYS, where)
        values = {k: c.value(raw, k, spec, where) for k, spec in TURN_KEYS.items()}
        turn = None if c.bad else Turn(**values)
    bad, c.bad = c.bad, was_bad or c.bad
    return (None if bad else turn), c.problems[start:]


def parse_nation(raw: Any, i: int, check: Checker | None = None) -> tuple[Nation | None, list[Problem]]:
    """The ``i``-th nation object of a chart → a :class:`Nation` with its turns (None when it is not well-formed)
    and its problems; the rules across turns (:func:`check_nation`) are not checked here."""
    c = check or Checker()
    start = len(c.problems)
    c.bad = False
    return _read_nation(raw, i, c), c.problems[start:]


def _read_nation(raw: Any, i: int, c: Checker) -> Nation | None:
    where = f"nation {i + 1}"
    if not isinstance(raw, dict):
        c.add("type", f"{where} must be an object, not {_show(raw)}.", form=True)
        return None
    if isinstance(raw.get("name"), str) and raw["name"]:
        where = f"nation {i + 1} ({cut(raw['name'], LONGEST_NAME)})"
    c.unknown(raw, NATION_KEYS, where)
    values = {k: c.value(raw, k, spec, where) for k, spec in NATION_KEYS.items() if spec[0] not in ("list", "opening")}
    if values["name"] == "":
        c.add("empty-name", f"{where} has an empty name.")
    if values["player"] == "":
        c.add("empty-name", f"{where} has an empty player name.")
    for key, what in (("name", f"{where}'s name"), ("player", f"{where}'s player name")):
        too_long = name_too_long(values[key], what) if isinstance(values[key], str) else None
        if too_long:
            c.add("long-name", too_long, form=True)
    opening = Opening()
    if "opening" in raw:
        o = raw["opening"]
        if not isinstance(o, dict):
            c.add("type", f"{where}: 'opening' must be an object, not {_show(o)}.", form=True)
        else:
            c.unknown(o, OPENING_KEYS, f"{where}'s opening")
            opening = Opening(**{k: c.value(o, k, ("amount", False, 0), f"{where}'s opening") for k in OPENING_KEYS})
    turns: list[Turn] = []
    if "turns" not in raw:
        c.add("missing-key", f"{where} has no 'turns', which is required.", form=True)
    elif not isinstance(raw["turns"], list):
        c.add("type", f"{where}: 'turns' must be a list, not {_show(raw['turns'])}.", form=True)
    elif not raw["turns"]:
        c.add("no-turns", f"{where} has no turns.")
    else:
        for k, t in enumerate(raw["turns"]):
            turn, _ = parse_turn(t, f"{where}, turn {k + 1}", c)
            if turn is not None:
                turns.append(turn)
    if c.bad:
        return None
    return Nation(opening=opening, turns=tuple(turns), **values)


def check_victory(victory: Any, nations: list[Any]) -> list[Problem]:
    """The ``victory`` object: ``{"points": P}`` (P a whole number ≥ 1) or ``{"scenario": "rome-solitaire"}``."""
    bad = Problem("victory", f"the victory {_show(victory)} is neither {{\"points\": P}} with a whole number "
                  "P of 1 or more nor {\"scenario\": \"rome-solitaire\"} (16.0).")
    if not isinstance(victory, dict) or len(victory) != 1:
        return [bad]
    if "points" in victory:
        p = victory["points"]
        return [] if type(p) is int and p >= 1 else [bad]
    if victory.get("scenario") != ROME_SOLITAIRE:
        return [bad]
    others = [n.get("name", f"nation {i + 1}") for i, n in enumerate(nations)
              if isinstance(n, dict) and n.get("kind") not in ROMAN]
    if others:
        return [Problem("victory", f"the rome-solitaire goals (16.1.4) are for Western and Eastern Rome only; "
                        f"{', '.join(cut(str(x), LONGEST_NAME) for x in others)} is not Roman.")]
    return []


def parse(doc: Any) -> tuple[Chart | None, list[Problem]]:
    """A JSON document → the chart (None when any rule is broken) and every broken rule, in file order."""
    c = Checker()
    if not isinstance(doc, dict):
        what = {str: "a string", list: "a list", int: "a number", float: "a number", bool: f"{json.dumps(doc)}",
                type(None): "null"}.get(type(doc), "not an object")
        return None, [Problem("not-object", f"the document is {what}, not a JSON object.")]
    for key in ("format", "version"):
        if key not in doc:
            c.add("missing-key", f"the file has no {key!r}, which is required.")
    if "format" in doc and doc["format"] != FORMAT:
        c.add("format", f"\"format\" is {_show(doc['format'])}; a chart file says \"{FORMAT}\".")
    if "version" in doc and (type(doc["version"]) is not int or doc["version"] != VERSION):
        c.add("format", f"\"version\" is {_show(doc['version'])}; this reads version {VERSION} (the integer 1).")
    c.unknown(doc, TOP_KEYS, "the file")
    raw_nations: list[Any] = []
    if "nations" not in doc:
        c.add("missing-key", "the file has no 'nations', which is required.")
    elif not isinstance(doc["nations"], list):
        c.add("type", f"'nations' must be a list, not {_show(doc['nations'])}.")
    elif not doc["nations"]:
        c.add("no-nations", "'nations' is empty: a chart has at least one nation.")
    else:
        raw_nations = doc["nations"]
    nations: list[Nation | None] = []
    for i, raw in enumerate(raw_nations):
        nations.append(parse_nation(raw, i, c)[0])
    seen: dict[str, int] = {}
    kinds: dict[str, str] = {}
    for i, raw in enumerate(raw_nations):
        if not isinstance(raw, dict):
            continue
        name, kind = raw.get("name"), raw.get("kind")
        if isinstance(name, str) and name:
            if name in seen:
                c.add("duplicate-nation", f"nations {seen[name] + 1} and {i + 1} are both named {cut(name, LONGEST_NAME)!r}.")
            else:
                seen[name] = i
        if kind in ("western-rome", "eastern-rome", "persia") and isinstance(name, str):
            if kind in kinds:
                c.add("duplicate-kind", f"{cut(kinds[kind], LONGEST_NAME)} and {cut(name, LONGEST_NAME)} are both {kind}; there is one of each (16.7.4, 16.8.1).")
            else:
                kinds[kind] = name
    for n in nations:
        if n is not None and n.turns:
            c.problems += check_nation(n)
    if "victory" in doc:
        c.problems += check_victory(doc["victory"], raw_nations)
    if c.problems or any(n is None for n in nations):
        return None, c.problems
    return Chart(tuple(n for n in nations if n is not None), doc.get("victory")), c.problems


def levies_raised_exactly(n: int) -> bool:
    """Whether ``n`` levy points can be spent exactly on barbarian units (9.1.2: infantry 3, cavalry 5, ships 3)."""
    costs = numbers().levy_costs()
    can = [True] + [False] * n
    for x in range(1, n + 1):
        can[x] = any(x >= c and can[x - c] for c in costs)
    return can[n]


def check_nation(n: Nation) -> list[Problem]:
    """The rules from ``status-order`` down the contract's table, on one well-formed nation."""
    return list(_check_nation(n))


@lru_cache(maxsize=512)
def _check_nation(n: Nation) -> tuple[Problem, ...]:
    """:func:`check_nation`, once per nation (a pure function of it, as :func:`chart_nation`)."""
    return tuple(_nation_problems(n))


def _nation_problems(n: Nation) -> list[Problem]:
    N = numbers()
    S = N["status"]
    order = N.statuses
    out: list[Problem] = []

    def add(rule: str, where: str, text: str) -> None:
        out.append(Problem(rule, f"{where}: {text}"))

    roman, persian = n.kind in ROMAN, n.kind == "persia"
    cells = chart_nation(n)
    step = N.pct_step
    o = n.opening
    first = cells.turns[0]
    o_where = f"{n.name}'s opening"
    if o.overtax_pct or o.refund_pct:
        if first.status != "E":
            add("opening", o_where, f"an opening overtax or refund comes before an empire's turn, but the first "
                f"turn is {first.label}, not an empire turn (E1 or later: 13.1.8, 13.4.1, 16.8.3.1, 16.8.3.2).")
        if o.overtax_pct and o.refund_pct:
            add("opening", o_where, "the turn before the first both overtaxes and refunds (13.4.1).")
        if o.overtax_pct % step or o.refund_pct % step:
            add("opening", o_where, "an overtax or refund is given in steps of 10 % (Summary sheet).")
        if o.overtax_pct > N["income"]["overtax_max_pct"]:
            add("opening", o_where, f"the overtax is {o.overtax_pct} %; at most 30 % (13.1.6).")
    if n.kingdom_start and first.label != "K1":
        add("kingdom-start", n.name, f"kingdom_start (15.3.2) begins on K1, but the first turn is {first.label}.")
    after_quit = False
    for k, (t, c) in enumerate(zip(n.turns, cells.turns)):
        where = f"{n.name}, turn {k + 1} ({c.label})"
        prev = n.turns[k - 1] if k else None
        pc = cells.turns[k - 1] if k else None
        if prev is not None and pc is not None:
            if prev.quit and not after_quit:
                after_quit = True
                add("after-quit", where, "the nation quit on its turn before; a player who comes back starts a "
                    "new nation (8.2).")
            a, b = order.index(prev.status), order.index(t.status)
            if b < a:
                add("status-order", where, f"the status goes back from {prev.status} to {t.status}; only quitting "
                    "lowers a status, and starts a new nation (8.2, 8.3.4.1).")
            elif b - a == 2:
                add("status-skip", where, "a barbarian becomes an empire without being a kingdom first (8.3).")
            elif prev.status == "B" and t.status == "K" and pc.number + 1 < S["kingdom_from_turn"]:
                add("early-transition", where, f"a barbarian becomes a kingdom on its B{pc.number + 1}; the "
                    f"earliest is B{S['kingdom_from_turn']} (8.3).")
            elif prev.status == "K" and t.status == "E" and pc.number + 1 < S["empire_from_turn"]:
                add("early-transition", where, f"a kingdom becomes an empire on its K{pc.number + 1}; the "
                    f"earliest is K{S['empire_from_turn']} (8.3.3.1).")
            if prev.status == "E" and pc.income < N["income"]["empire_must_quit_below"]:
                add("must-quit", where, f"the empire's income on {pc.label} was {pc.income}, below "
                    f"{N['income']['empire_must_quit_below']}, so it quit at this Phase 1 (8.2).")
        if (c.status == "B" and c.number > S["last_barbarian_turn"]) or (c.status == "K" and c.number > S["last_kingdom_turn"]):
            last = S["last_barbarian_turn"] if c.status == "B" else S["last_kingdom_turn"]
            add("overdue-transition", where, f"no turn is recorded {c.label}: by {c.status}{last} every roll has "
                "made the transition (8.3, 8.3.3.1).")
        if t.label is not None and t.label != c.label:
            add("label", where, f"the label {t.label!r} is not the turn number the chart gives, {c.label} "
                "(set back to 1 at each status change, 8.3.4.1).")
        if (roman and t.status != "E") or (persian and t.status == "B"):
            add("civilized-status", where, f"{'Rome plays every turn as an empire' if roman else 'Persia never plays as barbarians'}"
                f", not {t.status} (4.1.5.3, 16.8.1).")
        if roman and not t.capitol_on_board:
            add("roman-capitol", where, "Rome without its capitol must go out of the game (4.1.5.3).")
        if t.status == "B" and t.capitol_on_board:
            add("barbarian-capitol", where, "barbarians have no capitol; a kingdom receives one (4.1.5).")
        if t.status != "E" and (t.overtax_pct or t.refund_pct):
            add("empire-only", where, "only an empire overtaxes or refunds (13.1.8, note 5).")
        if t.overtax_pct % step or t.refund_pct % step:
            add("pct-step", where, f"an overtax or refund is a multiple of 10 % (Summary sheet), not "
                f"{t.overtax_pct if t.overtax_pct % step else t.refund_pct} %.")
        if t.overtax_pct > N["income"]["overtax_max_pct"]:
            add("overtax-limit", where, f"the overtax is {t.overtax_pct} %; an empire overtaxes at most "
                f"{N['income']['overtax_max_pct']} % (13.1.6).")
        if t.overtax_pct and t.refund_pct:
            add("overtax-and-refund", where, "a player may not both overtax and refund in the same turn (13.4.1).")
        if t.status == "B" and (t.maintenance or t.purchases):
            add("barbarian-spending", where, "barbarians pay no maintenance and purchase no units; they raise "
                "levies (13.2.1, 13.3.2, note 4).")
        levies = t.levy_revolt_values or t.levies_spent
        if t.status != "B" and levies and not (k == 0 and n.kingdom_start):
            add("levy-status", where, "only barbarians raise levies (9.0.1), and a kingdom start on its first "
                "turn (15.3.2).")
        if t.status == "B" and levies and c.number > N["levies"]["last_turn"]:
            add("levy-turn", where, f"barbarians have three turns of levies; on B{N['levies']['last_turn'] + 1} "
                "and later they may not raise levies (Summary sheet).")
        if t.levies_spent > c.levy_points:
            add("levy-overspent", where, f"{t.levies_spent} levy points spent, but {t.levy_revolt_values} of revolt "
                f"values give {c.levy_points} (9.0.2).")
        elif t.status == "B" and not levies_raised_exactly(t.levies_spent):
            add("levy-cost", where, f"{t.levies_spent} levy points cannot be spent on units costing "
                f"{' and '.join(str(x) for x in N.levy_costs())} (9.1.2).")
        if t.admin_leader and (t.status == "B" or roman or (persian and t.status == "K")):
            add("admin-leader", where, "an Administrative Leader is rolled by a kingdom or empire that changed "
                "status; barbarians, Rome and the Persian kingdom have other leaders (15.1.2, 15.1.11).")
        if t.status == "B" and t.modifier_rolls:
            add("modifier-status", where, "only a kingdom or empire pays to roll for a modifier increase (15.2.4).")
        if t.modifier_rolls > 1:
            add("modifier-limit", where, f"{t.modifier_rolls} modifier rolls; a player can only make one attempt "
                "per turn (15.2.4.1).")
        if t.revolt_table is not None and t.status != "E":
            add("revolt-table", where, "only an empire rolls on the Revolt Table (10.0.1).")
        if c.final_treasury < 0:
            paid = t.maintenance + t.purchases + c.modifier_payment + c.refund
            add("negative-treasury", where, f"the final treasury would be {c.final_treasury} (treasury "
                f"{c.treasury} less {paid} paid); no more can be paid than the treasury holds (13.3).")
    return out


def check(chart: Chart) -> list[Problem]:
    """Every broken rule of a chart already read (the game's log checks each turn this way)."""
    return parse(chart.to_doc())[1]


# --- output ----------------------------------------------------------------------------------------------


def result_json(result: Result) -> str:
    """The result exactly as the contract prints it: one nation per block, one turn per line."""
    d = result.to_dict()
    dumps = json.dumps
    lines = [f'{{"format": {dumps(d["format"])}, "version": {d["version"]},', ' "nations": [']
    blocks = []
    for n in d["nations"]:
        head = ", ".join(f"{dumps(k)}: {dumps(n[k])}" for k in ("name", "kind", "player", "vp_share"))
        turns = ",\n".join(f"    {dumps(t)}" for t in n["turns"])
        tail = ", ".join(f"{dumps(k)}: {dumps(n[k])}" for k in ("vp_total", "vp_total_float", "quit", "closing_treasury"))
        blocks.append(f"  {{{head},\n   \"turns\": [\n{turns}\n   ],\n   {tail}}}")
    lines.append(",\n".join(blocks))
    lines.append(" ],")
    lines.append(f' "players": {dumps(d["players"])},')
    lines.append(f' "victory": {dumps(d["victory"])}}}')
    return "\n".join(lines)


COLUMNS = (("Turn", "label"), ("Game", "game_turn"), ("Income", "income"), ("Bonus", "bonus"),
           ("Treasury", "treasury"), ("Maint.", "maintenance"), ("Purch.", "purchases"),
           ("Mod.", "modifier_payment"), ("Refund", "refund"), ("Final", "final_treasury"), ("VP", "vp"),
           ("Total VP", "vp_total"), ("Levy", "levy_points"), ("Lost", "levies_lost"), ("Rebel", "rebellion_rolls"))


def cell_text(c: Cells, key: str) -> str:
    """One cell as the chart writes it: victory points to one decimal, a missing roll as a dash."""
    v = getattr(c, key)
    if isinstance(v, Fraction):
        return one_decimal(v)
    return "-" if v is None else str(v)


def result_text(result: Result) -> str:
    """The chart as text: per nation its sheet (one line a turn), then the players and the victory."""
    out: list[str] = []
    for nc in result.nations:
        n = nc.nation
        share = fraction_text(nc.share)
        out.append(f"{n.name} ({n.kind}, played by {n.who}): victory points {share} of income")
        rows = [[h for h, _ in COLUMNS]] + [[cell_text(c, k) for _, k in COLUMNS] for c in nc.turns]
        widths = [max(len(r[i]) for r in rows) for i in range(len(COLUMNS))]
        for r in rows:
            out.append("  " + "  ".join(x.rjust(w) if i else x.ljust(w) for i, (x, w) in enumerate(zip(r, widths))).rstrip())
        close = "quit: treasury reduced to 0" if nc.quit else f"closing treasury {nc.closing_treasury}"
        out.append(f"  total {one_decimal(nc.vp_total)} victory points; {close}")
        out.append("")
    out.append("Players: " + "; ".join(f"{p.name} {one_decimal(p.vp_total)}" for p in result.players))
    v = result.victory
    if v is not None:
        goal = f"{v.points} points" if v.rule == "points" else f"Rome's solitaire goal ({v.points})"
        if v.winners:
            out.append(f"Victory ({goal}): {' and '.join(v.winners)} on game turn {v.game_turn}.")
        else:
            out.append(f"Victory ({goal}): nobody has reached it yet.")
    return "\n".join(out)
