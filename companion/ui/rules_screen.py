"""The Rules screen every game has on its bar (the shell adds it, ``app.py``): a search as you type over the
game's rules index, its glossary, the setup for the table's player count, the turn's phases with the one the
table is at, and every decision of ours where the rulebook is silent or contradicts itself. Names no game: it
reads the game's rules index (``companion.rulebook``)."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from ..rulebook import Entry, Index, Now, index, table_now
from .why import rule_html
from .widgets import html_widget, plain_widget, vbox

E = html.escape
SHOWN = 40  # entries shown for a search; the count says how many more


def entry_html(e: Entry) -> str:
    return (f"<div class='rf-rules-entry'><div class='rf-rules-reading'><code>{E(e.rule)}</code> {E(e.reading)}</div>"
            f"<div class='rf-rules-source'>{rule_html(e)}</div></div>")


class RulesScreen:
    """One game's Rules screen; ``room`` gives the game's screens (where the table is now), read when shown."""

    def __init__(self, game: str, room: Callable[[], Any] = lambda: None) -> None:
        self.ix: Index = index(game)
        self.room = room
        self.query = plain_widget(W.Text, value="", placeholder="Search the rules: a word of the rulebook or of a refusal",
                            continuous_update=True, layout=W.Layout(width="100%"))
        self.query.add_class("rf-rules-search")
        self.query.observe(lambda _c: self.search(), "value")
        self.found = html_widget()
        self.found.add_class("rf-rules-found")
        self.table = html_widget()  # setup and phases: where the table is now
        self.fixed = html_widget(self._fixed_html())  # the glossary and the decisions: the same for every table
        head = html_widget(f"<h2 class='rf-rules-title'>{E(self.ix.title)}: the rules</h2>")
        self.widget = vbox([head, self.query, self.found, self.table, self.fixed])
        self.widget.add_class("rf-rules")
        self.search()
        self.refresh()

    # --- the search ----------------------------------------------------------------------------------
    def search(self) -> None:
        q = self.query.value
        hits = self.ix.search(q)
        terms = self.ix.terms(q) if q.strip() else []
        if not q.strip():
            self.found.value = (f"<p class='rf-rules-count'>{len(self.ix.entries)} rules: type a word to find the "
                                "rulebook's sentence and our decisions.</p>")
            return
        parts = [f"<p class='rf-rules-count'>{len(hits)} rule{'s' if len(hits) != 1 else ''} for “{E(q.strip())}”"
                 f"{f', the first {SHOWN} shown' if len(hits) > SHOWN else ''}.</p>"]
        parts += [f"<div class='rf-rules-term'><b>{E(t.term)}</b> ({E(t.section)}): <q>{E(t.quote)}</q></div>" for t in terms[:5]]
        parts += [entry_html(e) for e in hits[:SHOWN]]
        self.found.value = "".join(parts)

    # --- the table -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Setup and phases as the game on the table stands (called when the screen comes forward)."""
        try:
            now = table_now(self.ix, self.room())
        except Exception:  # noqa: BLE001 - a state the paths cannot read: the screen shows no "now"
            now = Now()
        self.table.value = self._setup_html(now) + self._phases_html(now)

    def _setup_html(self, now: Now) -> str:
        rows = []
        for n, text in self.ix.setup.items():
            here = now.players is not None and str(now.players) == n
            mark = " <b class='rf-rules-now'>at this table</b>" if here else ""
            rows.append(f"<li class='{'rf-rules-here' if here else ''}'><b>{E(n)} player{'s' if n != '1' else ''}</b>: "
                        f"{E(text)}{mark}</li>")
        if now.players is not None:  # the table's count first
            rows.sort(key=lambda r: "rf-rules-here" not in r)
        quotes = "".join(f"<li><q>{E(q)}</q> ({E(s)})</li>" for s, q in self.ix.setup_quotes)
        return (f"<h3>Setup</h3><ul class='rf-rules-list'>{''.join(rows)}</ul>"
                f"<details class='rf-rules-more'><summary>The rulebook's setup sentences</summary><ul>{quotes}</ul></details>")

    def _phases_html(self, now: Now) -> str:
        items = []
        for p in self.ix.phases:
            here = now.phase == p.name
            items.append(f"<li class='{'rf-rules-here' if here else ''}'>{E(p.name)}"
                         f"{' <b class=rf-rules-now>← the table is here</b>' if here else ''}</li>")
        where = f" ({E(now.round)})" if now.round else ""
        section = f" <span class='rf-rules-section'>({E(self.ix.phases[0].section)})</span>" if self.ix.phases else ""
        return f"<h3>The turn's phases{where}{section}</h3><ol class='rf-rules-list'>{''.join(items)}</ol>"

    def _fixed_html(self) -> str:
        terms = "".join(f"<dt>{E(t.term)}</dt><dd><q>{E(t.quote)}</q> ({E(t.section)})</dd>" for t in self.ix.glossary)
        ours = "".join(f"<li><code>{E(e.rule)}</code> {E(e.decision)} <i>Why:</i> {E(e.why)}</li>" for e in self.ix.decisions())
        return (f"<h3>Glossary</h3><dl class='rf-rules-glossary'>{terms}</dl>"
                f"<details class='rf-rules-more'><summary>Our decisions where the rulebook is silent or contradicts "
                f"itself ({len(self.ix.decisions())})</summary><ul class='rf-rules-list'>{ours}</ul></details>")
