"""A Temple's conversions as the tablet and the phones offer them (``play/offers.py``): every conversion the rules
allow is offered, and where the piece stands ('on') is asked only when that decides it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.rise_and_fall.numbers import TERRAINS
from companion.rise_and_fall.play.offers import card_offers
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.state.records import replace
from rise_and_fall.test_guild_tale_rules_again import holding
from rise_and_fall.test_tracker import acting, do, started
from tests.rulebooks import quote

R = TrackerRules()
SPECIAL_SITUATION = "A Temple cannot convert a game piece with a special ability which would be in an illegal position after being converted."


def enabled(g, i=0) -> dict[str, dict]:
    return {o.label: o.action for o in card_offers(g, i) if o.enabled}


def takes(g, action) -> bool:
    try:
        R.apply(g, action)
        return True
    except IllegalAction:
        return False


def test_a_northerners_nomad_is_offered_where_it_may_stand_after_being_converted():
    quote("rise-and-fall", SPECIAL_SITUATION)
    quote("rise-and-fall", "Cost: 2 GP for a Nomad. 3 GP for a Mountaineer.")
    # Eric (Temples, 4 GP) and Cathy, the Northerners, whose Nomads may enter Glaciers
    g = acting(holding(started(), 1, "northerners"), 0, "temple", pieces={"temple": 1}, gold=4)
    offers = enabled(g)
    for where in ("on a Plains", "in a Forest", "in a Mountain"):
        label = f"Convert a Nomad of Cathy {where} (2 GP)"
        assert label in offers, sorted(offers)
        after = do(g, **offers[label])
        assert after.civs[0].count("nomad") == 2 and after.civs[1].count("nomad") == 0 and after.civs[0].gold == 2
    assert not any("Glacier" in label for label in offers)  # it would be in an illegal position after being converted
    assert "Convert a Nomad of Joanna (2 GP)" in offers  # no rule depends on where Joanna's stands: not asked


@pytest.mark.parametrize(("guild", "kind", "only_theirs"), [("northerners", "nomad", "glacier"), ("aquanauts", "nomad", "sea")])
def test_every_conversion_that_depends_on_where_the_piece_stands(guild, kind, only_theirs):
    quote("rise-and-fall", SPECIAL_SITUATION)
    g = acting(holding(started(), 1, guild), 0, "temple", pieces={"temple": 1}, gold=10)
    asked = [o.action for o in card_offers(g, 0) if o.enabled and o.action.get("target") == 1 and f"convert-{kind}" in o.action["action"]]
    places = {a["on"] for a in asked}
    assert places == {"plains", "forest", "mountain"}  # every place both players' Nomads may stand, never Cathy's own
    for a in asked:
        assert takes(g, a)
    assert not takes(g, {**asked[0], "on": only_theirs})  # the refusal the rulebook names
    assert not takes(g, {k: v for k, v in asked[0].items() if k != "on"})  # not said: the rules ask where
    # the converting player holds the same Guild: nothing depends on where, nothing asked
    same = acting(holding(holding(started(), 1, guild), 0, guild), 0, "temple", pieces={"temple": 1}, gold=10)
    plain = [o.action for o in card_offers(same, 0) if o.enabled and o.action.get("target") == 1 and f"convert-{kind}" in o.action["action"]]
    assert len(plain) == 1 and "on" not in plain[0]


GUILDS_WITH_PLACES = ["northerners", "aquanauts", "snowmen", "psy-monks", "shadow-cult", "druids"]


@settings(max_examples=60, deadline=None)
@given(guilds=st.lists(st.lists(st.sampled_from(GUILDS_WITH_PLACES), max_size=2, unique=True), min_size=3, max_size=3),
       pieces=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 1), st.integers(0, 1)), min_size=3, max_size=3),
       gold=st.integers(0, 12))
def test_every_conversion_the_rules_allow_is_offered_on_the_tablet_and_the_phone(guilds, pieces, gold):
    """For every conversion the rules allow (every opponent, every place said or not), an offer that the tablet and the
    phone both draw (the same ``card_offers``) sends it; and every offer is one the rules allow."""
    quote("rise-and-fall", SPECIAL_SITUATION)
    g = started()
    for j in range(3):
        g = holding(g, j, *guilds[j])
        nomad, mountaineer, merchant, ship = pieces[j]
        if j:
            g = acting(g, j, "nomad", pieces={"nomad": nomad, "mountaineer": mountaineer, "merchant": merchant, "ship": ship})
    g = acting(g, 0, "temple", pieces={"temple": 1}, gold=gold)
    offered = [o.action for o in card_offers(g, 0) if o.enabled]
    for spec_id in ("temple-convert-nomad", "temple-convert-mountaineer", "temple-convert-merchant", "temple-convert-ship"):
        for t in (1, 2):
            base = {"type": "act", "player": 0, "action": spec_id, "target": t}
            if takes(g, base):  # where it stands decides nothing: offered as it is
                assert base in offered, (base, offered)
                continue
            for place in TERRAINS:
                if takes(g, {**base, "on": place}):
                    assert {**base, "on": place} in offered, (place, base, offered)
    for a in offered:
        if "convert" in a["action"]:
            assert takes(g, a)


def test_an_old_log_converts_as_it_was_written():
    """A log of version 6 (before 'on' was asked) replays its conversions without where the piece stood."""
    old = acting(holding(started(version=6), 1, "northerners"), 0, "temple", pieces={"temple": 1}, gold=4)
    assert do(old, type="act", player=0, action="temple-convert-nomad", target=1).civs[0].count("nomad") == 2
    assert replace(old, activations=0).tracker_version == 6


def test_the_phones_offers_keep_their_order_a_used_one_disabled_in_place_new_ones_below():
    from companion.rise_and_fall.play.offers import in_steady_order

    g = acting(started(), 0, "temple", pieces={"temple": 2}, gold=4)
    first = in_steady_order([], card_offers(g, 0))
    assert all(o.enabled for o in first)
    labels = [o.label for o in first]
    used = next(o for o in first if o.label == "Convert a Nomad of Cathy (2 GP)")
    after = do(g, **used.action)  # Cathy's only Nomad converted: 2 GP left
    second = in_steady_order(first, card_offers(after, 0))
    assert [o.label for o in second][:len(labels)] == labels  # nothing moved under the finger
    assert not second[labels.index(used.label)].enabled and second[labels.index(used.label)].why
    assert all(o.enabled == (o.label == "Convert a Nomad of Joanna (2 GP)" or not o.label.startswith("Convert"))
               for o in second if o.label.startswith("Convert"))
    # an offer the rules take only now (a richer Treasury) comes below the others
    richer = replace(after, civs=tuple(replace(c, gold=10) if k == 0 else c for k, c in enumerate(after.civs)))
    third = in_steady_order(second, card_offers(richer, 0))
    assert [o.label for o in third][:len(labels)] == labels
    assert [o.label for o in third][len(labels):] == ["Convert a Ship of Cathy (5 GP)", "Convert a Ship of Joanna (5 GP)"] == [o.label for o in card_offers(richer, 0)
                                                       if o.enabled and o.label not in labels]
