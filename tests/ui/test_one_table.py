"""One table for every game, without a browser: the shell's pieces as Mountain King, Rise and Fall (1989)
and Rise! use them — a sentence in the slot of the screen tapped (never on another screen, its room kept),
a stale sentence cleared, New game asking before it leaves a game in progress, the list of games that
opens the game left, a phone on a game the table has left refusing to write, Undo after the end asking."""

from __future__ import annotations

import html

import pytest

from companion.gamelog import GameStore
from companion.rome1989.screens.seat import open_seat
from companion.seats import Seats
from companion.ui.app import App
from companion.ui.follow import LEFT


def app_on(tmp_path, game: str) -> App:
    return App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game=game)


def slot_text(w) -> str:
    return html.unescape(w.value)


def mk_started(app: App, names: str = "Blue, Yellow") -> None:
    app.go_to("Board")
    app.room.names.value = names
    app.room.new_btn.click()


def mk_play(room) -> None:
    """Something played in Mountain King's game (its random player's next legal action)."""
    import random

    from companion import games

    g, rng = games.get("mountain-king"), random.Random(3)
    while len(room.session.applied) < 2:
        room.act(g.random_action("game", room.state, rng))


def mk_vote_refused(app: App):
    """Mountain King started, and a Vote tapped with no player chosen on the Clan board (refused)."""
    mk_started(app)
    mk = app.room
    app.go_to("Clan board")
    mk.vote_player.value = None
    mk.vote_btn.click()
    return mk


def rome_started(app: App, title: str = "Tuesday") -> None:
    r = app.room
    app.go_to("Chart")
    r.title.value = title
    r.start_btn.click()
    r.n_name.value, r.n_kind.value, r.n_player.value = "Goths", "other", "Ann"
    r.add_btn.click()


# --- 1. a sentence where the finger is ------------------------------------------------------------

def test_every_screen_of_every_game_has_a_reserved_slot_for_its_answers(tmp_path):
    for game, screens in (("mountain-king", ("Honour", "Clan board", "Score the Wave", "Scorepad", "Board")),
                          ("rise-and-fall-1989", ("Chart", "Revolt", "Combat", "Leaders"))):
        app = app_on(tmp_path, game)
        for name in screens:
            app.go_to(name)
            shown = app.body.children[0]
            slot = app.room.answers.slot(name)
            assert "rf-message-slot" in slot._dom_classes  # its room kept, empty or not
            assert _holds(shown, slot), f"{game}'s {name} screen does not show its own slot"
    app = app_on(tmp_path, "rise")
    assert _holds(app.body.children[0], app.room.answers.slot("Play"))


def _holds(box, w) -> bool:
    if box is w:
        return True
    return any(_holds(c, w) for c in getattr(box, "children", ()))


def test_a_refusal_on_mountain_kings_clan_board_is_said_there_not_at_the_top_of_another_screen(tmp_path):
    app = app_on(tmp_path, "mountain-king")
    mk = mk_vote_refused(app)
    clan = mk.answers.slot("Clan board")
    assert "gains the Votes" in slot_text(clan) and "rf-msg-error" in clan.value
    assert all(not w.value for name, w in mk.answers.slots.items() if name != "Clan board")
    app.go_to("Honour")  # another screen: the sentence is not carried there
    assert not any(w.value for w in mk.answers.slots.values())


def test_mountain_kings_honour_tap_is_answered_on_honour_below_the_choices_and_above_the_buttons(tmp_path):
    app = app_on(tmp_path, "mountain-king")
    mk_started(app)
    mk = app.room
    app.go_to("Honour")
    mk_play(mk)
    assert slot_text(mk.answers.slot("Honour"))
    page = list(mk.pages["Honour"].children[1].children)
    assert page.index(mk.answers.slot("Honour")) < page.index(mk.offers)  # beside the buttons, not in the bar at the top
    assert mk.offers.layout.min_height  # choosing a player fills a room kept for the buttons: nothing below moves


def test_a_refusal_on_1989s_combat_and_revolt_screens_is_said_on_that_screen(tmp_path):
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app)
    r = app.room
    app.go_to("Combat")
    r.battle_panel.start_btn.click()  # no unit picked
    assert "Pick the attacker's units" in slot_text(r.answers.slot("Combat"))
    assert not r.answers.slot("Chart").value
    app.go_to("Revolt")
    r.r_app.click()
    assert "Start the procedure first" in slot_text(r.answers.slot("Revolt")) and not r.answers.slot("Combat").value


def test_a_battles_answer_is_said_beside_its_dice_and_goes_when_the_game_moves_on(tmp_path):
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app)
    r = app.room
    app.go_to("Combat")
    c = r.battle_panel
    c.counts["mine"]["infantry"].value = 2
    c.opponent.value = "Independent area"
    c.counts["theirs"]["infantry"].value = 1
    c.start_btn.click()
    c.dice.value = "9"
    c.table_btn.click()
    assert "Step 5" in slot_text(r.answers.slot("Combat: battle")) and not r.answers.slot("Combat").value
    r.session.undo()
    r.refresh()
    assert not r.answers.slot("Combat: battle").value  # a sentence about a step the log no longer holds


def test_a_sentence_about_an_earlier_point_of_the_game_is_cleared_when_another_page_moves_it(tmp_path):
    app = app_on(tmp_path, "mountain-king")
    mk = mk_vote_refused(app)
    assert mk.answers.slot("Clan board").value
    other = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="mountain-king").room
    mk_play(other)
    said = mk.answers.slot("Clan board").value
    assert mk.poll()
    assert mk.answers.slot("Clan board").value != said  # the news of the other page's play, not the old sentence


# --- 2. games ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["mountain-king", "rise-and-fall-1989", "rise"])
def test_new_game_over_a_game_in_progress_asks_naming_it_and_the_list_opens_it_again(tmp_path, game):
    app = app_on(tmp_path, game)
    room = app.room
    if game == "mountain-king":
        mk_started(app, "Blue, Yellow")
        app.go_to("Honour")
        mk_play(room)
        app.go_to("Board")
    elif game == "rise-and-fall-1989":
        rome_started(app, "Tuesday")
    else:
        room.tap((2, 0))
    first = room.session.log.path.stem
    title = room.session.log.meta()["title"]
    room.new_btn.click() if game != "rise-and-fall-1989" else room.start_btn.click()
    assert room.session.log.path.stem == first  # asked first: nothing started yet
    question = slot_text(room.new_question.widget.children[0])
    assert "A game is in progress" in question and title in question
    room.new_question.widget.children[1].children[1].click()  # No, keep playing
    assert room.session.log.path.stem == first and "still" in slot_text(room.message)
    room.new_btn.click() if game != "rise-and-fall-1989" else room.start_btn.click()
    room.new_question.widget.children[1].children[0].click()  # Yes
    assert room.session.log.path.stem != first and "in the list of games" in slot_text(room.message)
    room.games.refresh()
    lines = room.games.titles()
    assert len(lines) == 2 and html.escape(title) in lines[1] and "in progress" in lines[1]  # newest first
    room.games.open_buttons()[1].click()
    assert room.session.log.path.stem == first and "Opened" in slot_text(room.message)
    # the game opened is the most recently used now, but the list keeps its order: a second tap on the same row
    # opens nothing else (it reordered, and the row under the finger was the other game)
    ids = [next(c for c in b._dom_classes if c.startswith("rf-games-open-")) for b in room.games.open_buttons()]
    assert ids[1] == f"rf-games-open-{first}", ids
    assert room.games.open_buttons()[1].disabled and not room.games.open_buttons()[0].disabled


def test_new_game_over_a_game_with_no_play_asks_nothing(tmp_path):
    app = app_on(tmp_path, "mountain-king")
    mk_started(app, "Blue, Yellow")
    first = app.room.session.log.path.stem
    mk_started(app, "Ana, Ben")
    assert app.room.session.log.path.stem != first and not app.room.new_question.widget.children


def test_a_phone_on_a_game_the_table_has_left_refuses_to_write_into_it(tmp_path):
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app, "Tuesday")
    tablet = app.room
    old = tablet.session
    token = Seats(old.log).all()[0].token
    phone = open_seat(GameStore(tmp_path / "d"), token)
    assert list(phone.pick.options) == ["Goths"]
    tablet.start_btn.click()
    tablet.new_question.widget.children[1].children[0].click()  # a new game: the table leaves Tuesday
    assert tablet.session is not old
    head = old.log.head()
    assert phone.poll()  # the phone sees at once that its game was left
    assert not phone.act({"type": "turn", "nation": "Goths", "turn": {"status": "B", "areas_income": 5, "capitol_on_board": False}})
    assert LEFT in slot_text(phone.message) and old.log.head() == head  # nothing written
    tablet.games.refresh()
    tablet.games.open_buttons()[1].click()  # the table comes back to Tuesday: it takes taps again
    again = open_seat(GameStore(tmp_path / "d"), token)
    assert again.act({"type": "turn", "nation": "Goths", "turn": {"status": "B", "areas_income": 5, "capitol_on_board": False}})


# --- 3. the end and Undo -----------------------------------------------------------------------------

def test_undo_after_1989s_end_asks_to_reopen_and_says_what_it_reopened(tmp_path):
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app, "Tuesday")
    r = app.room
    app.go_to("Leaders")
    assert r.act({"type": "end", "unfinished": True})  # the table stops early
    assert r.state.over
    app.go_to("Chart")
    r.undo_btn.click()
    assert r.state.over and "Reopen the finished game? This is Tuesday" in r.undo_bar.confirm.children[0].value
    r.undo_bar.confirm.children[1].children[0].click()
    assert not r.state.over and "Reopened Tuesday. Undone: the end of the game." in slot_text(r.answers.slot("Chart"))


def test_undo_says_what_it_took_back_in_mountain_king(tmp_path):
    app = app_on(tmp_path, "mountain-king")
    mk_started(app)
    mk = app.room
    app.go_to("Honour")
    mk_play(mk)
    mk.undo_btn.click()
    assert slot_text(mk.answers.slot("Undo")).count("Took back: ") == 1  # beside Undo, on the bar's row
    assert not slot_text(mk.answers.slot("Honour"))


def test_1989s_end_before_the_goal_asks_and_the_table_may_play_on_or_end_it_unfinished(tmp_path):
    """The rules refuse an end nobody won (`no-winner`) and name the end unfinished instead: the table is asked."""
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app)
    r = app.room
    app.go_to("Leaders")
    head = r.session.head
    r.end_btn.click()
    assert r.session.head == head and r.end_ask.asking, "asked first: nothing written"
    assert "Nobody has reached the goal" in html.unescape(r.end_ask.widget.children[0].value)
    no = r.end_ask.widget.children[1].children[1]
    no.click()
    assert r.session.head == head and not r.state.over and "goes on" in slot_text(r.answers.slot("Leaders"))
    r.end_btn.click()
    yes = r.end_ask.widget.children[1].children[0]
    yes.click()
    assert r.state.over and r.session.applied[-1].action == {"type": "end", "unfinished": True}


def test_a_yes_given_after_another_page_moved_the_game_does_nothing(tmp_path):
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app)
    r = app.room
    app.go_to("Leaders")
    r.end_btn.click()
    yes = r.end_ask.widget.children[1].children[0]
    other = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall-1989").room
    other.session.do({"type": "nation", "name": "Huns", "kind": "other", "player": "Bo"})
    r.poll()
    head = r.session.head
    yes.click()
    assert r.session.head == head and not r.state.over
    assert "changed on another page" in slot_text(r.answers.slot("Leaders"))


# --- a tap means what the player saw ---------------------------------------------------------------

def test_two_quick_taps_on_1989s_record_write_one_turn_and_refuse_the_other(tmp_path):
    """The second tap was made on the button drawn for the turn just recorded: it carries that turn's point."""
    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app)
    r = app.room
    app.go_to("Chart")
    first = r.record_btn.button  # both taps land on the button the player saw
    head = r.session.head
    first.click()
    assert r.session.head == head + 1
    first.click()
    assert r.session.head == head + 1, "the second quick tap wrote nothing"
    said = slot_text(r.answers.slot("Chart"))
    assert "before the game changed" in said and "Why?" in said
    assert r.record_btn.button is not first  # the question changed: a new button in its place


def test_a_tap_drawn_before_another_page_moved_the_game_is_refused_by_the_log(tmp_path):
    from companion.errors import IllegalAction

    app = app_on(tmp_path, "rise-and-fall-1989")
    rome_started(app)
    s = app.room.session
    with pytest.raises(IllegalAction) as e:
        s.do({"type": "nation", "name": "Huns", "kind": "other", "player": "Bo"}, seen=s.head - 1)
    assert e.value.rule == "stale-tap"
    s.do({"type": "nation", "name": "Huns", "kind": "other", "player": "Bo"}, seen=s.head)
