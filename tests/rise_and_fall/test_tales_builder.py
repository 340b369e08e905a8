"""The Tales in the World builder: the draw, the tile pool, and each special area placed at its
moment, on its terrain, by the next player; no terrain ever covers a special area."""

from dataclasses import replace

import pytest
from conftest import quote

from companion.errors import IllegalAction
from companion.hexgrid import neighbours
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.variants.tales.worlds import build_with_tales
from companion.rise_and_fall.world import special_areas as A
from companion.rise_and_fall.world.builder import Build, BuildRules, history_in_words
from companion.rise_and_fall.world.layout import Layout, parse
from companion.rise_and_fall.world.tiles import Tile

R = BuildRules()


def started(players: int = 3, **more) -> Build:
    return R.apply(R.initial(), {"type": "setup", "players": players, **more})


def at(drawn, kind, players=None, seed=1) -> Build:
    b = build_with_tales(players or max(2, len(drawn)), seed, tuple(drawn), stop_at=kind)
    assert b.pending_area() is not None and b.pending_area()[0].kind == kind
    return b


def place(b: Build, kind: str, target) -> Build:
    if isinstance(target, Tile):
        return R.apply(b, {"type": "area", "area": kind, "q": target.q, "r": target.r, "rotation": target.rotation})
    return R.apply(b, {"type": "area", "area": kind, "q": target[0], "r": target[1]})


def refused(b: Build, kind: str, target) -> str:
    with pytest.raises(IllegalAction) as e:
        place(b, kind, target)
    return str(e.value)


# --- the data -----------------------------------------------------------------------------------
def test_all_23_tales_are_data_with_the_rulebooks_text(rulebook_text):
    quote(rulebook_text, "There are three types of tales:")
    tales = T.all_tales()
    assert sorted(tales) == list(range(1, 24))
    assert {t.type for t in tales.values()} == {"creature", "built", "special-area"}
    assert [n for n, t in tales.items() if t.type == "creature"] == [1, 2, 3]
    assert [n for n, t in tales.items() if t.type == "special-area"] == list(range(10, 24))
    for t in tales.values():
        quote(rulebook_text, f"{t.number} • {t.name}\n{t.text}")
        assert t.text.startswith("Components:") or t.number == 23
        assert t.special_area == bool(t.areas)
    assert {n for n, t in tales.items() if t.trophy_vp} == {1, 4, 5, 9}
    assert all(t.trophy_vp == 20 for t in tales.values() if t.trophy_vp)


def test_pool_changes(rulebook_text):
    quote(rulebook_text, "Setup: Remove a Plains tile from the number normally used.")
    quote(rulebook_text, "Setup: Remove a Mountain tile from the number normally used.")
    base = load_rules().pool(4)
    changed = T.pool(4, [12, 15, 22, 23])
    assert changed["plains"] == base["plains"] - 3 and changed["mountain"] == base["mountain"] - 1
    assert T.pool(4, [1, 2, 3, 10]) == base


def test_orbs_and_swamps_one_copy_per_player(rulebook_text):
    quote(rulebook_text, "Components: 1 tile per player.")
    assert [a.kind for a, _ in T.components([13], 3)] == ["orb-of-acceleration"] * 3
    assert [a.kind for a, _ in T.components([15], 2)] == ["swamp"] * 2


# --- setup: the draw ------------------------------------------------------------------------------
def test_draw_one_tale_per_player_seeded_and_logged(rulebook_text):
    quote(rulebook_text, "shuffle these cards and draw one for each player.")
    b = R.apply(started(3), {"type": "tales", "seed": 7})
    assert len(b.tales) == 3 and b.tales == tuple(sorted(b.tales))
    assert R.apply(started(3), {"type": "tales", "seed": 7}).tales == b.tales
    assert len({R.apply(started(4), {"type": "tales", "seed": s}).tales for s in range(20)}) > 10
    assert history_in_words([{"type": "setup", "players": 3, "names": ["A", "B", "C"]}, {"type": "tales", "seed": 7}])[1].startswith("Tales drawn: ")
    assert b.layout().extra["tales"] == list(b.tales)


def test_draw_refusals():
    with pytest.raises(IllegalAction, match="one Tale per player"):
        R.apply(started(3), {"type": "tales", "drawn": [1, 2]})
    with pytest.raises(IllegalAction, match="twice"):
        R.apply(started(2), {"type": "tales", "drawn": [4, 4]})
    with pytest.raises(IllegalAction, match="no Tale number 24"):
        R.apply(started(2), {"type": "tales", "drawn": [4, 24]})
    b = R.apply(started(2), {"type": "tales", "drawn": [20, 4]})
    assert b.tales == (4, 20)  # 'the one with the lowest number is applied first'
    with pytest.raises(IllegalAction, match="before Creating the World, once"):
        R.apply(b, {"type": "tales", "seed": 1})


# --- the builder ----------------------------------------------------------------------------------
def test_the_next_player_places_the_area(rulebook_text):
    quote(rulebook_text, "The player who places the area is the next one following the turn order in regards to the last tile placed. If the area has multiple copies, each player places one, still following the turn order.")
    b = at([13, 1, 2], "orb-of-acceleration")
    placed = sum(1 for t in b.tiles if t.kind != "starting-sea")
    assert b.turn() == (b.first + placed) % 3
    seen = []
    for _ in range(3):
        seen.append(b.turn())
        b = place(b, "orb-of-acceleration", b.legal_areas()[0])
    assert sorted(seen) == [0, 1, 2]
    assert b.pending_area() is None and b.next_kind() == "forest"


def test_terrain_waits_for_the_area():
    b = at([14, 1], "gigantic-cavern")
    forest = b.world.terrain_map()
    assert b.next_kind() == "mountain"
    with pytest.raises(IllegalAction, match="places The Gigantic Cavern"):
        R.apply(b, {"type": "place", "tile": "mountain", "q": 0, "r": 0})
    with pytest.raises(IllegalAction, match="not as a terrain tile"):
        R.apply(b, {"type": "place", "tile": "gigantic-cavern", "q": 0, "r": 0})
    assert forest == b.world.terrain_map()


def test_sunken_city(rulebook_text):
    quote(rulebook_text, "When placing Sea tiles, the players must leave a hole (meaning one, and only one space without a tile) surrounded by 6 Sea spaces. Place the Sunken City tile in this hole.")
    b = at([12, 1], "sunken-city")
    hole = A.has_hole(b.world)
    assert hole is not None and all(b.world.terrain(n) == "sea" for n in neighbours(hole))
    outside = next(n for s in b.world.spaces() for n in neighbours(s) if n not in b.world and n != hole)
    assert "surrounded by 6 Sea spaces" in refused(b, "sunken-city", outside)
    assert "holds a tile" in refused(b, "sunken-city", next(iter(b.world.spaces())))
    b = place(b, "sunken-city", hole)
    assert b.world.terrain(hole) == "sea" and A.has_hole(b.world) is None
    done = build_with_tales(2, 1, (12, 1))
    assert done.complete and done.world.count("plains") == load_rules().pool(2)["plains"] - 1


def test_without_the_sunken_city_no_hole_is_allowed():
    b = at([12, 1], "sunken-city")
    # the Sea tile that made the hole: without the Sunken City it is refused
    last_sea = max(i for i, t in enumerate(b.tiles) if t.kind == "sea")
    before = Build(2, b.names, b.colours, 0, False, "", b.tiles[:last_sea])
    assert before.check(b.tiles[last_sea]).rule == "enclosed"
    assert replace(before, tales=(1, 12), _cache={}).check(b.tiles[last_sea]) is None


def test_orb_of_acceleration(rulebook_text):
    quote(rulebook_text, "Setup: After placing the last Plains, each player places an Orb of Acceleration tile on a Sea space of their choice, adjacent to a Plains space and not adjacent to another Orb of Acceleration.")
    b = at([13, 1, 2], "orb-of-acceleration")
    first = b.legal_areas()[0]
    b2 = place(b, "orb-of-acceleration", first)
    assert b2.world.terrain(first.cells[0]) == "plains"  # 'Terrain type: Plains space.'
    next_to = [n for n in neighbours(first.cells[0]) if b2.world.terrain(n) == "sea"]
    assert next_to
    for n in next_to:
        msg = refused(b2, "orb-of-acceleration", n)
        assert "adjacent to another one" in msg or "adjacent to a Plains" in msg
    far = [s for s, t in b.world.terrain_map().items() if t == "sea" and not any(b.world.terrain(n) == "plains" for n in neighbours(s))]
    assert "must be adjacent to a Plains space" in refused(b, "orb-of-acceleration", far[0])
    land = next(s for s, t in b.world.terrain_map().items() if t == "plains")
    assert "goes on a Sea space" in refused(b, "orb-of-acceleration", land)


def test_swamp(rulebook_text):
    quote(rulebook_text, "After the placement of the last Plains, each player places a Swamp tile on two Sea spaces, at least one of which must be adjacent to a Plain.")
    b = at([15, 1], "swamp")
    t = b.legal_areas()[0]
    assert len(t.cells) == 2
    b2 = place(b, "swamp", t)
    assert all(b2.world.terrain(c) == "plains" for c in t.cells)  # 'at the same level as Plains'
    assert not A.is_plains(b2.world, t.cells[0])  # 'of no type'
    open_sea = {s for s, k in b.world.terrain_map().items() if k == "sea" and not any(A.is_plains(b.world, n) for n in neighbours(s))}
    lonely = next(t for s in sorted(open_sea) for rot in range(6) if set((t := Tile("swamp", s[0], s[1], rot)).cells) <= open_sea)
    assert "must be adjacent to a Plains space" in refused(b, "swamp", lonely)
    assert b2.world.count("plains") == T.pool(2, [15])["plains"]


def test_volcano(rulebook_text):
    quote(rulebook_text, "After the last Forest is placed, place the Volcano, inactive-side up, on 3 Forest spaces.")
    b = at([23, 1], "volcano")
    t = b.legal_areas()[0]
    assert len(t.cells) == 3 and all(b.world.terrain(c) == "forest" for c in t.cells)
    b2 = place(b, "volcano", t)
    assert b2.next_kind() == "mountain" and b2.remaining()["mountain"] == T.pool(2, [23])["mountain"]
    plains = next(s for s, k in b.world.terrain_map().items() if k == "plains")
    bad = Tile("volcano", plains[0], plains[1], 0)
    assert "goes on 3 Forest spaces" in refused(b, "volcano", bad)


def test_no_terrain_covers_a_special_area(rulebook_text):
    quote(rulebook_text, "Important: A special area can never be covered by another terrain. For example, a special area that is of Forest type can never be covered by a Mountain tile.")
    b = at([17, 1], "doppelgangers-house")
    house = b.legal_areas()[0]
    b = place(b, "doppelgangers-house", house)
    s = house.cells[0]
    assert b.world.terrain(s) == "forest"  # 'Terrain type: Forest space.'
    for rot in range(6):
        from companion.rise_and_fall.world.tiles import shape_cells

        for dq, dr in shape_cells("mountain", rot):
            t = Tile("mountain", s[0] - dq, s[1] - dr, rot)
            v = b.world and __import__("companion.rise_and_fall.world.placement", fromlist=["violation"]).violation(b.world, t)
            assert v is not None
            if all(b.world.terrain(c) == "forest" for c in t.cells):
                assert v.rule == "special-area" and "can never be covered" in v.message


def test_waterfall(rulebook_text):
    quote(rulebook_text, "Setup: After the placement of the last Mountain, place the bottom tile on an empty Plains space adjacent to a Mountain space. Then place the top tile on that Mountain space.")
    b = at([20, 1], "waterfall-bottom")
    who = b.turn()
    bottom = b.legal_areas()[0]
    b = place(b, "waterfall-bottom", bottom)
    assert b.pending_area()[0].kind == "waterfall-top" and b.turn() == who  # the same player
    far = [s for s, t in b.world.terrain_map().items() if t == "mountain" and not any(n == bottom.cells[0] for n in neighbours(s))]
    assert "next to the bottom tile" in refused(b, "waterfall-top", far[0])
    top = b.legal_areas()[0]
    b = place(b, "waterfall-top", top)
    assert b.world.terrain(bottom.cells[0]) == "forest" and b.world.terrain(top.cells[0]) == "glacier"
    assert b.turn() == (who + 1) % 2


def test_storm_peak_dolmens_typhoon(rulebook_text):
    quote(rulebook_text, "Setup: After placing the final Glacier, the Storm Peak is placed on a Glacier space (it's the only terrain to reach this altitude).")
    quote(rulebook_text, "Setup: After placing the last Glacier, place it on a Plains, Forest or Mountain.")
    quote(rulebook_text, "Setup: At the end of World creation, once all Glaciers are placed, the next player in clockwise order takes the Typhoon tile and places it on any empty space in the World.")
    b = at([10, 11, 19], "dolmens", players=3)
    sea = next(s for s, t in b.world.terrain_map().items() if t == "sea")
    assert "goes on a Plains or Forest or Mountain space" in refused(b, "dolmens", sea)
    land = next(s for s, t in sorted(b.world.terrain_map().items()) if t == "forest" and A.special_area_at(b.world, s) is None)
    b = place(b, "dolmens", land)
    assert b.world.terrain(land) == "forest"  # 'The space under the Dolmens remains of the same type'
    assert b.pending_area()[0].kind == "storm-peak"
    glacier = next(s for s, t in b.world.terrain_map().items() if t == "glacier")
    b = place(b, "storm-peak", glacier)
    assert b.pending_area()[0].kind == "typhoon"
    assert "another special area" in refused(b, "typhoon", land)
    b = place(b, "typhoon", sea)
    assert b.complete
    lay = b.layout()
    assert lay.extra["tale_pieces"] == [{"area": "dolmens", "q": land[0], "r": land[1]}, {"area": "typhoon", "q": sea[0], "r": sea[1]}]
    assert R.apply(R.initial(), {"type": "load", "layout": lay.to_dict()}).markers == b.markers


@pytest.mark.parametrize("tale,kind,terrain,on", [
    (14, "gigantic-cavern", "mountain", "forest"), (16, "monastery", "glacier", "mountain"),
    (18, "thieves-lair", "mountain", "forest"), (21, "alchemists-tower", "forest", "plains"),
    (22, "caravansary", "plains", "sea"),
])
def test_one_space_areas(rulebook_text, tale, kind, terrain, on):
    t = T.tale(tale)
    quote(rulebook_text, f"{tale} • {t.name}\n{t.text}")
    b = at([tale, 1], kind)
    spot = b.legal_areas()[0]
    assert b.world.terrain(spot.cells[0]) == on
    wrong = next((s for s, k in b.world.terrain_map().items() if k != on), None)
    wrong = wrong or next(n for s in b.world.spaces() for n in neighbours(s) if n not in b.world)
    assert "goes on a" in refused(b, kind, wrong)
    b = place(b, kind, spot)
    assert b.world.terrain(spot.cells[0]) == terrain


def test_an_area_with_nowhere_to_go_is_set_aside():
    from companion.rise_and_fall.world.worldgen import generate

    lay = generate(2, 3)  # a World without Tales: its Seas leave no hole
    last_sea = max(i for i, t in enumerate(lay.tiles) if t.kind == "sea")
    b = Build(2, ("Ann", "Bo"), ("red", "blue"), 0, False, "", tuple(lay.tiles[: last_sea + 1]), tales=(1, 12))
    assert b.pending_area()[0].kind == "sunken-city" and b.legal_areas() == [] and b.stuck()
    with pytest.raises(IllegalAction, match="First Ann places The Sunken City. Setup: Remove a Plains tile"):
        R.apply(b, {"type": "place", "tile": "plains", "q": 0, "r": 0})
    words = history_in_words([{"type": "load", "layout": b.layout().to_dict()}, {"type": "set-aside"}])
    b = R.apply(b, {"type": "set-aside"})
    assert b.areas_aside == ("sunken-city",) and b.pending_area() is None and b.next_kind() == "plains"
    assert words[1] == "The Sunken City set aside: it had nowhere to go"
    assert R.apply(R.initial(), {"type": "load", "layout": b.layout().to_dict()}).areas_aside == ("sunken-city",)


def test_layout_round_trip_and_old_files():
    b = build_with_tales(3, 2, (12, 13, 19))
    lay = b.layout()
    again = parse(lay.to_dict())
    assert [t.kind for t in again.tiles] == [t.kind for t in lay.tiles]
    loaded = R.apply(R.initial(), {"type": "load", "layout": lay.to_dict()})
    assert loaded.tales == (12, 13, 19) and loaded.complete
    old = Layout(2, [Tile("starting-sea", 0, 0, 0)], "old", {})
    assert "tales" not in old.to_dict() and R.apply(R.initial(), {"type": "load", "layout": old.to_dict()}).tales == ()


def test_layout_check_with_tales():
    from companion.rise_and_fall.world.check import check

    b = build_with_tales(3, 4, (10, 13, 20))
    lay = b.layout()
    rep = check(lay)
    assert rep.valid and rep.complete, rep.message
    # a Forest tile moved before the Orbs were placed is out of order
    tiles = list(lay.tiles)
    orb = next(i for i, t in enumerate(tiles) if t.kind == "orb-of-acceleration")
    swapped = tiles[:orb] + [tiles[-1]] + tiles[orb:-1]
    rep = check(Layout(lay.players, swapped, lay.name, lay.extra))
    assert not rep.valid
    # an Orb placed among the Seas is refused: its moment has not come
    early = tiles[:5] + [tiles[orb]] + [t for i, t in enumerate(tiles[5:], 5) if i != orb]
    rep = check(Layout(lay.players, early, lay.name, lay.extra))
    assert not rep.valid and rep.tile == 5 and "after the last Plains" in rep.message


def test_old_layout_files_open_unchanged():
    from pathlib import Path

    from companion.rise_and_fall.world.check import check
    from companion.rise_and_fall.world.layout import load

    root = Path(__file__).resolve().parents[2]
    files = sorted((root / "layouts").glob("*.json")) + sorted((root / "tests" / "data" / "v1").glob("*layout*.json"))
    assert files
    for f in files:
        lay = load(f)
        assert "tales" not in lay.to_dict() and not any(t.spec.special_area for t in lay.tiles)
        assert lay.dumps() == f.read_text(encoding="utf-8") or f.parent.name == "v1"
        b = R.apply(R.initial(), {"type": "load", "layout": lay.to_dict()})
        assert b.tales == () and b.pending_area() is None
        rep = check(lay)
        assert rep.valid, (f, rep.message)
