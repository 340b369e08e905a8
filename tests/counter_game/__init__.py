"""A game the dashboard was not written for: a counter, defined only in the tests.

Players add to a shared count until it reaches the target in ``rules.json``. It has two screens
(Count and Total), one kind of log, one command and a scorepad picture, and it proves the shelf,
the store, History and the command line hold any game the registry names.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from companion.errors import IllegalAction
from companion.games import Game

GAME = Game(
    id="counter", title="Counter", players=(1, 2), picture="counter_game:picture.svg",
    screens="counter_game.screens:CounterScreens", kinds={"tally": "counter_game:CountRules"},
    commands="counter_game:add_commands", rules_data="counter_game:rules.json",
    about="Count together to the target.", finished="counter_game:finished",
)


def target() -> int:
    return json.loads(resources.files(__package__).joinpath("rules.json").read_text())["target"]


@dataclass(frozen=True)
class Count:
    players: tuple[str, ...] = ()
    value: int = 0

    @property
    def finished(self) -> bool:
        return bool(self.players) and self.value >= target()


class CountRules:
    """The counter's reducer: ``start`` with the players, then ``add`` until the target."""

    def initial(self) -> Count:
        return Count()

    def apply(self, state: Count, action: dict) -> Count:
        kind = action.get("type")
        if kind == "start":
            return Count(tuple(action["players"]))
        if not state.players:
            raise IllegalAction("Start the count first.", rule="counter-start")
        if state.finished:
            raise IllegalAction("The count has reached its target.", rule="counter-target")
        by = action.get("by")
        if kind != "add" or type(by) is not int or by < 1:
            raise IllegalAction("Add a whole number, 1 or more.", rule="counter-number")
        return Count(state.players, state.value + by)


def add_commands(sub) -> None:
    c = sub.add_parser("add", help="add numbers up to the target", description="Add numbers up to the counter's target.")
    c.add_argument("numbers", nargs="+", type=int, help="the whole numbers to add")
    c.set_defaults(run=run_add)


def run_add(args) -> int:
    state = Count(("cli",))
    rules = CountRules()
    for n in args.numbers:
        state = rules.apply(state, {"type": "add", "by": n})
    print(f"{state.value} of {target()}")
    return 0


def finished(kind: str, state: Count) -> bool:
    return state.finished
