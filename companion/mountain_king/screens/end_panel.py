"""The End of the Wave on the Score the Wave screen, step by step: Entrenchment, each invasion, each Champion.

Widgets only: what each button sends comes from :mod:`..taps`, and the log's rules check it
(:mod:`..game`); every button carries the step it answers, so a tap on a screen the table has left is refused.
"""

from __future__ import annotations

import html
from typing import Callable

import ipywidgets as W

from ...ui.widgets import Stepper, button, hbox, html_widget, own, plain_widget, vbox
from ..end_of_wave import OUTSIDER, plural
from ..game import ROMAN, Action, State, step_name
from ..numbers import numbers
from ..taps import consolation_offers, fall_offers, invasion_done

E = html.escape
MOST_VOTES = 6  # the Votes a Champion's card shows, offered 1 to this


class EndPanel:
    """``widget``: the step the table is at, with its buttons; ``draw(state)`` after every change."""

    def __init__(self, act: Callable[[Action], bool], state: Callable[[], State], error: Callable[[str], None]) -> None:
        n = numbers()
        self.act, self.state, self.error = act, state, error
        self.heading = html_widget()
        self.heading.add_class("mk-end-step")
        self.entrench_btn = button("Entrenchment done: the invasions", lambda: self.act({"type": "step-done", "step": "entrenchment"}),
                                   "mk-entrenched", primary=True)
        self.falls = hbox()
        self.falls.add_class("mk-falls")
        self.fallen = html_widget()
        # the invasion's button is made anew for each invasion, its action bound: a second quick tap on it carries the
        # invasion it was drawn for, and the rules refuse it once the table is at the next one (mk-invasion-done-2: a page
        # tells the new invasion's button from the last one's)
        self.invasion_box = hbox([button("", lambda: None, "mk-invasion-done", primary=True)], _dom_classes=("mk-invasion-done-box",))
        self._invasion_action: Action | None = None
        self.clan = plain_widget(W.ToggleButtons, options=[(n.domain_names[d], d) for d in n.domains] + [("Outsider", OUTSIDER)], value=None)
        self.clan.add_class("mk-champion-clan")
        self.votes = plain_widget(W.ToggleButtons, options=[(str(k), k) for k in range(1, MOST_VOTES + 1)], value=None)
        self.votes.add_class("mk-champion-votes")
        self.wild = plain_widget(W.ToggleButtons, options=[(n.domain_names[d], d) for d in n.domains], value=None, description="Wild Votes to")
        self.wild.add_class("mk-champion-wild")
        self.influence: dict[str, Stepper] = {}
        self.arrival: list[str] = []  # the order the markers were entered in: on one spot, the earlier leads
        self.influence_box = hbox()
        self.influence_box.add_class("mk-influence-box")
        self.lead = html_widget()
        # made anew for each Champion, its number bound: a second quick tap is refused, never the next Champion's award
        self.award_box = hbox([button("", lambda: None, "mk-award", primary=True)], _dom_classes=("mk-award-box",))
        self.champions_done_btn = button("No more Champions with Influence: Score the Wave",
                                         lambda: self.act({"type": "step-done", "step": "champions"}), "mk-champions-done")
        self.choose = html_widget()
        self.consolations = hbox()
        self.consolations.add_class("mk-consolations")
        for w in (self.clan, self.votes, self.wild):
            w.observe(lambda _c: self._draw_champion(self.state()), "value")
        self.champion_box = vbox([html_widget("<b>The Champion's Clan (its flag)</b>"), self.clan, self.wild,
                                    html_widget("<b>Votes on its card</b>"), self.votes,
                                    html_widget("<b>Influence on its track</b> (on one spot, enter the marker at the bottom of the stack first)"),
                                    self.influence_box, self.lead, self.award_box, self.champions_done_btn])
        self.consolation_box = vbox([self.choose, self.consolations])
        self.widget = vbox([self.heading, self.entrench_btn, self.fallen, self.falls, self.invasion_box,
                              self.champion_box, self.consolation_box])
        self.widget.add_class("mk-end")
        self._champion_for: int | None = None

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, s: State) -> None:
        shown = s.started and s.end is not None and not s.finished
        own(self.widget).display = "" if shown else "none"
        if not shown:
            return
        self.heading.value = f"<div class='mk-step'><b>Wave {ROMAN[s.wave]}, End of the Wave: {E(step_name(s))}</b></div>"
        own(self.entrench_btn).display = "" if s.end == "entrenchment" else "none"
        invading = s.end == "invasions"
        for w in (self.falls, self.fallen, self.invasion_box):
            own(w).display = "" if invading else "none"
        if s.end == "entrenchment":
            self.heading.value += ("<div>Add one Gnome to every cavern with one Gnome in it (a cavern with two gets no third), "
                                   "then tap Entrenchment done.</div>")
        if invading:
            offers = fall_offers(s)
            # each button names its invasion (mk-fall-2): a page tells the new invasion's buttons from the last one's
            self.falls.children = [button(o.text, lambda a=o.action: self.act(a), f"mk-fall mk-fall-{len(s.falls)}")
                                   for o in offers]
            done = invasion_done(s)
            if done.action != self._invasion_action or self.invasion_btn.description != done.label:
                self._invasion_action = done.action
                self.invasion_box.children = [button(done.label, lambda a=done.action: self.act(a),
                                                     f"mk-invasion-done mk-invasion-done-{done.action['invasion']}", primary=True)]
            fallen = s.falls[-1] if s.falls else ()
            said = ", then ".join(E(p) for p in fallen) or "no Troll yet"
            self.fallen.value = (f"<div>Reveal Gate card {len(s.falls)} of {s.invasions}; tap each Troll as it falls, in order "
                                 f"(a Breach is tapped on the Honour screen). Fallen so far: {said}.</div>")
        own(self.champion_box).display = "" if s.end == "champions" and not s.pending else "none"
        own(self.consolation_box).display = "" if s.pending else "none"
        if s.end == "champions":
            self._draw_champion(s)
        if s.pending:
            champ = s.champions[-1]
            self.choose.value = (f"<div><b>{E(s.pending[0])}</b> chooses a consolation for {E(champ.name)}: one Vote, "
                                 f"or Honour for the yellow lines their disc passed (one or the other).</div>")
            self.consolations.children = [button(o.label, lambda a=o.action: self.act(a), "mk-consolation") for o in consolation_offers(s)]

    def _draw_champion(self, s: State) -> None:
        if s.end != "champions" or s.pending:
            return
        k = len(s.champions) + 1
        if self._champion_for != k or set(self.influence) != set(s.players):  # a new Champion: every count from zero
            self._champion_for = k
            self.influence = {p: Stepper(0, 0, 20, p, css="mk-influence") for p in s.players}
            for p, st in self.influence.items():
                st.observe(lambda c, p=p: self._moved(p, c["new"]), "value")
            self.influence_box.children = list(self.influence.values())
            self.arrival = []
            self.clan.value = self.votes.value = self.wild.value = None
            self.award_box.children = [button("", lambda k=k: self._award(k), f"mk-award mk-award-{k}", primary=True)]
        own(self.wild).display = "" if self.clan.value == OUTSIDER else "none"
        track = self.track()
        if track:
            order = sorted(range(len(track)), key=lambda i: (-track[i][1], i))
            lead = [track[i][0] for i in order]
            self.lead.value = f"<div>Victor: <b>{E(lead[0])}</b>" + (f"; then {E(', '.join(lead[1:]))} choose" if lead[1:] else "") + ".</div>"
            self.award_btn.description = f"Award Champion {k} of {s.display}"
        else:
            self.lead.value = "<div>No Influence entered: the Champion is discarded.</div>"
            self.award_btn.description = f"Champion {k} of {s.display} has no Influence: discard it"

    def _moved(self, player: str, value: int) -> None:
        if value and player not in self.arrival:
            self.arrival.append(player)
        if not value and player in self.arrival:
            self.arrival.remove(player)
        self._draw_champion(self.state())

    def track(self) -> list[list]:
        """The markers in the order they were entered (arrival), each [player, Influence]."""
        return [[p, self.influence[p].value] for p in self.arrival if p in self.influence and self.influence[p].value]

    # --- taps ------------------------------------------------------------------------------------
    @property
    def invasion_btn(self) -> W.Button:
        """The button that ends the invasion shown now."""
        return self.invasion_box.children[0]

    @property
    def award_btn(self) -> W.Button:
        """The button that awards (or discards) the Champion shown now."""
        return self.award_box.children[0]

    def _award(self, number: int) -> None:
        """Champion ``number`` (the one its button was drawn for) awarded as the markers and the flag say."""
        track = self.track()
        action: Action = {"type": "champion", "champion": number, "track": track}
        if track:
            if self.clan.value is None or self.votes.value is None or (self.clan.value == OUTSIDER and self.wild.value is None):
                self.error("Tap the Champion's Clan (its flag; for an Outsider, the Clan its Wild Votes go to) and the Votes on its card first.")
                return
            action.update(clan=self.clan.value, votes=self.votes.value)
            if self.clan.value == OUTSIDER:
                action["wild"] = self.wild.value
        else:
            action.update(clan=self.clan.value or numbers().domains[0], votes=0)
        self.act(action)


def refresh_sentence(s: State) -> str:
    """What Refresh asks of the table before the Wave begins (after Waves I and II are scored)."""
    return (f"Refresh for Wave {ROMAN[s.wave]}: lay out {plural(s.invasions, 'Gate card')} face down and "
            f"{plural(s.display, 'Champion')} from the Wave {ROMAN[s.wave]} deck; return your cubes and discard any leftover "
            f"Desperation tokens. {s.start_player} has the Start player marker.")
