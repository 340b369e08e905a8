"""Random legal games with the Guild variant: the draft, every guild's actions, the Doppelgangers'
swap; the tracker's invariants after every step, undo+redo identity and replay equality."""

import random

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.numbers import PIECE_TYPES, TERRAINS, load_rules
from companion.rise_and_fall.play.tracker import (
    TRACKER_VERSION,
    Game,
    TrackerRules,
    card_actions,
    count_limits,
    random_play,
)
from companion.rise_and_fall.state.records import replace  # a variant's field too (swapped)
from companion.rise_and_fall.variants.guilds import guilds as G
from rise_and_fall.test_tracker import accepted, check_secrets

R = TrackerRules()


def guild_setup_action(n: int, rnd: random.Random) -> dict:
    cards = list(G.all_guilds())
    rnd.shuffle(cards)
    levels = [rnd.choice(list(G.levels())) for _ in range(n)]
    return {"type": "setup", "players": [{"name": f"P{k}", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])],
            "first": rnd.randrange(n), "tracker_version": TRACKER_VERSION,
            "guilds": {"levels": levels, "dealt": [cards[3 * k: 3 * k + 3] for k in range(n)]}}


def choices(g: Game, i: int) -> list[dict]:
    level = G.levels()[g.levels[i]]
    hand = list(g.dealt[i])
    out = []
    gives = G.gives(list(g.levels), i)
    for give in (hand if gives else [None]):
        rest = [c for c in hand if c != give]
        keeps = [rest[:level.keep], rest[-level.keep:] if level.keep else []]
        out += [{"type": "guild-choice", "player": i, "keep": k, "give": give} for k in keeps]
    return out


def counted_variants(g: Game, i: int, spec: dict) -> list[dict]:
    """A Trade or a Tithe with 0 (always refused: rule ``nothing-counted``), with 1 of what the World
    holds and with as many as it holds (the limit); a Merchant's two counts each from 0 to their limit."""
    a = {"type": "act", "player": i, "action": spec["id"]}
    limits = count_limits(g, i, spec)
    if "per" in spec:
        most = limits[spec["count"]][0]
        return [{**a, "count": n} for n in sorted({0, min(1, most), most})]
    opp, own = (limits[k][0] for k in spec["per_count"])
    pairs = sorted({(0, 0), (min(1, opp), 0), (0, min(1, own)), (opp, own)})
    return [{**a, "counts": dict(zip(spec["per_count"], p))} for p in pairs]


def counts_nothing(a: dict) -> bool:
    return a.get("count") == 0 or (isinstance(a.get("counts"), dict) and "piracy" not in a["action"] and not any(a["counts"].values()))


def check_counted(before: Game, a: dict, after: Game) -> None:
    """A Trade or a Tithe accepted counts at least 1 and pays what it counts, as far as the bank can
    ('the bank pays the most it can pay')."""
    if a["type"] != "act" or before.tracker_version < 6:
        return
    i = a["player"]
    spec = next(s for s in card_actions(before.acting_card, before.civs[i].guilds) if s["id"] == a["action"])
    if "per" in spec:
        n, due = a["count"], spec["per"]["gold"] * a["count"]
    elif "per_count" in spec:
        n, due = sum(a["counts"].values()), sum(spec["per_count"][k] * v for k, v in a["counts"].items())
    else:
        return
    assert n >= 1, a
    assert after.civs[i].gold - before.civs[i].gold == min(due, before.bank_gold), (a, due)


def act_variants(g: Game, i: int, spec: dict) -> list[dict]:
    a = {"type": "act", "player": i, "action": spec["id"]}
    others = [t for t in range(len(g.civs)) if t != i]
    if "per" in spec or "per_count" in spec:
        return counted_variants(g, i, spec)
    if "convert" in spec:
        return [{**a, "target": t, **({"on": on} if on else {})} for t in others for on in (None, *TERRAINS)]
    if "attack" in spec:
        return [{**a, "target": t, "unit": u} for t in others for u in spec["attack"]]
    if "steal" in spec:
        return [{**a, "target": t, "resource": r} for t in others for r in spec["steal"]]
    if "piracy" in spec:
        return [{**a, "counts": {str(t): min(g.civs[t].count("ship"), 2) for t in others}}]
    return [a]


def candidates(g: Game) -> list[dict]:
    out = []
    for i in g.to_move():
        civ = g.civs[i]
        if g.phase == "guilds":
            out += choices(g, i)
        elif g.phase == "placement":
            piece = next(p for p in ("nomad", "city", "ship") if civ.count(p) == 0)
            out.append({"type": "place-first", "player": i, "piece": piece, "q": len(g.positions), "r": 0})
        elif g.phase == "A":
            out += [{"type": "play", "player": i, "card": c} for c in civ.hand]
            out.append(random_play(g, i, random.Random(len(out))))
        elif g.phase == "B":
            out.append({"type": "end-turn", "player": i})
            for spec in card_actions(g.acting_card, civ.guilds):
                out += act_variants(g, i, spec)
        elif g.phase == "C":
            out += [{"type": "decline", "player": i, "card": c} for c in civ.active]
        elif g.phase == "D":
            out += [{"type": "buy", "player": i, "card": c} for c in civ.decline] + [{"type": "pass", "player": i}]
        elif g.phase == "E":
            out.append({"type": "keep-guild", "player": i})
            out.append({"type": "keep-guild", "player": i, "ask_again": False})
            for t, other in enumerate(g.civs):
                for gid in other.guilds:
                    lost = G.lost_places(other.guilds, tuple("doppelgangers" if x == gid else x for x in other.guilds))
                    out.append({"type": "swap-guild", "player": i, "target": t, "guild": gid,
                                "removed": {p: min(1, other.count(p)) for p in lost}})
    out += [{"type": "ask-guild-swap", "player": i} for i, _ in g.kept]
    return out


def legal(g: Game) -> list[dict]:
    return accepted(g, candidates(g))


def check_invariants(g: Game, money: tuple[int, int, int], held: list[str] | None) -> None:
    owned = load_rules().pieces_per_player
    for k, c in enumerate(g.civs):
        cards = c.hand + c.discard + c.reserve + c.decline + c.played
        assert sorted(cards) == sorted(PIECE_TYPES), c
        for t in PIECE_TYPES:
            assert 0 <= c.count(t) <= owned[t]
            if g.phase in ("guilds", "placement"):
                continue  # the first pieces are not all in the World yet
            if c.count(t) == 0 and not c.extinct:
                assert c.where(t) in ("reserve", "decline"), (t, c)
            if c.count(t) > 0:
                assert c.where(t) != "reserve", (t, c)
        assert 0 <= c.wood <= g.treasury_limit(k)["wood"] and 0 <= c.stone <= g.treasury_limit(k)["stone"] and c.gold >= 0
        assert g.treasury_limit(k)["wood"] == (10 if "collectors" in c.guilds else 5)
    trophies = [t for c in g.civs for t in c.trophies]
    assert len(trophies) == len(set(trophies))
    assert g.bank_gold + sum(c.gold for c in g.civs) <= money[0]
    assert g.bank_wood + sum(c.wood for c in g.civs) == money[1]
    assert g.bank_stone + sum(c.stone for c in g.civs) == money[2]
    if held is not None:
        assert sorted(x for c in g.civs for x in c.guilds) == held  # swaps exchange cards, never make or lose one
    check_secrets(g)


@settings(max_examples=examples(10, 100), deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(30, 150))
def test_random_guild_games_keep_every_invariant(tmp_path_factory, n, rnd, steps):
    store = GameStore(tmp_path_factory.mktemp("games"))
    gid, log = store.create("game", "random")
    s = Session(log, TrackerRules())
    s.do(guild_setup_action(n, rnd))
    g0 = s.state
    money = (g0.bank_gold, g0.bank_wood, g0.bank_stone)
    held = None
    for step in range(steps):
        if s.state.phase == "over":
            break
        options = legal(s.state)
        assert options, f"no legal action in phase {s.state.phase}"
        assert not any(counts_nothing(a) for a in options)  # a Trade or a Tithe for 0 is never legal
        acts = [a for a in options if a["type"] in ("act", "swap-guild")]
        before = s.state
        a = rnd.choice(acts if acts and rnd.random() < 0.7 else options)
        s.do(a)
        check_counted(before, a, s.state)
        if held is None and s.state.phase not in ("guilds",):
            held = sorted(x for c in s.state.civs for x in c.guilds)
        check_invariants(s.state, money, held)
        if step % 7 == 0:
            before = s.state
            s.undo()
            s.redo()
            assert s.state == before
    replayed = Session(store.open(gid), TrackerRules()).state
    assert replayed == s.state


def test_random_guild_games_use_the_guilds():
    """Over a few long games, the guilds' own actions and the swap are really taken, and so are the
    Trades and the Tithe, each with a count of at least 1."""
    rnd = random.Random(11)
    taken: set[str] = set()
    counted: set[str] = set()
    for game in range(5):
        g = R.apply(R.initial(), guild_setup_action(4, rnd))
        for _ in range(1500):
            if g.phase == "over":
                break
            opts = legal(g)
            special = [a for a in opts if a["type"] == "swap-guild" or (a["type"] == "act" and not any(
                s["id"] == a["action"] for s in card_actions(g.acting_card)))]
            assert not any(counts_nothing(a) for a in opts)
            pick = rnd.choice(special) if special and rnd.random() < 0.6 else rnd.choice(opts)
            before, g = g, R.apply(g, pick)
            check_counted(before, pick, g)
            if pick in special:
                taken.add(pick.get("action", pick["type"]))
            if "count" in pick or (pick.get("counts") and "piracy" not in pick["action"]):
                counted.add(pick["action"])
        if examples(1, 0) and len(taken) >= 6 and "swap-guild" in taken and {"ship-trade", "temple-tithe", "merchant-trade"} <= counted:
            break  # seen all it looks for (make test-deep plays every game)
    assert len(taken) >= 6 and "swap-guild" in taken, taken
    assert {"ship-trade", "temple-tithe", "merchant-trade"} <= counted, counted


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=12) | st.sampled_from(list(G.all_guilds())),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.sampled_from(["1", "2", "nomad"]), inner, max_size=3),
                    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["guild-choice", "swap-guild", "keep-guild", "ask-guild-swap", "act"]),
       st.dictionaries(st.sampled_from(["player", "keep", "give", "target", "guild", "removed", "action", "unit", "resource", "counts", "on",
                                        "ask_again"]),
                       JUNK, max_size=6),
       st.sampled_from(["guilds", "B", "E"]))
def test_a_guild_action_with_bad_input_gets_a_sentence(kind, fields, phase):
    """Any value in any field of a guild action: a sentence (IllegalAction), never another error."""
    rnd = random.Random(1)
    g = R.apply(R.initial(), guild_setup_action(3, rnd))
    if phase != "guilds":
        while g.phase != "A":
            g = R.apply(g, legal(g)[0])
        g = g.__class__(**{**g.__dict__, "civs": tuple(c.__class__(**{**c.__dict__, "gold": 30, "guilds": gs})
                                                      for c, gs in zip(g.civs, [("doppelgangers", "corsairs"), ("aquanauts", "thieves-guild"), ("mercenaries",)]))})
        if phase == "B":
            for i in g.order():
                g = R.apply(g, {"type": "play", "player": i, "card": "nomad"})
        else:
            g = replace(g, phase="E", decided=(), swapped=())
    action = {"type": kind, **fields}
    if kind == "act" and "action" not in fields:
        action["action"] = rnd.choice(["nomad-steal", "nomad-attack", "ship-piracy", "temple-convert-nomad"])
    try:
        after = R.apply(g, action)
    except IllegalAction as e:
        assert str(e) and "Traceback" not in str(e)
        return
    assert after.civs  # accepted: a legal action
