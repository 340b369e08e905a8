"""The Setup and Game screens: a thin layer over :mod:`companion.rise_and_fall.play.tracker`.

Every button sends one action to the game's log (SQLite) and the screen is redrawn from
the replayed state. Only actions that can be fully completed are offered.
"""

from __future__ import annotations

import html
import random
from typing import Callable

import ipywidgets as W

from companion.drawing import Scene
from companion.errors import CompanionError, IllegalAction
from companion.rise_and_fall import GAME_LOG
from companion.rise_and_fall.hub import GameHub, progress
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.play.offers import (
    card_choices,
    card_offers,
    decline_offers,
    in_order_offer,
    purchase_offers,
    tap,
)
from companion.rise_and_fall.play.public import TableView, describe, public_view
from companion.rise_and_fall.play.purchases import purchases, purchases_html
from companion.rise_and_fall.play.tracker import (
    TRACKER_VERSION,
    Game,
    card_actions,
    random_play,
)
from companion.rise_and_fall.scoring.position_view import PIECE_LETTERS
from companion.rise_and_fall.screens.civ_table import table_html
from companion.rise_and_fall.screens.count_panels import CountBoxes
from companion.rise_and_fall.screens.guild_panels import (
    GuildDraft,
    ask_again_action,
    guilds_html,
    kept_line,
    level_options,
    piracy_steppers,
    swap_controls,
)
from companion.rise_and_fall.screens.leaving import LeaveGame, is_live, new_game_words
from companion.rise_and_fall.screens.tale_panels import (
    EventPanel,
    TalePlay,
    WorldView,
    tale_board_scene,
    tale_status_html,
)
from companion.rise_and_fall.screens.tale_piece_panels import (
    all_actions,
    count_stepper,
    rules_html,
    tales_html,
    with_count,
)
from companion.rise_and_fall.screens.world_screen import COLOUR_CHOICES, SPACE_PX, STYLE
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.tales import pieces as TP
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.world.views import colour_hex, layout_for
from companion.ui.board import Board, legend_html
from companion.ui.games_list import GamesList
from companion.ui.habits import Habits
from companion.ui.widgets import (
    Stepper,
    busy,
    button,
    follow_subject,
    hbox,
    html_widget,
    message_html,
    own,
    plain_widget,
    vbox,
)
from companion.words import and_list, name_html, plural

KIND = GAME_LOG
__all__ = ["KIND", "GameHub", "GameScreen", "SetupScreen", "describe", "draw_pieces", "progress"]


class SetupScreen:
    """Players, Trophies to end, the First player, then the first pieces on the World."""

    def __init__(self, hub: GameHub, world_layout: Callable[[], dict], world_names: Callable[[], tuple]) -> None:
        self.hub = hub
        self.world_layout = world_layout
        self.world_names = world_names
        self.message = html_widget(_dom_classes=("rf-message-slot",))
        self.n_players = plain_widget(W.ToggleButtons, options=[("2 players", 2), ("3 players", 3), ("4 players", 4)], value=3)
        self.n_players.observe(lambda ch: self._rows(), "value")
        self.names = [plain_widget(W.Text, layout=W.Layout(width="140px")) for _ in range(4)]
        self.colours = [plain_widget(W.Dropdown, options=COLOUR_CHOICES, value=c, layout=W.Layout(width="120px")) for c in ("red", "yellow", "green", "blue")]
        self.rows = [hbox([self.names[i], self.colours[i]]) for i in range(4)]
        self.levels = [plain_widget(W.Dropdown, options=level_options(), value=G.STANDARD_LEVEL, layout=W.Layout(width="190px", height="auto")) for _ in range(4)]
        self.level_names = [html_widget(layout=W.Layout(width="140px")) for _ in range(4)]
        for box in self.levels:
            box.add_class("rf-guild-level")
        self.level_rows = [hbox([self.level_names[i], self.levels[i]]) for i in range(4)]
        self.level_box = vbox([html_widget("Handicap levels (Playing with a Handicap System)"), *self.level_rows])
        self.with_guilds = plain_widget(W.ToggleButton, value=False, description="Play with the Guilds")
        self.with_guilds.add_class("rf-btn")
        self.with_guilds.add_class("rf-with-guilds")
        self.with_guilds.observe(lambda ch: self._rows(), "value")
        self.rng = random.Random()  # deals the Guild cards; the deal is kept in the log
        rules = load_rules()
        self.target = plain_widget(W.ToggleButtons, options=[(label, n) for n, label in rules.trophies_to_end.items()],
                                      value=rules.standard_trophies_to_end)
        self.first_pick = plain_widget(W.Dropdown, options=[("Draw at random", -1)], value=-1, description="First Player")
        self.first_pick.add_class("rf-first-player")
        own(self.first_pick).height = "auto"  # the select is 44 px high: its box grows with it
        self.start_btn = button("Start the game", self.start, "rf-start-game rf-new-game", primary=True)
        self.habits = Habits(hub.store.root)
        for box in self.names:
            box.observe(lambda ch: self._first_options(), "value")
        self.piece = plain_widget(W.ToggleButtons, options=[(p.title(), p) for p in rules.first_pieces], value=rules.first_pieces[0])
        self.piece.add_class("rf-first-piece")
        self.status = html_widget()
        self.board = Board(width=760, height=520, report=self.error, space=SPACE_PX)
        self.board.legend.value = piece_legend()
        self.board.on_tap = self.tap_pixel
        self.board.room = 20
        self.placing = vbox([self.status, self.piece, self.board.widget])
        self.draft = GuildDraft(lambda: self.hub.game, self._send, self.hub.phones)
        self.world_line = html_widget()  # which World and which Tales the game will be played on
        self.world_line.add_class("rf-setup-world")
        self.in_progress = plain_widget(W.ToggleButton, value=False, description="Start from a game in progress")
        self.in_progress.add_class("rf-btn")
        self.in_progress.add_class("rf-in-progress")
        self.progress = None  # the guided entry of a game in progress, made when first asked for (progress_panel.py)
        self.in_progress.observe(lambda ch: self._rows(), "value")
        self.form = vbox([self.world_line, html_widget("<b>Players</b> (clockwise)"), self.n_players, *self.rows, html_widget("<b>The game ends after</b>"), self.target, self.first_pick,
                            self.with_guilds, self.level_box, self.start_btn, self.in_progress])
        self._start_at = list(self.form.children).index(self.start_btn) + 1  # the answer and the question, under Start
        self.form.add_class("rf-panel")
        from companion.rise_and_fall.screens.seats_panel import SeatsPanel

        self.seats = SeatsPanel(hub)
        self.leave = LeaveGame(hub, self._start_new, lambda: new_game_words(
            [self.names[i].value.strip() for i in range(self.n_players.value)], self.with_guilds.value), self.say)
        # Start's answer and its question come under it (a refusal was said 470 px above the finger, and the question
        # pushed Start 174 px down, below the screen)
        kids = list(self.form.children)
        self.form.children = [*kids[:self._start_at], self.leave.widget, self.message, *kids[self._start_at:]]
        self.widget = vbox([self.form, self.draft.widget, self.placing, self.seats.widget])
        self.widget.add_class("rf-screen")
        self._stale_message = follow_subject(self.message, hub.subject)
        self.defaults()
        hub.listeners.append(self.refresh)
        self.refresh()

    def _answer_beside(self, where: str) -> None:
        """The message where the finger is: just above the board while the first pieces are placed (the taps are
        on the board, ``placing``), under Start the game while the form is shown (``form``), else at the top of the
        screen (the Guild cards being drafted, ``top``)."""
        boxes = {"placing": self.placing, "form": self.form, "top": self.widget}
        holder = next((b for b in boxes.values() if self.message in b.children), None)
        if holder is boxes[where]:
            return
        if holder is not None:
            holder.children = [c for c in holder.children if c is not self.message]
        kids = list(boxes[where].children)
        at = {"placing": len(kids) - 1, "form": kids.index(self.leave.widget) + 1 if self.leave.widget in kids else 0, "top": 0}[where]
        boxes[where].children = [*kids[:at], self.message, *kids[at:]]

    def defaults(self) -> None:
        """The World's players; for a World that never named them (a random or loaded one),
        the players of last time."""
        names, colours = self.world_names()
        if names and [str(x) for x in names] == [c.title() for c in colours] and self.habits.players():
            seats = self.habits.seat(len(names), list(colours) + COLOUR_CHOICES)
            names, colours = [n for n, _ in seats], [c for _, c in seats]
        if names:
            self.n_players.value = len(names)
            for i, (n, c) in enumerate(zip(names, colours)):
                self.names[i].value = n
                if c in COLOUR_CHOICES:
                    self.colours[i].value = c
        self._rows()

    def _rows(self) -> None:
        for i, r in enumerate(self.rows):
            own(r).display = "" if i < self.n_players.value else "none"
            own(self.level_rows[i]).display = r.layout.display
            if not self.names[i].value:
                self.names[i].value = self.colours[i].value.title()
        own(self.level_box).display = "" if self.with_guilds.value else "none"
        self._first_options()
        joining = self.in_progress.value
        if joining and self.progress is None:
            from companion.rise_and_fall.screens.progress_panel import ProgressPanel

            self.progress = ProgressPanel(self._players, lambda: self.target.value, self._world_or_none, self._start_in_progress)
            self.form.children = (*self.form.children, self.progress.widget)
        if self.progress is not None:
            own(self.progress.widget).display = "" if joining else "none"
        for w in (self.first_pick, self.with_guilds, self.start_btn):
            own(w).display = "none" if joining else ""
        if joining and self.progress is not None:
            own(self.level_box).display = "none"
            self.progress.reset()

    def _players(self) -> list[tuple[str, str]]:
        return [(self.names[i].value.strip(), self.colours[i].value) for i in range(self.n_players.value)]

    def _world_or_none(self) -> dict | None:
        world = self.world_layout()
        return world if world.get("tiles") else None

    def _start_in_progress(self, action: dict) -> None:
        """'Start from this game': the log's first action holds the state entered; the Game screen follows."""
        if is_live(self.hub.game):
            self.error("A game is being played: finish or leave it on the Game screen before starting another.")
            return
        self.hub.new(action)
        g = self.hub.game
        self.habits.remember_players([c.name for c in g.civs], [c.colour for c in g.civs])
        self.in_progress.value = False
        self.message.value = message_html(" ".join(g.notes), "info")

    def _first_options(self) -> None:
        """The First Player: drawn at random, or one of the players named above."""
        for label, box in zip(self.level_names, self.names):
            label.value = name_html(box.value)
        n, keep = self.n_players.value, self.first_pick.value
        self.first_pick.options = [("Draw at random", -1)] + [(self.names[i].value or f"Player {i + 1}", i) for i in range(n)]
        self.first_pick.value = keep if keep < n else -1

    def error(self, text: str) -> None:
        self.message.value = message_html(text, "error")

    def say(self, text: str, kind: str = "info") -> None:
        self.message.value = message_html(text, kind)

    def start(self) -> None:
        """Start the game set up above; while another game is being played, ask first."""
        if self._world() is None:  # said before any question: the game left would be left for nothing
            return
        if is_live(self.hub.game):
            self.message.value = ""  # an earlier answer is not read as the question's
            self.leave.ask()
            return
        self._start_new()

    def _world(self) -> dict | None:
        """The World the game starts on, or None (said) when it has no land yet."""
        world = self.world_layout()
        if {t["tile"] for t in world.get("tiles", [])} & {"plains", "forest", "mountain"}:
            return world
        self.error("Build the World first (World screen): the first Cities and Nomads need land to stand on.")
        return None

    def _start_new(self) -> bool:
        world = self._world()
        if world is None:
            return False
        n = self.n_players.value
        setup = {
            "type": "setup",
            "players": [{"name": self.names[i].value.strip(), "colour": self.colours[i].value} for i in range(n)],
            "trophies_to_end": self.target.value,
            "first": self.first_pick.value if 0 <= self.first_pick.value < n else random.randrange(n),
            "world": world,
            "tracker_version": TRACKER_VERSION,
        }
        if self.with_guilds.value:
            setup["guilds"] = {"levels": [self.levels[i].value for i in range(n)], "dealt": G.deal(self.rng, n)}
        try:
            self.hub.new(setup)
        except CompanionError as e:
            self.error(str(e))
            return False
        g = self.hub.game
        self.habits.remember_players([c.name for c in g.civs], [c.colour for c in g.civs])
        how = "draws" if self.first_pick.value < 0 else "has"
        then = "; first, the Guild cards" if g.phase == "guilds" else ""
        self.message.value = message_html(f"{g.civs[g.first].name} {how} the First Player token and places a first piece{then}.", "info")
        return True

    def _send(self, action: dict) -> bool:
        try:
            after = self.hub.do(action)
        except CompanionError as e:
            self.error(str(e))
            return False
        if after.phase != "guilds":
            self.message.value = message_html(" ".join(after.notes), "info")
            return True
        nxt = self.draft.chooser()
        self.message.value = message_html(f"Placed face down. Pass the tablet to {after.civs[nxt].name}." if nxt is not None
                                          else "Placed face down. The others choose on their phones.", "info")
        return True

    def tap_pixel(self, x: float, y: float) -> None:
        self.tap_space(layout_for(STYLE).pixel_to_hex(x, y))

    def tap_space(self, space) -> None:
        g = self.hub.game
        if g.phase != "placement":
            return
        who = g.to_move()[0]
        try:
            after = self.hub.do({"type": "place-first", "player": who, "piece": self.piece.value, "q": space[0], "r": space[1]})
        except CompanionError as e:
            self.error(str(e))
            return
        self.message.value = message_html(" ".join(after.notes), "info")  # names the piece placed

    def scene(self) -> Scene:
        g = self.hub.game
        scene = tale_board_scene(g, STYLE)  # the World with its Dolmens, Typhoon and creatures
        draw_pieces(scene, g)
        return scene

    def describe_world(self) -> None:
        """Say which World (the World screen's) and which Tales "Start the game" plays on."""
        self.world_line.value = world_sentence(self.world_layout())

    def refresh(self) -> None:
        g = self.hub.game
        self._stale_message()
        self.describe_world()
        self.leave.offer_way_back()
        live = is_live(g)
        self.start_btn.description = "Start a new game…" if live else "Start the game"
        if self.start_btn.button_style != ("" if live else "success"):
            self.start_btn.button_style = "" if live else "success"
        placing = g.phase == "placement"
        self.draft.refresh()
        own(self.placing).display = "" if placing else "none"
        own(self.form).display = "none" if placing or g.phase == "guilds" else ""  # the board comes first while placing
        self._answer_beside("placing" if placing else "top" if g.phase == "guilds" else "form")
        if not placing:
            return
        civ = g.civs[g.to_move()[0]]
        # every first piece stays offered, in its place (a piece already on the World is refused with
        # the rule's sentence); the choice moves on to a piece still to place
        left = [p for p in load_rules().first_pieces if civ.count(p) == 0]
        if left and self.piece.value not in left:
            self.piece.value = left[0]
        self.status.value = (
            f"<div class='rf-turn'><span class='rf-dot' style='background:{colour_hex(civ.colour)}'></span>"
            f"<b>{name_html(civ.name)}</b> places a first piece: choose it, then tap a space.</div>"
            "<div>One piece per space; Ships on Sea; Cities and Nomads neither on Sea nor on Glacier.</div>"
        )
        self.board.show(self.scene(), fit=not self.board.scene)


def world_sentence(doc: dict) -> str:
    """The World a game starts on, in a sentence: its name, its size, its Tales."""
    tiles = len(doc.get("tiles", []))
    name = str(doc.get("name") or "").strip() or "the World built on the World screen"
    drawn = T.drawn_of(doc)
    tales = and_list([T.tale(n).name for n in drawn]) if drawn else "none (no Tales drawn)"
    return (f"<div class='rf-setup-world'><b>The World</b>: {html.escape(name)} · {plural(tiles, 'tile')} · "
            f"<b>Tales</b>: {html.escape(tales)}</div>")


def draw_pieces(scene: Scene, g: Game) -> None:
    lay = layout_for(STYLE)
    for space, i, piece in g.positions:
        x, y = lay.hex_to_pixel(space)
        civ = g.civs[i]
        scene.circle(x, y, STYLE.hex_size * 0.55, colour_hex(civ.colour), stroke="#111111", width=1.5)
        ink = "#111111" if civ.colour in ("yellow", "white") else "#ffffff"
        scene.text(x, y + STYLE.hex_size * 0.3, PIECE_LETTERS[piece], size=STYLE.hex_size * 0.8, color=ink, bold=True, min_size=11)


def acting_pieces(v: TableView) -> str:
    """How many of the acting card's pieces can still act this turn, said of the pieces:
    '1 City still to act', 'both Cities have acted'."""
    card = (v.acting_card or "").title()
    many = "Cities" if card == "City" else card + "s"
    left = v.act_limit - v.activations
    if left <= 0:
        n = v.act_limit
        if n == 1:
            return f"the {card} has acted: end the actions"
        return f"{'both' if n == 2 else f'all {n}'} {many} have acted: end the actions"
    return f"{plural(left, card, many)} still to act" + (f" (of {v.act_limit})" if v.activations else "")


def piece_legend() -> str:
    """The key to the letters on the pieces drawn on the board."""
    return legend_html([(PIECE_LETTERS[p], p.title()) for p in PIECE_TYPES])


def for_game(root: W.Widget, game_id: str | None, hub: GameHub, say: Callable[[str, str], None]) -> None:
    """Every button under ``root`` carries the game, and the point of it, it was drawn for: a tap
    that reaches the kernel after another game was opened or this one changed (on this page or
    another) is refused, not obeyed."""
    head = hub.session.head if hub.session is not None and game_id is not None else None
    stack = [root]
    while stack:
        w = stack.pop()
        stack.extend(getattr(w, "children", ()))
        if isinstance(w, W.Button):
            if not hasattr(w, "_rf_handlers"):  # a button drawn again keeps its own handlers, checked once
                w._rf_handlers = list(w._click_handlers.callbacks)

            def checked(b, inner=w._rf_handlers):
                try:
                    hub.check(game_id, head)
                except IllegalAction as e:
                    say(str(e), "error")
                    return
                for cb in inner:
                    cb(b)

            w._click_handlers.callbacks = [checked]


class GameScreen:
    """Turn by turn: whose move, the phase, every player's cards, Treasury and pieces, and
    the buttons for what the rules allow now."""

    def __init__(self, hub: GameHub, go_scores: Callable[[], None]) -> None:
        self.hub = hub
        self.go_scores = go_scores
        self.to_top: Callable[[], None] = lambda: None  # the page shows its top (set by the game's screens)
        self.header = html_widget()
        self.guilds = html_widget()
        self.header.add_class("rf-game-header")
        self.message = html_widget(_dom_classes=("rf-message-slot",))
        self.controls = vbox([])
        self.controls.add_class("rf-controls")
        self.players = html_widget(layout=W.Layout(width="100%"))
        self.players.add_class("rf-players")
        self.secret = plain_widget(W.ToggleButton, value=False, description="Pass the tablet (hide the cards)")
        self.secret.add_class("rf-btn")
        self._showing = False  # True while the toggle is set from the log, not by a tap
        self.revealed: int | None = None
        self.rng = random.Random()  # draws a slow player's card; the card drawn is kept in the log
        self.counts = CountBoxes()  # how many a Trade or a Tithe counts
        self.count, self.count2 = self.counts.count, self.counts.count2
        self.undo_btn = button("↶ Undo", self.undo, "rf-game-undo")
        self.redo_btn = button("↷ Redo", self.redo, "rf-game-redo")
        self.history = plain_widget(W.Select, options=[], rows=6, layout=W.Layout(width="100%"))
        self.undo_to_btn = button("Undo to here", self.undo_to, "rf-game-undo-to")
        self.games = vbox([])
        saved = plain_widget(W.Accordion, children=[self.games], titles=("Saved games",))
        self.saved = saved
        saved.observe(lambda ch: self._list_saved(), "selected_index")  # read when opened, not at every tap
        self.world_view = WorldView(lambda: self.hub.game, self.send, STYLE, SPACE_PX)  # the World with its Tales' pieces where they are
        side = vbox([html_widget("<b>History</b>"), self.history, self.undo_to_btn, saved, self.world_view.widget])
        side.add_class("rf-side")
        self.acting = html_widget(layout=W.Layout(width="100%"))  # phase B: the acting player's place, above their buttons
        self.acting.add_class("rf-players")
        self.acting.add_class("rf-acting-place")
        self.purchases = html_widget()  # phase D: every player's purchase, in the rulebook's order
        self.purchases.add_class("rf-purchases-box")
        left = vbox([self.acting, self.controls, self.purchases, self.players])
        left.add_class("rf-board-box")
        main = hbox([left, side])
        main.add_class("rf-main")
        top = hbox([self.undo_btn, self.redo_btn, self.secret])  # undo is always in reach
        top.add_class("rf-tools")
        self.confirm = vbox([])  # a question that needs an answer before anything is undone
        self.confirm.add_class("rf-confirm")
        self.piracy: dict[int, Stepper] = {}
        self.events = EventPanel(lambda: self.hub.game, self.send, STYLE, SPACE_PX)  # the Tales' Fantastic Events
        self.tale_play = TalePlay(lambda: self.hub.game, self.send, self.hub.can, self.rng, self.refresh)  # the special areas
        self.tale_counts: dict[str, Stepper] = {}
        self.tales = html_widget()  # the Tale pieces and Trophies (a World with Tales)
        self.widget = vbox([self.header, self.guilds, self.tales, self.message, self.confirm, top, main])
        self.widget.add_class("rf-screen")
        self.secret.observe(self._pass_tablet, "value")
        self._stale_message = follow_subject(self.message, hub.subject)
        hub.listeners.append(self.refresh)
        self.refresh()

    # --- actions ----------------------------------------------------------------------------
    def send(self, action: dict) -> bool:
        """One action to the log; the rules' sentence on screen when refused. True when accepted."""
        try:
            g = self.hub.do(action)
        except CompanionError as e:
            self.message.value = message_html(str(e), "error")
            return False
        self.message.value = message_html(" ".join(g.notes), "info") if g.notes else ""
        return True

    def _pass_tablet(self, change: dict) -> None:
        if self._showing or change["new"] == self.hub.game.pass_tablet:
            return
        if self.hub.session is None:
            self._show_pass_tablet(False)
            return
        self.send({"type": "pass-tablet", "on": bool(change["new"])})

    def _show_pass_tablet(self, on: bool) -> None:
        self._showing = True
        try:
            self.secret.value = on
        finally:
            self._showing = False

    def say(self, text: str, level: str = "info") -> None:
        self.message.value = message_html(text, level)

    def reveal(self, i: int) -> None:
        self.revealed = i
        self.refresh()

    def play(self, i: int, card: str) -> None:
        self._face_down({"type": "play", "player": i, "card": card})

    def too_slow(self, i: int) -> None:
        """'another player randomly draws a card from the slow player's hand': the card is drawn
        here, kept in the log as drawn at random, and shown to nobody until the reveal."""
        self._face_down(random_play(self.hub.game, i, self.rng))

    def decline(self, i: int, cards: list[str]) -> None:
        """The cards a player places face down into Decline, all chosen before any is placed: one tap,
        one entry of the log (one Undo takes them all back)."""
        one = len(cards) == 1
        self._face_down({"type": "decline", "player": i, **({"card": cards[0]} if one else {"cards": list(cards)})})

    def _face_down(self, action: dict) -> bool:
        self.revealed = None
        phase = self.hub.game.phase
        if not self.send(action):
            return False
        g = self.hub.game
        if g.phase == phase and g.pass_tablet:
            said = " ".join(g.notes)
            self.message.value = message_html(f"{said} Card placed face down. Pass the tablet to the next player.".strip(), "info")
        return True

    def act(self, action: dict) -> None:
        """An action of the acting card, one tap and one entry of the log: after the last one the
        rules allow (every piece of the card has acted, and nothing else is offered: no Tale's
        lay-down or claim) it carries the end of the player's actions (:func:`offers.tap`), so one
        Undo takes the tap back."""
        self.send(tap(self.hub.game, action))

    def undo(self) -> None:
        """One Undo takes back one tap: the log's last entry."""
        s = self.hub.session
        undone = s.applied[-1:] if s else []

        def step(s) -> None:
            s.undo()

        if s and s.applied and self.hub.game.phase == "over":
            self._ask_to_reopen(undone, step)
            return
        self._control(step, said=self._undone_words(undone))

    def _undone_words(self, undone: list) -> str:
        """'Undone: Ben builds a City…' (the first action taken back)."""
        return f"Undone: {describe(undone[0].action, self.hub.game)}" if undone else ""

    def redo(self) -> None:
        s = self.hub.session
        seen = {e.seq for e in s.applied} if s else set()

        def said() -> str:
            again = [e for e in self.hub.session.applied if e.seq not in seen]
            return f"Done again: {describe(again[0].action, self.hub.game)}" if again else ""

        self._control(lambda s: s.redo(), said=said)

    def undo_to(self) -> None:
        seq = self.history.value
        if seq is None:
            return
        s = self.hub.session
        if s and self.hub.game.phase == "over":
            self._ask_to_reopen([e for e in s.applied if e.seq > seq], lambda s: s.undo_to(seq))
            return
        undone = [e for e in s.applied if e.seq > seq] if s else []
        more = f" and {plural(len(undone) - 1, 'action')} after it" if len(undone) > 1 else ""
        self._control(lambda s: s.undo_to(seq), said=self._undone_words(undone) + more if undone else "")

    _asked: tuple[str | None, int | None] | None = None  # the game and the point of its log Reopen? is about

    def _ask_to_reopen(self, undone: list, step) -> None:
        """A finished game is finished: undoing into it is asked first, naming what it takes back."""
        if not undone:
            return
        gid, head = self.hub.id, self.hub.session.head
        last = describe(undone[-1].action, self.hub.game)
        more = f" and {plural(len(undone) - 1, 'action')} before it" if len(undone) > 1 else ""
        said = f"Reopened {self.hub.name()}. {self._undone_words(undone)}{more.replace('before', 'after')}"
        yes = button("Yes, reopen the game", lambda: self._reopen(gid, head, step, said), "rf-reopen-yes", primary=True)
        no = button("No, keep it finished", self._keep_finished, "rf-reopen-no")
        for b in (yes, no):
            own(b).width = "auto"
        self._asked = (gid, head)
        self.confirm.children = [
            html_widget(message_html(f"Reopen the finished game? This is {self.hub.name()}, and it is over: "
                                f"Undo takes back “{last}”{more}.", "warning")),
            hbox([yes, no]),
        ]

    def _reopen(self, gid: str | None, head: int, step, said: str) -> None:
        self.confirm.children = []
        if gid != self.hub.id or self.hub.session is None or self.hub.session.head != head:
            self.say("The game changed since the question was asked; nothing was undone. Look and tap again.", "error")
            self.refresh()
            return
        self._control(step, said=said)  # what it reopened and what it took back

    def _keep_finished(self) -> None:
        self.confirm.children = []
        self.say("The game stays finished.")

    def _control(self, f, said: str | Callable[[], str] = "") -> None:
        if not self.hub.session:
            return
        self.confirm.children = []
        try:
            f(self.hub.session)
        except CompanionError as e:
            self.message.value = message_html(str(e), "error")
            self.hub.changed()
            return
        self.message.value = ""
        words = said() if callable(said) else said
        self.hub.changed()
        if words:  # said about the game as it is now
            self.message.value = message_html(words.rstrip(".") + ".", "info")

    # --- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the log. Only the table's view of the game is shown (no card face down),
        plus the choice of the player who holds the tablet."""
        g = self.hub.game
        s = self.hub.session
        self._stale_message()  # a message about another game, or an earlier point of this one, goes
        if self.confirm.children and self._asked != (self.hub.id, s.head if s else None):
            self.confirm.children = []  # a question about a game no longer shown, or moved since, goes
        self.undo_btn.disabled = not (s and s.can_undo())
        self.redo_btn.disabled = not (s and s.can_redo())
        if s:
            self.history.options = [(f"{k + 1}. {describe(e.action, g)}", e.seq) for k, e in enumerate(s.history())][::-1]
        self._list_saved()
        self.world_view.refresh()
        self._show_pass_tablet(g.pass_tablet)
        if g.phase in ("setup",):
            self.header.value = "<div class='rf-turn'>No game yet: start one on the Setup screen.</div>"
            self.controls.children = []
            self.players.value = self.acting.value = self.purchases.value = ""
            return
        view = public_view(g)
        self.header.value = f"<div class='rf-game-name'>This is {self.hub.name(name_html)}.</div>" + self.header_html(view)
        self.guilds.value = guilds_html(view, folded=True) + tale_status_html(g)  # the Guilds' powers a tap away
        self.tales.value = tales_html(view)
        self.controls.children = self.phase_controls(view)
        for_game(self.controls, self.hub.id, self.hub, self.say)
        self.purchases.value = purchases_html(purchases([e.action for e in s.history()], s.states())) if s else ""
        acting = [view.acting] if view.phase == "B" and view.acting is not None else []
        self.acting.value = table_html(view, only=acting, key=False) if acting else ""
        self.players.value = table_html(view, only=[i for i in range(len(view.civs)) if i not in acting])

    def header_html(self, v: TableView) -> str:
        who = ", ".join(v.civs[i].name for i in v.to_move)
        return (
            f"<div class='rf-turn'>Turn {v.turn} · <b>{v.phase_name}</b>"
            + (f" · to move: <b>{name_html(who)}</b>" if who else "")
            + "</div>"
            f"<div class='rf-left'><span class='rf-chip'>First Player: {name_html(v.civs[v.first].name)}</span>"
            f"<span class='rf-chip'>Trophies {v.claimed} of {v.trophies_to_end}</span>"
            f"<span class='rf-chip'>A card in Decline costs {v.decline_price} GP</span>"
            f"<span class='rf-chip'>Decline zone: {html.escape(self.decline_zone(v))}</span>"
            f"<span class='rf-chip'>Bank {v.bank_gold} GP · {v.bank_wood} Wood · {v.bank_stone} Stone</span></div>"
        )

    @staticmethod
    def decline_zone(v: TableView) -> str:
        cards = []
        for c in v.civs:
            shown = [x.title() for x in c.decline]
            if c.face_down and c.face_down_where == "decline":
                shown.append(f"{c.face_down} face down")
            if shown:
                cards.append(f"{c.name} {', '.join(shown)}")
        return " · ".join(cards) or "empty"

    def _seat_row(self, v: TableView, i: int) -> list[W.Widget] | None:
        """Pass the tablet: a player's own cards show only after they ask, one player at a time."""
        if v.pass_tablet and self.revealed != i:
            return [button(f"{v.civs[i].name}: show my cards", lambda i=i: self.reveal(i), "rf-reveal")]
        return None

    def phase_controls(self, v: TableView) -> list[W.Widget]:
        out: list[W.Widget] = []
        g = self.hub.game
        if v.phase in ("placement", "guilds"):
            out.append(html_widget("The Guild cards are chosen and the first pieces placed on the Setup screen."
                              if v.phase == "guilds" else "The first pieces are placed on the Setup screen."))
        elif v.phase == "E":
            out += self.events.refresh() or swap_controls(v, g, self.hub.can, self.send, self.hub.phones())
        elif v.phase == "A":
            phones = self.hub.phones()
            chosen = [c.name for c in v.civs if c.face_down]
            out.append(html_widget(f"<div class='rf-chosen-who'>Chosen: {html.escape(', '.join(chosen) or 'nobody yet')} · waiting for "
                              f"{html.escape(', '.join(v.civs[i].name for i in v.to_move))}</div>"))
            for i in v.order:  # a row per player, in the order of play: a card chosen leaves the rows below in place
                if i not in v.to_move:
                    who = html_widget(f"<b>{name_html(v.civs[i].name)}</b> has chosen:")
                    said = html_widget("a card, face down.", _dom_classes=("rf-chosen-line",))
                    # as high as the row it takes the place of: the name over the cards, or one line (a phone's)
                    out.append(hbox([said] if i in phones else [who, said], _dom_classes=("rf-chosen-row",) if i in phones else
                                      ("rf-play-row", "rf-chosen-row")))
                    continue
                if i in phones:
                    out.append(hbox([html_widget(f"<b>{name_html(v.civs[i].name)}</b> chooses on their phone."),
                                       button("Too slow: draw one at random", lambda i=i: self.too_slow(i), "rf-play-random")]))
                    continue
                hidden = self._seat_row(v, i)
                if hidden:
                    out += hidden
                    continue
                row = [html_widget(f"<b>{name_html(v.civs[i].name)}</b> plays: <span class='rf-hint'>(face down until all have chosen)</span>")]
                row += [button(o.label, lambda a=o.action: self._face_down(a), o.css)  # as the phone offers them (play/offers.py)
                        for o in card_choices(g, i) if o.enabled]
                row.append(button("Too slow: draw one at random", lambda i=i: self.too_slow(i), "rf-play-random"))
                out.append(hbox(row, _dom_classes=("rf-play-row",)))
            for i in v.kept:  # every turn stops here: a holder who said 'do not ask again' may take it back
                out.append(hbox([html_widget(kept_line(v, i)),
                                   button(f"Ask {v.civs[i].name} again at the Recycling phase", lambda i=i: self.send(ask_again_action(i)),
                                          "rf-ask-guild-swap")]))
        elif v.phase == "B" and v.acting is not None:
            out += self._action_controls(v, g)
        elif v.phase == "C":
            phones = self.hub.phones()
            for i in v.to_move:
                if i in phones:
                    out.append(html_widget(f"<b>{name_html(v.civs[i].name)}</b> puts {v.owed[i]} card{'s' if v.owed[i] > 1 else ''} "
                                      "into Decline on their phone."))
                    continue
                hidden = self._seat_row(v, i)
                if hidden:
                    out += hidden
                    continue
                out.append(self._decline_row(v, g, i))
        elif v.phase == "D":
            for i in v.to_move:
                civ = v.civs[i]
                row = [html_widget(f"<b>{html.escape(civ.name)}</b> ({civ.gold} GP):")]
                row += [button(o.label, lambda a=o.action: self.send(a), o.css)  # as the phone offers them (play/offers.py)
                        for o in purchase_offers(g, i) if o.enabled]
                out.append(hbox(row))
            ask = in_order_offer(g)
            if ask is not None and ask.enabled:
                out.append(button(ask.label, lambda a=ask.action: self.send(a), ask.css))
        elif v.phase == "over":
            out.append(html_widget(f"<div class='rf-turn'>{html.escape(v.ending)}</div>"))
            for c in v.civs:
                if c.extinct:
                    out.append(html_widget(f"<div class='rf-lost'><b>{name_html(c.name)}</b> has lost the game: "
                                      "their Civilization is extinct.</div>"))
            out.append(button("Go to the Scores", self.go_scores, "rf-go-scores", primary=True))
        return out

    def _decline_row(self, v: TableView, g: Game, i: int) -> W.Widget:
        """All the cards a player owes are chosen first, then placed face down together, so the
        cards left on screen never tell which went into Decline."""
        owed = v.owed[i]
        offers = [o for o in decline_offers(g, i) if o.enabled and o.action["type"] == "decline"]  # as the phone offers them
        active = [o.action["card"] for o in offers]
        label = html_widget(f"<b>{name_html(v.civs[i].name)}</b> puts into Decline, face down ({owed} to go):")
        if owed == 1:
            return hbox([label, *[button(o.label, lambda i=i, c=c: self.decline(i, [c]), o.css) for o, c in zip(offers, active)]])
        picks = [plain_widget(W.ToggleButton, value=False, description=o.label) for o in offers]
        for b, o in zip(picks, offers):
            b.add_class("rf-btn")
            b.add_class(o.css)

        def chosen() -> list[str]:
            return [c for b, c in zip(picks, active) if b.value]

        place = button(f"Place these {owed} face down", lambda: self.decline(i, chosen()), "rf-decline-place", primary=True)
        place.disabled = True

        def changed(_=None) -> None:
            place.disabled = len(chosen()) != owed

        for b in picks:
            b.observe(changed, "value")
        return hbox([label, *picks, place])

    def _action_controls(self, v: TableView, g: Game) -> list[W.Widget]:
        out: list[W.Widget] = []
        i, card = v.acting, v.acting_card
        civ = v.civs[i]
        out.append(html_widget(f"<b>{html.escape(civ.name)}</b> acts with the <b>{card.title()}</b> card: {acting_pieces(v)}."))
        buttons = []
        held = g.civs[i].guilds
        self.piracy = piracy_steppers(v, i) if any("piracy" in sp for sp in card_actions(card, held)) else {}
        out += list(self.piracy.values())
        self.tale_counts = count_stepper(g, i, card, self.hub.can) if g.tales is not None else {}
        out += list(self.tale_counts.values())
        for o in card_offers(g, i):  # as a seat's page offers them (play/offers.py)
            if o.enabled:
                buttons.append(button(o.label, lambda a=o.action: self.act(self._with_count(a)), o.css))
        out += self.counts.boxes(g, i, card_actions(card, held), self.hub.can)
        out.append(hbox(buttons))
        if g.tales is not None:
            out.append(html_widget(rules_html(TP.actions(g, i, card))))
        out += self.tale_play.controls(i, card)
        out.append(button(f"{civ.name} ends their actions", lambda: self.send({"type": "end-turn", "player": i}), "rf-end-turn", primary=True))
        return out

    def _with_count(self, action: dict) -> dict:
        action = self.tale_play.amend(action)
        g = self.hub.game
        counted = with_count(action, self.tale_counts)
        if counted is not None:
            return counted
        spec = next(s for s in all_actions(g, g.acting, g.acting_card) if s["id"] == action.get("action"))
        if "piracy" in spec:
            return {**action, "counts": {str(t): int(b.value) for t, b in self.piracy.items()}}
        return self.counts.fill(spec, action)

    @staticmethod
    def _cards(cards: tuple[str, ...]) -> str:
        return ", ".join(x.title() for x in cards) or "—"

    def players_html(self, v: TableView) -> str:
        """Every Civilization drawn as a place at the table (cards, coins, pieces, Trophies)."""
        return table_html(v)

    def _list_saved(self) -> None:
        if self.saved.selected_index != 0:
            return
        with busy("Reading the saved games…"):
            self.games.children = self._saved_games()

    def _saved_games(self) -> list[W.Widget]:
        """The saved games by what they are: players, World, turn and date (never a file id): the shell's list."""
        if self.saved_list is None:
            self.saved_list = GamesList(self.hub.store, KIND, self.resume, lambda: self.hub.id, title=self.hub.title_of,
                                        open_label="Resume", css="rf-resume")
        self.saved_list.refresh()
        return [self.saved_list.widget]

    saved_list: GamesList | None = None

    def resume(self, game_id: str) -> None:
        """Open a saved game (a long one is replayed: the page says it is loading)."""
        with busy("Loading the game…"):
            self.hub.resume(game_id)
        info = next((i for i in self.hub.store.games(KIND) if i.id == game_id), None)
        self.say(f"Resumed: {self.hub.title_of(info) if info is not None else 'the saved game'}.")
        self.to_top()  # the game resumed is at the top of the screen, not the list of saved games
