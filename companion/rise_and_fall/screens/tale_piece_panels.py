"""The Tale pieces and buildings on the Game screen and a seat's page: the Tale actions among a
card's buttons, each with its cost and the rulebook's words, the count a Port trades with, and
the Tale pieces in a sentence each. A thin layer over :mod:`..tale_pieces`."""

from __future__ import annotations

import html
from typing import Any, Callable

from companion.rise_and_fall.play.offers import all_actions, how_many, tale_variants  # noqa: F401 (the screens' names for them)
from companion.rise_and_fall.play.public import TableView
from companion.rise_and_fall.play.tracker import Game, count_limits, least_count
from companion.rise_and_fall.variants.tales import pieces as TP
from companion.ui.widgets import Stepper


def rules_html(specs: list[dict]) -> str:
    """The rulebook's words for each Tale action offered, and what the table checks itself."""
    rows = []
    for s in specs:
        if "tale" not in s:
            continue
        table = f" <i>{html.escape(s['table'])}</i>" if s.get("table") else ""
        rows.append(f"<li>{html.escape(TP.rule_text(s))}{table}</li>")
    return f"<details class='rf-tale-rules'><summary>The Tales' actions, as the rulebook words them</summary><ul>{''.join(rows)}</ul></details>" if rows else ""


def count_stepper(g: Game, i: int, card: str, can: Callable[[dict], bool]) -> dict[str, Stepper]:
    """The count a Tale action asks for (a Port's Ships and Ports in its Sea Region), by action id,
    for the actions the rules accept now with a count of 1 (a count of 0 gains nothing: refused);
    from 1 to what the World can hold."""
    out = {}
    for spec in TP.actions(g, i, card):
        if "per" in spec and least_count(g, i, spec) is not None and can({"type": "act", "player": i, "action": spec["id"], "count": 1}):
            most, why = count_limits(g, i, spec).get(spec["count"], (99, ""))
            box = Stepper(value=1, min=1, max=most, description=how_many(spec["count"]), css="rf-tale-count")
            box.tooltip = f"At most {most}: {why}." if why else ""
            out[spec["id"]] = box
    return out


def with_count(action: dict, boxes: dict[str, Stepper]) -> dict[str, Any] | None:
    """The action with the count entered, or None when it is not a counted Tale action."""
    box = boxes.get(str(action.get("action")))
    return {**action, "count": int(box.value)} if box is not None else None


def tales_html(v: TableView) -> str:
    """The Tale pieces in the World and the Tale Trophies, one sentence each (empty without them)."""
    if not v.tale_lines:
        return ""
    return "<div class='rf-tales'><b>Tales</b> · " + " · ".join(html.escape(x) for x in v.tale_lines) + "</div>"
