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
* ``{"type": "nation-edit", "name": name, ...the nation's keys}``: a nation corrected before its first turn
  is recorded (rule ``nation-played`` after).
* ``{"type": "withdraw", "nation": name, "why"?: "quit" | "capitol" | "income"}``: at the beginning of the
  Status phase the nation's player quits (8.2) or Rome without its capitol goes out (4.1.5.3): its last
  charted turn becomes its quit turn (the treasury reduced to zero, the victory points kept); the player
  declares on the next game turn and enters on the third (:meth:`ChartGame.comes_back_on`).
* ``areas``, ``revolt`` and the procedure's ``roll`` actions: the Revolt Procedure, step by step
  (:mod:`companion.rome1989.procedure`).
* ``battle``, ``losses``, ``retreat`` and the battle's ``combat`` rolls: a battle of the Combat phase, step by
  step (12.0.8, :mod:`companion.rome1989.battle`), filed under the nation whose combat it is.
* ``{"type": "kept-dice", "rolls": [roll, …], "unplayed"?: [name, …]}``: the rolls of the dice file opened
  with its chart file (:mod:`companion.rome1989.dice_file`), kept and listed as they were rolled, deciding nothing
  now; a roll names a nation of the game or one of ``unplayed``; once, before any die is rolled (``dice-kept``).
* ``{"type": "end", "unfinished"?: true}``: the table stops the game (undo reopens it); before anybody has
  reached the goal only with ``unfinished``. The winner is announced the moment the goal is reached; the
  table may play on (decision 20) until it ends the game.

The ``setup`` may name a ``scenario`` (16.1–16.10, :mod:`companion.rome1989.scenarios`): its goal and its
civilized nations as the rulebook starts them. A new ``setup`` is written with ``"rules": 2``
(:meth:`ChartRules.recorded`); a log without it replays as version 1, as it was played. Version 2 adds:
one transition roll per nation and turn, and the compulsory roll (8.3) before a turn that stays in its status.
Version 3 (``"rules": 3``) adds: a ``combat`` roll is a volley of a battle (rule ``battle-first``); a log of
version 1 or 2 keeps its combat rolls made with no battle, as they were played.

Every turn is checked with the chart file's own rules (``chart.check``): a refusal is the same sentence,
with its rule id, that the command line would print for the exported file. The game's chart is the
chart of its exported file (:meth:`ChartGame.export`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..errors import IllegalAction
from ..words import LONGEST_NAME
from .battle import Battle, retreat, take_losses, volley
from .battle import start as start_battle
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
from .dice_file import MOST_DICE, MOST_ROLLS, PURPOSES, Roll, parse_roll
from .procedure import Revolt, advance, parse_areas, start
from .revolt import Area
from .scenarios import kingdoms, scenario_nations, scenario_setup
from .seats import check_seat
from .status import NEXT, roll_succeeds, transition

Action = dict[str, Any]
RULES_VERSION = 3
VERSIONS = (1, 2, 3)


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
    version: int = 1
    scenario: str | None = None
    enter_by: int | None = None  # new players enter by this game turn (16.6.1, 16.9.1)
    #: transition rolls made: (nation, its turns charted when it rolled): one a turn (8.3)
    rolled: tuple[tuple[str, int], ...] = ()
    #: the game turn each withdrawn nation's player withdrew it (8.2)
    withdrawn: tuple[tuple[str, int], ...] = ()
    #: each nation's areas, as entered for the revolt procedure (kept until entered again)
    areas: tuple[tuple[str, tuple[Area, ...]], ...] = ()
    procedure: Revolt | None = None
    #: the battle of the Combat phase being fought, or the last one fought (12.0.8)
    battle: Battle | None = None

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

    def next_game_turn(self, nation: str) -> int:
        """The game turn of a nation's coming turn (its first charted turn is game turn ``enters``)."""
        n = self.chart.nation(nation)
        return n.enters + len(n.turns) if n is not None else self.game_turn

    def areas_of(self, nation: str) -> tuple[Area, ...]:
        return next((a for n, a in self.areas if n == nation), ())

    def has_rolled(self, nation: str) -> bool:
        """The nation rolled for its transition in this turn's Phase 1 (8.3)."""
        n = self.chart.nation(nation)
        return n is not None and (nation, len(n.turns)) in self.rolled

    def withdrew_on(self, nation: str) -> int | None:
        """The game turn a nation was withdrawn (8.2): the withdrawal's, or the turn after its quit turn."""
        on = next((g for n, g in self.withdrawn if n == nation), None)
        if on is not None:
            return on
        n = self.chart.nation(nation)
        if n is not None and n.turns and n.turns[-1].quit:
            return n.enters + len(n.turns)
        return None

    def comes_back_on(self, nation: str) -> int | None:
        """The game turn its player enters again at the earliest: withdraws, declares, enters (8.2)."""
        on = self.withdrew_on(nation)
        return None if on is None else on + 2

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
                   "end": self._end, "nation-edit": self._nation_edit, "withdraw": self._withdraw,
                   "areas": self._areas, "revolt": self._revolt, "battle": self._battle, "losses": self._losses,
                   "retreat": self._retreat, "kept-dice": self._kept_dice}.get(kind)  # type: ignore[arg-type]
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
            raise IllegalAction("Nobody has reached the goal yet; end the game unfinished to stop here.", rule="no-winner",
                                instead={"type": "end", "unfinished": True})
        return handler(state, action)

    def recorded(self, action: Action) -> Action:
        """A new ``setup`` is written with the rules' version; a log written before holds none (version 1)."""
        if isinstance(action, dict) and action.get("type") == "setup" and "rules" not in action:
            return {**action, "rules": RULES_VERSION}
        return action

    def _setup(self, state: ChartGame, a: Action) -> ChartGame:
        title = a.get("title", "")
        if not isinstance(title, str):
            raise IllegalAction("The game's title is text.", rule="type")
        version = a.get("rules", 1)
        if version not in VERSIONS:
            raise IllegalAction(f"This game was written under rules version {version!r}; this version of the "
                                f"companion plays 1 to {RULES_VERSION}.", rule="rules-version")
        scenario, enter_by = a.get("scenario"), None
        if scenario is not None:
            victory, enter_by = scenario_setup(scenario, a)
            if "victory" in a and a["victory"] != victory:
                raise IllegalAction(f"The scenario's goal is {victory}; the game's is {a['victory']}.", rule="scenario")
        else:
            victory = a.get("victory")
        if victory is not None:
            _refuse(check_victory(victory, []))
        game = ChartGame(title=title, started=True, chart=Chart((), victory), version=version, scenario=scenario,
                         enter_by=enter_by)
        for nation in scenario_nations(scenario, a) if scenario is not None else ():
            game = self._nation(game, nation)
        return game

    def _nation_edit(self, state: ChartGame, a: Action) -> ChartGame:
        name = a.get("name")
        old = state.chart.nation(name) if isinstance(name, str) else None
        if old is None:
            raise IllegalAction(f"There is no nation {name!r} in this game.", rule="unknown-nation")
        if old.turns:
            raise IllegalAction(f"{old.name} has played a turn; a nation is corrected only until its first turn is "
                                "recorded (undo its turns first).", rule="nation-played")
        raw = {k: v for k, v in a.items() if k not in ("type", "seat")}
        place = state.chart.nations.index(old)
        nation, problems = parse_nation({**raw, "turns": []}, place)
        _refuse([p for p in problems if p.rule != "no-turns"])
        assert nation is not None
        chart = replace(state.chart, nations=tuple(nation if n is old else n for n in state.chart.nations))
        if chart.victory is not None:
            _refuse(check_victory(chart.victory, [n.to_doc() for n in chart.nations]))
        _refuse(_problems(chart))
        return replace(state, chart=chart)

    def _withdraw(self, state: ChartGame, a: Action) -> ChartGame:
        name = a.get("nation")
        n = state.chart.nation(name) if isinstance(name, str) else None
        if n is None:
            raise IllegalAction(f"There is no nation {name!r} in this game.", rule="unknown-nation")
        if not n.turns:
            raise IllegalAction(f"{n.name} has not played yet; a nation that has not entered is corrected or left "
                                "out, not withdrawn.", rule="withdraw")
        if state.withdrew_on(n.name) is not None:
            raise IllegalAction(f"{n.name} is withdrawn already; its player comes back as a new barbarian nation "
                                "(8.2).", rule="withdraw")
        last = replace(n.turns[-1], quit=True)
        new = replace(n, turns=(*n.turns[:-1], last))
        _refuse(check_nation(new))
        on = n.enters + len(n.turns)
        return replace(state, chart=state.chart.with_nation(new), withdrawn=(*state.withdrawn, (n.name, on)),
                       due=tuple(d for d in state.due if d[0] != n.name))

    def _areas(self, state: ChartGame, a: Action) -> ChartGame:
        name = a.get("nation")
        if not isinstance(name, str) or state.chart.nation(name) is None:
            raise IllegalAction(f"There is no nation {name!r} in this game.", rule="unknown-nation")
        areas = parse_areas(a.get("areas"))
        return replace(state, areas=(*((n, x) for n, x in state.areas if n != name), (name, areas)))

    def _revolt(self, state: ChartGame, a: Action) -> ChartGame:
        name = a.get("nation")
        n = state.chart.nation(name) if isinstance(name, str) else None
        if n is None:
            raise IllegalAction(f"There is no nation {name!r} in this game.", rule="unknown-nation")
        p = state.procedure
        if p is not None and p.nation != n.name and p.purpose is not None:
            raise IllegalAction(f"{p.nation}'s revolt procedure is at step {p.step}; finish it (or undo it) before "
                                f"{n.name}'s.", rule="procedure-open")
        procedure = start(n, state.next_game_turn(n.name), state.areas_of(n.name), a)
        return replace(state, procedure=procedure)

    def _nation(self, state: ChartGame, a: Action) -> ChartGame:
        raw = {k: v for k, v in a.items() if k != "type"}
        if isinstance(raw.get("name"), str) and state.chart.nation(raw["name"]) is not None:
            raw["name"] = _group_name(state, raw["name"], raw.get("player"))
        if state.enter_by is not None and isinstance(raw.get("enters"), int) and raw["enters"] > state.enter_by:
            player = raw.get("player", raw.get("name"))
            if player not in {n.who for n in state.chart.nations}:
                raise IllegalAction(f"In this scenario every player enters by game turn {state.enter_by} (16.6.1, "
                                    f"16.9.1); {player} would enter on {raw['enters']}.", rule="enter-by")
        if kingdoms(state.scenario) and raw.get("kind") == "other":
            raw.setdefault("kingdom_start", True)  # 16.10.2: "All players start out on turn K1"
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
        if state.withdrew_on(n.name) is not None:
            raise IllegalAction(f"{n.name} is withdrawn; its player comes back as a new barbarian nation (8.2).",
                                rule="after-quit")
        due = state.due_for(n.name)
        if due is not None and due[1] == "must" and turn.status != due[0]:
            raise IllegalAction(f"{n.name} rolled for its transition on its turn before and did not change, so it "
                                f"becomes {due[0]} on this turn (8.3: the current turn or the next).", rule="transition-due")
        if state.version >= 2 and n.turns and due is None and not state.has_rolled(n.name):
            up = state.upcoming(n.name)
            offer = transition(*up) if up else None
            if offer is not None and offer.must_roll and offer.below > 1 and turn.status == up[0]:
                raise IllegalAction(f"{n.name} is on {up[0]}{up[1]}: it becomes {offer.to} at will, or rolls for its "
                                    f"transition first (8.3: \"If the player does not voluntarily become a kingdom, he "
                                    "must take his chances and roll the die\").", rule="transition-unrolled")
        new = replace(n, turns=(*n.turns, turn))
        _refuse(check_nation(new))  # adding a turn changes no rule between nations
        chart = state.chart.with_nation(new)
        rest = tuple(d for d in state.due if d[0] != n.name)
        if due is not None and turn.status != due[0]:
            rest += ((n.name, due[0], "must"),)
        procedure = None if state.procedure is not None and state.procedure.nation == n.name else state.procedure
        battle = None if state.battle is not None and state.battle.nation == n.name else state.battle
        return replace(state, chart=chart, due=rest, procedure=procedure, battle=battle)

    def _roll(self, state: ChartGame, a: Action) -> ChartGame:
        purpose, dice, by, name = a.get("purpose"), a.get("dice"), a.get("by", "table"), a.get("nation")
        if purpose not in PURPOSES:
            raise IllegalAction(f"A roll is for one of {', '.join(PURPOSES)}, not {purpose!r}.", rule="roll-purpose")
        if not isinstance(dice, list) or not dice or len(dice) > MOST_DICE:
            raise IllegalAction(f"A roll has at least one die, and at most {MOST_DICE}.", rule="die")
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
            if state.due_for(name) is not None or (state.version >= 2 and state.has_rolled(name)):
                raise IllegalAction(f"{name} has rolled for its transition on this turn already: one roll a turn "
                                    "(8.3).", rule="transition-roll")
            if roll_succeeds(up[0], up[1], faces[0]):
                due = (*due, (name, NEXT[up[0]], "may"))
        procedure = state.procedure
        if procedure is not None and procedure.purpose is not None and purpose in ("rebellion", "revolt", "forces"):
            if name != procedure.nation:
                raise IllegalAction(f"These are {procedure.nation}'s revolt dice (step {procedure.step}); they are "
                                    f"filed under {procedure.nation}, not {name}.", rule="procedure-nation")
            procedure = advance(procedure, purpose, faces)
        battle, about = state.battle, ""
        if purpose == "combat":
            battle = self._volley(state, name, faces)
            if battle is not None and battle is not state.battle:
                v = battle.volleys[-1]
                about = f"{battle.side(v.side).name} fires, round {v.round}: {sum(v.hits)} hit{'' if sum(v.hits) == 1 else 's'}"
        rolled = state.rolled
        if purpose == "transition" and isinstance(name, str):
            rolled = (*rolled, (name, len(state.chart.nation(name).turns)))  # type: ignore[union-attr]
        when = state.next_game_turn(name) if isinstance(name, str) else state.game_turn
        roll = Roll(name, purpose, faces, by, when, about)
        return replace(state, rolls=(*state.rolls, roll), due=due, rolled=rolled, procedure=procedure, battle=battle)

    def _volley(self, state: ChartGame, name: Any, faces: tuple[int, ...]) -> Battle | None:
        """A combat roll: the volley of the battle being fought, filed under its nation (version 3: only so)."""
        b = state.battle
        if b is None or b.over:
            if state.version >= 3:
                raise IllegalAction("A combat roll is a volley of a battle: start the battle first, with both sides' "
                                    "units (12.0.8 step 1).", rule="battle-first")
            return b  # versions 1 and 2: a combat roll with no battle, as it was played
        if name != b.nation:
            raise IllegalAction(f"These are {b.nation}'s battle dice (step {b.step}); they are filed under {b.nation}, "
                                f"not {name}.", rule="procedure-nation")
        return volley(b, faces)

    def _open_battle(self, state: ChartGame, a: Action) -> Battle:
        b = state.battle
        name = a.get("nation")
        if b is None or b.over:
            raise IllegalAction("No battle is being fought; start one first (12.0.8 step 1).", rule="battle-first")
        if name != b.nation:
            raise IllegalAction(f"The battle being fought is {b.nation}'s; its steps are filed under {b.nation}, not "
                                f"{name}.", rule="procedure-nation")
        return b

    def _battle(self, state: ChartGame, a: Action) -> ChartGame:
        name = a.get("nation")
        n = state.chart.nation(name) if isinstance(name, str) else None
        if n is None:
            raise IllegalAction(f"There is no nation {name!r} in this game.", rule="unknown-nation")
        if state.withdrew_on(n.name) is not None:
            raise IllegalAction(f"{n.name} is withdrawn; its player comes back as a new barbarian nation (8.2).",
                                rule="after-quit")
        b = state.battle
        if b is not None and not b.over:
            raise IllegalAction(f"{b.nation}'s battle{' in ' + b.area if b.area else ''} is at step {b.step}; fight it "
                                "to its end (a side retreats or is eliminated), or undo it, before the next.",
                                rule="procedure-open")
        return replace(state, battle=start_battle(n.name, state.next_game_turn(n.name), a))

    def _losses(self, state: ChartGame, a: Action) -> ChartGame:
        return replace(state, battle=take_losses(self._open_battle(state, a), a.get("units")))

    def _retreat(self, state: ChartGame, a: Action) -> ChartGame:
        return replace(state, battle=retreat(self._open_battle(state, a)))

    def _kept_dice(self, state: ChartGame, a: Action) -> ChartGame:
        """The dice of a dice file opened with its chart file: listed and kept as they were rolled, deciding
        nothing now (each roll's game turn is the file's); once, before any die of this game is rolled."""
        if state.rolls:
            raise IllegalAction("A dice file's dice are kept once, when its chart file is opened, before any die of "
                                "the game is rolled.", rule="dice-kept")
        raw = a.get("rolls")
        if not isinstance(raw, list) or not raw or len(raw) > MOST_ROLLS:
            raise IllegalAction(f"A dice file's dice are a list of 1 to {MOST_ROLLS:,} rolls.", rule="dice-kept")
        unplayed = a.get("unplayed", [])
        if not isinstance(unplayed, list) or not all(isinstance(n, str) and 0 < len(n) <= LONGEST_NAME for n in unplayed):
            raise IllegalAction("A dice file's unplayed nations are a list of names.", rule="dice-kept")
        names = {n.name for n in state.chart.nations} | set(unplayed)
        rolls = []
        for k, item in enumerate(raw):
            roll, problems = parse_roll(item, f"kept roll {k + 1}", names)
            if roll is None:
                p = problems[0]
                raise IllegalAction(p.sentence[0].upper() + p.sentence[1:], rule=p.rule)
            rolls.append(roll)
        return replace(state, rolls=tuple(rolls))

    def _end(self, state: ChartGame, a: Action) -> ChartGame:
        return replace(state, ended=True)


def _group_name(state: ChartGame, name: str, player: Any) -> str:
    """A group taken again (8.1): its name with a number, unless another player plays it as barbarians now."""
    who = player if isinstance(player, str) else name
    for n in state.chart.nations:
        base = n.name.rsplit(" (", 1)[0] if n.name.endswith(")") else n.name
        if base != name or state.withdrew_on(n.name) is not None:
            continue
        if not n.turns or labels(n)[-1][0] == "B":
            if n.who == who:
                raise IllegalAction(f"There is a nation named {name!r} already.", rule="duplicate-nation")
            raise IllegalAction(f"{n.who} plays {name} as barbarians now; a player may not return as a group another "
                                "player plays until it becomes a kingdom (8.1).", rule="group-in-play")
    k = 2
    while state.chart.nation(f"{name} ({k})") is not None:
        k += 1
    return f"{name} ({k})"


def nation_action(**keys: Any) -> Action:
    """A ``nation`` action from the chart file's nation keys (those given)."""
    unknown = set(keys) - set(NATION_KEYS)
    if unknown:
        raise IllegalAction(f"A nation has no key {sorted(unknown)[0]!r}.", rule="unknown-key")
    return {"type": "nation", **keys}


def from_chart(chart: Chart, title: str = "") -> list[Action]:
    """The actions that build a game from a chart file (opening one on the screen): setup, nations, turns
    in playing order (game turn, then list order). A file keeps no dice, so its game is played under the
    rules of version 1 (no transition roll is asked for before a turn)."""
    # a file keeps no dice: its turns replay under version 1 (no transition roll asked before a turn)
    out: list[Action] = [{"type": "setup", "title": title, "victory": chart.victory, "rules": 1}]
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
