"""The revolt's areas picked, not typed (issue 34: a revolt cost ~112 taps, mostly typing areas): each area a row
of choices, with what the core offers of it (whether it may revolt this turn, on which dice), kept by the log."""

from __future__ import annotations

from companion.rome1989.procedure import area_offers
from companion.rome1989.revolt import Area
from tests.rulebooks import quote

from .helpers import pick_areas
from .test_round_two_screens import start, western_revolt

GAME = "rise-and-fall-1989"


def test_the_core_offers_which_areas_may_revolt():
    quote(GAME, "10.3.3 An area with the capitol in it can never revolt.")
    quote(GAME, "For example an area with a revolt value of 6 that has two imperial infantry in it, will revolt only on "
          "a 4 or less.")
    areas = [Area("Italia", 1, capitol=True), Area("Gallia", 6, infantry=2), Area("Raetia", 2, cavalry=1)]
    offers = area_offers(areas)
    assert [(o.area.name, o.may_revolt, o.revolts_on) for o in offers] == [
        ("Italia", False, 0), ("Gallia", True, 4), ("Raetia", False, 0)]
    assert "never revolts" in offers[0].sentence() and "revolts on 4 or less" in offers[1].sentence()
    assert area_offers(areas, lost_capitol=True)[0].may_revolt  # 10.3.4: every area checks


def test_areas_are_picked_on_the_revolt_screen_and_kept(tmp_path):
    s = start(tmp_path, "six-player")
    s.pick.value = "Western Rome"
    pick_areas(s.r_areas, "Italia 1 capitol\nGallia 6 2i")
    rows = [r.children[1].value for r in s.r_areas.rows.children]
    assert "never revolts" in rows[0] and "revolts on 4 or less" in rows[1]
    s.r_areas.name.value, s.r_areas.value.value = "Gallia", 3
    s.r_areas.add_btn.click()
    assert "Each area is entered once" in s.message.value and len(s.r_areas.areas) == 2
    s.r_lost.value = True  # the lost-capitol mode: the capitol's area checks too (10.3.4)
    assert "never revolts" not in s.r_areas.rows.children[0].children[1].value
    s.r_lost.value = False
    s.r_table_no.value = 3
    s.r_start.click()
    assert s.session.state.areas_of("Western Rome") == s.r_areas.areas
    assert s.session.state.procedure.step == 2
    s.r_areas.rows.children[1].children[0].children[5].click()  # Gallia removed from the form, not from the log
    assert len(s.r_areas.areas) == 1 and len(s.session.state.areas_of("Western Rome")) == 2


def test_a_second_capitol_picked_moves_the_capitol():
    from companion.rome1989.screens.areas_editor import AreasEditor

    said = []
    e = AreasEditor(lambda text, level: said.append(text))
    pick_areas(e, "Italia 1 capitol\nGallia 6")
    e.rows.children[1].children[0].children[3].value = True
    assert [a.capitol for a in e.areas] == [False, True] and not e.rows.children[0].children[0].children[3].value


def test_two_quick_taps_on_the_revolts_roll_roll_one_step(tmp_path):
    s = western_revolt(tmp_path, "Italia 1 capitol\nGallia 6\nHispania 6\nAfrica 4", 4)
    shown = s.r_app.button
    shown.click()
    shown.click()  # drawn for step 2: refused once the procedure moved on
    assert len(s.session.state.rolls) == 1 and "before the game changed" in s.message.value
