"""Several pages on one table, without a browser: two ``App`` objects on one data directory are
two pages (two kernels) sharing only the logs. A page built before the others acted is a
preheated kernel; ``attach`` is the moment its page asks for it; ``poll`` is one look of the
coroutine that follows the other pages."""

from dataclasses import replace

import pytest

from companion.ui.app import App

from .test_game_screens import place_all_first_pieces, row_of, start_another_game


def page(tmp_path) -> App:
    return App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")


@pytest.fixture
def table(tmp_path):
    """A table with a random 3-player World, and a page preheated before anything else happened."""
    first = page(tmp_path)
    first.world.n_players.value = 3
    first.world.seed.value = 4
    first.world.random_btn.click()
    preheated = page(tmp_path)
    return first, preheated


def play_first_card(app: App) -> int:
    g = app.hub.game
    i = next(i for i in g.order() if not g.civs[i].played)
    button = next(b for b in row_of(app.game, g.civs[i].name) if "rf-play-city" in getattr(b, "_dom_classes", ()))
    button.click()
    return i


def answer(app: App, css: str):
    """A button of the question the Game screen asks."""
    return next(b for row in app.game.confirm.children[1:] for b in row.children if css in b._dom_classes)


def test_a_preheated_page_opens_on_what_the_log_says_now(table):
    first, preheated = table
    preheated.go_to("Game")  # built before any game existed
    assert "No game yet" in preheated.game.header.value
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    preheated.attach(live=False)  # its page asks for it
    assert preheated.hub.game == first.hub.game
    assert "Turn 1" in preheated.game.header.value and "No game yet" not in preheated.game.header.value
    assert preheated.world.build == first.world.build
    i = play_first_card(preheated)  # the first tap after the reload is not refused
    assert "another screen" not in preheated.game.message.value
    assert preheated.hub.game.civs[i].played == ("city",)


def test_a_preheated_page_shows_the_game_of_now_not_an_earlier_one(table, tmp_path):
    first, _ = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    earlier = first.hub.id
    preheated = page(tmp_path)  # the pool's next kernel, preheated during the first game
    preheated.go_to("Game")
    start_another_game(first.setup)  # the second game of the evening
    place_all_first_pieces(first)
    assert first.hub.id != earlier
    preheated.attach(live=False)
    assert preheated.hub.id == first.hub.id
    assert preheated.hub.game == first.hub.game
    assert "started" in preheated.game.header.value


def test_a_second_page_follows_by_itself(table):
    first, other = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    other.attach(live=False)
    other.go_to("Game")
    assert not other.poll()  # nothing new
    i = play_first_card(first)
    assert other.poll()
    assert other.hub.game == first.hub.game
    assert other.hub.game.civs[i].played == ("city",)
    j = play_first_card(other)  # and its own next tap is accepted
    assert "another screen" not in other.game.message.value
    assert first.poll() and first.hub.game.civs[j].played == ("city",)
    # the World too
    before = first.world.build
    other.world.new_world({"type": "setup", "players": 2, "first": 0})
    assert first.poll()
    assert first.world.build != before and first.world.build == other.world.build
    assert "another page" in first.world.message.value


def test_a_new_game_on_another_page_is_followed_and_an_old_button_is_refused(table, tmp_path):
    first, other = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    other.attach(live=False)
    g = other.hub.game
    i = g.order()[0]
    old_button = next(b for b in row_of(other.game, g.civs[i].name) if "rf-play-city" in getattr(b, "_dom_classes", ()))
    old_id = other.hub.id
    start_another_game(first.setup)  # a new game on the first page
    assert first.hub.id != old_id
    assert other.poll()
    assert other.hub.id == first.hub.id
    assert "A new game was started on another page" in other.game.message.value
    head = first.hub.session.log.head()
    old_button.click()  # drawn for the earlier game: refused, nothing written to the new one
    assert "That tap was for another game" in other.game.message.value
    assert first.hub.session.log.head() == head


def test_undo_on_a_finished_game_asks_first_and_says_what_it_undoes(table):
    first, _ = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    s = first.hub.session
    s._states[-1] = replace(first.hub.game, phase="over")  # the game just ended
    first.game.refresh()
    head = s.log.head()
    first.game.undo_btn.click()
    assert s.log.head() == head  # nothing undone yet
    asked = " ".join(getattr(w, "value", "") for w in first.game.confirm.children)
    assert "Reopen the finished game?" in asked and "places a" in asked and "the game of" in asked
    no = answer(first, "rf-reopen-no")
    no.click()
    assert s.log.head() == head and not first.game.confirm.children
    first.game.undo_btn.click()
    yes = answer(first, "rf-reopen-yes")
    yes.click()
    assert s.log.head() == head + 1 and s.log.entries()[-1].action == {"type": "undo"}
    assert first.hub.game.phase == "placement"


def test_a_question_asked_before_another_page_acted_is_not_obeyed(table):
    first, other = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    other.attach(live=False)
    s = first.hub.session
    s._states[-1] = replace(first.hub.game, phase="over")
    first.game.refresh()
    first.game.undo_btn.click()
    yes = answer(first, "rf-reopen-yes")
    play_first_card(other)
    first.poll()
    head = s.log.head()
    yes.click()
    assert s.log.head() == head
    assert "changed since the question" in first.game.message.value
    assert not first.game.confirm.children


def test_dark_and_a_plus_are_each_devices_own(table):
    """A phone's Light never turns the tablet light: Dark and A+ hold for the device that chose them."""
    first, other = table
    other.attach(live=False)
    first.toggle_dark()
    first.toggle_large()
    assert {"rf-dark", "rf-large"} <= set(first.widget._dom_classes)
    other.poll()
    assert not {"rf-dark", "rf-large"} & set(other.widget._dom_classes)
    assert not first.settings.path.exists()  # nothing written for every device


def test_a_page_that_stops_beating_goes_quiet_and_a_beat_catches_it_up(table):
    """A closed page's kernel must fall idle to be let go: once the page has stopped beating its
    heartbeat, the follow loop sends nothing more; shown again, the page beats and is up to date."""
    import asyncio

    from companion.ui import app as app_module

    first, other = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    other.attach(live=False)
    other.go_to("Game")
    assert other.page_watching()  # a page that never beat (JupyterLab) always follows
    other.heartbeat.value = "1"  # the page's script beats
    assert other.page_watching()
    other._last_beat -= app_module.QUIET_AFTER + 1  # ... then stops (closed, hidden, asleep)
    assert not other.page_watching()
    i = play_first_card(first)

    async def follow_a_while() -> None:
        other.follow_other_pages()
        await asyncio.sleep(5 * app_module.POLL_SECONDS)
        other._watcher.cancel()

    asyncio.run(follow_a_while())
    assert other.hub.game.civs[i].played == ()  # quiet: nothing was followed, nothing sent
    other.heartbeat.value = "2"  # the page is shown again
    assert other.page_watching()
    assert other.hub.game.civs[i].played == ("city",)  # caught up by the beat itself


def test_a_voila_page_is_followed_from_its_first_beat_its_widgets_drawn(table, monkeypatch):
    """A Voilà page's kernel changes nothing on it before the page has drawn its widgets (its first beat): a
    widget made while the page is still opening may never reach it, and a box showing it draws a script error
    in its place (a phone still opening when another phone ended its actions)."""
    first, other = table
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    other.attach(live=False)
    other.go_to("Game")
    assert not other.page_watching()  # still opening: nothing is followed
    first.setup.start_btn.click()
    assert other.hub.session is None or other.hub.session.head != first.hub.session.head
    other.heartbeat.value = "1"  # its widgets are drawn: it beats, and catches up at once
    assert other.page_watching()
    assert other.hub.session is not None and other.hub.session.head == first.hub.session.head
    monkeypatch.delenv("VOILA_KERNEL_ID")
    other.attach(live=False)
    other._last_beat = None
    assert other.page_watching()  # JupyterLab: no page beats, it is always followed


def test_a_tap_drawn_before_another_screen_acted_is_refused_even_after_the_page_followed(table):
    """Two tablets: the second page's button reaches its kernel only after the first page's tap
    changed the game and the second page has drawn the change. The tap was aimed at the game as
    it was: refused with a sentence (not obeyed on a state the player never saw); the page's fresh
    buttons are obeyed."""
    first, other = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    other.attach(live=False)
    other.go_to("Game")
    g = other.hub.game
    k = g.order()[1]
    old_button = next(b for b in row_of(other.game, g.civs[k].name) if "rf-play-city" in getattr(b, "_dom_classes", ()))
    head = other.hub.session.log.head()
    play_first_card(first)  # the first page plays the first player's card
    assert other.poll()  # the second page draws it...
    old_button.click()  # ... and then its tap drawn before arrives
    assert "changed on another screen just before that tap" in other.game.message.value
    assert other.hub.session.log.head() == head + 1  # only the first page's action
    assert other.hub.game.civs[k].played == ()
    j = play_first_card(other)  # drawn again: obeyed
    assert j == k and "another screen" not in other.game.message.value
    assert other.hub.session.log.head() == head + 2


def test_taps_one_after_another_on_one_page_are_obeyed_before_it_is_drawn_again(table):
    """Pass the tablet in phase A: Ben taps his card before the page has drawn Ana's. Ana's
    change was made on this page, in front of Ben: his tap is obeyed."""
    first, _ = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    first.go_to("Game")
    g = first.hub.game
    a, b = g.order()[0], g.order()[1]
    ben = next(x for x in row_of(first.game, g.civs[b].name) if "rf-play-city" in getattr(x, "_dom_classes", ()))
    ana = next(x for x in row_of(first.game, g.civs[a].name) if "rf-play-city" in getattr(x, "_dom_classes", ()))
    ana.click()
    ben.click()  # drawn before Ana's tap
    assert first.hub.game.civs[a].played == ("city",) and first.hub.game.civs[b].played == ("city",)
    assert "another screen" not in first.game.message.value


def test_a_page_looks_more_often_for_a_while_after_another_page_changed_the_game(table):
    """Changes at a table come in bursts: after it followed another page's change, a page looks
    every BURST_POLL_SECONDS for BURST_SECONDS, then again every POLL_SECONDS (idle pages stay cheap)."""
    from companion.ui import app as app_module

    first, other = table
    first.setup.start_btn.click()
    place_all_first_pieces(first)
    other.go_to("Game")  # the other page shows the game (a page on the World does not read the game's log)
    other.attach(live=False)
    assert other.poll_interval() == app_module.POLL_SECONDS  # nothing followed yet
    play_first_card(first)
    other._follow_once()
    assert other.poll_interval() == app_module.BURST_POLL_SECONDS < app_module.POLL_SECONDS
    later = other._changed_at + app_module.BURST_SECONDS + 0.1
    assert other.poll_interval(now=later) == app_module.POLL_SECONDS
    other._changed_at = None
    other._follow_once()  # nothing new: the page stays slow
    assert other.poll_interval() == app_module.POLL_SECONDS
