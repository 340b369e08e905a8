"""Setup's "Start from a game in progress": the entry of a ``rise-and-fall/state`` as a guided form.

The players, their colours, the Trophies to end and the World are the Setup screen's; the form asks where the
game is: the turn and its phase (the start of A, C or D, with the Trophies claimed this turn), the First Player,
each player's six Civilization cards by pile, pieces in the World, Gold,
Wood and Stone, who holds each Trophy, and the Space of each creature of the World's Tales. With the Guilds
(:class:`GuildFields`), each player's handicap level and Guild cards. With Tales, what they
hold in play (:class:`TaleFields`): each player's Tale buildings, pieces laid on their side and Guild card from the
Doppelganger's House, the Tale Trophies, the pieces of no one (the Dragon, the Bridge) and the Volcano's side.
Every change is checked at once (:func:`state_file.problems`, one sentence each); "Start from this game" writes the
log's first action, ``start-from-state``.
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from companion.errors import CompanionError
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.play.state_file import (
    PILES,
    STATE_PHASES,
    State,
    house_tales,
    laying,
    problems,
    state,
    volcano_orientations,
)
from companion.ui.widgets import Stepper, button, hbox, html_widget, message_html, own, plain_widget, vbox
from companion.words import IRREGULAR


def _dropdown(**kw) -> W.Dropdown:
    """A drop-down whose description and choice both show whole at any text size (A+): the description as wide as
    its words, the choice at least as wide as the width asked, growing with its words."""
    layout = kw.pop("layout", None) or W.Layout(height="auto")
    return plain_widget(W.Dropdown, **kw, style={"description_width": "initial"},
                      layout=W.Layout(width="auto", min_width=layout.width or "230px", max_width="100%", height="auto"))


PILE_NAMES = {"hand": "Hand", "discard": "Discard", "reserve": "Reserve", "decline": "Decline"}


class PlayerForm:
    """One player's cards, pieces and Treasury."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        rules = load_rules()
        self.title = html_widget()
        self.cards = {t: _dropdown(options=[(PILE_NAMES[p], p) for p in PILES], description=t.title(),
                                    layout=W.Layout(width="230px", height="auto")) for t in PIECE_TYPES}
        self.pieces = {t: Stepper(0, 0, rules.pieces_per_player[t], description=f"{IRREGULAR.get(t.title(), t.title() + 's')} in the World",
                                  css=f"rf-progress-{t}") for t in PIECE_TYPES}
        self.gold = W.BoundedIntText(value=0, min=0, max=9999, description="Gold (GP)", layout=W.Layout(width="220px", height="44px"))
        self.wood = Stepper(0, 0, 10, description="Wood", css="rf-progress-wood")
        self.stone = Stepper(0, 0, 10, description="Stone", css="rf-progress-stone")
        for w in [*self.cards.values(), *self.pieces.values(), self.gold, self.wood, self.stone]:
            w.observe(lambda ch: on_change(), "value")
        self.widget = vbox([self.title, hbox(list(self.cards.values()), layout=W.Layout(flex_flow="row wrap")),
                              hbox(list(self.pieces.values()), layout=W.Layout(flex_flow="row wrap")),
                              hbox([self.gold, self.wood, self.stone], layout=W.Layout(flex_flow="row wrap"))])
        self.widget.add_class("rf-progress-player")


class TaleFields:
    """What the World's Tales hold in play, made for the World of the moment (none without Tales)."""

    def __init__(self, drawn: tuple[int, ...], names: list[str], on_change: Callable[[], None]) -> None:
        from companion.rise_and_fall.variants.guilds import guilds as G
        from companion.rise_and_fall.variants.tales import pieces as TP
        from companion.rise_and_fall.variants.tales.tales import all_tales

        self.drawn = drawn
        kinds = {b: spec for n in TP.tracked(drawn) for b, spec in TP.pieces_of(n).items()}
        owned = {b: spec for b, spec in kinds.items() if not spec.get("of_no_one")}
        n = len(names)
        self.buildings = [{b: Stepper(0, 0, spec.get("per_player", spec.get("in_game", TP.tiles_in_game(b, n) if "tiles_per_player" in spec
                                                                            else 3)),
                                      description=f"{names[i] or f'Player {i + 1}'}: {_building_name(b)}", css=f"rf-progress-{b}")
                           for b, spec in owned.items()} for i in range(n)]
        start = TP.initial(drawn, n)
        self.world = {b: _dropdown(options=[("In the World", 1), ("Not in the World", 0)], value=dict(start.world).get(b, 0) if start else 0,
                                    description=_building_name(b), layout=W.Layout(width="300px", height="auto"))
                      for b, spec in kinds.items() if spec.get("of_no_one")}
        who = [("Not claimed", -1)] + [(nm or f"Player {i + 1}", i) for i, nm in enumerate(names)]
        self.trophies = {t: _dropdown(options=who, value=-1, description=f"{all_tales()[t].name}'s Trophy",
                                       layout=W.Layout(width="360px", height="auto")) for t in drawn if all_tales()[t].trophy_vp}
        flows = volcano_orientations(drawn)
        self.volcano = _dropdown(options=[("Inactive side up", None)] + [(f"Active side up, lava flows {o}", o) for o in flows],
                                  value=None, description="The Volcano", layout=W.Layout(width="360px", height="auto")) if flows else None
        lays = laying(drawn)
        by = " and ".join(all_tales()[k].name for k in sorted({k for tales in lays.values() for k in tales}))
        self.laid = [{t: Stepper(0, 0, load_rules().pieces_per_player[t], description=_many(t), css=f"rf-progress-laid-{t}")
                      for t in PIECE_TYPES if t in lays} for i in range(n)]
        house = [("No Guild card from the House", None)] + [(G.guild(g).name, g) for g in G.all_guilds()]
        self.house = [_dropdown(options=house, value=None, description=f"{names[i] or f'Player {i + 1}'}: the Doppelganger's "
                                 "House", layout=W.Layout(width="420px", height="auto")) for i in range(n)] if house_tales(drawn) else []
        rows: list[W.Widget] = []
        for i in range(n):
            mine = [*self.buildings[i].values(), *self.house[i:i + 1]]
            if mine:
                rows.append(hbox(mine, layout=W.Layout(flex_flow="row wrap")))
            if self.laid[i]:
                rows.append(html_widget(f"{html.escape(names[i] or f'Player {i + 1}')}'s pieces laid on their side ({html.escape(by)}): "
                                   "they perform no action when their card is played next"))
                rows.append(hbox(list(self.laid[i].values()), layout=W.Layout(flex_flow="row wrap")))
        top = [*self.world.values(), *self.trophies.values(), *([self.volcano] if self.volcano else [])]
        for w in [*(x for row in self.buildings for x in row.values()), *(x for row in self.laid for x in row.values()), *self.house, *top]:
            w.observe(lambda ch: on_change(), "value")
        self.widget = vbox(([html_widget("<b>The Tales in play</b>")] if rows or top else [])
                             + rows + ([hbox(top, layout=W.Layout(flex_flow="row wrap"))] if top else []))
        self.widget.add_class("rf-progress-tales")

    def clear(self) -> None:
        """Nothing entered: built for the same Tales and players, the same fields are kept (the table's page keeps
        showing the very widgets it is tapping on)."""
        for box in [*(x for row in self.buildings for x in row.values()), *(x for row in self.laid for x in row.values())]:
            box.value = 0
        for box in self.trophies.values():
            box.value = -1
        for box in [*self.house, *([self.volcano] if self.volcano else [])]:
            box.value = None
        from companion.rise_and_fall.variants.tales import pieces as TP

        start = TP.initial(self.drawn, len(self.laid))
        for b, box in self.world.items():
            box.value = dict(start.world).get(b, 0) if start else 0

    def fill(self, st: State) -> None:
        """The state's Tales in play as entered."""
        for i, p in enumerate(st.players):
            p.buildings = {b: box.value for b, box in self.buildings[i].items() if box.value}
            p.laid = {t: box.value for t, box in self.laid[i].items() if box.value}
            p.tale_trophies = [t for t, box in self.trophies.items() if box.value == i]
            if self.house and self.house[i].value is not None:
                p.house = self.house[i].value
                if p.house not in p.guilds:  # in front of the player with their others (without the variant: alone)
                    p.guilds = [*p.guilds, p.house]
        st.world_pieces = {b: box.value for b, box in self.world.items()}
        st.volcano = self.volcano.value if self.volcano is not None else None


class GuildFields:
    """The Guild variant: each player's handicap level and the Guild cards in front of them, face up."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        from companion.rise_and_fall.variants.guilds import guilds as G

        self.on = plain_widget(W.ToggleButton, value=False, description="Played with the Guilds", layout=W.Layout(width="260px", height="44px"))
        self.on.add_class("rf-btn")
        self.on.add_class("rf-progress-with-guilds")
        cards = [("No Guild card", None)] + [(g.name, gid) for gid, g in G.all_guilds().items()]
        self.titles = [html_widget(layout=W.Layout(width="140px")) for _ in range(4)]
        self.levels = [_dropdown(options=[(lv.label, k) for k, lv in G.levels().items()], value=G.STANDARD_LEVEL,
                                  layout=W.Layout(width="200px", height="auto")) for _ in range(4)]
        self.cards = [[_dropdown(options=cards, value=None, layout=W.Layout(width="220px", height="auto")) for _ in range(G.DEALT)]
                      for _ in range(4)]
        self.rows = [hbox([self.titles[i], self.levels[i], *self.cards[i]], layout=W.Layout(flex_flow="row wrap")) for i in range(4)]
        for i, row in enumerate(self.rows):
            row.add_class(f"rf-progress-guilds-{i}")
        for w in [self.on, *self.levels, *(c for row in self.cards for c in row)]:
            w.observe(lambda ch: on_change(), "value")
        self.box = vbox(self.rows)
        self.widget = vbox([self.on, self.box])

    def reset(self, names: list[str]) -> None:
        from companion.rise_and_fall.variants.guilds import guilds as G

        self.on.value = False
        for i in range(4):
            self.titles[i].value = f"<b>{html.escape(names[i] if i < len(names) and names[i] else f'Player {i + 1}')}</b>"
            self.levels[i].value = G.STANDARD_LEVEL
            for box in self.cards[i]:
                box.value = None
            own(self.rows[i]).display = "" if i < len(names) else "none"

    def fill(self, st: State) -> None:
        own(self.box).display = "" if self.on.value else "none"
        if not self.on.value:
            return
        for i, p in enumerate(st.players):
            p.level = self.levels[i].value
            p.guilds = [box.value for box in self.cards[i] if box.value is not None]


def _building_name(b: str) -> str:
    return {"bridge": "The Majestic Bridge", "dragon": "The Dragon"}.get(b, _many(b.replace("-", " ").title()))


def _many(piece: str) -> str:
    name = piece.title()
    return name[:-1] + "ies" if name.endswith("ty") else name + "s"


def summary(st: State) -> str:
    """What "Start from this game" starts, in a sentence the table checks before tapping it."""
    first = st.players[st.first].name if 0 <= st.first < len(st.players) else "?"
    out = f"Turn {st.turn}, phase {st.phase}: {first} has the First Player token"
    if st.volcano is not None:
        out += f"; the Volcano lies active side up, its lava flows {st.volcano}"
    laid = [f"{p.name} {k} {(t if k == 1 else _many(t).lower())}" for p in st.players for t, k in p.laid.items() if k]
    if laid:
        out += "; laid on their side: " + ", ".join(laid)
    return html.escape(out + ".")


class ProgressPanel:
    """The guided entry of a game in progress, under the Setup screen's players."""

    def __init__(self, players: Callable[[], list[tuple[str, str]]], target: Callable[[], int], world: Callable[[], dict | None],
                 start: Callable[[dict], None]) -> None:
        self.players, self.target, self.world, self._start = players, target, world, start
        self._quiet = False
        self.turn = Stepper(1, 1, 1000, description="Turn", css="rf-progress-turn")
        self.first = _dropdown(description="First Player", layout=W.Layout(width="260px", height="auto"))
        self.first.add_class("rf-progress-first")
        self.phase = _dropdown(options=[(f"{k}: {v[0].upper()}{v[1:]}", k) for k, v in STATE_PHASES.items()], value="A",
                                description="Phase", layout=W.Layout(width="520px", height="auto"))
        self.phase.add_class("rf-progress-phase")
        self.this_turn = {t: plain_widget(W.Checkbox, value=False, description=f"{t.title()}: claimed this turn", indent=False,
                                        layout=W.Layout(width="230px", height="44px")) for t in PIECE_TYPES}
        self.this_turn_box = hbox(list(self.this_turn.values()), layout=W.Layout(flex_flow="row wrap"))
        self.forms = [PlayerForm(self.check) for _ in range(4)]
        self.trophies = {t: _dropdown(description=f"{t.title()} Trophy", layout=W.Layout(width="230px", height="auto"))
                         for t in PIECE_TYPES}
        for w in [self.turn, self.first, self.phase, *self.trophies.values(), *self.this_turn.values()]:
            w.observe(lambda ch: self.check(), "value")
        self.creatures: dict[str, W.Dropdown] = {}
        self.creatures_box = hbox(layout=W.Layout(flex_flow="row wrap"))
        self.tale_fields: TaleFields | None = None
        self._tales_for: tuple[tuple[int, ...], list[str]] | None = None  # the Tales and players its fields were made for
        self.guild_fields = GuildFields(self.check)
        self.tales_box = vbox()
        self.problems = html_widget()
        self.problems.add_class("rf-progress-problems")
        self.go = button("Start from this game", self.start, "rf-progress-start", primary=True)
        self.widget = vbox([html_widget("<b>Where the game is</b>, at the start of a phase (in the middle of one, finish it at the "
                                     "table first)"),
                              hbox([self.turn, self.first, self.phase], layout=W.Layout(flex_flow="row wrap")), *[f.widget for f in self.forms],
                              html_widget("<b>Trophies claimed</b>"), hbox(list(self.trophies.values()), layout=W.Layout(flex_flow="row wrap")),
                              self.this_turn_box, self.creatures_box, self.guild_fields.widget, self.tales_box, self.problems, self.go])
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
            self.turn.value = 1
            self.first.value = 0
            self.phase.value = "A"
            for box in self.this_turn.values():
                box.value = False
            for t, box in self.trophies.items():
                box.options = [("Not claimed", -1)] + [(n, i) for i, n in enumerate(names)]
                box.value = -1
            self._creature_choices()
            self._tale_fields(names)
            self.guild_fields.reset(names)
            for i, f in enumerate(self.forms):
                own(f.widget).display = "" if i < len(who) else "none"
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
                box = _dropdown(options=[("Not placed yet", None), *spaces], value=None, description=f"{spec['label']}'s Space",
                                 layout=W.Layout(width="300px", height="auto"))
                box.add_class(f"rf-progress-{piece}")
                box.observe(lambda ch: self.check(), "value")
                self.creatures[piece] = box
        self.creatures_box.children = tuple(self.creatures.values())
        own(self.creatures_box).display = "" if self.creatures else "none"

    def _tale_fields(self, names: list[str]) -> None:
        from companion.rise_and_fall.variants.tales.tales import drawn_of

        world = self.world()
        drawn = drawn_of(world) if world is not None else ()
        if (drawn, names) == self._tales_for and self.tale_fields is not None:
            self.tale_fields.clear()
            return
        self._tales_for = (drawn, names)
        self.tale_fields = TaleFields(drawn, names, self.check) if drawn else None
        self.tales_box.children = (self.tale_fields.widget,) if self.tale_fields is not None else ()

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
        self.guild_fields.fill(st)
        if self.tale_fields is not None:
            self.tale_fields.fill(st)
            if st.world_pieces.get("dragon", 1) == 0:
                st.creatures.pop("dragon", None)  # hunted: it has no Space
        return st

    def check(self) -> list[str]:
        if self._quiet:
            return []
        own(self.this_turn_box).display = "none" if self.phase.value == "A" else ""
        st = self.state()
        found = problems(st)
        self.problems.value = "".join(message_html(p, "error") for p in found) if found else message_html(
            "This game can be played on from here. " + summary(st), "info")
        self.go.disabled = bool(found)
        return found

    def start(self) -> None:
        if self.check():
            return
        try:
            self._start({"type": "start-from-state", "state": self.state().to_dict()})
        except CompanionError as e:
            self.problems.value = message_html(str(e), "error")
