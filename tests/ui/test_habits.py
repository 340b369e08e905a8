"""A table's habits: last time's players offered again; the First Player chosen or drawn."""

from companion.ui.app import App
from companion.ui.habits import Habits


def test_the_last_players_are_offered_again_on_the_next_visit(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    w = a.world
    w.n_players.value = 2
    w.names[0].value, w.names[1].value = "Ben", "Ada"
    w.colours[0].value, w.colours[1].value = "yellow", "purple"
    w.start_btn.click()
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # a reload, another evening
    assert again.world.n_players.value == 2
    assert [again.world.names[i].value for i in range(2)] == ["Ben", "Ada"]
    assert [again.world.colours[i].value for i in range(2)] == ["yellow", "purple"]


def test_setup_offers_last_times_players_for_a_world_that_never_named_them(tmp_path):
    Habits(tmp_path / "d").remember_players(["Ben", "Ada", "Cy"], ["yellow", "purple", "green"])
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.n_players.value = 3
    a.world.seed.value = 4
    a.world.random_btn.click()  # a random World names its players after their colours
    s = a.setup
    assert [s.names[i].value for i in range(3)] == ["Ben", "Ada", "Cy"]
    assert [s.colours[i].value for i in range(3)] == ["yellow", "purple", "green"]


def test_the_first_player_is_chosen_or_drawn(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.n_players.value = 3
    a.world.seed.value = 4
    a.world.random_btn.click()
    s = a.setup
    assert [label for label, _ in s.first_pick.options] == ["Draw at random", "Red", "Yellow", "Green"]
    s.names[2].value = "Cy"
    assert s.first_pick.options[3][0] == "Cy"  # the list follows the names as they are typed
    s.first_pick.value = 2
    s.start_btn.click()
    assert a.hub.game.first == 2 and "Cy has the First Player token" in s.message.value
    assert Habits(tmp_path / "d").players()[2] == ("Cy", "green")


def test_a_damaged_habits_file_means_no_habits(tmp_path):
    (tmp_path / "habits.json").write_text("{nope")
    h = Habits(tmp_path)
    assert h.players() == []
    assert h.seat(3, ["red", "yellow", "green", "blue"]) == [("Red", "red"), ("Yellow", "yellow"), ("Green", "green")]
    h.remember_players(["Ben"], ["red"])
    assert h.players() == [("Ben", "red")]
