"""What the acting player is offered in phase B, and what a tap on an offer sends (pure Python).

The Game screen (the tablet) and a seat's page (the phone) draw the same :func:`card_offers`: one
:class:`Offer` per action of the card as the rules may take it now (a Temple's conversion once per
opponent, a Knight's attack once per opposing unit…), with its button's label and its class, and
whether the rules take it now or the rule's sentence why not. A counted action (a Trade, a
Tithe) is offered when its smallest count worth entering (1) is taken: the count entered is added
when tapped. The special areas' own claims (the Caravansary, a piece laid down by Storm Peak) are
:func:`area_offers`.

A tap is one action of the log: after the card's last action the rules allow, with nothing but
the end of the actions offered, :func:`tap` sends the action with ``"then": "end-actions"`` and
the rules end the player's actions with it (one entry, so one Undo takes back the tap).

The other phases' choices are offered the same way, one function per phase, each offer tried on
the rules: phase A's cards to play face down or change (:func:`card_choices`), phase C's cards into
Decline or changed (:func:`decline_offers`), phase D's purchases at the price the player pays now
(:func:`purchase_offers`, :func:`in_order_offer`), and the choice of the Guild cards dealt (:func:`guild_offer`;
the marks offered for each card are the Guild variant's own). A screen draws those the rules take now. What a
variant adds is asked of it (:meth:`~companion.rise_and_fall.variants.Variant.claims`,
:meth:`~companion.rise_and_fall.variants.Variant.out_of_reach`), never named here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from companion.errors import IllegalAction
from companion.rise_and_fall.numbers import PIECE_TYPES, TERRAINS, load_rules
from companion.rise_and_fall.play.public import TableView, public_view
from companion.rise_and_fall.play.tracker import Game, TrackerRules, actions_of, building_actions_left, least_count
from companion.rise_and_fall.variants.registered import VARIANTS

Action = dict[str, Any]
_RULES = TrackerRules()
_NAMES = {"gold": "GP", "wood": "Wood", "stone": "Stone"}
#: what an action carries when the player's actions end with it (the rules honour it)
THEN_END = {"then": "end-actions"}


@dataclass(frozen=True)
class Offer:
    """One button: the action it sends, its label, its class; ``why`` is the rule's sentence when
    the rules do not take it now (``enabled`` False)."""

    action: Action
    label: str
    css: str
    why: str = ""
    rule: str = ""
    spec: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def enabled(self) -> bool:
        return not self.why


# --- the actions of a card -----------------------------------------------------------------------
def all_actions(g: Game, i: int, card: str) -> list[dict]:
    """A card's actions for player ``i``, as the rules know them: the printed ones as each variant of the
    game changes and adds to them (a variant's actions are offered by being the rules')."""
    return actions_of(g, i, card)


def _amounts(d: dict[str, int]) -> str:
    return ", ".join(f"{v} {_NAMES[k]}" for k, v in d.items() if v)


def tale_variants(v: TableView, i: int, spec: dict) -> list[tuple[Action, str]]:
    """The button of a Tale action: its label and cost ('Constructing a Bank (2 Stone, 1 Wood, 10 GP)')."""
    base = {"type": "act", "player": i, "action": spec["id"]}
    cost = _amounts(spec.get("cost", {}))
    gain = _amounts(spec.get("gain", {}))
    label = spec["label"] + (f" ({cost})" if cost else "") + (f": {gain}" if gain else "")
    if "per" in spec:  # the count entered is added when tapped
        return [(base, f"{spec['label']}: {spec['per']['gold']} GP each")]
    return [(base, label)]


def action_variants(v: TableView, i: int, spec: dict) -> list[tuple[Action, str]] | None:
    """Buttons for the guilds' kinds of action (None: not one of them)."""
    if not {"attack", "steal", "piracy"} & set(spec):
        return None
    base = {"type": "act", "player": i, "action": spec["id"]}
    others = [t for t in v.order if t != i]
    if "attack" in spec:
        cost = spec.get("cost", {}).get("gold", 0)
        return [({**base, "target": t, "unit": u}, f"{spec['label']} a {u.title()} of {v.civs[t].name} ({cost} GP)")
                for t in others for u in spec["attack"] if v.civs[t].count(u)]
    if "steal" in spec:
        return [({**base, "target": t, "resource": r}, f"{spec['label']} a {r.title()} from {v.civs[t].name}")
                for t in others for r in spec["steal"]]
    if "piracy" in spec:
        return [({**base, "counts": {}}, f"{spec['label']}: {spec['piracy']['gold']} GP per opposing Ship, paid by its owner")]
    return None


def convert_note(v: TableView, i: int, t: int, kind: str) -> str:
    """'A Temple cannot convert a game piece with a special ability which would be in an illegal
    position after being converted': the places where the target's unit is out of reach."""
    out_of_reach = set().union(*(variant.out_of_reach(v, i, t, kind) for variant in VARIANTS))
    return f" — not one on {' or '.join(sorted(out_of_reach))}" if out_of_reach else ""


#: a Space's terrain as a player says where a piece stands on it
WHERE = {"sea": "at Sea", "plains": "on a Plains", "forest": "in a Forest", "mountain": "in a Mountain", "glacier": "on a Glacier"}


def conversions(v: TableView, i: int, t: int, kind: str, action: Action) -> list[tuple[Action, str]]:
    """The conversions of player ``t``'s ``kind`` by player ``i``'s Temple, each with the words it adds to its button.
    Where the piece stands is asked ('on') only when that decides it: when ``t``'s ``kind`` may stand where ``i``'s may
    not ('A Temple cannot convert a game piece with a special ability which would be in an illegal position after
    being converted'), one conversion per place both may stand ('Convert a Nomad of Cy on a Plains'); else one."""
    out_of_reach = set().union(*(variant.out_of_reach(v, i, t, kind) for variant in VARIANTS))
    if not out_of_reach:
        return [(action, "")]
    both = stands_on(v, t, kind) & stands_on(v, i, kind)
    return [({**action, "on": place}, f" {WHERE[place]}") for place in TERRAINS if place in both]


def stands_on(v: TableView, i: int, kind: str) -> set[str]:
    """Where player ``i``'s ``kind`` may stand: the printed places and those the variants add (the Guilds')."""
    return set(load_rules().stands_on.get(kind, ())).union(*(variant.stands_on(v, i, kind) for variant in VARIANTS))


def variants(v: TableView, i: int, spec: dict,
             note: Callable[[TableView, int, int, str], str] | None = None) -> list[tuple[Action, str]]:
    """The actions one of the card's actions can be, each with its button's label (a Temple
    converts one chosen opponent; ``note`` adds a word on that opponent's units)."""
    if "tale" in spec:
        return tale_variants(v, i, spec)
    guild_kind = action_variants(v, i, spec)
    if guild_kind is not None:
        return guild_kind
    base = {"type": "act", "player": i, "action": spec["id"]}
    if "convert" in spec:
        return [(action, f"{spec['label']} of {v.civs[t].name}{where} ({spec['cost']['gold']} GP)"
                         + (note(v, i, t, spec["convert"]) if note and not where else ""))
                for t in range(len(v.civs)) if t != i
                for action, where in conversions(v, i, t, spec["convert"], {**base, "target": t})]
    if "per" in spec:  # the count entered is added when tapped (checked with 1: see ``offered``)
        return [(base, f"{spec['label']}: {spec['per'].get('gold', 0)} GP each")]
    if "per_count" in spec:
        each = ", ".join(f"{gp} GP per {spec['count_labels'][k]}" for k, gp in spec["per_count"].items())
        return [(base, f"{spec['label']}: {each}")]
    gain = spec.get("gain", {})
    if "tax" in spec["id"] and set(gain) == {"gold"} and not spec.get("cost"):  # a Tax says what it brings
        return [(base, f"{spec['label']}: {gain['gold']} GP")]
    return [(base, spec["label"])]


def how_many(count: str) -> str:
    """The question a counted action asks, in a player's words: 'How many of your pieces adjacent to the Temple,
    Temples excepted', 'How many opposing Cities adjacent' (the data's count names the pieces counted)."""
    return f"How many of {count}" if count.startswith("your ") else f"How many {count}"


def offered(g: Game, i: int, spec: dict, action: Action, can: Callable[[Action], bool]) -> bool:
    """Whether a button for ``action`` is offered: the rules accept it with the smallest count worth
    entering (an action that counts nothing is checked as it is)."""
    least = least_count(g, i, spec)
    return least is not None and can({**action, **least})


def why_not(g: Game, i: int, spec: dict, action: Action) -> tuple[str, str]:
    """The rule's sentence and id when the rules do not take ``action`` now (with its smallest count
    worth entering), else ``("", "")``."""
    least = least_count(g, i, spec)
    try:
        _RULES.apply(g, {**action, **(least or {})})
    except IllegalAction as e:
        return e.message, e.rule or ""
    if least is None:
        return "The World holds nothing this action could count now.", "nothing-counted"
    return "", ""


def card_offers(g: Game, i: int) -> list[Offer]:
    """Every action of the acting card as a button, in the card's order (those the rules do not
    take now with why not); nothing when ``i`` is not acting."""
    if g.phase != "B" or g.acting != i or g.acting_card is None:
        return []
    v = public_view(g, i)
    out = []
    for spec in all_actions(g, i, g.acting_card):
        for action, label in variants(v, i, spec, convert_note):
            why, rule = why_not(g, i, spec, action)
            out.append(Offer(action, label, f"rf-act rf-act-{spec['id']}", why, rule, spec))
    return out


def offer_key(o: Offer) -> str:
    """What tells offers apart from one drawing to the next: the action its button sends."""
    return json.dumps(o.action, sort_keys=True, default=str)


def in_steady_order(before: Sequence[Offer], now: Sequence[Offer]) -> list[Offer]:
    """The offers to draw now in the order a player saw them at the last tap (``before``: what was drawn then): each
    keeps its place, one the rules no longer take now stays there disabled with why (never replaced under the finger),
    and those newly taken come below. ``now`` is every offer (:func:`card_offers`, taken or not)."""
    by_key = {offer_key(o): o for o in now}
    out, seen = [], set()
    for o in before:
        k = offer_key(o)
        if k in seen:
            continue
        seen.add(k)
        now_o = by_key.get(k)
        if now_o is None:  # no longer an action of the card now (the unit it named left the World)
            now_o = replace(o, why=o.why or "Not open any more.", rule=o.rule or "used")
        out.append(now_o)
    out += [o for o in now if o.enabled and offer_key(o) not in seen]
    return out


def area_offers(g: Game, i: int) -> list[Offer]:
    """The claims beside the card's actions that the variants offer, those the rules take now: the special areas'
    Caravansary, a piece of the card laid down by Storm Peak."""
    if g.phase != "B" or g.acting != i or g.acting_card is None:
        return []
    return [Offer(claim, label, css) for v, _ in g.variants for claim, label, css in v.claims(g, i) if can(g, claim)]


def can(g: Game, action: Action) -> bool:
    """Whether the rules take ``action`` now (nothing is written)."""
    try:
        _RULES.apply(g, action)
        return True
    except IllegalAction:
        return False


# --- a tap -------------------------------------------------------------------------------------
def only_the_end_left(g: Game, i: int) -> bool:
    """Whether, for player ``i`` acting now, nothing but ending the actions is offered: every piece
    of the card has acted, no building may still act, no special area's claim is open, the
    Doppelganger's House has nothing to draw."""
    if g.phase != "B" or g.acting != i or g.activations < g.act_limit or building_actions_left(g, i):
        return False
    if any(o.enabled for o in card_offers(g, i)) or area_offers(g, i):
        return False
    return True


def tap(g: Game, action: Action) -> Action:
    """What a tap on the card's action ``action`` sends: the action, carrying the end of the
    player's actions when nothing but that end would be offered after it (``then``)."""
    i = action.get("player")
    try:
        after = _RULES.apply(g, action)
    except IllegalAction:
        return action  # sent as it is: the rules say why not
    return {**action, **THEN_END} if only_the_end_left(after, i) else action


# --- the other phases' choices -------------------------------------------------------------------
# Phase A (a Civilization card played face down, or changed), phase C (cards into Decline, or
# changed), phase D (a card bought back, nothing bought, the purchases in order): the tablet's row
# of a player and that player's phone draw the same offers, each tried on the rules (``why``).
def _refusal(g: Game, action: Action) -> tuple[str, str]:
    """The rule's sentence and id when the rules do not take ``action`` now, else ``("", "")``."""
    try:
        _RULES.apply(g, action)
    except IllegalAction as e:
        return e.message, e.rule or ""
    return "", ""


def _offer(g: Game, action: Action, label: str, css: str) -> Offer:
    why, rule = _refusal(g, action)
    return Offer(action, label, css, why, rule)


def in_card_order(cards: tuple[str, ...]) -> list[str]:
    """Cards in the rulebook's order of the pieces (Nomad, City, Ship…), each once."""
    return sorted(set(cards), key=PIECE_TYPES.index)


def card_choices(g: Game, i: int) -> list[Offer]:
    """Phase A: 'each player chooses a Civilization card from their hand and places it face down':
    one offer per card of the hand while ``i`` has not chosen; once chosen, a change of mind to
    each other card of the hand until the reveal (refused, with why, for a card drawn at random)."""
    if g.phase != "A" or not 0 <= i < len(g.civs):
        return []
    civ = g.civs[i]
    if i in g.to_move():
        return [_offer(g, {"type": "play", "player": i, "card": c}, c.title(), f"rf-play-{c}") for c in in_card_order(civ.hand)]
    if not civ.played:
        return []
    return [_offer(g, {"type": "change", "player": i, "card": c}, f"→ {c.title()}", f"rf-change-{c}") for c in in_card_order(civ.hand)]


def decline_offers(g: Game, i: int) -> list[Offer]:
    """Phase C: while ``i`` owes cards to the Decline zone, one offer per active card (hand and
    discard pile); then, for each card ``i`` placed face down, a change of mind to each other active
    card until the cards are turned over (its action names the card it replaces: ``was``)."""
    if g.phase != "C" or not 0 <= i < len(g.civs):
        return []
    civ = g.civs[i]
    cards = in_card_order(civ.active)
    out = []
    if i in g.to_move():
        out += [_offer(g, {"type": "decline", "player": i, "card": c}, c.title(), f"rf-decline-{c}") for c in cards]
    for was in (c for j, c in g.face_down if j == i):
        out += [_offer(g, {"type": "change", "player": i, "card": c, "was": was}, f"→ {c.title()}", f"rf-change-{c}") for c in cards]
    return out


def purchase_offers(g: Game, i: int) -> list[Offer]:
    """Phase D, while ``i`` is to decide: buy back each of their cards in Decline for the price
    they pay now ('Buy back City for 4 GP'), or buy nothing (refused, with why, when they have no
    active card left)."""
    if g.phase != "D" or i not in g.to_move():
        return []
    price = g.price_for(i)
    out = [_offer(g, {"type": "buy", "player": i, "card": c}, f"Buy back {c.title()} for {price} GP", f"rf-buy-{c}")
           for c in g.civs[i].decline]
    out.append(_offer(g, {"type": "pass", "player": i}, "Buy nothing", "rf-pass"))
    return out


def in_order_offer(g: Game) -> Offer | None:
    """Phase D: 'if any player feels that the resolution order is strategically important', any of
    them asks for the purchases in order (None outside phase D or once they go in order)."""
    if g.phase != "D" or g.in_order:
        return None
    return _offer(g, {"type": "purchase-in-order"}, "Ask for purchases in order, from the First Player", "rf-in-order")


def choice_offers(g: Game, i: int) -> list[Offer]:
    """What player ``i`` is offered outside phase B: phase A's cards, phase C's, phase D's purchases
    (the order of purchases, asked by anyone, is :func:`in_order_offer`)."""
    return card_choices(g, i) + decline_offers(g, i) + purchase_offers(g, i)


# --- the Guild cards dealt --------------------------------------------------------------------
def guild_offer(g: Game, i: int, marks: list[tuple[str, str]]) -> Offer:
    """'Place them face down': the ``guild-choice`` of the cards dealt as marked (``marks``: each
    card's id and its mark), enabled or the rule's sentence and id why not."""
    given = [gid for gid, m in marks if m == "give"]
    action = {"type": "guild-choice", "player": i, "keep": [gid for gid, m in marks if m == "keep"],
              "give": given[0] if given else None}
    label, css = "Place them face down", "rf-guild-choose"
    if len(given) > 1:
        return Offer(action, label, css, "Give one card only: it is placed face down in front of the player on the left.",
                     "guild-choice-give-one")
    return _offer(g, action, label, css)
