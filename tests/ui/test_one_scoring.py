"""One scoring per game, without a browser: reaching the end opens the game's scoring where it
was left (also after Undo then Redo, and after a reload); starting it again is an explicit
choice and the earlier one can be reopened; the screen opens calm; the path that made the
score final is kept in the log."""

import atexit
import random
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from companion.rise_and_fall import SCORING_LOG
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.ui.app import App

from .test_game_screens import place_all_first_pieces
from .test_pages import answer

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from rise_and_fall.test_tracker import legal  # noqa: E402

R = TrackerRules()


def page(root: Path) -> App:
    return App(data_dir=root / "d", layouts_dir=root / "l", game="rise-and-fall")


#: the evening ``one_action_from_the_end`` plays, played once in each test process: its folder and its last action
_PLAYED: list[tuple[Path, dict]] = []


def one_action_from_the_end(root: Path):
    """A page whose tracked game waits for its last action; that action. The evening (seeded: the same every time)
    is played once in each test process and its files copied into ``root``: the page opens them as a reload
    would, at the game's turn, and the test plays the last action on it."""
    if not _PLAYED:
        folder = Path(tempfile.mkdtemp(prefix="one-from-the-end-"))
        atexit.register(shutil.rmtree, folder, True)
        played, last = _play_to_one_from_the_end(folder)
        played.hub.session.log.close()  # every action in the game's file before it is copied
        _PLAYED.append((folder, last))
    folder, last = _PLAYED[0]
    shutil.copytree(folder, root, dirs_exist_ok=True)
    app = page(root)
    assert app.hub.game.phase != "over" and R.apply(app.hub.game, last).phase == "over", "the copied game is not one action from its end"
    return app, last


def _play_to_one_from_the_end(root: Path):
    """A page whose tracked game waits for its last action, played at random; that action."""
    app = page(root)
    app.world.n_players.value = 3
    app.world.seed.value = 4
    app.world.random_btn.click()
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    rnd = random.Random(11)
    g = app.hub.game
    for _ in range(6000):
        opts = legal(g)
        acts = [o for o in opts if o["type"] == "act"]
        a = rnd.choice(acts if acts and rnd.random() < 0.9 else opts)
        nxt = R.apply(g, a)
        if nxt.phase == "over":
            return app, a
        app.hub.session.do(a)  # the evening so far, quickly
        g = nxt
    pytest.fail("the random game did not end")


@pytest.fixture
def at_the_end(tmp_path):
    """A page whose tracked game has just ended by its last action, taken on this page."""
    app, last = one_action_from_the_end(tmp_path)
    app.go_to("Game")
    app.hub.do(last)  # the last action, tapped here: the end of the game
    return app


def scorings(app: App) -> list:
    return [g for g in app.store.games(SCORING_LOG) if g.problem is None]


def a_piece(app: App, player: int):
    """A legal piece of ``player`` on a land Space of the World, as the Scores screen enters it."""
    e = app.scores.entry
    name = e.players[player].name
    for space, terrain in sorted(e.terrain().items()):
        if terrain in ("plains", "forest") and not any(p.space == space for p in e.pieces):
            return {"type": "piece", "q": space[0], "r": space[1], "player": name, "piece": "city"}
    raise AssertionError("no free land")


def test_the_game_has_one_scoring_across_undo_redo_reload_and_the_button(at_the_end, tmp_path):
    app = at_the_end
    assert app.nav.value == "Scores"
    first = app.scores.session.log.path.stem
    assert app.scores.entry.game == app.hub.id
    # calm: nothing entered yet, so no warning and no winner
    assert "rf-msg-error" not in app.scores.counts.value
    assert "Winner" not in app.scores.pad.value and "Shared victory" not in app.scores.pad.value
    assert app.scores.send(a_piece(app, 0))
    ana = app.scores.entry.players[0].name
    others = [p.name for p in app.scores.entry.players[1:]]
    assert f"{ana}: still to enter" in app.scores.counts.value and "rf-msg-error" not in app.scores.counts.value
    assert not any(f"{n}: 0" in app.scores.counts.value for n in others)  # only the player entered
    assert "Winner" not in app.scores.pad.value and "Shared victory" not in app.scores.pad.value  # not complete yet
    assert "once every player&#x27;s pieces are entered: none yet for" in app.scores.pad.value
    # Undo (asked first: the game is finished), then Redo: the end again, the same scoring
    app.go_to("Game")
    app.game.undo_btn.click()
    answer(app, "rf-reopen-yes").click()
    assert app.hub.game.phase != "over"
    app.game.redo_btn.click()
    assert app.hub.game.phase == "over" and app.nav.value == "Scores"
    assert app.scores.session.log.path.stem == first and len(app.scores.entry.pieces) == 1
    assert "where it was left" in app.scores.message.value
    app.scores.from_game_btn.click()
    assert app.scores.session.log.path.stem == first and len(scorings(app)) == 1
    # a reload: the page opens on the same scoring
    again = page(tmp_path)
    again.go_to("Scores")
    assert again.scores.session.log.path.stem == first and len(again.scores.entry.pieces) == 1
    again.go_to("Game")
    again.score_the_game()
    assert again.scores.session.log.path.stem == first and len(scorings(again)) == 1


def test_starting_the_scoring_again_is_a_choice_and_the_earlier_one_reopens(at_the_end):
    app = at_the_end
    first = app.scores.session.log.path.stem
    app.scores.send(a_piece(app, 1))
    app.scores.restart_btn.click()
    assert len(scorings(app)) == 2 and app.scores.session.log.path.stem != first
    assert not app.scores.entry.pieces and "Reopen it to undo this" in app.scores.message.value
    rows = list(app.scores.earlier.children[1:])
    assert len(rows) == 1 and "1 piece and 0 majorities" in rows[0].children[0].value
    rows[0].children[1].click()  # Reopen
    assert app.scores.session.log.path.stem == first and len(app.scores.entry.pieces) == 1
    app.go_to("Game")
    app.score_the_game()  # the scoring used last is the game's scoring
    assert app.scores.session.log.path.stem == first


def test_the_path_that_made_the_score_final_is_kept(at_the_end, tmp_path):
    app = at_the_end
    app.scores.mode.value = "fast"
    app.scores.send({"type": "rest-empty"})
    app.scores.finish_btn.click()
    assert app.scores.entry.finished and app.scores.entry.path == "fast"
    assert "fast path" in app.scores.title.value
    again = page(tmp_path)
    again.go_to("Scores")
    assert again.scores.mode.value == "fast" and "final, by the fast path" in again.scores.title.value
    assert again.scores.mode.disabled  # the path of a final scoring is the one that made it final, on every device
    again.scores.mode.value = "full"  # a tap that reaches it anyway changes nothing
    assert again.scores.mode.value == "fast"
    assert [p.total for p in again.scores.current_score().players] == [p.total for p in app.scores.current_score().players]


def test_the_tracked_game_is_not_scored_before_its_end(tmp_path):
    """Mid-game, the button says the game is not over and starts no scoring: the game's one scoring
    must hold its end, not the pieces of some turn in the middle."""
    app = page(tmp_path)
    app.world.n_players.value = 3
    app.world.seed.value = 4
    app.world.random_btn.click()
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    names = [c.name for c in app.hub.game.civs]
    app.go_to("Scores")
    app.scores.from_game_btn.click()
    assert not scorings(app) and app.scores.session is None
    text = app.scores.message.value
    assert "is not over yet (turn 1)" in text and names[0] in text and "score a World instead" in text


def test_a_players_first_piece_says_what_is_left_to_enter(at_the_end):
    """Not four red differences at the first piece: one line of what is left to enter for the
    player being entered; once another player is chosen, what is missing is said in red."""
    sc = at_the_end.scores
    e = sc.entry
    ana = e.players[0].name
    assert sc.who.value == ana
    assert sc.send(a_piece(at_the_end, 0))
    tracked = dict(sc.entry.tracked[0])
    shown = sc.counts.value
    assert shown.count("rf-left-to-enter") == 1 and "rf-msg-error" not in shown, shown
    cities = tracked["city"] - 1
    if cities:
        assert f"{cities} {'City' if cities == 1 else 'Cities'}" in shown
    assert "still to enter" in shown and "as the tracker counted." in shown
    sc.who.value = e.players[1].name  # on to the next player: Ana's missing pieces are a mistake now
    assert "rf-left-to-enter" not in sc.counts.value
    assert f"{ana}: 1 city piece entered, the tracker counted {tracked['city']}." in sc.counts.value or tracked["city"] == 1
