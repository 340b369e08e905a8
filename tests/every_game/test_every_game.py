"""One test over every registered game, as OpenSpiel's ``games_sim_test`` plays every registered game: for every
game, every kind of log and every player count, random play drawn from the contract's ``legal_actions``
(``companion.rules``) through a real log on disk to the end; at the end ``legal_actions`` is empty and
``outcome`` is not None; actions outside ``legal_actions`` (unknown, for a player who may not act, mutated) are
refused with the shared rule ids and change nothing; the replay is equal; undo then redo is the identity;
History holds the game exactly when its log ends in a kept outcome (not after an undo of the end, again after
redo). Also: the rules import no widgets, every command answers ``--help``.

A new game is tested here by being registered (``companion/games.py``) with its contracts.
"""

from __future__ import annotations

import contextlib
import copy
import io
import random
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from companion import games
from companion.cli import _names, build_parser
from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.history import FinishedGames
from companion.rules import GAME_OVER, RULE_IDS, SEAT, SETUP_FIRST, UNKNOWN_ACTION, Contract, Move

GAMES = games.games()
MAX_STEPS = 3000


def _contract(game: games.Game, kind: str) -> Contract:
    c = game.contract(kind)
    assert c is not None, f"{game.title} names no contract for its {kind} log (meta.py: contracts=...)"
    return c


def _counts(game: games.Game, kind: str) -> list[int | None]:
    """The player counts the log's setup moves name (None: a setup that names none, as 1989's)."""
    c = _contract(game, kind)
    counts = {c.player_count(m.action) for m in c.legal_actions(game.reducer(kind).initial()) if m.weight > 0}
    return sorted(counts, key=lambda n: -1 if n is None else n)


PLAYED = [(g, k, n) for g in GAMES for k in g.kinds for n in _counts(g, k)]


def _id(v: Any) -> str:
    return v.id if isinstance(v, games.Game) else str(v)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_log_kind_has_a_contract_and_every_player_count_is_played(game: games.Game) -> None:
    for kind in game.kinds:
        c = _contract(game, kind)
        assert c.legal_actions(game.reducer(kind).initial()), f"{game.title}: nothing may be done in a new {kind} log"
    counts = {n for k in game.kinds for n in _counts(game, k)}
    assert set(game.players) <= counts or counts == {None}, f"{game.title}'s setups name {counts}, not {game.players}"


def _refused(s: Session, action: Any, rules: tuple[str, ...] = (), seat: Any = None) -> IllegalAction:
    """``action`` is refused (with one of ``rules`` if given) and nothing is written or changed."""
    head, state = s.head, s.state
    with pytest.raises(IllegalAction) as e:
        if seat is not None:
            s.contract.check(s.state, action, seat=seat)
        s.do(action)
    assert s.head == head and s.state == state, "a refused action changes nothing"
    if rules:
        assert e.value.rule in rules, f"refused with {e.value.rule!r}, not {rules}"
    return e.value


def _mutated(c: Contract, state: Any, move: Move) -> Any:
    """A legal action changed so that it is no longer legal: a player who is not one, a nation that is not one,
    a field beyond its range, or (a closed game) a Space far off the board. None when no such change is sure."""
    a = copy.deepcopy(move.sample(random.Random(0)))
    if "player" in a and a.get("type") not in c.setup_types:
        a["player"] = 99 if isinstance(a["player"], int) else "Nobody at this table"
        return a
    if "nation" in a:
        a["nation"] = "A nation nobody plays"
        return a
    if c.closed:
        for key in ("at", "to", "target", "over"):
            if key in a:
                a[key] = [99, -99]
                return a
    return None


def _try_outside(s: Session, c: Contract, rng: random.Random) -> None:
    """Actions outside ``legal_actions`` are refused with the shared rule ids."""
    _refused(s, {"type": "no-such-action"}, (UNKNOWN_ACTION,))
    moves = [m for m in c.legal_actions(s.state) if m.weight > 0]  # the drawn ones: whole actions
    if not moves:
        return
    move = rng.choice(moves)
    bad = _mutated(c, s.state, move)
    if bad is not None and c.started(s.state):
        _refused(s, bad)
    if move.seat is not None and c.started(s.state):
        others = [m.seat for m in moves if m.seat is not None and m.seat != move.seat]
        if others:  # an action of one player sent by another player's phone: the log's guard refuses it
            with pytest.raises(IllegalAction) as e:
                c.check(s.state, move.sample(rng), seat=others[0])
            assert e.value.rule == SEAT
            _refused(s, {**move.sample(rng), "seat": others[0]}, (SEAT,))


@pytest.mark.parametrize(("game", "kind", "players"), PLAYED, ids=_id)
def test_random_play_from_legal_actions_to_the_end(tmp_path: Path, game: games.Game, kind: str, players: int | None) -> None:
    rng = random.Random(f"{game.id}:{kind}:{players}")
    store = GameStore(tmp_path)
    gid, log = store.create(game.kind(kind), f"random {players}")
    s = Session(log, game.reducer(kind))
    c = s.contract
    assert c is _contract(game, kind)
    history = FinishedGames(tmp_path)
    first = [m for m in c.legal_actions(s.state) if c.player_count(m.action) == players and m.weight > 0]
    if not c.started(s.state):  # the guard: nothing before the setup
        other = sorted(c.action_types - c.setup_types)
        if other:
            _refused(s, {"type": other[0]}, (SETUP_FIRST,))
    s.do(c.pick(first, rng).sample(rng))
    steps = 1
    while moves := c.legal_actions(s.state):
        if steps % 13 == 0:
            _try_outside(s, c, rng)
        drawn = [m for m in moves if m.weight > 0]  # weight 0: what the table enters as it is (``Given``)
        assert drawn, f"{game.title}: legal actions, but none the random player may draw"
        s.do(c.pick(drawn, rng).sample(rng))
        steps += 1
        assert steps < MAX_STEPS, f"{game.title}: no end after {MAX_STEPS} random actions"
        if steps % 11 == 0:
            before = s.state
            s.undo()
            s.redo()
            assert s.state == before, "undo then redo is the identity"
    outcome = c.outcome(s.state)
    assert outcome is not None, f"{game.title}'s {kind} log has no more legal action and no outcome"
    assert c.legal_actions(s.state) == [] and c.random_action(s.state, rng) is None
    assert game.is_finished(kind, s.state)
    assert set(outcome.winners) <= set(outcome.pad) | set(outcome.scores)
    ended = [t for t in sorted(c.action_types - c.after_end - c.setup_types) if t]
    if ended:
        _refused(s, {"type": ended[0]}, (GAME_OVER,))
    assert Session(store.open(gid), game.reducer(kind)).state == s.state, "replaying the log gives the same state"

    def listed() -> bool:
        return gid in [f.id for f in history.finished()]

    assert listed() == outcome.kept, "History holds the game exactly when its log ends in a kept outcome"
    s.undo()
    assert c.outcome(s.state) is None and not listed(), "undoing the end takes the game out of History"
    s.redo()
    assert c.outcome(s.state) == outcome and listed() == outcome.kept, "redo puts it back"
    if outcome.kept:
        [entry] = [f for f in history.finished() if f.id == gid]
        assert entry.problem is None and sorted(entry.winners) == sorted(outcome.winners)
        assert entry.extra["shown"] == outcome.scores


def test_the_shared_rule_ids_are_four() -> None:
    assert RULE_IDS == ("setup-first", "game-over", "unknown-action", "seat")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_rules_import_no_widgets(game: games.Game) -> None:
    """A game's rules are pure Python: widgets only in its ``screens/`` folder."""
    package = game.screens.split(":")[0].rsplit(".screens", 1)[0]
    root = resources.files(package)
    offenders = []
    for path in Path(str(root)).rglob("*.py"):
        if "screens" in path.relative_to(Path(str(root))).parts:
            continue
        text = path.read_text(encoding="utf-8")
        if any(f"import {w}" in text or f"from {w}" in text for w in ("ipywidgets", "ipycanvas", "voila")):
            offenders.append(path.name)
    assert not offenders, f"{game.title}'s rules import widgets: {offenders}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_command_answers_help(game: games.Game) -> None:
    for command in _names(game):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
            build_parser().parse_args([game.id, command, "--help"])
        assert done.value.code == 0 and command in out.getvalue()
