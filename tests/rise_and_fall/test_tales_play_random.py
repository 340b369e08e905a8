"""Random legal games with Tales in play (every Tale with an event or a special area's action) and
recycling: after every step the pieces are conserved, the resources in bounds and the bank
conserved; undo then redo is the identity and the log replays to the same state."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.state.records import replace  # a variant's field too (replace(game, tale_play=...))
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales import in_play as TP
from rise_and_fall.test_tracker import check_secrets, legal, started

R = TrackerRules()
TALES = (1, 2, 3, 6, 10, 11, 12, 14, 16, 17, 18, 19, 20, 21, 22, 23)


def check_invariants(g, money) -> None:
    """test_tracker's invariants, with each player's own Treasury limit (a Guild card from the
    Doppelganger's House may be the Collectors')."""
    owned = load_rules().pieces_per_player
    for k, c in enumerate(g.civs):
        assert sorted(c.hand + c.discard + c.reserve + c.decline + c.played) == sorted(PIECE_TYPES), c
        for t in PIECE_TYPES:
            assert 0 <= c.count(t) <= owned[t]  # World + reserve = what the player owns
            if c.count(t) == 0 and not c.extinct:
                assert c.where(t) in ("reserve", "decline"), (t, c)
            if c.count(t) > 0:
                assert c.where(t) != "reserve", (t, c)
        assert 0 <= c.wood <= g.treasury_limit(k)["wood"] and 0 <= c.stone <= g.treasury_limit(k)["stone"] and c.gold >= 0
    assert g.bank_gold + sum(c.gold for c in g.civs) <= money[0]
    assert g.bank_wood + sum(c.wood for c in g.civs) == money[1]
    assert g.bank_stone + sum(c.stone for c in g.civs) == money[2]
    check_secrets(g)


def tale_candidates(g, rnd) -> list[dict]:
    out = []
    if g.phase == "E" and g.tale_play.events:
        n = g.tale_play.events[0]
        spec = F.event(n) or {}
        a: dict = {"type": "fantastic-event", "tale": n, "player": g.first}
        kinds = [k for k in ("destroys", "lays") if spec.get(k)]
        for kind in kinds:
            per = {}
            for i in g.order():
                p = rnd.choice(spec[kind])
                if g.civs[i].count(p):
                    per[str(i)] = {p: rnd.randint(0, g.civs[i].count(p))}
            a["destroyed" if kind == "destroys" else "laid"] = per
        if "orientations" in spec:
            a["orientation"] = rnd.choice(spec["orientations"])
        out += [a, {**a, "destroyed": {}}, {"type": "fantastic-event", "tale": n, "orientation": "north"},
                {"type": "fantastic-event", "tale": n}]
        if "compensation" in spec:
            for i in g.order():
                out.append({"type": "fantastic-event", "tale": n, "destroyed": {str(i): {"ship": 1}}, "nomads": {str(i): 1}})
    if g.phase == "B" and g.acting is not None:
        i = g.acting
        for spec in TP.card_actions(g.acting_card, TP.in_play(g)):
            a = {"type": "act", "player": i, "action": spec["id"]}
            if "steal" in spec:
                a.update(target=rnd.randrange(len(g.civs)), resource=rnd.choice(spec["steal"]))
            if "house" in spec:
                free = TP.unused_guilds(g)
                drawn = rnd.sample(free, 3)
                a.update(drawn=drawn, keep=drawn[0])
            out.append(a)
        for t in range(len(g.civs)):
            out.append({"type": "act", "player": i, "action": "temple-convert-nomad", "target": t, "distance": rnd.choice([2, 3])})
        out.append({"type": "lay-down", "player": i, "piece": g.acting_card, "count": 1})
        out.append({"type": "caravansary", "player": i})
    return out


def tale_legal(g, rnd) -> list[dict]:
    ok = []
    for a in tale_candidates(g, rnd):
        try:
            R.apply(g, a)
            ok.append(a)
        except IllegalAction:
            pass
    return ok


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(40, 160))
def test_random_games_with_tales_keep_every_invariant(n, rnd, steps):
    # the Tales are those of the game's World; a game without a World gets them here, in its state
    drawn = tuple(sorted(rnd.sample(TALES, min(len(TALES), 2 * n + 2))))
    g = replace(started(n, first=rnd.randrange(n)), world_tales=drawn)
    g0 = g
    money = (g0.bank_gold, g0.bank_wood, g0.bank_stone)
    for _ in range(steps):
        if g.phase == "over":
            break
        options = tale_legal(g, rnd) + ([] if g.tale_play.events else legal(g))
        assert options, f"no legal action in phase {g.phase}"
        g = R.apply(g, rnd.choice(options))
        check_invariants(g, money)
        for i, p, c in g.tale_play.laid:
            assert 0 < c and p in PIECE_TYPES
        assert set(g.tale_play.events) <= set(drawn)
        for i, gid_ in g.tale_play.house:
            assert gid_ in g.civs[i].guilds
        held = [x for c in g.civs for x in c.guilds]
        assert len(held) == len(set(held))  # each Guild card in front of one player at most


@settings(max_examples=6, deadline=None)
@given(st.randoms(use_true_random=False))
def test_events_fire_in_random_games_and_replay_from_the_log(tmp_path_factory, rnd):
    """The same game through the log: undo then redo is the identity, and a replay is equal."""
    from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
    from companion.rise_and_fall.world.world import top_terrain

    store = GameStore(tmp_path_factory.mktemp("games"))
    gid, log = store.create("game", "tales")
    s = Session(log, R)
    s.do({"type": "setup", "players": [{"name": "Ana", "colour": "red"}, {"name": "Ben", "colour": "blue"}], "world": WORLD,
          "first": rnd.randrange(2), "tracker_version": TRACKER_VERSION})
    terrain = top_terrain(s.state.tiles)
    land = iter(x for x, t in sorted(terrain.items()) if t in ("plains", "forest"))
    seas = iter(x for x, t in sorted(terrain.items()) if t == "sea")
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        q, r = next(seas) if piece == "ship" else next(land)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": q, "r": r})
    g0 = s.state
    money = (g0.bank_gold, g0.bank_wood, g0.bank_stone)
    fired = 0
    for step in range(100):
        g = s.state
        if g.phase == "over":
            break
        options = tale_legal(g, rnd) + ([] if g.tale_play.events else legal(g))
        assert options
        a = rnd.choice(options)
        s.do(a)
        fired += a["type"] == "fantastic-event"
        check_invariants(s.state, money)
        if step % 5 == 0:
            before = s.state
            s.undo()
            s.redo()
            assert s.state == before
    assert Session(store.open(gid), R).state == s.state
    assert generate_with_tales  # the World below was made by it


def _world():
    from companion.rise_and_fall.variants.tales.worlds import generate_with_tales

    return generate_with_tales(2, 8, (19, 23)).to_dict()


WORLD = _world()
