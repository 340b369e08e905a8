"""Every game's pages hear what another page did: Mountain King's and Rise!'s second tablet, 1989's tablet and a
player's phone. An action on one page; ``poll()`` on the other; the news (``Contract.news``) is in the answer slot
of the screen in front there, and the page that acted does not hear its own action again."""

from __future__ import annotations

import html

from companion.gamelog import GameStore
from companion.rome1989.screens.seat import open_seat
from companion.seats import Seats
from companion.ui.app import App

from .test_one_table import app_on, mk_play, mk_started, rome_started, slot_text


def last_news(session) -> list[str]:
    """What the contract says of the last action of a page's log (the news the other pages are to hear)."""
    states = session.states()
    return session.contract.news(states[-2], session.applied[-1].action, states[-1], None)


def test_mountain_king_a_second_tablet_hears_the_honour_gained_on_the_first(tmp_path):
    app = app_on(tmp_path, "mountain-king")
    mk_started(app)
    app.go_to("Honour")
    mk = app.room
    other = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="mountain-king").room
    mk_play(other)
    said = other.answers.message.value
    news = last_news(other.session)
    assert news and mk.poll()
    heard = slot_text(mk.answers.slot("Honour"))
    assert all(s in heard for s in news)
    assert not other.poll() and other.answers.message.value == said  # the page that acted says it once


def test_rise_the_other_tablet_hears_the_move_and_whose_turn_it_is(tmp_path):
    app = app_on(tmp_path, "rise")
    room = app.room
    room.tap((2, 0))  # Red's first action: a Land Tile, which ends the first turn
    assert room.session is not None
    other = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise").room
    other.open_game(room.session.log.path.stem)
    import random

    from companion import games

    assert room.act(games.get("rise").random_action("game", room.session.state, random.Random(2)))
    said = room.message.value
    assert other.poll()
    heard = slot_text(other.message)
    assert all(s in heard for s in last_news(room.session)) and "Blue: " in heard
    assert not room.poll() and room.message.value == said


def test_1989_a_phone_hears_a_turn_recorded_on_the_tablet_and_the_tablet_a_nation_added_elsewhere(tmp_path):
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app, "Tuesday")
    tablet = app.room
    token = Seats(tablet.session.log).all()[0].token
    phone = open_seat(GameStore(tmp_path / "d"), token)
    other = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall-1989").room
    other.session.do({"type": "nation", "name": "Huns", "kind": "other", "player": "Bo"})
    assert tablet.poll()
    assert "Huns joins the game, played by Bo." in slot_text(tablet.message)
    assert phone.poll()
    assert "Huns joins the game, played by Bo." in slot_text(phone.message)
    said = phone.message.value
    assert not phone.poll() and phone.message.value == said


def test_news_is_escaped_where_it_is_shown(tmp_path):
    """A player's name is the table's own text: the news shows it as text, never as markup."""
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app, "Tuesday")
    tablet = app.room
    other = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall-1989").room
    other.session.do({"type": "nation", "name": "Huns", "kind": "other", "player": "<b>Bo</b>"})
    assert tablet.poll()
    assert "<b>Bo</b>" not in tablet.message.value and html.escape("<b>Bo</b>") in tablet.message.value
