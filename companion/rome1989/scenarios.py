"""The rulebook's scenarios (16.1–16.10): the goal, the civilized nations as they start, who enters by when.

Read from ``data/scenarios.json``. :func:`scenario_setup` and :func:`scenario_nations` give what a ``setup``
action naming a scenario starts: the goal (16.2.3: "In the three player game, victory is 1,000 points") and
the ``nation`` actions of Rome and Persia as 16.8 sets them up (Eastern Rome "begins the game with an
income of 98, a refund rate of 10%, and starts on Empire turn 1 (E1)", 16.8.3.2). The income is not a key
of the chart: it is the first turn's proposed areas' income (:func:`start_income`). Pure Python.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from ..errors import IllegalAction
from .numbers import numbers


@lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/scenarios.json").read_text(encoding="utf-8")
    return json.loads(text)


def scenarios() -> dict[str, dict[str, Any]]:
    """Every scenario by its id, in the rulebook's order of the data file."""
    return data()["scenarios"]


def scenario(sid: Any) -> dict[str, Any]:
    s = scenarios().get(sid) if isinstance(sid, str) else None
    if s is None:
        raise IllegalAction(f"There is no scenario {sid!r}; the scenarios are {', '.join(scenarios())}.",
                            rule="scenario")
    return s


def scenario_setup(sid: Any, action: dict[str, Any]) -> tuple[dict[str, Any], int | None]:
    """The scenario's goal and the game turn new players enter by (None: no limit)."""
    s = scenario(sid)
    return dict(s["victory"]), s.get("enter_by")


def scenario_nations(sid: Any, action: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``nation`` actions of the civilized nations the scenario starts, as the rulebook sets them up
    (``action["players"]``, a kind → player mapping, names who plays them)."""
    s = scenario(sid)
    players = action.get("players") or {}
    if not isinstance(players, dict) or any(not isinstance(v, str) or not v.strip() for v in players.values()):
        raise IllegalAction("Each civilized nation's player is a name.", rule="scenario")
    out = []
    for entry in s["nations"]:
        kind = entry["kind"]
        start = data()["starts"][kind]
        a: dict[str, Any] = {"type": "nation", "name": start["name"], "kind": kind}
        player = players.get(kind, entry.get("player"))
        if player:
            a["player"] = player.strip()
        if start["first_turn"] != 1:
            a["first_turn"] = start["first_turn"]
        opening = {k: start[k] for k in ("final_treasury", "refund_pct") if start[k]}
        if opening:
            a["opening"] = opening
        out.append(a)
    return out


def start_of(kind: str) -> dict[str, Any] | None:
    """How the rulebook starts a civilized nation (16.8.1, 16.8.3), or None for a barbarian group."""
    return data()["starts"].get(kind)


def start_income(kind: str) -> int | None:
    """The areas' income of a civilized nation's first turn: its printed income less the capitol's (13.1.2)."""
    s = start_of(kind)
    if s is None or s["income"] is None:
        return None
    return s["income"] - numbers().capitol


def kingdoms(sid: str | None) -> bool:
    """Every nation starts on K1 (16.10.2: "All players start out on turn K1")."""
    return bool(sid) and bool(scenarios().get(sid, {}).get("kingdoms"))
