"""The New World panel takes the players as typed: the First player list follows their names while
they are typed, a random World is built for them (not for Red, Yellow and Green), and Setup says
which World and which Tales the game will be played on."""

import pytest

from companion.rise_and_fall.variants.tales import tales as T
from companion.ui.app import App


@pytest.fixture
def app(tmp_path):
    return App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")


def type_players(s, names):
    s.n_players.value = len(names)
    for box, name in zip(s.names, names):
        box.value = name


def test_the_first_player_list_follows_the_names_as_typed(app):
    s = app.world
    type_players(s, ["Ana", "Ben", "Cy"])
    assert [label for label, _ in s.first_pick.options] == ["Draw at random", "Ana", "Ben", "Cy"]
    s.first_pick.value = 1
    s.names[1].value = "Benedict"
    assert [label for label, _ in s.first_pick.options][2] == "Benedict" and s.first_pick.value == 1  # still Ben, renamed
    s.names[2].value = ""
    assert [label for label, _ in s.first_pick.options][3] == s.colours[2].value.title()


@pytest.mark.parametrize("tales", [False, True])
def test_a_random_world_is_built_for_the_players_typed_above(app, tales):
    s = app.world
    type_players(s, ["Ana", "Ben", "Cy"])
    s.colours[0].value = "blue"
    s.first_pick.value = 2
    s.tales_check.value = tales
    s.seed.value = 3
    s.random_btn.click()
    b = s.build
    assert list(b.names) == ["Ana", "Ben", "Cy"] and b.colours[0] == "blue" and b.first == 2
    assert "Red" not in s.status.value and "Ana, Ben, Cy" in s.message.value
    app.go_to("Setup")
    assert [box.value for box in app.setup.names[:3]] == ["Ana", "Ben", "Cy"]  # Setup offers the World's players


def test_setup_says_which_world_and_which_tales(app):
    s = app.world
    type_players(s, ["Ana", "Ben", "Cy"])
    s.seed.value = 4
    s.random_btn.click()
    app.go_to("Setup")
    line = app.setup.world_line.value
    assert "Random 3-player World, seed 4" in line and "none (no Tales drawn)" in line
    app.go_to("World")
    s.tales_check.value = True
    s.random_btn.click()
    app.go_to("Setup")
    line = app.setup.world_line.value
    drawn = T.draw(3, 4)
    assert "with Tales, seed 4" in line
    for n in drawn:
        assert T.tale(n).name in line.replace("&#x27;", "'")
