"""A page following its game's file (any game's screens use it). A phone's seat page: a look with no change
costs nothing and draws nothing, another device's action is replayed and drawn, a change of the seats alone
is taken in without a redraw, and a Reseat refuses the phone at its next look. A tablet's screen: it replays
only when another page moved the log, and a file it cannot read says why."""

from companion.gamelog import DamagedGame, GameStore, Session
from companion.seats import Seats
from companion.ui.follow import SeatFollow, caught_up

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
    Seats(page.tablet.log).taken(0, Seats(page.tablet.log).all()[0].token)  # another phone opened its seat
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
    # the next look notices the file changed since the last one (it asks whether the seat still holds: a Reseat
    # may have come with it), and draws nothing: the page holds that action already
    assert page.follow.poll() is True and page.events == ["noticed"]
    assert page.follow.poll() is False and page.events == ["noticed"]


def test_no_game_no_look(tmp_path):
    page = Page(tmp_path)
    page.session = None
    assert page.follow.poll() is False and not page.follow.holds()


# --- a screen on the tablet ------------------------------------------------------------------------
def test_a_screen_catches_up_only_when_another_page_moved_the_log(tmp_path):
    page = Page(tmp_path)
    errors: list[str] = []
    assert caught_up(page.session, errors.append) is False
    Seats(page.tablet.log).taken(0, Seats(page.tablet.log).all()[0].token)  # the file changed, the log did not
    assert caught_up(page.session, errors.append) is False
    page.tablet.do({"type": "play", "who": "tablet"})
    assert caught_up(page.session, errors.append) is True and page.session.state == ["setup", "tablet"]
    assert caught_up(page.session, errors.append) is False and caught_up(None, errors.append) is False
    assert errors == []


def test_a_log_that_cannot_be_read_says_why_and_counts_as_no_change(tmp_path):
    page = Page(tmp_path)
    page.tablet.do({"type": "play", "who": "tablet"})
    errors: list[str] = []

    def unreadable() -> int:
        raise DamagedGame("This game's file is damaged.")

    page.session.log.head = unreadable
    assert caught_up(page.session, errors.append) is False and errors == ["This game's file is damaged."]
    assert page.session.state == ["setup"]


def test_a_game_started_on_another_page_is_found_once_and_only_a_later_one(tmp_path):
    from companion.ui.follow import NewGames

    from .plain_game import KIND

    store = GameStore(tmp_path)
    shown = started(store, "the game of the evening")
    follow = NewGames(GameStore(tmp_path), KIND)  # another page's own connection to the folder
    assert follow.newer(shown) is None  # nothing new: nothing opened, nothing found
    store.start("test/other", "another game's log", Steps(), {"type": "setup", "who": "setup"})
    assert follow.newer(shown) is None  # another kind of game is not this page's
    newer = started(store, "a new game")
    assert follow.newer(shown) == newer.log.path.stem
    assert follow.newer(shown) is None  # found once: the page shows it now
    again = started(store, "and another")
    assert follow.newer(Session(store.open(again.log.path.stem), Steps())) is None  # the page's own new game
    (tmp_path / "games" / "broken.sqlite").write_bytes(b"not a game")
    assert follow.newer(shown) is None  # a damaged file is passed over (History lists it with its sentence)
    assert NewGames(GameStore(tmp_path / "none"), KIND).newer(None) is None  # no folder yet


def test_another_device_s_action_made_as_this_page_commits_its_own_is_still_drawn(tmp_path):
    """Two phones tap at the same moment: this page commits its action, the other phone commits right after,
    then this page takes in the file. The other phone's action is in the file but not in this page's game:
    the next look replays and draws it (it was taken for seen, and the phone kept the game of before)."""
    page = Page(tmp_path)
    page.session.do({"type": "play", "who": "phone"})  # this page's own action (not a change of another connection)
    page.tablet.refresh()
    page.tablet.do({"type": "play", "who": "tablet"})  # another device's, before this page says it has seen the file
    page.follow.seen()
    assert page.follow.poll() is True
    assert page.session.state == ["setup", "phone", "tablet"] and "drawn" in page.events


def test_a_reseat_made_as_this_page_commits_its_own_action_refuses_the_phone_at_its_next_look(tmp_path):
    """The tablet gives the seat a new code between this phone's own commit and its taking the file in: the head is
    the page's own, but the next look still sees the change and cuts the phone off (not only at its next tap)."""
    page = Page(tmp_path)
    page.session.do({"type": "play", "who": "phone"})
    Seats(page.tablet.log).reseat(1)
    page.follow.seen()
    assert page.follow.poll() is True and page.events == ["noticed", "refused"]


def test_a_file_that_cannot_be_read_as_the_page_takes_it_in_is_read_again_at_the_next_look(tmp_path):
    page = Page(tmp_path)
    page.session.log.head = lambda: (_ for _ in ()).throw(DamagedGame("The game file is damaged"))  # noqa: E731
    page.follow.seen()
    del page.session.log.head
    page.tablet.refresh()
    page.tablet.do({"type": "play", "who": "tablet"})
    assert page.follow.poll() is True and "drawn" in page.events
