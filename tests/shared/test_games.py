"""The registry of games: the store, the data directory and the command line read it."""

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from counter_game import GAME as COUNTER
from counter_game import CountRules
from helpers import complete_layout

from companion import cli, datadir, games
from companion.errors import CompanionError, IllegalAction
from companion.gamelog import GameStore
from companion.rise_and_fall import GAME_LOG, WORLD_LOG
from companion.rise_and_fall.world.builder import BuildRules

V1 = Path(__file__).parents[1] / "data" / "v1" / "data"


@pytest.fixture
def counter():
    unregister = games.register(COUNTER)
    yield COUNTER
    unregister()


def test_rise_and_fall_is_registered_with_everything_the_dashboard_needs():
    rf = games.get("rise-and-fall")
    assert rf.title == "Rise & Fall" and rf.players == (2, 3, 4) and rf.player_count == "2–4 players"
    assert rf.picture_svg().startswith("<svg")
    assert set(rf.kinds) == {"world", "game", "scoring"} and rf.kind("world") == WORLD_LOG
    assert isinstance(rf.reducer(WORLD_LOG), BuildRules) and isinstance(rf.reducer("world"), BuildRules)
    rules = Path(__file__).parents[2] / "companion" / "rise_and_fall" / "data" / "rules.json"
    assert rf.rules_version() == hashlib.sha256(rules.read_bytes()).hexdigest()[:12]
    with pytest.raises(CompanionError, match="no game 'chess'"):
        games.get("chess")


def test_a_new_log_records_its_game_and_the_rules_data_it_is_played_under(tmp_path):
    store = GameStore(tmp_path)
    s = store.start(WORLD_LOG, "World", BuildRules(), {"type": "setup", "players": 2})
    meta = s.log.meta()
    assert meta["kind"] == "rise-and-fall/world" and meta["game"] == "rise-and-fall"
    assert meta["rules_version"] == games.get("rise-and-fall").rules_version()
    _, log = store.create("game", "a caller of version 1")  # a kind without the game id gets it
    assert log.meta()["kind"] == GAME_LOG


def test_version_1_kinds_are_listed_and_opened_as_rise_and_fall_s(tmp_path):
    shutil.copytree(V1, tmp_path / "data")
    store = GameStore(tmp_path / "data")
    kinds = sorted(i.kind for i in store.games())
    assert kinds == ["rise-and-fall/game", "rise-and-fall/scoring", "rise-and-fall/world"]
    assert {i.game for i in store.games()} == {"rise-and-fall"}
    rf = games.get("rise-and-fall")
    for short in ("world", "game", "scoring"):
        for asked in (short, rf.kind(short)):
            s = store.latest(asked, rf.reducer(short))
            assert s is not None and s.log.meta()["kind"] == short  # the file itself is not rewritten


def test_a_game_the_store_was_not_written_for(tmp_path, counter):
    store = GameStore(tmp_path)
    s = store.start(counter.kind("tally"), "Tally", CountRules(), {"type": "start", "players": ["Ann", "Bo"]})
    s.do({"type": "add", "by": 4})
    with pytest.raises(IllegalAction, match="whole number"):
        s.do({"type": "add", "by": 0})
    store.start(WORLD_LOG, "World", BuildRules(), {"type": "setup", "players": 2})
    [info] = store.games("counter/tally")
    assert (info.game, info.kind, info.actions) == ("counter", "counter/tally", 2)
    meta = store.open(info.id).meta()
    assert meta["game"] == "counter" and meta["rules_version"] == counter.rules_version() != ""
    again = store.latest("counter/tally", games.get("counter").reducer("tally"))
    assert again.state.value == 4 and again.state.players == ("Ann", "Bo")


def test_the_command_line_lists_the_games_and_runs_a_game_it_was_not_written_for(counter, capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert "rise-and-fall" in out and "Rise & Fall (2–4 players): check, render, new, score" in out
    assert "counter" in out and "Counter (1–2 players): add" in out
    assert cli.main(["counter", "add", "3", "4"]) == 0
    assert capsys.readouterr().out == "7 of 10\n"
    assert cli.main(["counter", "add", "9", "4", "1"]) == 2
    assert capsys.readouterr().err.strip() == "The count has reached its target."


def test_an_unknown_game_or_command_gets_a_sentence():
    for args in (["chess", "check", "x.json"], ["rise-and-fall", "play"]):
        p = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True)
        assert p.returncode == 2 and "invalid choice" in p.stderr and "Traceback" not in p.stderr


def test_the_game_s_name_before_its_command(tmp_path):
    out = tmp_path / "w.json"
    p = subprocess.run([sys.executable, "-m", "companion", "rise-and-fall", "new", "--players", "2", "--seed", "5",
                        "-o", str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    p = subprocess.run([sys.executable, "-m", "companion", "rise-and-fall", "check", str(out)], capture_output=True, text=True)
    assert p.returncode == 0 and "all 40 tiles are legal" in p.stdout
    p = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, text=True)
    assert p.returncode == 0 and "rise-and-fall" in p.stdout


# --- the data directory moves once ---------------------------------------------------------------
def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_old_data_directory_is_copied_once_and_left_untouched(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    old = tmp_path / "rise-and-fall-companion"
    shutil.copytree(V1, old)
    before = tree(old)
    new = datadir.default_data_dir()
    assert new == tmp_path / "table-companion"
    assert tree(new) == before and tree(old) == before  # copied whole; the old one as it was
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no half-copy left
    (old / "settings.json").write_text('{"dark": false}')  # an older version still writing there
    assert datadir.default_data_dir() == new and tree(new) == before  # moved once only
    assert len(GameStore().games()) == 3


def test_companion_data_still_wins_and_a_failed_copy_keeps_the_old_files_in_use(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "mine"))
    assert datadir.default_data_dir() == tmp_path / "mine"
    monkeypatch.delenv("COMPANION_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    shutil.copytree(V1, tmp_path / "rise-and-fall-companion")

    def full_disk(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(datadir.shutil, "copytree", full_disk)
    assert datadir.default_data_dir() == tmp_path / "rise-and-fall-companion"
    assert not (tmp_path / "table-companion").exists()
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())


@pytest.mark.skipif(os.name != "posix", reason="rename semantics of POSIX")
def test_two_starts_at_once_leave_one_copy(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(V1, old)
    assert datadir.migrate(old, new) and datadir.migrate(old, new)
    assert tree(new) == tree(old)


def test_which_logs_are_finished(tmp_path):
    """The shelf's Continue passes over a complete World, a game that is over and a final scoring."""
    shutil.copytree(V1, tmp_path / "data")
    store = GameStore(tmp_path / "data")
    rf = games.get("rise-and-fall")
    seen = {}
    for info in store.games():
        state = store.latest(info.kind, rf.reducer(info.kind)).state
        seen[info.kind.split("/")[1]] = rf.is_finished(info.kind, state)
    assert seen == {"world": False, "game": False, "scoring": True}
    s = store.start(WORLD_LOG, "World", BuildRules(), {"type": "load", "layout": complete_layout(2).to_dict()})
    assert rf.is_finished(WORLD_LOG, s.state)
