"""Random Worlds built with Tales keep the builder's invariants: every special area at its place,
none covered, the tile pool as the Tales change it, and the layout file checks and reloads."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.variants.tales.worlds import build_with_tales
from companion.rise_and_fall.world.builder import BuildRules
from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.layout import parse
from companion.rise_and_fall.world.placement import layer_kinds

AREA_TALES = list(range(10, 24))


@st.composite
def tables(draw):
    players = draw(st.integers(2, 4))
    drawn = draw(st.lists(st.sampled_from(AREA_TALES + [1, 4, 8]), min_size=players, max_size=players, unique=True))
    return players, tuple(sorted(drawn)), draw(st.integers(0, 10_000))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_random_worlds_with_tales_keep_the_rules(table):
    players, drawn, seed = table
    b = build_with_tales(players, seed, drawn)
    assert b.complete
    w = b.world
    pool = T.pool(players, drawn)
    aside = dict(b.set_aside)
    for kind in layer_kinds():
        assert w.count(kind) + aside.get(kind, 0) == pool[kind]
    for i, t in enumerate(w.tiles):
        if t.spec.special_area:
            assert w.is_uncovered(i), f"{t.kind} is covered"
            area = T.area_of(t.kind)
            assert all(w.terrain(c) == area.terrain for c in t.cells)
    for area, copy in T.components(drawn, players):
        if area.kind in b.areas_aside:
            continue
        placed = sum(1 for m in b.markers if m.kind == area.kind) if area.marker else w.count(area.kind)
        assert placed == area.count(players)
    lay = b.layout()
    rep = check(parse(lay.to_dict()))
    assert rep.valid and rep.complete, rep.message
    again = BuildRules().apply(BuildRules().initial(), {"type": "load", "layout": lay.to_dict()})
    assert again.complete and again.tales == drawn and again.markers == b.markers
