"""The Rise and Fall (1989) screens without a browser: a game set up, nations added, turns recorded by
clicking, a status roll, a revolt and a combat with dice kept in the log, the leader board, History."""

from __future__ import annotations

import json

import pytest

from companion.rome1989.game import ChartRules
from companion.rome1989.screens import KIND
from companion.ui.app import App

from .helpers import example_bytes, pick_areas


@pytest.fixture
def app(tmp_path):
    return App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall-1989")


def add(s, name, kind="other", player="", first=1, treasury=0, refund=0):
    s.n_name.value, s.n_kind.value, s.n_player.value = name, kind, player
    s.n_first.value, s.n_treasury.value, s.n_refund.value = first, treasury, refund
    s.add_btn.click()


def test_a_game_played_on_the_chart_screen(tmp_path):
    from companion.gamelog import GameStore
    from companion.rome1989.screens import Rome1989Screens

    class Table:  # the page's shared parts a game's screens use
        def __init__(self, store):
            self.store = store
            self.kept = []

        def history(self):
            return self

        def keep(self, *args):
            self.kept.append(args)

        def history_screen(self, game):
            raise AssertionError

    table = Table(GameStore(tmp_path))
    s = Rome1989Screens(table)
    s.goal_points.value = 40
    s.title.value = "<b>Rome & Goths</b>"
    s.start_btn.click()
    add(s, "Goths", player="Ann <i>")
    assert "Goths joins the game, played by Ann &lt;i&gt;." in s.message.value  # said where Add was tapped
    assert s.n_player.value == ""  # the next nation's player typed anew, never Ann's carried over
    add(s, "Persia", "persia", player="Bo", first=6, treasury=20)
    assert list(s.pick.options) == ["Goths", "Persia"]
    s.pick.value = "Goths"
    s.fields["areas_income"].value = 5
    s.fields["levy_revolt_values"].value = 6
    s.fields["levies_spent"].value = 7  # 7 levy points cannot be spent on units of 3 and 5
    s.record_btn.click()
    assert "levy-cost" not in s.message.value and "cannot be spent" in s.message.value
    s.fields["levies_spent"].value = 12
    assert "cannot be spent" not in s.message.value  # the refusal spoke of the 7 typed then: gone with it
    assert "B1: income 5" in s.preview.value
    s.record_btn.click()
    assert s.session.state.chart.nation("Goths").turns[-1].levies_spent == 12
    assert "<td>B1</td>" in s.sheet.value and "Ann &lt;i&gt;" in s.sheet.value
    s.pick.value = "Persia"
    s.fields["areas_income"].value = 30
    s.fields["maintenance"].value = 10
    s.record_btn.click()
    persia = s.session.state.result.nation("Persia").turns[-1]
    assert (persia.label, persia.income, persia.final_treasury) == ("K6", 35, 45)
    # Persia has 17.5: the leader board and the goal
    assert "Bo 17.5" in s.leaders.value and "<svg" in s.leaders.value
    s.undo_btn.click()
    assert not s.session.state.chart.nation("Persia").turns
    s.redo_btn.click()
    assert s.session.state.chart.nation("Persia").turns
    # Goths: an ordinary turn needs only what changed
    s.pick.value = "Goths"
    assert s.fields["areas_income"].value == 5 and s.fields["levy_revolt_values"].value == 6
    s.fields["areas_income"].value = 38
    next(b for b in s.chips if b.description == "+2").click()
    assert s.fields["areas_income"].value == 40
    s.fields["levies_spent"].value = 0
    s.record_btn.click()
    assert s.session.state.winners == ("Ann <i>",)
    assert "Ann &lt;i&gt; has won" in s.leaders.value
    # combat: a battle of the log, step by step, its dice filed under its nation
    c = s.battle_panel
    assert s.nation == "Goths" and c.setup.layout.display != "none"
    c.counts["mine"]["cavalry"].value, c.attacks["mine"]["cavalry"].value = 2, 4  # picked, not typed
    c.counts["mine"]["infantry"].value, c.attacks["mine"]["infantry"].value = 2, 3
    c.opponent.value = "Independent area"
    c.counts["theirs"]["infantry"].value = 2
    c.defence["theirs"].value = -1
    c.start_btn.click()
    b = s.session.state.battle
    assert b.nation == "Goths" and b.step == 2 and c.setup.layout.display == "none"
    assert "Independent area fires first" in c.step.value
    c.dice.value = "1 2 3"
    c.table_btn.click()
    assert "2 units fire, so roll 2 dice" in s.message.value
    c.dice.value = "1 0"
    c.table_btn.click()
    assert s.session.state.rolls[-1].dice == (1, 10) and s.session.state.rolls[-1].nation == "Goths"
    assert [b.description for b in c.losses.children] == ["Lose 1 infantry", "Lose 1 cavalry"]
    c.losses.children[0].click()
    assert s.session.state.battle.attacker.count == 3 and c.retreat_btn.widget.layout.display != "none"
    c.app_btn.click()
    assert s.session.state.rolls[-1].by == "app" and len(s.session.state.battle.volleys) == 2
    assert c.retreat_btn.widget.layout.display == "none"  # an independent area may not retreat (12.2.6)
    assert s.session.state.battle.step in (9, 11) and not c.losses.children
    # Persia quits; Bo comes back as barbarians
    s.pick.value = "Persia"
    assert s.back_btn.layout.display == "none"
    s.fields["quit"].value = True
    s.record_btn.click()
    assert s.back_btn.layout.display != "none" and "quit" in s.phase1.value
    s.back_btn.click()
    assert s.n_player.value == "Bo" and s.n_kind.value == "other"
    assert s.n_enters.value == 2 + 3  # Persia quit on game turn 2: withdraw on 3, announce on 4, enter on 5
    s.n_name.value = "Sassanid <raiders>"
    s.add_btn.click()
    assert s.session.state.chart.nation("Sassanid <raiders>").who == "Bo"
    s.end_btn.click()
    assert s.session.state.over
    assert table.kept == []  # no screen writes History: it is read from the log
    from companion.history import FinishedGames

    [f] = FinishedGames(tmp_path).finished("rise-and-fall-1989")
    assert (f.id, f.world, f.winners) == (s.session.log.path.stem, "<b>Rome & Goths</b>", ["Ann <i>"])
    assert f.scores["Ann <i>"]["total"] == 45 and f.extra["vp_exact"]["Bo"] == "35"
    # a player's line names their own nations only, each with its points as the chart shows them
    assert [x["text"] for x in f.scores["Ann <i>"]["nation_lines"]] == ["Goths"]
    assert [x["text"] for x in f.scores["Bo"]["nation_lines"]] == ["Persia"]
    exported = json.loads(s.export_json())
    assert [n["name"] for n in exported["nations"]] == ["Goths", "Persia"]  # the Sassanids have not played


def test_a_status_roll_and_the_revolt_procedure(tmp_path):
    from companion.gamelog import GameStore
    from companion.rome1989.screens import Rome1989Screens

    s = Rome1989Screens(GameStore(tmp_path))
    s.goal.value = "none"
    s.start_btn.click()
    add(s, "Goths")
    for _ in range(4):
        s.record_btn.click()
    assert "must roll" in s.phase1.value and s.roll_row.layout.visibility == "visible"
    s.table_die.value = 2  # below 5: the Goths may become a kingdom now or on their next turn
    s.tap_die_btn.click()
    assert s.session.state.due_for("Goths") == ("K", "may") and s.roll_row.layout.visibility == "hidden"
    s.status.value = "K"
    assert s.fields["capitol_on_board"].value is True
    s.fields["areas_income"].value = 18
    s.record_btn.click()
    k1 = s.session.state.result.nation("Goths").turns[-1]
    assert (k1.label, k1.income, k1.bonus) == ("K1", 23, 25)
    # a revolt: Eastern Rome, an empire with a refund to check
    add(s, "Eastern Rome", "eastern-rome", treasury=50)
    s.fields["areas_income"].value = 90
    s.fields["revolt_table"].value = 2
    s.record_btn.click()
    assert "rf-msg-error" not in s.message.value, s.message.value
    pick_areas(s.r_areas, "Syria 6 2i\nThracia 1 capitol\nAchaea 4")
    s.r_table_no.value = 2  # E2's Revolt Table number: this turn's dice (7.1)
    s.r_start.click()
    assert s.session.state.procedure.due == 2 and "2 rebellion dice" in s.r_step.value
    s.r_dice.value = "6 4"
    s.r_table.click()
    assert "Syria ×1" in s.r_out.value and "Achaea ×1" in s.r_out.value
    s.r_dice.value = "3 5"  # Syria revolts on 4 or less (two infantry), Achaea on 4
    s.r_table.click()
    assert "Revolting: Syria" in s.r_out.value
    s.r_dice.value = "7"
    s.r_table.click()
    assert "Syria 4" in s.r_out.value and "Revolting forces: Syria 4" in s.r_step.value
    assert [r.purpose for r in s.session.state.rolls] == ["transition", "rebellion", "revolt", "forces"]


def test_a_chart_file_opens_as_a_game(tmp_path):
    from companion.gamelog import GameStore
    from companion.rome1989.screens import Rome1989Screens

    store = GameStore(tmp_path)
    s = Rome1989Screens(store)
    s.open_file(example_bytes(3), "example3.json")
    assert s.session.state.winners == ("Gisela",)
    assert "Export the chart file" in s.links.value and "Printable chart" in s.links.value
    s.open_file(b'{"format": "x"}', "bad.json")
    assert "format:" in s.message.value
    again = store.latest(KIND, ChartRules())
    assert again.state == s.session.state


def test_the_page_opens_the_game_with_its_bar_and_history(app):
    """On the dashboard: its own bar, an address, a game kept in History once it ends."""
    assert app.game_id == "rise-and-fall-1989"
    assert list(app.nav.options) == ["Chart", "Revolt", "Combat", "Leaders", "History", "Rules"]
    room = app.room
    room.goal_points.value = 10
    room.start_btn.click()
    add(room, "Huns", player="Gisela")
    room.fields["areas_income"].value = 12
    room.record_btn.click()
    app.go_to("Leaders")
    assert "Gisela has won" in room.leaders.value and app.query() == "game=rise-and-fall-1989&screen=leaders"
    room.end_btn.click()
    app.go_to("History")
    assert "1 finished game" in app._history.body.value


def test_a_second_page_follows_the_new_game_started_on_the_first(tmp_path):
    from companion.gamelog import GameStore
    from companion.rome1989.screens import Rome1989Screens
    from companion.ui.follow import NEW_ELSEWHERE

    one, two = Rome1989Screens(GameStore(tmp_path)), Rome1989Screens(GameStore(tmp_path))
    one.title.value = "Rome & Goths"
    one.start_btn.click()
    assert two.poll() and two.session.log.path == one.session.log.path and NEW_ELSEWHERE in two.message.value
    add(one, "Rome", "western-rome", "Ana")
    assert two.poll() and [n.name for n in two.session.state.chart.nations] == ["Rome"]
    one.title.value = "A second evening"
    one.start_btn.click()
    one.new_question.widget.children[1].children[0].click()  # Yes, start a new game (Rome & Goths is in progress)
    assert two.poll() and two.session.log.path == one.session.log.path and not two.session.state.chart.nations
    # the game left's nations are gone from both pages: an emptied row of choices is hidden (the page's buttons
    # are drawn anew only when there are some: emptied, the old ones stayed, dead to a tap), its room kept
    for page in (one, two):
        assert not page.pick.options and page.pick.layout.visibility == "hidden" and page.record_btn.disabled
    # said under New game, where the question was answered (not under Record turn, below the screen) ...
    said = {name: w.value for name, w in one.answers.slots.items() if w.value}
    assert list(said) == ["Chart: game"] and "A new game is started" in said["Chart: game"]
    # ... and the game left, opened again from the list, said under the list
    left = next(b for b in one.games.open_buttons() if not b.disabled)
    left.click()
    said = {name: w.value for name, w in one.answers.slots.items() if w.value}
    assert list(said) == ["Chart: games"] and "Opened Rome &amp; Goths." in said["Chart: games"]
    one.start_btn.click()
    one.new_question.widget.children[1].children[0].click()
    add(one, "Goths", "other", "Cy")
    assert list(one.pick.options) == ["Goths"] and one.pick.layout.visibility == "visible"


def test_add_nation_is_answered_under_it_and_the_list_of_games_follows_the_play(tmp_path):
    """Add nation's refusal under its button (it was said 200 px above it), and the tablet's list of games says the
    game is in progress once it has play in it (it said "not started" until a reload)."""
    from companion.gamelog import GameStore
    from companion.rome1989.screens import Rome1989Screens

    s = Rome1989Screens(GameStore(tmp_path))
    s.title.value = "Upright Rome"
    s.start_btn.click()
    assert "not started" in s.games.titles()[0]
    add(s, "Goths", player="Ann")
    assert "in progress" in s.games.titles()[0]
    add(s, "", player="Bo")
    said = {name: w.value for name, w in s.answers.slots.items() if w.value}
    assert list(said) == ["Chart: nations"] and "rf-msg-error" in said["Chart: nations"]
