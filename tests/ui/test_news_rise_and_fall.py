"""The table hears what happened: an action made on one page is told on every other page that follows the log
(the tablet's Game screen, each phone's seat page) in its place for answers, and not again on the page that
made it. A phone never hears a card that still lies face down."""

import html
import random

from rise_and_fall.test_tracker import legal

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TrackerRules

from . import test_seat_page
from .test_seat_page import log_state, tap

table = test_seat_page.table  # a 3-player game at phase A of turn 1, its tablet and its phones


def seat_message(app) -> str:
    return app.rooms["seat"].message.value


def game_message(tablet) -> str:
    return tablet.game.message.value


def test_a_card_played_on_a_phone_is_told_on_the_tablet_and_the_other_phones_not_which(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    names = [civ.name for civ in tablet.hub.game.civs]
    pa, pb = phone(a), phone(b)
    tap(pa, "rf-choose-ship")
    said = seat_message(pa)
    for page, message in ((tablet, game_message), (pb, seat_message)):
        page.poll()
        heard = message(page)
        assert f"{html.escape(names[a])} places a Civilization card face down." in heard
        assert "Ship" not in heard  # the card lies face down until all are revealed
    pa.poll()
    assert seat_message(pa) == said  # the phone that chose says its own answer, once, and hears nothing of it


def test_the_end_of_a_turn_recycling_and_the_first_player_token_are_told_everywhere(table):
    """The last End turn of a turn, on a phone: the tablet and the other phones hear the turn's end, who
    recycles and who has the First Player token now."""
    tablet, phone = table
    s = Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules())
    rnd = random.Random(5)
    for _ in range(2000):  # the table plays on the side until a turn whose last End turn passes the token
        g = s.state
        to_end = [o for o in legal(g) if o["type"] == "end-turn"]
        last = g.phase == "B" and len(g.to_move()) == 1 and g.acting == g.order()[-1] and to_end
        if last and any(not c.hand for c in g.civs):  # someone recycles at the end of this turn
            break
        opts = [o for o in legal(g) if o["type"] != "act"] or legal(g)
        s.do(rnd.choice(opts))
    else:
        raise AssertionError("no turn ended with a recycling")
    turn, first = s.state.turn, s.state.first
    acting = s.state.acting
    other = next(i for i in range(3) if i != acting)
    pa, po = phone(acting), phone(other)
    tablet.poll()
    tap(pa, "rf-end-turn")
    after = log_state(tablet)
    assert after.turn == turn + 1 and after.first != first
    token = f"The First Player token passes to {html.escape(after.civs[after.first].name)}."
    for page, message in ((tablet, game_message), (po, seat_message)):
        page.poll()
        heard = message(page)
        assert f"Turn {turn} ends." in heard and "recycles: the discard pile goes back to the hand." in heard
        assert token in heard and f"Turn {turn + 1} begins." in heard
    said = seat_message(pa)
    pa.poll()
    assert seat_message(pa) == said and said.count("The First Player token passes") == 1


def test_the_tablets_action_is_told_on_the_phones_and_not_again_on_the_tablet(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pc = phone(c)
    tablet.game.play(a, "city")
    said = game_message(tablet)
    pc.poll()
    assert "places a Civilization card face down." in seat_message(pc) and "City" not in seat_message(pc)
    tablet.poll()
    assert game_message(tablet) == said
