"""The Rise! screen without a kernel: buttons clicked, the board controller tapped directly."""

import asyncio
import random

import pytest

from companion.gamelog import GameStore, Session
from companion.rise.game import RiseRules
from companion.rise.screens import KIND, RiseScreen
from companion.rise.view import centre


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path)


def tap(screen: RiseScreen, h):
    """A finger on the canvas at the centre of tile ``h`` (buffer pixels, as ipycanvas sends them)."""
    bx, by = screen.board.to_buffer(*centre(h))
    screen.board._touch_start([{"x": bx, "y": by}])
    screen.board._touch_end([])


def test_a_short_game_by_taps_to_a_win_survives_a_reload(store):
    s = RiseScreen(store)
    assert "Turn 1" in s.status.value and "action 1 of 1" in s.status.value
    tap(s, (2, 0))  # red places a Worker
    assert s.session is not None and s.position.player == "blue"
    assert "action 1 of 2" in s.status.value
    assert "Red: 2 Workers on the board" in s.supplies.value and "Blue: 1 Worker on the board" in s.supplies.value
    assert "48 land tiles left" in s.supplies.value
    s.mode_buttons["tile"].click()
    tap(s, (8, 0))
    tap(s, (9, 0))
    s.mode_buttons["play"].click()
    tap(s, (3, 0))  # red: a third Worker
    s.mode_buttons["eliminate"].click()
    tap(s, (1, 0))
    tap(s, (2, 0))
    tap(s, (6, 0))  # blue's only Worker
    p = s.position
    assert p.winner == "red" and "Red wins" in s.status.value
    # the end keeps the lines of play (the prompt's; below the buttons, each colour's supply and the tiles): the buttons
    # stay put
    assert s.status.value.count("rise-prompt") == 1 and s.supplies.value.count("rise-supply") == 2 and "land tiles left" in s.supplies.value
    tap(s, (4, 0))
    assert "The game is over" in s.message.value
    again = RiseScreen(store)  # a reload: the latest game, from the log
    assert again.position == p
    again.undo_btn.click()
    assert again.position == p and "Reopen the finished game?" in again.undo_bar.confirm.children[0].value
    again.undo_bar.confirm.children[1].children[0].click()  # Yes, reopen the game
    assert "Reopened Rise!" in again.message.value and "Undone: Red:" in again.message.value
    assert again.position.winner is None and again.position.player == "red"


def test_refusals_show_the_rule_sentence_and_change_nothing(store):
    s = RiseScreen(store)
    tap(s, (5, 0))
    assert "must be placed adjacent to one of Red&#x27;s Workers" in s.message.value
    assert s.session is None and store.games(KIND) == []
    tap(s, (1, 0))  # choose red's Worker
    assert s.taps.selected == [(1, 0)]
    tap(s, (3, 0))
    assert "moves one space" in s.message.value and s.session is None


def test_undo_redo_and_undo_to(store):
    s = RiseScreen(store)
    tap(s, (2, 0))
    tap(s, (5, 0))  # blue places beside its Worker on (6, 0)
    tap(s, (7, 0))
    assert s.position.player == "red" and len(s.played()) == 3
    s.undo_btn.click()
    assert s.position.player == "blue" and s.position.actions_left == 1
    s.redo_btn.click()
    assert s.position.player == "red"
    # the steps numbered as played, with no gap where one was undone and played again; the step the game is at shown
    assert [label.split(".")[0] for label, _ in s.history.options] == ["3", "2", "1", "0"]
    assert s.history.value == s.played()[-1].seq
    s.history.value = s.played()[0].seq
    s.undo_to_btn.click()
    assert len(s.played()) == 1 and s.position.player == "blue"


def test_lit_targets_and_threats_are_drawn(store):
    s = RiseScreen(store)
    s.refresh()
    assert "Threats" in s.threat_list.value and "Towers" in s.towers.value
    tap(s, (1, 0))
    assert s.taps.selected == [(1, 0)]
    rl = s.board.render_list()
    assert rl.fills is not None and len(rl.texts) == 0


def test_play_against_the_computer_answers_and_undo_goes_back_to_the_players_turn(store):
    s = RiseScreen(store, rng=random.Random(1))
    s.opponent.value = "computer"
    s.computer_colour.value = "blue"
    s.level.value = "easy"
    s.new_btn.click()
    tap(s, (2, 0))  # red's one action; the computer (blue) answers at once without a kernel
    assert s.position.player == "red" and len(s.played()) == 3
    assert s.session.applied[0].action == {"type": "setup", "computer": {"colour": "blue", "level": "easy"}}
    s.undo_btn.click()  # the computer's two actions and red's own: back to red's turn
    assert s.position.player == "red" and s.position.turn == 1 and len(s.played()) == 0
    s.redo_btn.click()  # red's action again, and the computer's answer with it
    assert s.position.player == "red" and len(s.played()) == 3
    reopened = RiseScreen(store)
    assert reopened.computer == {"colour": "blue", "level": "easy"}


def test_the_computer_as_red_moves_first_in_the_kernel_loop(store):
    async def scenario():
        s = RiseScreen(store, rng=random.Random(2))
        s.opponent.value = "computer"
        s.computer_colour.value = "red"
        s.level.value = "easy"
        s.new_btn.click()
        assert s.thinking and s.progress.layout.visibility == "visible"
        tap(s, (5, 0))
        assert "computer&#x27;s turn" in s.message.value
        await s.task
        return s

    s = asyncio.run(scenario())
    assert not s.thinking and s.position.player == "blue" and len(s.played()) == 1


def test_a_new_game_while_the_computer_thinks_drops_its_plan(store):
    async def scenario():
        s = RiseScreen(store, rng=random.Random(3))
        s.new_game("computer", "red", "easy")
        s.new_game("person")
        await s.task
        return s

    s = asyncio.run(scenario())
    assert s.played() == [] and s.position.turn == 1 and s.computer is None
    assert len(store.games(KIND)) == 1  # the game left before its first action is not kept


def test_export_gives_png_svg_and_the_game_record(store):
    import base64
    import json
    import re

    from companion.rise.record import check, parse

    s = RiseScreen(store)
    tap(s, (2, 0))
    tap(s, (5, 0))
    s.export_btn.click()
    assert "data:image/png;base64," in s.downloads.value and "data:image/svg+xml;base64," in s.downloads.value
    blob = re.search(r"data:application/json;base64,([A-Za-z0-9+/=]+)", s.downloads.value).group(1)
    record = parse(json.loads(base64.b64decode(blob)), "export")
    assert check(record).position == s.position and record.actions[0] == {"type": "place", "at": [2, 0], "player": "red"}


def test_saved_games_are_listed_and_open(store):
    s = RiseScreen(store)
    tap(s, (2, 0))
    first = s.session.log.path.stem
    s.new_btn.click()
    s.new_question.widget.children[1].children[0].click()  # Yes, start a new game: the first one is in progress
    tap(s, (0, 0))
    assert len(s.games.titles()) == 2 and "in progress" in s.games.titles()[1]
    s.games.open_buttons()[1].click()  # the first game, below the newer one
    assert s.position.of("red") == {(1, 0), (2, 0)}
    assert Session(store.open(first), RiseRules()).state == s.position


def test_a_second_page_follows_the_first(store):
    a = RiseScreen(store)
    tap(a, (2, 0))
    b = RiseScreen(store)
    assert b.position == a.position and not b.poll()
    tap(a, (5, 0))
    assert b.poll() and b.position == a.position
    tap(b, (7, 0))  # blue's second action, on the second page
    assert a.poll() and a.position.player == "red"
    b.reopen()
    a.resume(KIND, a.session.log.path.stem)
    assert a.position == b.position


def test_a_second_page_follows_the_new_game_started_on_the_first(tmp_path):
    from companion.ui.follow import NEW_ELSEWHERE

    one, two = RiseScreen(GameStore(tmp_path)), RiseScreen(GameStore(tmp_path))
    tap(one, (2, 0))
    assert two.poll() and two.session.log.path == one.session.log.path
    one.new_game("computer", "blue", "easy")
    assert two.poll() and two.session.log.path == one.session.log.path and two.computer == one.computer
    assert NEW_ELSEWHERE in two.message.value


def page_tap(screen: RiseScreen, h, seen: str) -> None:
    """A finger on tile ``h`` of the board as the page drew it: the page sends the question it shows first."""
    screen.board.seen.value = seen
    tap(screen, h)


def test_a_quick_second_tap_on_a_tile_just_placed_is_refused_not_taken_for_the_next_action(store):
    """Blue's two actions: a tap placed a tile; a second tap on the same drawing (the page had not yet shown the
    tile) would have stacked a second tile there as Blue's next action. It carries the point of the game it was
    drawn at, and is refused with the stale-tap sentence; a tap on the new drawing is Blue's second action."""
    s = RiseScreen(store)
    tap(s, (2, 0))  # Red's first Worker: Blue to play, two actions
    s.mode_buttons["tile"].click()
    drawn = s.board._question()
    assert f'"question": "{drawn}"' in s.board.meta.value  # the question drawn into the page with the board
    page_tap(s, (8, 0), drawn)
    assert len(s.played()) == 2 and "action 2 of 2" in s.status.value
    page_tap(s, (8, 0), drawn)  # the same drawing, 50 ms later
    assert len(s.played()) == 2, "the second tap was taken for Blue's second action"
    assert "made on the screen as it was before the game changed" in s.message.value and "rf-msg-error" in s.message.value
    page_tap(s, (9, 0), s.board._question())  # the page shows the new question: the tap answers it
    assert len(s.played()) == 3


def test_the_next_turn_begins_in_the_usual_mode_on_every_page(store):
    """Blue places two land tiles; Red's turn then begins with "Place, move or jump a Worker" lit, on
    this page and on a second page that followed (the mode used to carry over to Red)."""
    s = RiseScreen(store)
    tap(s, (2, 0))  # Red's one action
    other = RiseScreen(store)
    assert other.position == s.position
    other.mode_buttons["tile"].click()
    s.mode_buttons["tile"].click()
    tap(s, (8, 0))
    assert s.mode_buttons["tile"].button_style == "info"  # Blue's second action: still a tile
    tap(s, (9, 0))
    assert s.position.player == "red"
    assert s.mode_buttons["play"].button_style == "info" and s.mode_buttons["tile"].button_style == ""
    other.poll()
    assert other.position.player == "red" and other.mode_buttons["play"].button_style == "info"


def test_the_list_of_games_says_the_game_as_it_is_now(store):
    """The list of games under the board says the game shown as it is now: in progress from its first action,
    finished at the win, in progress again once the end is undone (it said 'not started' after seven actions)."""
    s = RiseScreen(store)
    tap(s, (2, 0))  # the first action: the game's log is started
    assert "in progress" in s.games.titles()[0] and "shown now" in s.games.titles()[0]
    s.mode_buttons["tile"].click()
    tap(s, (8, 0))
    tap(s, (9, 0))
    s.mode_buttons["play"].click()
    tap(s, (3, 0))
    s.mode_buttons["eliminate"].click()
    tap(s, (1, 0))
    tap(s, (2, 0))
    tap(s, (6, 0))
    assert s.position.winner == "red"
    assert "finished" in s.games.titles()[0]
    s.undo_btn.click()
    s.undo_bar.confirm.children[1].children[0].click()  # Yes, reopen the game
    assert s.position.winner is None and "in progress" in s.games.titles()[0]
