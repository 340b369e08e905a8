"""One contract for every game's rules: what may be done now, who won, what a seat sees.

The models are OpenSpiel's Game / State / Observer split (``legal_actions``, ``is_terminal``/``returns``, an
observer per player) and boardgame.io's framework guards (``src/core/reducer.ts``: a move after the game is over,
a move the game does not define, a player who may not act now are refused by the framework, once, before the
game's own code). Here a game's log keeps its own ``Reducer`` (``initial``/``apply``, the rules of each action)
and gives the framework a :class:`Contract` per kind of log:

* ``legal_actions(state, seat=None)``: every action that may be taken now, as :class:`Move` values; a Move is
  one action, or one action with numeric fields the table enters (a turn's income, a cavern's Trolls), each
  with its range (:class:`Field`), which the random player samples;
* ``outcome(state)``: None while the log goes on, else an :class:`Outcome` (the winners, each player's final
  score as the game shows it, the scorepad's rows, the sentence that announces it);
* ``view(state, seat)``: what that seat may see (``seat=None``: the table's tablet, which sees the table).

The guards (:meth:`Contract.check`, run by ``gamelog.Session.do`` before a new action is written) raise ONE
set of rule ids, the same for every game: :data:`SETUP_FIRST`, :data:`GAME_OVER`, :data:`UNKNOWN_ACTION`,
:data:`SEAT`. The ids games raised before (``set-up-first``, ``finished``, ``action``, ``not-your-turn``,
``turn``) still read as theirs (:func:`same_rule`). A log's replay never runs the guards: an old log opens as
it always did.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable

from .errors import IllegalAction

Action = dict[str, Any]

SETUP_FIRST = "setup-first"  #: an action before the game is set up
GAME_OVER = "game-over"  #: an action once the log has its outcome (undo reopens it)
UNKNOWN_ACTION = "unknown-action"  #: an action the game does not know, or one it does not offer now
SEAT = "seat"  #: an action for a player who may not act now, or sent by another player's phone
RULE_IDS = (SETUP_FIRST, GAME_OVER, UNKNOWN_ACTION, SEAT)

#: The ids the games' own guards raised before this contract (their logs and tests may still name them).
OLD_RULE_IDS = {"set-up-first": SETUP_FIRST, "finished": GAME_OVER, "action": UNKNOWN_ACTION,
                "not-your-turn": SEAT, "turn": SEAT}


def canonical(rule: str) -> str:
    """The shared id of a guard's rule id, old or new (``set-up-first`` → ``setup-first``)."""
    return OLD_RULE_IDS.get(rule, rule)


def same_rule(a: str, b: str) -> bool:
    """Whether two rule ids name the same rule (an old guard id and its shared one do)."""
    return canonical(a) == canonical(b)


Key = str | tuple[str, ...]  # "a.b", or ("a", name) where the name is the table's own text (a "." in it is kept)


@dataclass(frozen=True)
class Field:
    """A number the table enters in an action: ``key`` (dotted for a nested one, ``victory.points``; a tuple
    where a part is a player's name, which may hold a dot) from
    ``lo`` to ``hi`` inclusive. ``length`` (lo, hi): the field is a list of such numbers (dice faces).
    ``open``: any whole number from ``lo`` up is offered, ``hi`` being only the random player's top (a count a
    table may enter beyond any printed limit: the game's rules judge the largest). ``optional``: the key may be
    left out (the game's rules then take its default)."""

    key: Key
    lo: int
    hi: int
    length: tuple[int, int] | None = None
    open: bool = False
    optional: bool = False

    def admits(self, value: Any) -> bool:
        if value is _MISSING:
            return self.optional
        if self.length is not None:
            return (isinstance(value, list) and self.length[0] <= len(value) <= self.length[1]
                    and all(self._number(v) for v in value))
        return self._number(value)

    def _number(self, v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and self.lo <= v and (self.open or v <= self.hi)

    def sample(self, rng: random.Random, given: Any = None) -> Any:
        if self.length is not None:
            return [rng.randint(self.lo, self.hi) for _ in range(rng.randint(*self.length))]
        return rng.randint(self.lo, self.hi)


@dataclass(frozen=True)
class Given:
    """A part of an action the table gives as it is, whose every value the game's rules judge (the players'
    names, a board, a Champion's track): the move offers any value there (``optional``: or none). The random
    player keeps the value the move was written with."""

    key: Key
    optional: bool = False

    def admits(self, value: Any) -> bool:
        return self.optional or value is not _MISSING

    def sample(self, rng: random.Random, given: Any = None) -> Any:
        return given


def _path(key: Key) -> tuple[str, ...]:
    return key if isinstance(key, tuple) else tuple(key.split("."))


def _get(action: Action, key: Key) -> Any:
    cur: Any = action
    for part in _path(key):
        if not isinstance(cur, dict) or part not in cur:
            return _MISSING
        cur = cur[part]
    return cur


def _put(action: Action, key: Key, value: Any) -> Action:
    head, *rest = _path(key)
    if not rest:
        return {**action, head: value}
    inner = action.get(head)
    return {**action, head: _put(inner if isinstance(inner, dict) else {}, tuple(rest), value)}


def _without(action: Action, keys: Iterable[Key]) -> Action:
    out = action
    for key in keys:
        head, *rest = _path(key)
        if head not in out:
            continue
        if rest and isinstance(out[head], dict):
            out = {**out, head: _without(out[head], [tuple(rest)])}
        elif not rest:
            out = {k: v for k, v in out.items() if k != head}
    return out


_MISSING = object()


@dataclass(frozen=True)
class Move:
    """One action that may be taken now (``action``), or, with ``fields``, every action that differs from it
    only in those numbers, each within its range. ``seat``: the player whose action it is (None: the table's)."""

    action: Action
    fields: tuple[Field | Given, ...] = ()
    seat: Any = None
    weight: float = 1.0  # how often the random player picks it among the others (1: as often as any)

    @property
    def type(self) -> str:
        return str(self.action.get("type"))

    @cached_property
    def _fixed(self) -> tuple[tuple[str, Any], ...]:
        """The action's top-level parts no field ranges over (its type first): each must be met as it is."""
        ranged = {_path(f.key)[0] for f in self.fields}
        return tuple((k, v) for k, v in sorted(self.action.items(), key=lambda kv: kv[0] != "type") if k not in ranged)

    def admits(self, action: Action) -> bool:
        """Whether ``action`` is this move (its fields anywhere in their ranges)."""
        if not isinstance(action, dict) or action.get("type", _MISSING) != self.action.get("type", _MISSING):
            return False  # another type: told before the move's parts are read (most moves a tap is checked against)
        if any(action.get(k, _MISSING) != v for k, v in self._fixed):
            return False  # another cavern, another player: told at once (a closed game's guard asks this of every move)
        keys = [f.key for f in self.fields]
        if any(not f.admits(_get(action, f.key)) for f in self.fields):
            return False
        return _without(action, keys) == _without(self.action, keys)

    def sample(self, rng: random.Random) -> Action:
        """One action of this move: each field drawn in its range."""
        out = dict(self.action)
        for f in self.fields:
            given = _get(self.action, f.key)
            if isinstance(f, Given) and given is _MISSING:
                continue
            out = _put(out, f.key, f.sample(rng, given))
        return out


@dataclass(frozen=True)
class Outcome:
    """The end of a log: ``winners`` (ties as the rulebook says: several when shared), ``scores`` (each
    player's final score as the game shows it: Mountain King's 97, 1989's 6.7), ``pad`` (the scorepad's rows:
    player → category → points, with "total"; lines kept beside them as ``*_lines``), ``sentence`` (the
    announcement), ``title`` (the game's name in History), ``extra`` (kept beside: colours, exact points).
    ``kept``: False for the end of a log that prepares or precedes the scored end (a World built, a tracked
    game over before its scoring): History lists only kept outcomes. ``of``: the game this scored, when several
    scorings may score it (its last one is its History entry)."""

    winners: tuple[str, ...]
    scores: dict[str, Any] = field(default_factory=dict)
    pad: dict[str, dict[str, Any]] = field(default_factory=dict)
    sentence: str = ""
    title: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    kept: bool = True
    of: str | None = None


def shown(points: Any) -> str:
    """A score as a game shows it: whole points as they are, others to one decimal (``6.7``)."""
    if isinstance(points, float) and math.isfinite(points) and not points.is_integer():
        return f"{points:.1f}"
    if isinstance(points, float) and math.isfinite(points):
        return str(int(points))
    return str(points)


class Contract:
    """A game's log seen by the framework (one subclass per kind of log; see the module's docstring).

    A subclass names ``kind`` (short, e.g. ``game``), ``action_types`` (every type its reducer knows),
    ``setup_types`` (the types that set the log up), and answers ``started``, ``legal_actions``, ``outcome``,
    ``view`` and, when its actions name a player, ``actor`` (whose action it is) and ``may_act``.
    ``after_end``: the types still taken once the outcome is reached (a new scoring). ``closed``: True when
    ``legal_actions`` is complete, so that the guard refuses anything outside it; a game whose table enters
    numbers beyond any range it can name leaves it False and its reducer is the judge of those numbers."""

    kind: str = ""
    error: type[IllegalAction] = IllegalAction  # the type a refusal is (a game's own subclass, as Rise!'s)
    action_types: frozenset[str] = frozenset()
    setup_types: frozenset[str] = frozenset({"setup"})
    after_end: frozenset[str] = frozenset()
    closed: bool = False

    # --- what each game answers ---------------------------------------------------------------------
    def started(self, state: Any) -> bool:
        return True

    def legal_actions(self, state: Any, seat: Any = None) -> list[Move]:  # pragma: no cover - interface
        raise NotImplementedError

    def entered(self, state: Any, seat: Any = None) -> list[Move]:
        """The part of ``legal_actions`` that offers what the table enters as it is (``Given`` parts, weight 0),
        quick to compute: the guard looks there first, and draws the rest of ``legal_actions`` only when it must
        (a World's legal places, a tracked game's candidates are slow to draw at every tap)."""
        return []

    def outcome(self, state: Any) -> Outcome | None:  # pragma: no cover - interface
        raise NotImplementedError

    def finished(self, state: Any) -> bool:
        """Whether the log needs no more play (the shelf's "Continue" passes over it): its outcome is reached."""
        return self.outcome(state) is not None

    def view(self, state: Any, seat: Any = None) -> Any:
        """What ``seat`` may see; a game with no secret shows everyone the whole state."""
        return state

    def actor(self, state: Any, action: Action) -> Any:
        """The player whose action this is (None: the table's, or nobody's in particular)."""
        return None

    def news(self, before: Any, action: Action, after: Any, seat: Any = None) -> list[str]:
        """What the accepted ``action`` (``before`` → ``after``) changed that ``seat`` is to hear (None: the
        table's tablet): plain sentences in the rulebook's words, what concerns everyone and what concerns that
        seat, never what its ``view`` hides. A page hears them for actions made on other pages
        (``companion.news``); a game that says nothing of an action returns []."""
        return []

    def player_count(self, action: Action) -> int | None:
        """How many players a setup action seats (None: it does not say, or not a setup); the test over every
        game plays each count."""
        return None

    def may_act(self, state: Any, player: Any) -> bool:
        """Whether ``player`` may act now (asked for an action that names one)."""
        return True

    def seat_sentence(self, state: Any, player: Any) -> str:
        return f"{player} may not act now."

    def setup_sentence(self, state: Any) -> str:
        return "Set the game up first."

    def other_seat_sentence(self, state: Any, action: Any, seat: Any, player: Any) -> str:
        """A phone's action for another player than its seat's: what is said (the game may name more)."""
        return f"This phone acts for {seat} only; {player}'s actions are made on {player}'s phone or on the tablet."

    def over_sentence(self, state: Any) -> str:
        o = self.outcome(state)
        return f"The game is over{': ' + o.sentence.rstrip('.') if o and o.sentence else ''}; undo to play on."

    def normal(self, action: Action) -> Action:
        """The action as ``legal_actions`` writes it (a closed game's guard compares them): keys a screen may add
        that change nothing (the player who acts, a phone's seat) left out, pairs in order."""
        return {k: v for k, v in action.items() if k != "seat"} if "seat" in action else action

    # --- the framework ------------------------------------------------------------------------------
    def check(self, state: Any, action: Any, seat: Any = None) -> None:
        """The guards, once for every game: the action's type known, setup first, nothing after the end,
        the player who may act (and, from a phone, only its seat's). Raises :class:`IllegalAction` with a
        shared rule id; nothing is changed. (A closed game's offers are checked after its own rules:
        :meth:`check_offered`.)"""
        kind = action.get("type") if isinstance(action, dict) else None
        if kind not in self.action_types:
            known = ", ".join(sorted(self.action_types))
            raise self.error(f"There is no action {kind!r} in this game; its actions are {known}.", rule=UNKNOWN_ACTION)
        if not self.started(state) and kind not in self.setup_types:
            raise self.error(self.setup_sentence(state), rule=SETUP_FIRST)
        if kind not in self.after_end | self.setup_types and self.outcome(state) is not None:
            raise self.error(self.over_sentence(state), rule=GAME_OVER)
        if self.started(state) and kind not in self.setup_types:
            player = self.actor(state, action)
            if player is not None and not self.may_act(state, player):
                raise self.error(self.seat_sentence(state, player), rule=SEAT)
            if seat is not None and player is not None and player != seat:
                raise self.error(self.other_seat_sentence(state, action, seat, player), rule=SEAT)

    def check_offered(self, state: Any, action: Action, seat: Any = None) -> None:
        """For a closed game, the action the game's own rules accepted must be among ``legal_actions`` (run
        after them, so that a refusal they can explain — a stale step, a number out of range — is said in
        their words). Raises :class:`IllegalAction` (``unknown-action``); nothing is changed."""
        if not self.closed or (action.get("type") in self.after_end and self.outcome(state) is not None):
            return  # after the end, what ``after_end`` takes is the game's own rules' to judge (a new scoring)
        normal = self.normal(action)
        if not any(m.admits(normal) for m in self.entered(state, seat)) and not offered(self, state, normal, seat):
            raise self.error("That is not one of the actions the game offers now; choose one of those shown.",
                             rule=UNKNOWN_ACTION)

    def pick(self, moves: list[Move], rng: random.Random) -> Move:
        """The random player's choice among the moves (by their weights)."""
        return rng.choices(moves, [m.weight for m in moves])[0]

    def random_action(self, state: Any, rng: random.Random) -> Action | None:
        """One random action drawn from ``legal_actions`` (None when there is none: the log is at its end). A
        move of weight 0 is never drawn: it offers what the table enters as it is (``Given``)."""
        moves = [m for m in self.legal_actions(state) if m.weight > 0]
        return self.pick(moves, rng).sample(rng) if moves else None


def offered(contract: Contract, state: Any, action: Action, seat: Any = None) -> bool:
    """Whether ``action`` is among ``contract.legal_actions(state, seat)``."""
    return any(m.admits(action) for m in contract.legal_actions(state, seat))
