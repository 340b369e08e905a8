"""The Revolt screen's areas, picked rather than typed: one row per area with its revolt value, the empire's
infantry and cavalry there, the capitol and the Popular leader next to it, and what the core says of it (whether
it may revolt this turn, on which dice: :func:`companion.rome1989.procedure.area_offers`); a new area is a name
and a value picked. What is picked is the form's until it is sent (the ``areas`` action, kept by the log)."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from ...errors import CompanionError
from ...ui.widgets import NumberField, button, hbox, html_widget, plain_widget, vbox
from ...words import name_html
from ..numbers import numbers
from ..procedure import area_offers, changed_area, new_area
from ..revolt import Area


class AreasEditor:
    """``widget``: the rows and the new area's row; ``areas``: what is picked now; ``load`` starts from the
    log's; ``say`` answers a refused new area; ``on_change`` is told of every change (to redraw the offers)."""

    def __init__(self, say: Callable[[str, str], None], on_change: Callable[[], None] = lambda: None) -> None:
        self.say, self.on_change = say, on_change
        self.areas: tuple[Area, ...] = ()
        self.lost_capitol = False
        self.popular = False
        self.rows = vbox([], _dom_classes=("rf89-r-rows",))
        self.name = plain_widget(W.Text, placeholder="an area's name", description="New area", _dom_classes=("rf89-r-new-name",))
        self.value = plain_widget(W.Dropdown, options=list(range(1, numbers().die_sides + 1)), value=1, description="Revolt value",
                                _dom_classes=("rf89-r-new-value",), style={"description_width": "initial"})
        self.add_btn = button("Add the area", self.add, "rf89-r-add")
        self.widget = vbox([self.rows, hbox([self.name, self.value, self.add_btn], _dom_classes=("rf89-r-new",))], _dom_classes=("rf89-r-areas",))
        self._drawing = False

    def load(self, areas: tuple[Area, ...]) -> None:
        self.areas = tuple(areas)
        self._rebuild()

    def add(self) -> None:
        try:
            self.areas = new_area(self.areas, self.name.value, self.value.value)
        except CompanionError as e:
            self.say(str(e), "error")
            return
        self.name.value = ""
        self._rebuild()
        self.on_change()

    def remove(self, k: int) -> None:
        self.areas = self.areas[:k] + self.areas[k + 1:]
        self._rebuild()
        self.on_change()

    def _set(self, k: int, key: str, value: Any) -> None:
        if self._drawing or k >= len(self.areas):
            return
        self.areas = changed_area(self.areas, k, **{key: value})  # one capitol: the core moves it
        self.show_offers()
        self.on_change()

    def _rebuild(self) -> None:
        self._drawing = True
        try:
            rows = []
            for k, a in enumerate(self.areas):
                value = plain_widget(W.Dropdown, options=list(range(1, numbers().die_sides + 1)), value=a.revolt_value,
                                   description=a.name, _dom_classes=("rf89-r-value",),
                                   layout=W.Layout(width="auto"), style={"description_width": "initial"})
                value.observe(lambda ch, k=k: self._set(k, "revolt_value", ch["new"]), "value")
                inf = NumberField(a.infantry, 0, 30, "infantry", css="rf89-r-infantry", layout=W.Layout(width="150px"))
                inf.observe(lambda ch, k=k: self._set(k, "infantry", ch["new"]), "value")
                cav = NumberField(a.cavalry, 0, 30, "cavalry", css="rf89-r-cavalry", layout=W.Layout(width="150px"))
                cav.observe(lambda ch, k=k: self._set(k, "cavalry", ch["new"]), "value")
                capitol = plain_widget(W.Checkbox, value=a.capitol, description="capitol", indent=False, _dom_classes=("rf89-r-capitol",))
                capitol.observe(lambda ch, k=k: self._set(k, "capitol", ch["new"]), "value")
                near = plain_widget(W.Checkbox, value=bool(a.popular), description="next to the Popular leader", indent=False,
                                  _dom_classes=("rf89-r-near",))
                near.observe(lambda ch, k=k: self._set(k, "popular", 1 if ch["new"] else 0), "value")
                gone = button("Remove", lambda k=k: self.remove(k), "rf89-r-remove")
                rows.append(vbox([hbox([value, inf, cav, capitol, near, gone]),
                                    html_widget(_dom_classes=("rf89-r-offer",))], _dom_classes=("rf89-r-row",)))
            self.rows.children = tuple(rows)
        finally:
            self._drawing = False
        self.show_offers()

    def show_offers(self) -> None:
        """What the core says of each area now: whether it may revolt this turn, and on which dice."""
        for row, offer in zip(self.rows.children, area_offers(self.areas, self.lost_capitol, self.popular)):
            row.children[1].value = (f"<div class='rf89-r-may{'' if offer.may_revolt else ' rf89-r-never'}'>"
                                     f"{name_html(offer.area.name)}: {html.escape(offer.sentence())}</div>")
            if self._capitol_box(row).value != offer.area.capitol:
                self._drawing = True
                try:
                    self._capitol_box(row).value = offer.area.capitol
                finally:
                    self._drawing = False

    @staticmethod
    def _capitol_box(row: W.VBox) -> W.Checkbox:
        return row.children[0].children[3]
