"""The counter's two screens: Count (tap to add) and Total (the count, and History)."""

from __future__ import annotations

import html

import ipywidgets as W

from companion.errors import CompanionError
from companion.gamelog import Session
from companion.ui.widgets import button, message_html

from . import GAME, CountRules, target

KIND = GAME.kind("tally")


class CounterScreens:
    screens = ["Count", "Total", "History"]

    def __init__(self, table) -> None:
        self.table = table
        self.session: Session | None = table.store.latest(KIND, CountRules())
        self.message = W.HTML()
        self.value = W.HTML()
        self.add_btns = [button(f"+{n}", lambda n=n: self.add(n), f"rf-count-add-{n}") for n in (1, 3)]
        self.new_btn = button("New count", self.new, "rf-count-new")
        self.count = W.VBox([self.message, self.value, W.HBox([*self.add_btns, self.new_btn])])
        self.total = W.HTML()
        self.refresh()

    def screen(self, name: str) -> W.Widget:
        if name == "History":
            return self.table.history_screen(GAME.id).widget
        return {"Count": self.count, "Total": self.total}[name]

    def shown(self, name: str) -> None:
        self.refresh()

    def resume(self, kind: str, log_id: str) -> str:
        self.session = Session(self.table.store.open(log_id), CountRules())
        self.refresh()
        return "Count"

    def reopen(self) -> None:
        self.session = self.table.store.latest(KIND, CountRules())
        self.refresh()

    def new(self) -> None:
        self.session = self.table.store.start(KIND, "Tally", CountRules(), {"type": "start", "players": ["Ann", "Bo"]})
        self.refresh()

    def add(self, n: int) -> None:
        if self.session is None:
            self.new()
        try:
            self.session.do({"type": "add", "by": n})
        except CompanionError as e:
            self.message.value = message_html(str(e), "error")
            return
        state = self.session.state
        if state.finished:
            self.table.history().keep(GAME.id, self.session.log.path.stem, "Tally",
                                    {p: {"count": state.value, "total": state.value} for p in state.players},
                                    list(state.players))
        self.message.value = ""
        self.refresh()

    def refresh(self) -> None:
        v = self.session.state.value if self.session else 0
        self.value.value = f"<div class='rf-count-value'>{v} of {target()}</div>"
        self.total.value = f"<div class='rf-count-total'>Total: {html.escape(str(v))}</div>"
