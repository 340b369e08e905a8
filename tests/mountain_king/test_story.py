"""What the table hears of a Champion awarded: the victor, then who chooses a consolation, in good English."""

from companion.mountain_king.game import State
from companion.mountain_king.story import sentence


def champion(track: list) -> str:
    return sentence({"type": "champion", "champion": 1, "clan": "ice", "votes": 3, "track": track}, State())


def test_one_contender_chooses_a_consolation():
    said = champion([["Pink", 2], ["Ben", 1]])
    assert said.startswith("Champion 1: Pink is the victor and gains 3 Ice Votes")
    assert said.endswith("; Ben chooses a consolation.")  # it said 'Ben choose a consolation, in that order'


def test_several_contenders_choose_a_consolation_in_that_order():
    said = champion([["Pink", 3], ["Ben", 1], ["Cy", 2]])
    assert said.endswith("; Cy, Ben choose a consolation, in that order.")


def test_a_champion_without_influence_is_discarded():
    assert champion([]) == "Champion 1 drew no Influence: it is discarded."
