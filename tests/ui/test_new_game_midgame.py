"""Starting a new game while one is being played, without a browser: the Setup screen asks first,
naming the game that would be left (which stays saved and resumable); an accidental new game is
taken back with one tap while nothing is done in it, and every page shows the game left again."""

import pytest

from companion.rise_and_fall import GAME_LOG

from .test_game_screens import place_all_first_pieces
from .test_pages import page, play_first_card


def games(app) -> list[str]:
    return sorted(g.id for g in app.store.games(GAME_LOG) if g.problem is None)


def button_of(app, css: str):
    return next(b for row in app.setup.leave.widget.children for b in getattr(row, "children", [row])
                if css in getattr(b, "_dom_classes", ()))


@pytest.fixture
def playing(tmp_path):
    """Tablet 1 plays a game of Ana, Ben and Cy with the Guilds off (turn 1, a card chosen); tablet 2 is open too."""
    one = page(tmp_path)
    one.world.n_players.value = 3
    one.world.seed.value = 4
    one.world.random_btn.click()
    for i, n in enumerate(("Ana", "Ben", "Cy")):
        one.setup.names[i].value = n
    one.setup.start_btn.click()
    place_all_first_pieces(one)
    play_first_card(one)
    two = page(tmp_path)
    two.go_to("Setup")
    return one, two


def test_start_during_a_game_asks_first_naming_the_game_left(playing):
    one, two = playing
    old = one.hub.id
    assert two.setup.start_btn.description == "Start a new game…"
    two.setup.start_btn.click()
    assert games(two) == [old] and two.hub.id == old  # nothing started by the tap alone
    question = two.setup.leave.widget.children[0].value
    assert "A game is being played: the game of Ana, Ben and Cy, started" in question and "(turn 1)" in question
    assert "stays saved" in question and "without the Guilds" in question
    button_of(two, "rf-leave-no").click()
    assert two.setup.leave.widget.children == () and games(two) == [old]
    assert "Nothing was started" in two.setup.message.value


def test_an_accidental_new_game_is_taken_back_and_every_page_shows_the_game_left(playing):
    one, two = playing
    old = one.hub.id
    two.setup.start_btn.click()
    button_of(two, "rf-leave-yes").click()
    new = two.hub.id
    assert new != old and games(two) == sorted([old, new])
    assert one.poll() and one.hub.id == new  # the other tablet follows the new game, and says so
    back = button_of(two, "rf-back-to-game")
    assert back.description.startswith("Back to the game of Ana, Ben and Cy")
    back.click()
    assert games(two) == [old] and two.hub.id == old and two.hub.game.turn == 1
    assert "taken back" in two.setup.message.value
    assert one.poll() and one.hub.id == old  # the other tablet is back on the game being played
    assert "was taken back on another page" in one.setup.message.value
    third = page(one.store.root.parent)  # a page opened now opens on the game left
    assert third.hub.id == old


def test_once_the_new_game_has_begun_it_is_not_taken_back(playing):
    one, two = playing
    two.setup.start_btn.click()
    button_of(two, "rf-leave-yes").click()
    back = button_of(two, "rf-back-to-game")
    assert two.hub.game.phase == "placement"
    place_all_first_pieces(two)  # the new game begins
    assert not any("rf-back-to-game" in getattr(b, "_dom_classes", ()) for b in two.setup.leave.widget.children)
    new = two.hub.id
    back.click()  # a tap on the button as it was drawn before
    assert two.hub.id == new and len(games(two)) == 2 and "it stays" in two.setup.message.value


def test_a_question_answered_after_another_page_changed_the_game_starts_nothing(playing):
    one, two = playing
    two.setup.start_btn.click()
    one.setup.start_btn.click()
    button_of(one, "rf-leave-yes").click()  # tablet 1 starts a new game meanwhile
    two.poll()
    before = games(two)
    button_of(two, "rf-leave-yes").click()
    assert games(two) == before and "nothing was started" in two.setup.message.value
