"""The stepper for "how many" counts: large − and +, the value shown, bounded by the rule's limit."""

from hypothesis import given
from hypothesis import strategies as st

from companion.ui.widgets import Stepper


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
