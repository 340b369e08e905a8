"""The History screen: every finished game of every game, filterable by game, with charts.

Each finished game shows its game's picture and its own scorepad (the categories that game
scores, then the total); the statistics are those of the games shown.
"""

from __future__ import annotations

import datetime
import html
import logging
import math
import re
from typing import Callable

import ipywidgets as W

from .. import games
from ..drawing import Scene, to_svg
from ..history import Finished, FinishedGames, is_points, lines
from ..history import stats as per_category
from ..rules import shown
from ..words import name_html, name_isolated, plural
from .widgets import busy, button, hbox, html_widget, own, plain_widget, vbox

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
#: A stable colour per seat (the first player red, the second yellow, ...) for a finished game whose
#: colours were never kept and cannot be read back from its logs; never a colour made from a name.
SEAT_COLOURS = ["#d33b2c", "#f2c12e", "#2e9e4f", "#2a5db0", "#8a4fb5", "#ee7d22"]
ALL = ""
log = logging.getLogger(__name__)


def dot(colour: str | None) -> str:
    """A player's colour as a dot before their name (nothing for a colour that is not ``#rrggbb``)."""
    return f"<span class='rf-dot' style='background:{colour}'></span>" if colour and _HEX.fullmatch(colour) else ""


def kept_colours(f: Finished) -> dict[str, str]:
    """The colours kept with a finished game (``#rrggbb`` each), empty for a game kept before they were."""
    chosen = f.extra.get("colours") if isinstance(f.extra, dict) else None
    if not isinstance(chosen, dict):
        return {}
    return {str(n): c for n, c in chosen.items() if isinstance(c, str) and _HEX.fullmatch(c)}


def seat_colours(f: Finished) -> dict[str, str]:
    """Each player of a finished game in their seat's colour (the scores are kept in seat order)."""
    return {n: SEAT_COLOURS[k % len(SEAT_COLOURS)] for k, n in enumerate(f.scores)}


def player_colours(rows: list[Finished], of: Callable[[Finished], tuple[dict[str, str], bool]] | None = None) -> dict[str, str]:
    """Each player's colour as last chosen at Setup; a player only ever seen in games whose colours
    are lost gets their seat's colour there. ``of(f)`` gives a game's colours and whether they are its own."""
    of = of or (lambda f: (kept_colours(f), True))
    chosen: dict[str, str] = {}
    by_seat: dict[str, str] = {}
    for f in rows:  # oldest first: the latest choice wins
        colours, own = of(f)
        (chosen if own else by_seat).update(colours)
    return {**by_seat, **chosen}


def totals_chart(totals: dict[str, list], colours: dict[str, str] | None = None, dark: bool = False) -> str:
    """Score over games: one line per player (SVG), each in the colour the player chose at Setup
    (a player with no colour at all: a seat colour by the order of the key)."""
    colours = colours or {}
    ink = "#e8e8e8" if dark else "#1d1d1d"
    scene = Scene(background="#1b2126" if dark else "#ffffff")
    n = max((len(v) for v in totals.values()), default=0)
    best = max((x for v in totals.values() for x in v if x is not None), default=1) or 1
    w, h = 520.0, 220.0
    scene.line([(0, h), (w, h)], stroke="#888888")
    scene.line([(0, 0), (0, h)], stroke="#888888")
    for k, (name, values) in enumerate(sorted(totals.items())):
        col = colours.get(name) or SEAT_COLOURS[k % len(SEAT_COLOURS)]
        pts = [(w * i / max(1, n - 1), h - h * v / best) for i, v in enumerate(values) if v is not None]
        if len(pts) > 1:
            scene.line(pts, stroke=col, width=3)
        for x, y in pts:
            scene.circle(x, y, 4, col, stroke=ink, width=0.8)
        scene.circle(w + 16, 11 + 18 * k, 6, col, stroke=ink, width=1)  # the key: the colour, the name readable beside it
        scene.text(w + 27, 16 + 18 * k, name_isolated(name), size=14, color=ink, anchor="start")
    scene.text(0, h + 20, "game 1", size=12, anchor="start", color=ink)
    scene.text(w, h + 20, f"game {n}", size=12, color=ink)
    return to_svg(scene)


def categories(rows: list[Finished]) -> tuple[str, ...]:
    """The categories a game scores, in its scorepad's order (the total last, apart): the entries
    that are points, never the lines kept beside them (a guild's or a Tale's effect)."""
    seen: dict[str, None] = {}
    for f in rows:
        if f.problem is None:
            for sc in f.scores.values():
                seen.update((c, None) for c, v in sc.items() if c != "total" and is_points(v))
    return tuple(seen)


def _category(c: str) -> str:
    """A scorepad column: a word of the game (Economy, Guilds), or for 1989 a nation's name (isolated as one)."""
    return name_html(c.title())


def scorepad_html(f: Finished, colours: dict[str, str] | None = None) -> str:
    """A finished game's own scorepad: a row per player (a dot in their colour), its categories,
    the total. Where the row is too narrow for the table (a phone, upright with A+), each player's
    line is shown instead, so nothing is cut off or hidden sideways."""
    cats = categories([f])
    colours = kept_colours(f) if colours is None else colours
    head = "".join(f"<th>{_category(c)}</th>" for c in cats)
    body = "".join(
        f"<tr><th>{dot(colours.get(name))}{name_html(name)}{' ★' if name in f.winners else ''}</th>"
        + "".join(f"<td>{_cell(sc.get(c, ''))}</td>" for c in cats) + f"<td><b>{_cell(sc.get('total', ''))}</b></td></tr>"
        for name, sc in f.scores.items())
    cards = "".join(
        f"<div class='rf-pad-card'><b>{dot(colours.get(name))}{name_html(name)}{' ★' if name in f.winners else ''}</b> "
        + " · ".join(f"<span>{_category(c)} {_cell(sc.get(c, ''))}</span>" for c in cats)
        + f" · <b>Total {_cell(sc.get('total', ''))}</b></div>"
        for name, sc in f.scores.items())
    said = "".join(f"<li>{dot(colours.get(name))}<b>{name_html(name)}</b> — {name_html(text)}: {'+' if vp >= 0 else ''}{shown(vp)} VP</li>"
                   for name, sc in f.scores.items() for text, vp in lines(sc))
    fits = table_ems(cats, list(f.scores))
    return (f"<style>@container (max-width: {fits}em) {{ .rf-pad-{fits} > .rf-scorepad {{ display: none }}"
            f" .rf-pad-{fits} > .rf-pad-cards {{ display: block }} }}</style>"
            f"<div class='rf-pad-{fits}'><div class='rf-scorepad'><table><tr><th></th>{head}<th>Total</th></tr>{body}</table></div>"
            f"<div class='rf-pad-cards'>{cards}</div></div>"
            + (f"<ul class='rf-history-lines'>{said}</ul>" if said else ""))


def _cell(value: object) -> str:
    """A scorepad's cell as the game shows it (1989's 6.7; a whole number as it is)."""
    return html.escape(shown(value)) if is_points(value) else html.escape(str(value))


def table_ems(cats: tuple[str, ...], names: list[str]) -> int:
    """About how many ems wide a scorepad's table is drawn (bold headers, a dot before each name)."""
    column = [len(c) * 0.62 + 1.2 for c in (*cats, "Total")]
    return math.ceil(max((len(n) for n in names), default=4) * 0.62 + 3.5 + sum(column))


def stats(rows: list[Finished]) -> dict:
    return per_category(rows, categories(rows))


class HistoryScreen:
    def __init__(self, history: FinishedGames, game: str | None = None, dark: Callable[[], bool] = lambda: False) -> None:
        self.history = history
        self.dark = dark
        self._recovered: dict[str, dict[str, str] | None] = {}  # a finished game's colours read back from its logs
        self.body = html_widget()
        options = [("All games", ALL)] + [(g.title, g.id) for g in games.games()]
        self.filter = plain_widget(W.ToggleButtons, options=options, value=game if game in dict((v, k) for k, v in options) else ALL)
        self.filter.add_class("rf-history-filter")
        self.filter.observe(lambda _: self.refresh(), "value")
        self.refresh_btn = plain_widget(W.Button, description="Refresh")
        self.refresh_btn.add_class("rf-btn")
        self.refresh_btn.on_click(lambda _: self.refresh())
        # removing an entry: pick it, say so, answer the question; Undo puts it back
        self.pick = plain_widget(W.Dropdown, options=[], description="", layout=W.Layout(width="auto", min_width="240px", max_width="100%"))
        self.pick.add_class("rf-history-pick")
        self.remove_btn = button("Remove from the history…", self.ask_remove, "rf-history-remove")
        self.question = html_widget()
        self.question.add_class("rf-history-question")
        self.yes_btn = button("Yes, remove it", self.remove, "rf-history-remove-yes")
        self.no_btn = button("No, keep it", self.keep_it, "rf-history-remove-no")
        self.asking = hbox([self.question, self.yes_btn, self.no_btn], layout=W.Layout(display="none", flex_flow="row wrap"))
        self.said = html_widget()
        self.said.add_class("rf-history-said")
        self.undo_btn = button("Undo", self.undo, "rf-history-undo")
        self.undoing = hbox([self.said, self.undo_btn], layout=W.Layout(display="none", flex_flow="row wrap"))
        self._removed: list[tuple] = []
        self.pick_row = hbox([self.pick, self.remove_btn], layout=W.Layout(flex_flow="row wrap"))
        removing = vbox([self.pick_row, self.asking, self.undoing])
        removing.add_class("rf-history-removing")
        self.widget = vbox([hbox([self.filter, self.refresh_btn]), removing, self.body])
        self.widget.add_class("rf-screen")
        self.widget.add_class("rf-history")
        self.refresh()

    # --- removing an entry -------------------------------------------------------------------
    @staticmethod
    def entry_name(f: Finished) -> str:
        """'Rise & Fall, 2026-12-01 21:40, The World: Ana won' (the words of the list and the question)."""
        when = datetime.datetime.fromtimestamp(f.at).strftime("%Y-%m-%d %H:%M")
        game = games.find(f.game)
        won = f"{', '.join(f.winners)} won" if f.winners else "no winner"
        return f"{game.title if game else f.game}, {when}, {f.world}: {won if f.problem is None else 'cannot be shown'}"

    def ask_remove(self) -> None:
        f = self._entry(self.pick.value)
        if f is None:
            self._say("Choose a finished game to remove first.")
            return
        own(self.undoing).display = "none"
        # a block (never an inline box, whose padding overlaps its own wrapped lines): the whole question in its box
        self.question.value = (f"<div class='rf-msg rf-msg-warning'>Remove {html.escape(self.entry_name(f))} from the "
                               "history? Its wins and points no longer count.</div>")
        own(self.asking).display = "flex"

    def keep_it(self) -> None:
        own(self.asking).display = "none"

    def remove(self) -> None:
        own(self.asking).display = "none"
        f = self._entry(self.pick.value)
        try:
            row = self.history.remove(self.pick.value) if f is not None else None
        except Exception as e:  # a history that cannot be written says why
            self._say(str(e))
            return
        if row is None:
            self._say("That finished game is no longer in the history.")
            self.refresh()
            return
        self._removed.append(row)
        self._say(f"Removed from the history: {self.entry_name(f)}.", undo=True)
        self.refresh()

    def undo(self) -> None:
        if not self._removed:
            return
        row = self._removed.pop()
        try:
            self.history.put_back(row)
        except Exception as e:
            self._removed.append(row)
            self._say(str(e), undo=True)
            return
        self._say("Put back in the history." if not self._removed else "Put back in the history; Undo again for the one before.",
                  undo=bool(self._removed))
        self.refresh()

    def _say(self, text: str, undo: bool = False) -> None:
        self.said.value = f"<div class='rf-msg rf-msg-info'>{html.escape(text)}</div>"
        own(self.undo_btn).display = "" if undo else "none"
        own(self.undoing).display = "flex"

    def _entry(self, entry_id: str | None) -> Finished | None:
        return next((f for f in self.history.finished() if f.id == entry_id), None) if entry_id else None

    def show_game(self, game: str | None) -> None:
        """Filter to one game (None: every game)."""
        self.filter.value = game or ALL

    def colours_of(self, f: Finished) -> tuple[dict[str, str], bool]:
        """A finished game's colours and whether they are the players' own: kept with it, else read
        back from its logs by its game (once per page), else its seats' colours (False)."""
        kept = kept_colours(f)
        if kept:
            return kept, True
        if f.id not in self._recovered:
            game = games.find(f.game)
            self._recovered[f.id] = game.recover_colours(self.history.path.parent, f.id) if game else None
        found = self._recovered[f.id]
        return (found, True) if found else (seat_colours(f), False)

    def refresh(self) -> None:
        with busy("Reading the finished games…"):
            try:
                self._refresh()
            except Exception as e:  # never the page's error: a sentence, and the screen stays
                log.exception("the History could not be drawn")
                self.body.value = (f"<p class='rf-history-odd'>The finished games could not be shown "
                                   f"({html.escape(type(e).__name__)}: {html.escape(str(e))}).</p>")

    def _game_html(self, f: Finished) -> tuple[str, bool]:
        """One finished game's row: its game, date, title, winners and scorepad; a sentence naming
        it when it cannot be shown (then False)."""
        e = html.escape
        when = datetime.datetime.fromtimestamp(f.at).strftime("%Y-%m-%d %H:%M")
        game = games.find(f.game)
        title = game.title if game else f.game
        named = f"<b>{e(str(title))}</b> · {when} · <b>{e(f.world)}</b>"
        odd = f.problem
        if odd is None:
            try:
                colours, own = self.colours_of(f)
                lost = ("<br><small class='rf-colours-lost'>The colours chosen at Setup were not kept for this game: "
                        "its players are drawn in their seats' colours.</small>")
                picture = f"<span class='rf-history-picture'>{game.picture_svg()}</span>" if game else ""
                return (f"<div class='rf-history-game'>{picture}<div><b>{e(str(title))}</b> · {when} · {e(f.world)}"
                        f" · winner: <b>{', '.join(name_html(w) for w in f.winners) or 'none'}</b>{'' if own else lost}{scorepad_html(f, colours)}</div></div>",
                        True)
            except Exception as err:  # a record no companion wrote: named, the others still shown
                log.exception("a finished game could not be drawn")
                odd = f"{type(err).__name__}: {err}"
        return f"<div class='rf-history-game rf-history-odd'><div>{named} cannot be shown: {e(odd)}.</div></div>", False

    def _refresh(self) -> None:
        chosen = self.filter.value or None
        rows = self.history.finished(chosen)
        options = [(self.entry_name(f), f.id) for f in reversed(rows)]
        if self.pick.options != tuple(options):
            chosen_before = self.pick.value
            self.pick.options = options
            ids = [i for _, i in options]
            if ids:  # the entry chosen before, or the newest: never an empty choice beside Remove
                self.pick.value = chosen_before if chosen_before in ids else ids[0]
        self.remove_btn.disabled = not options
        own(self.pick_row).display = "flex" if options else "none"  # nothing to remove: no list
        damaged = (f"<p class='rf-history-odd'>{html.escape(self.history.problem)} The games below are read from "
                   "their logs.</p>") if self.history.problem else ""
        if not rows:
            game = games.find(chosen) if chosen else None
            what = f"A game of {html.escape(game.title)}" if game else "A game"
            if damaged:
                self.body.value = damaged.replace(" The games below are read from their logs.", "") + (
                    "<p>No log of a finished game is found either.</p>")
                return
            self.body.value = f"<p>No finished game yet. {what} is kept here when its scores are made final.</p>"
            return
        drawn = [(f, *self._game_html(f)) for f in reversed(rows)]
        out = [row for _, row, _ in drawn]
        shown = [f for f, _, ok in drawn if ok]
        rows = list(reversed(shown))
        st = stats(rows)
        most = max(st["wins"].values(), default=1) or 1
        colours = player_colours(rows, self.colours_of)
        cut = len(out) - len(shown)
        odd = f"<p>{plural(cut, 'finished game')} cannot be shown; {'it is' if cut == 1 else 'they are'} named below.</p>" if cut else ""
        wins = "".join(
            f"<div class='rf-wins'><span class='rf-dot' style='background:{colours.get(n, SEAT_COLOURS[0])}'></span>{name_html(n)} "
            f"<span style='display:inline-block;height:22px;width:{200 * w / most:.0f}px;background:{colours.get(n, SEAT_COLOURS[0])};"
            f"border:1px solid rgba(127,127,127,.6)'></span> {w}</div>" for n, w in sorted(st["wins"].items(), key=lambda x: -x[1]))
        cats = categories(rows)
        avg = "".join(f"<tr><td>{name_html(n)}</td>" + "".join(f"<td>{a[c]}</td>" for c in cats) + "</tr>"
                      for n, a in sorted(st["averages"].items()))
        self.body.value = (
            "<style>.rf-history-game{display:flex;gap:10px;align-items:flex-start;padding:6px 0;"
            "border-bottom:1px solid rgba(0,0,0,.1)} .rf-history-picture svg{display:block;width:120px;height:104px}"
            # a thumbnail tells the games apart at a glance, its title beside it: a picture's words,
            # too small to read at this size, are left out
            " .rf-history-picture svg text{display:none} .rf-history-picture{flex:0 0 auto}"
            " .rf-history-game > div{min-width:0} .rf-history .rf-scorepad{max-width:100%;overflow-x:auto}"
            " .rf-history-game > div:last-child{flex:1 1 0;container-type:inline-size}"
            " .rf-history{flex:1 1 0%;min-width:0} .rf-history > .widget-html,"
            " .rf-history > .widget-html > .widget-html-content{width:100%;max-width:100%;margin-left:0;margin-right:0}"
            " .rf-pad-cards{display:none} .rf-pad-card{padding:4px 0;border-top:1px solid rgba(127,127,127,.3)}"
            " .rf-pad-card span{white-space:nowrap}"
            " .rf-history .rf-scorepad th{white-space:nowrap} .rf-history .rf-dot{width:14px;height:14px;margin-right:5px}"
            " .rf-history .rf-chart svg{max-width:100%;height:auto}"
            " @media (max-width:600px){.rf-history-picture svg{width:76px;height:68px}"
            # a chart keeps the size its words are read at (12 px at least) and scrolls sideways on a phone
            " .rf-history .rf-chart{overflow-x:auto;max-width:100%} .rf-history .rf-chart svg{max-width:none}}</style>"
            f"{damaged}<h3>{plural(st['games'], 'finished game')}</h3>{odd}{''.join(out)}"
            f"<h3>Wins per player</h3>{wins}"
            + ("<h3>Average by category</h3><div class='rf-scorepad'><table><tr><th></th>"
               + "".join(f"<th>{_category(c)}</th>" for c in cats) + f"</tr>{avg}</table></div>" if chosen else "")
            + f"<h3>Score over games</h3><div class='rf-chart'>{totals_chart(st['totals'], colours, self.dark())}</div>"
        )
