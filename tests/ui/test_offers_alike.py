"""The tablet and the phone offer the acting player the same buttons, drawn from one pure list
(``play/offers.py``), for positions reached by random legal play; each tap is one entry of the log."""

import random

import ipywidgets as W
from rise_and_fall.test_tracker import legal

from companion.rise_and_fall.play.offers import card_offers

from . import test_seat_page
from .test_seat_page import walk

table = test_seat_page.table  # a 3-player game at phase A of turn 1, and its phones


def offered(root: W.Widget) -> list[tuple[str, tuple[str, ...]]]:
    """The card's action buttons drawn under ``root`` (label, classes), in their order."""
    return [(w.description, tuple(w._dom_classes)) for w in walk(root)
            if isinstance(w, W.Button) and "rf-act" in w._dom_classes and not w.disabled and w.layout.display != "none"]


def test_the_tablet_and_the_phone_offer_the_same_for_random_positions(table):
    tablet, phone = table
    hub = tablet.hub
    phones = {i: phone(i) for i in hub.game.order()}
    rng = random.Random(24)
    compared = 0
    for _ in range(400):
        g = hub.game
        if g.phase == "over" or compared >= 12:
            break
        if g.phase == "B":
            seat = phones[g.acting]
            seat.poll()
            on_tablet, on_phone = offered(tablet.game.controls), offered(seat.rooms["seat"].controls)
            assert on_tablet == on_phone, (on_tablet, on_phone)
            assert [label for label, _ in on_tablet] == [o.label for o in card_offers(g, g.acting) if o.enabled]
            compared += 1
            # the phone or the tablet taps one of them (or ends): one entry of the log, whichever taps
            n = len(hub.session.history())
            device = rng.choice([tablet.game.controls, seat.rooms["seat"].controls])
            shown = [w for w in walk(device) if isinstance(w, W.Button) and ("rf-act" in w._dom_classes or "rf-end-turn" in w._dom_classes)
                     and not w.disabled]
            rng.choice(shown).click()
            tablet.poll()
            assert len(hub.session.history()) == n + 1
            continue
        hub.do(rng.choice(legal(g)))
    assert compared >= 5
