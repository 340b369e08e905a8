"""Rise & Fall's tablet and phones as the table met them on another evening, without a browser: a phone never
writes into a game the table has left (until the table resumes it), a phone's Undo never reopens a finished
game (the tablet asks first), and New game with no World says so before asking anything."""

import html

from companion.seats import Seats
from companion.ui.app import App
from companion.ui.ending import OVER_ON_A_PHONE
from companion.ui.follow import LEFT

from .test_new_game_midgame import button_of
from .test_one_scoring import one_action_from_the_end
from .test_seat_page import open_table, tap


def test_a_phone_on_the_game_the_table_left_writes_nothing_until_the_table_resumes_it(tmp_path, monkeypatch):
    tablet, phone = open_table(tmp_path, monkeypatch)
    old = tablet.hub.id
    order = tablet.hub.game.order()
    ana = phone(order[0])  # Ana's phone, on the game being played
    tablet.go_to("Setup")
    tablet.setup.start_btn.click()
    button_of(tablet, "rf-leave-yes").click()
    assert tablet.hub.id != old
    seat = ana.rooms["seat"]
    before = GameStoreHead(tablet, old)
    tap(ana, "rf-choose-city")  # her card, on the game left
    assert GameStoreHead(tablet, old) == before  # nothing written into it
    assert LEFT.split(":")[0] in seat.message.value
    tablet.setup.leave.take_back()  # the new game taken back: the game left is the table's again
    assert tablet.hub.id == old
    ana.poll()
    tap(ana, "rf-choose-city")
    assert GameStoreHead(tablet, old) == before + 1  # her phone plays again


def GameStoreHead(tablet, gid: str) -> int:  # noqa: N802  (reads as the figure it is)
    from companion.gamelog import GameStore

    log = GameStore(tablet.store.root).open(gid)
    try:
        return log.head()
    finally:
        log.close()


def test_a_phones_undo_after_the_end_is_refused(tmp_path, monkeypatch):
    """The last purchase, made on the phone of the player whose action ended the game: their Undo my last took it
    back and reopened the game without a word to the table; now the tablet's Undo asks, and the phone says so."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    tablet, last = one_action_from_the_end(tmp_path)
    who = last.get("player", 0)
    token = Seats(tablet.hub.session.log).ensure(len(tablet.hub.game.civs))[who].token
    monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={token}")
    phone = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    monkeypatch.delenv("QUERY_STRING")
    seat = phone.rooms["seat"]
    assert seat.send({k: v for k, v in last.items() if k != "seat"})  # the game's last action, from that phone
    s = tablet.hub.session
    s.refresh()
    assert s.state.phase == "over"
    head = s.log.head()
    tap(phone, "rf-seat-undo")
    s.refresh()
    assert s.log.head() == head and s.state.phase == "over"  # nothing taken back
    assert html.unescape(seat.message.value).count(OVER_ON_A_PHONE) == 1


def test_new_game_with_no_world_says_so_before_any_question(tmp_path, monkeypatch):
    tablet, _ = open_table(tmp_path, monkeypatch)
    tablet.world.world_widget_clear = None
    tablet.setup.world_layout = lambda: {"tiles": []}  # the World screen's World emptied
    tablet.go_to("Setup")
    tablet.setup.start_btn.click()
    assert tablet.setup.leave.widget.children == ()  # no question: nothing would follow it
    assert "Build the World first" in tablet.setup.message.value
