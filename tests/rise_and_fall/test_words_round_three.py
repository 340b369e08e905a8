"""Words a player reads, as a player says them (no browser): counts, plurals, tiles named as seen."""

import re

import pytest

from companion.rise import game as rise
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.play.offers import how_many
from companion.rise_and_fall.screens.count_panels import CountBoxes
from companion.rise_and_fall.screens.progress_panel import PlayerForm, ProgressPanel
from companion.rise_and_fall.screens.seat_screen import SEAT_CSS
from rise_and_fall.test_tracker import acting, started


def test_a_count_asks_how_many_of_your_pieces():
    assert how_many("your pieces adjacent to the Temple, Temples excepted") == \
        "How many of your pieces adjacent to the Temple, Temples excepted"
    assert how_many("opposing Cities adjacent") == "How many opposing Cities adjacent"
    g = acting(started(), 0, "temple", pieces={"temple": 1, "city": 2})
    from companion.rise_and_fall.play.tracker import card_actions

    boxes = CountBoxes().boxes(g, 0, card_actions("temple", ()), lambda a: True)
    assert [b.description for b in boxes] == ["How many of your pieces adjacent to the Temple, Temples excepted"]


def test_a_game_in_progress_counts_cities_not_citys_and_its_drop_downs_show_their_words_whole():
    form = PlayerForm(lambda: None)
    labels = [form.pieces[t].description for t in PIECE_TYPES]
    assert "Cities in the World" in labels and not any("Citys" in x for x in labels)
    panel = ProgressPanel(lambda: [("Ana", "red"), ("Ben", "yellow")], lambda: 4, lambda: None, lambda doc: None)
    for box in [*panel.trophies.values(), *form.cards.values()]:
        assert box.style.description_width == "initial" and box.layout.width == "auto"  # never 'Nc' nor 'Not cl'


def test_the_phones_names_wrap_whole_never_cut():
    rule = re.search(r"\.rf-seat \.rf-choice \.rf-btn, \.rf-seat \.rf-card-pick \.rf-btn \{([^}]*)\}", SEAT_CSS)
    assert rule and "white-space: normal" in rule.group(1) and "text-overflow: clip" in rule.group(1)  # 'Mountaineer', never 'Mountainee'


@pytest.mark.parametrize(("action", "rule"), [({"type": "tile", "at": [3, 3]}, "tile-adjacent")])
def test_rise_names_no_coordinates_a_player_never_sees(action, rule):
    p = rise.start()
    with pytest.raises(rise.RiseIllegal) as e:
        rise.apply(p, action)
    assert e.value.rule == rule
    assert "(3, 3)" not in e.value.message and "touches none." not in e.value.message
    assert e.value.message.endswith("choose a space next to the land.")
