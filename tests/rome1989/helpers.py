"""Shared pieces of the Rise and Fall (1989) tests: the contract's examples and small charts."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.rome1989.game import ChartRules

EXAMPLES = Path(__file__).parent / "examples"
RULES = ChartRules()


class Table:
    """What the tablet's page gives 1989's screens (its store; History keeps nothing), for screens made in a test."""

    def __init__(self, store):
        self.store = store

    def history(self):
        return self

    def keep(self, *args):
        pass


def play(actions: list[dict[str, Any]]) -> Any:
    """The chart's state after these actions, each applied by the rules."""
    s = RULES.initial()
    for a in actions:
        s = RULES.apply(s, a)
    return s


def refused(state: Any, action: dict[str, Any]) -> str:
    """The rule id an action is refused with (every refusal names its rule, with a sentence)."""
    with pytest.raises(IllegalAction) as e:
        RULES.apply(state, action)
    assert str(e.value) and e.value.rule, "every refusal names its rule"
    return e.value.rule


def example(n: int) -> dict[str, Any]:
    return json.loads((EXAMPLES / f"example{n}.json").read_text())


def example_bytes(n: int) -> bytes:
    return (EXAMPLES / f"example{n}.json").read_bytes()


def expected_output(n: int) -> str:
    return (EXAMPLES / f"example{n}.out.json").read_text()


def doc(*nations: dict[str, Any], victory: dict[str, Any] | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {"format": "rise-and-fall-1989/chart", "version": 1, "nations": list(nations)}
    if victory is not None:
        d["victory"] = victory
    return d


def nation(name: str = "Goths", kind: str = "other", *turns: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"name": name, "kind": kind, **extra, "turns": list(turns) or [barbarian()]}


def barbarian(areas: int = 5, **extra: Any) -> dict[str, Any]:
    return {"status": "B", "areas_income": areas, "capitol_on_board": False, **extra}


def kingdom(areas: int = 20, **extra: Any) -> dict[str, Any]:
    return {"status": "K", "areas_income": areas, "capitol_on_board": True, **extra}


def empire(areas: int = 40, **extra: Any) -> dict[str, Any]:
    return {"status": "E", "areas_income": areas, "capitol_on_board": True, **extra}


def deep(d: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(d)


def pick_areas(editor: Any, text: str) -> None:
    """The Revolt screen's areas picked as the table picks them (a name and a value, Add; then each row's units,
    capitol and Popular leader): one area a line, its name, its value, then 2i, 1c, capitol or popular as they apply."""
    for line in text.splitlines():
        words = line.split()
        k = next(i for i, w in enumerate(words) if w.isdigit())
        editor.name.value, editor.value.value = " ".join(words[:k]), int(words[k])
        editor.add_btn.click()
        row = editor.rows.children[-1].children[0].children  # value, infantry, cavalry, capitol, near, remove
        for w in words[k + 1:]:
            if w.endswith("i"):
                row[1].value = int(w[:-1])
            elif w.endswith("c") and w[:-1].isdigit():
                row[2].value = int(w[:-1])
            elif w == "capitol":
                row[3].value = True
            elif w == "popular":
                row[4].value = True
