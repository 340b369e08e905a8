"""The Revolt Procedure's steps and a battle's on the nation's own phone: shown only to that nation's player, each
step sent with the phone's seat and filed under the nation; another player's phone shows neither."""

from __future__ import annotations

from companion.rome1989.screens.seat import open_seat
from companion.rome1989.seats import ensure_seats

from .helpers import pick_areas
from .test_round_two_screens import start


def phones(s):
    seats = dict(ensure_seats(s.session.log, s.state.chart))
    return {p: open_seat(s.store, seat.token) for p, seat in seats.items()}


def test_an_empires_revolt_on_its_own_phone(tmp_path):
    s = start(tmp_path, "six-player")
    p = phones(s)
    west, persia = p["Western Rome"], p["Persia"]
    assert west.revolt_part.layout.display != "none" and persia.revolt_part.layout.display == "none"
    pick_areas(west.r_areas, "Italia 1 capitol\nGallia 6 2i")
    west.r_table_no.value = 3
    west.r_start.click()
    assert west.session.state.procedure.step == 2, west.message.value
    assert [e.action.get("seat") for e in west.session.log.entries()[-2:]] == ["Western Rome"] * 2
    west.r_dice.value = "16"
    west.r_table.click()
    assert west.session.state.procedure.step == 3 and "Step 3" in west.r_step.value
    persia.poll()
    assert persia.revolt_part.layout.display == "none"  # Western Rome's procedure, not Persia's
    s.poll()
    assert s.r_step.value == west.r_step.value  # the tablet is at the same step
    west.undo_btn.click()
    assert west.session.state.procedure.step == 2 and "Taken back" in west.message.value


def test_a_battle_on_its_nations_phone(tmp_path):
    s = start(tmp_path, "six-player")
    s.pick.value = "Persia"
    c = s.battle_panel
    c.counts["mine"]["cavalry"].value = 2
    c.opponent.value = "Independent area"
    c.counts["theirs"]["infantry"].value = 1
    c.start_btn.click()
    p = phones(s)
    persia, east = p["Persia"], p["Eastern Rome"]
    assert persia.battle_part.layout.display != "none" and east.battle_part.layout.display == "none"
    persia.battle_panel.dice.value = "9"
    persia.battle_panel.table_btn.click()
    b = persia.session.state.battle
    assert b.step == 5 and persia.session.log.entries()[-1].action["seat"] == "Persia"
    assert persia.battle_panel.rolls.layout.display != "none"
