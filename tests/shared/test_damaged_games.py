"""One bad file never stops the table: every damaged game file is listed with its reason,
opens read-only as far as it replays, and never hides the other games."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3

import pytest

from companion.errors import CompanionError, IllegalAction
from companion.gamelog import GameLog, GameStore, ReadOnlyGame, Session
from companion.rise_and_fall.world.builder import BuildRules, world_setup_action
from tests.helpers import complete_layout

KIND = "world"
STRIDE = int(os.environ.get("TRUNCATION_STRIDE", "37"))  # 1 tries every byte (TRUNCATION_STRIDE=1 tries them all)


def real_game(store: GameStore) -> Session:
    """A whole 4-player World build as a table makes it (24 KB, its actions over three pages):
    setup, every placement, an undo and a redo every ten tiles."""
    lay = complete_layout(4, 5)
    s = store.start(KIND, "World", BuildRules(), world_setup_action(4, first=0))
    placed = 0
    for t in lay.tiles:
        if t.kind == "starting-sea":
            continue
        s.do({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation})
        placed += 1
        if placed % 10 == 0:
            s.undo()
            s.redo()
    return s


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    store = GameStore(tmp_path_factory.mktemp("real"))
    s = real_game(store)
    actions = [e.action for e in s.log.entries()]
    s.log.close()
    assert len(actions) > 70
    return s.log.path, actions


def replayed(actions: list[dict]):
    """The state after ``actions`` (with undo/redo), replayed from scratch in a memory store."""
    rules = BuildRules()
    from companion.gamelog import LogEntry, effective

    state = rules.initial()
    for e in effective(LogEntry(i + 1, a, 0.0) for i, a in enumerate(actions)):
        state = rules.apply(state, e.action)
    return state


def other_game(root) -> str:
    store = GameStore(root)
    s = store.start(KIND, "Other", BuildRules(), world_setup_action(2, first=1))
    os.utime(s.log.path, (1, 1))
    return s.log.path.stem


def check_damaged(root, name: str, original: list[dict] | None) -> GameStore:
    """The rules every damaged file obeys; returns the store for more checks."""
    store = GameStore(root)
    games = {g.id: g for g in store.games()}  # never raises
    assert name in games, "the damaged file is listed"
    info = games[name]
    others = [g for g in games.values() if g.id != name]
    assert others and all(g.problem is None for g in others), "the other games are listed, healthy"
    try:
        session = Session(store.open(name), BuildRules())
    except CompanionError as e:
        assert info.problem, "a file that cannot be opened is listed with its reason"
        assert name in str(e) or "damaged" in str(e)
        return store
    got = [e.action for e in session._entries]
    if original is not None:
        assert original[: len(got)] == got, "what is read is what was written, in order"
        if info.problem is None and not session.read_only:
            assert got == original, "a file listed healthy holds the whole game"
    if session.read_only:
        assert session.problem and name in session.problem
        with pytest.raises(ReadOnlyGame) as refused:
            session.do({"type": "name", "name": "x"})
        assert name in str(refused.value)
    assert session.state == replayed([e.action for e in session._entries]) or session.read_only
    # the dashboard's way in: the latest World never raises
    store.latest(KIND, BuildRules())
    return store


def test_every_truncation_point_of_a_real_game_is_named(tmp_path, game_file):
    src, original = game_file
    data = src.read_bytes()
    other_game(tmp_path)
    tried = named = 0
    for cut in list(range(0, len(data), STRIDE)) + [4096 * k + d for k in range(1, len(data) // 4096 + 1) for d in (-1, 0, 1)]:
        if cut >= len(data):
            continue
        target = tmp_path / "games" / "cut.sqlite"
        target.write_bytes(data[:cut])
        store = check_damaged(tmp_path, "cut", original)
        info = next(g for g in store.games() if g.id == "cut")
        tried += 1
        if info.problem:
            named += 1
            assert "cut.sqlite" in info.problem
        else:
            assert info.actions == len(original)
        target.unlink()
    assert tried > 50 and named > 0


@pytest.mark.parametrize(
    "what,content",
    [
        ("random bytes", os.urandom(5000)),
        ("zero bytes", b""),
        ("a page of zeros", bytes(4096)),
        ("text", b"not a database" * 300),
    ],
)
def test_a_file_that_is_no_database_is_named(tmp_path, what, content):
    other_game(tmp_path)
    (tmp_path / "games" / "bad.sqlite").write_bytes(content)
    store = check_damaged(tmp_path, "bad", None)
    assert next(g for g in store.games() if g.id == "bad").problem


def test_a_directory_named_like_a_game_is_named(tmp_path):
    other_game(tmp_path)
    (tmp_path / "games" / "folder.sqlite").mkdir()
    store = check_damaged(tmp_path, "folder", None)
    assert "folder" in next(g for g in store.games() if g.id == "folder").problem


def test_a_foreign_sqlite_schema_is_named(tmp_path):
    other_game(tmp_path)
    db = sqlite3.connect(tmp_path / "games" / "foreign.sqlite")
    db.execute("CREATE TABLE photos (id INTEGER, data BLOB)")
    db.commit()
    db.close()
    store = check_damaged(tmp_path, "foreign", None)
    assert "not a game" in next(g for g in store.games() if g.id == "foreign").problem


def _edit(path, sql, *args):
    db = sqlite3.connect(path)
    db.execute(sql, args)
    db.commit()
    db.close()


def copy_game(game_file, root, name):
    src, original = game_file
    (root / "games").mkdir(parents=True, exist_ok=True)
    dst = root / "games" / f"{name}.sqlite"
    shutil.copy(src, dst)
    return dst, original


def test_meta_that_is_not_json_is_named(tmp_path, game_file):
    other_game(tmp_path)
    dst, _ = copy_game(game_file, tmp_path, "badmeta")
    _edit(dst, "UPDATE meta SET value = '{not json' WHERE key = 'kind'")
    store = check_damaged(tmp_path, "badmeta", None)
    assert "kind" in next(g for g in store.games() if g.id == "badmeta").problem


@pytest.mark.parametrize("text", ["[1, 2, 3]", '"place"', "null", '{"no": "type"}', "{broken"])
def test_an_action_that_is_not_an_object_stops_the_replay_there(tmp_path, game_file, text):
    other_game(tmp_path)
    dst, original = copy_game(game_file, tmp_path, "notobj")
    _edit(dst, "UPDATE actions SET action = ?, crc = NULL WHERE seq = 12", text)
    store = check_damaged(tmp_path, "notobj", original)
    info = next(g for g in store.games() if g.id == "notobj")
    assert "action 12" in info.problem and info.actions == 11
    s = Session(store.open("notobj"), BuildRules())
    assert s.read_only and len(s._entries) == 11 and "action 12" in s.problem
    assert s.state == replayed(original[:11])  # the table sees the actions up to the damage


def test_a_bit_rotted_action_is_never_skipped_silently(tmp_path, game_file):
    """One flipped bit in an action's text that still reads as JSON: the checksum names it."""
    other_game(tmp_path)
    dst, original = copy_game(game_file, tmp_path, "rot")
    text = sqlite3.connect(dst).execute("SELECT action FROM actions WHERE seq = 20").fetchone()[0]
    digit = next(i for i, ch in enumerate(text) if ch.isdigit())
    rotted = text[:digit] + chr(ord(text[digit]) ^ 1) + text[digit + 1 :]
    assert json.loads(rotted) != json.loads(text)
    with open(dst, "r+b") as f:  # flip the bit in the file itself, as a disk would
        raw = f.read()
        at = raw.index(text.encode())
        f.seek(at + digit)
        f.write(bytes([raw[at + digit] ^ 1]))
    store = check_damaged(tmp_path, "rot", original)
    s = Session(store.open("rot"), BuildRules())
    assert s.read_only and "action 20" in s.problem and "checksum" in s.problem
    assert len(s._entries) == 19


def test_an_action_the_rules_refuse_on_replay_makes_the_game_read_only(tmp_path, game_file):
    """The same mechanism serves a log that no longer replays after a change of the rules."""
    other_game(tmp_path)
    dst, original = copy_game(game_file, tmp_path, "refused")

    class Stricter(BuildRules):
        def apply(self, state, action):
            if action.get("type") == "place" and action.get("tile") == "plains":
                raise IllegalAction("Plains tiles are not in this edition.", rule="edition")
            return super().apply(state, action)

    s = Session(GameStore(tmp_path).open("refused"), Stricter())
    first_plains = next(i for i, a in enumerate(original) if a.get("tile") == "plains") + 1
    assert s.read_only and f"action {first_plains}" in s.problem and "refused.sqlite" in s.problem
    assert "Plains tiles are not in this edition" in s.problem
    assert s.state == replayed(original[: first_plains - 1])
    for change in (lambda: s.do({"type": "name", "name": "x"}), s.undo, s.redo, lambda: s.undo_to(0)):
        with pytest.raises(ReadOnlyGame):
            change()
    assert GameLog(dst).head() == len(original), "nothing was written"


def test_an_error_of_the_rules_code_on_odd_data_is_named_not_raised(tmp_path, game_file):
    other_game(tmp_path)
    dst, original = copy_game(game_file, tmp_path, "odd")
    odd = json.dumps({"type": "place", "tile": "sea", "q": [1], "r": {"x": 2}, "rotation": None})
    _edit(dst, "UPDATE actions SET action = ?, crc = NULL WHERE seq = 3", odd)
    s = Session(GameStore(tmp_path).open("odd"), BuildRules())
    assert s.read_only and "action 3" in s.problem and len(s.applied) == 2


def test_latest_shows_a_damaged_recent_game_read_only_and_lists_the_others(tmp_path, game_file):
    older = other_game(tmp_path)
    dst, original = copy_game(game_file, tmp_path, "recent")
    _edit(dst, "UPDATE actions SET action = '{broken', crc = NULL WHERE seq = 10")
    _edit(dst, "UPDATE meta SET value = ? WHERE key = 'updated'", json.dumps(4e9))
    store = GameStore(tmp_path)
    s = store.latest(KIND, BuildRules())
    assert s.log.path.stem == "recent" and s.read_only and len(s.applied) >= 1
    assert older in {g.id for g in store.games()}


def test_a_game_that_replays_nothing_does_not_shadow_a_readable_one(tmp_path):
    older = other_game(tmp_path)
    path = tmp_path / "games" / "empty.sqlite"
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                     "CREATE TABLE actions (seq INTEGER PRIMARY KEY, action TEXT NOT NULL, at REAL NOT NULL);")
    db.execute("INSERT INTO meta VALUES ('kind', '\"world\"'), ('created', '4000000000')")
    db.commit()
    db.close()
    store = GameStore(tmp_path)
    assert store.latest(KIND, BuildRules()).log.path.stem == older
    assert next(g for g in store.games() if g.id == "empty").problem


def test_the_page_says_a_game_is_read_only_on_its_screen(tmp_path, game_file):
    """The tracked game's file is damaged: the Game screen says so and refuses every tap."""
    from companion.rise_and_fall.play.tracker import TrackerRules
    from companion.ui.app import App
    from tests.helpers import complete_layout

    app = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")
    app.world.new_world({"type": "load", "layout": complete_layout(3, 5).to_dict()})
    app.go("Setup")
    app.setup.start()
    path = app.hub.session.log.path
    _edit(path, "UPDATE actions SET action = '{broken', crc = NULL WHERE seq = 1")
    app2 = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")
    app2.go("Game")
    assert app2.hub.session is None or app2.hub.session.read_only
    app2.hub.session = Session(GameStore(tmp_path / "data").open(path.stem), TrackerRules())
    app2.go("Game")
    assert path.name in app2.alert.value and "read-only" in app2.alert.value
    app2.game.send({"type": "pass", "player": 0})
    assert "read-only" in app2.game.message.value


DAMAGES = {
    "cut in its last page": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) - 1000]),
    "cut in half": lambda p: p.write_bytes(p.read_bytes()[: len(p.read_bytes()) // 2]),
    "random bytes": lambda p: p.write_bytes(os.urandom(8192)),
    "zero bytes": lambda p: p.write_bytes(b""),
    "a directory": lambda p: (p.unlink(), p.mkdir()),
    "meta not JSON": lambda p: _edit(p, "UPDATE meta SET value = '{x' WHERE key = 'kind'"),
    "an action not an object": lambda p: _edit(p, "UPDATE actions SET action = '[1]', crc = NULL WHERE seq = 7"),
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_the_dashboard_starts_whatever_the_most_recent_world_suffered(tmp_path, game_file, damage):
    older = other_game(tmp_path / "data")
    dst, _ = copy_game(game_file, tmp_path / "data", "recent")
    _edit(dst, "UPDATE meta SET value = ? WHERE key = 'updated'", json.dumps(4e9))
    DAMAGES[damage](dst)
    from companion.ui.app import App

    app = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall")
    for screen in ("World", "Setup", "Game", "Scores", "History"):
        app.go(screen)
    assert app.world.session.log.path.stem in ("recent", older)
    assert older in {g.id for g in app.store.games()} and "recent" in {g.id for g in app.store.games()}
