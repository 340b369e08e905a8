"""The "how many" of an action that counts — a Ship's or a Merchant's Trade, a Temple's Tithe —
on the Game screen and a seat's page. Such an action is offered only when the smallest count worth
entering (1) is accepted: a count of 0 gains nothing and the rules refuse it (``nothing-counted``).
Its stepper starts at 1 and runs from 1 to the rule's limit (``count-limit``); a Merchant's two
counts (opposing Cities, Cities of yours) each run from 0, one of them starting at 1."""

from __future__ import annotations

from typing import Any, Callable

from companion.rise_and_fall.play.offers import how_many, offered
from companion.rise_and_fall.play.tracker import Game, count_limits, least_count
from companion.ui.widgets import Stepper


class CountBoxes:
    """The two steppers a counted action of the acting card reads (one for a Trade or a Tithe, two
    for a Merchant's Trade), kept from one drawing to the next; their values start again at the
    smallest count when another player or another card acts."""

    def __init__(self) -> None:
        self.count = Stepper(value=1, min=1, max=99, description="How many", css="rf-count")
        self.count2 = Stepper(value=0, min=0, max=99, description="", css="rf-count2")
        self._for: tuple | None = None

    def boxes(self, g: Game, i: int, specs: list[dict], can: Callable[[dict], bool]) -> list[Stepper]:
        """The steppers to show for the acting card's first counted action, set from 1 (0 for each of a
        Merchant's two) to what the World can hold; none when that action is not offered."""
        spec = next((sp for sp in specs if "per" in sp or "per_count" in sp), None)
        if spec is None or not offered(g, i, spec, {"type": "act", "player": i, "action": spec["id"]}, can):
            return []
        least = least_count(g, i, spec) or {}
        limits = count_limits(g, i, spec) if g.tracker_version >= 2 else {}
        labels = list(spec.get("per_count", {})) or [spec["count"]]
        starts = [least["counts"][lbl] for lbl in labels] if "per_count" in spec else [least["count"]]
        fresh = self._for != (g.turn, i, g.acting_card, spec["id"])
        self._for = (g.turn, i, g.acting_card, spec["id"])
        out = []
        for box, lbl, start in zip([self.count, self.count2], labels, starts):
            most, why = limits.get(lbl, (99, ""))
            box.description = how_many(lbl)
            box.bound(0 if "per_count" in spec else 1, most)  # the input offers no count the rules refuse
            box.tooltip = f"At most {most}: {why}." if why else ""
            if fresh:
                box.value = start
            out.append(box)
        return out

    def fill(self, spec: dict, action: dict) -> dict[str, Any]:
        """The action with the counts entered."""
        if "per" in spec:
            return {**action, "count": int(self.count.value)}
        if "per_count" in spec:
            return {**action, "counts": dict(zip(spec["per_count"], [int(self.count.value), int(self.count2.value)]))}
        return action
