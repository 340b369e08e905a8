"""A phone reloaded mid-turn comes back on the nation it showed, with what was typed (issue 34, at the table):
the draft is kept beside the game's file, per seat, never in its log; recording the turn clears it, and a draft
the game has moved past (the nation recorded its turn elsewhere, the log undone past it) is not given back."""

from __future__ import annotations

import pytest

from companion.gamelog import GameStore
from companion.rome1989 import drafts
from companion.rome1989.screens import Rome1989Screens
from companion.rome1989.screens.seat import open_seat

from .test_seat_page import Table, add, tokens


@pytest.fixture
def table(tmp_path):
    """The tablet: Ann plays the Goths and the Huns, Bo the Franks."""
    t = Rome1989Screens(Table(GameStore(tmp_path)))
    t.title.value = "Tuesday"
    t.start_btn.click()
    add(t, "Goths", "Ann")
    add(t, "Huns", "Ann")
    add(t, "Franks", "Bo")
    return t


def first_turns(t) -> None:
    """Each nation's first turn on the tablet, so the next one starts from the last (areas' income 5)."""
    for name in ("Goths", "Huns", "Franks"):
        t.pick.value = name
        t.fields["areas_income"].value = 5
        t.record_btn.click()
    assert all(len(n.turns) == 1 for n in t.state.chart.nations)


def test_the_phone_built_again_shows_the_first_phone_s_nation_and_numbers(table):
    first_turns(table)
    head = table.session.head
    ann = open_seat(table.store, tokens(table)[0])
    ann.pick.value = "Goths"
    ann.fields["areas_income"].value = 12
    ann.fields["levy_revolt_values"].value = 4
    ann.fields["levies_spent"].value = 8
    assert table.session.log.head() == head, "the draft is not in the log: it holds accepted actions only"
    again = open_seat(table.store, tokens(table)[0])  # the page reloaded: a new page on the same store
    assert again.nation == "Goths" and again.pick.value == "Goths"
    assert (again.fields["areas_income"].value, again.fields["levy_revolt_values"].value,
            again.fields["levies_spent"].value) == (12, 4, 8)
    assert "B2: income 12" in again.preview.value
    bo = open_seat(table.store, tokens(table)[1])  # another seat keeps its own form
    assert bo.nation == "Franks" and bo.fields["areas_income"].value == 5
    again.record_btn.click()
    assert table.session.log.head() == head + 1
    assert not drafts.draft_path(table.session.log.path, 0).exists(), "recorded: the draft is done"
    third = open_seat(table.store, tokens(table)[0])
    third.pick.value = "Goths"
    assert third.fields["areas_income"].value == 12  # the next turn starts as the last one left it
    assert third.fields["levies_spent"].value == 0


def test_the_nation_shown_comes_back_even_untyped_and_a_stale_draft_is_dropped(table):
    first_turns(table)
    ann = open_seat(table.store, tokens(table)[0])
    ann.pick.value = "Goths"
    ann.pick.value = "Huns"
    ann.fields["areas_income"].value = 9
    assert open_seat(table.store, tokens(table)[0]).nation == "Huns"
    table.pick.value = "Huns"  # the tablet records the Huns' turn for Ann: the phone's draft is past
    table.fields["areas_income"].value = 7
    table.record_btn.click()
    back = open_seat(table.store, tokens(table)[0])
    assert back.fields["areas_income"].value != 9 or back.nation != "Huns"
    assert not drafts.draft_path(table.session.log.path, 0).exists()


def test_a_draft_typed_before_an_undo_past_it_is_not_given_back(table):
    first_turns(table)
    ann = open_seat(table.store, tokens(table)[0])
    ann.pick.value = "Goths"
    ann.fields["areas_income"].value = 11
    table.undo_bar.undo()  # the tablet takes back the Franks' turn: the log goes back past the draft
    back = open_seat(table.store, tokens(table)[0])
    assert back.fields["areas_income"].value != 11


def test_a_damaged_draft_file_is_no_draft(table):
    first_turns(table)
    ann = open_seat(table.store, tokens(table)[0])
    ann.pick.value = "Goths"
    ann.fields["areas_income"].value = 11
    path = drafts.draft_path(table.session.log.path, 0)
    for junk in (b"", b"{", b'{"format": "rise-and-fall-1989/draft", "version": 1, "nation": 3}', b"x" * 20000,
                 b'{"format": "rise-and-fall-1989/draft", "version": 1, "nation": "Goths", "status": "B", '
                 b'"values": {"areas_income": "many"}, "head": 1, "turns": 1}'):
        path.write_bytes(junk)
        page = open_seat(table.store, tokens(table)[0])
        assert page.fields["areas_income"].value == 5 and page.message.value.count("error") == 0
    assert table.store.file_names() == {table.session.log.path.name}, "a draft is never listed as a game"
