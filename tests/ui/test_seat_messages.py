"""A phone's message never outlives the state it was about: said at one point of the game's log,
it goes as soon as the log moves on (another phone's choice, the tablet's Undo, the next turn),
exactly as on the tablet (``follow_subject``)."""

import random

from rise_and_fall.test_tracker import legal

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TrackerRules

from . import test_seat_page
from .test_seat_page import log_state, tap, texts

CHOSEN = "You may change your mind until the last player has chosen"

table = test_seat_page.table  # the fixture: a 3-player game at phase A of turn 1, and its phones


def message(app) -> str:
    return app.rooms["seat"].message.value


def test_chosen_goes_when_another_player_chooses_and_never_reaches_phase_b(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pa, pb, pc = phone(a), phone(b), phone(c)
    tap(pa, "rf-choose-ship")
    assert CHOSEN in message(pa)
    tap(pb, "rf-choose-city")
    pa.poll()
    assert CHOSEN not in message(pa)  # the log moved on: the message said at Ana's choice is gone
    assert "places a Civilization card face down." in message(pa) and "City" not in message(pa)  # the news of it
    assert "Chosen: <b>Ship</b><br>Face down until every player has chosen" in texts(pa)  # what stays true is drawn from the log
    tap(pc, "rf-choose-nomad")
    for p in (pa, pb):
        p.poll()
    assert log_state(tablet).phase == "B"
    assert all(CHOSEN not in message(p) and "Chosen:" not in message(p) for p in (pa, pb, pc))


def test_the_tablets_undo_of_the_reveal_clears_the_reveal_on_the_last_phone(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pa, pb, pc = phone(a), phone(b), phone(c)
    tap(pb, "rf-choose-city")
    tap(pa, "rf-choose-ship")
    tap(pc, "rf-choose-nomad")  # the last choice: every card is revealed
    assert "All cards are revealed" in message(pc)
    tablet.poll()
    tablet.game.undo()
    assert log_state(tablet).phase == "A" and c in log_state(tablet).to_move()
    pc.poll()
    assert "All cards are revealed" not in message(pc) and "1 action taken back on another page." in message(pc)
    assert "rf-choose-nomad" in texts(pc)  # Cy chooses again, and nothing says the cards are shown


def test_a_message_of_an_earlier_turn_is_gone_when_the_game_moved_on(table):
    """The last phone to act ends the turn: what it is told says the turn ended (not a sentence about
    a Decline zone read as the new turn's), and it goes with the next player's choice."""
    tablet, phone = table
    s = Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules())
    rnd = random.Random(5)
    for _ in range(200):  # phase A and B by the table, up to the last player's End turn
        to_end = [o for o in legal(s.state) if o["type"] == "end-turn"]
        if s.state.phase == "B" and len(s.state.to_move()) == 1 and s.state.acting == s.state.order()[-1] and to_end:
            break
        opts = [o for o in legal(s.state) if o["type"] != "act"] or legal(s.state)
        s.do(rnd.choice(opts))
    last = s.state.acting
    turn = s.state.turn
    p = phone(last)
    tap(p, "rf-end-turn")
    state = log_state(tablet)
    assert state.turn == turn + 1  # no Trophy in the first turn: nothing owed to Decline, the turn ends at once
    said = message(p)
    assert "The Decline zone is empty" in said and said.count(f"Turn {turn} ends. ") == 1 and f"Turn {turn + 1} begins." in said
    other = next(i for i in state.to_move() if i != last)
    tap(phone(other), "rf-choose-" + sorted(state.civs[other].hand)[0])
    p.poll()
    assert "Decline zone" not in message(p) and "Turn" not in message(p)  # the news of the next choice only


def test_an_error_goes_with_the_state_it_was_about(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pb = phone(b)
    assert not pb.rooms["seat"].send({"type": "play", "player": a, "card": "city"})
    assert "acts for" in message(pb)
    pb.poll()
    assert "acts for" in message(pb)  # nothing changed: the sentence stays
    tap(phone(a), "rf-choose-city")
    pb.poll()
    assert "acts for" not in message(pb) and "places a Civilization card face down." in message(pb)


def test_a_phone_ends_its_actions_by_itself_after_its_last_piece_as_the_tablet_does(table):
    tablet, phone = table
    order = tablet.hub.game.order()
    phones = {i: phone(i) for i in order}
    for i in order:
        tap(phones[i], "rf-choose-city")
    g = log_state(tablet)
    assert g.phase == "B" and g.act_limit == 1  # one City each: it acts once
    acting = g.acting
    p = phones[acting]
    p.poll()
    tap(p, "rf-act-city-tax-plains")
    after = log_state(tablet)
    assert after.acting != acting or after.phase != "B"  # no "End my actions" left to tap
    last = Session(GameStore(tablet.store.root).open(tablet.hub.id), TrackerRules()).history()[-1].action
    assert last["type"] == "act" and last["then"] == "end-actions" and last["player"] == acting  # one tap, one entry
    assert "Your actions end: every City has acted." in message(p)
