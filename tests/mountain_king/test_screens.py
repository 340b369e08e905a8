"""The screens without a kernel: buttons clicked, a game played from setup to the winner, a reload mid-walk."""

from __future__ import annotations

import json

import pytest

from companion.gamelog import GameStore
from companion.history import FinishedGames
from companion.mountain_king.screens import SCREENS, MountainKingScreens

from .helpers import example_text


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path)


def click(screen_buttons, label: str):
    for b in screen_buttons:
        if b.description.startswith(label):
            b.click()
            return
    raise AssertionError(f"no button {label!r} among {[b.description for b in screen_buttons]}")


def test_a_game_from_setup_through_three_waves_to_history(store):
    s = MountainKingScreens(store)
    assert set(s.pages) == set(SCREENS) and "No game yet" in s.status.value
    s.names.value = "Blue, Yellow, <b>Pink</b>"
    s.new_btn.click()
    assert s.state.players == ("Blue", "Yellow", "<b>Pink</b>") and "placeholder board" in s.status.value
    assert "<b>Pink</b>" not in s.track.value and "&lt;b&gt;Pink&lt;/b&gt;" in s.track.value  # escaped in the SVG
    s.player.value = "Blue"
    click(s.invasions.children, "Next invasion")
    click(s.offers.children, "First Fallen (Wave I): +2")
    assert s.state.honour("Blue") == 2 and "+2 Honour (First Fallen (Wave I))" in s.message.value
    click(s.offers.children, "Fallen Troll (later in the invasion): +2")
    s.strength.value = 3
    click(s.offers.children, "Defeated Gnomes (strength 3): +3")
    assert s.state.honour("Blue") == 7 and "Defeated Gnomes (strength 3)" in s.taps_list.value
    s.undo_btn.click()
    assert s.state.honour("Blue") == 4
    s.redo_btn.click()
    s.vote_player.value, s.vote_clan.value, s.vote_count.value = "Yellow", "moss", 2
    s.vote_btn.click()
    assert "Yellow 2" in s.clans.value
    s.end_btn.click()
    assert s.state.scoring and "Moss: who controls moss-1?" in s.walk_status.value
    click(s.fast.children, "Yellow")
    for st, n in zip(s.troll_steppers.values(), (2, 1, 0)):
        st.value = n
    s.enter_btn.click()  # moss-2: Blue 2, Yellow 1
    assert s.state.walk["moss-2"].trolls == {"Blue": 2, "Yellow": 1}
    again = MountainKingScreens(store)  # a reload in the middle of the walk
    assert again.state == s.state and "(3 of " in again.walk_status.value
    again.score_btn.click()
    assert again.state.wave == 2 and again.state.honour("Blue") == 7 + 6 and again.state.honour("Yellow") == 6
    again.end_btn.click()
    again.score_btn.click()
    again.end_btn.click()
    halls = len(again.state.board.great_halls)
    again.hall_values.value = " ".join(["12"] * halls)
    again.halls_btn.click()
    for d, t in again.tile_inputs.items():
        t.value = "9 5 3"
    again.tiles_btn.click()
    again.elder_steppers["<b>Pink</b>"].value = 7
    assert again.state.elders == {"<b>Pink</b>": 7}
    again.score_btn.click()
    assert again.state.finished and "wins" in again.walk_status.value
    kept = FinishedGames(store.root).finished("mountain-king")
    assert len(kept) == 1 and kept[0].winners == list(again.state.winners)
    assert kept[0].scores["<b>Pink</b>"]["wave 3 elders"] == 17 and kept[0].problem is None
    from companion.ui.history_screen import scorepad_html

    shown = scorepad_html(kept[0])
    assert "Wave 3 Elders" in shown and "&lt;b&gt;Pink&lt;/b&gt;" in shown
    again.pad_btn.click()
    assert "Download PNG" in again.pad_downloads.value and "Wave III: Elders" in again.pad.value


def test_a_refusal_shows_the_rule_s_sentence_and_changes_nothing(store):
    s = MountainKingScreens(store)
    s.names.value = "Blue"
    s.new_btn.click()
    assert "2 to 5 players" in s.message.value and s.session is None and store.games() == []


def test_the_wave_file_is_exported_and_one_is_opened_into_the_walk(store):
    s = MountainKingScreens(store)
    s.names.value = "Blue, Yellow, Pink"
    s.new_btn.click()
    s.end_btn.click()
    doc = json.loads(example_text(0))
    doc["wave"] = 1
    doc["caverns"] = [{"id": "moss-1", "domain": "moss", "trolls": {"Pink": 2}}, {"id": "ice-2", "domain": "ice", "gnomes": 1}]
    s.open_wave(json.dumps(doc).encode())
    assert s.state.walk["moss-1"].trolls == {"Pink": 2} and s.state.walk["ice-2"].gnomes == 1
    s._export_wave()
    assert "mountain-king-wave-1.json" in s.wave_downloads.value
    out = json.loads(s.wave_file())
    assert out["format"] == "mountain-king/wave" and out["wave"] == 1
    s.open_wave(b"{nope")
    assert "json:" in s.message.value


def test_the_board_is_entered_once_and_used_by_the_next_game(store):
    s = MountainKingScreens(store)
    s.side.value = "2-3"
    assert "Placeholder board" in s.board_form_pic.value
    s.counts["moss"].value = 6
    s.gates["moss"].value = "1 6"
    s.halls_text.value = "moss-5 moss-6 ice-4"
    s.save_board_btn.click()
    assert "saved" in s.message.value and "Placeholder board" not in s.board_form_pic.value
    s.names.value = "A, B"
    s.new_btn.click()
    b = s.state.board
    assert not b.placeholder and len(b.of("moss")) == 6 and b.great_halls == (("moss-5", "moss-6", "ice-4"),)
    assert "placeholder" not in s.status.value


def test_the_shelf_opens_the_game_with_its_five_screens_and_continue_resumes_it(tmp_path):
    from companion import games
    from companion.ui.app import App

    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    assert any("Fall of the Mountain King" in t.children[1].value and "2–5 players" in t.children[1].value
               for t in app.shelf.tiles.children)
    room = app.choose("mountain-king")
    assert app.screens() == list(SCREENS)
    for name in SCREENS:
        app.go_to(name)
        assert app.body.children == (room.screen(name),)
    room.names.value = "Blue, Yellow"
    room.new_btn.click()
    room.end_btn.click()
    assert games.get("mountain-king").random_action("game", room.state, __import__("random").Random(1)) is not None
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    from companion.ui.shelf import last_unfinished

    last, _ = last_unfinished(again.store)
    assert last is not None and last.game.id == "mountain-king"
    again.resume(last)
    assert again.place == "Score the Wave" and again.room.state.scoring


def test_supplies_and_the_domains_scored_so_far_are_shown(store):
    s = MountainKingScreens(store)
    s.names.value = "Blue, Yellow"
    s.new_btn.click()
    s.supply_player.value = "Blue"
    s.supply_symbols.value = 2
    s.supply_wild.value = 1
    s.supply_btn.click()
    assert "9 supplies = base 6 + 2 Supply symbols" in s.supply_list.value
    s.end_btn.click()
    click(s.fast.children, "Blue")
    click(s.fast.children, "Blue")
    click(s.fast.children, "Overrun")
    assert "Moss (1 overrun): Blue 2 → +7" in s.so_far.value  # below the buttons: they stay put as it grows


def test_dark_draws_the_pictures_in_the_dark_theme(store):
    dark = [False]
    s = MountainKingScreens(store, dark=lambda: dark[0])
    s.names.value = "Blue, Yellow"
    s.new_btn.click()
    assert "#f4efe4" in s.track.value
    dark[0] = True
    s.settings_changed()
    assert "#1f1c1a" in s.track.value and "#1f1c1a" in s.board_form_pic.value


def test_a_second_page_follows_the_new_game_started_on_the_first(tmp_path):
    from companion.ui.follow import NEW_ELSEWHERE

    one, two = MountainKingScreens(GameStore(tmp_path)), MountainKingScreens(GameStore(tmp_path))
    one.names.value = "Blue, Yellow, Pink"
    one.new_btn.click()
    assert two.poll() and two.state.players == ("Blue", "Yellow", "Pink") and NEW_ELSEWHERE in two.message.value
    one.names.value = "Ana, Ben"
    one.new_btn.click()
    assert two.poll() and two.state.players == ("Ana", "Ben")
    assert not two.poll()  # nothing more: nothing redrawn
