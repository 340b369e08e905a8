"""A Trade and a Tithe on the tablet's Game screen and on a player's phone: offered while a count
of at least 1 is accepted, entered with a stepper that starts at 1 and runs from 1 to what the World
holds; not offered when the World holds nothing to count (a count of 0 is refused: rule
``nothing-counted``); a wrong tap is answered in a sentence and changes nothing."""

import random

import ipywidgets as W
from conftest import quote
from rise_and_fall.test_guilds_random import counts_nothing, guild_setup_action, legal
from rise_and_fall.test_tracker import acting

from companion.rise_and_fall.play.tracker import _pieces, _set
from companion.ui.app import App
from companion.ui.widgets import Stepper

from . import test_seat_page
from .test_seat_page import buttons, log_state, tap, walk

table = test_seat_page.table  # the fixture: a 3-player game at phase A of turn 1, and its phones


def steppers(app: App) -> dict[str, Stepper]:
    """The "how many" steppers on the page, by their class (rf-count, rf-count2)."""
    return {c: w for w in walk(app.widget) if isinstance(w, Stepper) for c in w._dom_classes if c in ("rf-count", "rf-count2")}


def labels(app: App) -> list[str]:
    return [w.description for w in walk(app.widget) if isinstance(w, W.Button)]


def as_if_replayed(app: App, g) -> None:
    """The page's game set to ``g`` (pieces no short game reaches), then drawn again."""
    if "seat" in app.rooms:
        page = app.rooms["seat"]
        page.session._states[-1] = g
        page.refresh()
    else:
        app.hub.session._states[-1] = g
        app.game.refresh()


def test_a_ships_trade_on_a_phone_and_on_the_tablet_counts_from_1_to_the_cities(table, rulebook_text):
    quote(rulebook_text, "Effect: Gain 3 GP for each coastal City (allied or opposing) adjacent to the Sea Region in which the Ship is located.")
    tablet, phone = table
    g = tablet.hub.game
    a, b, c = g.order()
    for i in (a, b, c):
        tablet.game.play(i, "ship")
    pa = phone(a)
    assert buttons(pa, "rf-act-ship-trade") and "Trade: 3 GP each" in labels(pa)
    box = steppers(pa)["rf-count"]
    assert (box.value, box.min, box.max) == (1, 1, 3)  # three Cities in the World, one per player
    assert box.minus.disabled and not box.plus.disabled  # no − below 1
    box.value = 0
    assert box.value == 1
    box.plus.click()
    gold = log_state(tablet).civs[a].gold
    tap(pa, "rf-act-ship-trade")
    assert log_state(tablet).civs[a].gold == gold + 6  # in the log, 2 coastal Cities
    tablet.poll()  # Ana's only Ship has acted: her actions ended with the tap, on the phone as on the tablet
    assert tablet.hub.game.acting == b
    box = steppers(tablet)["rf-count"]
    assert (box.value, box.min, box.max) == (1, 1, 3)  # Ben's count starts at 1 again, not at Ana's 2
    gold = log_state(tablet).civs[b].gold
    tap(tablet, "rf-act-ship-trade")
    assert log_state(tablet).civs[b].gold == gold + 3
    assert tablet.hub.game.acting == c  # Ben's only Ship has acted: his actions end with the tap


def test_a_tithe_is_offered_on_the_tablet_and_the_phone_only_while_there_is_a_piece_to_count(table, rulebook_text):
    quote(rulebook_text, "Effect: Gain 2 GP for each game piece of your color adjacent to the Temple, other than another Temple (Temples do not pay each other Tithes).")
    tablet, phone = table
    a = tablet.hub.game.order()[0]
    pa = phone(a)
    with_flock = acting(tablet.hub.game, a, "temple", pieces={"temple": 1, "nomad": 2})
    flock = 4  # 2 Nomads, a City and a Ship: the Temple does not count
    for app in (tablet, pa):
        as_if_replayed(app, with_flock)
        assert "Tithe: 2 GP each" in labels(app)
        box = steppers(app)["rf-count"]
        assert (box.value, box.min, box.max) == (1, 1, flock) and "your pieces adjacent to the Temple" in box.description
    steppers(pa)["rf-count"].value = 3
    tap(pa, "rf-act-temple-tithe")
    assert pa.rooms["seat"].game.civs[a].gold == with_flock.civs[a].gold + 6
    only_temples = acting(tablet.hub.game, a, "temple", pieces={"temple": 2, "nomad": 0, "city": 0, "ship": 0}, gold=10)
    for app in (tablet, pa):
        as_if_replayed(app, only_temples)
        assert not buttons(app, "rf-act-temple-tithe") and not steppers(app)  # nothing to count: neither is offered
        assert any("of " in x and "GP)" in x for x in labels(app)) and buttons(app, "rf-end-turn"), labels(app)  # a Conversion still is


def test_a_ships_trade_is_not_offered_with_no_city_in_the_world(table):
    tablet, phone = table
    g = tablet.hub.game
    a = g.order()[0]
    for i in range(3):
        g = _set(g, i, _pieces(g.civs[i], "city", -1))
    no_city = acting(g, a, "ship")
    pa = phone(a)
    for app in (tablet, pa):
        as_if_replayed(app, no_city)
        assert not buttons(app, "rf-act-ship-trade") and not steppers(app)
        assert buttons(app, "rf-act-ship-nomad")  # the Ship may still become a Nomad


def test_a_merchants_trade_with_nothing_counted_is_answered_in_a_sentence_and_nothing_changes(table, rulebook_text):
    quote(rulebook_text, "Effect: The player gains 5 GP for each adjacent opposing City, and 3 GP for each adjacent allied City.")
    tablet, phone = table
    g = tablet.hub.game
    a, b, c = g.order()
    for i in (b, c):
        g = _set(g, i, _pieces(g.civs[i], "city", -1))  # no opposing City left
    merchant = acting(g, a, "merchant", pieces={"merchant": 1, "city": 2})
    pa = phone(a)
    for app in (tablet, pa):
        as_if_replayed(app, merchant)
        boxes = steppers(app)
        assert (boxes["rf-count"].value, boxes["rf-count"].max) == (0, 0)  # opposing Cities: none to count
        assert (boxes["rf-count2"].value, boxes["rf-count2"].min, boxes["rf-count2"].max) == (1, 0, 2)  # Cities of yours: from 1
        boxes["rf-count2"].value = 0
        head = log_state(tablet)
        tap(app, "rf-act-merchant-trade")
        message = (app.rooms["seat"].message if app is pa else app.game.message).value
        assert "Trade with Cities with no City counted gains nothing and would use the piece&#x27;s action" in message
        assert log_state(tablet) == head  # nothing written
        assert buttons(app, "rf-act-merchant-trade")  # still offered, to be entered again
    steppers(pa)["rf-count2"].value = 2
    tap(pa, "rf-act-merchant-trade")
    assert pa.rooms["seat"].game.civs[a].gold == merchant.civs[a].gold + 6


def test_a_game_begun_before_the_rule_opens_with_its_trades_and_tithe_for_0(tmp_path):
    """A game of version 5 whose log holds a Trade and a Tithe for 0 opens on the tablet after a reload
    as it was written; its Trades and Tithes are now offered from 1."""
    tablet = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    rnd = random.Random(0)
    tablet.hub.new({**guild_setup_action(3, rnd), "tracker_version": 5})
    zero_taken: set[str] = set()
    while len(zero_taken) < 3:
        opts = legal(tablet.hub.game)
        zero = [x for x in opts if counts_nothing(x) and x["action"] not in zero_taken]
        acts = [x for x in opts if x["type"] == "act"]
        pick = zero[0] if zero else rnd.choice(acts if acts and rnd.random() < 0.8 else opts)
        tablet.hub.do(pick)
        zero_taken |= {pick["action"]} if pick in zero else set()
    for _ in range(500):  # on to a Ship card's actions, a Ship still to act
        g = tablet.hub.game
        if g.phase == "B" and g.acting_card == "ship" and g.activations < g.act_limit:
            break
        opts = legal(g)
        tablet.hub.do(next((x for x in opts if x.get("card") == "ship"), rnd.choice(opts)))
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # a reload
    assert again.hub.game == tablet.hub.game and again.hub.game.tracker_version == 5
    again.go_to("Game")
    again.game.refresh()
    assert buttons(again, "rf-act-ship-trade")
    box = steppers(again)["rf-count"]
    assert (box.min, box.value) == (1, 1)
