"""The World screen: the board builder, a thin layer over :mod:`companion.rise_and_fall.world.builder`.

Tap a Space to see the current tile there (snapped to a legal place covering that Space when
there is one), rotate it, and tap the preview again or press Place. Every accepted action
goes to the World's game log on disk before the board changes.
"""

from __future__ import annotations

import base64
import html
import random
from typing import Callable

import ipywidgets as W

from companion.drawing import Scene, to_png, to_svg
from companion.errors import CompanionError
from companion.gamelog import GameStore, Session
from companion.hexgrid import spiral
from companion.rise_and_fall import WORLD_LOG
from companion.rise_and_fall.screens.board_style import SPACE_PX, STYLE
from companion.rise_and_fall.screens.library import DARK_BACKGROUND, Library
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.builder import (
    DEFAULT_COLOURS,
    Build,
    BuildRules,
    describe_in_words,
    history_in_words,
    world_setup_action,
)
from companion.rise_and_fall.world.placement import TILE_NAMES, layer_kinds
from companion.rise_and_fall.world.special_areas import area_name
from companion.rise_and_fall.world.taps import Answer, Preview, WorldTaps
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.views import TERRAIN_COLOURS, WorldStyle, colour_hex, layout_for, world_scene
from companion.rise_and_fall.world.world import World
from companion.rise_and_fall.world.worldgen import generate
from companion.ui.board import Board
from companion.ui.ending import title_of
from companion.ui.games_list import GamesList, NewGameQuestion
from companion.ui.habits import Habits
from companion.ui.kept import show
from companion.ui.viewport import Bounds, fit_room
from companion.ui.widgets import (
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
from companion.words import plural

COLOUR_CHOICES = ["red", "yellow", "green", "blue", "purple", "black", "white", "orange"]
#: the most Fit magnifies the World (CSS pixels per scene pixel): a small World still fills the board
FIT_ZOOM = 3.0
#: how far around the middle of the table an empty free-design World shows its Spaces
EMPTY_TABLE_RADIUS = 3


def world_words(session: Session[Build]) -> str:
    """A World as the question over it and the list name it: its name, its players, the tiles laid."""
    b = session.state
    who = f" of {', '.join(b.names)}" if b.names else ""
    laid = sum(1 for t in b.tiles if t.kind != "starting-sea")  # the Starting Seas are laid at setup
    return f"{title_of(session, 'the World')}{who} ({plural(laid, 'tile')} placed)"


class WorldScreen:
    """The board builder: setup, turn order, preview and placement, library, export."""

    KIND = WORLD_LOG

    def __init__(self, store: GameStore, library: Library, dark: Callable[[], bool] = lambda: False) -> None:
        self.store = store
        self.library = library
        self.dark = dark
        self.message = html_widget(_dom_classes=("rf-message", "rf-message-slot"))
        self.board = Board(report=self.error, space=SPACE_PX)
        self.board.fit_zoom = FIT_ZOOM
        self.board.within_screen = self.board.height  # the whole World in view below the controls
        self.board.on_tap = self.tap_pixel
        self._drawn_tiles: tuple = ()  # the tiles the board showed last: a new one is followed (viewport.follow)
        self.taps = WorldTaps()  # what is shown where, and what a tap on a Space means
        self.hint = False
        self.habits = Habits(store.root)
        self._words: dict[tuple[str, int], str] = {}  # each history line in players' words, by log and seq
        self.session = self._open_latest()
        self._build_widgets()
        self._stale_message = follow_subject(self.message, self.subject)
        self._stale_downloads: Callable[[], None] = lambda: None  # until the Library panel is built
        self.board.canvas.on_client_ready(self._catch_up)
        self.refresh(fit=True)
        if self.session.problem:  # a damaged game is shown read-only, and says so
            self.error(self.session.problem)

    # --- game log ---------------------------------------------------------------------
    def _open_latest(self) -> Session[Build]:
        latest = self.store.latest(self.KIND, BuildRules())
        first = world_setup_action(3, first=random.randrange(3))
        return latest or self.store.start_or_show(self.KIND, "World", BuildRules(), first)

    def _catch_up(self) -> None:
        """A kernel prepared before the page was asked for may be behind the log: replay it."""
        try:
            if self.session.log.head() != self.session.head:
                self.session.refresh()
                self.refresh(fit=True)
        except CompanionError as e:
            self.error(str(e))

    def follow(self, session: Session[Build] | None = None, note: str = "") -> None:
        """Show what the log says now: another page changed this World (or started ``session``)."""
        if session is None:
            self.session.refresh()
        else:
            self.session = session
        self.preview = None
        self.cycle = []
        if note:
            self.info(note)
        self.refresh(fit=session is not None)

    @property
    def build(self) -> Build:
        return self.session.state

    def act(self, action: dict) -> bool:
        """Send one action to the log; a refusal is shown as the rule's sentence."""
        before = self.build
        try:
            self.session.do(action)
            if self.session.applied:  # its history line, from the World before it
                self._words[(str(self.session.log.path), self.session.applied[-1].seq)] = describe_in_words(action, before)
        except CompanionError as e:
            self.error(str(e))
            self.refresh()
            return False
        self.taps.accepted(action)
        self.refresh()
        return True

    def new_world(self, action: dict) -> None:
        """A World loaded (from the library or at random) over one already begun goes into the
        same log, so one Undo brings the old World back; a new set of players starts a new log."""
        if action.get("type") == "load" and self.build.started:
            self.moving_mode = False
            if self.act(action):
                self.refresh(fit=True)
            return
        try:
            self.session = self.store.start(self.KIND, action.get("name") or "World", BuildRules(), action)
        except CompanionError as e:
            self.error(str(e))
            return
        self.preview = None
        self.moving_mode = False
        self.refresh(fit=True)

    # --- widgets ----------------------------------------------------------------------
    def _build_widgets(self) -> None:
        # what never moves, changes size or hides shares the page's one Layout and one style (the
        # widgets' default: fewer models to send when the World opens); what the free design shows
        # or hides has its own, set as the World is now before it is sent
        b = self.build
        free = "" if b.free else "none"
        self.status = html_widget(self.status_html(), _dom_classes=("rf-status",))
        self.rotate_btn = button("⟳ Rotate", self.rotate, "rf-rotate")
        self.place_btn = button("✓ Place", self.confirm, "rf-place", primary=True, disabled=True)
        self.cancel_btn = button("✕ Cancel", self.cancel, "rf-cancel")
        self.hint_btn = button("Hint", self.toggle_hint, "rf-hint")
        self.regions_btn = button("Regions", self.toggle_regions, "rf-regions")
        self.show_regions = False
        self.undo_btn = button("↶ Undo", self.undo, "rf-undo", disabled=not self.session.can_undo())
        self.redo_btn = button("↷ Redo", self.redo, "rf-redo", disabled=not self.session.can_redo())
        self.move_btn = button("Move a Starting Sea", self.toggle_moving, "rf-move-start", disabled=b.seas_started)
        # the Plains tiles the table may lift when the next Plains tile has no place: one button per choice, numbered
        # as on the World (the builder's lift_choices)
        self.lift_box = vbox([], layout=W.Layout(display="none"), _dom_classes=("rf-lifts",))
        self.aside_btn = button("Set the rest aside", self.set_aside, "rf-set-aside", primary=True,
                                layout=W.Layout(display="" if b.stuck() else "none"))
        self.kind_pick = plain_widget(W.ToggleButtons, options=[(TILE_NAMES[k], k) for k in layer_kinds()], value="sea",
                                         layout=W.Layout(display=free), _dom_classes=("rf-kinds",))
        self.kind_pick.observe(self._kind_changed, "value")
        # free design: any special area of the Tales, placed by the same rules ('never covered')
        self.area_pick = plain_widget(W.Dropdown, options=[("Special area of a Tale…", "")] + [
            (f"{a.tale} · {TILE_NAMES[k]}", k) for k, a in sorted(T.all_areas().items(), key=lambda ka: (ka[1].tale, ka[1].with_previous))],
            value="", layout=W.Layout(width="100%", display=free), _dom_classes=("rf-area-pick",))
        self.area_pick.observe(self._area_changed, "value")
        self.free_badge = html_widget("<span class='rf-badge'>FREE DESIGN — no pool, no turn order</span>", layout=W.Layout(display=free))
        self.tales_box = html_widget(self.tales_html(), _dom_classes=("rf-tales",))
        self.history = plain_widget(W.Select, options=self._history_options(), rows=6, layout=W.Layout(width="100%"), _dom_classes=("rf-history",))
        self.undo_to_btn = button("Undo to here", self.undo_to_selected, "rf-undo-to")

        # New World and Library and export: folded when the World opens, built when first opened
        self.setup_box = vbox([], _dom_classes=("rf-panel",))
        self.lib_panel = vbox([], _dom_classes=("rf-panel",))
        self.library.on_load = self.load_layout

        tools = hbox([self.rotate_btn, self.place_btn, self.cancel_btn, self.hint_btn, self.undo_btn, self.redo_btn,
                        self.regions_btn], _dom_classes=("rf-tools",))
        # the Tales' texts below the history: a Tale's text opened never moves 'Undo to here'
        self.side = vbox(
            [self.free_badge, self.kind_pick, self.area_pick, self.lift_box, self.aside_btn, self.move_btn,
             html_widget("<b>History</b>"), self.history, self.undo_to_btn,
             self.tales_box, self._panels()], _dom_classes=("rf-side",)
        )
        board_box = vbox([self.board.widget], _dom_classes=("rf-board-box",))
        main = hbox([board_box, self.side], _dom_classes=("rf-main",))
        self.widget = vbox([self.status, self.message, tools, main], _dom_classes=("rf-screen",))

    def _panels(self) -> W.Accordion:
        panels = plain_widget(W.Accordion, children=[self.setup_box, self.lib_panel], titles=("New World", "Library and export"))
        # what a panel holds is built when it is first opened, not when the World opens; the
        # library's thumbnails are drawn again at every opening (another page may have saved)
        panels.observe(self._panel_opened, "selected_index")
        return panels

    def _panel_opened(self, change) -> None:
        if change["new"] == 0:
            self._new_world_panel()
            self.worlds.refresh()  # another page may have started one
        elif change["new"] == 1:
            self._library_panel()
            self.library.refresh()

    #: the New World panel's controls and the Library panel's, made when first needed
    NEW_WORLD_PARTS = frozenset({"n_players", "names", "colours", "player_rows", "first_pick", "free_check", "tales_check",
                                 "world_question", "start_btn", "worlds", "seed", "random_btn"})
    LIBRARY_PARTS = frozenset({"save_name", "save_btn", "export_btn", "downloads"})

    def __getattr__(self, name: str):
        """A folded panel's control, asked for before the panel was opened: the panel is built."""
        if name in WorldScreen.NEW_WORLD_PARTS and "setup_box" in self.__dict__:
            self._new_world_panel()
        elif name in WorldScreen.LIBRARY_PARTS and "lib_panel" in self.__dict__:
            self._library_panel()
        else:
            raise AttributeError(name)
        return self.__dict__[name]

    def _new_world_panel(self) -> None:
        """The New World panel's controls, with last time's players (read now, not at page load)."""
        if self.setup_box.children:
            return
        seats = self.habits.seat(4, list(DEFAULT_COLOURS) + COLOUR_CHOICES)  # last time's players first
        n = len(self.habits.players())
        n = n if 2 <= n <= 4 else 3  # as many players as last time
        self.n_players = plain_widget(W.ToggleButtons, options=[("2 players", 2), ("3 players", 3), ("4 players", 4)], value=n)
        name_box, colour_box = W.Layout(width="120px"), W.Layout(width="110px")  # one of each, shared by the rows
        self.names = [plain_widget(W.Text, value=name, layout=name_box) for name, _ in seats]
        self.colours = [plain_widget(W.Dropdown, options=COLOUR_CHOICES, value=c if c in COLOUR_CHOICES else d, layout=colour_box)
                        for (_, c), d in zip(seats, DEFAULT_COLOURS)]
        self.player_rows = [hbox([self.names[i], self.colours[i]], layout=W.Layout(display="" if i < n else "none"))
                            for i in range(4)]
        self.first_pick = plain_widget(W.Dropdown, options=self._first_choices(), value=-1, description="First player")
        self.n_players.observe(lambda ch: self._sync_player_rows(), "value")
        for box in self.names:  # the list of first players follows the names as they are typed
            box.observe(lambda ch: self._first_options(), "value")
        self.free_check = plain_widget(W.Checkbox, value=False, description="Free design (custom World)")
        self.tales_check = plain_widget(W.Checkbox, value=False, description="Play with Tales (one drawn per player)")
        self.world_question = NewGameQuestion(lambda: self.session, self._start_typed, self._said, css="rf-world",
                                              noun="World", keep="No, keep building", describe=world_words)
        self.start_btn = button("Start a new World", self.world_question.new_game, "rf-start", primary=True)
        self.worlds = GamesList(self.store, self.KIND, self.open_world, lambda: self.session.log.path.stem, css="rf-world",
                                players=lambda b: ", ".join(b.names))
        self.worlds.heading.value = "<b>Worlds</b> (newest first)"
        self.worlds.refresh()
        self.seed = plain_widget(W.IntText, value=1, description="Seed", layout=W.Layout(width="190px"))
        self.random_btn = button("Random World", self.random_world, "rf-random")
        self.setup_box.children = [
            html_widget("<b>New World</b>"), self.n_players, *self.player_rows, self.first_pick, self.free_check, self.tales_check,
            self.start_btn, self.world_question.widget, html_widget("<b>Or a random World</b> (same seed, same World)"),
            hbox([self.seed, self.random_btn]), self.worlds.widget]

    def _library_panel(self) -> None:
        """The Library and export panel's controls (the list of Worlds is drawn by ``Library.refresh``)."""
        if self.lib_panel.children:
            return
        self.save_name = plain_widget(W.Text, placeholder="World name", layout=W.Layout(width="100%"))
        self.save_btn = button("Save to library", self.save_to_library, "rf-save")
        self.export_btn = button("Export PNG and SVG", self.export, "rf-export")
        self.downloads = html_widget()
        # the files of an export are of the World as it was: they go when it changes
        self._stale_downloads = follow_subject(self.downloads, lambda: self.subject()[:2])
        self.lib_panel.children = [html_widget("<b>Library</b>"), hbox([self.save_name]), hbox([self.save_btn, self.export_btn]),
                                   self.downloads, self.library.widget]

    def _sync_player_rows(self) -> None:
        n = self.n_players.value
        for i, row in enumerate(self.player_rows):
            own(row).display = "" if i < n else "none"
        self.first_pick.value = -1
        self._first_options()

    def _first_options(self) -> None:
        """Drawn at random, or one of the players as named above (the choice kept while a name is typed)."""
        n, keep = self.n_players.value, self.first_pick.value
        self.first_pick.options = self._first_choices()
        self.first_pick.value = keep if keep < n else -1

    def _first_choices(self) -> list[tuple[str, int]]:
        return [("Draw at random", -1)] + [(name, i) for i, name in enumerate(self.typed_names())]

    def typed_names(self) -> list[str]:
        """The players' names as typed in the New World panel (a name left empty: its colour's)."""
        return [self.names[i].value.strip() or self.colours[i].value.title() for i in range(self.n_players.value)]

    def _kind_changed(self, change) -> None:
        if change["new"] is None:  # a special area was picked instead
            return
        self.free_kind = change["new"]
        self.area_pick.value = ""
        self.preview = None
        self.refresh()

    def _area_changed(self, change) -> None:
        kind = change["new"]
        if not kind:
            return
        self.free_kind = kind
        self.kind_pick.index = None
        self.preview = None
        area = T.area_of(kind)
        how = "tap a space to place it" if area.marker else "tap the board to see it there"
        self.info(f"{TILE_NAMES[kind]}: {T.setup_sentence(area.tale)} In free design, {how}.")
        self.refresh()

    # --- messages ---------------------------------------------------------------------
    def _said(self, text: str, level: str) -> None:
        self.message.value = ""  # said again: about what is shown now
        self.message.value = message_html(text, level)

    def error(self, text: str) -> None:
        self._said(text, "error")

    def info(self, text: str) -> None:
        self._said(text, "info")

    def warn(self, text: str) -> None:
        self._said(text, "warning")

    def subject(self) -> tuple:
        """What a message on this screen is about: the World (its log and the point of it) and the
        tile being placed or moved."""
        p = self.preview
        return (str(self.session.log.path), self.session.head, p.tile if p else None, self.moving_mode)

    # --- what is being placed: the taps' meaning is :mod:`companion.rise_and_fall.world.taps` ------------
    @property
    def preview(self) -> Preview | None:
        return self.taps.preview

    @preview.setter
    def preview(self, p: Preview | None) -> None:
        self.taps.preview = p

    @property
    def cycle(self) -> list[Tile]:
        return self.taps.cycle

    @cycle.setter
    def cycle(self, tiles: list[Tile]) -> None:
        self.taps.cycle = tiles

    @property
    def moving_mode(self) -> bool:
        return self.taps.moving_mode

    @moving_mode.setter
    def moving_mode(self, on: bool) -> None:
        self.taps.moving_mode = on

    @property
    def free_kind(self) -> str:
        return self.taps.free_kind

    @free_kind.setter
    def free_kind(self, kind: str) -> None:
        self.taps.free_kind = kind

    def current_kind(self) -> str | None:
        return self.taps.current_kind(self.build)

    def tap_pixel(self, x: float, y: float) -> None:
        self.tap_space(layout_for(STYLE).pixel_to_hex(x, y))

    def tap_space(self, space: tuple[int, int]) -> None:
        """What a tap on the board does: pick, preview, or confirm."""
        self.answer(self.taps.tap(self.build, space))

    def rotate(self) -> None:
        self.answer(self.taps.rotate(self.build))

    def confirm(self) -> None:
        self.answer(self.taps.confirm(self.build))

    def _show(self, tile: Tile) -> None:
        """``tile`` shown where it would go, with the rules' verdict."""
        self.answer(self.taps.show(self.build, tile))

    def answer(self, a: Answer) -> None:
        """The taps' answer on screen: the action sent to the log (and said once taken), or the sentence."""
        if a.action is not None:
            if self.act(a.action) and a.said:
                after = self.build.lift_sentence()  # no place for the next Plains tile: said right after the tile that caused it
                self.warn(f"{a.said} {after}") if after else self.info(a.said)
            return
        if a.said:
            {"info": self.info, "warning": self.warn, "error": self.error}[a.level](a.said)
        if a.redraw:
            self.refresh()

    def cancel(self) -> None:
        self.taps.cancel()
        self.message.value = ""
        self.refresh()

    def toggle_hint(self) -> None:
        self.hint = not self.hint
        self.refresh()

    def toggle_regions(self) -> None:
        self.show_regions = not self.show_regions
        self.refresh()

    def toggle_moving(self) -> None:
        self.answer(self.taps.toggle_moving(self.build))

    def lift(self, choice: tuple[int, ...]) -> None:
        """The Plains tiles the table chose to lift: then placed again by hand, with the new one."""
        words = self.build.lift_words(choice)
        if self.act({"type": "lift", "tiles": list(choice)}):
            self.info(f"Lifted {words}. {self.build.lift_sentence()}")

    def _lift_buttons(self, b: Build) -> list[W.Widget]:
        choices = b.lift_choices() if b.stuck_plains() else []
        key = tuple(choices)
        if getattr(self, "_lifts_drawn", None) != (tuple(b.tiles), key):
            self._lifts_drawn = (tuple(b.tiles), key)
            self._lift_widgets = [button(f"Lift {n}: {b.lift_words(c)}", lambda c=c: self.lift(c), f"rf-lift rf-lift-{n}")
                                  for n, c in enumerate(choices, 1)]
        return self._lift_widgets

    def set_aside(self) -> None:
        kind = self.build.next_kind()
        if self.act({"type": "set-aside"}):
            self.info(f"The remaining {TILE_NAMES[kind]} tiles are set aside.")

    def undo(self) -> None:
        self._history_step(lambda s: s.undo(), "Undone")

    def redo(self) -> None:
        self._history_step(lambda s: s.redo(), "Done again")

    def undo_to_selected(self) -> None:
        seq = self.history.value
        if seq is None:
            self.info("Pick a step in the history first.")
            return
        self._history_step(lambda s: s.undo_to(seq), "Undone")

    def _history_step(self, step, said: str) -> None:
        """Undo, redo or undo-to: an action in the log too, refused with a sentence; said in
        players' words: 'Undone: Ben's Sea tile by the Starting Sea (north-west)'. A tile shown on the board goes
        first, so the sentence is about the World as it is after the step (said about the tile, it was cleared)."""
        self.preview = None
        before = dict(self.history_lines())
        try:
            step(self.session)
        except CompanionError as e:
            self.error(str(e))
        else:
            after = dict(self.history_lines())
            changed = [before[k] for k in before if k not in after] if said == "Undone" else [after[k] for k in after if k not in before]
            if changed:
                more = f" and {plural(len(changed) - 1, 'step')} after it" if len(changed) > 1 else ""
                self.info(f"{said}: {possessive(changed[0])}{more}.")
            else:
                self.message.value = ""
        self.refresh()

    # --- new, random, library, export ---------------------------------------------------------
    def _start_typed(self) -> bool:
        """Start a new World (asked first over one being built): True once it is started."""
        before = self.session
        self.start_new()
        started = self.session is not before
        if started:
            self.worlds.refresh()
        return started

    def open_world(self, log_id: str) -> None:
        """A World of the list opened: built on from where it was left (the one the page opens next time)."""
        try:
            session = Session(self.store.open(log_id), BuildRules())
        except CompanionError as e:
            self.error(str(e))
            return
        self.world_question.cancel()
        session.log.mark_used()
        self.follow(session, f"Opened {world_words(session)}.")
        self.worlds.refresh()
        if session.problem:
            self.error(session.problem)

    def start_new(self) -> None:
        n = self.n_players.value
        first = self.first_pick.value if self.first_pick.value >= 0 else random.randrange(n)
        names, colours = [self.names[i].value.strip() for i in range(n)], [self.colours[i].value for i in range(n)]
        self.new_world(world_setup_action(n, names=names, colours=colours, first=first, free=self.free_check.value))
        if (list(self.build.names), list(self.build.colours)) == (names, colours):
            self.habits.remember_players(names, colours)  # accepted: offered again next time
        if self.build.started and self.tales_check.value and not self.build.seas_started:
            self.act({"type": "tales", "seed": random.randrange(10**9)})
        if self.build.started:
            self.info(f"A new World for {n} players. {self.build.whose_turn() or 'Anyone'} places first.")

    def random_world(self) -> None:
        n = self.n_players.value
        # the page shows this while the World is built (widget changes reach it at once)
        self.info(f"Building a random World for {n} players…")
        self.random_btn.disabled = True
        try:
            with busy(f"Building a random World for {n} players…"):
                seed = int(self.seed.value)
                lay = generate_with_tales(n, seed, T.draw(n, seed)) if self.tales_check.value else generate(n, seed)
                # the players typed above, not the colours' names (the World itself depends on the seed only)
                names, colours = self.typed_names(), [self.colours[i].value for i in range(n)]
                first = self.first_pick.value if self.first_pick.value >= 0 else random.randrange(n)
                lay.extra.update(names=names, colours=colours, first=first)
                replaced = self.build.started
                self.new_world({"type": "load", "layout": lay.to_dict()})
        finally:
            self.random_btn.disabled = False
        if (list(self.build.names), list(self.build.colours)) == (names, colours):
            self.habits.remember_players(names, colours)  # accepted: offered again next time
        self.info(f"A complete random World for {', '.join(names)} from seed {self.seed.value}."
                  + (" Undo brings the previous World back." if replaced else ""))

    def load_layout(self, doc: dict) -> str:
        """A World of the library (or a file) on the board; what is said of it (also at the top of the screen)."""
        replaced = self.build.started
        with busy("Loading the World…"):
            self.new_world({"type": "load", "layout": doc})
        if not self.build.started:
            return ""
        said = f"Loaded {self.build.name or 'the World'}." + (" Undo brings the previous World back." if replaced else "")
        self.info(said)
        return said

    def save_to_library(self) -> None:
        name = self.save_name.value.strip() or self.build.name or "My World"
        try:
            path = self.library.save(self.build.layout(), name)
        except CompanionError as e:
            self.error(str(e))
            return
        self.info(f"Saved as {path.name} in the library.")

    def export(self) -> None:
        scene = world_scene(self.build.world, WorldStyle(hex_size=18), markers=self.build.markers)
        png = base64.b64encode(to_png(scene)).decode()
        svg = base64.b64encode(to_svg(scene).encode()).decode()
        self.downloads.value = (
            f"<a class='rf-download' download='world.png' href='data:image/png;base64,{png}'>Download PNG</a> "
            f"<a class='rf-download' download='world.svg' href='data:image/svg+xml;base64,{svg}'>Download SVG</a>"
        )

    # --- drawing ------------------------------------------------------------------------
    def scene(self) -> Scene:
        b = self.build
        style = WorldStyle(hex_size=STYLE.hex_size, legend=False, background=DARK_BACKGROUND if self.dark() else STYLE.background)
        scene = world_scene(b.world, style, markers=b.markers)
        lay = layout_for(STYLE)
        spaces = self.spaces_to_tap()  # the empty table: where the first tiles may go
        for c in spaces:
            scene.polygon(lay.corners(c), stroke="#7a8f99", width=1.2)
        #: what the board keeps in view: the World, and the Spaces shown around it
        self.world_bounds = scene.bounds() if scene.items else (0.0, 0.0, 1.0, 1.0)
        if self.show_regions:
            region_overlay(scene, b.world)
        kind = self.current_kind()
        if self.hint and kind and not self.moving_mode:
            pending = b.pending_area()
            options = b.legal(kind) if pending is None else b.legal_areas()
            covered = {c for t in options for c in (t.cells if isinstance(t, Tile) else (t,))}
            for c in covered:
                x, y = lay.hex_to_pixel(c)
                scene.circle(x, y, STYLE.hex_size * 0.22, "#ffffff", stroke="#1b5e20", width=1.5)
        if b.stuck_plains():  # each choice of Plains tiles to lift, outlined and numbered as its button
            for n, choice in enumerate(b.lift_choices(), 1):
                for i in choice:
                    for c in b.tiles[i].cells:
                        scene.polygon(lay.corners(c), stroke="#ff8f00", width=3.5)
                    pts = [lay.hex_to_pixel(c) for c in b.tiles[i].cells]
                    x, y = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
                    scene.circle(x, y, STYLE.hex_size * 0.45, "#ff8f00", stroke="#ffffff", width=1.5)
                    scene.text(x, y + STYLE.hex_size * 0.18, str(n), size=STYLE.hex_size * 0.5, color="#000000", bold=True)
        p = self.preview
        if p is not None:
            ok = p.verdict is None
            fill = TERRAIN_COLOURS[p.tile.terrain]
            for c in p.tile.cells:
                scene.polygon(lay.corners(c), fill=fill, stroke="#1b5e20" if ok else "#b71c1c", width=2.5, alpha=0.75)
            for c in (p.verdict.spaces if p.verdict else ()):
                scene.polygon(lay.corners(c), stroke="#ff1744", width=4)
            x, y = lay.hex_to_pixel((p.tile.q, p.tile.r))
            scene.circle(x, y, STYLE.hex_size * 0.18, "#ffffff" if ok else "#ff1744")
        return scene

    def spaces_to_tap(self) -> list[tuple[int, int]]:
        """The Spaces shown on an empty table, to tap: while no tile but the Starting Seas is
        down, the empty Spaces where the first tile may go (a Sea tile; in free design, the kind
        picked); on a table with no tile at all, the Spaces around its middle. None once the World
        has begun."""
        b = self.build
        kind = self.current_kind()
        if not b.started or self.moving_mode or b.seas_started or kind is None or b.pending_area() is not None:
            return []
        if not b.tiles:
            return spiral((0, 0), EMPTY_TABLE_RADIUS)
        if kind not in layer_kinds():  # a special area of a Tale, in free design: the World itself is where it goes
            return []
        return sorted({c for t in b.legal(kind) for c in t.cells} - set(b.world.spaces()))

    def placed_bounds(self) -> Bounds | None:
        """The tiles on the board now that it did not show last time (placed here or on another
        page), as a box of scene pixels; None when none is new."""
        tiles = tuple(self.build.tiles)
        new = [t for t in tiles if t not in self._drawn_tiles]
        self._drawn_tiles = tiles
        if not new:
            return None
        corners = [p for t in new for c in t.cells for p in layout_for(STYLE).corners(c)]
        return (min(x for x, _ in corners), min(y for _, y in corners), max(x for x, _ in corners), max(y for _, y in corners))

    def refresh(self, fit: bool = False) -> None:
        b = self.build
        self._stale_message()  # a message about another tile or another point of the World goes
        self._stale_downloads()
        self.status.value = self.status_html()
        own(self.free_badge).display = "" if b.free else "none"
        own(self.kind_pick).display = "" if b.free else "none"
        own(self.area_pick).display = "" if b.free else "none"
        stuck = b.stuck_plains()
        lifts = self._lift_buttons(b)
        show(self.lift_box, lifts)
        own(self.lift_box).display = "" if lifts else "none"
        if stuck and not self.preview and not self.message.value:  # said with the tile that caused it, and after a reload
            self.warn(b.lift_sentence())
        stuck_other = b.stuck()
        own(self.aside_btn).display = "" if stuck_other else "none"
        self.tales_box.value = self.tales_html()
        pending = b.pending_area()
        if stuck_other and not self.preview and pending is not None:
            self.error(f"No legal place for {area_name(pending[0])} anywhere in the World: undo some tiles to make room, or set it aside and go on.")
        elif stuck_other and not self.preview:
            kind = TILE_NAMES[b.next_kind()]
            self.error(
                f"No legal place for this {kind} tile anywhere in the World. The rulebook only says what to do for "
                f"Plains: undo some tiles to make room, or set the remaining {kind} tiles aside and go on."
            )
        self.move_btn.disabled = b.seas_started
        self.move_btn.description = "Stop moving" if self.moving_mode else "Move a Starting Sea"
        self.undo_btn.disabled = not self.session.can_undo()
        self.redo_btn.disabled = not self.session.can_redo()
        self.place_btn.disabled = self.preview is None or self.preview.verdict is not None
        self.hint_btn.description = "Hide hint" if self.hint else "Hint"
        self.regions_btn.description = "Hide Regions" if self.show_regions else "Regions"
        self.board.legend.value = f"<div class='rf-legend-row'>{REGION_KEY}</div>" if self.show_regions else ""
        self.history.options = self._history_options()
        scene = self.scene()  # previews never move the board; a World that outgrows it does (viewport.follow)
        self.board.room = fit_room(self.world_bounds, SPACE_PX)
        self.board.show(scene, fit=fit, frame=self.world_bounds, placed=self.placed_bounds())

    def _history_options(self) -> list[tuple[str, int]]:
        return [(f"{i + 1}. {line}", seq) for i, (seq, line) in enumerate(self.history_lines())][::-1]

    def history_lines(self) -> list[tuple[int, str]]:
        """(seq, line) for every action of the World, in players' words: each line is worked out
        once, when it is done here, or by one replay for a World opened from disk."""
        path = str(self.session.log.path)
        hist = self.session.history()
        if any((path, e.seq) not in self._words for e in hist):
            for e, line in zip(hist, history_in_words([e.action for e in hist])):
                self._words[(path, e.seq)] = line
        return [(e.seq, self._words[(path, e.seq)]) for e in hist]

    def status_html(self) -> str:
        b = self.build
        if not b.started:  # the line of what is left stays, empty: the tools below do not move
            return "<div class='rf-turn'>Choose the players to begin.</div><div class='rf-left'></div>"
        chips = []
        for k, n in b.remaining().items():
            if k == "starting-sea":
                continue
            chips.append(f"<span class='rf-chip' style='--c:{TERRAIN_COLOURS[k]}'>{TILE_NAMES[k]} {n}</span>")
        title = f"<span class='rf-world-name'>{html.escape(b.name)}</span> · " if b.name else ""
        if b.free:
            turn = "Free design: pick a tile kind or a special area and tap the board."
        elif b.complete:
            turn = "The World is complete. Each player can lay down the bases of their Civilization."
        else:
            i = b.turn()
            colour = colour_hex(b.colours[i])
            pending = b.pending_area()
            what = f"<b>{html.escape(area_name(pending[0]))}</b>" if pending else f"a <b>{TILE_NAMES[b.next_kind()]}</b> tile"
            turn = f"<span class='rf-dot' style='background:{colour}'></span><b>{html.escape(b.names[i])}</b> places {what}"
        return f"<div class='rf-turn'>{title}{turn}</div><div class='rf-left'>{' '.join(chips)}</div>"


    def tales_html(self) -> str:
        """The Tales drawn, each with its type; the special area to place now with its Setup."""
        b = self.build
        if not b.tales:
            return ""
        rows = []
        pending = b.pending_area()
        for n in b.tales:
            t = T.tale(n)
            setup = T.setup_sentence(n)
            now = pending is not None and pending[0].tale == n
            note = f"<div class='rf-tale-now'>Now: {html.escape(setup)}</div>" if now else ""
            rows.append(f"<div class='rf-tale'><b>{n} · {html.escape(t.name)}</b> <i>{T.TALE_TYPES[t.type]}</i>{note}</div>")
        return "<div class='rf-tales-list'><b>Tales</b>" + "".join(rows) + "</div>"


def possessive(line: str) -> str:
    """A history line as the thing done: 'Ben: Sea tile by the Starting Sea (north-west)' is
    "Ben's Sea tile by the Starting Sea (north-west)"; other lines as they are."""
    who, sep, what = line.partition(": ")
    if sep and any(what.startswith(f"{name} tile") for name in TILE_NAMES.values()):
        return f"{who}'s {what}"
    return line


def region_overlay(scene: Scene, world: World) -> None:
    """Every Region outlined, with one label near its middle: its Spaces and its VP value
    ("12 · 2 VP"), readable at every zoom. Labels never cover each other: where the board is
    too small for them all, the largest Regions' come first and the others show as it zooms in."""
    from companion.rise_and_fall.scoring.position_view import central_space, region_outline
    from companion.rise_and_fall.scoring.scoring import RegionScore

    lay = layout_for(STYLE)
    for region in world.regions():
        for ring in region_outline(RegionScore(region, {}, None)):
            scene.polygon([lay.lattice_to_pixel(x, y) for x, y in ring], stroke="#ffffff", width=2.5)
    for region in sorted(world.regions(), key=lambda r: -r.size):
        x, y = lay.hex_to_pixel(central_space(region.spaces))
        # a label covers at most a quarter of its Region: at Fit the small Regions' wait for a zoom
        scene.text(x, y + STYLE.hex_size * 0.2, region_label(region.size, region.value), size=STYLE.hex_size * 0.55,
                   color="#111111", bold=True, min_size=13, box="#ffffff", optional=True,
                   fits=LABEL_SHARE * region.size * 1.5 * 3 ** 0.5 * STYLE.hex_size ** 2)  # a Space's area


#: the most of its Region a Region's label may cover
LABEL_SHARE = 0.25


def region_label(size: int, value: int) -> str:
    """A Region's label on the World: its Spaces, then its VP value."""
    return f"{size} · {value} VP"


#: under the board while the Regions are shown: what their labels say
REGION_KEY = "Each Region: its number of Spaces · the VP it is worth (zoom in for the labels of small Regions)"
