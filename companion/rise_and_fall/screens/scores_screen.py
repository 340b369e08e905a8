"""The Scores screen: from the tracked game (or a World) to the scorepad as printed.

Enter the pieces on the World, or take the fast path (tap who has the majority in each
Region); walk the Regions one by one; read the scorepad; keep the game in the history.
Every tap goes to the scoring's own log, so a reload loses nothing.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import time
from typing import Callable

import ipywidgets as W

from companion.drawing import Scene, to_png
from companion.errors import CompanionError
from companion.gamelog import GameInfo, GameLog, GameStore, Session
from companion.rise_and_fall import SCORING_LOG
from companion.rise_and_fall.files import parse_json
from companion.rise_and_fall.history import History
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.scoring.endgame import Entry, EntryRules, from_tracker
from companion.rise_and_fall.scoring.position import parse_position
from companion.rise_and_fall.scoring.position_view import (
    PIECE_LETTERS,
    central_space,
    draw_buildings,
    region_outline,
    scorepad_scene,
)
from companion.rise_and_fall.scoring.scoring import Score
from companion.rise_and_fall.screens.game_screen import piece_legend
from companion.rise_and_fall.screens.tale_panels import draw_creatures
from companion.rise_and_fall.screens.world_screen import SPACE_PX, STYLE
from companion.rise_and_fall.variants.tales import buildings as B
from companion.rise_and_fall.variants.tales.tales import all_tales, creature_notes, tale
from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.views import WorldStyle, colour_hex, layout_for, world_scene
from companion.rise_and_fall.world.world import World
from companion.ui.board import ZOOM_TO, Board
from companion.ui.widgets import busy, button, follow_subject, hbox, html_widget, message_html, own, plain_widget, vbox
from companion.words import and_list, name_html, plural

KIND = SCORING_LOG
TERRAIN_ROWS = ("plains", "sea", "forest", "mountain")
BOARD_ROOM = 20  # scene px around the World on the Scores board beside the scorepad
ENTERING_ROOM = 6  # ... and while the pieces are entered: the World as large as the board allows
#: CSS px between Spaces after a zooming tap while entering: a finger's width and a little more, no
#: larger, so as much of the World as can be stays in view and the next piece is seldom off the board
ENTERING_ZOOM_TO = 42.0


def scorepad_html(s: Score, waiting: str | None = None) -> str:
    """Player columns; Economy (GP, VP), Trophies, Development per card (declined lines
    crossed out), Territories per terrain, Total — the printed scorepad's rows. ``waiting``: why
    no winner is named yet (the scoring is not complete), said in its place."""
    e = html.escape
    ps = s.players
    head = "".join(f"<th colspan=2>{name_html(p.name)}{'<br><span class=rf-lost>extinct: has lost the game</span>' if p.extinct else ''}</th>" for p in ps)
    rows = [f"<tr><th></th>{head}</tr>"]

    def pair(label: str, cells: list[tuple[str, str, bool]], sub: bool = False) -> None:
        tds = "".join(f"<td class='{'rf-crossed' if x else ''}'>{a}</td><td class='{'rf-crossed' if x else ''}'>{b}</td>" for a, b, x in cells)
        rows.append(f"<tr{' class=rf-sub' if sub else ''}><th>{label}</th>{tds}</tr>")

    def group(label: str) -> None:
        """A heading row ('Development', 'Territories'): the lines under it name only the card or terrain."""
        rows.append(f"<tr class='rf-group'><th colspan='{1 + 2 * len(ps)}'>{label}</th></tr>")

    pair("Economy <small>(GP, VP)</small>", [(str(p.gold), str(p.economy), False) for p in ps])
    pair("Trophies", [("", str(p.trophies), False) for p in ps])
    group("Development")
    for t in PIECE_TYPES:
        cells = []
        for p in ps:
            line = p.development_lines[t]
            cells.append(("—", "—", True) if line is None else (str(line[0]), str(line[1]), False))
        pair(t.title(), cells, sub=True)
    group("Territories")
    for terrain in TERRAIN_ROWS:
        cells = []
        for p in ps:
            sizes = p.territory_lines.get(terrain, [])
            vp = sum(r.vp for r in s.regions if r.controller == p.name and r.region.terrain == terrain)
            cells.append(("<span class='rf-sizes'>" + "+<wbr>".join(map(str, sizes)) + "</span>" if sizes else "", str(vp) if sizes else "", False))
        pair(terrain.title(), cells, sub=True)
    rows += guild_rows(s)
    rows += tale_rows(s)
    rows.append("<tr><th>Total</th>" + "".join(f"<td colspan=2 class='rf-total'><b>{p.total}</b></td>" for p in ps) + "</tr>")
    rows.append(guild_sentences(s))
    rows.append(tale_sentences(s))
    lost = [p.name for p in ps if p.extinct]
    lost_text = f"{e(', '.join(lost))}: extinct, {'has' if len(lost) == 1 else 'have'} lost the game" if lost else ""
    if waiting:  # the scoring is not complete: no winner to name
        tail = f"<p class='rf-winner'><b>{lost_text}</b></p>" if lost else ""
        return f"<div class='rf-scorepad' style='max-width: 100%; overflow-x: auto'><table>{''.join(rows)}</table>{tail}<p class='rf-no-winner-yet'>{e(waiting)}</p></div>"
    win = s.winners
    verdict_text = f"Winner: {name_html(win[0])}" if len(win) == 1 else f"Shared victory: {', '.join(name_html(w) for w in win)} (the rulebook names no tie-break)"
    if not win:
        verdict_text = e(s.verdict)
    elif lost:
        verdict_text += f" · {lost_text}"
    return f"<div class='rf-scorepad' style='max-width: 100%; overflow-x: auto'><table>{''.join(rows)}</table><p class='rf-winner'><b>{verdict_text}</b></p></div>"


def guild_rows(s: Score) -> list[str]:
    """The Guild variant: one row per guild with an end-game effect, its extra VP per player."""
    from companion.rise_and_fall.variants.guilds.guilds import guild

    ids = list(dict.fromkeys(g.guild for p in s.players for g in p.guild_lines))
    rows = []
    for gid in ids:
        cells = []
        for p in s.players:
            mine = [g for g in p.guild_lines if g.guild == gid]
            cells.append(f"<td></td><td title='{html.escape(mine[0].text, quote=True)}'>{mine[0].vp:+d}</td>" if mine else "<td></td><td></td>")
        rows.append(f"<tr class='rf-guild-row'><th>Guild: {html.escape(guild(gid).name)}</th>{''.join(cells)}</tr>")
    return rows


def guild_sentences(s: Score) -> str:
    """Each guild's effect in a sentence, under the scorepad (a tie for the strongest economy says so)."""
    lines = [f"<li><b>{html.escape(p.name)}</b> — {html.escape(g.text)}: {g.vp:+d} VP</li>" for p in s.players for g in p.guild_lines]
    cols = 1 + 2 * len(s.players)
    return f"<tr><td colspan={cols}><ul class='rf-guild-lines'>{''.join(lines)}</ul></td></tr>" if lines else ""


def tale_rows(s: Score) -> list[str]:
    """The Tales: one row per Tale with end-game VP (Trophies included), its VP per player."""
    numbers = sorted({t.tale for p in s.players for t in p.tale_lines})
    rows = []
    for n in numbers:
        cells = []
        for p in s.players:
            mine = [t for t in p.tale_lines if t.tale == n]
            vp = sum(t.vp for t in mine)
            cells.append(f"<td></td><td title='{html.escape(mine[0].text, quote=True)}'>{vp:+d}</td>" if mine else "<td></td><td></td>")
        rows.append(f"<tr class='rf-tale-row'><th>Tale: {html.escape(tale(n).name)}</th>{''.join(cells)}</tr>")
    return rows


def tale_sentences(s: Score) -> str:
    """Each Tale's effect in a sentence, under the scorepad."""
    lines = [f"<li><b>{html.escape(p.name)}</b> — {html.escape(t.text)}: {t.vp:+d} VP</li>" for p in s.players for t in p.tale_lines]
    cols = 1 + 2 * len(s.players)
    return f"<tr><td colspan={cols}><ul class='rf-guild-lines'>{''.join(lines)}</ul></td></tr>" if lines else ""


def bars_html(s: Score, colours: dict[str, str]) -> str:
    """Categories per player as horizontal stacked bars."""
    cats = [("economy", "#c9a227"), ("trophies", "#8a4fb5"), ("development", "#2e7d32"), ("territories", "#2a5db0")]
    best = max((p.total for p in s.players), default=1) or 1
    out = ["<div class='rf-bars'>"]
    for p in s.players:
        segs = "".join(
            f"<span title='{c} {getattr(p, c)}' style='display:inline-block;height:26px;width:{100 * getattr(p, c) / best:.1f}%;background:{col}'></span>"
            for c, col in cats)
        out.append(f"<div><span class='rf-dot' style='background:{colours.get(p.name, '#999')}'></span><b>{name_html(p.name)}</b> {p.total}"
                   f"<div style='width:100%;background:rgba(0,0,0,.06)'>{segs}</div></div>")
    out.append("<div>" + " ".join(f"<span class='rf-chip' style='--c:{col}'>{c.title()}</span>" for c, col in cats) + "</div></div>")
    return "".join(out)


def total_bar_html(s: Score, colours: dict[str, str]) -> str:
    """The scorepad folded to one line while the pieces are entered: each player's total."""
    items = "".join(
        f"<span class='rf-total-item'><span class='rf-dot' style='background:{html.escape(colours.get(p.name, '#999999'))}'></span>"
        f"<span class='rf-total-name'>{name_html(p.name)}</span> <b>{p.total}</b></span>" for p in s.players)
    return f"<div class='rf-total-line'><span class='rf-total-label'>Totals</span>{items}</div>"


def development_source(e: Entry) -> str:
    """Where the fast path's Development comes from: the taps give only Territories."""
    if e.tracked is not None:
        return "Development: the pieces the tracked game counted."
    if e.pieces:
        return f"Development: the {plural(len(e.pieces), 'piece')} entered on the other path."
    return "Development: 0 until the pieces are entered (Enter the pieces); the taps give Territories only."



def count_lines(e: Entry, entering: str | None) -> list[str]:
    """The pieces entered against the tracker's counts, as lines of the page: ``entering``, the
    player whose pieces are being entered, hears what is left to enter (``Ana: still to enter
    7 Cities and 2 Ships, as the tracker counted.``); more pieces of a kind than counted, and
    another player's missing pieces, are a red line each (the rulebook's count is the tracker's)."""
    if e.tracked is None:
        return []
    entered = e.counts()
    out = []
    for p, tracked in zip(e.players, e.tracked):
        got = entered[p.name]
        if not any(got.values()):
            continue  # nothing is said of a player before their pieces are entered
        left = [(t, n - got[t]) for t, n in tracked if got[t] < n]
        if p.name == entering and left:
            words = and_list(plural(k, t.title()) for t, k in left)
            out.append(f"<div class='rf-msg rf-msg-info rf-left-to-enter'>{html.escape(p.name)}: still to enter {html.escape(words)}, "
                       "as the tracker counted.</div>")
        for t, n in tracked:
            if got[t] != n and not (p.name == entering and got[t] < n):
                out.append(f"<div class='rf-msg rf-msg-error'>{html.escape(p.name)}: {plural(got[t], t + ' piece')} entered, "
                           f"the tracker counted {n}.</div>")
    return out

class ScoresScreen:
    def __init__(self, store: GameStore, tracked: Callable[[], object | None], world_source: Callable[[], tuple[dict, list, list]],
                 tracked_id: Callable[[], str | None] = lambda: None) -> None:
        self.store = store
        self.tracked = tracked
        self.tracked_id = tracked_id
        self.to_top: Callable[[], None] = lambda: None  # the page shows its top (the big board is there)
        self.world_source = world_source
        self.history = History(store.root)
        self.session: Session[Entry] | None = store.latest(KIND, EntryRules())
        self.message = html_widget(layout=W.Layout(min_height="44px"), _dom_classes=("rf-answer",))  # no reserved place: the scorepad must fit beside the board
        self.from_game_btn = button("Score the tracked game", self.start_from_game, "rf-score-game", primary=True)
        self.title = html_widget()
        self.title.add_class("rf-scoring-title")
        self.restart_btn = button("Start this scoring again", self.restart, "rf-restart-scoring")
        self.earlier = vbox([])  # the earlier scorings of the same game, to reopen
        self.from_world_btn = button("Score the World on the World screen", self.start_from_world, "rf-score-world")
        self.mode = plain_widget(W.ToggleButtons, options=[("Enter the pieces", "full"), ("Fast path: majorities", "fast")], value="full")
        self._syncing = False  # True while the toggle is set from the log (not a tap)
        self.mode.observe(self._mode_tapped, "value")
        self.who = plain_widget(W.ToggleButtons, options=[], description="")
        self.who.add_class("rf-who")
        self.who.observe(self._show_counts, "value")  # what is left to enter is said of the player chosen
        self.piece = plain_widget(W.ToggleButtons, options=[(t.title(), t) for t in PIECE_TYPES], value="city")
        self.piece.add_class("rf-piece")
        self.take_away = plain_widget(W.ToggleButton, value=False, description="Take away a piece")
        self.take_away.add_class("rf-btn")
        self._taking_for: str | None = None  # the scoring "Take away a piece" was chosen in
        self.counts = html_widget()
        self._forget_region()
        self.walk_text = html_widget(_dom_classes=("rf-walk",))  # its lines keep their height (style.py): the buttons below stay put
        self.prev_btn = button("◀ Previous Region", lambda: self.step(-1), "rf-prev-region")
        self.next_btn = button("Next Region ▶", lambda: self.step(1), "rf-next-region")
        self.votes = hbox([])
        self.votes.add_class("rf-votes")
        # the fast path by player: choose a player, then tap each Region they control (a chip per
        # Region, numbered as on the World), one tap each; the Regions never tapped are then nobody's
        self.painter = plain_widget(W.ToggleButtons, options=[], value=None)
        self.painter.add_class("rf-painter")
        self.chips = plain_widget(W.Box, [], layout=W.Layout(display="flex", flex_flow="row wrap"))
        self.chips.add_class("rf-region-chips")
        self._chips_for: tuple | None = None
        self.paint_box = vbox([html_widget("<b>By player:</b> choose who, then tap every Region they control "
                                        "(numbered as on the World)"), self.painter, self.chips])
        self.paint_box.add_class("rf-paint-box")
        self.board = Board(width=760, height=560, report=self.error, space=SPACE_PX)
        self.board.legend.value = piece_legend()
        self.board.on_tap = self.tap_pixel
        self.board.room = BOARD_ROOM
        self.pad = html_widget()
        self.bars = html_widget()
        self.finish_btn = button("Final: keep this game in the history", self.finish, "rf-finish", primary=True)
        # Final's answer right under it: the player who tapped it is scrolled down at the scorepad,
        # far from the screen's message at the top
        self.final_said = html_widget(_dom_classes=("rf-answer", "rf-final-said"))
        self.export_btn = button("Export PNG, CSV and position file", self.export, "rf-export-scores")
        self.downloads = html_widget()
        self.books = vbox([])
        self.upload = plain_widget(W.FileUpload, accept=".json", multiple=False, description="Open a position file")
        self.upload.observe(self._uploaded, "value")
        self.entry_box = vbox([self.who, self.piece, self.take_away, self.counts])
        # while the pieces are entered the board takes the width: the scorepad folds to a line of
        # totals, the player and piece buttons stand beside the board (below it when upright); the
        # scoring's log says when (Entry.entering), so every device shows the same
        self.total_bar = html_widget()
        self.total_bar.add_class("rf-total-bar")
        self.done_btn = button("Done: show the scorepad", self.stop_entering, "rf-done-entering")
        self.enter_btn = button("Enter pieces on a big board", self.start_entering, "rf-enter-pieces")
        self.fold_bar = hbox([])
        self.fold_bar.add_class("rf-fold-bar")
        self.head_row = hbox([])
        self.head_row.add_class("rf-head-row")
        self.side = vbox([])
        self.side.add_class("rf-enter-side")
        self.board_row = hbox([])
        self.board_row.add_class("rf-enter-row")
        self.region_btns = hbox([self.prev_btn, self.next_btn])
        # the board and the scorepad side by side in landscape; tabs (Board / Scorepad) in portrait
        # and on a phone, where the style shows one pane at a time
        self.tabs = plain_widget(W.ToggleButtons, options=[("Board", "board"), ("Scorepad", "pad")], value="board")
        self._final_seen: str | None = None  # the final scoring last opened on its Scorepad tab
        self.tabs.add_class("rf-score-tabs")
        self.tabs.observe(self._tab, "value")
        # the screen's boxes keep their children where a rearrangement moves nothing through them:
        # a browser draws a box's children again from the first one that changed, so the panes
        # (the board, the Treasury being typed) are not drawn again when the words above them go
        self.board_area = vbox([])
        self.board_pane = vbox([self.board_area, self.books])
        self.board_pane.add_class("rf-board-pane")
        self.pad_pane = vbox([self.pad, self.finish_btn, self.final_said, self.export_btn, self.downloads, self.bars])
        self.pad_pane.add_class("rf-pad-pane")
        self.panes = hbox([self.board_pane, self.pad_pane])
        self.panes.add_class("rf-score-panes")
        self.panes.add_class("rf-show-board")
        self.sources = hbox([self.from_game_btn, self.from_world_btn, self.upload])
        self.sources.add_class("rf-score-sources")
        self.top = vbox([])
        self.bottom = vbox([])
        for part in (self.top, self.bottom):
            part.add_class("rf-screen-part")
        self.widget = vbox([self.top, self.panes, self.bottom])
        self.widget.add_class("rf-screen")
        self.widget.add_class("rf-scores")
        subject = lambda: (str(self.session.log.path), self.session.head) if self.session else None  # noqa: E731
        self._stale_message = follow_subject(self.message, subject)
        self._stale_downloads = follow_subject(self.downloads, subject)  # an export is of the scoring as it was
        self._stale_final_said = follow_subject(self.final_said, subject)
        self._show_path()
        self.refresh(fit=True)

    # --- the scoring's log ---------------------------------------------------------------------
    @property
    def entry(self) -> Entry:
        return self.session.state if self.session else Entry()

    @property
    def entering(self) -> bool:
        """While the pieces are entered the board takes the width, as the scoring's log says."""
        return self.entry.entering

    def error(self, text: str) -> None:
        self.final_said.value = ""  # an answer to another tap: Final's earlier refusal goes
        self.message.value = message_html(text, "error")

    def follow(self, session: Session[Entry] | None = None) -> None:
        """Show what the log says now: another page changed this scoring (or opened ``session``)."""
        if session is None:
            if self.session is not None:
                self.session.refresh()
        else:
            self.session = session
            self._forget_region()
            self._show_path()
        self.refresh(fit=session is not None)

    @property
    def region(self) -> int:
        """The Region shown (the one a tap on a player's name gives, on the fast path)."""
        return self._region

    @region.setter
    def region(self, k: int) -> None:
        self._region, self._region_chosen = k, True

    def _forget_region(self) -> None:
        """A page that opens a scoring, or has not chosen a Region, shows the first Region not yet
        tapped on the fast path: a tap on a name never overwrites a Region tapped on another device."""
        self._region, self._region_chosen = 0, False

    def _show_path(self) -> None:
        """The toggle shows the path the scoring's log is in (the one that made it final, else the
        one last chosen on any device): every device shows the same."""
        e = self.entry
        self.mode.disabled = e.finished
        if self.mode.value != e.way:
            self._syncing = True
            try:
                self.mode.value = e.way
            finally:
                self._syncing = False

    def _mode_tapped(self, change) -> None:
        """A tap on the toggle goes to the log first; every device then shows that path."""
        if self._syncing:
            return
        e = self.entry
        if e.started and change["new"] != e.way and not self.send({"type": "mode", "path": change["new"]}):
            self._show_path()  # refused (a final scoring): the toggle shows the log's path again
            return
        self.refresh()

    def _new(self, start: dict, meta: dict | None = None) -> bool:
        try:
            self.session = self.store.start(KIND, "Scores", EntryRules(), start, meta)
        except CompanionError as e:
            self.error(str(e))
            return False
        self._forget_region()
        self.message.value = ""
        self._show_path()
        self.refresh(fit=True)
        return True

    def scorings_of(self, game_id: str) -> list[GameInfo]:
        """Every scoring of the tracked game ``game_id``, the one used last first."""
        out = []
        for info in self.store.games(KIND):
            if info.problem:
                continue
            try:
                lg = GameLog(info.path, writable=False)
                try:
                    of = lg.meta().get("tracked_game")
                finally:
                    lg.close()
            except CompanionError:
                continue
            if of == game_id:
                out.append(info)
        return out

    def start_from_game(self) -> None:
        """A game has one scoring: it opens where it was left; the first time it is started."""
        with busy("Opening the scoring of the game…"):
            self._start_from_game()

    def _start_from_game(self) -> None:
        game = self.tracked()
        if game is None or not getattr(game, "civs", ()):
            self.error("There is no tracked game yet: score a World instead, or set up a game first.")
            return
        if game.phase != "over":
            names = [c.name for c in game.civs]
            self.error(f"The game of {', '.join(names[:-1])} and {names[-1]} is not over yet (turn {game.turn}): its "
                       "scoring opens by itself at the end of the game. To count points now, score a World instead.")
            return
        gid = self.tracked_id()
        found = self.scorings_of(gid) if gid else []
        if found:
            if self.session is None or self.session.log.path.stem != found[0].id:
                self.reopen(found[0].id, say=False)
            self.message.value = message_html("The scoring of this game, where it was left.", "info")
            return
        self._new(from_tracker(game, gid), {"tracked_game": gid} if gid else None)

    def restart(self) -> None:
        """An explicit new start of this game's scoring; the earlier one stays listed (reopen it to undo)."""
        e = self.entry
        game = self.tracked()
        if not e.game or game is None or self.tracked_id() != e.game:
            self.error("Only the scoring of the tracked game can start again; open the game first.")
            return
        if self._new(from_tracker(game, e.game), {"tracked_game": e.game}):
            self.message.value = message_html(
                "A new scoring of this game. The earlier one is kept below: Reopen it to undo this.", "info")

    def reopen(self, scoring_id: str, say: bool = True) -> None:
        """An earlier scoring of the game becomes its scoring again (the one used last)."""
        try:
            log = self.store.open(scoring_id)
            log.mark_used()
            session = Session(log, EntryRules())
        except CompanionError as e:
            self.error(str(e))
            return
        self._forget_region()
        self.follow(session)
        if say:
            self.message.value = message_html("The earlier scoring is open again.", "info")

    def start_from_world(self) -> None:
        world, names, colours = self.world_source()
        if not names:
            self.error("The World screen has no players: start a new World with its players first.")
            return
        self._new({"type": "start", "source": "World", "world": world, "colours": list(colours),
                   "players": [{"name": n, "gold": 0, "trophies": [], "decline": []} for n in names]})

    def send(self, action: dict) -> bool:
        if self.session is None:
            self.error("Choose where the end of game comes from first: the tracked game or a World.")
            return False
        try:
            self.session.do(action)
        except CompanionError as e:
            self.error(str(e))
            return False
        self.message.value = ""
        self.refresh()
        return True

    # --- entering the pieces ------------------------------------------------------------------------
    def start_entering(self) -> None:
        """The board takes the width; the scorepad folds to its line of totals (on every device)."""
        if not self.entry.finished and self.send({"type": "scorepad", "shown": False}):
            self.to_top()

    def stop_entering(self) -> None:
        """Done: the scorepad comes back beside the board (a tab away when upright), on every device."""
        if self.entering:
            self.send({"type": "scorepad", "shown": True})

    def _board_shape(self, scene: Scene) -> bool:
        """While entering, the board has the World's shape with little room around it, so the
        World is as large as the screen allows; beside the scorepad, its usual shape. Whether
        the shape changed (the view is then fitted again)."""
        room, height = BOARD_ROOM, 560
        if self.entering and scene.items:
            room = ENTERING_ROOM
            x0, y0, x1, y1 = scene.bounds()
            aspect = (x1 - x0 + 2 * room) / max(1.0, y1 - y0 + 2 * room)
            height = round(self.board.width / min(max(aspect, 0.75), 1.8))
        changed = (room, height) != (self.board.room, self.board.height)
        self.board.room = room
        self.board.zoom_to = ENTERING_ZOOM_TO if self.entering else ZOOM_TO
        self.board.resize(height)
        return changed

    # --- taps ------------------------------------------------------------------------------------
    def tap_pixel(self, x: float, y: float) -> None:
        self.tap_space(layout_for(STYLE).pixel_to_hex(x, y))

    def tap_space(self, space) -> None:
        e = self.entry
        if not e.started:
            return
        if e.way == "fast":
            k = next((k for k, g in enumerate(e.regions()) if space in g.spaces), None)
            if k is not None:
                self.region = k
                self.refresh()
            return
        if self.take_away.value:
            self.send({"type": "remove", "q": space[0], "r": space[1]})
        elif self.piece.value in B.TALES:  # a Tale building: the player chosen owns a Port or the Capital
            self.send({"type": "building", "q": space[0], "r": space[1], "player": self.who.value, "piece": self.piece.value})
        else:
            self.send({"type": "piece", "q": space[0], "r": space[1], "player": self.who.value, "piece": self.piece.value})

    def vote(self, controller: str | None) -> None:
        k = self.region
        if self.send({"type": "vote", "region": k, "controller": controller}):
            left = self.entry.regions_to_vote()
            if left:
                self._region = next((j for j in left if j > k), left[0])
            self._region_chosen = False  # the next one waiting, unless another device taps it first
            self.refresh()

    def paint(self, k: int) -> None:
        """By player: Region ``k`` goes to the player chosen above (or to nobody); it is shown on the World."""
        who = self.painter.value or None
        self.region = k
        self.send({"type": "vote", "region": k, "controller": who})

    def _chips(self, e: Entry, regions: list) -> None:
        """One chip per Region (built once per scoring), outlined in the colour of whoever it was tapped for."""
        key = (self.session.log.path.stem if self.session else None, len(regions))
        if key != self._chips_for:
            self._chips_for = key
            chips = []
            for k, r in enumerate(regions):
                b = button(f"{k + 1} {r.region.terrain.title()} {r.region.size}", lambda k=k: self.paint(k), f"rf-region-chip rf-region-chip-{k}")
                own(b).width = "auto"
                chips.append(b)
            self.chips.children = chips
        names = [p.name for p in e.players]
        if [o[1] for o in self.painter.options] != names + [""]:
            self.painter.options = [(n, n) for n in names] + [("Nobody (a tie or empty)", "")]
            self.painter.value = names[0]
        colours = self.colours()
        votes = dict(e.votes)
        for k, b in enumerate(self.chips.children):
            if k not in votes:
                border, tip = "", "not tapped yet"
            elif votes[k] is None:
                border, tip = "4px dashed #8a8a8a", "nobody"
            else:
                border, tip = f"4px solid {colours.get(votes[k], '#999999')}", f"controlled by {votes[k]}"
            if b.layout.border != border:
                own(b).border = border
            b.tooltip = tip
            b.disabled = e.finished  # a final scoring's majorities are kept: its chips no longer look tappable
        self.painter.disabled = e.finished

    def step(self, d: int) -> None:
        """The previous or next Region of the walk; while entering, the board brings it into view
        (zoomed in where the Spaces are smaller than a finger), so its pieces are a tap each."""
        regions = self.entry.regions()
        if regions:
            self.region = (self.region + d) % len(regions)
            self.refresh()
            if self.entering:
                lay = layout_for(STYLE)
                pts = [lay.hex_to_pixel(s) for s in self.current_score().regions[self.region].region.spaces]
                h = STYLE.hex_size
                self.board.look_at((min(x for x, _ in pts) - h, min(y for _, y in pts) - h,
                                    max(x for x, _ in pts) + h, max(y for _, y in pts) + h))

    def finish(self) -> None:
        with busy("Keeping the scores in the history…"):
            self._finish()

    def _finish(self) -> None:
        self.final_said.value = ""
        if not self.send({"type": "finish", "path": self.entry.way}):
            self.final_said.value = self.message.value  # the refusal, where the finger is
        else:  # History reads the final scoring from its log (companion.history)
            self.message.value = message_html("These scores are kept in the history.", "info")

    # --- what is shown ---------------------------------------------------------------------------
    def current_score(self) -> Score:
        """The score of the path the scoring's log is in (the same on every device)."""
        return self.entry.shown_score()

    def colours(self) -> dict[str, str]:
        e = self.entry
        return {p.name: colour_hex(c) for p, c in zip(e.players, e.colours or ["red", "yellow", "green", "blue"])}

    def scene(self) -> Scene:
        e = self.entry
        scene = world_scene(World(e.tiles), WorldStyle(hex_size=STYLE.hex_size, legend=False), markers=e.markers)
        draw_creatures(scene, [(k, *s) for k, s in e.creatures], STYLE)
        lay = layout_for(STYLE)
        colours = self.colours()
        s = self.current_score()
        for k, r in enumerate(s.regions):
            if r.controller and k != self.region:
                for ring in region_outline(r):
                    scene.polygon([lay.lattice_to_pixel(x, y) for x, y in ring], stroke=colours[r.controller], width=3)
        draw_buildings(scene, e.buildings, STYLE, colours)
        for pc in e.pieces:
            x, y = lay.hex_to_pixel(pc.space)
            dx = STYLE.hex_size * 0.3 if pc.type == "merchant" else 0
            col = colours.get(pc.player, "#999999")
            scene.circle(x + dx, y, STYLE.hex_size * 0.5, col, stroke="#111111", width=1.2)
            ink = "#111111" if col in ("#f2c12e", "#fafafa") else "#ffffff"
            scene.text(x + dx, y + STYLE.hex_size * 0.28, PIECE_LETTERS[pc.type], size=STYLE.hex_size * 0.75, color=ink, bold=True, min_size=11)
        if self.mode.value == "fast":  # each Region's number, as on its chip
            for k, r in enumerate(s.regions):
                x, y = lay.hex_to_pixel(central_space(r.region.spaces))
                scene.text(x, y + STYLE.hex_size * 0.3, str(k + 1), size=STYLE.hex_size * 0.8, color="#111111", bold=True, min_size=11,
                           number=True)
        if s.regions and 0 <= self.region < len(s.regions):
            r = s.regions[self.region]
            for ring in region_outline(r):
                scene.polygon([lay.lattice_to_pixel(x, y) for x, y in ring], stroke="#ff1744", width=5)
        return scene

    def _tab(self, change) -> None:
        """Portrait and phone: show the board or the scorepad (landscape shows both)."""
        shown = "rf-show-pad" if change["new"] == "pad" else "rf-show-board"
        # one change of the classes: the page never shows both panes (or neither) between two messages
        self.panes._dom_classes = (*(c for c in self.panes._dom_classes if c not in ("rf-show-pad", "rf-show-board")), shown)

    def _arrange(self, started: bool) -> None:
        """Where the end of game comes from is asked first; once a scoring is open it moves
        below, and the board and the scorepad come first. While the pieces are entered, the
        line of totals replaces the tabs and the scorepad, and the buttons to enter stand
        beside the board."""
        entering = self.entering and started
        if entering:
            # the board first, at the top of the screen: its size does not depend on the words (a
            # long title, long names, A+); beside it (below it upright) the player and piece
            # buttons first, then the totals with Done, the title with the two paths
            top: list[W.Widget] = []
            self._set(self.head_row, [self.title, self.mode])
            fold = [self.total_bar, self.done_btn]
            # the message under the buttons to enter, in its reserved place: it moves none of them,
            # nor what stands below it
            side = [self.who, self.piece, self.take_away, self.fold_bar, self.message, self.head_row, self.board.zoom_bar,
                    self.walk_text, self.region_btns, self.counts, self.board.legend]
            self._set(self.fold_bar, fold)
            self._set(self.side, side)
            self._set(self.board_row, [self.board.widget, self.side])
            self._set(self.entry_box, [])
            self._set(self.board_area, [self.board_row])
            self.widget.add_class("rf-entering")
            self.message.add_class("rf-message-slot")  # beside the board: a message never moves the buttons under it
            self.tabs.value = "board"  # Done shows the board first (upright, a tab away from the scorepad)
        else:
            top = [self.title, self.message, self.tabs]
            self._set(self.head_row, [])
            self._set(self.fold_bar, [])
            self._set(self.side, [])
            self._set(self.board_row, [])
            self._set(self.entry_box, [self.who, self.piece, self.take_away, self.counts])
            self._set(self.board_area, [self.mode, self.walk_text, self.entry_box, self.enter_btn, self.votes, self.board.widget,
                                        self.region_btns, self.paint_box])
            self.widget.remove_class("rf-entering")
            self.message.remove_class("rf-message-slot")  # above the scorepad, which must fit beside the board
        self.board.tools_apart(entering)
        own(self.pad_pane).display = "none" if entering else ""
        own(self.tabs).display = "none" if entering or not started else ""
        own(self.enter_btn).display = "" if started and not entering and self.entry.way == "full" and not self.entry.finished else "none"
        self._set(self.top, top if started else [self.sources, *top])
        own(self.top).display = "" if self.top.children else "none"
        self._set(self.bottom, [self.sources, self.restart_btn, self.earlier] if started else [self.restart_btn, self.earlier])

    @staticmethod
    def _set(box: W.Box, children: list) -> None:
        if list(box.children) != children:
            box.children = children

    def refresh(self, fit: bool = False) -> None:
        e = self.entry
        self._stale_message()  # a message about another scoring, or an earlier point of it, goes
        self._stale_downloads()
        self._stale_final_said()
        scoring = self.session.log.path.stem if self.session else None
        if scoring != self._taking_for or e.finished:  # "Take away a piece" was chosen for an earlier scoring
            self._taking_for = scoring
            self.take_away.value = False
        self._arrange(e.started)
        self.from_game_btn.disabled = self.tracked() is None
        self.title.value = self.title_html(e)
        own(self.restart_btn).display = "" if e.game else "none"
        self._list_earlier(e)
        own(self.panes).display = "" if e.started else "none"  # no board, no scorepad, no Final yet
        if not e.started:
            self.title.value = ("<div class='rf-turn'>Choose where the end of game comes from: the game tracked here, "
                                "the World on the World screen, or a position file.</div>")
            self.board.show(Scene(), fit=True)
            self.pad.value = self.bars.value = ""
            return
        self._show_path()
        final = self.session.log.path.stem if self.session and e.finished else None
        if final and final != self._final_seen:  # a final scoring opens on its scorepad (upright, a phone)
            self.tabs.value = "pad"
        self._final_seen = final
        names = [p.name for p in e.players]
        if list(self.who.options) != names:
            self.who.options = names
            self.who.value = names[0]
        kinds = [(t.title(), t) for t in PIECE_TYPES] + [(B.LABEL[b], b) for b in e.building_kinds()]  # the Tales' buildings too
        if list(self.piece.options) != kinds:
            keep = self.piece.value
            self.piece.options = kinds
            self.piece.value = keep if keep in dict(kinds).values() else "city"
        fast = self.mode.value == "fast"
        own(self.entry_box).display = "none" if fast else ""
        for w in (self.who, self.piece, self.take_away):  # a final scoring takes no more pieces: the
            own(w).display = "none" if e.finished else ""  # board comes up, by the scorepad
        s = self.current_score()
        regions = s.regions
        self._region = min(self._region, max(0, len(regions) - 1))
        left = e.regions_to_vote() if fast else []
        if left and not self._region_chosen and self._region not in left:
            self._region = left[0]
        if regions:
            r = regions[self.region]
            pieces = ", ".join(f"{name_html(n)} {c}" for n, c in r.pieces.items()) if not fast else ""
            owner = r.controller or ("nobody (a tie)" if r.pieces else "nobody")
            voted = dict(e.votes)
            state = "" if not fast else (" · waiting for a tap" if self.region not in voted else "")
            self.walk_text.value = (
                f"<div class='rf-turn'>Region {self.region + 1} of {len(regions)}: {r.region.terrain.title()}, "
                f"{plural(r.region.size, 'Space')}, {r.region.value} VP</div>"
                f"<div>{'Pieces: ' + pieces + ' · ' if pieces else ''}Controlled by <b>{html.escape(owner)}</b>{state}"
                + (f" · {plural(len(e.regions_to_vote()), 'Region')} left" if fast else "") + "</div>"
                + (f"<div class='rf-development-from'>{development_source(e)}</div>" if fast else "")
            )
        own(self.votes).display = "" if fast else "none"
        own(self.paint_box).display = "" if fast else "none"
        if fast:
            self._chips(e, regions)
        if fast:
            self.votes.children = [button(n, lambda n=n: self.vote(n), f"rf-vote rf-vote-{i}") for i, n in enumerate(names)] + [
                button("Tie / nobody", lambda: self.vote(None), "rf-vote-tie"),
                button("The Regions left hold no pieces", lambda: self.send({"type": "rest-empty"}), "rf-rest-empty"),
            ]
            for b in self.votes.children:
                b.disabled = e.finished  # nothing to tap once the scoring is final
        if not fast:
            self._show_counts()
        books_for = (self.session.log.path.stem if self.session else None) if e.tracked is None else None
        if books_for != getattr(self, "_books_for", None):  # built once per scoring: typing is never lost
            self._books_for = books_for
            self.books.children = self._books_rows() if books_for else []
        notes = creature_notes(dict(e.creatures), e.terrain()) if e.creatures else []
        self.pad.value = scorepad_html(s, waiting=e.waiting()) + "".join(f"<p class='rf-creature-note'>{html.escape(n)}</p>" for n in notes)
        self.bars.value = bars_html(s, self.colours())
        self.total_bar.value = total_bar_html(s, self.colours())
        self.finish_btn.disabled = e.finished
        scene = self.scene()
        reshaped = self._board_shape(scene)
        self.board.show(scene, fit=fit or reshaped or not self.board.scene)

    def _show_counts(self, _change=None) -> None:
        """The pieces entered, by player; against the tracker's counts: for the player being
        entered, what is left to enter (one line, not a difference per piece); more entered than
        counted, and a player left with fewer, are said in red."""
        e = self.entry
        counts = e.counts()
        table = "".join(f"<div>{name_html(p)}: " + ", ".join(f"{t.title()} {n}" for t, n in c.items() if n) + "</div>" for p, c in counts.items())
        self.counts.value = table + "".join(count_lines(e, self.who.value))

    def title_html(self, e: Entry) -> str:
        if not e.started:
            return ""
        names = and_list(name_html(p.name) for p in e.players)
        source = html.escape(e.source or "a World")
        what = f"The scoring of the tracked game of {names}" if e.game else f"A scoring of {names} ({source})"
        if e.finished:
            how = "by the fast path (majorities tapped)" if e.path == "fast" else "with every piece entered"
            what += f" · final, {how}"
        return f"<div class='rf-turn'>{what}</div>"

    def _list_earlier(self, e: Entry) -> None:
        """The other scorings of the same game, each with a button to reopen it."""
        shown = self.session.log.path.stem if self.session else None
        key = (e.game, shown, e.finished)
        if key == getattr(self, "_earlier_for", None):
            return
        self._earlier_for = key
        rows: list[W.Widget] = []
        for info in self.scorings_of(e.game) if e.game else []:
            if info.id == shown:
                continue
            try:
                other = Session(self.store.open(info.id), EntryRules()).state
            except CompanionError:
                continue
            when = time.strftime("%d %b at %H:%M", time.localtime(info.updated))
            state = "final" if other.finished else f"{plural(len(other.pieces), 'piece')} and {plural(len(other.votes), 'majority', 'majorities')} entered"
            rows.append(hbox([html_widget(f"Earlier scoring, last used {when}: {state}"),
                                button("Reopen", lambda i=info.id: self.reopen(i), "rf-reopen-scoring")]))
        self.earlier.children = ([html_widget("<b>Earlier scorings of this game</b>")] + rows) if rows else []

    def _books_rows(self) -> list[W.Widget]:
        rows = [html_widget("<b>Treasury and Trophies</b> (no tracked game: enter them)")]
        for i, p in enumerate(self.entry.players):
            gold = W.BoundedIntText(value=p.gold, min=0, max=9999, description=p.name, layout=W.Layout(width="220px"))
            trophies = W.SelectMultiple(options=list(PIECE_TYPES), value=tuple(p.trophies), rows=3, description="Trophies")
            decline = W.SelectMultiple(options=list(PIECE_TYPES), value=tuple(p.decline), rows=3, description="Decline")
            more: list[W.Widget] = []
            tale_trophies = cathedral = None
            if self.entry.tales:  # the Tales: their Trophies and the Cathedral, entered per player
                with_trophy = [(f"{n} {tale(n).name}", n) for n in sorted(all_tales()) if tale(n).trophy_vp]
                tale_trophies = W.SelectMultiple(options=with_trophy, value=tuple(p.tale_trophies), rows=3, description="Tale Trophies")
                cathedral = plain_widget(W.Checkbox, value=p.cathedral, description="Controls the Cathedral")
                more = [tale_trophies, cathedral]
            save = button("Save", lambda i=i, g=gold, t=trophies, d=decline, tt=tale_trophies, c=cathedral: self.send(
                {"type": "books", "player": i, "gold": int(g.value), "trophies": list(t.value), "decline": list(d.value),
                 **({"tale_trophies": list(tt.value), "cathedral": bool(c.value)} if tt is not None else {})}), "rf-books")
            rows.append(hbox([gold, trophies, decline, *more, save]))
        return rows

    # --- export and files --------------------------------------------------------------------------
    def export(self) -> None:
        with busy("Drawing the scorepad and writing the files…"):
            self._export()

    def _export(self) -> None:
        e = self.entry
        if not e.started:
            return
        s = self.current_score()
        pos = e.position()
        pos.layout = Layout(len(e.players), list(e.tiles), "", {})
        png = base64.b64encode(to_png(scorepad_scene(s, pos), scale=1.5)).decode()
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(["player", "gp", "economy", "trophies", "development", "territories", "total", "winner"])
        for p in s.players:
            w.writerow([p.name, p.gold, p.economy, p.trophies, p.development, p.territories, p.total, p.name in s.winners])
        csv64 = base64.b64encode(buf.getvalue().encode()).decode()
        pos64 = base64.b64encode(pos.dumps().encode()).decode()
        self.downloads.value = (
            f"<a class='rf-download' download='scores.png' href='data:image/png;base64,{png}'>Scorepad PNG</a>"
            f"<a class='rf-download' download='scores.csv' href='data:text/csv;base64,{csv64}'>Scores CSV</a>"
            f"<a class='rf-download' download='position.json' href='data:application/json;base64,{pos64}'>Position file</a>"
        )

    def _uploaded(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        name = f.get("name", "the file") if isinstance(f, dict) else getattr(f, "name", "the file")
        content = f["content"] if isinstance(f, dict) else f.content
        self.open_position(bytes(content), name)

    def open_position(self, data: bytes, name: str) -> None:
        """A position file becomes a scoring with every piece entered."""
        try:
            pos = parse_position(parse_json(data, name), name)  # the shared reader: bounded, UTF-8, valid text
        except CompanionError as e:
            self.error(str(e))
            return
        if pos.layout is None:
            self.error(f"{name} has its Spaces but not its tiles; open a position that carries its 'layout'.")
            return
        self._new({"type": "start", "source": name, "world": pos.layout.to_dict(),
                   "players": [{"name": p.name, "gold": p.gold, "trophies": p.trophies, "decline": p.decline,
                                "tale_trophies": p.tale_trophies, "cathedral": p.cathedral,
                                **({"guilds": p.guilds, "wood": p.wood, "stone": p.stone} if p.guilds else {})} for p in pos.players],
                   "colours": [p.extra.get("colour", p.name.lower()) for p in pos.players],
                   **({"creatures": pos.to_dict()["creatures"]} if pos.creatures else {})})
        for b in pos.buildings:  # before the pieces: a land unit stands on the Bridge, a Ship in its owner's Port
            try:
                self.session.do({"type": "building", **b.to_dict()})
            except CompanionError as e:  # a building of a Tale the position's World did not draw
                self.error(f"{name}: {e}")
        for pc in pos.pieces:
            self.session.do({"type": "piece", "q": pc.space[0], "r": pc.space[1], "player": pc.player, "piece": pc.type})
        self.refresh(fit=True)
