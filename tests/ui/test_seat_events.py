"""The Fantastic Events on the phones, without a browser: the First Player's phone resolves them with
the Game screen's own panel (steppers, a tap on the board, the Volcano's orientation); the other
phones say which events wait and who resolves them; a reloaded phone finds the event still waiting."""

import html

import ipywidgets as W
import pytest
from conftest import quote

from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.world import top_terrain
from companion.seats import Seats
from companion.ui.app import App

from .test_tales_events_screen import to_recycling, widgets


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A tablet whose 3-player game on a World with the Dragon, the Typhoon and the Volcano is at the
    Recycling phase of turn 3 with every hand empty, and a way to open a seat's phone."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    tablet = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    tablet.world.load_layout(generate_with_tales(3, 11, (1, 19, 23)).to_dict())
    to_recycling(tablet)
    tablet.go_to("Game")

    def phone(i: int) -> App:
        monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={Seats(tablet.hub.session.log).all()[i].token}")
        app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
        monkeypatch.delenv("QUERY_STRING")
        return app

    return tablet, phone


def with_css(app: App, css: str) -> list:
    return [w for w in widgets(app.widget) if css in getattr(w, "_dom_classes", ())]


def said(app: App) -> str:
    return html.unescape(" ".join(str(w.value) for w in widgets(app.widget) if isinstance(w, W.HTML)))


def test_the_first_players_phone_resolves_the_events_and_the_others_are_told(table, rulebook_text):
    quote(rulebook_text, "The Fantastic Event is resolved by the player who still has the First Player token (before recycling). "
                         "If choices must be made (moving a game piece or other), they are the one who decides.")
    tablet, phone = table
    g = tablet.hub.game
    assert g.phase == "E" and g.tale_play.events == (1, 19, 23)
    first, other = g.first, next(i for i in g.order() if i != g.first)
    names = [c.name for c in g.civs]
    pf, po = phone(first), phone(other)
    seat = pf.rooms["seat"]
    # the First Player's phone: the Game screen's panel, its board a phone's width
    assert with_css(pf, "rf-event-resolve") and seat.events.board.width == 360
    assert f"resolved by <b>{names[first]}</b>" in " ".join(str(w.value) for w in widgets(pf.widget) if isinstance(w, W.HTML))
    # another phone: which events wait and who resolves them, in words, and nothing to tap
    assert (f"The Fantastic Events of The Dragon (1), The Typhoon (19) and The Worshipers of the Volcano God (23) wait: "
            f"{names[first]}, who has the First Player token, resolves them, lowest number first.") in said(po)
    assert not with_css(po, "rf-event-resolve") and not with_css(po, "rf-event-destroyed")
    assert "Turn 3 · E – Recycle cards: the Fantastic Events" in said(po)
    assert not po.rooms["seat"].send({"type": "fantastic-event", "tale": 1, "player": first})
    assert f"{names[other]}'s phone acts for {names[other]} only" in html.unescape(po.rooms["seat"].message.value)
    # the Dragon: a Nomad destroyed; a Space it may not go to is refused with the rule's sentence, nothing changes
    nomads = next(b for b in with_css(pf, "rf-event-destroyed") if b.description.startswith(f"{names[other]}'s Nomads"))
    nomads.value = 1
    terrain = top_terrain(g.tiles)
    seat.events.tap_space(next(s for s, t in sorted(terrain.items()) if t == "sea" and s != F.where(g, "typhoon")))
    with_css(pf, "rf-event-resolve")[0].click()
    assert "the Dragon goes to an empty Glacier space" in html.unescape(seat.message.value) and tablet.hub.game.tale_play.events == (1, 19, 23)
    assert next(b for b in with_css(pf, "rf-event-destroyed") if b.description.startswith(f"{names[other]}'s Nomads")).value == 1
    glacier = next(s for s, t in sorted(terrain.items()) if t == "glacier")
    seat.events.tap_space(glacier)
    with_css(pf, "rf-event-resolve")[0].click()
    assert "back to the reserve" in html.unescape(seat.message.value), seat.message.value
    # the tablet and the other phone follow
    assert tablet.poll() and po.poll()
    g = tablet.hub.game
    assert g.tale_play.events == (19, 23) and F.where(g, "dragon") == glacier and g.civs[other].count("nomad") == 0
    assert "The Fantastic Events of The Typhoon (19) and The Worshipers of the Volcano God (23) wait" in said(po)
    assert "The Typhoon (19)" in " ".join(str(w.value) for w in widgets(tablet.game.controls) if isinstance(w, W.HTML))
    # the Typhoon is resolved on the tablet; a reloaded phone finds the Volcano waiting for its orientation
    tablet.hub.do({"type": "fantastic-event", "tale": 19})
    again = phone(first)
    pick = with_css(again, "rf-volcano-orientation")[0]
    assert "The Worshipers of the Volcano God (23)" in said(again) and [o for o, _ in pick.options][:1] == ["North"]
    pick.value = "south-east"
    with_css(again, "rf-event-resolve")[0].click()
    assert tablet.poll()
    g = tablet.hub.game
    assert g.phase == "A" and g.tale_play.volcano == "south-east" and g.first == (first + 1) % 3
    assert "The First Player token passes" in html.unescape(again.rooms["seat"].message.value)
    assert po.poll() and "Fantastic Event" not in said(po)


def test_the_only_event_is_said_in_the_singular(table):
    tablet, phone = table
    tablet.hub.do({"type": "fantastic-event", "tale": 1})
    tablet.hub.do({"type": "fantastic-event", "tale": 19})
    g = tablet.hub.game
    po = phone(next(i for i in g.order() if i != g.first))
    assert (f"The Fantastic Event of The Worshipers of the Volcano God (23) waits: {g.civs[g.first].name}, who has the First "
            "Player token, resolves it.") in said(po)
