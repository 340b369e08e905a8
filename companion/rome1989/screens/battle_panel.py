"""The Combat screen: a battle of the Combat phase as the game's procedure (:mod:`companion.rome1989.battle`).

A thin layer of widgets: before a battle, both sides' units are picked (counts and attack values, the
characteristic, the leader, the defence modifier) and sent as the ``battle`` action; while one is fought, the
screen draws the step the battle in the log waits for and its offers (the volley's dice, each choice of losses, a
retreat) and sends the step's action. The step is the log's, so a reload on any page returns to it.
"""

from __future__ import annotations

import html
from contextlib import nullcontext
from typing import Any

import ipywidgets as W

from ...errors import CompanionError
from ...ui.fresh import FreshButton
from ...ui.widgets import NumberField, button, hbox, html_widget, own, plain_widget, vbox
from ...words import name_html, name_isolated
from ..battle import FORCES, Battle, default_attack, loss_choices, losses_text, most, opponents, side_doc, summary
from ..combat import LEADERS, TERRAINS, UNITS
from ..dice import roll
from ..numbers import numbers
from ..procedure import RevoltFight
from ..taps import read_dice

SIDES = ("mine", "theirs")


def dice_html(dice: list[int], hit: list[bool] | None = None) -> str:
    """Dice as dice (a 10 shown as 0, as printed on the die); hits filled."""
    out = []
    for k, d in enumerate(dice):
        cls = "rf89-die rf89-hit" if hit and hit[k] else "rf89-die"
        out.append(f"<span class='{cls}'>{0 if d == 10 else d}</span>")
    return "".join(out)


def _units_text(b: Battle, which: str) -> str:
    side = b.side(which)
    units = ", ".join(f"{g.count} {g.unit}" for g in side.units if g.count) or "none left"
    return f"{name_html(side.name)} ({which}): {html.escape(units)}"


def _choice_label(choice: dict[str, int]) -> str:
    return ", ".join(f"{k} {u}" for u, k in choice.items() if k)


class BattlePanel:
    """The Combat screen's widgets over ``host`` (the game's screens: ``state``, ``act``, ``say``, ``rng``,
    ``nation`` and ``shown_nations``)."""

    def __init__(self, host: Any, css: str) -> None:
        self.host = host
        L = W.Layout
        self.head = html_widget(_dom_classes=("rf89-b-head",))
        self.area = plain_widget(W.Text, placeholder="the area fought over", description="Area", _dom_classes=("rf89-b-area",))
        self.terrain = plain_widget(W.ToggleButtons, options=list(TERRAINS), value="clear", description="Terrain",
                                       _dom_classes=("rf89-b-terrain",))
        self.role = plain_widget(W.ToggleButtons, options=[("attacks", "attacks"), ("defends", "defends")], value="attacks",
                                    description="The nation", _dom_classes=("rf89-b-role",))
        self.opponent = plain_widget(W.Dropdown, options=[], description="Against", _dom_classes=("rf89-b-opponent",))
        self.invasion = plain_widget(W.Checkbox, description="A naval invasion: the attacker may not retreat (12.0.4, 12.0.6)",
                                   _dom_classes=("rf89-b-invasion",))
        groups = sorted(k for k in numbers()["national_characteristics"] if k != "source")
        self.counts: dict[str, dict[str, NumberField]] = {}
        self.attacks: dict[str, dict[str, NumberField]] = {}
        self.national: dict[str, W.Dropdown] = {}
        self.leader: dict[str, W.Dropdown] = {}
        self.defence: dict[str, W.Dropdown] = {}
        columns = []
        for side in SIDES:
            self.counts[side], self.attacks[side] = {}, {}
            rows: list[W.Widget] = [html_widget(_dom_classes=(f"rf89-b-{side}-name",))]
            for unit in UNITS:
                count = NumberField(0, 0, most(unit), unit.capitalize(), css=f"rf89-b-{side}-count-{unit}", layout=L(width="170px"))
                attack = NumberField(default_attack(unit), 0, 10, "attack", css=f"rf89-b-{side}-attack-{unit}",
                                     layout=L(width="130px"))
                self.counts[side][unit], self.attacks[side][unit] = count, attack
                rows.append(hbox([count, attack]))
            self.national[side] = plain_widget(W.Dropdown, options=[("none", "")] + [(g, g) for g in groups], value="",
                                             description="Nation", _dom_classes=(f"rf89-b-{side}-national",))
            self.leader[side] = plain_widget(W.Dropdown, options=[("none", "")] + [(k, k) for k in LEADERS], value="",
                                           description="Leader", _dom_classes=(f"rf89-b-{side}-leader",))
            self.defence[side] = plain_widget(W.Dropdown, options=[0, -1, -2, -3], value=0, description="Defence",
                                            _dom_classes=(f"rf89-b-{side}-defence",))
            rows += [self.national[side], self.leader[side], self.defence[side]]
            columns.append(vbox(rows))
        self.start_btn = button("Step 1: fight this battle", self.start, "rf89-battle-start", primary=True)
        self.setup = vbox([hbox([self.area, self.terrain]), hbox([self.role, self.opponent, self.invasion]),
                             hbox(columns), self.start_btn])
        self.step = html_widget(_dom_classes=("rf89-b-step",))
        self.sides = html_widget(_dom_classes=("rf89-b-sides",))
        self.volleys = html_widget(_dom_classes=("rf89-b-volleys",))
        self.dice = plain_widget(W.Text, placeholder="the table's dice, e.g. 5 4 7", description="Dice", _dom_classes=("rf89-b-dice",))
        # each step's buttons drawn again for each step: a second quick tap carries the step before (stale-tap)
        refuse = lambda said: self.host.say(said, "error")  # noqa: E731
        self.app_btn = FreshButton("Roll (app)", lambda about: self.fire(None, about), "rf89-battle-roll",
                                   self._subject, refuse)
        self.table_btn = FreshButton("Use the table's dice", lambda about: self.fire(self.dice.value, about),
                                     "rf89-battle-tap", self._subject, refuse)
        self.rolls = hbox([self.app_btn.widget, self.dice, self.table_btn.widget])
        self.retreat_btn = FreshButton("Retreat", self.retreat, "rf89-battle-retreat", self._subject, refuse)
        self.losses = hbox([], _dom_classes=("rf89-b-losses",))
        answers = getattr(host, "answers", None)  # each tap answered beside it: the battle's steps, the start
        if answers is not None:
            self.setup.children = (*self.setup.children, answers.slot("Combat"))
        steps = [answers.slot("Combat: battle")] if answers is not None else []
        self.fight = vbox([self.step, self.sides, self.rolls, self.losses, self.retreat_btn.widget, *steps,
                             self.volleys])
        self.widget = vbox([html_widget(css), self.head, self.fight, self.setup])
        self.widget.add_class("rf89")
        self.widget.add_class("rf89-battle")
        self._choices: list[dict[str, int]] = []
        self._choices_about: Any = None

    def _subject(self) -> Any:
        """The question the step's buttons answer: the game and the point of its log."""
        s = self.host.session
        return (s.log.path if s else None, s.head if s else 0)

    @staticmethod
    def _seen(about: Any) -> int | None:
        return about[1] if isinstance(about, tuple) else None

    # --- what is fought ------------------------------------------------------------------------------
    def battle(self) -> Battle | None:
        return self.host.state.battle

    def nation(self) -> str | None:
        """The battle's nation while one is fought, else the nation picked on the Chart screen."""
        b = self.battle()
        return b.nation if b is not None and not b.over else self.host.nation

    def _side(self, side: str, name: str) -> dict[str, Any]:
        units = [(u, self.counts[side][u].value, self.attacks[side][u].value) for u in UNITS]
        return side_doc(name, units, self.national[side].value or None, self.leader[side].value or None,
                        self.defence[side].value)

    def action(self) -> dict[str, Any] | None:
        """The ``battle`` action the form holds (None without a nation)."""
        name = self.nation()
        if name is None:
            return None
        mine, theirs = self._side("mine", name), self._side("theirs", self.opponent.value or "")
        attacker, defender = (mine, theirs) if self.role.value == "attacks" else (theirs, mine)
        return {"type": "battle", "nation": name, "area": self.area.value.strip(), "terrain": self.terrain.value,
                "attacker": attacker, "defender": defender, **({"invasion": True} if self.invasion.value else {})}

    def prefill(self, fight: RevoltFight) -> None:
        """The battle a revolting area causes (10.5), set on the form: the revolting forces attack as barbarian
        infantry, the nation's units there defend and fire first; the table checks its attack values, then starts."""
        self.area.value, self.role.value, self.invasion.value = fight.area, "defends", False
        self.refresh()
        self.opponent.value = FORCES[2]
        for side in SIDES:
            for unit in UNITS:
                self.counts[side][unit].value = 0
                self.attacks[side][unit].value = default_attack(unit)
            self.national[side].value, self.leader[side].value, self.defence[side].value = "", "", 0
        self.counts["theirs"]["infantry"].value = fight.revolting
        self.counts["mine"]["infantry"].value, self.counts["mine"]["cavalry"].value = fight.infantry, fight.cavalry
        self.refresh()

    # --- the taps ------------------------------------------------------------------------------------
    def start(self) -> None:
        a = self.action()
        if a is None:
            self.host.say("Pick the nation whose battle it is on the Chart screen first.", "error")
            return
        if self.host.act(a):
            self.host.say(summary(self.battle()))

    def _at_battle(self) -> Any:
        answers = getattr(self.host, "answers", None)
        return answers.at("Combat: battle") if answers is not None and "Combat: battle" in answers.slots else nullcontext()

    def fire(self, typed: str | None, about: Any = None) -> None:
        """A volley: the app's dice (None) or the table's as typed, filed under the battle's nation."""
        with self._at_battle():
            self._fire(typed, about)

    def _fire(self, typed: str | None, about: Any = None) -> None:
        b = self.battle()
        if b is None or b.firing is None:
            self.host.say("No battle waits for dice now; start one first (step 1).", "error")
            return
        try:
            dice = roll(self.host.rng(), b.dice_due) if typed is None else read_dice(typed, b.dice_due)
        except CompanionError as e:
            self.host.say(str(e), "error")
            return
        if self.host.act({"type": "roll", "nation": b.nation, "purpose": "combat", "dice": list(dice),
                          "by": "app" if typed is None else "table"}, seen=self._seen(about)):
            self.dice.value = ""
            self.host.say(summary(self.battle()))

    def lose(self, k: int, about: Any = None) -> None:
        b = self.battle()
        if b is None or k >= len(self._choices):
            return
        with self._at_battle():
            if self.host.act({"type": "losses", "nation": b.nation, "units": self._choices[k]}, seen=self._seen(about)):
                self.host.say(summary(self.battle()))

    def retreat(self, about: Any = None) -> None:
        b = self.battle()
        with self._at_battle():
            if b is not None and self.host.act({"type": "retreat", "nation": b.nation}, seen=self._seen(about)):
                self.host.say(summary(self.battle()))

    # --- drawing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        b = self.battle()
        name = self.nation()
        fighting = b is not None and not b.over
        if name is None:
            self.head.value = "<div>Pick the nation whose battle it is on the Chart screen.</div>"
        elif fighting:
            where = f" in {html.escape(b.area)}" if b.area else ""
            self.head.value = (f"<div><b>{name_html(b.nation)}</b>'s battle{where}, game turn {b.game_turn}, "
                               f"round {b.round} ({html.escape(b.terrain)}; 12.0.8).</div>")
        else:
            self.head.value = (f"<div><b>{name_html(name)}</b>: the next battle (12.0.8 step 1): pick both sides' "
                               "units; the defender fires first.</div>")
        names = opponents(self.host.shown_nations(), name) if name else []
        if list(self.opponent.options) != names:
            keep = self.opponent.value
            self.opponent.options = names
            self.opponent.value = keep if keep in names else (names[0] if names else None)
        for side, who in (("mine", name or ""), ("theirs", self.opponent.value or "")):
            self.setup.children[2].children[SIDES.index(side)].children[0].value = f"<b>{name_html(who)}</b>"
        own(self.setup).display = "none" if fighting else ""
        own(self.fight).display = "" if b is not None else "none"
        if b is None:
            return
        self.step.value = f"<div>{html.escape(summary(b))}</div>"
        sides = [f"<div>{_units_text(b, w)}</div>" for w in ("attacker", "defender")]
        if b.firing is not None:
            needs: dict[str, int] = dict(b.needs(b.firing))
            sides.append("<div>" + html.escape("Hits on: " + ", ".join(f"{u} {k} or less" for u, k in needs.items())
                                               + " (a 1 always hits, a 0 is ten).") + "</div>")
        sides += [f"<div>{html.escape(x)}</div>" for x in losses_text(b)]
        self.sides.value = "".join(sides)
        for fresh in (self.app_btn, self.table_btn, self.retreat_btn):
            fresh.redraw()
        own(self.rolls).display = "" if b.firing is not None else "none"
        own(self.retreat_btn.widget).display = "" if b.choosing is not None else "none"
        if b.choosing is not None:
            self.retreat_btn.label = f"{name_isolated(b.side(b.choosing).name)} retreats (12.2)"
            self.retreat_btn.button.description = self.retreat_btn.label
        choices = loss_choices(b.side(b.losing), b.hits_due) if b.losing is not None else []
        about = self._subject()
        if choices != self._choices or about != self._choices_about or len(self.losses.children) != len(choices):
            self._choices, self._choices_about = choices, about  # drawn for this step: an older tap is refused
            self.losses.children = tuple(button(f"Lose {_choice_label(c)}", lambda k=k: self.lose(k, about),
                                                "rf89-battle-loss") for k, c in enumerate(choices))
        self.volleys.value = "".join(
            f"<div>Round {v.round}, {html.escape(b.side(v.side).name)} fired: {dice_html(list(v.dice), list(v.hits))} "
            f"{sum(v.hits)} {'hit' if sum(v.hits) == 1 else 'hits'}</div>" for v in reversed(b.volleys))
