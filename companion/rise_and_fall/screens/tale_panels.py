"""The Tales on the Game screen: the Fantastic Event panel (phase E) with the World drawn for the
creature's or the Typhoon's new Space, and the board's tale pieces. A thin layer over
:mod:`..fantastic` and :mod:`..tales_in_play`."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Callable, Iterable

import ipywidgets as W

from companion.drawing import Scene
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales.tales import all_tales, parse_markers
from companion.rise_and_fall.world.views import WorldStyle, layout_for, world_scene
from companion.rise_and_fall.world.world import World
from companion.ui.widgets import Stepper, button, html_widget, message_html, own, plain_widget, vbox

if TYPE_CHECKING:  # the board (ipycanvas, numpy) is imported when an event first draws one
    from companion.ui.board import Board

#: The creatures drawn on the board: a disc in their colour and a letter.
CREATURES = {"dragon": ("#8e1b1b", "D"), "leviathan": ("#0f3d5c", "L"), "water-elemental": ("#2a8fbf", "W")}


def markers_of(g: Any) -> tuple:
    """The Dolmens and the Typhoon where they are now (the Typhoon moves during Fantastic Events)."""
    return parse_markers([{"area": k, "q": q, "r": r} for k, q, r in g.world_tale_pieces])


def draw_creatures(scene: Scene, creatures: Iterable[tuple[str, int, int]], style: WorldStyle) -> None:
    """Each creature (piece, q, r) as a disc in its colour with its letter."""
    lay = layout_for(style)
    for kind, q, r in creatures:
        x, y = lay.hex_to_pixel((q, r))
        colour, letter = CREATURES.get(kind, ("#333333", "?"))
        scene.circle(x, y, style.hex_size * 0.6, colour, stroke="#ffffff", width=2)
        scene.text(x, y + style.hex_size * 0.3, letter, size=style.hex_size * 0.8, color="#ffffff", bold=True, min_size=11)


def tale_board_scene(g: Any, style: WorldStyle, chosen: tuple[int, int] | None = None) -> Scene:
    """The game's World with its special areas, the Dolmens, the Typhoon and the creatures where they
    are now, and the Space chosen for a move outlined."""
    scene = world_scene(World(g.tiles), WorldStyle(hex_size=style.hex_size, legend=False), markers=markers_of(g))
    draw_creatures(scene, g.tale_play.creatures, style)
    if chosen is not None:
        scene.polygon(layout_for(style).corners(chosen), stroke="#ff00aa", width=style.hex_size * 0.25)
    return scene


class EventPanel:
    """'The Fantastic Event is resolved by the player who still has the First Player token': the next
    event's text, what it destroys or lays down (per player and piece type, at most what each has in
    the World), the Leviathan's compensation, the Volcano's orientation, and a tap on the board for
    the Space the piece moves to when the World is known. The Game screen and the First Player's phone
    both show it (``board_size``: the board's width and height in CSS pixels at most)."""

    def __init__(self, game: Callable[[], Any], send: Callable[[dict], bool], style: WorldStyle, space_px: int = 44,
                 board_size: tuple[int, int] = (700, 420)) -> None:
        self.game = game
        self.board_size = board_size
        self.send = send
        self.style = style
        self.to: tuple[int, int] | None = None
        self.for_event: tuple[int, int] | None = None  # (turn, tale) the choices on screen are for
        self.msg = html_widget()
        self.space_px = space_px
        self._board: Board | None = None  # made when a World is known and an event moves a piece
        self.steppers: dict[tuple[str, int, str], Stepper] = {}
        self.orientation = plain_widget(W.ToggleButtons, options=[])
        self.orientation.add_class("rf-volcano-orientation")
        self.widget = vbox([])
        self.widget.add_class("rf-fantastic")

    @property
    def board(self) -> Board:
        if self._board is None:
            from companion.ui.board import Board

            self._board = Board(width=self.board_size[0], height=self.board_size[1], report=lambda t: setattr(self.msg, "value", message_html(t, "error")),
                                space=self.space_px)
            self._board.on_tap = self.tap_pixel
            self._board.room = 20
        return self._board

    def tap_pixel(self, x: float, y: float) -> None:
        self.tap_space(layout_for(self.style).pixel_to_hex(x, y))

    def tap_space(self, space: tuple[int, int]) -> None:
        g = self.game()
        if not g.tale_play.events or (space not in World(g.tiles).terrain_map()):
            return
        self.to = space
        self.msg.value = message_html(f"The {F.event(g.tale_play.events[0])['moves']['label']} goes to the Space outlined; "
                                      "tap another to change it.", "info")
        self.board.show(tale_board_scene(g, self.style, self.to))

    def action(self) -> dict:
        g = self.game()
        n = g.tale_play.events[0]
        a: dict[str, Any] = {"type": "fantastic-event", "tale": n, "player": g.first}
        for (kind, i, piece), box in self.steppers.items():
            if box.value:
                a.setdefault(kind, {}).setdefault(str(i), {})[piece] = int(box.value)
        if "nomads" in a:
            a["nomads"] = {i: c["nomad"] for i, c in a["nomads"].items()}
        if self.to is not None:
            a["to"] = list(self.to)
        if self.orientation.options and self.orientation.value:
            a["orientation"] = self.orientation.value
        return a

    def resolve(self) -> None:
        if self.send(self.action()):
            self.to = None
            self.for_event = None

    def refresh(self) -> list[W.Widget]:
        g = self.game()
        if not g.tale_play.events:
            self.for_event = None
            return []
        n = g.tale_play.events[0]
        if self.for_event != (g.turn, n):
            self.for_event = (g.turn, n)
            self.to = None
            self.msg.value = ""
        spec = F.event(n) or {}
        tale = all_tales()[n]
        first = g.civs[g.first].name
        rows: list[W.Widget] = [html_widget(
            f"<div class='rf-turn'><b>Fantastic Event</b> · {html.escape(tale.name)} ({n}) · resolved by "
            f"<b>{html.escape(first)}</b>, who has the First Player token</div>"
            f"<div class='rf-event-does'>{html.escape(spec.get('does', ''))}</div>"
            + (f"<div class='rf-hint'>Then: {html.escape(', '.join(all_tales()[k].name for k in g.tale_play.events[1:]))}.</div>"
               if len(g.tale_play.events) > 1 else "")), self.msg]
        active = g.tale_play.volcano is not None
        old = {k: b.value for k, b in self.steppers.items()}
        self.steppers = {}
        destroys = spec.get("destroys", []) if "sides" not in spec or active else []
        if "sides" in spec:
            side = spec["sides"]["active" if active else "inactive"]
            rows.append(html_widget(f"<div>The Volcano lies {html.escape(side)}"
                               + (f", its lava flows pointing {html.escape(g.tale_play.volcano)}." if active else ": choose its orientation.")
                               + "</div>"))
            opts = [] if active else [(o.title(), o) for o in spec["orientations"]]
            if list(self.orientation.options) != opts:
                self.orientation.options = opts
                self.orientation.value = None
            if opts:
                rows.append(self.orientation)
        else:
            self.orientation.options = []
        buildings = list(F.buildings_destroyed(g, spec, tuple(destroys)))  # a Cathedral in the World is destroyed too
        for kind, types, verb in (("destroyed", destroys + buildings, "destroyed"), ("laid", spec.get("lays", []), "laid on their side")):
            boxes = []
            for i in g.order():
                civ = g.civs[i]
                for p in types:
                    has = civ.count(p) if p in PIECE_TYPES else F.controls(g, i, p)
                    if has:
                        box = Stepper(value=0, min=0, max=has, description=f"{civ.name}'s {_many(p)} {verb}", css=f"rf-event-{kind}")
                        box.value = min(old.get((kind, i, p), 0), box.max)
                        self.steppers[(kind, i, p)] = box
                        boxes.append(box)
            if boxes:
                rows.append(html_widget(f"<b>Pieces {verb}</b> (they go back to the reserve)" if kind == "destroyed" else f"<b>Pieces {verb}</b>"))
                rows += boxes
        if "compensation" in spec:
            for i in g.order():
                civ = g.civs[i]
                if civ.count(spec["compensation"]["for"]) and civ.in_reserve("nomad"):
                    box = Stepper(value=0, min=0, max=1, description=f"{civ.name} places a Nomad as a compensation", css="rf-event-nomads")
                    box.value = min(old.get(("nomads", i, "nomad"), 0), 1)
                    self.steppers[("nomads", i, "nomad")] = box
                    rows.append(box)
        moves = spec.get("moves")
        if moves and g.tiles:
            rows.append(html_widget(f"<div>Tap the Space the {html.escape(moves['label'])} moves to: {html.escape(moves['where'])} "
                               "(or leave it where it is).</div>"))
            self.board.show(tale_board_scene(g, self.style, self.to), fit=not self.board.scene)
            rows.append(self.board.widget)
        elif moves:
            rows.append(html_widget(f"<div>The table moves the {html.escape(moves['label'])}: {html.escape(moves['where'])}.</div>"))
        rows.append(button(f"{first} resolves {tale.name}'s Fantastic Event", self.resolve, "rf-event-resolve", primary=True))
        return rows


def _many(piece: str) -> str:
    return "Cities" if piece == "city" else piece.title() + "s"


def tale_status_html(g: Any) -> str:
    """What the Tales leave lying on the table between events: the pieces on their side, the Volcano's side."""
    from companion.rise_and_fall.variants.tales.in_play import in_play

    out = laid_html(g)
    for n in in_play(g):
        spec = F.event(n) or {}
        if "sides" in spec:
            side = spec["sides"]["active" if g.tale_play.volcano else "inactive"]
            flows = f", its lava flows pointing {html.escape(g.tale_play.volcano)}" if g.tale_play.volcano else ""
            out += f"<div class='rf-volcano'>{html.escape(all_tales()[n].name)}: the Volcano lies {html.escape(side)}{flows}.</div>"
    return out


def laid_html(g: Any) -> str:
    """The pieces lying on their side, per player (they perform no action when their card is played next)."""
    if not g.tale_play.laid:
        return ""
    parts = [f"{html.escape(g.civs[i].name)}: {n} {_many(p) if n > 1 else p.title()}" for i, p, n in g.tale_play.laid if p in PIECE_TYPES]
    return f"<div class='rf-laid'>Laid on their side (no action when their card is played next): {'; '.join(parts)}</div>"


class TalePlay:
    """The special areas' controls for the acting player, beside the card's actions: the Caravansary's
    claim, a piece laid down by Storm Peak, the Monastery's distance for a conversion (with the
    Dolmens' rule said), and the Doppelganger's House (three Guild cards drawn here, one kept)."""

    def __init__(self, game: Callable[[], Any], send: Callable[[dict], bool], can: Callable[[dict], bool], rng: Any,
                 redraw: Callable[[], None]) -> None:
        self.game = game
        self.redraw = redraw  # the screen's controls again, once the three Guild cards are drawn
        self.send = send
        self.can = can
        self.rng = rng
        self.drawn: tuple[Any, list[str]] | None = None  # (the turn and player it was drawn for, the three cards)
        self.distance = plain_widget(W.ToggleButtons, options=[("Adjacent", 1)], value=1)
        self.distance.add_class("rf-convert-distance")

    def amend(self, action: dict) -> dict:
        """A conversion sent with the distance chosen (a Temple next to the Monastery)."""
        if str(action.get("action", "")).startswith("temple-convert") and self.distance.value != 1:
            return {**action, "distance": int(self.distance.value)}
        return action

    def controls(self, i: int, card: str) -> list[W.Widget]:
        from companion.rise_and_fall.play.tracker import card_actions
        from companion.rise_and_fall.variants.tales import in_play as TP

        g = self.game()
        ranges = TP.conversion_ranges(g, i) if card == "temple" else {}  # the Monastery's and the Psy-Monks' reach
        out: list[W.Widget] = []
        if ranges:
            opts = [("Adjacent", 1)] + [(f"{d} spaces ({why}: {'cost ×' + str(m) if m != 1 else 'normal cost'})", d)
                                        for d, (m, why) in sorted(ranges.items())]
            if list(self.distance.options) != opts:
                self.distance.options = opts
                self.distance.value = 1
            out += [html_widget("<b>Conversion at</b>"), self.distance]
        if not TP.in_play(g):
            return out
        from companion.rise_and_fall.play.offers import area_offers

        for o in area_offers(g, i):  # the Caravansary's claim, a piece laid down by Storm Peak
            out.append(button(o.label, lambda a=o.action: self.send(a), o.css))
        if card == "temple" and TP.dolmens_rule(g):
            out.append(html_widget(f"<div class='rf-hint'>Dolmens: {html.escape(TP.dolmens_rule(g))}</div>"))
        house = next((s for s in card_actions(card, (), TP.in_play(g)) if "house" in s), None)
        if house is not None:
            out += self._house(g, i, house)
        return out

    def _house(self, g: Any, i: int, spec: dict) -> list[W.Widget]:
        from companion.rise_and_fall.variants.guilds import guilds as G
        from companion.rise_and_fall.variants.tales import in_play as TP

        key = (g.turn, i, g.activations)
        price = spec.get("cost", {}).get("gold", 0)
        if g.civs[i].gold < price or g.activations >= g.act_limit:
            return []
        if self.drawn is None or self.drawn[0] != key:
            def draw() -> None:
                free = TP.unused_guilds(self.game())
                self.drawn = (key, self.rng.sample(free, min(spec["house"]["draw"], len(free))))
                self.redraw()

            return [button(f"{spec['label']} ({price} GP)", draw, "rf-house-draw")]
        out: list[W.Widget] = [html_widget(f"<b>{html.escape(g.civs[i].name)}</b> keeps one (the others go back to the bottom of the deck):")]
        for gid in self.drawn[1]:
            a = {"type": "act", "player": i, "action": spec["id"], "drawn": list(self.drawn[1]), "keep": gid}
            out.append(button(f"Keep the {G.guild(gid).name}: {G.guild(gid).power}", lambda a=a: self._keep(a), "rf-house-keep"))
        return out

    def _keep(self, action: dict) -> None:
        if self.send(action):
            self.drawn = None


class WorldView:
    """The Game screen's World, folded in its side panel: the special areas, the Dolmens, the Typhoon
    and the creatures where they are now (drawn when opened, and after each change while open). While
    a creature has no Space yet, it opens by itself and a tap places the creature chosen."""

    def __init__(self, game: Callable[[], Any], send: Callable[[dict], bool], style: WorldStyle, space_px: int = 44) -> None:
        self.game = game
        self.send = send
        self.style = style
        self.space_px = space_px
        self._board: Board | None = None
        self._opened_for: Any = None  # the game whose creatures opened the view once
        self.msg = html_widget()
        self.pick = plain_widget(W.ToggleButtons, options=[])
        self.pick.add_class("rf-creature-pick")
        self.place_box = vbox([])
        self.box = vbox([self.msg, self.place_box])
        self.widget = plain_widget(W.Accordion, children=[self.box], titles=("The World",))
        self.widget.add_class("rf-game-world")
        self.widget.observe(lambda ch: self.refresh(), "selected_index")

    @property
    def board(self) -> Board:
        if self._board is None:
            from companion.ui.board import Board

            self._board = Board(width=320, height=260, space=self.space_px,
                                report=lambda t: setattr(self.msg, "value", message_html(t, "error")))
            self._board.room = 10
            self._board.on_tap = lambda x, y: self.tap_space(layout_for(self.style).pixel_to_hex(x, y))
            self.box.children = [self.msg, self.place_box, self._board.widget]
        return self._board

    def tap_space(self, space: tuple[int, int]) -> None:
        piece = self.pick.value
        if not piece or piece not in F.unplaced(self.game()):
            return
        if self.send({"type": "place-creature", "piece": piece, "q": space[0], "r": space[1]}):
            self.msg.value = ""

    def refresh(self) -> None:
        g = self.game()
        own(self.widget).display = "" if g.tiles else "none"  # a game without a World has nothing to show
        waiting = F.unplaced(g)
        key = (len(g.civs), g.world_name, g.tiles[:1])
        if waiting and self._opened_for != key:
            self._opened_for = key
            self.widget.selected_index = 0  # observed: draws
            return
        if self.widget.selected_index != 0 or not g.tiles:
            return
        opts = [(p.replace("-", " ").title(), p) for p in waiting]
        if list(self.pick.options) != opts:
            self.pick.options = opts
            self.pick.value = opts[0][1] if opts else None
        if waiting:
            where = next(((F.event(n) or {}).get("moves", {}).get("setup_where", "") for n in F.with_events(g)
                          if (F.event(n) or {}).get("moves", {}).get("piece") == self.pick.value), "")
            self.place_box.children = [html_widget(f"<div>Place the {html.escape(str(self.pick.value).replace('-', ' ').title())}: "
                                              f"tap {html.escape(where)}.</div>"), self.pick]
        else:
            self.place_box.children = []
        self.board.show(tale_board_scene(g, self.style), fit=not self.board.scene)
