"""Special areas in a free design: a table designing its own World places any special area, by its
Tale's rules of where it goes, at any moment; it brings its Tale into the World; no terrain ever
covers it, and the layout file's check says the same."""

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.hexgrid import neighbours
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.world import special_areas as A
from companion.rise_and_fall.world.builder import BuildRules, world_setup_action
from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.layout import Layout, parse
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.worldgen import generate
from companion.ui.app import App

R = BuildRules()


def free_world():
    """A free design holding a complete 3-player World's tiles (no Tales drawn)."""
    b = R.apply(R.initial(), world_setup_action(3, free=True))
    lay = generate(3, 4)
    for t in lay.tiles[len(b.tiles):]:
        b = R.apply(b, {"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation})
    return b


def area(b, kind, target):
    if isinstance(target, Tile):
        return R.apply(b, {"type": "area", "area": kind, "q": target.q, "r": target.r, "rotation": target.rotation})
    return R.apply(b, {"type": "area", "area": kind, "q": target[0], "r": target[1]})


def test_any_special_area_goes_in_a_free_design_by_its_tales_rules(rulebook_text):
    quote(rulebook_text, "each player places an Orb of Acceleration tile on a Sea space of their choice, adjacent to a Plains space")
    b = free_world()
    assert b.free and not b.tales
    orb = T.area_of("orb-of-acceleration")
    places = b.legal("orb-of-acceleration")
    assert places and all(A.violation(b.world, (), orb, t, None) is None for t in places)
    far = next(s for s, t in sorted(b.world.terrain_map().items())
               if t == "sea" and not any(A.is_plains(b.world, n) for n in neighbours(s)))
    with pytest.raises(IllegalAction, match="must be adjacent to a Plains space"):
        area(b, "orb-of-acceleration", Tile("orb-of-acceleration", *far, 0))
    b = area(b, "orb-of-acceleration", places[0])
    assert b.world.count("orb-of-acceleration") == 1 and b.tales == (13,)  # its Tale comes with it
    # as many as the table likes, at any moment, each by the rule ('not adjacent to another Orb')
    again = [t for t in b.legal("orb-of-acceleration") if t.cells[0] not in neighbours(places[0].cells[0])]
    assert len(again) == len(b.legal("orb-of-acceleration"))
    b = area(b, "orb-of-acceleration", again[0])
    assert b.world.count("orb-of-acceleration") == 2 and b.tales == (13,)


def test_no_terrain_covers_a_special_area_in_a_free_design(rulebook_text):
    quote(rulebook_text, "A special area can never be covered by another terrain.")
    b = free_world()
    peak = b.legal("storm-peak")[0]
    b = area(b, "storm-peak", peak)
    assert b.tales == (11,)
    with pytest.raises(IllegalAction, match="special area"):
        R.apply(b, {"type": "place", "tile": "glacier", "q": peak.q, "r": peak.r, "rotation": 0})
    assert not any(peak.cells[0] in t.cells for t in b.legal("glacier"))
    # nor another special area: the Monastery goes on a Mountain space, never on Storm Peak
    assert not any(peak.cells[0] in t.cells for t in b.legal("monastery"))


def test_the_waterfall_top_goes_next_to_the_last_bottom_and_the_dolmens_on_a_space():
    b = free_world()
    bottom = b.legal("waterfall-bottom")[0]
    b = area(b, "waterfall-bottom", bottom)
    tops = b.legal("waterfall-top")
    assert tops and all(any(n in bottom.cells for n in neighbours(t.cells[0])) for t in tops)
    b = area(b, "waterfall-top", tops[0])
    spaces = b.legal("dolmens")
    assert spaces and all(isinstance(s, tuple) for s in spaces)
    b = area(b, "dolmens", spaces[0])
    assert b.tales == (10, 20) and b.markers[0].space == spaces[0]
    with pytest.raises(IllegalAction, match="another special area lies there"):
        area(b, "typhoon", spaces[0])
    lay = b.layout()
    rep = check(parse(lay.to_dict()))
    assert rep.valid, rep.message
    again = R.apply(R.initial(), {"type": "load", "layout": lay.to_dict()})
    assert again.free and again.markers == b.markers and again.tales == (10, 20)


def test_a_free_layout_file_is_checked_by_the_same_rules():
    b = free_world()
    orb = b.legal("orb-of-acceleration")[0]
    lay = area(b, "orb-of-acceleration", orb).layout().to_dict()
    assert check(parse(lay)).valid
    covered = dict(lay, tiles=lay["tiles"] + [{"tile": "plains", "q": orb.q, "r": orb.r, "rotation": 0}])
    rep = check(parse(covered))
    assert not rep.valid
    land = next(s for s, t in sorted(b.world.terrain_map().items()) if t == "plains")
    wrong = dict(lay, tiles=lay["tiles"][:-1] + [{"tile": "orb-of-acceleration", "q": land[0], "r": land[1], "rotation": 0}])
    rep = check(parse(wrong))
    assert not rep.valid and "Sea space" in rep.message
    bad_marker = dict(lay, tale_pieces=[{"area": "dolmens", "q": orb.q, "r": orb.r}])
    rep = check(parse(bad_marker))
    assert not rep.valid and "Dolmens" in rep.message
    assert check(Layout(3, b.tiles, "", {"free": True})).valid


def test_the_world_screen_offers_the_special_areas_in_free_design(tmp_path):
    s = App(data_dir=tmp_path / "data", layouts_dir=tmp_path / "layouts", game="rise-and-fall").world
    assert s.area_pick.layout.display == "none"
    s.load_layout(dict(free_world().layout().to_dict(), free=True))
    assert s.build.free and s.area_pick.layout.display != "none"
    assert len(s.area_pick.options) == 1 + len(T.all_areas())
    s.area_pick.value = "orb-of-acceleration"
    assert s.kind_pick.value is None and s.current_kind() == "orb-of-acceleration"
    assert "After placing the last Plains" in s.message.value
    land = next(sp for sp, t in sorted(s.build.world.terrain_map().items()) if t == "plains")
    s.tap_space(land)
    assert "goes on a Sea space" in s.message.value and s.place_btn.disabled
    spot = s.build.legal("orb-of-acceleration")[0]
    s.tap_space(spot.cells[0])
    assert s.preview.verdict is None
    s.tap_space(spot.cells[0])
    assert s.build.world.count("orb-of-acceleration") == 1 and "Placed The Orb of Acceleration" in s.message.value
    s.area_pick.value = "typhoon"
    sea = next(sp for sp, t in sorted(s.build.world.terrain_map().items()) if t == "sea")
    s.tap_space(sea)
    assert [m.kind for m in s.build.markers] == ["typhoon"] and s.build.tales == (13, 19)
    s.kind_pick.value = "glacier"
    assert s.area_pick.value == "" and s.current_kind() == "glacier"
    s.undo_btn.click()
    assert not s.build.markers
