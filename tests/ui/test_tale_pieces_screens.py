"""The Tale pieces and buildings on the screens, without a browser: a game set up on a World with
Tales offers the Tale actions on the Game screen's palette and on the acting player's phone, with
their cost and the rulebook's words; a tap builds and a reload keeps it."""

import ipywidgets as W
import pytest

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.variants.tales.worlds import build_with_tales
from companion.seats import Seats
from companion.ui.app import App

from .test_game_screens import find, place_all_first_pieces


def walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from walk(c)


def labels(screen) -> list[str]:
    return [b.description for b in walk(screen.controls) if isinstance(b, W.Button)]


@pytest.fixture
def app(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.load_layout(build_with_tales(3, 4, (1, 6, 7)).layout().to_dict())
    a.hub.new({"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"), ("Jo", "green"))],
               "first": 0, "world": a.world.build.layout().to_dict(), "tracker_version": TRACKER_VERSION})
    assert a.hub.game.tales.drawn == (1, 6, 7)
    place_all_first_pieces(a)
    a.go_to("Game")
    return a


def turn(app, card: str, *eric: dict, end: bool = True) -> None:
    """Every player plays ``card``; Eric takes these actions on his turn, the others none; with
    ``end`` every player ends their actions, else the turn stops at Eric's."""
    hub = app.hub
    for i in hub.game.order():
        hub.do({"type": "play", "player": i, "card": card})
    while hub.game.phase == "B":
        if hub.game.acting == 0:
            for a in eric:
                hub.do({"type": "act", "player": 0, **a})
            if not end:
                return
        hub.do({"type": "end-turn", "player": hub.game.acting})
    finish(app)


def finish(app) -> None:
    """The other players end their actions; the Fantastic Events, if any, find no piece near the creatures."""
    hub = app.hub
    while hub.game.phase == "B":
        hub.do({"type": "end-turn", "player": hub.game.acting})
    while hub.game.phase == "E" and hub.game.tale_play.events:
        hub.do({"type": "fantastic-event", "tale": hub.game.tale_play.events[0], "player": hub.game.first})


def to_the_nomads(app) -> None:
    """Eric grows to 3 Nomads, 2 Stones and 9 GP; then everyone plays Nomad."""
    turn(app, "city", {"action": "city-growth"})
    turn(app, "nomad", {"action": "nomad-stone"}, {"action": "nomad-stone"})
    turn(app, "ship", {"action": "ship-trade", "count": 3})
    turn(app, "city", {"action": "city-growth"})
    turn(app, "nomad", end=False)
    eric = app.hub.game.civs[0]
    assert (eric.count("nomad"), eric.stone, eric.gold) == (3, 2, 9)


def test_the_palette_offers_the_tale_actions_with_their_cost_and_the_rulebooks_words(app, tmp_path):
    to_the_nomads(app)
    screen = app.game
    screen.refresh()
    assert "The Dragon is in the World." in screen.tales.value and "Banks in the World: none." in screen.tales.value
    hunt = find(screen, "rf-act-tale-dragon-hunt-nomad")
    assert hunt.description == "Dragon Hunt: three Nomads adjacent to the Dragon"
    rules = "".join(w.value for w in walk(screen.controls) if isinstance(w, W.HTML))
    assert "Nomad / Ship / Mountaineer / Merchant Action — Dragon Hunt: Condition: Control three units" in rules
    assert "The table checks that the three Nomads stand adjacent to the Dragon" in rules
    assert not any("Constructing a Bank" in x for x in labels(screen))  # 2 Stones, but no Wood yet
    find(screen, "rf-act-nomad-wood").click()
    bank = find(screen, "rf-act-tale-bank")
    assert bank.description == "Constructing a Bank (2 Stone, 1 Wood, 5 GP)"
    assert not any(x.startswith("Dragon Hunt") for x in labels(screen))  # one Nomad has acted: two are left
    bank.click()
    g = app.hub.game
    assert g.tales.count(0, "bank") == 1 and g.civs[0].count("nomad") == 2 and g.civs[0].gold == 4
    assert "Eric replaces a Nomad with their Bank." in screen.message.value
    assert "Banks in the World: Eric." in screen.tales.value
    assert "Eric: Constructing a Bank" in str(screen.history.options)
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # a reload
    assert again.hub.game.tales == g.tales
    again.go_to("Game")
    assert "Banks in the World: Eric." in again.game.tales.value


def test_the_bank_taxes_count_every_bank_and_a_port_is_offered_only_to_its_owner(app):
    hub = app.hub
    to_the_nomads(app)
    hub.do({"type": "act", "player": 0, "action": "nomad-wood"})
    hub.do({"type": "act", "player": 0, "action": "tale-bank"})
    finish(app)
    turn(app, "ship", end=False)
    screen = app.game
    screen.refresh()
    assert hub.game.acting == 0
    assert not any("Port:" in x for x in labels(screen))  # no Port yet: its actions are not offered
    assert "Ships and Ports" not in str([getattr(w, "description", "") for w in walk(screen.controls)])
    finish(app)
    turn(app, "city", end=False)  # the hands are recycled: City again
    screen.refresh()
    taxes = find(screen, "rf-act-tale-bank-taxes-plains")
    assert taxes.description == "Increase Taxes, City in a Plain: 4 GP"  # 2 + 2 x 1 Bank
    before = hub.game.civs[0].gold
    taxes.click()
    assert hub.game.civs[0].gold == before + 4


def test_a_seats_phone_offers_the_same_tale_actions(app, tmp_path, monkeypatch):
    to_the_nomads(app)
    token = Seats(app.hub.session.log).all()[0].token
    monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={token}")
    phone = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    monkeypatch.delenv("QUERY_STRING")
    hunt = [w for w in walk(phone.widget) if isinstance(w, W.Button) and "rf-act-tale-dragon-hunt-nomad" in w._dom_classes]
    assert hunt and hunt[0].description == "Dragon Hunt: three Nomads adjacent to the Dragon"
    page = "".join(str(getattr(w, "value", "")) for w in walk(phone.widget) if isinstance(w, W.HTML))
    assert "The Dragon is in the World." in page and "Dragon Hunt: Condition: Control three units" in page
    hunt[0].click()
    page = "".join(str(getattr(w, "value", "")) for w in walk(phone.widget) if isinstance(w, W.HTML))
    assert "claims the Dragon Trophy (20 VP)" in page
    g = Session(GameStore(app.store.root).open(app.hub.id), TrackerRules()).state
    assert g.tales.trophies_of(0) == (1,) and g.claimed == 1 and g.activations == 3


def test_a_port_acts_after_the_last_ship_then_the_actions_end(app):
    hub = app.hub
    to_the_nomads(app)
    hub.do({"type": "act", "player": 0, "action": "nomad-wood"})
    hub.do({"type": "act", "player": 0, "action": "tale-port-nomad"})
    assert hub.game.tales.count(0, "port") == 1
    finish(app)
    turn(app, "ship", end=False)
    screen = app.game
    screen.refresh()
    screen.count.value = 1
    find(screen, "rf-act-ship-trade").click()  # the only Ship has acted; the Port has not
    g = hub.game
    assert (g.phase, g.acting, g.activations, g.act_limit) == ("B", 0, 1, 1)
    box = screen.tale_counts["tale-port-trade"]
    assert box.description == "How many Ships and Ports in the Port's Sea Region" and box.max == 4  # 3 Ships and a Port
    box.value = 2
    before = g.civs[0].gold
    find(screen, "rf-act-tale-port-trade").click()
    g = hub.game
    assert g.civs[0].gold == before + 8 and g.acting != 0  # nothing is left: Eric's actions end in the same tap
    assert "Eric&#x27;s actions end: every Ship has acted." in screen.message.value
