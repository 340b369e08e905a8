"""Reseat cuts a phone off for good (a revoked code never comes back), so the tablet asks first,
naming the player; "No" changes nothing, and a question answered after the seat changed on
another page is not obeyed."""

import html

import ipywidgets as W

from companion.seats import NOT_A_SEAT, Seats

from . import test_seat_page as seat_pages
from .test_seat_page import buttons, texts, walk

table = seat_pages.table  # the fixture: a tablet with a 3-player game, and phones at the seats' addresses


def on_panel(tablet, css: str) -> list[W.Button]:
    """The buttons of the tablet's panel of seats (on its Setup screen)."""
    return [w for w in walk(tablet.setup.seats.widget) if isinstance(w, W.Button) and css in w._dom_classes]


def reseat_button(tablet, i: int):
    return on_panel(tablet, f"rf-reseat-{i}")[0]


def panel_text(tablet) -> str:
    return "\n".join(str(getattr(w, "value", "")) for w in walk(tablet.setup.seats.widget))


def test_reseat_asks_first_and_no_keeps_the_phone_on_its_seat(table):
    tablet, phone = table
    a = tablet.hub.game.order()[0]
    name = tablet.hub.game.civs[a].name
    held = phone(a)
    token = held.rooms["seat"].token
    reseat_button(tablet, a).click()
    assert Seats(tablet.hub.session.log).all()[a].token == token  # the tap alone changes nothing
    question = panel_text(tablet)
    assert f"Reseat {html.escape(name)}? {html.escape(name)}&#x27;s phone, which holds it now, stops showing the seat at once" in question
    assert "cannot be given back" in question
    on_panel(tablet, "rf-reseat-no")[0].click()
    assert Seats(tablet.hub.session.log).all()[a].token == token and not on_panel(tablet, "rf-reseat-yes")
    held.poll()
    assert html.escape(NOT_A_SEAT) not in texts(held) and buttons(held, "rf-choose-city")


def test_a_reseat_answered_after_another_page_reseated_does_nothing_more(table, tmp_path):
    tablet, phone = table
    a = tablet.hub.game.order()[0]
    reseat_button(tablet, a).click()
    Seats(tablet.hub.session.log).reseat(a)  # another tablet reseats meanwhile
    newer = Seats(tablet.hub.session.log).all()[a].token
    on_panel(tablet, "rf-reseat-yes")[0].click()
    assert Seats(tablet.hub.session.log).all()[a].token == newer
    assert "changed since the question was asked" in tablet.setup.seats.message.value
