"""The board entered by taps: caverns per Domain, Gates and Great Halls tapped, each change checked at its tap."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.mountain_king.board import placeholder
from companion.mountain_king.board_draft import BoardDraft
from companion.mountain_king.view import board_scene


def test_gates_and_halls_are_tapped_and_the_draft_becomes_the_board_file():
    d = BoardDraft.of(placeholder("2-3")).count("moss", 6).tap("moss-6").new_hall().tap("moss-5").tap("moss-6").tap("moss-5")
    assert "moss-6" in d.gates and d.halls[-1] == ("moss-6",) and d.hall == len(d.halls) - 1
    b = d.tap("ice-1").board()
    assert b.great_halls[-1] == ("moss-6", "ice-1") and not b.placeholder and len(b.of("moss")) == 6


def test_a_cavern_a_hall_touches_cannot_be_removed_and_an_empty_hall_is_not_saved():
    d = BoardDraft.of(placeholder("4-5"))
    with pytest.raises(IllegalAction) as e:
        d.count("moss", 3)  # moss-4 and moss-5 touch H1
    assert e.value.rule == "board-hall-cavern" and "H1" in str(e.value)
    d = d.new_hall()
    assert len(d.drawn().great_halls) == 7  # the empty one is not drawn yet
    board_scene(d.drawn())
    with pytest.raises(IllegalAction) as e:
        d.board()
    assert e.value.rule == "board-hall-empty"
    assert len(d.remove_hall().board().great_halls) == 7
