"""The Rise and Fall (1989) screens: each nation's chart as the paper sheet with its next turn to write, the
Phase 1 status roll, the revolt procedure and combat with dice, the leader board, the chart file.

A thin layer of widgets over :mod:`companion.rome1989.taps` (what is offered, what a tap means),
:mod:`companion.rome1989.view` (what is shown) and the log (:mod:`companion.rome1989.game`): every accepted
action goes to the log on disk before the screen changes; the screen is always drawn from the log.
"""

from __future__ import annotations

import base64
import html
import json
import random
import time
from typing import Any

import ipywidgets as W

from ...errors import CompanionError, IllegalAction, cut
from ...gamelog import GameStore, Session
from ...news import of_action
from ...ui.answer import Answers, place_of
from ...ui.ask import Ask
from ...ui.follow import NEW_ELSEWHERE, NewGames, clear_left, news_text, tell
from ...ui.fresh import FreshButton
from ...ui.games_list import GamesList, NewGameQuestion
from ...ui.undo_bar import UndoBar
from ...ui.widgets import NumberField, button, hbox, html_widget, own, plain_widget, read_only_html, set_options, vbox
from ...words import name_html, name_isolated
from ..chart import ChartFileError, one_decimal, read
from ..contract import Rome1989Contract
from ..dice import roll
from ..dice_file import DiceFileError
from ..dice_file import read as read_dice_file
from ..dice_log import dice_doc, dice_rows
from ..game import Action, ChartGame, ChartRules, from_chart, replayed
from ..meta import GAME_ID
from ..numbers import numbers
from ..procedure import RevoltFight, areas_doc, revolt_fights, summary
from ..scenarios import scenarios
from ..seats import describe
from ..taps import DELTAS, Draft, offer, read_dice, record
from ..view import chart_svg, leader_board_svg, sheet_html, standings, victory_sentence, winner_sentence
from .areas_editor import AreasEditor
from .battle_panel import BattlePanel, dice_html
from .dice_list import dice_list_html
from .seat_codes import KIND, SeatCodes

KINDS = ("other", "western-rome", "eastern-rome", "persia")
CSS = """<style>
.rf89 .rf89-scenario{max-width:100%;min-width:0}.rf89 .rf89-scenario select{min-width:0;max-width:100%}
.rf89 table.rf89-chart{border-collapse:collapse;background:#fffaf0;color:#3b2a12;font-family:Georgia,serif}
.rf89 table.rf89-chart th,.rf89 table.rf89-chart td{border:1px solid #c9b48a;padding:4px 6px;text-align:center;min-width:36px}
.rf89 table.rf89-chart th{font-size:12px;color:#8b1a1a}
@media (max-width:800px){.rf89 table.rf89-chart th,.rf89 table.rf89-chart td{padding:4px 2px}}
.rf89 .rf89-sheet-title{font-weight:bold;color:#8b1a1a;margin:6px 0}
@media (max-width:600px){.rf89 .rf89-dice th:nth-child(1),.rf89 .rf89-dice td:nth-child(1),.rf89 .rf89-dice th:nth-child(6),
 .rf89 .rf89-dice td:nth-child(6){display:none}.rf89 .rf89-dice table.rf89-chart td,.rf89 .rf89-dice table.rf89-chart th{padding:4px 3px}}
.rf89 .rf89-die{display:inline-block;width:44px;height:44px;line-height:44px;margin:2px;border-radius:8px;
 text-align:center;font-size:22px;font-weight:bold;background:#fffaf0;border:2px solid #3b2a12;color:#3b2a12}
.rf89 .rf89-die.rf89-hit{background:#8b1a1a;color:#fffaf0}
.rf89 .widget-button,.rf89 .widget-toggle-button{min-height:44px}
.rf89 input,.rf89 select{min-height:40px}
.rf89 a.rf89-link{display:inline-block;min-height:44px;line-height:44px;padding:0 14px;margin:2px 6px;
 border:1px solid #7a5c2e;border-radius:6px;color:#3b2a12;background:#fffaf0;text-decoration:none}
.rf89 .rf89-link-off{display:inline-block;min-height:44px;line-height:44px;padding:0 14px;margin:2px 6px;border:1px dashed #7a5c2e;
 border-radius:6px;color:#3b2a12;background:transparent}
</style>"""

CONTRACT = Rome1989Contract()  #: the game's end (its outcome's sentence), as every page says it


class Rome1989Screens:
    """The game's screens (``screens`` on its bar; ``screen(name)`` each one's widget)."""

    screens = ["Chart", "Revolt", "Combat", "Leaders", "History"]

    def __init__(self, table: Any) -> None:
        self.table = table
        self.store: GameStore = table.store if hasattr(table, "store") else table
        self.new_games = NewGames(self.store, KIND)  # a game started on another page: this page shows it too
        self.session: Session[ChartGame] | None = self.store.latest(KIND, ChartRules())
        self.nation: str | None = None
        self.draft: Draft | None = None
        self.answers = Answers(place_of(table), self._subject, lambda: read_only_html(self.session))
        self._build()
        self.refresh()
        self.games.refresh()  # filled as it is first drawn: the Chart, the first screen, is not shown again to fill it

    # --- the game ----------------------------------------------------------------------------------
    @property
    def state(self) -> ChartGame:
        return self.session.state if self.session is not None else ChartRules().initial()

    def rng(self) -> random.Random:
        """The app's dice: seeded by the game and the number of rolls so far (the dice are kept in the log)."""
        seed = self.session.log.meta().get("seed", 0) if self.session else 0
        return random.Random(f"{seed}:{len(self.state.rolls)}")

    def say(self, text: str, level: str = "info") -> None:
        self.answers.say(text, level)  # a game that can only be read says so beside it (the answers' note)

    @property
    def message(self) -> W.HTML:
        """The answer last said (its screen's slot)."""
        return self.answers.message

    @property
    def read_only_note(self) -> W.HTML:
        """Where a game that can only be read says so on the screen in front (its answers' slot)."""
        return self.answers.message

    def _subject(self) -> object:
        """What the screens ask now: the game, its point, the nation shown (a sentence about another goes)."""
        s = self.session
        return (s.log.path if s else None, s.head if s else 0, self.nation)

    def act(self, action: Action, seen: int | None = None) -> bool:
        """Send one action to the log (the rules check it first); a refusal shows the rule's sentence.
        ``seen``: the point of the log the tapped control was drawn at (refused if the game moved since)."""
        try:
            if self.session is None:
                raise CompanionError("Start a game first.")
            before = self.session.state
            self.session.do(action, seen=seen)
        except CompanionError as e:
            self.say(str(e), "error")
            return False
        self.say(" ".join(of_action(CONTRACT, before, action, self.state, action.get("seat"))))  # what the others hear
        self.refresh()
        if self.table is not None and (len(self.session.applied) <= 2 or before.over != self.state.over):
            self.games.refresh()  # the tablet's list says the game as it is now: in progress, finished (a phone has none)
        return True

    def new_game(self) -> None:
        """New game: asked first over a game in progress (it stays in the list of games)."""
        with self.answers.at("Chart: game"):
            self.new_question.new_game()

    def open_game(self, log_id: str) -> None:
        """A game of the list opened: the table's game again (said under the list, where Open was tapped)."""
        with self.answers.at("Chart: games"):
            try:
                self.session = Session(self.store.open(log_id), ChartRules())
            except CompanionError as e:
                self.say(str(e), "error")
                return
            self.nation, self.draft = None, None
            clear_left(self.session.log)
            self.refresh()
            self.say(f"Opened {self.state.title or 'the game'}.")
            self.games.refresh()

    def _start(self) -> bool:
        """The new game from the form (asked first over a game in progress): said under New game."""
        with self.answers.at("Chart: game"):
            return self._start_from_form()

    def _start_from_form(self) -> bool:
        goal = self.goal.value
        victory = None if goal == "none" else ({"scenario": "rome-solitaire"} if goal == "rome-solitaire"
                                                else {"points": int(self.goal_points.value)})
        title = self.title.value.strip() or f"Rise and Fall (1989), {time.strftime('%d %b %H:%M')}"
        setup: Action = {"type": "setup", "title": title, "victory": victory}
        if self.scenario.value:  # the scenario's goal and civilized nations, as the rulebook starts them
            setup = {"type": "setup", "title": title, "scenario": self.scenario.value}
        try:
            self.session = self.store.start(KIND, title, ChartRules(), setup,
                                            meta={"seed": random.SystemRandom().randrange(10**9)})
        except CompanionError as e:
            self.say(str(e), "error")
            return False
        self.nation = None
        self.n_enters.value = 1
        started = ", ".join(n.name for n in self.state.chart.nations)
        self.say(f"{title}: {started + ' set up as the rulebook starts them (correct them until their first turn); ' if started else ''}"
                 "add the nations in playing order.")
        self.refresh()
        self.games.refresh()
        return True

    def open_file(self, data: bytes, name: str = "chart.json", dice: bytes | None = None,
                  dice_name: str = "chart.dice.json") -> None:
        """Open a chart file as a new game (its turns in playing order), with the dice file kept beside it when
        given (its rolls listed and kept, as they were rolled): both files are read and the whole game checked
        by the rules before anything is written, so a refused file leaves no game behind."""
        name = cut(name.encode("utf-8", "replace").decode("utf-8"), 80)  # an upload's name is any text
        dice_name = cut(dice_name.encode("utf-8", "replace").decode("utf-8"), 80)
        kept = 0
        try:
            chart = read(data, name)
            actions = from_chart(chart, name)
            if dice is not None:  # read against the chart's nations: a roll of another game's nation is refused
                kept_file = read_dice_file(dice, dice_name, {n.name for n in chart.nations})
                if kept_file.rolls:
                    actions.append({"type": "kept-dice", "rolls": [r.to_doc() for r in kept_file.rolls],
                                    **({"unplayed": list(kept_file.unplayed)} if kept_file.unplayed else {})})
                    kept = len(kept_file.rolls)
            replayed(ChartRules(), actions)  # the whole game checked by the rules before anything is written
        except (ChartFileError, DiceFileError) as e:
            self.say(" ".join(e.lines(3)), "error")
            return
        except CompanionError as e:
            self.say(f"{cut(name, 80)} cannot be opened: {e}", "error")
            return
        try:
            s = self.store.start(KIND, name, ChartRules(), actions[0], meta={"seed": random.SystemRandom().randrange(10**9)})
            for a in actions[1:]:
                s.do(a)
        except CompanionError as e:
            self.say(str(e), "error")
            return
        self.session, self.nation = s, None
        with_dice = f", with the {kept} rolls of {dice_name}" if kept else ""
        self.say(f"Opened {cut(name, 80)}: {len(chart.nations)} nations{with_dice}.")
        self.refresh()

    def export_json(self) -> str:
        return json.dumps(self.state.export(), indent=1, ensure_ascii=False)

    # --- widgets -----------------------------------------------------------------------------------
    def _build(self) -> None:
        L = W.Layout
        self.title = plain_widget(W.Text, placeholder="the game's name", description="Game")
        self.goal = plain_widget(W.Dropdown, options=[("first to points", "points"), ("Rome's solitaire goals", "rome-solitaire"),
                                        ("no goal", "none")], value="points", description="Goal")
        self.goal_points = NumberField(value=500, min=1, max=100000, description="Points")
        self.scenario = plain_widget(W.Dropdown, options=[("none: the goal below", "")] + [
            (f"{x['section']} {x['title']}", sid) for sid, x in scenarios().items()], value="", description="Scenario")
        self.scenario.add_class("rf89-scenario")
        self.start_btn = button("New game", self.new_game, "rf89-new rf-new-game", primary=True)
        self.upload = plain_widget(W.FileUpload, accept=".json", multiple=True, description="Open chart file",
                                   tooltip="The chart file, and with it its dice file (chart.dice.json) if you have it")
        self.upload.observe(self._uploaded, "value")
        self.links = html_widget()
        # a nation joins
        self.n_name = plain_widget(W.Text, description="Nation")
        self.n_kind = plain_widget(W.Dropdown, options=KINDS, value="other", description="Kind")
        self.n_player = plain_widget(W.Text, description="Player")
        self.n_first = NumberField(value=1, min=1, max=99, description="First turn")
        self.n_treasury = NumberField(value=0, min=0, max=100000, description="Treasury")
        self.n_refund = plain_widget(W.Dropdown, options=[0, 10, 20, 30], value=0, description="Refund %")
        self.n_kstart = plain_widget(W.Checkbox, description="Kingdom start (15.3)")
        self.n_enters = NumberField(value=1, min=1, max=999, description="Enters on turn")
        self.add_btn = button("Add nation", self.add_nation, "rf89-add-nation")
        self.back_btn = button("Come back as a new barbarian nation", self.come_back, "rf89-come-back")
        self.edit_btn = button("Correct this nation", self.edit_nation, "rf89-edit-nation")
        self.withdraw_btn = button("Quit: withdraw this nation (8.2)", self.withdraw, "rf89-withdraw")
        self.winner = html_widget(_dom_classes=("rf89-winner",))
        self.over_line = html_widget(_dom_classes=("rf89-over",))  # the end, on the screens without the winner's line
        for w, css in ((self.title, "rf89-title"), (self.goal, "rf89-goal"), (self.goal_points, "rf89-goal-points"),
                       (self.n_name, "rf89-n-name"), (self.n_kind, "rf89-n-kind"), (self.n_player, "rf89-n-player"),
                       (self.n_first, "rf89-n-first"), (self.n_treasury, "rf89-n-treasury"), (self.n_refund, "rf89-n-refund"),
                       (self.n_enters, "rf89-n-enters")):
            w.add_class(css)
        # the nation shown, its sheet, its next turn
        self.pick = plain_widget(W.ToggleButtons, options=[], description="", _dom_classes=("rf89-pick",))
        self.pick.observe(lambda ch: self._pick(ch["new"]), "value")
        self.sheet = html_widget(_dom_classes=("rf89-sheet-box",))
        self.status = plain_widget(W.ToggleButtons, options=[], description="Status", _dom_classes=("rf89-status",))
        self.status.observe(lambda ch: self._status(ch["new"]), "value")
        self.phase1 = html_widget(_dom_classes=("rf89-phase1", "rf-keep-room"))  # its room kept, empty or not
        self.roll_btn = button("Roll for transition", self.roll_transition, "rf89-roll-transition")
        self.table_die = plain_widget(W.Dropdown, options=list(range(0, 11)), value=1, description="Table's die", layout=L(width="180px"))
        self.tap_die_btn = button("Use the table's die", self.tap_transition, "rf89-tap-transition")
        self.roll_row = hbox([self.roll_btn, self.table_die, self.tap_die_btn], layout=W.Layout(visibility="hidden"))
        f = {}
        for key, label in (("areas_income", "Areas' income"), ("maintenance", "Maintenance"), ("purchases", "Purchases"),
                           ("levy_revolt_values", "Levy revolt values"), ("levies_spent", "Levies spent")):
            # the preview follows every keystroke, not only a field left
            f[key] = NumberField(value=0, min=0, max=100000, description=label, adds=key == "levy_revolt_values")
        f["revolt_table"] = plain_widget(W.Dropdown, options=[("no roll", None)] + [(str(k), k) for k in range(0, numbers().die_sides + 1)],
                                       value=None, description="Revolt Table")
        f["overtax_pct"] = plain_widget(W.Dropdown, options=[0, 10, 20, 30], value=0, description="Overtax %")
        f["refund_pct"] = plain_widget(W.Dropdown, options=[0, 10, 20, 30, 40, 50], value=0, description="Refund %")
        for key, label in (("capitol_on_board", "Capitol on the board"), ("admin_leader", "Administrative Leader"),
                           ("modifier_rolls", "Pay to roll for a modifier"), ("quit", "Quit after this turn")):
            f[key] = plain_widget(W.Checkbox, description=label)
        self.fields = f
        for key, w in f.items():
            w.add_class(f"rf89-f-{key}")
            w.observe(lambda ch, key=key: self._edit(key, ch["new"]), "value")
        self.chips = [button(f"{d:+d}", lambda d=d: self.bump_income(d), f"rf89-chip rf89-chip-{d}",
                             layout=W.Layout(width="50px")) for d in DELTAS]
        self.preview = html_widget()
        # drawn again for each turn written (the game's point, the nation): a second quick tap carries the turn before
        self.record_btn = FreshButton("Record turn", self.record_turn, "rf89-record", self._subject,
                                      lambda said: self.say(said, "error"), primary=True)
        self.undo_bar = UndoBar(lambda: self.session, "rf89", self.say, lambda t: self.say(t, "error"), self._stepped,
                                describe=lambda a: describe(self.state.chart, a))
        self.undo_btn, self.redo_btn = self.undo_bar.undo_btn, self.undo_bar.redo_btn
        self.seat_codes = SeatCodes(lambda: self.session)
        slot = self.answers.slot
        # its answers (Yes, No) where it was asked, under New game (they went to Record turn's, 360 px below the screen)
        self.new_question = NewGameQuestion(lambda: self.session, self._start, lambda t, level: self.answers.say(t, level, at="Chart: game"), "rf89")
        self.games = GamesList(self.store, KIND, self.open_game, lambda: self.session.log.path.stem if self.session else None,
                               players=lambda g: ", ".join(dict.fromkeys(n.who for n in g.chart.nations if n.who)))
        self.chart_box = vbox([
            html_widget(CSS),
            self.winner,
            hbox([self.title, self.scenario, self.goal, self.goal_points, self.start_btn]),
            slot("Chart: game"), self.new_question.widget,
            hbox([self.upload, self.links]),
            hbox([self.n_name, self.n_kind, self.n_player, self.n_enters], _dom_classes=("rf89-fields",)),
            hbox([self.n_first, self.n_treasury, self.n_refund, self.n_kstart, self.add_btn, self.edit_btn], _dom_classes=("rf89-fields",)), slot("Chart: nations"),
            self.pick, self.sheet, self.phase1, hbox([self.back_btn, self.withdraw_btn], _dom_classes=("rf89-quit-row",)), self.roll_row, self.status,
            hbox([f["areas_income"], *self.chips]),
            hbox([f["capitol_on_board"], f["admin_leader"]], _dom_classes=("rf89-fields",)),
            hbox([f["maintenance"], f["purchases"], f["modifier_rolls"]], _dom_classes=("rf89-fields",)),
            hbox([f["overtax_pct"], f["refund_pct"], f["revolt_table"]], _dom_classes=("rf89-fields",)),
            hbox([f["levy_revolt_values"], f["levies_spent"], f["quit"]], _dom_classes=("rf89-fields",)),
            self.preview, slot("Chart"), hbox([self.record_btn.widget, self.undo_btn, self.redo_btn]), self.undo_bar.confirm,
            self.seat_codes.widget, self.games.widget, slot("Chart: games"),  # Open's answer, under the list tapped
        ])
        self.chart_box.add_class("rf89")
        self.dice_list = html_widget(_dom_classes=("rf89-dice-list",))  # the game's dice, read from the log
        self.chart_box.children = (*self.chart_box.children, self.dice_list)
        self._build_revolt()
        self._build_combat()
        self.leaders = html_widget(_dom_classes=("rf89-leaders",))
        self.end_btn = button("End the game", self.end_game, "rf89-end")
        self.end_ask = Ask(lambda: self._subject()[:2], self.say, "rf89-end-ask")  # the game and its point
        self.leaders_box = vbox([html_widget(CSS), self.leaders, self.end_btn, self.end_ask.widget, slot("Leaders")])
        self.leaders_box.add_class("rf89")

    def _build_revolt(self) -> None:
        self.r_head = html_widget(_dom_classes=("rf89-r-head",))
        self.r_areas = AreasEditor(self.say)  # the areas picked, each with whether it may revolt (the core's)
        self.r_table_no = plain_widget(W.Dropdown, options=list(range(0, numbers().die_sides + 1)), value=0,
                                     description="Revolt Table", _dom_classes=("rf89-r-table",))
        self.r_lost = plain_widget(W.Checkbox, description="The capitol was lost last turn (4.1.5.2, 10.3.4)", _dom_classes=("rf89-r-lost",))
        self.r_popular = plain_widget(W.Checkbox, description="A Popular leader (15.1.6.1)", _dom_classes=("rf89-r-popular",))
        self.r_start = button("Step 1: start the procedure", self.revolt_start, "rf89-revolt-start", primary=True)
        self.r_ask = Ask(lambda: self._subject()[:2], self.say, "rf89-revolt-ask")  # start again over dice entered?
        self.r_dice = plain_widget(W.Text, placeholder="the table's dice, e.g. 6 6 3", description="Dice", _dom_classes=("rf89-r-dice",))
        self.r_step = html_widget(_dom_classes=("rf89-r-step",))
        self.r_out = html_widget(_dom_classes=("rf89-r-out",))
        # drawn again for each step: a second quick tap carries the step before, and is refused (stale-tap)
        point = lambda: self._subject()[:2]  # noqa: E731  (the game and the point of its log)
        refuse = lambda said: self.say(said, "error")  # noqa: E731
        self.r_app = FreshButton("Roll (app)", lambda about: self.revolt_step(None, about), "rf89-revolt-roll",
                                 point, refuse)
        self.r_table = FreshButton("Use the table's dice", lambda about: self.revolt_step(self.r_dice.value, about),
                                   "rf89-revolt-tap", point, refuse)
        self.r_rolls = hbox([self.r_app.widget, self.r_dice, self.r_table.widget])
        for box in (self.r_lost, self.r_popular):
            box.observe(lambda ch: self._revolt_mode(), "value")
        self.revolt_box = vbox([html_widget(CSS), self.over_line, self.r_head, self.r_areas.widget,
                                  hbox([self.r_table_no, self.r_lost, self.r_popular, self.r_start]), self.r_ask.widget,
                                  self.r_step, self.r_rolls, self.answers.slot("Revolt"), self.r_out])
        self.revolt_box.add_class("rf89")
        self.r_fights = hbox([], _dom_classes=("rf89-r-fights",))  # 10.5: the battles the revolts cause
        self.revolt_box.children = (*self.revolt_box.children, self.r_fights)
        self._fights: list[RevoltFight] = []

    def _build_combat(self) -> None:
        self.battle_panel = BattlePanel(self, CSS)  # a battle of the Combat phase, the game's procedure (12.0.8)
        self.combat_box = self.battle_panel.widget
        self.combat_box.children = (self.combat_box.children[0], self.over_line, *self.combat_box.children[1:])

    # --- what the shelf asks of a game's screens --------------------------------------------------
    def screen(self, name: str) -> W.Widget:
        if name == "History":
            return self.table.history_screen(GAME_ID).widget
        return {"Chart": self.chart_box, "Revolt": self.revolt_box, "Combat": self.combat_box,
                "Leaders": self.leaders_box}[name]

    def shown(self, name: str) -> None:
        self.answers.shown(name)
        self.refresh()
        if name == "Chart":
            self.games.refresh()

    def resume(self, kind: str, log_id: str) -> str:
        try:  # a file that cannot be opened at all is answered with its sentence, as every game does
            self.session = Session(self.store.open(log_id), ChartRules())
        except CompanionError as e:
            self.refresh()
            self.say(str(e), "error")
            return "Chart"
        self.nation = None
        self.refresh()
        return "Chart"

    def reopen(self) -> None:
        if self.session is not None:
            self.session.refresh()
        self.refresh()

    def poll(self) -> bool:
        """Follow another page on the same game, or to the game it started: True if the screen was redrawn."""
        started = self.new_games.newer(self.session)
        if started is not None:
            self.resume(KIND, started)
            self.say(NEW_ELSEWHERE)
            self.games.refresh()
            return True
        if self.session is None:
            return False
        if self.session.log.head() == self.session.head:
            # no action, but the file changed: a phone opened its seat (the codes say "on a phone")
            v = self.session.log.version()
            if v == self._file_seen:
                return False
            self._file_seen = v
            self.seat_codes.refresh()
            return True
        self.session.refresh()
        self.refresh()
        tell(self.session, None, lambda news: self.say(news_text(news)))  # what another page did, said here
        return True

    _file_seen: int | None = None

    # --- the chart ---------------------------------------------------------------------------------
    def _uploaded(self, change: dict) -> None:
        files = [(str(f.get("name", "chart.json")), bytes(f["content"])) for f in change["new"] or ()]
        if not files:
            return
        charts = [(n, d) for n, d in files if not n.lower().endswith(".dice.json")]
        dice = [(n, d) for n, d in files if n.lower().endswith(".dice.json")]
        if len(charts) != 1 or len(dice) > 1:
            self.say("Pick one chart file (chart.json), and with it its dice file (chart.dice.json) if you have "
                     "it.", "error")
            return
        self.open_file(charts[0][1], charts[0][0], *(dice[0][::-1] if dice else ()))

    def add_nation(self) -> None:
        with self.answers.at("Chart: nations"):  # under Add nation (it was said 200 px above it)
            self._add_nation()

    def _add_nation(self) -> None:
        a: Action = {"type": "nation", **self._nation_keys()}
        a["enters"] = self.n_enters.value
        before = self.state
        if self.act(a):
            self.nation = self.state.chart.nations[-1].name  # a group taken again is numbered (8.1)
            self.n_name.value = self.n_player.value = ""  # the next nation's player is typed anew, never carried over
            self.refresh()
            self.say(" ".join(of_action(CONTRACT, before, a, self.state)))  # said about the nation now shown

    def _nation_keys(self) -> Action:
        """The nation form's keys (a new nation's, or a correction's)."""
        a: Action = {"name": self.n_name.value.strip(), "kind": self.n_kind.value}
        if self.n_player.value.strip():
            a["player"] = self.n_player.value.strip()
        if self.n_first.value != 1:
            a["first_turn"] = self.n_first.value
        opening = {k: v for k, v in (("final_treasury", self.n_treasury.value), ("refund_pct", self.n_refund.value)) if v}
        if opening:
            a["opening"] = opening
        if self.n_kstart.value:
            a["kingdom_start"] = True
        if self.n_enters.value != 1:
            a["enters"] = self.n_enters.value
        return a

    def _fill_nation_form(self, name: str) -> None:
        """The form shows a nation that has not played yet, to be corrected (its name stays)."""
        n = self.state.chart.nation(name)
        if n is None or n.turns:
            return
        self.n_name.value, self.n_kind.value, self.n_player.value = n.name, n.kind, n.player or ""
        self.n_first.value, self.n_enters.value, self.n_kstart.value = n.first_turn, n.enters, n.kingdom_start
        self.n_treasury.value = n.opening.final_treasury
        self.n_refund.value = n.opening.refund_pct if n.opening.refund_pct in self.n_refund.options else 0

    def edit_nation(self) -> None:
        """A nation corrected until its first turn is recorded (the form's values; its name stays)."""
        if self.nation is None:
            return
        keys = {**self._nation_keys(), "name": self.nation}
        with self.answers.at("Chart: nations"):
            if self.act({"type": "nation-edit", **keys}):
                self.say(f"{self.nation} corrected.")

    def withdraw(self) -> None:
        """The Status phase's quit (8.2), or Rome without its capitol going out (4.1.5.3)."""
        o = offer(self.state, self.nation) if self.nation else None
        if o is None or o.withdraw is None:
            return
        if self.act({"type": "withdraw", "nation": self.nation, "why": o.withdraw}):
            back = self.state.comes_back_on(self.nation)
            self.say(f"{self.nation} is withdrawn: its treasury is reduced to zero, its victory points stay; its "
                     f"player enters again on game turn {back} (8.2).")

    def next_game_turn(self) -> int:
        """The game turn a nation added now enters on by default: the one being played (the latest charted;
        8.1: "The newest barbarian group completes its sequence of phases before the next player")."""
        return self.state.game_turn

    def come_back(self) -> None:
        """A nation that quit (or must): its player enters again as a new barbarian nation (8.2, 14.0.5)."""
        n = self.state.chart.nation(self.nation) if self.nation else None
        if n is None:
            return
        self.n_player.value = n.who
        self.n_kind.value = "other"
        self.n_first.value, self.n_treasury.value, self.n_refund.value = 1, 0, 0
        self.n_kstart.value = False
        # 8.2: withdrawn, announced the next turn, entered the third (example 3 of formats.md)
        self.n_enters.value = self.state.comes_back_on(n.name) or n.enters + len(n.turns) + 2
        self.say(f"{n.who} comes back: name the new barbarian nation and tap Add nation (it enters two turns "
                 "later at the earliest: withdraw, announce, enter, 8.2).")

    def _pick(self, name: str | None) -> None:
        if name and name != self.nation and not self._drawing:
            self.nation = name
            self.draft = None
            self._fill_nation_form(name)
            self.refresh()

    def _status(self, status: str | None) -> None:
        if self._drawing:
            return
        if status and self.draft is not None and status != self.draft.status:
            from ..taps import defaults

            n = self.state.chart.nation(self.draft.nation)
            self.draft = Draft(self.draft.nation, status, defaults(n, status)) if n else self.draft
            self._show_draft()

    def _edit(self, key: str, value: Any) -> None:
        if self._drawing or self.draft is None:
            return
        if key == "modifier_rolls":
            value = 1 if value else 0
        self.draft = self.draft.set(key, value)
        self.answers.typed()  # a refused turn's sentence goes once its numbers are changed
        self._show_preview()

    def bump_income(self, delta: int) -> None:
        """One tap: an area or two won or lost changes the areas' income."""
        w = self.fields["areas_income"]
        w.value = max(0, w.value + delta)

    def record_turn(self, seen: object = None) -> None:
        """The turn written, sent with the point of the game it was written at (``seen``: the Record button's)."""
        if self.draft is None:
            self.say("Choose a nation that has a turn to play.", "error")
            return
        head = seen[1] if isinstance(seen, tuple) else None
        if self.act(record(self.draft), seen=head):
            self.draft = None
            self.n_enters.value = self.next_game_turn()
            self.refresh()

    def _phase1_roll(self, die: int, by: str) -> None:
        if self.nation is None:
            return
        self.act({"type": "roll", "nation": self.nation, "purpose": "transition", "dice": [die], "by": by})
        last = self.state.rolls[-1] if self.state.rolls else None
        if last and last.purpose == "transition" and last.nation == self.nation:
            due = self.state.due_for(self.nation)
            verdict = f"it may become {due[0]} now or on its next turn" if due else "no change this turn"
            self.phase1.value += f"<div>{dice_html(list(last.dice))} {html.escape(verdict)}</div>"

    def roll_transition(self) -> None:
        self._phase1_roll(roll(self.rng())[0], "app")

    def tap_transition(self) -> None:
        self._phase1_roll(self.table_die.value, "table")

    def undo(self) -> None:
        self.undo_bar.undo()

    def redo(self) -> None:
        self.undo_bar.redo()

    def _stepped(self) -> None:
        """Drawn again after an Undo or a Redo: the turn being written starts again from the log."""
        self.draft = None
        self.refresh()

    def end_game(self) -> None:
        """The table ends the game: History reads it from the log (``companion.history``). Before anybody
        reached the goal the rules refuse the end and offer it unfinished: the table is asked first."""
        self.end_ask.cancel()
        try:
            if self.session is None:
                raise CompanionError("Start a game first.")
            self.session.do({"type": "end"})
        except IllegalAction as e:
            instead = e.instead
            if instead is None:
                self.say(str(e), "error")
                return
            self.end_ask.ask(f"{e.message.split(';')[0]}. End the game here, unfinished? Undo reopens it.",
                             "Yes, end it unfinished", lambda: self.act(instead), "No, play on",
                             "The game goes on.")
            return
        except CompanionError as e:
            self.say(str(e), "error")
            return
        self.say("")
        self.refresh()

    # --- drawing -----------------------------------------------------------------------------------
    _drawing = False

    def shown_nations(self) -> list[str]:
        """The nations whose charts this page shows and records (the tablet: every one)."""
        return [n.name for n in self.state.chart.nations]

    def refresh(self) -> None:
        s = self.state
        self.answers.check()
        self.undo_bar.follow()  # "Reopen the finished game?" about a game no longer shown goes
        names = self.shown_nations()
        if self.nation not in names:
            p = s.procedure  # a page opened mid-revolt shows the procedure's nation
            self.nation = p.nation if p is not None and p.nation in names else (names[-1] if names else None)
            self.draft = None
        self._drawing = True
        try:
            if list(self.pick.options) != names:
                set_options(self.pick, names)
            self.pick.value = self.nation
        finally:
            self._drawing = False
        if self.nation and s.chart.nation(self.nation) and s.chart.nation(self.nation).turns:
            self.sheet.value = sheet_html(s.result.nation(self.nation))
        else:
            self.sheet.value = "<div class='rf89-sheet'>No turn charted yet.</div>" if self.nation else ""
        o = offer(s, self.nation) if self.nation else None
        if self.draft is not None and self.draft.nation != self.nation:
            self.draft = None
        if o is not None and self.draft is None and o.draft is not None:
            self.draft = o.draft
        if o is not None and o.blocked:
            self.draft = None
        lines = []
        if o is not None:
            if o.blocked:
                lines.append(o.blocked)
            elif o.phase1 and o.phase1.to:
                lines.append(f"Phase 1: {self.nation} may become {o.phase1.to} at will, or must roll: "
                             f"below {o.phase1.below} changes (8.3).")
            if o.due:
                lines.append(f"A successful roll: the change {'may' if o.due == 'may' else 'must'} come on this turn.")
        self.phase1.value = "".join(f"<div>{html.escape(x)}</div>" for x in lines)
        if o is not None and o.must_roll:
            lines.append(f"{self.nation} rolls for its transition before a turn as {o.phase1.status} (8.3).")
        own(self.back_btn).display = "" if o is not None and o.blocked and o.withdraw is None else "none"
        own(self.withdraw_btn).display = "" if o is not None and o.withdraw else "none"
        if o is not None and o.withdraw:
            self.withdraw_btn.description = {
                "quit": f"Quit: withdraw {self.nation} (8.2)",
                "capitol": f"{self.nation} lost its capitol: go out (4.1.5.3)",
                "income": f"Withdraw {self.nation}: income below 20 (8.2)"}[o.withdraw]
        unplayed = self.nation is not None and s.chart.nation(self.nation) is not None and not s.chart.nation(self.nation).turns
        own(self.edit_btn).visibility = "visible" if unplayed else "hidden"  # its room kept: its row stays as it is
        can_roll = o is not None and not o.blocked and o.phase1 is not None and o.phase1.must_roll and o.due is None
        own(self.roll_row).visibility = "visible" if can_roll else "hidden"  # its room kept: Record turn stays put
        self._drawing = True
        try:
            opts = [(lab, st) for st, lab in (o.statuses if o else ())]
            if list(self.status.options) != opts:
                self.status.options = opts
            if self.draft is not None and any(st == self.draft.status for _, st in opts):
                self.status.value = self.draft.status
        finally:
            self._drawing = False
        self._show_draft()
        ok = self.session is not None and not self.session.read_only
        self.undo_btn.disabled = not (ok and self.session.can_undo())
        self.redo_btn.disabled = not (ok and self.session.can_redo())
        self.record_btn.redraw()
        self.record_btn.disabled = self.draft is None or s.over
        own(self.end_btn).visibility = "hidden" if s.over else "visible"  # the game is ended once; its room kept
        self.winner.value = self._end_html()
        self.over_line.value = self.winner.value if s.over else ""  # the Revolt and Combat screens say the end too
        self._draw_summary()
        if hasattr(self, "r_out"):
            self._revolt_show()
        if hasattr(self, "battle_panel"):
            self.battle_panel.refresh()

    def _created(self) -> float | None:
        """When the game was created (for the printable chart), or None when its file cannot say."""
        if self.session is None:
            return None
        try:
            return self.session.log.meta().get("created")
        except CompanionError:  # a damaged meta: the game opens read-only and says so elsewhere
            return None

    def _draw_summary(self) -> None:
        """The chart file's links, the leader board, the seat codes (the tablet's)."""
        s = self.state
        if s.played.nations:
            doc = base64.b64encode(self.export_json().encode("utf-8")).decode("ascii")
            created = self._created()
            day = time.strftime("%d %B %Y", time.localtime(created)) if isinstance(created, (int, float)) else ""
            svg = base64.b64encode(chart_svg(s.result, title=s.title, date=day).encode("utf-8")).decode("ascii")
            self.links.value = (f"<a class='rf89-link' download='chart.json' href='data:application/json;base64,{doc}'>"
                                "Export the chart file</a><a class='rf89-link' download='chart.svg' "
                                f"href='data:image/svg+xml;base64,{svg}'>Printable chart (SVG)</a>" + self._dice_link())
            self.leaders.value = self._leaders_html()
        else:  # the links' places kept (what comes with the first turn moves nothing), marked as not there yet
            self.links.value = ("<span class='rf89-link rf89-link-off'>Export the chart file</span>"
                                "<span class='rf89-link rf89-link-off'>Printable chart (SVG)</span>")
            self.leaders.value = "<div>No turn charted yet.</div>"
        self.dice_list.value = dice_list_html(dice_rows(s))
        self.seat_codes.refresh()
        self._file_seen = self.session.log.version() if self.session is not None else None

    def _dice_link(self) -> str:
        """The dice file kept beside the chart file (``chart.dice.json``), once a die is rolled."""
        if not self.state.rolls:
            return ""
        doc = base64.b64encode(json.dumps(dice_doc(self.state), indent=1, ensure_ascii=False).encode("utf-8"))
        return (f"<a class='rf89-link rf89-dice-file' download='chart.dice.json' "
                f"href='data:application/json;base64,{doc.decode('ascii')}'>The dice (beside the chart file)</a>")

    def _show_draft(self) -> None:
        d = self.draft
        self._drawing = True
        try:
            for key, w in self.fields.items():
                v = d.get(key) if d else (None if key == "revolt_table" else 0)
                if key == "modifier_rolls" or isinstance(w, W.Checkbox):
                    v = bool(v)
                w.value = v
                w.disabled = d is None or not self._applies(key, d.status)
        finally:
            self._drawing = False
        self._show_preview()

    @staticmethod
    def _applies(key: str, status: str) -> bool:
        if key in ("levy_revolt_values", "levies_spent"):
            return status == "B"
        if key in ("maintenance", "purchases", "admin_leader", "modifier_rolls", "capitol_on_board"):
            return status != "B"
        if key in ("overtax_pct", "refund_pct", "revolt_table"):
            return status == "E"
        return True

    def _show_preview(self) -> None:
        if self.draft is None or self.session is None:
            self.preview.value = ""
            return
        c = self.draft.preview(self.state)
        bits = [f"{c.label}: income {c.income}", f"bonus {c.bonus}" if c.bonus else "", f"treasury {c.treasury}",
                f"refund {c.refund}" if c.refund else "", f"final treasury {c.final_treasury}",
                f"victory points {one_decimal(c.vp)} (total {one_decimal(c.vp_total)})"]
        self.preview.value = f"<div class='rf89-preview'>{html.escape(', '.join(b for b in bits if b))}</div>"

    def _end_html(self) -> str:
        """The end, once the table has ended the game (won, or unfinished), else who has reached the goal."""
        s = self.state
        if s.over:
            end = CONTRACT.outcome(s)
            said = end.sentence if end else ""
            said = said if said.startswith("The game") else f"The game is over: {said}"
            return f"<div class='rf89-won'><b>{html.escape(said)}</b> Undo reopens it.</div>"
        won = winner_sentence(s.result, name_html) if s.played.nations else ""  # escaped and isolated
        return f"<div class='rf89-won'><b>{won}</b></div>" if won else ""

    def _leaders_html(self) -> str:
        r = self.state.result
        rows = "".join(f"<tr><td>{k + 1}</td><td>{name_html(p)}</td><td>{one_decimal(v)}</td></tr>"
                       for k, (p, v) in enumerate(standings(r)))
        said = self._end_html() if self.state.over else victory_sentence(r, name_html)
        return (f"<div class='rf89-victory'>{said}</div>{leader_board_svg(r)}"
                f"<table class='rf89-chart'><tr><th>#</th><th>Player</th><th>Victory Points</th></tr>{rows}</table>")

    # --- revolt, step by step (the procedure is the game's: its state is in the log) ------------------
    def _revolt_nation(self) -> str | None:
        """The procedure's nation while one is under way, else the nation picked on the Chart screen."""
        p = self.state.procedure
        if p is not None and p.purpose is not None:
            return p.nation
        return self.nation

    def _revolt_mode(self) -> None:
        """The lost-capitol mode and a Popular leader change which areas may revolt: the rows say so again."""
        self.r_areas.lost_capitol, self.r_areas.popular = self.r_lost.value, self.r_popular.value
        self.r_areas.show_offers()

    def revolt_start(self) -> None:
        """Step 1: the areas (sent once, when they changed) and the Revolt Table's number for this turn."""
        name = self._revolt_nation()
        if name is None or self.session is None:
            self.say("Pick the empire on the Chart screen first.", "error")
            return
        p = self.state.procedure
        if p is not None and p.nation == name and (p.rebellion or p.revolt_dice or p.forces_dice):
            # a tap on Step 1 over a procedure played wiped its dice and forces without a word
            self.r_ask.ask(f"{name}'s Revolt Procedure has its dice entered. Start it again from step 1? "
                           "Its dice and forces go (Undo brings them back).", "Start again",
                           lambda: self._revolt_start(name), no="No, keep it", said_no="The procedure is kept as it is.")
            return
        self._revolt_start(name)

    def _revolt_start(self, name: str) -> None:
        areas = areas_doc(self.r_areas.areas)
        if areas != areas_doc(self.state.areas_of(name)):
            if not self.act({"type": "areas", "nation": name, "areas": areas}):
                return
        self.act({"type": "revolt", "nation": name, "revolt_table": self.r_table_no.value,
                  "lost_capitol": self.r_lost.value, "popular": self.r_popular.value})

    def revolt_step(self, typed: str | None, about: object = None) -> None:
        """One step's dice, the app's (None) or the table's (as typed), filed under the procedure's nation."""
        p = self.state.procedure
        if p is None or p.purpose is None:
            self.say("Start the procedure first: the Revolt Table's number (step 1).", "error")
            return
        by = "app" if typed is None else "table"
        self.nation = p.nation  # the page stays on the procedure's nation once it is over
        try:
            dice = roll(self.rng(), p.dice_due) if typed is None else read_dice(typed, p.dice_due)
        except CompanionError as e:
            self.say(str(e), "error")
            return
        seen = about[1] if isinstance(about, tuple) else None
        if self.act({"type": "roll", "nation": p.nation, "purpose": p.purpose, "dice": list(dice), "by": by}, seen=seen):
            self.r_dice.value = ""

    def _log_roll(self, purpose: str, dice: list[int], by: str, nation: str | None = None) -> None:
        """Every die rolled or tapped goes to the log (a game being played)."""
        if self.session is not None and not self.state.over:
            self.act({"type": "roll", "nation": nation or self.nation, "purpose": purpose, "dice": list(dice), "by": by})

    def _revolt_show(self) -> None:
        s = self.state
        name = self._revolt_nation()
        p = s.procedure if s.procedure is not None and s.procedure.nation == name else None
        if name is None:
            self.r_head.value = "<div>Pick the empire on the Chart screen.</div>"
        else:
            self.r_head.value = (f"<div><b>{name_html(name)}</b>: the Revolt Procedure of game turn "
                                 f"{s.next_game_turn(name)} (10.0); its areas are kept once entered.</div>")
        known = areas_doc(s.areas_of(name)) if name else []
        if name != self._areas_for or known != self._areas_filled:  # what the table picked stays until then
            self.r_areas.load(s.areas_of(name) if name else ())
            self._areas_for, self._areas_filled = name, known
        waiting = p is not None and p.purpose is not None
        self.r_app.redraw()
        self.r_table.redraw()
        self.r_step.value = f"<div>{html.escape(summary(p))}</div>" if p is not None else (
            "<div>Step 1: the Revolt Table's number for this turn (0 for a dash), then start (10.1).</div>")
        own(self.r_rolls).display = "" if waiting else "none"
        out = []
        if p is not None:
            if p.rebellion:
                out.append(f"<div>Rebellion dice: {dice_html(list(p.rebellion))}</div>")
            if p.checks:
                counts: dict[str, int] = {}
                for a in p.checks:
                    counts[a] = counts.get(a, 0) + 1
                out.append("<div>Checked: " + html.escape(", ".join(f"{a} ×{k}" for a, k in counts.items())) + "</div>")
            if p.step == 3:
                out.append("<table class='rf89-chart'><tr><th>Area</th><th>revolts on</th></tr>" + "".join(
                    f"<tr><td>{html.escape(a)}</td><td>{p.revolts_on(p.area(a))} or less</td></tr>" for a in p.checks)
                    + "</table>")
            if p.revolt_dice:
                out.append("<table class='rf89-chart'><tr><th>Area</th><th>die</th><th>revolts on</th><th></th></tr>" + "".join(
                    f"<tr><td>{html.escape(a)}</td><td>{dice_html([d], [hit])}</td><td>{on} or less</td>"
                    f"<td>{'revolts' if hit else 'stays'}</td></tr>" for a, d, on, hit in p.lines()) + "</table>")
            if p.revolted:
                out.append("<div>Revolting: " + html.escape(", ".join(p.revolted)) + "</div>")
            if p.forces_dice:
                out.append("<div>Forces: " + html.escape(", ".join(f"{a} {k}" for a, k in p.forces)) + "</div>")
        self.r_out.value = "".join(out)
        fights = revolt_fights(p) if p is not None else []
        if fights != self._fights:
            self._fights = fights
            self.r_fights.children = tuple(
                button(f"Fight the revolt in {name_isolated(f.area)} ({f.revolting} revolting infantry)",
                       lambda f=f: self.revolt_fight(f), "rf89-r-fight") for f in fights)

    def revolt_fight(self, fight: RevoltFight) -> None:
        """A revolting area's battle set on the Combat screen (10.5), for the table to check and start."""
        p = self.state.procedure
        if p is not None:
            self.nation = p.nation
        self.battle_panel.prefill(fight)
        self.say(f"The battle in {fight.area} is set on the Combat screen: the revolting forces attack as barbarian "
                 "infantry, the empire's units defend and fire first (10.5); check its attack values, then fight it.")

    _areas_for: str | None = None
    _areas_filled: list = []

def open_screens(table: Any) -> Rome1989Screens:
    """The registry's factory: the game's screens on the page's shared parts."""
    return Rome1989Screens(table)
