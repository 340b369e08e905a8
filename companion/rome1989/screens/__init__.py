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

from ...errors import CompanionError
from ...gamelog import GameStore, Session
from ...ui.answer import Answers, place_of
from ...ui.follow import NEW_ELSEWHERE, NewGames, clear_left
from ...ui.games_list import GamesList, NewGameQuestion
from ...ui.undo_bar import UndoBar
from ...ui.widgets import button
from ..chart import ChartFileError, one_decimal, read
from ..combat import Shooter, best_defence, fire, to_hit
from ..dice import roll
from ..game import Action, ChartGame, ChartRules, from_chart
from ..meta import GAME_ID
from ..revolt import Area, rebelling, revolting_forces, revolts_on
from ..seats import describe
from ..taps import DELTAS, Draft, offer, record
from ..view import chart_svg, leader_board_svg, sheet_html, standings, victory_sentence
from .seat_codes import KIND, SeatCodes

KINDS = ("other", "western-rome", "eastern-rome", "persia")
CSS = """<style>
.rf89 table.rf89-chart{border-collapse:collapse;background:#fffaf0;color:#3b2a12;font-family:Georgia,serif}
.rf89 table.rf89-chart th,.rf89 table.rf89-chart td{border:1px solid #c9b48a;padding:4px 6px;text-align:center;min-width:36px}
.rf89 table.rf89-chart th{font-size:12px;color:#8b1a1a}
.rf89 .rf89-sheet-title{font-weight:bold;color:#8b1a1a;margin:6px 0}
.rf89 .rf89-die{display:inline-block;width:44px;height:44px;line-height:44px;margin:2px;border-radius:8px;
 text-align:center;font-size:22px;font-weight:bold;background:#fffaf0;border:2px solid #3b2a12;color:#3b2a12}
.rf89 .rf89-die.rf89-hit{background:#8b1a1a;color:#fffaf0}
.rf89 .widget-button,.rf89 .widget-toggle-button{min-height:44px}
.rf89 input,.rf89 select{min-height:40px}
.rf89 a.rf89-link{display:inline-block;min-height:44px;line-height:44px;padding:0 14px;margin:2px 6px;
 border:1px solid #7a5c2e;border-radius:6px;color:#3b2a12;background:#fffaf0;text-decoration:none}
</style>"""


def dice_html(dice: list[int], hit: list[bool] | None = None) -> str:
    """Dice as dice (a 10 shown as 0, as printed on the die); hits filled."""
    out = []
    for k, d in enumerate(dice):
        cls = "rf89-die rf89-hit" if hit and hit[k] else "rf89-die"
        out.append(f"<span class='{cls}'>{0 if d == 10 else d}</span>")
    return "".join(out)


def _ints(text: str) -> list[int]:
    try:
        return [int(x) for x in text.replace(",", " ").split()]
    except ValueError:
        raise CompanionError("Type the dice as numbers 0 to 10, separated by spaces.") from None


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
        self.answers = Answers(place_of(table), self._subject)
        self._build()
        self.refresh()

    # --- the game ----------------------------------------------------------------------------------
    @property
    def state(self) -> ChartGame:
        return self.session.state if self.session is not None else ChartRules().initial()

    def rng(self) -> random.Random:
        """The app's dice: seeded by the game and the number of rolls so far (the dice are kept in the log)."""
        seed = self.session.log.meta().get("seed", 0) if self.session else 0
        return random.Random(f"{seed}:{len(self.state.rolls)}")

    def say(self, text: str, level: str = "info") -> None:
        self.answers.say(text, level)

    @property
    def message(self) -> W.HTML:
        """The answer last said (its screen's slot)."""
        return self.answers.message

    def _subject(self) -> object:
        """What the screens ask now: the game, its point, the nation shown (a sentence about another goes)."""
        s = self.session
        return (s.log.path if s else None, s.head if s else 0, self.nation)

    def act(self, action: Action) -> bool:
        """Send one action to the log (the rules check it first); a refusal shows the rule's sentence."""
        try:
            if self.session is None:
                raise CompanionError("Start a game first.")
            self.session.do(action)
        except CompanionError as e:
            self.say(str(e), "error")
            return False
        self.say("")
        self.refresh()
        return True

    def new_game(self) -> None:
        """New game: asked first over a game in progress (it stays in the list of games)."""
        with self.answers.at("Chart: game"):
            self.new_question.new_game()

    def open_game(self, log_id: str) -> None:
        """A game of the list opened: the table's game again."""
        with self.answers.at("Chart: game"):
            try:
                self.resume(KIND, log_id)
            except CompanionError as e:
                self.say(str(e), "error")
                return
            clear_left(self.session.log)
            self.say(f"Opened {self.state.title or 'the game'}.")
            self.games.refresh()

    def _start(self) -> bool:
        goal = self.goal.value
        victory = None if goal == "none" else ({"scenario": "rome-solitaire"} if goal == "rome-solitaire"
                                                else {"points": int(self.goal_points.value)})
        title = self.title.value.strip() or f"Rise and Fall (1989), {time.strftime('%d %b %H:%M')}"
        try:
            self.session = self.store.start(KIND, title, ChartRules(), {"type": "setup", "title": title, "victory": victory},
                                            meta={"seed": random.SystemRandom().randrange(10**9)})
        except CompanionError as e:
            self.say(str(e), "error")
            return False
        self.nation = None
        self.n_enters.value = 1
        self.say(f"{title}: add the nations in playing order.")
        self.refresh()
        self.games.refresh()
        return True

    def open_file(self, data: bytes, name: str = "chart.json") -> None:
        """Open a chart file as a new game (its turns in playing order)."""
        try:
            chart = read(data)
        except ChartFileError as e:
            self.say(" ".join(str(p) for p in e.problems[:3]), "error")
            return
        actions = from_chart(chart, name)
        try:
            s = self.store.start(KIND, name, ChartRules(), actions[0], meta={"seed": random.SystemRandom().randrange(10**9)})
            for a in actions[1:]:
                s.do(a)
        except CompanionError as e:
            self.say(str(e), "error")
            return
        self.session, self.nation = s, None
        self.say(f"Opened {name}: {len(chart.nations)} nations.")
        self.refresh()

    def export_json(self) -> str:
        return json.dumps(self.state.export(), indent=1, ensure_ascii=False)

    # --- widgets -----------------------------------------------------------------------------------
    def _build(self) -> None:
        L = W.Layout
        self.title = W.Text(placeholder="the game's name", description="Game")
        self.goal = W.Dropdown(options=[("first to points", "points"), ("Rome's solitaire goals", "rome-solitaire"),
                                        ("no goal", "none")], value="points", description="Goal")
        self.goal_points = W.BoundedIntText(value=500, min=1, max=100000, description="Points")
        self.start_btn = button("New game", self.new_game, "rf89-new rf-new-game", primary=True)
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Open chart file")
        self.upload.observe(self._uploaded, "value")
        self.links = W.HTML()
        # a nation joins
        self.n_name = W.Text(description="Nation")
        self.n_kind = W.Dropdown(options=KINDS, value="other", description="Kind")
        self.n_player = W.Text(description="Player")
        self.n_first = W.BoundedIntText(value=1, min=1, max=99, description="First turn")
        self.n_treasury = W.BoundedIntText(value=0, min=0, max=100000, description="Treasury")
        self.n_refund = W.Dropdown(options=[0, 10, 20, 30], value=0, description="Refund %")
        self.n_kstart = W.Checkbox(description="Kingdom start (15.3)")
        self.n_enters = W.BoundedIntText(value=1, min=1, max=999, description="Enters on turn")
        self.add_btn = button("Add nation", self.add_nation, "rf89-add-nation")
        self.back_btn = button("Come back as a new barbarian nation", self.come_back, "rf89-come-back")
        for w, css in ((self.title, "rf89-title"), (self.goal, "rf89-goal"), (self.goal_points, "rf89-goal-points"),
                       (self.n_name, "rf89-n-name"), (self.n_kind, "rf89-n-kind"), (self.n_player, "rf89-n-player"),
                       (self.n_first, "rf89-n-first"), (self.n_treasury, "rf89-n-treasury"), (self.n_refund, "rf89-n-refund"),
                       (self.n_enters, "rf89-n-enters")):
            w.add_class(css)
        # the nation shown, its sheet, its next turn
        self.pick = W.ToggleButtons(options=[], description="", _dom_classes=("rf89-pick",))
        self.pick.observe(lambda ch: self._pick(ch["new"]), "value")
        self.sheet = W.HTML(_dom_classes=("rf89-sheet-box",))
        self.status = W.ToggleButtons(options=[], description="Status", _dom_classes=("rf89-status",))
        self.status.observe(lambda ch: self._status(ch["new"]), "value")
        self.phase1 = W.HTML(_dom_classes=("rf89-phase1",))
        self.roll_btn = button("Roll for transition", self.roll_transition, "rf89-roll-transition")
        self.table_die = W.Dropdown(options=list(range(0, 11)), value=1, description="Table's die", layout=L(width="180px"))
        self.tap_die_btn = button("Use the table's die", self.tap_transition, "rf89-tap-transition")
        self.roll_row = W.HBox([self.roll_btn, self.table_die, self.tap_die_btn], layout=W.Layout(display="none"))
        f = {}
        for key, label in (("areas_income", "Areas' income"), ("maintenance", "Maintenance"), ("purchases", "Purchases"),
                           ("levy_revolt_values", "Levy revolt values"), ("levies_spent", "Levies spent")):
            f[key] = W.BoundedIntText(value=0, min=0, max=100000, description=label)
        f["revolt_table"] = W.Dropdown(options=[("no roll", None)] + [(str(k), k) for k in range(0, 7)], value=None,
                                       description="Revolt Table")
        f["overtax_pct"] = W.Dropdown(options=[0, 10, 20, 30], value=0, description="Overtax %")
        f["refund_pct"] = W.Dropdown(options=[0, 10, 20, 30, 40, 50], value=0, description="Refund %")
        for key, label in (("capitol_on_board", "Capitol on the board"), ("admin_leader", "Administrative Leader"),
                           ("modifier_rolls", "Pay to roll for a modifier"), ("quit", "Quit after this turn")):
            f[key] = W.Checkbox(description=label)
        self.fields = f
        for key, w in f.items():
            w.add_class(f"rf89-f-{key}")
            w.observe(lambda ch, key=key: self._edit(key, ch["new"]), "value")
        self.chips = [button(f"{d:+d}", lambda d=d: self.bump_income(d), f"rf89-chip rf89-chip-{d}",
                             layout=W.Layout(width="50px")) for d in DELTAS]
        self.preview = W.HTML()
        self.record_btn = button("Record turn", self.record_turn, "rf89-record", primary=True)
        self.undo_bar = UndoBar(lambda: self.session, "rf89", self.say, lambda t: self.say(t, "error"), self._stepped,
                                describe=lambda a: describe(self.state.chart, a))
        self.undo_btn, self.redo_btn = self.undo_bar.undo_btn, self.undo_bar.redo_btn
        self.seat_codes = SeatCodes(lambda: self.session)
        slot = self.answers.slot
        self.new_question = NewGameQuestion(lambda: self.session, self._start, self.say, "rf89")
        self.games = GamesList(self.store, KIND, self.open_game, lambda: self.session.log.path.stem if self.session else None,
                               players=lambda g: ", ".join(dict.fromkeys(n.who for n in g.chart.nations if n.who)))
        self.chart_box = W.VBox([
            W.HTML(CSS),
            W.HBox([self.title, self.goal, self.goal_points, self.start_btn]),
            slot("Chart: game"), self.new_question.widget,
            W.HBox([self.upload, self.links]),
            W.HBox([self.n_name, self.n_kind, self.n_player, self.n_enters]),
            W.HBox([self.n_first, self.n_treasury, self.n_refund, self.n_kstart, self.add_btn]),
            self.pick, self.sheet, self.phase1, self.back_btn, self.roll_row, self.status,
            W.HBox([f["areas_income"], *self.chips]),
            W.HBox([f["capitol_on_board"], f["admin_leader"]]),
            W.HBox([f["maintenance"], f["purchases"], f["modifier_rolls"]]),
            W.HBox([f["overtax_pct"], f["refund_pct"], f["revolt_table"]]),
            W.HBox([f["levy_revolt_values"], f["levies_spent"], f["quit"]]),
            self.preview, slot("Chart"), W.HBox([self.record_btn, self.undo_btn, self.redo_btn]), self.undo_bar.confirm,
            self.seat_codes.widget, self.games.widget,
        ])
        self.chart_box.add_class("rf89")
        self._build_revolt()
        self._build_combat()
        self.leaders = W.HTML(_dom_classes=("rf89-leaders",))
        self.end_btn = button("End the game", self.end_game, "rf89-end")
        self.leaders_box = W.VBox([W.HTML(CSS), self.leaders, self.end_btn, slot("Leaders")])
        self.leaders_box.add_class("rf89")

    def _build_revolt(self) -> None:
        self.r_areas = W.Textarea(placeholder="one area a line: name, revolt value, then e.g. 2i 1c capitol",
                                  layout=W.Layout(width="100%", height="120px"))
        self.r_dice = W.Text(placeholder="the table's dice, e.g. 6 6 3", description="Dice", _dom_classes=("rf89-r-dice",))
        self.r_areas.add_class("rf89-r-areas")
        self.r_step = W.HTML()
        self.r_out = W.HTML(_dom_classes=("rf89-r-out",))
        self.r_app = button("Roll (app)", lambda: self.revolt_step(None), "rf89-revolt-roll")
        self.r_table = button("Use the table's dice", lambda: self.revolt_step(_ints(self.r_dice.value)), "rf89-revolt-tap")
        self.r_restart = button("Start again", self.revolt_restart, "rf89-revolt-restart")
        self.revolt_box = W.VBox([W.HTML(CSS), self.r_step, self.r_areas, W.HBox([self.r_app, self.r_dice, self.r_table]),
                                  self.answers.slot("Revolt"), self.r_out, self.r_restart])
        self.revolt_box.add_class("rf89")
        self.revolt_restart()

    def _build_combat(self) -> None:
        self.c_units = W.Text(value="infantry 3, cavalry 4", description="Firing units",
                              layout=W.Layout(width="100%"), _dom_classes=("rf89-c-units",))
        self.c_defence = W.Dropdown(options=[0, -1, -2, -3], value=0, description="Defence", _dom_classes=("rf89-c-defence",))
        self.c_terrain = W.Dropdown(options=["clear", "mountain", "forest"], value="clear", description="Terrain")
        self.c_defending = W.Checkbox(description="The firing side defends")
        self.c_dice = W.Text(placeholder="the table's dice", description="Dice", _dom_classes=("rf89-c-dice",))
        self.c_out = W.HTML(_dom_classes=("rf89-c-out",))
        self.c_app = button("Roll (app)", lambda: self.combat(None), "rf89-combat-roll")
        self.c_table = button("Use the table's dice", lambda: self.combat(_ints(self.c_dice.value)), "rf89-combat-tap")
        self.combat_box = W.VBox([W.HTML(CSS), self.c_units, W.HBox([self.c_defence, self.c_terrain, self.c_defending]),
                                  W.HBox([self.c_app, self.c_dice, self.c_table]), self.answers.slot("Combat"), self.c_out])
        for w in (self.c_units, self.c_defence, self.c_terrain, self.c_defending, self.c_dice):  # a result about other units goes
            w.observe(lambda _ch: setattr(self.c_out, "value", ""), "value")
        self.combat_box.add_class("rf89")

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
        self.session = Session(self.store.open(log_id), ChartRules())
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
        return True

    _file_seen: int | None = None

    # --- the chart ---------------------------------------------------------------------------------
    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if files:
            f = files[0]
            self.open_file(bytes(f["content"]), f.get("name", "chart.json"))

    def add_nation(self) -> None:
        with self.answers.at("Chart: game"):
            self._add_nation()

    def _add_nation(self) -> None:
        name = self.n_name.value.strip()
        a: Action = {"type": "nation", "name": name, "kind": self.n_kind.value}
        if self.n_player.value.strip():
            a["player"] = self.n_player.value.strip()
        if self.n_first.value != 1:
            a["first_turn"] = self.n_first.value
        opening = {k: v for k, v in (("final_treasury", self.n_treasury.value), ("refund_pct", self.n_refund.value)) if v}
        if opening:
            a["opening"] = opening
        if self.n_kstart.value:
            a["kingdom_start"] = True
        a["enters"] = self.n_enters.value
        if self.act(a):
            self.nation = name
            self.n_name.value = ""
            self.refresh()

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
        # 8.2: withdrawn the turn after the quit, announced the next, entered the third (example 3 of formats.md)
        self.n_enters.value = n.enters + len(n.turns) - 1 + 3
        self.say(f"{n.who} comes back: name the new barbarian nation and tap Add nation (it enters two turns "
                 "later at the earliest: withdraw, announce, enter, 8.2).")

    def _pick(self, name: str | None) -> None:
        if name and name != self.nation:
            self.nation = name
            self.draft = None
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
        self._show_preview()

    def bump_income(self, delta: int) -> None:
        """One tap: an area or two won or lost changes the areas' income."""
        w = self.fields["areas_income"]
        w.value = max(0, w.value + delta)

    def record_turn(self) -> None:
        if self.draft is None:
            self.say("Choose a nation that has a turn to play.", "error")
            return
        if self.act(record(self.draft)):
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
        """The table ends the game: History reads it from the log (``companion.history``); the outcome is said
        where End the game was tapped."""
        if self.act({"type": "end"}):
            self.say(f"The game is over. {victory_sentence(self.state.result)}")

    # --- drawing -----------------------------------------------------------------------------------
    _drawing = False

    def shown_nations(self) -> list[str]:
        """The nations whose charts this page shows and records (the tablet: every one)."""
        return [n.name for n in self.state.chart.nations]

    def refresh(self) -> None:
        s = self.state
        self.answers.check()
        names = self.shown_nations()
        if self.nation not in names:
            self.nation = names[-1] if names else None
            self.draft = None
        self._drawing = True
        try:
            if list(self.pick.options) != names:
                self.pick.options = names
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
        self.back_btn.layout.display = "" if o is not None and o.blocked else "none"
        can_roll = o is not None and not o.blocked and o.phase1 is not None and o.phase1.must_roll and o.due is None
        self.roll_row.layout.display = "" if can_roll else "none"
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
        self.record_btn.disabled = self.draft is None
        self._draw_summary()

    def _draw_summary(self) -> None:
        """The chart file's links, the leader board, the seat codes (the tablet's)."""
        s = self.state
        if s.played.nations:
            doc = base64.b64encode(self.export_json().encode("utf-8")).decode("ascii")
            svg = base64.b64encode(chart_svg(s.result).encode("utf-8")).decode("ascii")
            self.links.value = (f"<a class='rf89-link' download='chart.json' href='data:application/json;base64,{doc}'>"
                                "Export the chart file</a><a class='rf89-link' download='chart.svg' "
                                f"href='data:image/svg+xml;base64,{svg}'>Printable chart (SVG)</a>")
            self.leaders.value = self._leaders_html()
        else:
            self.links.value = ""
            self.leaders.value = "<div>No turn charted yet.</div>"
        self.seat_codes.refresh()
        self._file_seen = self.session.log.version() if self.session is not None else None

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

    def _leaders_html(self) -> str:
        r = self.state.result
        rows = "".join(f"<tr><td>{k + 1}</td><td>{html.escape(p)}</td><td>{one_decimal(v)}</td></tr>"
                       for k, (p, v) in enumerate(standings(r)))
        return (f"<div class='rf89-victory'>{html.escape(victory_sentence(r))}</div>{leader_board_svg(r)}"
                f"<table class='rf89-chart'><tr><th>#</th><th>Player</th><th>Victory Points</th></tr>{rows}</table>")

    # --- revolt, step by step ------------------------------------------------------------------------
    def revolt_restart(self) -> None:
        self.r_state: dict[str, Any] = {"step": 2, "areas": [], "checks": {}, "revolted": []}
        self._revolt_show()

    def _areas(self) -> list[Area]:
        out = []
        for line in self.r_areas.value.splitlines():
            words = line.replace(",", " ").split()
            nums = [k for k, w in enumerate(words) if w.isdigit()]
            if not nums:
                continue
            k = nums[0]
            name, value = " ".join(words[:k]) or f"area {len(out) + 1}", int(words[k])
            extra = words[k + 1:]
            inf = sum(int(w[:-1]) for w in extra if w.endswith("i") and w[:-1].isdigit())
            cav = sum(int(w[:-1]) for w in extra if w.endswith("c") and w[:-1].isdigit())
            out.append(Area(name, value, capitol="capitol" in extra, infantry=inf, cavalry=cav))
        return out

    def _revolt_rolls_due(self) -> int:
        s = self.state
        if self.nation and s.chart.nation(self.nation) and s.chart.nation(self.nation).turns:
            c = s.result.nation(self.nation).turns[-1]
            return c.rebellion_rolls or 0
        return 0

    def revolt_step(self, dice: list[int] | None) -> None:
        """One step of the revolt procedure with the app's dice (None) or the table's."""
        st = self.r_state
        by = "app" if dice is None else "table"
        try:
            if st["step"] == 2:
                st["areas"] = self._areas()
                count = self._revolt_rolls_due() if dice is None else len(dice)
                if count == 0:
                    raise CompanionError("No rebellion roll is due: the last empire turn's Revolt Table number, less "
                                         "refunds, gives none (10.1, 10.2.1).")
                dice = roll(self.rng(), count) if dice is None else dice
                self._log_roll("rebellion", dice, by)
                st["checks"] = rebelling(st["areas"], dice)
                st["shown"] = dice_html(dice)
                st["step"] = 3 if st["checks"] else 5
            elif st["step"] == 3:
                names = [a for a in st["checks"] for _ in range(st["checks"][a])]
                dice = roll(self.rng(), len(names)) if dice is None else dice
                if len(dice) != len(names):
                    raise CompanionError(f"One die per check: {len(names)} checks ({', '.join(names)}).")
                self._log_roll("revolt", dice, by)
                by = {a.name: a for a in st["areas"]}
                st["revolted"] = sorted({n for n, d in zip(names, dice) if (10 if d == 0 else d) <= revolts_on(by[n])})
                st["shown"] = dice_html(dice, [(10 if d == 0 else d) <= revolts_on(by[n]) for n, d in zip(names, dice)])
                st["step"] = 4 if st["revolted"] else 5
            elif st["step"] == 4:
                dice = roll(self.rng(), len(st["revolted"])) if dice is None else dice
                if len(dice) != len(st["revolted"]):
                    raise CompanionError(f"One die per revolting area: {len(st['revolted'])}.")
                self._log_roll("forces", dice, by)
                st["forces"] = {n: revolting_forces(d) for n, d in zip(st["revolted"], dice)}
                st["shown"] = dice_html(dice)
                st["step"] = 5
        except CompanionError as e:
            self.say(str(e), "error")
        self._revolt_show()

    def _log_roll(self, purpose: str, dice: list[int], by: str) -> None:
        """Every die rolled or tapped goes to the log (a game being played)."""
        if self.session is not None and not self.state.over:
            self.act({"type": "roll", "nation": self.nation, "purpose": purpose, "dice": list(dice), "by": by})

    def _revolt_show(self) -> None:
        st = self.r_state
        steps = {2: f"Step 2, which areas rebel: {self._revolt_rolls_due() if hasattr(self, 'session') else 0} "
                    "rebellion rolls are due (10.2); enter the empire's areas below.",
                 3: "Step 3, the revolt roll: one die per check (10.3).",
                 4: "Step 4, the revolting forces: one die per revolting area, halved and rounded up (10.4).",
                 5: "Step 5, combat: the revolting forces fight as barbarian infantry; the empire fires first (10.5)."}
        self.r_step.value = f"<div>{html.escape(steps[st['step']])}</div>"
        out = [st.get("shown", "")]
        if st["checks"]:
            out.append("<div>Checked: " + html.escape(", ".join(f"{a} ×{k}" for a, k in st["checks"].items())) + "</div>")
        if st.get("revolted"):
            out.append("<div>Revolting: " + html.escape(", ".join(st["revolted"])) + "</div>")
        if st.get("forces"):
            out.append("<div>Forces: " + html.escape(", ".join(f"{a} {k}" for a, k in st["forces"].items())) + "</div>")
        self.r_out.value = "".join(out)
        self.r_app.disabled = self.r_table.disabled = st["step"] == 5

    # --- combat --------------------------------------------------------------------------------------
    def combat(self, dice: list[int] | None) -> None:
        by = "app" if dice is None else "table"
        try:
            shooters = []
            for part in self.c_units.value.split(","):
                words = part.split()
                if len(words) != 2 or not words[1].lstrip("-").isdigit():
                    raise CompanionError("Write each firing unit as its type and attack value: infantry 3, cavalry 4.")
                shooters.append(Shooter(words[0], int(words[1])))
            dice = roll(self.rng(), len(shooters)) if dice is None else dice
            d = best_defence([self.c_defence.value])
            hit = fire(shooters, dice, d, self.c_terrain.value, self.c_defending.value)
        except CompanionError as e:
            self.say(str(e), "error")
            return
        self._log_roll("combat", dice, by)
        needs = ", ".join(f"{s.unit} {to_hit(s, d, self.c_terrain.value, self.c_defending.value)}" for s in shooters)
        self.c_out.value = (f"{dice_html(dice, hit)}<div>{html.escape(f'{sum(hit)} hits; needed: {needs} (a 1 always hits, a 0 is ten).')}"
                            "</div><div>Losses: the owner removes one unit per hit, the capitol last (4.1.5).</div>")


def open_screens(table: Any) -> Rome1989Screens:
    """The registry's factory: the game's screens on the page's shared parts."""
    return Rome1989Screens(table)
