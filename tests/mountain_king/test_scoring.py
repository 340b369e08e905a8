"""Score the Wave: the rulebook's examples quoted, the format page's decisions, and properties (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.mountain_king.numbers import numbers
from companion.mountain_king.scoring import (
    clan_result,
    controller,
    domain_honour,
    elders_honour,
    hall_result,
    score,
    winners,
)
from companion.mountain_king.wave import Cavern, Clan, Hall, Wave, parse

from .helpers import wave2, wave3


def test_the_hammer_domain():
    """"Let's score the Hammer Clan Domain: there is one overrun cavern. Blue controls one cavern, so Blue
    gains 6 and loses 1. Yellow controls two caverns, so Yellow gains 6 plus 2, and loses 1.\""""
    caverns = (
        Cavern("h1", "hammer", {"Blue": 2, "Yellow": 1}),
        Cavern("h2", "hammer", {"Yellow": 3}),
        Cavern("h3", "hammer", {"Yellow": 2, "Pink": 1}),
        Cavern("h4", "hammer", gnomes=1),
    )
    s = score(Wave(2, ("Blue", "Yellow", "Pink"), caverns))
    hammer = next(d for d in s.domains if d.domain == "hammer")
    assert hammer.scores == {"Blue": 6 - 1, "Yellow": 6 + 2 - 1}
    assert s.categories["Blue"]["caverns"] == 6 and s.categories["Blue"]["overrun"] == -1
    assert s.categories["Yellow"]["caverns"] == 8 and s.categories["Yellow"]["overrun"] == -1
    assert s.categories["Pink"] == dict.fromkeys(s.categories["Pink"], 0)  # "If you scored at least one cavern"


def test_tied_for_most_trolls_controls_nothing():
    """"Remember, you do not control a cavern if you are tied for most Trolls there.\""""
    assert controller({"Pink": 2, "Blue": 2}) is None
    assert controller({"Pink": 2, "Blue": 2, "Green": 3}) == "Green"
    assert controller({"Pink": 0}) is None and controller({}) is None


def _halls(*caverns: Cavern) -> dict[str, Cavern]:
    return {c.id: c for c in caverns}


def test_great_hall_example_1():
    """"Here the Gnomes control two of the surrounding caverns, and Green controls one. The Gnomes win, so no
    player earns the 4 Honour.\""""
    cs = _halls(Cavern("a", "moss", gnomes=1), Cavern("b", "moss", gnomes=2), Cavern("c", "ice", {"Green": 1}))
    h = hall_result(Hall(4, ("a", "b", "c")), cs, ("Green", "Pink"))
    assert h.winners == ("gnomes",) and h.each == 4
    assert score(Wave(3, ("Green", "Pink"), tuple(cs.values()), great_halls=(Hall(4, ("a", "b", "c")),),
                      clans=_no_clans())).categories["Green"]["great_halls"] == 0


def test_great_hall_example_2():
    """"Here Pink controls two surrounding caverns, and Green controls one. Pink earns the 12 Honour. Notice
    that Pink wins even though Green has more Trolls; it's about the controlled caverns, not the number of Trolls!\""""
    cs = _halls(Cavern("a", "moss", {"Pink": 1}), Cavern("b", "moss", {"Pink": 1}), Cavern("c", "ice", {"Green": 7}))
    h = hall_result(Hall(12, ("a", "b", "c")), cs, ("Green", "Pink"))
    assert h.winners == ("Pink",) and h.each == 12


def test_great_hall_example_3():
    """"Here we have a three-way tie … between Yellow, Pink, and the Gnomes. Splitting the Great Hall's 8
    Honour as evenly as we can three ways results in Yellow and Pink each gaining 2.\""""
    cs = _halls(Cavern("a", "granite", {"Yellow": 2}), Cavern("b", "granite", {"Pink": 1}), Cavern("c", "hammer", gnomes=1))
    h = hall_result(Hall(8, ("a", "b", "c")), cs, ("Yellow", "Pink", "Green"))
    assert h.winners == ("Yellow", "Pink", "gnomes") and h.each == 2


def test_great_hall_decisions_tied_and_empty_caverns_count_for_nobody_and_no_count_no_winner():
    cs = _halls(Cavern("a", "moss", {"Pink": 1, "Green": 1}), Cavern("b", "moss"))
    h = hall_result(Hall(12, ("a", "b")), cs, ("Green", "Pink"))
    assert h.counts == {} and h.winners == () and h.each == 0
    five = _halls(*(Cavern(str(i), "moss", {p: 1}) for i, p in enumerate("ABCDE")))
    assert hall_result(Hall(4, tuple(five)), five, tuple("ABCDE")).each == 0  # 4 // 5


def test_seven_elders_are_17_and_the_whole_chart():
    """"You have seven Elders in your Ancestry, which earns you 17 Honour.\""""
    assert elders_honour(7) == 17
    assert [elders_honour(n) for n in range(10)] == [0, 0, 1, 3, 5, 8, 12, 17, 23, 30]


def test_the_moss_plank():
    """"On the Moss plank, Blue is in first place so gains 9 Honour. Yellow is in second place (being at the
    bottom of the stack is ahead of Pink) so gains 5 Honour. Pink is in third place so gains 3 Honour.\""""
    r = clan_result("moss", Clan((9, 5, 3), (("Blue", 6), ("Yellow", 3), ("Pink", 3))))
    assert r.places == (("Blue", 9), ("Yellow", 5), ("Pink", 3))


def test_clan_votes_need_one_vote_and_unfilled_places_are_not_awarded():
    r = clan_result("moss", Clan((9, 5, 3), (("Blue", 2), ("Yellow", 0))))
    assert r.places == (("Blue", 9),)
    assert clan_result("ice", Clan((8, 5, 2), ())).places == ()


def test_winners_most_honour_then_votes_then_shared_in_seat_order():
    ps = ("A", "B", "C")
    assert winners({"A": 5, "B": 9, "C": 9}, {"A": 0, "B": 3, "C": 4}, ps) == ("C",)
    assert winners({"A": 9, "B": 5, "C": 9}, {"A": 4, "B": 9, "C": 4}, ps) == ("A", "C")
    s = score(parse(wave3()))
    assert s.winners == ("Pink",) and s.total("Pink") == s.total("Green") == 86


def test_waves_1_and_2_score_nothing_but_domains_and_wave_3_no_domains():
    doc = wave2()
    s = score(parse(doc))
    assert all(s.categories[p][k] == 0 for p in s.players for k in ("great_halls", "elders", "votes"))
    assert s.winners is None and "winners" not in s.to_dict()
    s3 = score(parse(wave3()))
    assert s3.domains == () and all(s3.categories[p]["caverns"] == 0 for p in s3.players)


def _no_clans() -> dict[str, Clan]:
    return {d: Clan((0, 0, 0)) for d in numbers().domains}


# --- properties -------------------------------------------------------------------------------------

PLAYERS = ("Blue", "Yellow", "Pink", "Green", "Red")


@st.composite
def waves(draw, wave=None):
    n = draw(st.integers(2, 5))
    players = PLAYERS[:n]
    w = draw(st.sampled_from([1, 2, 3])) if wave is None else wave
    caverns = []
    for i in range(draw(st.integers(0, 16))):
        domain = draw(st.sampled_from(numbers().domains))
        if draw(st.booleans()):
            caverns.append(Cavern(f"c{i}", domain, gnomes=draw(st.integers(1, 2))))
        else:
            caverns.append(Cavern(f"c{i}", domain, {p: draw(st.integers(0, 4)) for p in players if draw(st.booleans())}))
    ids = [c.id for c in caverns]
    halls: tuple[Hall, ...] = ()
    clans: dict[str, Clan] = {}
    elders: dict[str, int] = {}
    if w == 3:
        if ids:
            halls = tuple(
                Hall(draw(st.sampled_from([4, 8, 12])), tuple(draw(st.lists(st.sampled_from(ids), min_size=1, max_size=5, unique=True))))
                for _ in range(draw(st.integers(0, 4)))
            )
        for d in numbers().domains:
            tile = tuple(sorted(draw(st.lists(st.integers(0, 10), min_size=3, max_size=3)), reverse=True))
            order = draw(st.permutations(players))[: draw(st.integers(0, n))]
            votes = sorted(draw(st.lists(st.integers(0, 12), min_size=len(order), max_size=len(order))), reverse=True)
            clans[d] = Clan(tile, tuple(zip(order, votes)))
        elders = {p: draw(st.integers(0, 9)) for p in players}
    before = {p: draw(st.integers(0, 90)) for p in players}
    return Wave(w, players, tuple(caverns), before, halls, elders, clans)


@settings(max_examples=150, deadline=None)
@given(waves(), st.randoms(use_true_random=False))
def test_honour_never_depends_on_the_order_caverns_are_entered(w, rng):
    shuffled = list(w.caverns)
    rng.shuffle(shuffled)
    a, b = score(w), score(Wave(w.wave, w.players, tuple(shuffled), w.honour_before, w.great_halls, w.elders, w.clans))
    assert a.to_dict() == b.to_dict()


@settings(max_examples=150, deadline=None)
@given(waves(), st.permutations(["Ash", "Birch", "Cedar", "Dune", "Elm"]))
def test_renaming_players_renames_the_results(w, new):
    name = dict(zip(w.players, new))
    renamed = Wave(
        w.wave, tuple(name[p] for p in w.players),
        tuple(Cavern(c.id, c.domain, {name[p]: n for p, n in c.trolls.items()}, c.gnomes) for c in w.caverns),
        {name[p]: n for p, n in w.honour_before.items()}, w.great_halls,
        {name[p]: n for p, n in w.elders.items()},
        {d: Clan(c.tile, tuple((name[p], v) for p, v in c.votes)) for d, c in w.clans.items()},
    )
    a, b = score(w), score(renamed)
    assert {name[p]: a.row(p) for p in w.players} == {p: b.row(p) for p in renamed.players}
    assert a.winners is None or tuple(name[p] for p in a.winners) == b.winners


@settings(max_examples=150, deadline=None)
@given(waves(wave=2))
def test_a_domain_never_scores_below_what_the_rulebook_allows(w):
    """A controller gains 6 + 2·(k − 1) and loses 1 per overrun cavern; nobody else gains or loses there."""
    for d in score(w).domains:
        caverns = [c for c in w.caverns if c.domain == d.domain]
        assert d.overrun == sum(c.overrun for c in caverns)
        for p, net in d.scores.items():
            k = d.controllers[p]
            assert net == 6 + 2 * (k - 1) - d.overrun >= 6 + 2 * (k - 1) - (len(caverns) - k)
        assert set(d.scores) == set(d.controllers)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 30), st.integers(0, 30))
def test_domain_honour_grows_with_caverns_and_loses_one_per_overrun(k, o):
    assert domain_honour(k, o) == (0 if k == 0 else 6 + 2 * (k - 1) - o)


@settings(max_examples=100, deadline=None)
@given(waves(wave=3))
def test_a_wave_iii_total_is_its_parts_and_a_hall_never_pays_more_than_its_value(w):
    s = score(w)
    for p in w.players:
        row = s.row(p)
        assert row["wave"] == row["great_halls"] + row["elders"] + row["votes"]
        assert row["total"] == w.honour_before.get(p, 0) + row["wave"]
    for h in s.halls:
        assert h.each * len(h.winners) <= h.value
    assert s.winners and set(s.winners) <= set(w.players)
