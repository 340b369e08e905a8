"""A random legal player: the source of the tests' random games (``random_action(kind, state, rng)``).

It sets a game up, brings nations in (Rome, Persia, barbarians; a player who quit comes back as a new
barbarian nation), rolls dice and charts turns drawn from what the screen offers; every action it returns
is one the rules accept, and it returns None once the game is over.
"""

from __future__ import annotations

import random

from ..errors import IllegalAction
from .battle import loss_choices, sample_battles
from .chart import ROMAN, levies_raised_exactly
from .game import Action, ChartGame, ChartRules
from .taps import Draft, blocked, offer

BARBARIANS = ("Goths", "Huns", "Vandals", "Franks", "Turks", "Dacians", "Picts", "Vikings", "Danes", "Arabs",
              "Lombards", "Alans", "Avars", "Saxons")
PLAYERS = ("Ann", "Bo", "Cy", "Di")
_RULES = ChartRules()


def _legal(state: ChartGame, action: Action) -> bool:
    try:
        _RULES.apply(state, action)
    except IllegalAction:
        return False
    return True


def _new_nation(state: ChartGame, rng: random.Random) -> Action | None:
    taken = {n.name for n in state.chart.nations}
    turn = state.game_turn + (1 if state.chart.nations else 0)
    if not state.chart.nations and rng.random() < 0.5:
        pick = rng.choice(("western-rome", "eastern-rome", "persia"))
        name = {"western-rome": "Western Rome", "eastern-rome": "Eastern Rome", "persia": "Persia"}[pick]
        a: Action = {"type": "nation", "name": name, "kind": pick, "player": rng.choice(PLAYERS)}
        if pick == "western-rome":
            a.update(first_turn=11, opening={"final_treasury": 40, "refund_pct": 10})
        elif pick == "persia":
            a.update(first_turn=6, opening={"final_treasury": 20})
        return a if _legal(state, a) else None
    free = [b for b in BARBARIANS if b not in taken]
    if not free:
        return None
    quitters = [n.who for n in state.chart.nations if blocked(state, n)]
    player = rng.choice(quitters) if quitters and rng.random() < 0.7 else rng.choice(PLAYERS)
    a = {"type": "nation", "name": rng.choice(free), "kind": "other", "player": player, "enters": max(1, turn)}
    if rng.random() < 0.15:
        a["kingdom_start"] = True
    return a if _legal(state, a) else None


def _levies(rng: random.Random, values: int) -> int:
    for _ in range(10):
        spent = rng.randint(0, 2 * values)
        if levies_raised_exactly(spent):
            return spent
    return 0


def _turn(state: ChartGame, name: str, rng: random.Random) -> Action | None:
    o = offer(state, name)
    if o.draft is None:
        return None
    n = state.chart.nation(name)
    assert n is not None
    status, _ = rng.choice(o.statuses)
    d: Draft = o.draft.with_status(status)
    roman = n.kind in ROMAN
    d = d.set("areas_income", rng.randint(60, 100) if roman else max(0, d.get("areas_income") + rng.randint(-6, 9)))
    if status != "B" and not roman:
        d = d.set("capitol_on_board", rng.random() < 0.9)
    number = int(next(lab for s, lab in o.statuses if s == status)[1:])
    if status == "B" and number <= 3 and rng.random() < 0.8:
        values = rng.randint(0, 24)
        d = d.set("levy_revolt_values", values).set("levies_spent", _levies(rng, values))
    if status == "K" and n.kingdom_start and not n.turns and rng.random() < 0.5:
        values = rng.randint(0, 12)
        d = d.set("levy_revolt_values", values).set("levies_spent", rng.randint(0, 2 * values))
    if status == "E":
        r = rng.random()
        if r < 0.2:
            d = d.set("overtax_pct", rng.choice((10, 20, 30)))
        elif r < 0.4:
            d = d.set("refund_pct", rng.choice((10, 20)))
        if rng.random() < 0.7:
            d = d.set("revolt_table", rng.randint(0, 4))
    if status != "B" and not roman and not (n.kind == "persia" and status == "K") and rng.random() < 0.2:
        d = d.toggle("admin_leader")
    if status != "B":
        cells = d.preview(state)
        room = max(0, cells.treasury - cells.refund)
        maintenance = rng.randint(0, room)
        d = d.set("maintenance", maintenance).set("purchases", rng.randint(0, room - maintenance))
        if rng.random() < 0.15:
            d = d.set("modifier_rolls", 1)
    if rng.random() < 0.04:
        d = d.set("quit", True)
    if rng.random() < 0.3:
        d = d.set("label", next(lab for s, lab in o.statuses if s == status))
    for attempt in range(4):
        a = {"type": "turn", "nation": name, "turn": d.turn()}
        if _legal(state, a):
            return a
        d = d.set("purchases", 0).set("modifier_rolls", 0).set("refund_pct", 0)
        if attempt >= 1:
            d = d.set("maintenance", 0).set("admin_leader", False)
    return None


def _procedure(state: ChartGame, name: str, rng: random.Random) -> Action | None:
    """A step of the Revolt Procedure: the open one's dice (filed under its nation), else a new one."""
    p = state.procedure
    if p is not None and p.purpose is not None:
        return {"type": "roll", "nation": p.nation, "purpose": p.purpose, "by": rng.choice(("app", "table")),
                "dice": [rng.randint(0, 10) for _ in range(p.dice_due)]}
    if not state.areas_of(name) or rng.random() < 0.1:
        count = rng.randint(1, 6)
        areas: list[dict] = [{"name": f"area {k}", "revolt_value": rng.randint(1, 10),
                              "infantry": rng.randint(0, 2), "cavalry": rng.randint(0, 1)} for k in range(count)]
        if rng.random() < 0.7:
            areas[0]["capitol"] = True
        return {"type": "areas", "nation": name, "areas": areas}
    a: Action = {"type": "revolt", "nation": name, "revolt_table": rng.randint(0, 6),
                 "lost_capitol": rng.random() < 0.15, "popular": rng.random() < 0.2}
    return a if _legal(state, a) else None


def _battle(state: ChartGame, name: str, rng: random.Random) -> Action | None:
    """A step of the battle being fought (filed under its nation), else a new battle for ``name``."""
    b = state.battle
    if b is not None and not b.over:
        if b.choosing is not None and rng.random() < 0.25:
            return {"type": "retreat", "nation": b.nation}
        if b.losing is not None:
            return {"type": "losses", "nation": b.nation,
                    "units": rng.choice(loss_choices(b.side(b.losing), b.hits_due))}
        return {"type": "roll", "nation": b.nation, "purpose": "combat", "by": rng.choice(("app", "table")),
                "dice": [rng.randint(0, 10) for _ in range(b.dice_due)]}
    a = rng.choice(sample_battles(name))
    return a if _legal(state, a) else None


def _roll(state: ChartGame, name: str, rng: random.Random) -> Action | None:
    purpose = rng.choice(("transition", "stability", "combat", "revolt") if state.version < 3
                         else ("transition", "stability", "revolt"))
    count = 1 if purpose in ("transition", "stability") else rng.randint(1, 5)
    a: Action = {"type": "roll", "nation": name, "purpose": purpose, "by": rng.choice(("app", "table")),
                 "dice": [rng.randint(0, 10) for _ in range(count)]}
    return a if _legal(state, a) else None


def random_action(kind: str, state: ChartGame, rng: random.Random) -> Action | None:
    """One random legal action of a ``chart`` log in ``state`` (setup included), or None once it is over."""
    if kind.split("/")[-1] != "chart" or state.over:
        return None
    if not state.started:
        if rng.random() < 0.3:
            return {"type": "setup", "title": "A scenario", "rules": 2,
                    "scenario": rng.choice(("six-player", "three-player", "four-player", "solitaire-east"))}
        return {"type": "setup", "title": "A random game", "victory": {"points": rng.randint(200, 2000)},
                "rules": rng.choice((1, 2, 3))}
    playing = [n.name for n in state.chart.nations if blocked(state, n) is None]
    if state.winners and rng.random() < 0.2:
        return {"type": "end"}
    if len(state.chart.nations) > 30:
        return {"type": "end", "unfinished": True}
    r = rng.random()
    if not playing or (len(playing) < 6 and r < 0.08):
        a = _new_nation(state, rng)
        if a is not None:
            return a
        if not playing:
            return {"type": "end", "unfinished": True}
    name = rng.choice(playing)
    p = state.procedure
    if (p is not None and p.purpose is not None and rng.random() < 0.8) or 0.2 <= r < 0.3:
        a = _procedure(state, name, rng)
        if a is not None:
            return a
    b = state.battle
    if (b is not None and not b.over and rng.random() < 0.8) or 0.3 <= r < 0.34:
        a = _battle(state, name, rng)
        if a is not None:
            return a
    if r < 0.2:
        a = _roll(state, name, rng)
        if a is not None:
            return a
    if r > 0.98 and _legal(state, {"type": "withdraw", "nation": name}):
        return {"type": "withdraw", "nation": name}
    o = offer(state, name)
    if o.must_roll and rng.random() < 0.9:
        return {"type": "roll", "nation": name, "purpose": "transition", "by": "app", "dice": [rng.randint(1, 10)]}
    a = _turn(state, name, rng)
    if a is not None:
        return a
    for other in playing:
        a = _turn(state, other, rng)
        if a is not None:
            return a
    return {"type": "end", "unfinished": True}


def random_game(rng: random.Random, limit: int = 400) -> list[Action]:
    """The actions of one random game, to its end (or ``limit`` actions)."""
    state, actions = _RULES.initial(), []
    while len(actions) < limit:
        a = random_action("chart", state, rng)
        if a is None:
            break
        state = _RULES.apply(state, a)
        actions.append(a)
    return actions



#: one nation's next turn with the table's numbers entered as a player would (the shared contract offers it)
drawn_turn = _turn
