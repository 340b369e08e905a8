"""Setup's "Start from a game in progress": the entry of a ``rise-and-fall/state`` as a guided form.

The players, their colours, the Trophies to end and the World are the Setup screen's; the form asks where the
game is: the turn and its phase (the start of A, C or D, with the Trophies claimed this turn), the First Player,
each player's six Civilization cards by pile, pieces in the World, Gold,
Wood and Stone, who holds each Trophy, and the Space of each creature of the World's Tales. Every change is checked at once (:func:`state_file.problems`, one
sentence each); "Start from this game" writes the log's first action, ``start-from-state``.
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from companion.errors import CompanionError
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.play.state_file import PILES, STATE_PHASES, State, problems, state
from companion.ui.widgets import Stepper, button, message_html

PILE_NAMES = {"hand": "Hand", "discard": "Discard", "reserve": "Reserve", "decline": "Decline"}


class PlayerForm:
    """One player's cards, pieces and Treasury."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        rules = load_rules()
        self.title = W.HTML()
        self.cards = {t: W.Dropdown(options=[(PILE_NAMES[p], p) for p in PILES], description=t.title(),
                                    layout=W.Layout(width="230px", height="auto")) for t in PIECE_TYPES}
        self.pieces = {t: Stepper(0, 0, rules.pieces_per_player[t], description=f"{t.title()}s in the World",
                                  css=f"rf-progress-{t}") for t in PIECE_TYPES}
        self.gold = W.BoundedIntText(value=0, min=0, max=9999, description="Gold (GP)", layout=W.Layout(width="220px", height="44px"))
        self.wood = Stepper(0, 0, 10, description="Wood", css="rf-progress-wood")
        self.stone = Stepper(0, 0, 10, description="Stone", css="rf-progress-stone")
        for w in [*self.cards.values(), *self.pieces.values(), self.gold, self.wood, self.stone]:
            w.observe(lambda ch: on_change(), "value")
        self.widget = W.VBox([self.title, W.HBox(list(self.cards.values()), layout=W.Layout(flex_flow="row wrap")),
                              W.HBox(list(self.pieces.values()), layout=W.Layout(flex_flow="row wrap")),
                              W.HBox([self.gold, self.wood, self.stone], layout=W.Layout(flex_flow="row wrap"))])
        self.widget.add_class("rf-progress-player")


class ProgressPanel:
    """The guided entry of a game in progress, under the Setup screen's players."""

    def __init__(self, players: Callable[[], list[tuple[str, str]]], target: Callable[[], int], world: Callable[[], dict | None],
                 start: Callable[[dict], None]) -> None:
        self.players, self.target, self.world, self._start = players, target, world, start
        self._quiet = False
        self.turn = Stepper(1, 1, 1000, description="Turn", css="rf-progress-turn")
        self.first = W.Dropdown(description="First Player", layout=W.Layout(width="260px", height="auto"))
        self.first.add_class("rf-progress-first")
        self.phase = W.Dropdown(options=[(f"{k}: {v[0].upper()}{v[1:]}", k) for k, v in STATE_PHASES.items()], value="A",
                                description="Phase", layout=W.Layout(width="520px", height="auto"))
        self.phase.add_class("rf-progress-phase")
        self.this_turn = {t: W.Checkbox(value=False, description=f"{t.title()}: claimed this turn", indent=False,
                                        layout=W.Layout(width="230px", height="44px")) for t in PIECE_TYPES}
        self.this_turn_box = W.HBox(list(self.this_turn.values()), layout=W.Layout(flex_flow="row wrap"))
        self.forms = [PlayerForm(self.check) for _ in range(4)]
        self.trophies = {t: W.Dropdown(description=f"{t.title()} Trophy", layout=W.Layout(width="230px", height="auto"))
                         for t in PIECE_TYPES}
        for w in [self.turn, self.first, self.phase, *self.trophies.values(), *self.this_turn.values()]:
            w.observe(lambda ch: self.check(), "value")
        self.creatures: dict[str, W.Dropdown] = {}
        self.creatures_box = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.problems = W.HTML()
        self.problems.add_class("rf-progress-problems")
        self.go = button("Start from this game", self.start, "rf-progress-start", primary=True)
        self.widget = W.VBox([W.HTML("<b>Where the game is</b>, at the start of a phase (in the middle of one, finish it at the "
                                     "table first)"),
                              W.HBox([self.turn, self.first, self.phase], layout=W.Layout(flex_flow="row wrap")), *[f.widget for f in self.forms],
                              W.HTML("<b>Trophies claimed</b>"), W.HBox(list(self.trophies.values()), layout=W.Layout(flex_flow="row wrap")),
                              self.this_turn_box, self.creatures_box, self.problems, self.go])
        self.widget.add_class("rf-progress")
        self.reset()

    def reset(self) -> None:
        """The Setup screen's players as the rulebook deals them at turn 1; the table changes what differs."""
        self._quiet = True
        try:
            who = self.players()
            base = state(who)
            names = [n for n, _ in who]
            self.first.options = [(n or f"Player {i + 1}", i) for i, n in enumerate(names)]
            self.first.value = 0
            self.phase.value = "A"
            for box in self.this_turn.values():
                box.value = False
            for t, box in self.trophies.items():
                box.options = [("Not claimed", -1)] + [(n, i) for i, n in enumerate(names)]
                box.value = -1
            self._creature_choices()
            for i, f in enumerate(self.forms):
                f.widget.layout.display = "" if i < len(who) else "none"
                if i >= len(who):
                    continue
                p = base.players[i]
                f.title.value = f"<b>{html.escape(p.name)}</b>"
                for t in PIECE_TYPES:
                    f.cards[t].value = next(pile for pile in PILES if t in getattr(p, pile))
                    f.pieces[t].value = p.pieces.get(t, 0)
                f.gold.value, f.wood.value, f.stone.value = 0, 0, 0
        finally:
            self._quiet = False
        self.check()

    def _creature_choices(self) -> None:
        """A Space for each creature of the World's Tales (the Dragon on a Glacier, the Leviathan at sea, ...), or none
        yet: the table places it on the Game screen, as after the first pieces."""
        from companion.rise_and_fall.variants.tales.tales import creatures, drawn_of
        from companion.rise_and_fall.world.layout import parse
        from companion.rise_and_fall.world.world import top_terrain

        world = self.world()
        self.creatures = {}
        if world is not None:
            drawn = drawn_of(world)
            terrain = top_terrain(parse(world, "the World").tiles)
            for piece, spec in creatures().items():
                if spec["tale"] not in drawn:
                    continue
                spaces = [(f"{q},{r} ({t})", (q, r)) for (q, r), t in sorted(terrain.items()) if t in spec["on"]]
                box = W.Dropdown(options=[("Not placed yet", None), *spaces], value=None, description=f"{spec['label']}'s Space",
                                 layout=W.Layout(width="300px", height="auto"))
                box.add_class(f"rf-progress-{piece}")
                box.observe(lambda ch: self.check(), "value")
                self.creatures[piece] = box
        self.creatures_box.children = tuple(self.creatures.values())
        self.creatures_box.layout.display = "" if self.creatures else "none"

    def state(self) -> State:
        who = self.players()
        st = state(who, turn=self.turn.value, first=self.first.value or 0, trophies_to_end=self.target(), world=self.world(),
                   phase=self.phase.value)
        for i, p in enumerate(st.players):
            f = self.forms[i]
            for pile in PILES:
                setattr(p, pile, [t for t in PIECE_TYPES if f.cards[t].value == pile])
            p.pieces = {t: f.pieces[t].value for t in PIECE_TYPES}
            p.gold, p.wood, p.stone = f.gold.value, f.wood.value, f.stone.value
            p.trophies = [t for t, box in self.trophies.items() if box.value == i]
        # phases C and D: the Trophies claimed this turn (each is its holder's), which say the cards owed to the Decline
        if self.phase.value != "A":
            st.claimed_this_turn = [(t, self.trophies[t].value) for t, box in self.this_turn.items() if box.value]
        st.creatures = {piece: box.value for piece, box in self.creatures.items() if box.value is not None}
        return st

    def check(self) -> list[str]:
        if self._quiet:
            return []
        self.this_turn_box.layout.display = "none" if self.phase.value == "A" else ""
        found = problems(self.state())
        self.problems.value = "".join(message_html(p, "error") for p in found) if found else message_html(
            "This game can be played on from here.", "info")
        self.go.disabled = bool(found)
        return found

    def start(self) -> None:
        if self.check():
            return
        try:
            self._start({"type": "start-from-state", "state": self.state().to_dict()})
        except CompanionError as e:
            self.problems.value = message_html(str(e), "error")
