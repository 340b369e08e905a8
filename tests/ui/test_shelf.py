"""The shelf and the page's places, without a browser: a game the page was not written for,
Continue, addresses, History across games, Dark and A+ for every game."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from counter_game import GAME as COUNTER

from companion import games
from companion.ui.app import App

V1 = Path(__file__).parents[1] / "data" / "v1" / "data"


@pytest.fixture
def counter():
    unregister = games.register(COUNTER)
    yield COUNTER
    unregister()


def app_on(tmp_path, v1: bool = False) -> App:
    if v1:
        shutil.copytree(V1, tmp_path / "d")
    return App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")


def tiles(app: App) -> list[str]:
    return [t.children[1].value for t in app.shelf.tiles.children]


def play(app: App, game_id: str) -> None:
    """Tap the game's tile on the shelf."""
    i = [g.id for g in games.games()].index(game_id)
    app.shelf.tiles.children[i].children[2].click()


def test_the_page_opens_on_the_shelf_with_one_tile_per_built_game(tmp_path, counter):
    app = app_on(tmp_path)
    assert app.body.children == (app.shelf.widget,) and app.room is None
    shown = tiles(app)
    assert len(shown) == len(games.games()) and games.games()[-1] is counter
    assert "Rise &amp; Fall" in shown[0] and "2–4 players" in shown[0]
    assert "Counter" in shown[-1] and "1–2 players" in shown[-1]
    assert all("<svg" in t.children[0].value for t in app.shelf.tiles.children)  # each game's picture
    assert app.nav.layout.display == "none" and app.home_btn.layout.display == "none"
    assert "Nothing unfinished" in app.shelf.continue_box.children[0].value
    assert app.query() == ""


def test_a_game_that_is_not_built_is_not_on_the_shelf(tmp_path):
    app = app_on(tmp_path)
    assert not any("Counter" in t for t in tiles(app))


def test_a_game_the_page_was_not_written_for_gets_its_bar_screens_and_address(tmp_path, counter):
    app = app_on(tmp_path)
    play(app, "counter")
    assert app.game_id == "counter" and list(app.nav.options) == ["Count", "Total", "History"]
    assert app.nav.layout.display != "none" and app.home_btn.layout.display != "none"
    assert app.query() == "game=counter&screen=count" and "game=counter&amp;screen=count" in app.address.value
    room = app.room
    room.add_btns[1].click()
    room.add_btns[1].click()
    app.go_to("Total")
    assert "Total: 6" in room.total.value and app.query() == "game=counter&screen=total"
    for _ in range(2):
        room.add_btns[1].click()  # 12: the count reaches its target and is kept in the history
    app.go_to("History")
    assert "1 finished game" in app._history.body.value and "Counter" in app._history.body.value
    app.home_btn.click()
    assert app.room is None and app.body.children == (app.shelf.widget,) and app.query() == ""


def test_continue_returns_to_the_last_unfinished_log_of_any_game(tmp_path, counter):
    app = app_on(tmp_path, v1=True)  # version 1's files: a World, a game in phase D, a final scoring
    last = app.shelf.last
    assert last is not None and last.game.id == "rise-and-fall" and last.info.kind == "rise-and-fall/game"
    addresses = []  # each address the page shows is a place in the browser's history
    app.address.observe(lambda c: addresses.append(c["new"]), "value")
    app.shelf.continue_box.children[0].click()
    assert app.place == "Game" and app.hub.game.phase == "D" and app.query() == "game=rise-and-fall&screen=game"
    assert len(addresses) == 1 and "screen=game" in addresses[0]  # straight there: Back returns to the shelf
    app.show_shelf()
    app.choose("counter")
    app.room.new()
    app.room.add(1)
    app.show_shelf()
    assert app.shelf.last.game.id == "counter"  # now the most recent unfinished log is the counter's
    app.shelf.continue_box.children[0].click()
    assert app.game_id == "counter" and app.place == "Count"


def test_an_address_opens_its_place_and_a_bad_one_opens_the_shelf(tmp_path, counter):
    app = app_on(tmp_path, v1=True)
    app.open_address("?game=rise-and-fall&screen=scores")
    assert app.game_id == "rise-and-fall" and app.place == "Scores" and app.nav.value == "Scores"
    assert app.scores.entry.finished  # the final scoring of version 1
    app.open_address("game=counter&screen=total")
    assert (app.game_id, app.place) == ("counter", "Total")
    app.open_address("game=rise-and-fall&screen=nowhere")
    assert (app.game_id, app.place) == ("rise-and-fall", "World")
    app.open_address("game=chess&screen=board")
    assert app.room is None and app.body.children == (app.shelf.widget,)
    app.open_address("screen=history")
    assert app.place == "history" and "Four Winds" in app._history.body.value


def test_dark_and_larger_text_hold_for_every_game(tmp_path, counter):
    app = app_on(tmp_path)
    app.choose("rise-and-fall")
    app.dark_btn.click()
    app.large_btn.click()
    app.choose("counter")
    assert {"rf-dark", "rf-large"} <= set(app.widget._dom_classes)
    again = app_on(tmp_path)  # a reload: the page's browser hands back the look this device chose
    again.look_box.value = '{"dark": true, "large": true}'
    assert {"rf-dark", "rf-large"} <= set(again.widget._dom_classes)
    other = app_on(tmp_path)  # another device (a phone) keeps its own look: nothing went to the server's settings
    assert not {"rf-dark", "rf-large"} & set(other.widget._dom_classes)


def test_the_shelf_holds_no_board_and_a_board_opened_later_is_in_the_theme(tmp_path):
    """The shelf needs no canvas: the board's module (ipycanvas, numpy, Pillow) is imported when a
    game opens, and its boards start in the theme chosen on the shelf (a fresh kernel)."""
    script = f"""
import sys
from companion.ui.app import App
app = App(data_dir={str(tmp_path / "d")!r}, layouts_dir={str(tmp_path / "l")!r})
heavy = [m for m in ("companion.ui.board", "ipycanvas", "numpy", "PIL") if m in sys.modules]
assert heavy == [], heavy
app.dark_btn.click()
app.choose("rise-and-fall")
from companion.ui.board import Board
assert Board.dark is True  # the World board, drawn dark
app.dark_btn.click()
assert Board.dark is False
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=Path(__file__).parents[2])
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_a_log_that_no_longer_replays_is_named_and_opens_read_only(tmp_path):
    """Rules data or code changed under a saved game: the shelf names the file and the first
    action that fails, and Continue shows the game up to there, read-only."""
    from companion.gamelog import GameStore

    app_on(tmp_path, v1=True)
    store = GameStore(tmp_path / "d")
    [info] = store.games("rise-and-fall/game")
    log = store.open(info.id)
    log.append({"type": "play", "player": 0, "card": "temple"}, log.head())  # no rule accepts it in phase D
    log.close()
    app = app_on(tmp_path)
    last = app.shelf.last
    assert last.info.id == info.id and f"The game file {info.id}.sqlite no longer replays at action 21 (play)" in last.problem
    assert "Read-only" in app.shelf.continue_box.children[1].value
    app.shelf.continue_box.children[0].click()
    assert app.place == "Game" and app.hub.session.read_only and app.hub.game.phase == "D"


def test_back_and_forward_open_the_place_of_the_address_and_answer_with_its_mark(tmp_path):
    app = app_on(tmp_path)
    play(app, "rise-and-fall")
    app.go_to("Setup")
    app.went_to.value = "?game=rise-and-fall&screen=world#1"  # Back from Setup
    assert (app.game_id, app.place) == ("rise-and-fall", "World")
    assert "data-address='game=rise-and-fall&amp;screen=world' data-answer='1'" in app.address.value
    app.went_to.value = "#2"  # Back again: the bare address, the shelf
    assert app.place == "shelf" and "data-answer='2'" in app.address.value
    app.went_to.value = "?game=no-such-game#3"  # an entry naming nothing: the shelf, and the page is told
    assert app.place == "shelf" and "data-address='' data-answer='3'" in app.address.value
    app.went_to.value = "?game=rise-and-fall&screen=setup#4"  # Forward
    assert app.place == "Setup" and app.alert.value == ""


def test_continue_does_not_offer_the_untouched_world_made_when_the_game_was_opened(tmp_path):
    app = app_on(tmp_path)
    app.choose("rise-and-fall")  # the World screen opens on a new, empty World
    assert app.store.games() and not app.world.build.seas_started
    app.show_shelf()
    assert app.shelf.last is None and "Nothing unfinished" in app.shelf.continue_box.children[0].value
    app.choose("rise-and-fall")
    sea = app.world.build.legal("sea")[0]
    assert app.world.act({"type": "place", "tile": "sea", "q": sea.q, "r": sea.r, "rotation": sea.rotation})
    app.show_shelf()  # a World with a tile on it is one to come back to
    assert app.shelf.last is not None and app.shelf.last.info.kind == "rise-and-fall/world"


def test_continue_does_not_offer_the_world_of_a_game_played_to_its_end(tmp_path):
    import time

    from companion.rise_and_fall import WORLD_LOG
    from companion.rise_and_fall.world.builder import BuildRules, world_setup_action

    from .test_one_scoring import one_action_from_the_end

    app, last = one_action_from_the_end(tmp_path)
    store = app.store
    half = store.start(WORLD_LOG, "Half a World", BuildRules(), world_setup_action(2))
    sea = half.state.legal("sea")[0]
    half.do({"type": "place", "tile": "sea", "q": sea.q, "r": sea.r, "rotation": sea.rotation})
    half.log.set_meta("updated", time.time() - 3600)  # begun before the game below was played out
    app.go_to("Game")
    app.hub.do(last)  # the game is over; its scoring is not final yet
    app.scores.mode.value = "fast"
    app.scores.send({"type": "rest-empty"})
    app.scores.finish_btn.click()  # final: nothing of that evening is in progress
    app.show_shelf()
    assert app.shelf.last is None, app.shelf.last.label
    half.log.set_meta("updated", time.time() + 60)  # a World begun after the game: in progress
    app.shelf.refresh()
    assert app.shelf.last is not None and app.shelf.last.info.title == "Half a World"


def test_continue_names_the_game_once():
    from companion.gamelog import GameInfo
    from companion.ui.shelf import Unfinished

    rise = games.find("rise")
    info = GameInfo("x", Path("x.sqlite"), "rise/game", "Rise!: Red and Blue, 01 Dec 08:04", 1_764_576_540.0, 3)
    label = Unfinished(rise, info).label
    assert label.startswith("Continue Rise!: Red and Blue, 01 Dec 08:04 (last played ") and label.count("Rise!") == 1


def test_continue_never_offers_a_game_with_nothing_played_in_it(tmp_path):
    """An empty Rise! game started last is not offered over a Mountain King game with play in it."""
    app = app_on(tmp_path)
    app.choose("mountain-king")
    app.room.names.value = "Blue, Yellow"
    app.room.new_btn.click()
    from .test_one_table import mk_play

    mk_play(app.room)
    played = app.room.session.log.path.stem
    from companion.rise.game import RiseRules

    app.store.start("rise/game", "Rise!: Red and Blue", RiseRules(), {"type": "setup", "computer": None})  # nothing played
    app.show_shelf()
    assert app.shelf.last is not None and app.shelf.last.info.id == played


def test_the_shelf_follows_other_pages(tmp_path):
    """The shelf's Continue names the game as another page has since left it."""
    app = app_on(tmp_path)
    app.show_shelf()
    assert app.shelf.last is None
    other = app_on(tmp_path)
    other.choose("mountain-king")
    other.room.names.value = "Blue, Yellow"
    other.room.new_btn.click()
    from .test_one_table import mk_play

    mk_play(other.room)
    assert app.poll() and app.shelf.last is not None and "Fall of the Mountain King" in app.shelf.last.label
