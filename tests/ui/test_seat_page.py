"""Each player's seat on their own phone, without a browser: a tablet page and phone pages are
``App`` objects on one data directory (one kernel each in Voilà), sharing only the game's log.
A phone page is opened by its address (``?game=rise-and-fall&seat=TOKEN``); ``poll`` is one look
of the loop that follows the other pages."""

import html
import random
import re

import ipywidgets as W
import pytest
from conftest import quote
from rise_and_fall.test_tracker import legal

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.purchases import purchases
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.screens.seats_panel import qr_svg, seat_address
from companion.seats import NOT_A_SEAT, Seats
from companion.ui.app import App

from .test_game_screens import place_all_first_pieces


def walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from walk(c)


def texts(app: App, history: bool = True) -> str:
    """Every string the page's widgets hold (what their state sends to the browser); without the
    tablet's history list if ``history`` is False."""
    out = []
    for w in walk(app.widget):
        for trait in ("value", "description", "tooltip", "_dom_classes") + (("options",) if history else ()):
            v = getattr(w, trait, None)
            if v is not None and not (trait == "value" and isinstance(v, (bool, int, float))):
                out.append(str(v))
    text = "\n".join(out)
    return text if history else re.sub(r"\d+ actions", "", text)


def buttons(app: App, css: str) -> list[W.Button]:
    return [w for w in walk(app.widget) if isinstance(w, W.Button) and css in w._dom_classes]


def tap(app: App, css: str) -> None:
    found = buttons(app, css)
    assert found, f"no button {css} on the page"
    found[0].click()


@pytest.fixture
def table(tmp_path, monkeypatch):
    """A tablet with a 3-player game at phase A of turn 1 (its Setup shows a code per seat), and a
    way to open a phone at a seat's address."""
    return open_table(tmp_path, monkeypatch)


def open_table(tmp_path, monkeypatch, seed: int = 4, players: int = 3):
    """The ``table`` fixture's tablet and phones, on the World drawn by ``seed``."""
    monkeypatch.delenv("QUERY_STRING", raising=False)
    tablet = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    tablet.world.n_players.value = players
    tablet.world.seed.value = seed
    tablet.world.random_btn.click()
    tablet.setup.start_btn.click()
    place_all_first_pieces(tablet)
    tablet.go_to("Game")

    def phone(i: int, token: str | None = None) -> App:
        token = token or Seats(tablet.hub.session.log).all()[i].token
        monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={token}")
        app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
        monkeypatch.delenv("QUERY_STRING")
        return app

    return tablet, phone


def log_state(tablet: App):
    store = GameStore(tablet.store.root)
    return Session(store.open(tablet.hub.id), TrackerRules()).state


def test_the_setup_shows_one_qr_code_per_seat_and_a_phone_opens_only_its_seat(table):
    tablet, phone = table
    seats = Seats(tablet.hub.session.log).all()
    assert sorted(seats) == [0, 1, 2]
    setup = "\n".join(w.value for w in walk(tablet.setup.seats.widget) if isinstance(w, W.HTML))
    assert setup.count("<svg") >= 3 and all(s.token in setup for s in seats.values())
    names = [c.name for c in tablet.hub.game.civs]
    tablet.poll()  # the tablet's page follows the log from here on
    ben = phone(1)
    page = texts(ben)
    assert f"{names[1]}</b>'s seat" in page
    shown = {c for w in walk(ben.widget) for c in getattr(w, "_dom_classes", ())}
    assert not shown & {"rf-nav", "rf-shelf", "rf-screen", "rf-controls"}  # no bar, no shelf, no table's screens
    assert all(s.token not in page for i, s in seats.items() if i != 1)  # nor another seat's address
    assert ben.query() == f"game=rise-and-fall&seat={seats[1].token}"
    tablet.poll()
    assert Seats(tablet.hub.session.log).on_phones() == {1}
    assert "on a phone" in "\n".join(w.value for w in walk(tablet.setup.seats.widget) if isinstance(w, W.HTML))


def test_a_wrong_address_opens_no_seat(table, monkeypatch, tmp_path):
    tablet, phone = table
    bad = phone(0, token="x" * 24)
    assert html.escape(NOT_A_SEAT) in texts(bad) and not buttons(bad, "rf-choose-city")


def test_secret_choices_one_reveal_every_page_live(table, rulebook_text):
    quote(rulebook_text, "All players simultaneously choose and play a Civilization card from their hand and place it face down in front of themselves.")
    tablet, phone = table
    g = tablet.hub.game
    order = g.order()
    phones = {i: phone(i) for i in order}
    a, b, c = order
    tap(phones[a], "rf-choose-city")
    assert log_state(tablet).civs[a].played == ("city",)  # in the log before the phone says so
    assert "Chosen: City" in texts(phones[a])
    for app in (tablet, phones[b], phones[c]):
        app.poll()
    name_a = g.civs[a].name
    assert f"Chosen: {name_a}" in texts(tablet)  # who has chosen, never what
    seen = {k: texts(app, history=False) for k, app in (("tablet", tablet), ("b", phones[b]), ("c", phones[c]))}
    tap(phones[a], "rf-change-ship")  # a change of mind
    assert log_state(tablet).civs[a].played == ("ship",)
    for k, app in (("tablet", tablet), ("b", phones[b]), ("c", phones[c])):
        app.poll()
        heard = texts(app, history=False).replace("changes their mind: another card lies face down.",
                                                  "places a Civilization card face down.")
        assert heard == seen[k]  # the other pages read exactly the same whichever card it is (the news: a change)
    assert "changes their face-down card (on their phone)" in texts(tablet)  # the history says a change, not the card
    tap(phones[b], "rf-choose-nomad")
    tap(phones[c], "rf-choose-city")  # the last seat: the reveal
    for app in (tablet, *phones.values()):
        app.poll()
    state = log_state(tablet)
    assert state.phase == "B"
    assert "All cards are revealed" in tablet.game.message.value or state.acting is not None
    for app in (tablet, *phones.values()):
        page = texts(app)
        assert "rf-card rf-card-back" not in page and page.count("'rf-state rf-state-played'") == 3  # every device shows all the cards at once


def test_a_phone_acts_for_its_own_seat_only_and_on_its_turn(table):
    tablet, phone = table
    g = tablet.hub.game
    a, b, c = g.order()
    pb = phone(b)
    assert not pb.rooms["seat"].send({"type": "play", "player": a, "card": "city"})
    assert "acts for" in pb.rooms["seat"].message.value and not log_state(tablet).civs[a].played
    for i in (a, b, c):
        tablet.game.play(i, "city")
    pb.poll()
    assert log_state(tablet).acting == a
    assert not buttons(pb, "rf-end-turn")  # not Ben's turn: no actions offered
    pa = phone(a)
    tap(pa, "rf-end-turn")
    assert log_state(tablet).acting == b
    pb.poll()
    assert buttons(pb, "rf-end-turn")


def test_the_tablet_leaves_a_phone_seats_choice_to_the_phone_but_too_slow_still_draws(table, rulebook_text):
    quote(rulebook_text, "another player randomly draws a card from the slow player's hand for them to play this turn")
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    tablet.poll()
    phone(b)
    tablet.poll()
    text = texts(tablet)
    name = tablet.hub.game.civs[b].name
    assert f"{name}</b> chooses on their phone" in text
    rows = [w for w in tablet.game.controls.children if isinstance(w, W.HBox) and name in getattr(w.children[0], "value", "")]
    assert rows and not any("rf-play-city" in x._dom_classes for x in rows[0].children)  # the hand is not offered here
    too_slow = [x for x in rows[0].children if "rf-play-random" in getattr(x, "_dom_classes", ())]
    too_slow[0].click()
    assert log_state(tablet).civs[b].played and b in log_state(tablet).drawn


def test_two_devices_at_once_one_wins_the_other_is_told_and_refreshed(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    tablet.poll()
    pb = phone(b)
    tablet.poll()
    tablet.game.too_slow(b)  # the tablet draws for Ben while Ben's phone has not looked yet
    tap(pb, "rf-choose-city")
    msg = pb.rooms["seat"].message.value
    assert "Another device acted first: Too slow: the tablet drew your card at random a moment before your tap" in msg
    assert "drawn at random" in texts(pb)  # refreshed: the card drawn for Ben, shown to Ben
    assert len([e for e in Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules()).history()
                if e.action.get("type") == "play" and e.action.get("player") == b]) == 1


def test_a_tap_reaching_the_phone_just_after_it_followed_the_tablet_is_answered_in_a_sentence(table):
    """The phone had drawn its hand; the tablet drew Ben's card at random and the phone followed
    (its hand is no longer shown) a moment before Ben's tap reached it: the tap is not lost."""
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    tablet.poll()
    pb = phone(b)
    tablet.poll()
    old = buttons(pb, "rf-choose-city")[0]
    tablet.game.too_slow(b)
    assert pb.poll()
    assert not buttons(pb, "rf-choose-city")  # drawn again without the hand
    old.click()  # the tap sent before the page changed
    assert "Too slow: the tablet drew your card at random a moment before your tap" in pb.rooms["seat"].message.value


def test_a_phone_drawn_again_keeps_its_widgets_and_sends_only_what_changed(table):
    """Another player's choice changes one line of Ben's phone: no new widget is made for it."""
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pa, pb = phone(a), phone(b)
    shown = [id(w) for w in walk(pb.widget)]
    tap(pa, "rf-choose-city")
    assert pb.poll()
    assert f"chosen: {tablet.hub.game.civs[a].name}" in texts(pb)
    assert [id(w) for w in walk(pb.widget)] == shown  # the same widgets, one line's text changed


def test_two_phones_choosing_at_once_both_count(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pa, pb = phone(a), phone(b)
    tap(pa, "rf-choose-city")
    tap(pb, "rf-choose-ship")  # Ben's page had not looked since Ana chose: the choice still stands
    state = log_state(tablet)
    assert state.civs[a].played == ("city",) and state.civs[b].played == ("ship",)
    assert "Chosen: Ship" in texts(pb)


def test_reseat_gives_a_new_address_and_the_old_phone_shows_nothing_more(table):
    tablet, phone = table
    a = tablet.hub.game.order()[0]
    old = phone(a)
    old_token = old.rooms["seat"].token
    next(w for w in walk(tablet.setup.seats.widget) if f"rf-reseat-{a}" in getattr(w, "_dom_classes", ())).click()
    next(w for w in walk(tablet.setup.seats.widget) if "rf-reseat-yes" in getattr(w, "_dom_classes", ())).click()  # asked first
    new_token = Seats(tablet.hub.session.log).all()[a].token
    assert new_token != old_token
    old.poll()
    assert html.escape(NOT_A_SEAT) in texts(old) and not buttons(old, "rf-choose-city")
    assert not old.rooms["seat"].send({"type": "play", "player": a, "card": "city"})
    assert not log_state(tablet).civs[a].played
    new = phone(a, new_token)
    tap(new, "rf-choose-city")
    assert log_state(tablet).civs[a].played == ("city",)


def test_a_seat_address_is_the_pages_own_with_the_token(monkeypatch):
    monkeypatch.setenv("SERVER_NAME", "192.168.1.20")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/")
    monkeypatch.delenv("COMPANION_SEAT_BASE", raising=False)
    assert seat_address("T" * 24) == "http://192.168.1.20:8866/?game=rise-and-fall&seat=" + "T" * 24
    assert qr_svg("http://x/").startswith("<svg")


def test_a_tap_arriving_after_the_page_followed_the_tablet_says_what_happened(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    tablet.poll()
    pb = phone(b)
    tablet.game.too_slow(b)
    pb.poll()  # the phone drew the change, but a tap sent before it arrives now
    assert not pb.rooms["seat"].send({"type": "play", "player": b, "card": "city"})
    assert "Too slow: the tablet drew your card at random a moment before your tap; it stays as drawn." in pb.rooms["seat"].message.value
    assert plays_of(tablet, b) == 1


def plays_of(tablet: App, player: int) -> int:
    s = Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules())
    return sum(1 for e in s.history() if e.action.get("type") == "play" and e.action.get("player") == player)


def test_decline_and_purchase_on_the_phones(table, rulebook_text):
    quote(rulebook_text, "each player must place one face-down card per Trophy claimed this turn from their hand or their discard pile")
    import random

    from rise_and_fall.test_tracker import legal

    tablet, phone = table
    s = Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules())
    rnd = random.Random(3)
    for _ in range(3000):  # a random legal game up to its first Decline phase
        if s.state.phase == "C" or s.state.phase == "over":
            break
        opts = legal(s.state)
        acts = [o for o in opts if o["type"] == "act"]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.9 else opts))
    assert s.state.phase == "C"
    owing = [i for i in s.state.to_move()]
    phones = {i: phone(i) for i in owing}
    choosers = [i for i in owing if len(s.state.civs[i].active) >= 2]
    assert choosers, "nobody has two cards to choose from"
    first = choosers[0]
    owing = [first] + [i for i in owing if i != first]
    civ = s.state.civs[first]
    card = sorted(civ.active)[0]
    tap(phones[first], f"rf-decline-{card}")
    assert (first, card) in log_state(tablet).face_down
    other = next(c for c in sorted(civ.active) if c != card)
    tap(phones[first], f"rf-change-{other}")
    assert (first, other) in log_state(tablet).face_down
    for i in owing[1:]:
        phones[i].poll()
        while log_state(tablet).phase == "C" and i in log_state(tablet).to_move():
            tap(phones[i], f"rf-decline-{sorted(log_state(tablet).civs[i].active)[0]}")
            phones[i].poll()
    g = log_state(tablet)
    assert g.phase != "C" and other in g.civs[first].decline  # turned over: the changed card went into Decline
    if g.phase == "D":
        buyer = g.to_move()[0]
        page = phones.get(buyer) or phone(buyer)
        page.poll()
        buy = [w for w in walk(page.widget) if isinstance(w, W.Button) and any(c.startswith("rf-buy-") for c in w._dom_classes)]
        (buy[0] if buy else buttons(page, "rf-pass")[0]).click()
        after = log_state(tablet)
        assert buyer in after.decided or after.phase != "D"


# --- phase D on the tablet: the purchases chosen on the phones, in the rulebook's order (the First
# Player first, then clockwise) whatever order the phones tapped in; one at a time when asked for
RULE = ("then the player with the First Player token makes their purchase first, followed by every "
        "other player going clockwise")


def to_purchases(tablet, phone):
    """A random legal game up to its first Decline, the cards placed on the phones: phase D."""
    s = Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules())
    rnd = random.Random(3)
    for _ in range(3000):
        if s.state.phase in ("C", "over"):
            break
        opts = legal(s.state)
        acts = [o for o in opts if o["type"] == "act"]
        s.do(rnd.choice(acts if acts and rnd.random() < 0.9 else opts))
    assert s.state.phase == "C"
    phones = {i: phone(i) for i in range(3)}
    while log_state(tablet).phase == "C":
        i = log_state(tablet).to_move()[0]
        phones[i].poll()
        tap(phones[i], f"rf-decline-{sorted(log_state(tablet).civs[i].active)[0]}")
    g = log_state(tablet)
    assert g.phase == "D" and len(g.to_move()) >= 2, "two players or more decide"
    tablet.poll()
    for p in phones.values():
        p.poll()
    return g, phones


def listed(tablet) -> list[str]:
    """The tablet's purchases, line by line, as drawn."""
    value = tablet.game.purchases.value
    return [li.split("</li>")[0] for li in value.split("<li")[1:]]


def test_the_tablet_lists_the_purchases_in_the_rulebooks_order_whatever_order_the_phones_tapped(table, rulebook_text):
    quote(rulebook_text, RULE)
    tablet, phone = table
    g, phones = to_purchases(tablet, phone)
    order = g.order()  # the First Player, then clockwise
    deciders = g.to_move()
    assert "Purchases of turn" in tablet.game.purchases.value
    assert all("is deciding" in line for line, i in zip(listed(tablet), order) if i in deciders)
    # the last player clockwise decides first on their phone, the First Player's side last
    bought = 0
    for i in reversed(deciders):
        phones[i].poll()
        buy = [w for w in walk(phones[i].widget) if isinstance(w, W.Button) and any(c.startswith("rf-buy-") for c in w._dom_classes)]
        (buy[0] if buy else buttons(phones[i], "rf-pass")[0]).click()
        bought += bool(buy)
        tablet.poll()
    lines = listed(tablet)
    names = [g.civs[i].name for i in order]
    assert [next(n for n in names if f"<b>{n}</b>" in line) for line in lines] == names  # the rulebook's order
    assert "(First Player)" in lines[0]
    for line, i in zip(lines, order):
        if i in deciders:
            assert "buys back the" in line or "buys nothing" in line, line
        else:
            assert "has no card in Decline" in line
    assert "decided at the same time" in tablet.game.purchases.value
    assert bought and sum("buys back the" in line for line in lines) == bought
    after = log_state(tablet)
    assert after.phase != "D"  # the phase is over; the tablet still shows what was bought, until the next actions


def test_purchases_asked_in_order_go_one_at_a_time_and_the_tablet_says_who_decides_now(table, rulebook_text):
    quote(rulebook_text, RULE)
    tablet, phone = table
    g, phones = to_purchases(tablet, phone)
    first, *rest = g.to_move()
    tap(phones[rest[-1]], "rf-in-order")  # any player may ask
    tablet.poll()
    text = tablet.game.purchases.value
    assert "one at a time, as a player asked" in text
    assert f"decides after {g.civs[first].name}" in text
    for before, i in zip([first, *rest], rest):  # each after the one just before, never all after the first
        line = next(x for x in listed(tablet) if f"<b>{g.civs[i].name}</b>" in x)
        assert f"decides after {g.civs[before].name}" in line, line
    s = Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules())
    p = purchases([e.action for e in s.history()], s.states())
    assert p is not None and p.in_order and not p.over
    assert [x.player for x in p.lines] == g.order()
    assert next(x for x in p.lines if x.player == first).what == "is deciding"


def test_no_purchases_are_listed_outside_phase_d_and_the_turn_after():
    s_actions: list[dict] = []
    g = TrackerRules().initial()
    assert purchases(s_actions, [g]) is None


def test_a_phone_opens_its_seat_with_few_widgets(table):
    """Every widget is a message the server relays before the page is live: a seat's page makes
    the panels it shows only at some moments (the counts of a Trade, the Tales' areas, the
    Fantastic Events) when they are first shown."""
    import warnings

    tablet, phone = table
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        before = len(W.Widget.widgets)
        ben = phone(1)
        made = len(W.Widget.widgets) - before
    assert "rf-choose-city" in {c for w in walk(ben.widget) for c in getattr(w, "_dom_classes", ())}
    seat = ben.rooms["seat"]
    assert not {"counts", "tale_play", "events"} & set(vars(seat)), "a panel was made before it was shown"
    assert made <= 140, made  # the phone's Undo my last and its answer included; 162 when every panel was made at once (the shelf of four games included)


def test_a_card_chosen_on_a_phone_stays_in_its_place_and_the_others_offer_the_change(table):
    """Phase A on a phone: once a card is chosen, the hand's cards keep their places (in the rulebook's order): the
    card chosen is marked chosen where it was, each other card offers the change to it. Before, the chosen card left
    the row and "→ City" slid into Ship's place: a second quick tap changed the choice."""
    tablet, phone = table
    g = tablet.hub.game
    i = g.order()[0]
    ana = phone(i)

    def row() -> list[str]:
        picks = [w for w in walk(ana.widget) if isinstance(w, W.Button)
                 and any(c.startswith(("rf-choose-", "rf-change-", "rf-chosen-")) and c != "rf-chosen-card" for c in w._dom_classes)]
        return [next(c for c in b._dom_classes if c.startswith(("rf-choose-", "rf-change-", "rf-chosen-")) and c != "rf-chosen-card")
                .rsplit("-", 1)[1] for b in picks]

    before = row()
    assert len(before) >= 3 and "nomad" in before
    tap(ana, "rf-choose-nomad")
    after = row()
    assert after == before, (before, after)  # every card in its place
    chosen = buttons(ana, "rf-chosen-nomad")
    assert len(chosen) == 1 and chosen[0].disabled and not buttons(ana, "rf-choose-nomad")
    assert all(buttons(ana, f"rf-change-{c}") for c in before if c != "nomad")
