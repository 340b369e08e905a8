"""The tablet and the phone offer the acting player the same buttons, drawn from one pure list
(``play/offers.py``), for positions reached by random legal play; each tap is one entry of the log."""

import itertools
import random
import re

import ipywidgets as W
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rise_and_fall.test_tracker import legal

from companion.rise_and_fall.play.offers import card_offers, choice_offers, guild_offer, in_order_offer
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.guilds.variant import guild_marks

from . import test_seat_page
from .test_game_screens import row_of
from .test_seat_guilds import at_table
from .test_seat_page import open_table, tap, walk

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


CHOICE = re.compile(r"rf-(play|choose|change|decline|buy)-([a-z]+)$|rf-(pass|in-order)$")


def choices(widgets) -> list[tuple[str, str]]:
    """The choices of phases A, C and D drawn among ``widgets`` (label, what it chooses), in their
    order; a card played is 'rf-play-…' on the tablet and 'rf-choose-…' on the phone."""
    out = []
    for w in widgets:
        if not isinstance(w, (W.Button, W.ToggleButton)) or w.disabled or w.layout.display == "none":
            continue
        for c in w._dom_classes:
            m = CHOICE.match(c)
            if m and c not in ("rf-play-random",):
                kind = "play" if m.group(1) == "choose" else m.group(1)
                out.append((w.description, f"{kind}-{m.group(2)}" if kind else m.group(3)))
    return out


def from_offers(offers) -> list[tuple[str, str]]:
    return [(o.label, o.css.removeprefix("rf-")) for o in offers if o.enabled]


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**6), st.sampled_from((2, 3, 4)))
def test_the_tablet_and_the_phone_offer_the_same_choices_in_phases_a_c_and_d(tmp_path_factory, monkeypatch, seed, players):
    """Phase A's cards, phase C's cards into Decline, phase D's purchases, in random legal games: a
    player's row on the tablet (their phone not looked at) and their phone draw the same offers
    (play/offers.py); the phone adds the changes of mind of a card already face down, which the
    tablet never shows."""
    tablet, phone = open_table(tmp_path_factory.mktemp("alike"), monkeypatch, seed=seed % 50, players=players)
    hub = tablet.hub
    phones = {i: phone(i) for i in hub.game.order()}
    monkeypatch.setattr(hub, "phones", set)  # the tablet draws every player's row, as for a table without phones
    rng = random.Random(seed)
    seen: dict[str, int] = {}  # how many positions of each phase were compared
    for _ in range(2000):
        g = hub.game
        if g.phase == "over" or all(seen.get(p, 0) >= 2 for p in "ACD"):
            break
        if g.phase in "CD" or g.phase == "A" and seen.get("A", 0) < 8:  # phase A comes every turn: its first positions
            tablet.game.refresh()
            for i in g.order():
                seat = phones[i]
                seat.poll()
                on_phone = choices(walk(seat.rooms["seat"].controls))
                offers = choice_offers(g, i)
                assert on_phone == from_offers(offers) + (from_offers([in_order_offer(g)]) if in_order_offer(g) else [])
                if i in g.to_move():
                    on_tablet = choices(row_of(tablet.game, g.civs[i].name))
                    assert on_tablet == from_offers(o for o in offers if o.action["type"] != "change"), (on_tablet, offers)
                    assert set(on_tablet) <= set(on_phone)
            if g.phase == "D" and in_order_offer(g):
                assert choices(walk(tablet.game.controls))[-1] == from_offers([in_order_offer(g)])[0]
            seen[g.phase] = seen.get(g.phase, 0) + 1
        hub.session.do(rng.choice(legal(g)))  # the screens are drawn only where they are compared
    assert all(seen.get(p) for p in "ACD"), seen


def a_choice(g, i: int) -> dict:
    """The first marking of player ``i``'s cards dealt that the rules take, as its action."""
    marks = [m for _, m in guild_marks(g, i)]
    offers = (guild_offer(g, i, list(zip(g.dealt[i], ms))) for ms in itertools.product(marks, repeat=len(g.dealt[i])))
    return next(o.action for o in offers if o.enabled)


@pytest.mark.parametrize("levels", [("novice", "expert", "normal"), ("experienced", "normal", "novice", "expert")])
def test_the_tablet_and_the_phone_offer_the_same_marks_for_the_guild_cards_dealt(tmp_path, monkeypatch, levels):
    """Each player's Guild cards dealt, on the tablet (their cards shown on asking) and on their phone:
    the same marks (the Guilds' ``guild_marks``) for every card, at every handicap level."""
    n = len(levels)
    start = {"type": "setup", "players": [{"name": f"P{k + 1}", "colour": c} for k, c in zip(range(n), ("red", "yellow", "green", "blue"))],
             "first": 0, "tracker_version": 3, "guilds": {"levels": list(levels), "dealt": G.deal(random.Random(n), n)}}
    tablet, phone = at_table(tmp_path, monkeypatch, start)
    tablet.go_to("Setup")
    draft = tablet.setup.draft
    draft.phones = set  # the tablet offers every player's choice, as for a table without phones
    for _ in range(n):
        g = tablet.hub.game
        i = draft.chooser()
        seat = phone(i)
        draft.refresh()
        tap(tablet, "rf-guild-show")
        on_tablet = [tuple(b.options) for b in walk(draft.widget) if isinstance(b, W.ToggleButtons) and "rf-guild-pick" in b._dom_classes]
        on_phone = [tuple(b.options) for b in walk(seat.widget) if isinstance(b, W.ToggleButtons) and "rf-guild-pick" in b._dom_classes]
        assert on_tablet == on_phone == [tuple(guild_marks(g, i))] * len(g.dealt[i]), (on_tablet, on_phone)
        tablet.hub.do(a_choice(g, i))
    assert tablet.hub.game.phase == "placement"
