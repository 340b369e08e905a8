"""A real full disk and a real read-only disk: a small tmpfs (root only; skipped with the reason otherwise)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.gamelog import DISK_FULL, GameStore, NotSaved, ReadOnlyGame, Session
from companion.rise_and_fall.world.builder import BuildRules
from shared.test_disk_errors import SETUP, placements

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB tmpfs at tmp_path/disk, unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"this machine does not allow mounting a tmpfs: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> None:
    """Fill the disk to the last byte."""
    for chunk in (65536, 4096, 1):
        fd = os.open(disk / f"filler-{uuid.uuid4().hex}", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"\0" * chunk)
        except OSError:
            pass
        finally:
            os.close(fd)


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_on_a_full_disk_nothing_is_lost_and_the_table_is_told(small_disk):
    data = small_disk / "data"
    store = GameStore(data)
    s = store.start("world", "W", BuildRules(), SETUP)
    moves = placements(8)
    for a in moves[:4]:
        s.do(a)
    other = store.start("world", "Other", BuildRules(), SETUP)
    fill(small_disk)
    before = (s.state, s.head)
    said = []
    for a in moves[4:]:  # many taps in a row: each one told, none half-done
        try:
            s.do(a)
        except NotSaved as e:
            said.append(str(e))
        except IllegalAction:
            pass  # the tile before it was not saved, so the rules refuse this one before the disk is asked
    assert said and set(said) == {DISK_FULL}
    assert (s.state, s.head) == before or s.head > before[1]  # a tap that fitted is kept whole
    kept = Session(GameStore(data).open(s.log.path.stem), BuildRules())
    assert kept.state == s.state and kept.head == s.head and not kept.read_only
    games_before = files(data / "games")
    with pytest.raises(NotSaved) as e:
        store.start("world", "New", BuildRules(), SETUP)
    assert str(e.value) == DISK_FULL
    assert files(data / "games") == games_before, "no empty file is left"
    # a restart while the disk is full: every game is listed and readable, the dashboard starts
    again = GameStore(data)
    assert all(g.problem is None for g in again.games()) and len(again.games()) == 2
    assert Session(again.open(other.log.path.stem), BuildRules()).head == 1
    from companion.ui.app import App

    app = App(data_dir=data, layouts_dir=small_disk / "layouts", game="rise-and-fall")
    assert app.world.session.log.path == other.log.path and app.world.session.head == 1  # the latest
    assert not app.world.act(placements(1)[0]) and "The disk is full" in app.world.message.value


def test_a_restart_after_an_unclean_stop_on_a_full_disk(small_disk):
    """A writer killed inside a commit leaves a hot journal; on a full disk the next start reads it."""
    data = small_disk / "data"
    store = GameStore(data)
    s = store.start("world", "W", BuildRules(), SETUP)
    for a in placements(3):
        s.do(a)
    path = s.log.path
    s.log.close()
    script = textwrap.dedent(
        f"""
        import os, sqlite3
        db = sqlite3.connect({str(path)!r}, isolation_level=None)
        db.execute("PRAGMA cache_size=1")
        db.execute("BEGIN IMMEDIATE")
        for i in range(200):
            db.execute("INSERT INTO meta VALUES (?, ?)", ("junk%d" % i, "x" * 500))
        os._exit(9)  # stopped mid-transaction: the journal is hot
        """
    )
    subprocess.run([sys.executable, "-c", script], check=False)
    assert Path(str(path) + "-journal").exists()
    fill(small_disk)
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from companion.gamelog import GameStore, Session
        from companion.rise_and_fall.world.builder import BuildRules
        store = GameStore({str(data)!r})
        print([g.problem for g in store.games()], Session(store.open({path.stem!r}), BuildRules()).head)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, f"the start died ({done.returncode}): {done.stderr[-400:]}"
    assert done.stdout.strip() == "[None] 4"


def test_a_read_only_disk_opens_every_game_read_only(small_disk):
    data = small_disk / "data"
    store = GameStore(data)
    s = store.start("world", "W", BuildRules(), SETUP)
    for a in placements(3):
        s.do(a)
    s.log.close()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    ro = GameStore(data)
    assert not ro.writable and "cannot be written" in ro.problem
    assert [g.problem for g in ro.games()] == [None]
    session = ro.latest("world", BuildRules())
    assert session.head == 4 and session.read_only and session.problem is None
    with pytest.raises(ReadOnlyGame) as e:
        session.do(placements(4)[3])
    assert "cannot be written" in str(e.value)
    with pytest.raises(NotSaved):
        ro.start("world", "W", BuildRules(), SETUP)
    from companion.ui.app import App

    app = App(data_dir=data, layouts_dir=small_disk / "layouts", game="rise-and-fall")
    assert "cannot be written" in app.alert.value
    assert app.world.session.head == 4
    assert not app.world.act(placements(4)[3]) and "cannot be written" in app.world.message.value
    app.go("Scores")
    app.go("History")
    app.go("Game")
