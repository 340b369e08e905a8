"""Each player's nations on their own phone, without a browser: the tablet's seat codes, a phone that shows
and records only its player's nations into the same log, the tablet following it, a refused nation, the
phone's Undo, a reseat, a reload."""

from __future__ import annotations

import html

import pytest

from companion import games
from companion.gamelog import GameStore
from companion.rome1989.screens import Rome1989Screens
from companion.rome1989.screens.seat import open_seat
from companion.rome1989.screens.seat_codes import table_seat_codes
from companion.seats import Seats

from .helpers import Table


def said(page) -> str:
    """The page's message as read (its markup escapes every name)."""
    return html.unescape(page.message.value)


def add(s, name, player, kind="other"):
    s.n_name.value, s.n_kind.value, s.n_player.value = name, kind, player
    s.add_btn.click()


@pytest.fixture
def table(tmp_path):
    store = GameStore(tmp_path)
    t = Rome1989Screens(Table(store))
    t.title.value = "Tuesday <b>Rome</b>"
    t.start_btn.click()
    add(t, "Goths", "Ann <i>")
    add(t, "Huns", "Ann <i>")
    add(t, "Franks", "Bo")
    return t


def drawn_codes(t) -> str:
    """The tablet's seat codes as drawn (each player's card, its QR code and address)."""
    return "".join(box.children[0].value for box in t.seat_codes.rows.children)


def tokens(t) -> dict[int, str]:
    return {i: s.token for i, s in Seats(t.session.log).all().items()}


def test_the_tablet_shows_a_code_per_player_and_the_registry_knows_the_seat(table):
    codes = drawn_codes(table)
    assert codes.count("<svg") == 2 and "Ann &lt;i&gt;" in codes and "<i>" not in codes
    assert all(f"seat={tok}" in codes for tok in tokens(table).values())
    assert "game=rise-and-fall-1989" in codes and "not opened yet" in codes
    g = games.find("rise-and-fall-1989")
    assert g.seat and g.seat_codes


def test_a_turn_recorded_on_the_phone_goes_into_the_log_and_the_tablet_follows(table):
    store = table.store
    ann = open_seat(store, tokens(table)[0])
    assert list(ann.pick.options) == ["Goths", "Huns"]  # only Ann's nations
    assert "Ann &lt;i&gt;</b>'s nations" in ann.head.value and "Tuesday &lt;b&gt;Rome" in ann.head.value
    assert Seats(table.session.log).all()[0].phone
    table.refresh()
    assert "on a phone" in drawn_codes(table)
    ann.pick.value = "Huns"
    ann.fields["areas_income"].value = 6
    ann.chips[-1].click()  # +5: two areas won
    assert "B1: income 11" in ann.preview.value
    ann.record_btn.click()
    last = table.session.log.entries()[-1].action
    assert last["type"] == "turn" and last["nation"] == "Huns" and last["seat"] == "Ann <i>"
    assert "<td>B1</td>" in ann.sheet.value and "Huns" in ann.sheet.value
    assert "Ann &lt;i&gt;: 11.0 victory points, 1st of 1." in ann.totals.value
    # the tablet holds nothing of its own: it follows the log
    assert table.poll()
    table.pick.value = "Huns"
    assert table.state.chart.nation("Huns").turns and "<td>B1</td>" in table.sheet.value
    # the tablet records a nation of Ann's too, and the phone follows it
    table.pick.value = "Goths"
    table.fields["areas_income"].value = 4
    table.record_btn.click()
    assert ann.poll()
    ann.pick.value = "Goths"
    assert "<td>B1</td>" in ann.sheet.value


def test_a_phone_cannot_record_another_players_nation(table):
    bo = open_seat(table.store, tokens(table)[1])
    assert list(bo.pick.options) == ["Franks"]
    before = table.session.log.head()
    assert not bo.act({"type": "turn", "nation": "Goths", "turn": {"status": "B", "areas_income": 5, "capitol_on_board": False}})
    assert "Bo's phone records Bo's nations only; Goths is Ann <i>'s" in said(bo)
    assert "Ann &lt;i&gt;" in bo.message.value
    assert not bo.act({"type": "nation", "name": "Vandals", "kind": "other", "player": "Bo"})
    assert "nations are added, and the game is ended, on the tablet" in said(bo)
    assert table.session.log.head() == before  # nothing written


def test_undo_on_a_phone_takes_back_only_its_own_last_action(table):
    ann, bo = (open_seat(table.store, tokens(table)[i]) for i in (0, 1))
    bo.fields["areas_income"].value = 7
    bo.record_btn.click()
    assert ann.poll()
    ann.undo_btn.click()  # the last action is Bo's
    assert "The last action is Franks' turn, Bo's" in said(ann)
    assert table.session.log.entries()[-1].action["nation"] == "Franks"
    bo.undo_btn.click()
    assert "Taken back: Franks' turn." in said(bo) and "No turn charted yet" in bo.sheet.value
    assert table.poll() and not table.state.chart.nation("Franks").turns
    bo.undo_btn.click()  # the last action now is the tablet's adding of Franks
    assert "adding Franks" in said(bo) and "undo it on the tablet" in said(bo)
    assert len(table.state.chart.nations) == 3


def test_a_phone_rolls_its_transition_and_a_reload_shows_the_same(table):
    bo = open_seat(table.store, tokens(table)[1])
    for areas in (5, 6, 7):  # B1–B3: on B4 a barbarian may roll for its kingdom (8.3)
        bo.fields["areas_income"].value = areas
        bo.record_btn.click()
    assert bo.roll_row.layout.visibility == "visible"
    bo.roll_btn.click()
    roll = table.session.log.entries()[-1].action
    assert roll["type"] == "roll" and roll["purpose"] == "transition" and roll["seat"] == "Bo"
    again = open_seat(table.store, tokens(table)[1])  # the phone reloads: a new page, drawn from the log
    assert again.sheet.value == bo.sheet.value and "B3" in again.sheet.value
    assert again.phase1.value.split("<div>")[1] == bo.phase1.value.split("<div>")[1]


def test_reseat_asks_first_and_an_old_code_shows_nothing_nor_does_a_made_up_one(table):
    old = tokens(table)[0]
    ann = open_seat(table.store, old)
    table.refresh()
    reseat = table.seat_codes.rows.children[0].children[1]
    assert reseat.description == "Reseat Ann <i>"
    reseat.click()
    assert "Reseat Ann <i>? Ann <i>'s phone, which holds it now, stops showing the seat at once" in html.unescape(
        table.seat_codes.confirm.children[0].value)
    table.seat_codes.confirm.children[1].children[1].click()  # No, keep the code
    assert tokens(table)[0] == old and ann.poll() is False
    reseat.click()
    table.seat_codes.confirm.children[1].children[0].click()  # Yes
    assert tokens(table)[0] != old and f"seat={tokens(table)[0]}" in drawn_codes(table) and f"seat={old}" not in drawn_codes(table)
    assert ann.poll() and ann.revoked and "not valid any more" in said(ann)
    assert not ann.pick.options and ann.form.layout.display == "none"
    assert not ann.act({"type": "turn", "nation": "Goths", "turn": {"status": "B", "areas_income": 5, "capitol_on_board": False}})
    assert not table.session.state.chart.nation("Goths").turns
    nobody = open_seat(table.store, "x" * 24)
    assert nobody.revoked and "not valid any more" in said(nobody)


def test_make_table_prints_the_seats_of_the_game_being_played(table, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA", str(table.store.root))
    codes = table_seat_codes("http://10.0.0.2:8866/")
    assert [p for p, _ in codes] == ["Ann <i>", "Bo"]
    assert codes[1][1] == f"http://10.0.0.2:8866/?game=rise-and-fall-1989&seat={tokens(table)[1]}"


def test_a_served_table_lets_a_phone_in_with_its_1989_code(table, monkeypatch):
    from companion.ui.serve import seat_lines
    from companion.ui.voila_launch import _seat_exists

    monkeypatch.setenv("COMPANION_DATA", str(table.store.root))
    bo = tokens(table)[1]
    assert _seat_exists(bo) and not _seat_exists("y" * 24)
    assert ("Bo", f"http://h/?game=rise-and-fall-1989&seat={bo}") in seat_lines("http://h/")


def test_a_phone_answers_none_of_the_tablets_own_taps(table):
    """The phone's page holds the Chart screen's widgets it does not show; a tap sent to one of them (by a
    page that is not the companion's) changes nothing."""
    ann = open_seat(table.store, tokens(table)[0])
    games_before = [g.id for g in table.store.games()]
    head = table.session.log.head()
    ann.start_btn.click()
    ann.n_name.value, ann.n_player.value = "Vandals", "Ann <i>"
    ann.add_btn.click()
    ann.end_btn.click()
    ann.redo_btn.click()
    ann.open_file(b'{"format": "rise-and-fall-1989/chart", "version": 1, "nations": []}')
    assert [g.id for g in table.store.games()] == games_before and table.session.log.head() == head


def test_the_tablet_sees_a_phone_open_its_seat_without_an_action(table):
    assert "not opened yet" in drawn_codes(table) and not table.poll()
    open_seat(table.store, tokens(table)[1])
    assert table.poll() and "Bo</b> · on a phone" in drawn_codes(table)
    assert not table.poll()


def test_a_phone_whose_game_the_table_left_and_opened_again_records_again(table):
    """New game on the tablet: the phone of the game left refuses to write, saying the table left it; the tablet
    opens that game again from its list: the phone is that seat's again (before, it said its address was no longer
    valid, though nobody had been reseated)."""
    from companion.rome1989.screens.seat import BACK
    from companion.ui.follow import LEFT

    left = table.session.log.path.stem
    ann = open_seat(table.store, tokens(table)[0])
    table.title.value = "A second evening"
    table.start_btn.click()
    table.new_question.widget.children[1].children[0].click()  # Yes, start a new game
    assert table.session.log.path.stem != left
    assert ann.poll() and html.unescape(LEFT) in html.unescape(ann.message.value)
    assert not ann.act({"type": "roll", "nation": "Goths", "purpose": "transition", "dice": [3], "by": "table"})
    table.open_game(left)
    assert ann.poll() and ann.player == "Ann <i>" and BACK in ann.back.value  # at the top of the phone
    assert ann.widget.children.index(ann.back) == ann.widget.children.index(ann.head) + 1
    assert not ann.message.value  # the refusal of while the table was away is gone
    assert list(ann.pick.options) == ["Goths", "Huns"] and ann.form.layout.display != "none"
    ann.pick.value = "Huns"
    ann.fields["areas_income"].value = 6
    ann.record_btn.click()
    assert table.store.open(left).entries()[-1].action["seat"] == "Ann <i>"
    assert not ann.back.value  # a turn recorded: the news is old


def test_a_turn_of_another_status_moves_nothing_on_the_phone(table):
    """From a barbarian's B turn to a kingdom's K turn the form gained five fields and Record went 177 px down the
    phone, a 'Pay to roll' box where it was: a field the status has no use for keeps its room, unseen."""
    bo = open_seat(table.store, tokens(table)[1])

    def looks() -> tuple[dict, set]:
        shown = {k: w.layout.display or "" for k, w in bo.fields.items()}
        unseen = {k for k, w in bo.fields.items() if w.layout.visibility == "hidden"}
        assert unseen == {k for k, w in bo.fields.items() if w.disabled}
        return shown, unseen

    statuses = set()
    b_turn = None
    for areas in (5, 6, 7, 8):  # B1–B4, on B4 the roll for its kingdom (8.3)
        b_turn = b_turn or looks()
        statuses.add(bo.status.value)
        if areas == 8:
            bo.table_die.value = 1
            bo.tap_die_btn.click()
        bo.fields["areas_income"].value = areas
        bo.record_btn.click()
    k_turn = looks()
    statuses.add(bo.status.value)
    assert statuses == {"B", "K"}, statuses
    assert b_turn[0] == k_turn[0] and "none" not in k_turn[0].values()  # every field where it was
    assert b_turn[1] != k_turn[1]  # other fields unseen
