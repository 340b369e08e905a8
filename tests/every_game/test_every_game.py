"""One test over every registered game, as a game's contract: random legal play to the end through its
log, replay equal, undo then redo equal, its rules free of widgets, its command line answering ``--help``.

A new game is tested here by being registered (``companion/games.py``); its random legal player is
the registry's ``random_play``.
"""

from __future__ import annotations

import contextlib
import io
import random
from importlib import resources
from pathlib import Path

import pytest

from companion import games
from companion.cli import _names, build_parser
from companion.gamelog import GameStore, Session

GAMES = games.games()
MAX_STEPS = 6000


def _kinds(game: games.Game) -> list[str]:
    """The game's log kinds its random player plays (a scoring entered from a World has none)."""
    return [k for k in game.kinds if game.random_action(k, game.reducer(k).initial(), random.Random(0)) is not None]


PLAYED = [(g, k) for g in GAMES for k in _kinds(g)]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_has_a_random_player_for_some_log(game: games.Game) -> None:
    assert game.random_play, f"{game.title} names no random_play in its meta.py"
    assert _kinds(game), f"{game.title}'s random player plays none of its logs {sorted(game.kinds)}"


@pytest.mark.parametrize(("game", "kind"), PLAYED, ids=lambda v: v.id if isinstance(v, games.Game) else str(v))
@pytest.mark.parametrize("seed", [0, 1])
def test_random_legal_play_reaches_the_end_replays_and_undoes(tmp_path: Path, game: games.Game, kind: str, seed: int) -> None:
    rng = random.Random(f"{game.id}:{kind}:{seed}")
    store = GameStore(tmp_path)
    gid, log = store.create(game.kind(kind), f"random {seed}")
    s = Session(log, game.reducer(kind))
    steps = 0
    while (action := game.random_action(kind, s.state, rng)) is not None:
        s.do(action)
        steps += 1
        assert steps < MAX_STEPS, f"{game.title}: no end after {MAX_STEPS} random actions"
        if steps % 11 == 0:
            before = s.state
            s.undo()
            s.redo()
            assert s.state == before, "undo then redo is the identity"
    assert steps > 0
    assert game.is_finished(kind, s.state), f"{game.title}'s random play stopped before the {kind} was finished"
    assert Session(store.open(gid), game.reducer(kind)).state == s.state, "replaying the log gives the same state"


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
