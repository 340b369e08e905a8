"""A phone's seat page following its game's file (any game's seat page uses it): a look with no change
costs nothing and draws nothing, another device's action is replayed and drawn, a change of the seats
alone is taken in without a redraw, and a Reseat refuses the phone at its next look."""

from companion.gamelog import GameStore, Session
from companion.seats import Seats
from companion.ui.seat_follow import SeatFollow

from .plain_game import Steps, started


class Page:
    """A seat page of seat 1, on its own connection to the game's file."""

    def __init__(self, tmp_path) -> None:
        self.store = GameStore(tmp_path)
        self.tablet = started(self.store)
        token = Seats(self.tablet.log).ensure(2)[1].token
        self.session: Session | None = Session(self.store.open(self.tablet.log.path.stem), Steps())
        self.seat: int | None = 1
        self.events: list[str] = []
        self.follow = SeatFollow(lambda: self.session, lambda: self.seat, token, self.refuse,
                                 lambda: self.events.append("drawn"), self.events.append)
        self.follow.seen()

    def refuse(self) -> None:
        self.events.append("refused")
        self.seat = None


def test_a_look_without_a_change_does_nothing(tmp_path):
    page = Page(tmp_path)
    assert page.follow.holds()
    assert page.follow.poll() is False and page.events == []


def test_another_device_s_action_is_replayed_and_drawn_once(tmp_path):
    page = Page(tmp_path)
    page.tablet.do({"type": "play", "who": "tablet"})
    assert page.follow.poll() is True
    assert page.session.state == ["setup", "tablet"] and page.events == ["noticed", "replayed", "drawn", "updated"]
    assert page.follow.poll() is False and page.events.count("drawn") == 1


def test_a_change_of_the_seats_alone_is_taken_in_without_a_redraw(tmp_path):
    page = Page(tmp_path)
    Seats(page.tablet.log).taken(0)  # another phone opened its seat
    assert page.follow.poll() is True and page.events == ["noticed"]


def test_a_reseat_refuses_the_phone_at_its_next_look(tmp_path):
    page = Page(tmp_path)
    Seats(page.tablet.log).reseat(1)
    assert page.follow.poll() is True and page.events == ["noticed", "refused"] and not page.follow.holds()


def test_what_the_page_took_in_itself_is_not_drawn_again(tmp_path):
    page = Page(tmp_path)
    page.tablet.do({"type": "play", "who": "tablet"})
    page.session.refresh()  # the page replayed it itself (before its own action) and drew it
    page.follow.seen()
    assert page.follow.poll() is False and page.events == []


def test_no_game_no_look(tmp_path):
    page = Page(tmp_path)
    page.session = None
    assert page.follow.poll() is False and not page.follow.holds()
