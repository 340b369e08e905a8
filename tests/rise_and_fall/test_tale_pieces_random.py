"""Random legal games with the Tale pieces and buildings, invariants after every step: resources
never negative nor over the limit, the pieces and buildings conserved, the bank conserved, the
Trophies counted with the Tales' and a normal one set aside for each; undo, redo and a replay of
the log give the same game. A game without Tales plays as in version 3, step for step."""

import random
from dataclasses import replace

from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, Game, TrackerRules, count_limits
from companion.rise_and_fall.variants.tales import pieces as TP
from companion.rise_and_fall.variants.tales.tales import tale
from rise_and_fall.test_tales_play_random import tale_candidates as event_candidates
from rise_and_fall.test_tales_tracker import tale_world
from rise_and_fall.test_tracker import R, accepted, candidates, check_invariants

WITH_ACTIONS = (1, 4, 5, 6, 7, 8, 9)


def tale_candidates(g: Game) -> list[dict]:
    """test_tracker's candidates, the Fantastic Events' (the Dragon's, the Banks' Economic Collapse) and the Tale actions."""
    out = candidates(g) + [a for a in event_candidates(g, random.Random(g.turn)) if a["type"] == "fantastic-event"]
    if g.phase == "B" and g.tales is not None:
        i = g.acting
        for spec in TP.actions(g, i, g.acting_card):
            a = {"type": "act", "player": i, "action": spec["id"]}
            if "per" in spec:
                a["count"] = min(2, count_limits(g, i, spec)[spec["count"]][0])
            if a not in out:  # the package's random player offers the Tale actions too
                out.append(a)
    return out


def legal(g: Game) -> list[dict]:
    return accepted(g, tale_candidates(g))


def check_tales(g: Game) -> None:
    st_ = g.tales
    n = len(g.civs)
    normal = [t for c in g.civs for t in c.trophies]
    assert g.claimed == len(normal) + len(st_.trophies)
    won = [t for t, _ in st_.trophies]
    assert len(won) == len(set(won)) and all(tale(t).trophy_vp for t in won) and set(won) <= set(st_.drawn)
    aside = TP.set_aside(g)
    assert not set(aside) & set(normal)  # still available
    assert len(aside) == min(len(won), len(PIECE_TYPES) - len(normal))
    for b, _ in st_.buildings[0] if st_.buildings else ():
        for i in range(n):
            assert 0 <= st_.count(i, b) and TP.available(st_, i, b, n) >= 0, (b, i)
    for b, k in st_.world:
        assert k in (0, 1)
    if 1 in st_.drawn:
        assert st_.total("dragon") + won.count(1) == 1  # in the World until hunted
    if 5 in st_.drawn:
        assert st_.total("bridge") == won.count(5)
    if 4 in st_.drawn and st_.owner("capital") is not None:
        assert st_.trophies_of(st_.owner("capital")) .count(4) == 1
    if 9 in st_.drawn and TP.available(st_, 0, "floating-city", n) == 0:
        counts = [st_.count(i, "floating-city") for i in range(n)]
        leaders = [i for i, c in enumerate(counts) if c == max(counts)]
        assert (won.count(9) == 1) == (len(leaders) == 1)


def session(store: GameStore, n: int, first: int, drawn: list[int], version: int = TRACKER_VERSION) -> tuple[str, Session]:
    gid, log = store.create("game", "random")
    s = Session(log, TrackerRules())
    s.do({"type": "setup", "players": [{"name": f"P{k}", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])],
          "first": first, "tracker_version": version, "world": tale_world(drawn, n), "trophies_to_end": 6})
    k = 0
    while s.state.phase == "placement":
        i = s.state.to_move()[0]
        piece = next(p for p in ("nomad", "city", "ship") if s.state.civs[i].count(p) == 0)
        s.do({"type": "place-first", "player": i, "piece": piece, "q": k, "r": 0})
        k += 1
    return gid, s


@settings(max_examples=examples(8, 80), deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(60, 260), st.data())
def test_random_games_with_tale_pieces_keep_every_invariant(tmp_path_factory, n, rnd, steps, data):
    drawn = data.draw(st.lists(st.sampled_from(WITH_ACTIONS), min_size=n, max_size=n, unique=True))
    store = GameStore(tmp_path_factory.mktemp("games"))
    gid, s = session(store, n, rnd.randrange(n), drawn)
    g0 = s.state
    money = (g0.bank_gold, g0.bank_wood, g0.bank_stone)
    for step in range(steps):
        if s.state.phase == "over" or all(c.extinct for c in s.state.civs):
            break  # every Civilization extinct: nobody is left to play
        options = legal(s.state)
        assert options, f"no legal action in phase {s.state.phase}"
        tales = [a for a in options if str(a.get("action", "")).startswith("tale-")]
        acts = [a for a in options if a["type"] == "act"]
        pick = rnd.random()
        s.do(rnd.choice(tales if tales and pick < 0.7 else acts if acts and pick < 0.9 else options))
        check_invariants(s.state, money)
        check_tales(s.state)
        if step % 11 == 0:
            before = s.state
            s.undo()
            s.redo()
            assert s.state == before
    assert Session(store.open(gid), TrackerRules()).state == s.state  # replaying the log gives the same game


WANTED = {"tale-dragon-hunt", "tale-capital", "tale-bank", "tale-port-ship", "tale-cathedral", "tale-floating-city"}


def test_random_games_build_every_tale_piece_and_reach_the_end():
    """Long random games, biased to the Tale actions: every Tale action is taken somewhere."""
    taken: set[str] = set()
    ended = 0
    for seed in range(8):
        rnd = random.Random(seed)
        g = R.apply(R.initial(), {"type": "setup", "players": [{"name": f"P{k}", "colour": c} for k, c in zip(range(4), ["red", "yellow", "green", "blue"])],
                                  "first": seed % 4, "tracker_version": TRACKER_VERSION, "world": tale_world([1, 4, 5, 6, 7, 8, 9], 4),
                                  "trophies_to_end": 6})
        k = 0
        while g.phase == "placement":
            i = g.to_move()[0]
            g = R.apply(g, {"type": "place-first", "player": i, "piece": next(p for p in ("nomad", "city", "ship") if g.civs[i].count(p) == 0),
                            "q": k, "r": 0})
            k += 1
        money = (g.bank_gold, g.bank_wood, g.bank_stone)
        for step in range(2500):
            if g.phase == "over":
                ended += 1
                break
            if all(c.extinct for c in g.civs):
                break
            opts = legal(g)
            tales = [a for a in opts if str(a.get("action", "")).startswith("tale-")]
            acts = [a for a in opts if a["type"] == "act"]
            a = rnd.choice(tales if tales and rnd.random() < 0.8 else acts if acts and rnd.random() < 0.9 else opts)
            g = R.apply(g, a)
            if a in tales:
                taken.add(a["action"].rsplit("-", 1)[0] if a["action"].startswith("tale-dragon-hunt") else a["action"])
            check_invariants(g, money, secrets=step % 10 == 0)  # the secrets at every step: the test above
            check_tales(g)
        if examples(1, 0) and ended >= 1 and WANTED <= taken:
            break  # seen all it looks for (make test-deep plays every seed)
    assert ended >= 1
    assert {"tale-dragon-hunt", "tale-capital", "tale-bank", "tale-port-ship", "tale-cathedral", "tale-floating-city"} <= taken, taken


@settings(max_examples=examples(5, 40), deadline=None)
@given(st.integers(2, 4), st.randoms(use_true_random=False), st.integers(20, 120))
def test_a_game_without_tales_plays_as_in_version_3(n, rnd, steps):
    new = R.apply(R.initial(), {"type": "setup", "players": [{"name": f"P{k}", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])],
                                "tracker_version": TRACKER_VERSION, "world": tale_world([], n)})
    old = R.apply(R.initial(), {"type": "setup", "players": [{"name": f"P{k}", "colour": c} for k, c in zip(range(n), ["red", "yellow", "green", "blue"])],
                                "tracker_version": 3, "world": tale_world([], n)})
    k = 0
    while new.phase == "placement":
        i = new.to_move()[0]
        a = {"type": "place-first", "player": i, "piece": next(p for p in ("nomad", "city", "ship") if new.civs[i].count(p) == 0), "q": k, "r": 0}
        new, old = R.apply(new, a), R.apply(old, a)
        k += 1
    for _ in range(steps):
        if new.phase == "over" or all(c.extinct for c in new.civs):
            break
        a = rnd.choice(legal(new))
        new, old = R.apply(new, a), R.apply(old, a)
        assert replace(new, tracker_version=3) == old and new.tales is None
