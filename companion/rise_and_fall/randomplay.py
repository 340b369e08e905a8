"""A random legal player of Rise & Fall: the tests' source of games, and the registry's ``random_play``.

For the World it places each next tile at random among its legal places (the Plains rescue, or
setting the rest aside, when a tile has nowhere to go); for the tracked game it picks among the
actions the tracker accepts, favouring a card's actions over ending the turn so that games reach
their Trophies. With Tales it plays them too: the creatures' first Spaces, the Guild cards' and the
special areas' actions, the Tale buildings, Storm Peak's and the Caravansary's claims, and the
Fantastic Events (pieces destroyed or laid down, the Volcano's orientation, where a creature goes).
The candidates are a function of the game's state alone, so two equal games are offered the same.
A scoring has no random player: it is entered from a World and pieces, not played.
"""

from __future__ import annotations

import random
from typing import Any

from companion.errors import IllegalAction
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.play.tracker import Game, TrackerRules, card_actions, count_limits, random_play
from companion.rise_and_fall.variants.guilds.variant import keeps_doppelgangers
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales import in_play as TP
from companion.rise_and_fall.variants.tales import pieces as TPc
from companion.rise_and_fall.world.builder import Build, BuildRules, world_setup_action

Action = dict[str, Any]
COLOURS = ("red", "yellow", "green", "blue")
_TRACKER = TrackerRules()
_BUILDER = BuildRules()


def candidates(g: Game) -> list[Action]:
    """Actions worth trying in ``g`` for the players to move (some the tracker may refuse)."""
    out: list[Action] = []
    for i in g.to_move():
        civ = g.civs[i]
        if g.phase == "A":
            out += [{"type": "play", "player": i, "card": c} for c in civ.hand]
            out.append(random_play(g, i, random.Random(len(out))))
        elif g.phase == "B":
            out.append({"type": "end-turn", "player": i})
            out += _card_candidates(g, i)
        elif g.phase == "C":
            out += [{"type": "decline", "player": i, "card": c} for c in civ.active]
        elif g.phase == "D":
            out += [{"type": "buy", "player": i, "card": c} for c in civ.decline] + [{"type": "pass", "player": i}]
        elif g.phase == "E" and not g.tale_play.events:
            out += [{"type": "keep-guild", "player": i}, {"type": "keep-guild", "player": i, "ask_again": False}]
            out += [{"type": "swap-guild", "player": i, "target": t, "guild": x} for t in range(len(g.civs)) if t != i
                    for x in g.civs[t].guilds]
    if g.phase == "E" and g.tale_play.events:
        out += _event_candidates(g)
    out += [{"type": "ask-guild-swap", "player": i} for i, _ in g.kept if keeps_doppelgangers(g, i)]
    return out


def _rng(g: Game, salt: int) -> random.Random:
    """A draw that depends on the game's state only (its turn, phase and Treasuries), never on its past."""
    return random.Random(repr((g.turn, g.phase, g.acting, tuple((c.gold, c.wood, c.stone) for c in g.civs), salt)))


def _card_candidates(g: Game, i: int) -> list[Action]:
    """The acting player's actions: the card's (with their Guild cards' and the special areas'), the Tale
    buildings', a conversion at each distance, Storm Peak's lay-down and the Caravansary's claim."""
    civ = g.civs[i]
    out: list[Action] = []
    rnd = _rng(g, i)
    specs = card_actions(g.acting_card, civ.guilds, TP.in_play(g)) + TPc.actions(g, i, g.acting_card)
    for spec in specs:
        a = {"type": "act", "player": i, "action": spec["id"]}
        limits = count_limits(g, i, spec)
        if "per" in spec:
            a["count"] = min(2, limits[spec["count"]][0]) if spec["count"] in limits else 1
        if "per_count" in spec:
            a["counts"] = {k: min(1, limits[k][0]) if k in limits else 1 for k in spec["per_count"]}
        if "steal" in spec:
            a.update(target=rnd.randrange(len(g.civs)), resource=rnd.choice(spec["steal"]))
        if "house" in spec:
            free = TP.unused_guilds(g)
            if len(free) >= spec["house"]["draw"]:
                drawn = rnd.sample(free, spec["house"]["draw"])
                a.update(drawn=drawn, keep=drawn[0])
        if "convert" in spec:
            for t in range(len(g.civs)):
                for d in (1, *TP.conversion_ranges(g, i)):
                    b = {**a, "target": t, **({"distance": d} if d > 1 else {})}
                    out.append(b)
                    if any(c.guilds for c in g.civs):  # where the unit stands matters to some Guilds (the Aquanauts)
                        out.append({**b, "on": rnd.choice(("plains", "sea"))})
            continue
        out.append(a)
    if g.acting_card in TP.storm_peak_pieces(g):
        out.append({"type": "lay-down", "player": i, "piece": g.acting_card, "count": 1})
    if TP.caravansary(g) is not None:
        out.append({"type": "caravansary", "player": i})
    return out


def _event_candidates(g: Game) -> list[Action]:
    """The next Fantastic Event, resolved by the First Player: some pieces destroyed or laid on their side, the
    Volcano's orientation, the Leviathan's compensation, and where a creature or the Typhoon goes (or the table moves it)."""
    n = g.tale_play.events[0]
    spec = F.event(n) or {}
    rnd = _rng(g, n)
    a: Action = {"type": "fantastic-event", "tale": n, "player": g.first}
    if "orientations" in spec and g.tale_play.volcano is None:
        a["orientation"] = rnd.choice(spec["orientations"])
    out = [dict(a)]
    for key, kinds in (("destroyed", spec.get("destroys", []) + spec.get("destroys_buildings", [])), ("laid", spec.get("lays", []))):
        per = {}
        for i in g.order():
            p = rnd.choice(kinds) if kinds else None
            have = g.civs[i].count(p) if p in PIECE_TYPES else _buildings(g, i, p)
            if have:
                per[str(i)] = {p: rnd.randint(1, have)}
        if per:
            out.append({**a, key: per})
            if key == "destroyed" and "compensation" in spec:
                comp = spec["compensation"]
                lost = {i: c.get(comp["for"], 0) for i, c in per.items()}
                out.append({**a, key: per, "nomads": {i: 1 for i, k in lost.items() if k}})
    moves = spec.get("moves")
    if moves and g.tiles:
        from companion.rise_and_fall.world.world import top_terrain

        spaces = [s for s, t in sorted(top_terrain(g.tiles).items()) if t in moves["to"]]
        for s in rnd.sample(spaces, min(4, len(spaces))):
            out += [{**b, "to": list(s)} for b in out[:2]]
    return out


def _buildings(g: Game, i: int, building: str | None) -> int:
    return g.tales.count(i, building) if g.tales is not None and building else 0


def accepted(g: Game, actions: list[Action]) -> list[Action]:
    """Those of ``actions`` the tracker accepts in ``g``."""
    ok = []
    for a in actions:
        try:
            _TRACKER.apply(g, a)
            ok.append(a)
        except IllegalAction:
            pass
    return ok


def legal(g: Game) -> list[Action]:
    return accepted(g, candidates(g))


def setup_action(n: int, first: int = 0) -> Action:
    from companion.rise_and_fall.play.tracker import TRACKER_VERSION

    players = [{"name": f"P{k + 1}", "colour": c} for k, c in zip(range(n), COLOURS)]
    return {"type": "setup", "players": players, "first": first, "tracker_version": TRACKER_VERSION}


def game_action(g: Game, rng: random.Random) -> Action | None:
    """One random legal action of a tracked game (its setup and first pieces on any Spaces too)."""
    if g.phase == "setup":
        n = rng.choice((2, 3, 4))
        return setup_action(n, rng.randrange(n))
    if g.phase == "over":
        return None
    if g.phase == "placement":
        i = g.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0)
        if g.tiles:  # a Ship at sea and the others on land, each on a Space of its own
            from companion.rise_and_fall.world.world import top_terrain

            taken = {s for s, _, _ in g.positions}
            want = ("sea",) if piece == "ship" else ("plains", "forest")
            free = [s for s, t in sorted(top_terrain(g.tiles).items()) if t in want and s not in taken]
            rng.shuffle(free)
            return next((a for q, r in free if accepted(g, [a := {"type": "place-first", "player": i, "piece": piece, "q": q, "r": r}])),
                        None)
        q = sum(c.count(p) for c in g.civs for p in ("nomad", "city", "ship"))  # one Space each, any Space
        return {"type": "place-first", "player": i, "piece": piece, "q": q, "r": 0}
    for piece in F.unplaced(g):  # the creatures go on their first Space right after the first pieces
        spaces = F.setup_spaces(g, piece)
        if spaces:
            q, r = rng.choice(spaces)
            return {"type": "place-creature", "piece": piece, "q": q, "r": r}
    options = legal(g)
    if not options:
        return None
    acts = [a for a in options if a["type"] == "act"]
    return rng.choice(acts if acts and rng.random() < 0.85 else options)


def world_action(b: Build, rng: random.Random) -> Action | None:
    """One random legal step of building a World (its setup too), or None once it is complete."""
    if not b.started:
        return world_setup_action(rng.choice((2, 3, 4)))
    kind = b.next_kind()
    if kind is None:
        return None
    if b.stuck_plains():
        return {"type": "rescue"} if b.rescue() is not None else None
    if b.stuck():
        return {"type": "set-aside"}
    t = rng.choice(b.legal(kind))
    return {"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation}


def random_action(kind: str, state: Any, rng: random.Random) -> Action | None:
    """The registry's random player: a World, a tracked game; None for a scoring."""
    if kind == "world":
        return world_action(state, rng)
    if kind == "game":
        return game_action(state, rng)
    return None
