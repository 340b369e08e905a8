"""The stepper for "how many" counts: large − and +, the value shown, bounded by the rule's limit."""

import ipywidgets as W
from hypothesis import given
from hypothesis import strategies as st

from companion.ui.widgets import Stepper, offer_buttons


def test_plus_and_minus_change_the_value_shown_and_stop_at_the_bounds():
    s = Stepper(value=1, min=0, max=3, description="How many coastal Cities")
    for _ in range(5):
        s.plus.click()
    assert s.value == 3 and s.plus.disabled and not s.minus.disabled
    assert ">3<" in s._shown.value and "coastal Cities" in s._label.value
    for _ in range(5):
        s.minus.click()
    assert s.value == 0 and s.minus.disabled


def test_a_lower_limit_clamps_the_value():
    s = Stepper(value=5, max=9)
    s.max = 2
    assert s.value == 2 and s.plus.disabled


def test_the_description_is_escaped():
    s = Stepper(description="<b>x</b>")
    assert "<b>" not in s._label.value


@given(st.integers(0, 20), st.lists(st.sampled_from([-1, 1]), max_size=40))
def test_the_value_is_always_within_the_bounds(limit, steps):
    s = Stepper(value=0, min=0, max=limit)
    for k in steps:
        (s.plus if k > 0 else s.minus).click()
        assert 0 <= s.value <= limit
        assert s.plus.disabled == (s.value == limit) and s.minus.disabled == (s.value == 0)


def test_the_reason_for_the_limit_goes_on_the_buttons_never_on_the_box():
    """A tooltip synced on a box breaks its view in the page: the stepper keeps it to − and +."""
    s = Stepper(max=2)
    s.tooltip = "At most 2: two coastal Cities in that Sea Region."
    assert "tooltip" not in s.keys
    assert s.plus.tooltip == s.minus.tooltip == "At most 2: two coastal Cities in that Sea Region."
    s.tooltip = ""
    assert s.plus.tooltip is None


def test_offers_drawn_again_keep_their_buttons_and_a_changed_offer_gets_a_new_one() -> None:
    """A screen drawn again with the same offers (a tab shown again) makes no new widget; an offer whose answer
    changed is a new button, and the old one, tapped before the page heard of the change, still sends its own."""
    box, sent = W.VBox(), []
    offers = [("Blue +2", {"type": "honour", "player": "Blue", "n": 2}), ("Blue +3", {"type": "honour", "player": "Blue", "n": 3})]
    offer_buttons(box, [(label, a, lambda a=a: sent.append(a), "mk-honour") for label, a in offers])
    first = list(box.children)
    offer_buttons(box, [(label, a, lambda a=a: sent.append(a), "mk-honour") for label, a in offers])
    assert list(box.children) == first
    changed = [("Blue +2", {"type": "honour", "player": "Blue", "n": 2, "at": 7}), offers[1]]
    offer_buttons(box, [(label, a, lambda a=a: sent.append(a), "mk-honour") for label, a in changed])
    assert box.children[0] is not first[0] and box.children[1] is first[1]
    first[0].click()
    box.children[0].click()
    assert sent == [offers[0][1], changed[0][1]]


def test_the_shared_layout_refuses_a_change_and_own_gives_a_widget_its_layout_at_its_first_real_change():
    from companion.ui.widgets import button, own, shared

    a, b = button("A", lambda: None, "a"), button("B", lambda: None, "b")
    assert a.layout is b.layout is shared(W.Layout)
    try:
        a.layout.display = "none"  # would hide every button of the page
    except TypeError as e:
        assert "own(widget)" in str(e)
    else:
        raise AssertionError("the shared layout took a change")
    own(a).display = ""  # what it already shows: no layout of its own, no model on the page
    assert a.layout is shared(W.Layout)
    own(a).display = "none"
    assert a.layout is not b.layout and a.layout.display == "none" and b.layout.display is None
    own(a).display = ""
    assert a.layout.display == "" and own(a).display == ""
    assert shared(W.Layout, min_height="330px") is shared(W.Layout, min_height="330px") is not shared(W.Layout)
    box = W.VBox(layout=shared(W.Layout, min_height="330px"))
    own(box).display = "none"  # its own layout keeps what the shared one gave it
    assert box.layout.min_height == "330px" and box.layout.display == "none"
