"""The tablet's Reseat question on its own (any game's panel of seat codes uses it): it names the player and
whether a phone holds the seat, "No" keeps the code, "Yes" gives a new one and redraws the codes, and a "Yes"
answered after the seat or the game changed gives none."""

import ipywidgets as W

from companion.gamelog import GameStore, Session
from companion.seats import Seats
from companion.ui.reseat import ReseatQuestion

from .plain_game import started


def asked(tmp_path, players: int = 2):
    store = GameStore(tmp_path)
    session: list[Session | None] = [started(store)]
    Seats(session[0].log).ensure(players)
    message, drawn = W.HTML(), []
    question = ReseatQuestion(lambda: session[0], message, lambda: drawn.append(1), "x-reseat")
    return store, session, question, message, drawn


def answer(question: ReseatQuestion, which: str) -> None:
    row = question.widget.children[1]
    next(b for b in row.children if f"x-reseat-{which}" in b._dom_classes).click()


def test_no_keeps_the_code_and_yes_gives_a_new_one(tmp_path):
    _, session, question, message, drawn = asked(tmp_path)
    log = session[0].log
    old, other = Seats(log).all()[1].token, Seats(log).all()[0].token
    question.ask(1, "Bo <b>")
    said = question.widget.children[0].value
    assert "Reseat Bo &lt;b&gt;? The code shown now stops opening it, and it cannot be given back" in said
    assert Seats(log).all()[1].token == old  # asking changes nothing
    answer(question, "no")
    assert question.widget.children == () and "keeps its code" in message.value and Seats(log).all()[1].token == old
    Seats(log).taken(1, old)
    question.ask(1, "Bo")
    assert "Bo&#x27;s phone, which holds it now, stops showing the seat at once" in question.widget.children[0].value
    answer(question, "yes")
    assert Seats(log).all()[1].token != old and Seats(log).all()[0].token == other  # the other seat keeps its own
    assert "Bo's seat has a new code" in message.value.replace("&#x27;", "'") and drawn == [1]
    assert question.widget.children == ()


def test_a_yes_after_the_seat_or_the_game_changed_gives_no_new_code(tmp_path):
    store, session, question, message, drawn = asked(tmp_path)
    log = session[0].log
    question.ask(0, "Ann")
    newer = Seats(log).reseat(0).token  # another tablet reseats meanwhile
    answer(question, "yes")
    assert Seats(log).all()[0].token == newer and "changed since the question was asked" in message.value and not drawn
    question.ask(0, "Ann")
    other = started(store, "another game")
    Seats(other.log).ensure(2)
    kept = Seats(other.log).all()[0].token
    session[0] = other  # the tablet moved to another game before the answer
    answer(question, "yes")
    assert Seats(other.log).all()[0].token == kept and Seats(log).all()[0].token == newer and not drawn


def test_no_game_asks_nothing(tmp_path):
    _, session, question, _, _ = asked(tmp_path)
    session[0] = None
    question.ask(0, "Ann")
    assert question.widget.children == ()
