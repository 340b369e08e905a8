"""Undo my last on a player's phone: their own last action, while nothing else has happened since (rule ``seat-undo``),
through the log's own Undo."""

import pytest
from ui.test_seat_page import buttons, log_state, open_table, tap

from companion.errors import IllegalAction
from companion.gamelog import LogEntry
from companion.rise_and_fall.play.seat_undo import check_undo
from rise_and_fall.test_tracker import started


@pytest.fixture
def table(tmp_path, monkeypatch):
    return open_table(tmp_path, monkeypatch)


def entry(seq: int, **action) -> LogEntry:
    return LogEntry(seq, action, 0.0)


def test_a_player_takes_back_their_own_last_action_only_while_nothing_else_happened():
    g = started()
    mine = [entry(1, type="play", player=0, card="city")]
    assert check_undo(mine, 1, 0, g) == "Eric plays a card face down"
    with pytest.raises(IllegalAction) as e:
        check_undo(mine + [entry(2, type="play", player=1, card="ship")], 2, 0, g)
    assert e.value.rule == "seat-undo" and str(e.value).startswith("Another action followed yours (Cathy plays a card face down)")
    with pytest.raises(IllegalAction) as e:  # undone and redone on the tablet since: something else happened
        check_undo(mine, 3, 0, g)
    assert e.value.rule == "seat-undo" and "undo it on the tablet" in str(e.value)
    with pytest.raises(IllegalAction) as e:
        check_undo(mine, 1, 1, g)
    assert str(e.value) == "You have no action to take back: the last one is Eric plays a card face down. Undo it on the tablet."
    with pytest.raises(IllegalAction):
        check_undo([], 0, 0, g)


def test_the_phone_undoes_its_own_last_action_and_is_refused_once_another_followed(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    for i in (a, b, c):
        tablet.game.play(i, "city")
    pa, pb = phone(a), phone(b)
    assert log_state(tablet).acting == a
    tap(pa, "rf-end-turn")  # a mistaken tap ends the actions
    assert log_state(tablet).acting == b
    tap(pa, "rf-seat-undo")
    assert log_state(tablet).acting == a  # taken back through the log: every device sees it
    seat = pa.rooms["seat"]
    assert "Taken back:" in seat.message.value and "ends their actions" in seat.message.value
    tap(pa, "rf-end-turn")
    pb.poll()
    tap(pb, "rf-end-turn")  # another action follows
    assert log_state(tablet).acting == c
    pa.poll()
    tap(pa, "rf-seat-undo")
    assert log_state(tablet).acting == c  # nothing taken back
    assert "Another action followed yours" in seat.message.value
    assert buttons(pa, "rf-seat-undo")[0].disabled is False


def test_the_phones_offers_stay_in_place_a_used_one_disabled(table):
    from ui.test_trade_tithe_screens import as_if_replayed

    from rise_and_fall.test_tracker import acting

    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pa = phone(a)
    g = acting(tablet.hub.game, a, "temple", pieces={"temple": 2}, gold=4)
    as_if_replayed(pa, g)
    before = [x.description for x in buttons(pa, "rf-act")]
    name_b = g.civs[b].name
    used = f"Convert a Nomad of {name_b} (2 GP)"
    assert used in before
    next(x for x in buttons(pa, "rf-act") if x.description == used).click()
    after = buttons(pa, "rf-act")
    assert [x.description for x in after][:len(before)] == before  # nothing moved under the finger
    assert after[before.index(used)].disabled  # used: disabled in place
