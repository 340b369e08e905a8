"""A game of Rise and Fall (1989) as a log: the turn record charts of its nations, the dice, the winner.

The log's reducer (:class:`ChartRules`, a ``gamelog.Reducer``) replays these actions:

* ``{"type": "setup", "title": str, "victory": {"points": P} | {"scenario": "rome-solitaire"} | null}``:
  the first action, once.
* ``{"type": "nation", "name", "kind", "player"?, "enters"?, "first_turn"?, "kingdom_start"?, "opening"?}``:
  a nation joins, with the keys of the chart file (a player back after quitting joins as a new nation with
  the same ``player``, 8.2).
* ``{"type": "turn", "nation": name, "turn": {the entered keys of a turn}}``: one line of its chart.
* ``{"type": "roll", "nation": name | null, "purpose": ..., "dice": [1–10, …], "by": "app" | "table"}``:
  dice, the app's (seeded) or the table's own, kept in the log; a ``transition`` roll decides a rolled
  status change (8.3).
* ``"seat": player`` on a ``turn`` or a ``roll``: sent by that player's phone, which records only that
  player's nations (:func:`companion.rome1989.seats.check_seat`, rule ``seat``).
* ``{"type": "end", "unfinished"?: true}``: the table stops the game (undo reopens it); before anybody has
  reached the goal only with ``unfinished``. The winner is announced the moment the goal is reached; the
  table may play on (decision 20) until it ends the game.

Every turn is checked with the chart file's own rules (``chart.check``): a refusal is the same sentence,
with its rule id, that the command line would print for the exported file. The game's chart is the
chart of its exported file (:meth:`ChartGame.export`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..errors import IllegalAction
from .chart import (
    NATION_KEYS,
    Chart,
    Result,
    check_nation,
    check_victory,
    compute,
    labels,
    parse,
    parse_nation,
    parse_turn,
)
from .dice import check_die
from .seats import check_seat
from .status import NEXT, roll_succeeds, transition

Action = dict[str, Any]
PURPOSES = ("transition", "stability", "rebellion", "revolt", "forces", "combat", "leader", "modifier", "order", "other")


@dataclass(frozen=True)
class Roll:
    """Dice kept in the log: whose, what for, the faces (1–10), and who rolled them."""

    nation: str | None
    purpose: str
    dice: tuple[int, ...]
    by: str
    game_turn: int


@dataclass(frozen=True)
class ChartGame:
    """The state of one game: the chart (nations and their turns), the dice rolled, what a roll made due."""

    title: str = ""
    started: bool = False
    chart: Chart = field(default_factory=lambda: Chart(()))
    rolls: tuple[Roll, ...] = ()
    #: a nation whose transition roll succeeded: "may" change on its next turn, "must" on the one after (8.3)
    due: tuple[tuple[str, str, str], ...] = ()  # (nation, to status, "may" | "must")
    ended: bool = False

    @cached_property
    def result(self) -> Result:
        """Every derived cell, the players' totals and the victory (nations without a turn yet left out)."""
        return compute(self.played)

    @property
    def played(self) -> Chart:
        return replace(self.chart, nations=tuple(n for n in self.chart.nations if n.turns))

    @property
    def winners(self) -> tuple[str, ...]:
        v = self.result.victory if self.played.nations else None
        return v.winners if v else ()

    @property
    def over(self) -> bool:
        """Finished: the table ended the game (the winner, once announced, may be played past: decision 20)."""
        return self.ended

    @property
    def game_turn(self) -> int:
        """The game turn being played: the latest charted one (1 before any turn)."""
        turns = [n.enters + len(n.turns) - 1 for n in self.chart.nations if n.turns]
        return max(turns, default=1)

    def export(self) -> dict[str, Any]:
        """The chart file of this game (``rise-and-fall-1989/chart`` v1): nations that have played."""
        return self.played.to_doc()

    def due_for(self, nation: str) -> tuple[str, str] | None:
        return next(((to, when) for n, to, when in self.due if n == nation), None)

    def upcoming(self, nation: str) -> tuple[str, int] | None:
        """The status and number a nation's next turn has without a status change (None before its first)."""
        n = self.chart.nation(nation)
        if n is None or not n.turns:
            return None
        status, number = labels(n)[-1]
        return status, number + 1


def _refuse(problems: list[Any]) -> None:
    if problems:
        p = problems[0]
        raise IllegalAction(p.text[0].upper() + p.text[1:] if p.text else p.rule, rule=p.rule)


def _problems(chart: Chart) -> list[Any]:
    """The chart's broken rules, a nation without turns yet being no problem."""
    return [p for p in parse(chart.to_doc())[1] if p.rule != "no-turns"]


class ChartRules:
    """The reducer of a Rise and Fall (1989) game's log (``rise-and-fall-1989/chart``)."""

    def initial(self) -> ChartGame:
        return ChartGame()

    def apply(self, state: ChartGame, action: Action) -> ChartGame:
        kind = action.get("type") if isinstance(action, dict) else None
        handler = {"setup": self._setup, "nation": self._nation, "turn": self._turn, "roll": self._roll,
                   "end": self._end}.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise IllegalAction(f"There is no action {kind!r} in this game.", rule="action")
        if "seat" in action:  # sent by a player's phone: that player's nations only
            check_seat(state.chart, action)
        if kind == "setup":
            if state.started:
                raise IllegalAction("The game is set up already.", rule="setup-once")
        elif not state.started:
            raise IllegalAction("Set the game up first (its title and goal).", rule="setup-first")
        elif state.over:
            who = " and ".join(state.winners)
            raise IllegalAction(f"The game is over{f': {who} won' if who else ''}; undo to go on.", rule="game-over")
        elif kind == "end" and state.chart.victory is not None and not state.winners and not action.get("unfinished"):
            raise IllegalAction("Nobody has reached the goal yet; end the game unfinished to stop here.", rule="no-winner")
        return handler(state, action)

    def _setup(self, state: ChartGame, a: Action) -> ChartGame:
        title = a.get("title", "")
        if not isinstance(title, str):
            raise IllegalAction("The game's title is text.", rule="type")
        victory = a.get("victory")
        if victory is not None:
            _refuse(check_victory(victory, []))
        return ChartGame(title=title, started=True, chart=Chart((), victory))

    def _nation(self, state: ChartGame, a: Action) -> ChartGame:
        raw = {k: v for k, v in a.items() if k != "type"}
        nation, problems = parse_nation({**raw, "turns": []}, len(state.chart.nations))
        _refuse([p for p in problems if p.rule != "no-turns"])
        assert nation is not None
        chart = state.chart.with_nation(nation) if state.chart.nation(nation.name) is None else None
        if chart is None:
            raise IllegalAction(f"There is a nation named {nation.name!r} already.", rule="duplicate-nation")
        if chart.victory is not None:
            _refuse(check_victory(chart.victory, [n.to_doc() for n in chart.nations]))
        _refuse(_problems(chart))
        return replace(state, chart=chart)

    def _turn(self, state: ChartGame, a: Action) -> ChartGame:
        name = a.get("nation")
        n = state.chart.nation(name) if isinstance(name, str) else None
        if n is None:
            raise IllegalAction(f"There is no nation {name!r} in this game.", rule="unknown-nation")
        turn, problems = parse_turn(a.get("turn"), f"{n.name}'s turn {len(n.turns) + 1}")
        _refuse(problems)
        assert turn is not None
        due = state.due_for(n.name)
        if due is not None and due[1] == "must" and turn.status != due[0]:
            raise IllegalAction(f"{n.name} rolled for its transition on its turn before and did not change, so it "
                                f"becomes {due[0]} on this turn (8.3: the current turn or the next).", rule="transition-due")
        new = replace(n, turns=(*n.turns, turn))
        _refuse(check_nation(new))  # adding a turn changes no rule between nations
        chart = state.chart.with_nation(new)
        rest = tuple(d for d in state.due if d[0] != n.name)
        if due is not None and turn.status != due[0]:
            rest += ((n.name, due[0], "must"),)
        return replace(state, chart=chart, due=rest)

    def _roll(self, state: ChartGame, a: Action) -> ChartGame:
        purpose, dice, by, name = a.get("purpose"), a.get("dice"), a.get("by", "table"), a.get("nation")
        if purpose not in PURPOSES:
            raise IllegalAction(f"A roll is for one of {', '.join(PURPOSES)}, not {purpose!r}.", rule="roll-purpose")
        if not isinstance(dice, list) or not dice:
            raise IllegalAction("A roll has at least one die.", rule="die")
        faces = tuple(check_die(d) for d in dice)
        if by not in ("app", "table"):
            raise IllegalAction("A roll is the app's or the table's.", rule="roll-by")
        if name is not None and state.chart.nation(name) is None:
            raise IllegalAction(f"There is no nation {name!r} in this game.", rule="unknown-nation")
        due = state.due
        if purpose == "transition":
            up = state.upcoming(name) if isinstance(name, str) else None
            offer = transition(*up) if up else None
            if offer is None or not offer.must_roll or len(faces) != 1:
                where = f"{up[0]}{up[1]}" if up else "its first turn"
                raise IllegalAction(f"{name} has no transition to roll for on {where} (B4 and K11 at the earliest, "
                                    "one die; 8.3, 8.3.3.1).", rule="transition-roll")
            if state.due_for(name) is not None:
                raise IllegalAction(f"{name} has rolled its transition already.", rule="transition-roll")
            if roll_succeeds(up[0], up[1], faces[0]):
                due = (*due, (name, NEXT[up[0]], "may"))
        roll = Roll(name, purpose, faces, by, state.game_turn)
        return replace(state, rolls=(*state.rolls, roll), due=due)

    def _end(self, state: ChartGame, a: Action) -> ChartGame:
        return replace(state, ended=True)


def nation_action(**keys: Any) -> Action:
    """A ``nation`` action from the chart file's nation keys (those given)."""
    unknown = set(keys) - set(NATION_KEYS)
    if unknown:
        raise IllegalAction(f"A nation has no key {sorted(unknown)[0]!r}.", rule="unknown-key")
    return {"type": "nation", **keys}


def from_chart(chart: Chart, title: str = "") -> list[Action]:
    """The actions that build a game from a chart file (opening one on the screen): setup, nations, turns
    in playing order (game turn, then list order)."""
    out: list[Action] = [{"type": "setup", "title": title, "victory": chart.victory}]
    for n in chart.nations:
        out.append({"type": "nation", **{k: v for k, v in n.to_doc().items() if k != "turns"}})
    steps = sorted((n.enters + k, i, k) for i, n in enumerate(chart.nations) for k in range(len(n.turns)))
    for _, i, k in steps:
        n = chart.nations[i]
        out.append({"type": "turn", "nation": n.name, "turn": n.turns[k].to_doc()})
    return out


def replayed(rules: ChartRules, actions: list[Action]) -> ChartGame:
    """The game ``actions`` make, every one checked by the rules in memory (nothing written); raises the first
    refusal. A chart file opened on the screen is checked so before its game is started."""
    state = rules.initial()
    for a in actions:
        state = rules.apply(state, a)
    return state
