"""What the screen offers and what a tap means, in pure Python (the screens only draw the answers).

* :func:`offer` — for one nation's next turn: the statuses it may chart (with their labels), the Phase 1
  choice (voluntary change, or a roll), whether it must quit, and a :class:`Draft` filled in from its last
  turn (the same areas, capitol, leader and maintenance; no purchases), so an ordinary turn needs only what
  changed.
* :class:`Draft` — the entered keys of the turn being written; each change is one tap (a toggle, a choice,
  or an amount typed on the number pad), and :meth:`Draft.preview` shows the derived cells before
  recording.
* :func:`record` — the ``turn`` action for the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import IllegalAction
from .chart import ROMAN, Cells, Nation, Turn, chart_nation, labels
from .game import Action, ChartGame
from .numbers import numbers
from .scenarios import start_income
from .status import NEXT, Transition, must_quit, transition

#: The chips beside the areas' income: one tap for the usual change of an area or two won or lost.
DELTAS = (-5, -3, -2, -1, 1, 2, 3, 5)
PERCENTS = ("overtax_pct", "refund_pct")


@dataclass(frozen=True)
class Offer:
    nation: str
    statuses: tuple[tuple[str, str], ...]  # (status, label) the next turn may have
    phase1: Transition | None  # the status change Phase 1 offers (None on a first turn)
    due: str | None  # "may" / "must": a successful transition roll
    blocked: str | None  # why the nation has no further turn (quit, or must quit), else None
    draft: Draft | None
    #: the Status phase's withdrawal (8.2, 4.1.5.3): "quit", "capitol" or "income" (must), None when withdrawn
    withdraw: str | None = None
    #: the nation must roll for its transition before a turn in its status (8.3)
    must_roll: bool = False


@dataclass(frozen=True)
class Draft:
    """The next turn being written (entered keys only; every derived cell is previewed, never typed)."""

    nation: str
    status: str
    values: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str) -> Any:
        from .chart import TURN_KEYS

        return self.values.get(key, TURN_KEYS[key][2])

    def set(self, key: str, value: Any) -> Draft:
        return replace(self, values={**self.values, key: value})

    def toggle(self, key: str) -> Draft:
        return self.set(key, not self.get(key))

    def with_status(self, status: str) -> Draft:
        """Another status: the keys that status cannot have are cleared (a barbarian has no capitol, …)."""
        v = dict(self.values)
        if status == "B":
            for k in ("maintenance", "purchases", "admin_leader", "modifier_rolls", "overtax_pct", "refund_pct"):
                v.pop(k, None)
            v["capitol_on_board"] = False
        else:
            v.pop("levy_revolt_values", None)
            v.pop("levies_spent", None)
            if status == "K":
                v.pop("overtax_pct", None)
                v.pop("refund_pct", None)
                v.pop("revolt_table", None)
        return replace(self, status=status, values=v)

    def turn(self) -> dict[str, Any]:
        """The turn as the file and the log write it (defaults left out)."""
        t = Turn(status=self.status, areas_income=self.get("areas_income"), capitol_on_board=self.get("capitol_on_board"),
                 **{k: v for k, v in self.values.items() if k not in ("areas_income", "capitol_on_board", "status")})
        return t.to_doc()

    def preview(self, state: ChartGame) -> Cells:
        """The derived cells the turn will have (income, bonus, treasury, final treasury, VP …)."""
        n = state.chart.nation(self.nation)
        assert n is not None
        t = Turn(**{**self.turn()})
        return chart_nation(replace(n, turns=(*n.turns, t))).turns[-1]


def blocked(state: ChartGame, n: Nation) -> str | None:
    """Why a nation has no further turn: it quit, or its empire's income fell below 20 (8.2)."""
    if not n.turns:
        return None
    last = n.turns[-1]
    back = state.comes_back_on(n.name)
    if back is not None:
        return (f"{n.name} quit, withdrawn on game turn {back - 2}; {n.who} declares a new barbarian nation on game turn "
                f"{back - 1} and enters on {back} (8.2).")
    if last.quit:
        return f"{n.name} quit on its last turn; its player comes back as a new nation (8.2)."
    cells = chart_nation(n).turns[-1]
    why = must_quit(cells.status, cells.income, n.kind, True)
    return f"{n.name} must quit: {why}." if why else None


def statuses(state: ChartGame, n: Nation) -> list[tuple[str, str]]:
    """The (status, label) a nation's next turn may have."""
    S = numbers()["status"]
    if not n.turns:
        if n.kind in ROMAN:
            return [("E", f"E{n.first_turn}")]
        if n.kind == "persia" or n.kingdom_start:
            return [("K", f"K{n.first_turn}")]
        return [("B", f"B{n.first_turn}")]
    status, number = state.upcoming(n.name) or ("B", 1)
    out = []
    stay_ok = not ((status == "B" and number > S["last_barbarian_turn"]) or (status == "K" and number > S["last_kingdom_turn"]))
    due = state.due_for(n.name)
    if stay_ok and not (due and due[1] == "must"):
        out.append((status, f"{status}{number}"))
    if status in NEXT and transition(status, number).to and n.kind not in ROMAN and not (n.kind == "persia" and status == "B"):
        out.append((NEXT[status], f"{NEXT[status]}1"))
    return out


def offer(state: ChartGame, name: str) -> Offer:
    """Everything the screen shows for a nation's next turn."""
    n = state.chart.nation(name)
    if n is None:
        raise KeyError(name)
    why = blocked(state, n)
    allowed = tuple(statuses(state, n)) if why is None else ()
    up = state.upcoming(name)
    phase1 = transition(*up) if up else None
    due = state.due_for(name)
    must = bool(phase1 and phase1.must_roll and phase1.below and phase1.below > 1 and due is None
                and not state.has_rolled(name) and state.version >= 2)
    draft = None
    if allowed:
        draft = Draft(name, allowed[0][0], defaults(n, allowed[0][0]))
        p = state.procedure
        if p is not None and p.nation == name and allowed[0][0] == "E":
            draft = draft.set("revolt_table", p.table)  # step 1's number, entered once (10.1)
    withdraw = None
    if n.turns and state.withdrew_on(name) is None:
        income_low = why is not None and "must quit" in why
        withdraw = "income" if income_low else ("capitol" if n.kind in ROMAN else "quit")
    return Offer(name, allowed, phase1, due[1] if due else None, why, draft, withdraw, must)


def defaults(n: Nation, status: str) -> dict[str, Any]:
    """The next turn as the last one left it: the same areas, capitol, leader, maintenance; no purchases."""
    if not n.turns:
        income = start_income(n.kind)  # Rome's printed income less the capitol's (16.8.3)
        return {"areas_income": income or 0, "capitol_on_board": status != "B" or n.kind in ROMAN}
    last = n.turns[-1]
    out: dict[str, Any] = {"areas_income": last.areas_income, "capitol_on_board": last.capitol_on_board}
    if status != "B" and last.status == "B":
        out["capitol_on_board"] = True  # a new kingdom places its capitol (8.3)
    if status == last.status:
        if last.admin_leader:
            out["admin_leader"] = True
        if last.maintenance:
            out["maintenance"] = last.maintenance
        if status == "B" and last.levy_revolt_values and labels(n)[-1][1] < numbers()["levies"]["last_turn"]:
            out["levy_revolt_values"] = last.levy_revolt_values  # B1–B3 only (Summary sheet: "On B4 ... not")
    if status == "B":
        out["capitol_on_board"] = False
    return out


def record(draft: Draft) -> Action:
    """The log's action for a written turn."""
    return {"type": "turn", "nation": draft.nation, "turn": draft.turn()}


def amount_taps(key: str, before: int, after: int) -> int:
    """Taps to change an amount: the areas' income by its chips (one or two taps), or its field and one tap
    per digit typed on the number pad, whichever is fewer."""
    typed = 1 + len(str(after))
    if key != "areas_income":
        return typed
    delta = after - before
    if delta in DELTAS:
        return 1
    if any(delta - d in DELTAS for d in DELTAS):
        return min(2, typed)
    return typed


def taps_for(before: Draft, after: Draft) -> int:
    """Taps from one draft to another: a toggle or a choice is one tap, an amount as :func:`amount_taps`,
    then one tap to record."""
    taps = 1 if before.status != after.status else 0
    for k in sorted(set(before.values) | set(after.values)):
        if before.get(k) == after.get(k):
            continue
        v = after.get(k)
        if isinstance(v, bool) or k in PERCENTS or k == "revolt_table":
            taps += 1
        else:
            taps += amount_taps(k, before.get(k) or 0, v)
    return taps + 1


def read_dice(text: str, expected: int | None = None) -> list[int]:
    """Dice as the table types them: numbers separated by spaces or commas ("6 6 10"), or one digit a die with
    nothing between ("6603": a 0 is ten, 1.1), so a die is one tap on the number pad; "10" alone, where one
    die is due, is that die."""
    t = text.strip()
    if t.isdigit() and len(t) > 1 and expected != 1:
        return [int(c) for c in t]
    try:
        return [int(x) for x in t.replace(",", " ").split()]
    except ValueError:
        raise IllegalAction("Type the dice as numbers 0 to 10 (a 0 is ten), e.g. 664 or 6 6 4.", rule="die") from None


def dice_taps(count: int) -> int:
    """Taps to enter ``count`` table dice: the field, one digit a die (:func:`read_dice`), the button."""
    return 2 + count if count else 0


def revolt_taps(dice_per_step: list[int], table_number_changed: bool = True) -> int:
    """Taps for a revolt once the areas are known: the Revolt Table's number (one choice), Start, then each
    step's table dice."""
    return int(table_number_changed) + 1 + sum(dice_taps(c) for c in dice_per_step)


def combat_taps(groups_set: int, digits: int, choices: int, dice: int) -> int:
    """Taps for one volley from choices: each unit count set (its field and its digits), each choice changed
    (terrain, defence, leader, side), then the table's dice."""
    return groups_set + digits + choices + dice_taps(dice)
