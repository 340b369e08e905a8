"""History draws every finished game in the colours its players chose at Setup, also a game kept
before the history kept colours: they are read back from the game's own logs (its scoring's start,
else the tracked game's setup). Where no log says, the game is drawn in its seats' colours and says
so: never a colour made from a player's name."""

import shutil
from pathlib import Path

from companion.gamelog import GameStore
from companion.history import FinishedGames
from companion.rise_and_fall import GAME_LOG, SCORING_LOG
from companion.rise_and_fall.history import History, recovered_colours
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.world.worldgen import generate
from companion.ui.history_screen import HistoryScreen

V1 = Path(__file__).parents[1] / "data" / "v1" / "data"
BLUE, YELLOW, GREEN, RED = "#2a5db0", "#f2c12e", "#2e9e4f", "#d33b2c"
LOST = "were not kept for this game"


def old_finished_game(root: Path, *, colours_in_start: bool, tracked: bool) -> str:
    """A finished 2-player game as an older companion kept it: a tracked game (Ben chose yellow,
    Ana blue), its scoring made final, and a history row without colours. Returns the row's id."""
    store = GameStore(root)
    layout = generate(2, 5, name="Old Harbour")
    game_id = None
    if tracked:
        s = store.start(GAME_LOG, "Game", TrackerRules(), {
            "type": "setup", "players": [{"name": "Ben", "colour": "yellow"}, {"name": "Ana", "colour": "blue"}],
            "first": 0, "world": layout.to_dict()})
        game_id = s.log.path.stem
        s.log.close()
    pos = random_end_position(layout, 4, players=2)
    start = {"type": "start", "source": "tracked game" if tracked else "World", "world": layout.to_dict(),
             "players": [{"name": n, "gold": 3, "trophies": [], "decline": []} for n in ("Ben", "Ana")],
             **({"colours": ["yellow", "blue"]} if colours_in_start else {}), **({"game": game_id} if game_id else {})}
    sc = store.start(SCORING_LOG, "Scores", EntryRules(), start)
    names = {p.name: n for p, n in zip(pos.players, ("Ben", "Ana"))}
    for pc in pos.pieces:
        sc.do({"type": "piece", "q": pc.space[0], "r": pc.space[1], "player": names[pc.player], "piece": pc.type})
    sc.do({"type": "finish", "path": "full"})
    h = History(root)
    score = sc.state.full_score()
    h.keep("rise-and-fall", sc.log.path.stem, "Old Harbour", {p.name: p.to_dict() for p in score.players}, list(score.winners))  # no colours
    sc.log.close()
    h.close()
    return sc.log.path.stem


def shown(root: Path) -> str:
    return HistoryScreen(FinishedGames(root), "rise-and-fall").body.value


def test_an_old_game_takes_its_colours_from_its_scoring(tmp_path):
    log_id = old_finished_game(tmp_path, colours_in_start=True, tracked=False)
    assert recovered_colours(tmp_path, log_id) == {"Ben": YELLOW, "Ana": BLUE}
    body = shown(tmp_path)
    assert f"background:{YELLOW}'></span>Ben" in body and f"background:{BLUE}'></span>Ana" in body
    assert LOST not in body
    assert YELLOW in body[body.index("Score over games"):]  # Ben's point in the chart


def test_an_old_game_without_colours_in_its_scoring_takes_them_from_the_tracked_game(tmp_path):
    log_id = old_finished_game(tmp_path, colours_in_start=False, tracked=True)
    assert recovered_colours(tmp_path, log_id) == {"Ben": YELLOW, "Ana": BLUE}
    body = shown(tmp_path)
    assert f"background:{YELLOW}'></span>Ben" in body and LOST not in body


def test_an_old_game_whose_logs_are_gone_is_drawn_by_seat_and_says_so(tmp_path):
    log_id = old_finished_game(tmp_path, colours_in_start=False, tracked=False)
    assert recovered_colours(tmp_path, log_id) is None
    body = shown(tmp_path)
    assert LOST in body
    assert f"background:{RED}'></span>Ben" in body and f"background:{YELLOW}'></span>Ana" in body  # seats 1 and 2
    (tmp_path / "games" / f"{log_id}.sqlite").unlink()  # the scoring itself deleted: the same, no error
    assert LOST in shown(tmp_path)


def test_a_later_game_with_colours_wins_over_the_seat_colours_of_an_old_one(tmp_path):
    old_finished_game(tmp_path, colours_in_start=False, tracked=False)
    h = History(tmp_path)
    h.keep("rise-and-fall", "new", "Harbour", {"Ben": {"economy": 1, "total": 1}, "Ana": {"economy": 2, "total": 2}}, ["Ana"],
           {"colours": {"Ben": GREEN, "Ana": BLUE}})
    body = shown(tmp_path)
    wins = body[body.index("Wins per player"):]
    assert f"background:{BLUE}'></span>Ana" in wins  # the chart and the wins use each player's latest own choice
    assert f"background:{GREEN}'></span>Ben" not in body[:body.index("Wins per player")].split("Old Harbour")[1]  # the old row keeps its seats


def test_the_version_1_finished_game_is_drawn_in_its_recorded_colours(tmp_path):
    shutil.copytree(V1, tmp_path / "d")
    [old] = FinishedGames(tmp_path / "d").finished()
    # read from its log now (the scoring's start names the colours); the row kept without them gave way to it
    assert old.extra.get("colours", {}) in ({}, {"Red": RED, "Yellow": YELLOW, "Green": GREEN, "Blue": BLUE})
    assert recovered_colours(tmp_path / "d", old.id) == {"Red": RED, "Yellow": YELLOW, "Green": GREEN, "Blue": BLUE}
    assert LOST not in shown(tmp_path / "d")


def test_a_damaged_or_hostile_log_id_is_no_colour_and_no_error(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "bad.sqlite").write_bytes(b"not a game")
    assert recovered_colours(tmp_path, "bad") is None
    assert recovered_colours(tmp_path, "../../etc/passwd") is None
