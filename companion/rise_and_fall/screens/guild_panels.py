"""The Guild variant on the screens: the draft on the Setup screen, every player's Guild cards
and the Doppelgangers' swap on the Game screen. A thin layer over :mod:`..guilds` and the tracker."""

from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W

from companion.rise_and_fall.play.offers import action_variants, convert_note, guild_offer, variants  # noqa: F401 (the screens' names for them)
from companion.rise_and_fall.play.public import TableView, public_view
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.guilds.variant import guild_marks
from companion.ui.widgets import Stepper, button, hbox, html_widget, message_html, plain_widget, vbox
from companion.words import and_list, name_html


def card_html(gid: str) -> str:
    """One Guild card: its name, its power in a sentence, the rulebook's text on hover."""
    g = G.guild(gid)
    return (f"<span class='rf-guild' title='{html.escape(g.text, quote=True)}'><b>{html.escape(g.name)}</b>: "
            f"{html.escape(g.power)}</span>")


def guilds_html(v: TableView, skip: int | None = None, folded: bool = False) -> str:
    """Every player's Guild cards with their powers, one line per player (empty without Guilds);
    ``skip``: a player whose own line is shown elsewhere (their phone); ``folded``: one summary
    line of who holds which card, which opens to the powers (the Game screen's header, so the
    acting player's buttons stay on the screen)."""
    if not v.levels or v.phase in ("setup", "guilds"):  # before the reveal nobody holds a Guild card face up
        return ""
    rows = []
    held = []
    for c in (c for j, c in enumerate(v.civs) if j != skip):
        cards = " · ".join(card_html(g) for g in c.guilds) or "<i>no Guild powers</i>"
        rows.append(f"<div class='rf-guilds-row'><b>{name_html(c.name)}</b> — {cards}</div>")
        held.append(f"<b>{name_html(c.name)}</b> {html.escape(', '.join(G.guild(g).name for g in c.guilds) or 'none')}")
    if folded:
        # the page keeps it as the player left it when its words change (``data-rf-fold``, the page template); the
        # summary wraps rather than cut a name at any text size (A+)
        return (f"<details class='rf-guilds rf-guilds-folded' data-rf-fold='guild-powers'><summary style='white-space: normal; overflow: visible'>Guild powers: {' · '.join(held)}</summary>"
                + "".join(rows) + "</details>")
    return "<div class='rf-guilds'>" + "".join(rows) + "</div>"


def own_guilds_html(v: TableView, i: int) -> str:
    """A player's own Guild cards with their powers, in a sentence (empty without Guilds or before
    the reveal: the cards dealt are chosen first)."""
    if not v.levels or v.phase in ("setup", "guilds"):
        return ""
    held = v.civs[i].guilds
    cards = "".join(f"<div>{card_html(g)}</div>" for g in held) if held else "<div><i>none: you play with no Guild powers</i></div>"
    return f"<div class='rf-guilds rf-own-guilds'><b>Your Guild card{'s' if len(held) > 1 else ''}</b>{cards}</div>"


def level_options() -> list[tuple[str, str]]:
    return [(lv.label, lv.id) for lv in G.levels().values()]


def guild_rule(level_id: str, name: str, left: str, gives: bool, you: bool = False) -> str:
    """What a player keeps, gives and returns, in a sentence (escaped)."""
    level = G.levels()[level_id]
    who = "You play" if you else f"{html.escape(name)} plays"
    return (f"{who} as <b>{html.escape(level.label.lower())}</b>: keep "
            f"{level.keep}, {'give one to ' + html.escape(left) if gives else 'give none'}, return the rest.")


def guild_choice(i: int, picks: list[tuple[str, Any]], game: Any) -> dict | str:
    """The ``guild-choice`` action of the cards marked Keep and Give (:func:`offers.guild_offer`), or
    the sentence why not when it is no choice at all (two cards given); the rules' own refusals are
    said where the screen says them, when it is sent."""
    offer = guild_offer(game, i, [(gid, p.value) for gid, p in picks])
    return offer.why if offer.rule == "guild-choice-give-one" else offer.action


def who_chose_html(v: TableView, seat: int | None = None) -> str:
    """Who has chosen their Guild cards and who still chooses, never what (the tablet and every phone;
    ``seat``: the phone's own player, 'you')."""
    done = [v.civs[j].name for j in v.chosen]
    left = ["you" if j == seat else v.civs[j].name for j in v.to_move]
    parts = [f"{len(done)} of {len(v.civs)} players have chosen"]
    if done:
        parts.append(f"chosen: {and_list(done)}")
    if left:
        parts.append(f"still to choose: {and_list(left)}")
    return "<div class='rf-turn rf-guilds-who'><b>Guild cards</b> · " + html.escape(" · ".join(parts)) + "</div>"


class GuildDraft:
    """'Among the cards dealt, each player: Keeps a card, Places one face-down in front of the
    player on their left, Returns the remaining card to the box.' A player whose seat is on their
    phone chooses there; the others hold the tablet one at a time: their three cards show only
    after they ask. The tablet shows who has chosen, never what."""

    def __init__(self, game: Callable[[], Any], send: Callable[[dict], bool], phones: Callable[[], set[int]] = set) -> None:
        self.game = game
        self.send = send
        self.phones = phones
        self.shown: int | None = None
        self.msg = html_widget()
        self.widget = vbox([])
        self.widget.add_class("rf-guild-draft")

    def chooser(self) -> int | None:
        """Who chooses on the tablet now: the first player still to choose whose seat is not on a phone."""
        g = self.game()
        phones = self.phones()
        return next((i for i in g.to_move() if i not in phones), None)

    def refresh(self) -> None:
        g = self.game()
        if g.phase != "guilds" or not g.to_move():
            self.widget.children = []
            self.shown = None
            return
        phones = self.phones()
        head = html_widget(who_chose_html(public_view(g)))
        on_phones = [g.civs[j].name for j in g.to_move() if j in phones]
        away = [html_widget(f"<div class='rf-guilds-phones'>{html.escape(and_list(on_phones))} "
                       f"choose{'s' if len(on_phones) == 1 else ''} on {'their phone' if len(on_phones) == 1 else 'their phones'}, "
                       "out of the others' sight.</div>")] if on_phones else []
        i = self.chooser()
        if i is None:
            self.shown = None
            self.widget.children = [self.msg, head, *away]
            return
        civ = g.civs[i]
        if self.shown != i:
            line = html_widget(f"<div><b>{html.escape(civ.name)}</b> chooses on this tablet, out of the others' sight.</div>")
            self.widget.children = [self.msg, head, *away, line,
                                    button(f"{civ.name}: show my Guild cards", lambda: self._show(i), "rf-guild-show", primary=True)]
            return
        left = g.civs[(i + 1) % len(g.civs)].name
        gives = G.gives(list(g.levels), i)
        options = guild_marks(g, i)  # as the player's phone offers them (the Guilds' guild_marks)
        picks = []
        rows = []
        for gid in g.dealt[i]:
            pick = plain_widget(W.ToggleButtons, options=options, value="return")
            pick.add_class("rf-guild-pick")
            picks.append((gid, pick))
            rows.append(vbox([html_widget(card_html(gid)), pick]))
        rule = guild_rule(g.levels[i], civ.name, left, gives)
        ok = button("Place them face down", lambda: self._choose(i, picks), "rf-guild-choose", primary=True)
        self.widget.children = [self.msg, head, *away, html_widget(f"<div>{rule}</div>"), *rows, ok]

    def _show(self, i: int) -> None:
        self.shown = i
        self.refresh()

    def _choose(self, i: int, picks: list[tuple[str, W.ToggleButtons]]) -> None:
        action = guild_choice(i, picks, self.game())
        if isinstance(action, str):
            self.msg.value = message_html(action, "error")
            return
        self.msg.value = ""
        if self.send(action):
            self.shown = None
            self.refresh()


def piracy_steppers(v: TableView, i: int) -> dict[int, Stepper]:
    """How many Ships of each opponent share the Sea Region (at most the Ships they have)."""
    out = {}
    for t in v.order:
        if t == i or not v.civs[t].count("ship"):
            continue
        box = Stepper(value=0, min=0, max=v.civs[t].count("ship"), description=f"Ships of {v.civs[t].name} there", css="rf-piracy-count")
        box.tooltip = f"At most {box.max}: {v.civs[t].name} has {box.max} in the World."
        out[t] = box
    return out


def swap_controls(v: TableView, game: Any, can: Callable[[dict], bool], send: Callable[[dict], bool],
                  phones: set[int] = frozenset(), who: list[int] | None = None) -> list[W.Widget]:
    """Phase E: the holder of the Doppelgangers takes another player's Guild card for 10 GP, or
    keeps theirs (this turn, or without being asked again). A power lost may leave pieces where
    they can no longer stand: the table says how many, and they go back to the reserve. A holder
    whose seat is on their phone (``phones``) decides there; ``who``: the holders to offer it to
    (a phone: its own player only)."""
    out: list[W.Widget] = []
    for i in (v.to_move if who is None else [j for j in v.to_move if j in who]):
        me = v.civs[i]
        if i in phones:
            out.append(html_widget(f"<div class='rf-swap-phone'><b>{html.escape(me.name)}</b> ({me.gold} GP) decides on their phone "
                              "whether to pay 10 GP to swap the Doppelgangers for another player's Guild card.</div>"))
            continue
        out.append(html_widget(f"<b>{html.escape(me.name)}</b> ({me.gold} GP) may pay 10 GP to swap the Doppelgangers "
                          "for another player's Guild card:"))
        for t, other in enumerate(v.civs):
            if t == i:
                continue
            for gid in other.guilds:
                lost = G.lost_places(other.guilds, tuple("doppelgangers" if x == gid else x for x in other.guilds))
                boxes = {p: Stepper(value=0, min=0, max=other.count(p),
                                    description=f"{other.name}'s {p.title()}s on {' or '.join(sorted(ts))}", css="rf-swap-removed")
                         for p, ts in lost.items()}
                a = {"type": "swap-guild", "player": i, "target": t, "guild": gid}

                def go(a=a, boxes=boxes) -> None:
                    send({**a, "removed": {p: int(b.value) for p, b in boxes.items()}})

                if can({**a, "removed": {}}):
                    out.append(hbox([button(f"Take the {G.guild(gid).name} of {other.name}", go, "rf-swap"), *boxes.values()]))
        you = who is not None
        out.append(hbox([
            button(f"{'Keep' if you else me.name + ' keeps'} the Doppelgangers this turn",
                   lambda i=i: send({"type": "keep-guild", "player": i}), "rf-keep-guild", primary=True),
            button(f"{'Keep' if you else me.name + ' keeps'} them, do not ask again",
                   lambda i=i: send({"type": "keep-guild", "player": i, "ask_again": False}), "rf-keep-guild-for-good"),
        ]))
        out.append(html_widget("<div class='rf-hint'>Not asked again: the Recycling phase does not stop for the Doppelgangers "
                          "while every player's Guild cards stay as they are, or until asked again.</div>"))
    return out


def kept_line(v: TableView, i: int, you: bool = False) -> str:
    """A standing 'do not ask again' of the Doppelgangers, in a sentence (empty when there is none)."""
    if i not in v.kept:
        return ""
    who = "You keep" if you else f"{html.escape(v.civs[i].name)} keeps"
    return (f"<div class='rf-guild-kept'>{who} the Doppelgangers: the Recycling phase does not ask "
            f"{'you' if you else 'them'} while every player's Guild cards stay as they are.</div>")


def ask_again_action(i: int) -> dict:
    return {"type": "ask-guild-swap", "player": i}
