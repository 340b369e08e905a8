"""The Rise and Fall (1989) screens of the second evening, without a browser: a scenario started, Eastern Rome's
first turn recorded, a nation corrected, a withdrawal and the turn its player comes back, the B4 form, the
revolt procedure reloaded mid-way, the winner on the Chart screen and on a phone, the printable chart."""

from __future__ import annotations

import base64
import html
import re

from companion.gamelog import GameStore
from companion.rome1989.screens import Rome1989Screens
from companion.rome1989.screens.seat import open_seat
from companion.seats import Seats
from tests.rulebooks import quote

from .helpers import Table, pick_areas

GAME = "rise-and-fall-1989"


def start(tmp_path, scenario=""):
    s = Rome1989Screens(Table(GameStore(tmp_path)))
    s.scenario.value = scenario
    s.start_btn.click()
    return s


#: Western Rome's areas for a revolt that reaches its forces: Gallia (two infantry) revolts, the capitol never does
GALLIA_REVOLTS = "Italia 1 capitol\nGallia 6 2i\nHispania 6\nAfrica 4 1c"


def western_revolt(tmp_path, areas: str, table: int):
    """Six players, Western Rome's Revolt Procedure begun: its areas picked, the Revolt Table's number, Step 1."""
    s = start(tmp_path, "six-player")
    s.pick.value = "Western Rome"
    pick_areas(s.r_areas, areas)
    s.r_table_no.value = table
    s.r_start.click()
    return s


def table_dice(s, *steps: str) -> None:
    """Each step's dice, as the table rolled them, typed and used."""
    for dice in steps:
        s.r_dice.value = dice
        s.r_table.click()


def add(s, name, player="", kind="other", enters=None):
    s.n_name.value, s.n_kind.value, s.n_player.value = name, kind, player
    s.n_first.value, s.n_treasury.value, s.n_refund.value = 1, 0, 0
    if enters is not None:
        s.n_enters.value = enters
    s.add_btn.click()


def test_the_six_player_scenario_starts_eastern_rome_on_e1_and_its_turn_records(tmp_path):
    quote(GAME, "Eastern Rome begins the game with an income of 98, a refund rate of 10%, and starts on Empire "
          "turn 1 (E1).")
    s = start(tmp_path, "six-player")
    assert list(s.pick.options) == ["Western Rome", "Eastern Rome", "Persia"]
    assert s.session.state.chart.victory == {"points": 500}
    s.pick.value = "Eastern Rome"
    assert "E1: income 98" in s.preview.value
    s.record_btn.click()
    assert "rf-msg-error" not in s.message.value and s.session.state.chart.nation("Eastern Rome").turns
    assert "Eastern Rome&#x27;s turn 1 is recorded: status E." in s.message.value  # said where Record was tapped


def test_a_nation_is_corrected_on_the_chart_screen_until_its_first_turn(tmp_path):
    s = start(tmp_path, "six-player")
    s.pick.value = "Eastern Rome"
    assert s.edit_btn.layout.visibility == "visible" and s.n_kind.value == "eastern-rome"
    s.n_player.value = "Cy"
    s.edit_btn.click()
    assert s.session.state.chart.nation("Eastern Rome").who == "Cy"
    s.record_btn.click()
    assert s.edit_btn.layout.visibility == "hidden"


def test_withdraw_and_come_back_on_the_right_turn(tmp_path):
    quote(GAME, "This is a three turn process: the player withdraws his group at the beginning of his turn, on the "
          "next turn he declares which new barbarian nation he will enter as, and on the third turn he enters the game.")
    s = start(tmp_path)
    add(s, "Goths", "Ann")
    for income in (5, 6):
        s.fields["areas_income"].value = income
        s.record_btn.click()
    assert s.withdraw_btn.layout.display != "none" and "Quit" in s.withdraw_btn.description
    s.withdraw_btn.click()
    assert s.session.state.result.nation("Goths").closing_treasury == 0
    assert s.back_btn.layout.display != "none" and "enters on 5" in s.phase1.value
    s.back_btn.click()
    assert s.n_enters.value == 5 and s.n_player.value == "Ann"
    s.n_name.value = "Goths"  # the same group again (8.1)
    s.add_btn.click()
    assert s.nation == "Goths (2)" and s.session.state.chart.nation("Goths (2)").enters == 5


def test_rome_without_its_capitol_goes_out(tmp_path):
    s = start(tmp_path, "six-player")
    s.pick.value = "Western Rome"
    s.record_btn.click()
    assert "lost its capitol" in s.withdraw_btn.description
    s.withdraw_btn.click()
    assert s.session.state.result.nation("Western Rome").closing_treasury == 0


def test_the_b4_form_does_not_carry_the_levies(tmp_path):
    s = start(tmp_path)
    add(s, "Goths", "Ann")
    for _ in range(3):
        s.fields["areas_income"].value = 5
        s.fields["levy_revolt_values"].value = 6
        s.fields["levies_spent"].value = 12
        s.record_btn.click()
    s.table_die.value = 9
    s.tap_die_btn.click()
    assert s.fields["levy_revolt_values"].value == 0
    s.record_btn.click()
    assert "rf-msg-error" not in s.message.value and len(s.session.state.chart.nation("Goths").turns) == 4


def test_the_preview_follows_every_keystroke(tmp_path):
    s = start(tmp_path)
    add(s, "Goths", "Ann")
    assert s.fields["areas_income"].continuous_update
    s.fields["areas_income"].value = 12
    assert "B1: income 12" in s.preview.value
    s.fields["areas_income"].value = 0
    s.fields["areas_income"].text.value = "012"  # "0" shown, "12" typed after it: the field shows 12
    assert s.fields["areas_income"].text.value == "12" and "B1: income 12" in s.preview.value


def test_a_revolt_reloaded_at_every_step_returns_to_the_same_step(tmp_path):
    s = western_revolt(tmp_path, GALLIA_REVOLTS, 3)
    steps = []
    for dice in ("1 6", "4 7", "7"):
        again = Rome1989Screens(Table(s.store))
        assert again.r_step.value == s.r_step.value and again.r_out.value == s.r_out.value
        assert again.r_areas.areas == s.r_areas.areas == s.session.state.areas_of("Western Rome")  # kept
        steps.append(s.session.state.procedure.step)
        s.r_dice.value = dice
        s.r_table.click()
    assert steps == [2, 3, 4] and "Revolting forces: Gallia 4" in s.r_step.value
    assert "no die" not in s.r_out.value and "Italia" not in s.r_out.value.split("Checked:")[1]
    assert {r.nation for r in s.session.state.rolls} == {"Western Rome"}


def test_when_no_area_revolts_the_screen_says_so(tmp_path):
    s = western_revolt(tmp_path, "Italia 1 capitol\nGallia 6", 1)  # less the 10 % refund: no die
    assert "no area revolts" in s.r_step.value


def test_the_winner_on_the_chart_screen_on_every_phone_and_on_the_printable_chart(tmp_path):
    s = start(tmp_path)
    s.goal_points.value = 20
    s.goal.value = "points"
    s.start_btn.click()
    add(s, "Goths", "Cy")
    s.fields["areas_income"].value = 25
    s.record_btn.click()
    assert "Cy has won: 25 points" in s.winner.value
    phone = open_seat(s.store, Seats(s.session.log).all()[0].token)
    assert "Cy has won: 25 points" in phone.winner.value
    svg = base64.b64decode(re.search(r"image/svg\+xml;base64,([^']+)", s.links.value).group(1)).decode()
    assert "Cy has won: 25 points" in html.unescape(svg) and "Players: Cy 25.0" in svg
    assert s.session.state.title in html.unescape(svg)


def test_a_table_stopping_early_ends_its_game(tmp_path):
    from companion.rome1989.contract import CONTRACTS

    s = Rome1989Screens(Table(GameStore(tmp_path)))
    s.start_btn.click()
    add(s, "Goths", "Ann")
    s.record_btn.click()
    s.end_btn.click()  # nobody has reached 500: asked first, then the game ends unfinished (History reads the log)
    assert not s.session.state.over and s.end_ask.asking
    s.end_ask.widget.children[1].children[0].click()
    assert s.session.state.over and "The game was ended unfinished: nobody reached the goal." in s.message.value
    assert "unfinished" in CONTRACTS["chart"].outcome(s.session.state).sentence
    # the end on the tablet's screens, whichever it shows: Chart, Revolt, Combat and Leaders say it, nothing offers
    # to play on (Revolt and Combat said nothing of it)
    assert s.over_line in s.screen("Revolt").children and s.over_line in s.screen("Combat").children
    for shown in (s.winner.value, s.leaders.value, s.over_line.value):
        assert "The game was ended unfinished" in shown and "Undo reopens it" in shown, shown
    assert s.record_btn.disabled and s.end_btn.layout.visibility == "hidden"
    again = Rome1989Screens(Table(GameStore(tmp_path)))  # a page opened afterwards says it too
    assert "The game was ended unfinished" in again.leaders.value and again.record_btn.disabled


def test_step_1_over_a_procedure_with_its_dice_asks_before_starting_again(tmp_path):
    """A finished revolt's Step 1 tapped again wiped its dice and forces without a word: it asks first; No keeps it,
    Yes starts again from step 1, and Undo brings the procedure back."""
    s = western_revolt(tmp_path, GALLIA_REVOLTS, 3)
    table_dice(s, "1 6", "4 7", "7")
    played, head = s.session.state.procedure, s.session.head
    assert played.forces_dice == (7,)
    s.r_start.click()
    assert s.r_ask.asking and "Start it again from step 1?" in s.r_ask.widget.children[0].value
    assert (s.session.state.procedure, s.session.head) == (played, head)  # nothing written
    s.r_ask.widget.children[1].children[1].click()  # No, keep it
    assert not s.r_ask.asking and s.session.state.procedure == played and "kept as it is" in s.message.value
    s.r_start.click()
    s.r_ask.widget.children[1].children[0].click()  # Start again
    again = s.session.state.procedure
    assert again.nation == "Western Rome" and again.step == 2 and not again.rebellion and not again.forces_dice
    s.undo_btn.click()
    assert s.session.state.procedure == played


def test_step_1_of_a_procedure_without_dice_starts_at_once(tmp_path):
    s = western_revolt(tmp_path, "Italia 1 capitol\nGallia 6 2i", 3)
    s.r_table_no.value = 4  # the number corrected before any die: started again, nothing asked
    s.r_start.click()
    assert not s.r_ask.asking and s.session.state.procedure.table == 4
