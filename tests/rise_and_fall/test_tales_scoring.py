"""The Tales in the final scoring: one test per Tale with end-game effects, quoting its text."""

import json

import pytest
from conftest import quote

from companion.hexgrid import neighbours
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, parse_position, problems
from companion.rise_and_fall.scoring.scoring import quick_scoring, score, scorepad_text
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.variants.tales.worlds import build_with_tales
from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import top_terrain

NAMES = ["Red", "Blue", "Green", "Yellow"]


def position(tiles, pieces=(), drawn=(), markers=(), players=2, **per_player) -> Position:
    extra = {"tales": list(drawn)} if drawn else {}
    if markers:
        extra["tale_pieces"] = [{"area": k, "q": s[0], "r": s[1]} for k, s in markers]
    lay = Layout(max(2, players), list(tiles), "", extra)
    states = [PlayerState(n, 0, **per_player.get(n, {})) for n in NAMES[:players]]
    return Position(top_terrain(lay.tiles), states, [Piece(s, who, t) for s, who, t in pieces], lay)


def line_of(kind: str, n: int, r: int = 0) -> list[Tile]:
    return [Tile(kind, q, r) for q in range(n)]


def tale_lines(s, name):
    return [(t.tale, t.vp) for t in s.player(name).tale_lines]


def world_with(drawn, players=2, seed=3):
    b = build_with_tales(players, seed, tuple(drawn))
    assert b.complete
    return b, T.area_spaces(b.tiles, b.markers)


def land_near(b, spaces, k):
    """k Spaces of the World next to ``spaces`` (land first, where a Nomad stands)."""
    near = sorted({n for s in spaces for n in neighbours(s)} - set(spaces))
    ok = sorted((n for n in near if n in b.world), key=lambda n: b.world.terrain(n) not in ("plains", "forest", "mountain"))
    assert len(ok) >= k
    return ok[:k]


def test_cathedral(rulebook_text):
    quote(rulebook_text, "End of Game – Scoring: The player controlling the Cathedral at the end of the game gains 15 VP.")
    pos = position(line_of("caravansary", 3), drawn=[8], Red={"cathedral": True})
    s = score(pos)
    assert tale_lines(s, "Red") == [(8, 15)] and tale_lines(s, "Blue") == []
    assert s.player("Red").total == s.player("Red").territories + 15
    again = parse_position(json.loads(pos.dumps()))
    assert again.player("Red").cathedral and score(again).player("Red").tales == 15
    both = position(line_of("caravansary", 3), Red={"cathedral": True}, Blue={"cathedral": True})
    assert any("Cathedral" in p for p in problems(both))


def test_tale_trophies(rulebook_text):
    quote(rulebook_text, "Trophy: Constructing the Capital earns the player the corresponding Trophy, which is worth 20 VP at the end of the game.")
    pos = position(line_of("caravansary", 2), drawn=[1, 4], Red={"tale_trophies": [1, 4]}, Blue={"tale_trophies": [5]})
    s = score(pos)
    assert s.player("Red").tales == 40 and s.player("Blue").tales == 20
    assert "Tales" in scorepad_text(s).splitlines()[0]
    bad = position(line_of("caravansary", 2), Red={"tale_trophies": [12]}, Blue={"tale_trophies": []})
    assert "not a Tale with a Trophy" in problems(bad)[0]
    twice = position(line_of("caravansary", 2), Red={"tale_trophies": [1]}, Blue={"tale_trophies": [1]})
    assert "claimed by Red and Blue" in problems(twice)[0]


def test_dolmens_clear_majority(rulebook_text):
    quote(rulebook_text, "The player with a clear majority of game pieces adjacent to the Dolmens at the end of the game gains 20 VP.")
    b, where = world_with([10, 1])
    d = where["dolmens"]
    a, c, e = land_near(b, d, 3)
    lay = b.layout()
    base = dict(tiles=lay.tiles, drawn=[10, 1], markers=[("dolmens", d[0])])
    s = score(position(pieces=[(a, "Red", "nomad"), (c, "Red", "city"), (e, "Blue", "nomad")], **base))
    assert tale_lines(s, "Red") == [(10, 20)] and tale_lines(s, "Blue") == []
    tie = score(position(pieces=[(a, "Red", "nomad"), (e, "Blue", "nomad")], **base))
    assert tale_lines(tie, "Red") == tale_lines(tie, "Blue") == []
    # 'The space under the Dolmens remains of the same type and counts as a space of the Region'
    assert any(d[0] in r.region.spaces for r in s.regions)


def test_sunken_city_on_or_adjacent(rulebook_text):
    quote(rulebook_text, "At the end of the game, the player with a clear majority of game pieces adjacent to or on the Sunken City gains 20 VP.")
    b, where = world_with([12, 1])
    city = where["sunken-city"][0]
    ring = [n for n in neighbours(city)]
    lay = b.layout()
    s = score(position(lay.tiles, [(city, "Blue", "ship"), (ring[0], "Blue", "ship"), (ring[1], "Red", "ship")], drawn=[12, 1]))
    assert tale_lines(s, "Blue") == [(12, 20)]
    assert b.world.terrain(city) == "sea"  # 'Terrain type: Sea space.'


def test_waterfall_five_per_occupied_space(rulebook_text):
    quote(rulebook_text, "End of game scoring: Each player with at least one unit in a Waterfall space gains 5 VP per Waterfall space occupied this way at the end of the game.")
    b, where = world_with([20, 1])
    bottom, top = where["waterfall-bottom"][0], where["waterfall-top"][0]
    lay = b.layout()
    s = score(position(lay.tiles, [(bottom, "Red", "nomad"), (top, "Red", "mountaineer")], drawn=[20, 1]))
    assert tale_lines(s, "Red") == [(20, 10)] and tale_lines(s, "Blue") == []
    s = score(position(lay.tiles, [(bottom, "Red", "nomad"), (top, "Blue", "mountaineer")], drawn=[20, 1]))
    assert tale_lines(s, "Red") == [(20, 5)] and tale_lines(s, "Blue") == [(20, 5)]
    assert b.world.terrain(bottom) == "forest" and b.world.terrain(top) == "glacier"


@pytest.mark.parametrize("players,counts,expected", [
    (2, [2, 1], [30, 0]), (2, [2, 2], [15, 15]), (3, [1, 1, 1], [10, 10, 10]), (4, [1, 1, 1, 1], [8, 8, 8, 8]),
])
def test_volcano_shared_rounded_up_and_in_no_region(rulebook_text, players, counts, expected):
    quote(rulebook_text, "At the end of the game, the player with the most game pieces adjacent to the Volcano gains 30 VP. If multiple players are tied for the most, they share the 30 VP, rounded up. The Volcano is not part of any Mountain Region.")
    b, where = world_with([23, 1, 2, 3][:max(players, 2)], players=players)
    v = where["volcano"]
    spots = land_near(b, v, sum(counts))
    pieces, k = [], 0
    for who, n in zip(NAMES, counts):
        for _ in range(n):
            pieces.append((spots[k], who, "nomad"))
            k += 1
    s = score(position(b.layout().tiles, pieces, drawn=list(b.tales), players=players))
    assert [s.player(n).tales for n in NAMES[:players]] == expected
    assert not any(set(v) & set(r.region.spaces) for r in s.regions)
    assert all(b.world.terrain(c) == "mountain" for c in v)


def test_typhoon_splits_a_region(rulebook_text):
    quote(rulebook_text, "In this way, the Typhoon could potentially divide a Region into two distinct Regions of the same type.")
    tiles = line_of("caravansary", 5)  # five Plains spaces in a row
    whole = score(position(tiles, [((0, 0), "Red", "nomad")]))
    assert [r.region.size for r in whole.regions] == [5]
    split = score(position(tiles, [((0, 0), "Red", "nomad"), ((2, 0), "Blue", "nomad")], drawn=[19, 1], markers=[("typhoon", (2, 0))]))
    assert sorted(r.region.size for r in split.regions) == [2, 2]
    assert split.player("Red").territories == 2 and split.player("Blue").territories == 0


def test_swamps_worth_nothing_and_not_plains(rulebook_text):
    quote(rulebook_text, "They are worth 0 VP at the end of the game and do not count for Plains Regions.")
    tiles = line_of("caravansary", 2) + [Tile("swamp", 2, 0)] + [Tile("caravansary", 4, 0)]
    s = score(position(tiles, [((0, 0), "Red", "nomad"), ((3, 0), "Blue", "nomad"), ((4, 0), "Blue", "nomad")], drawn=[15, 1]))
    assert sorted((r.region.terrain, r.region.size) for r in s.regions) == [("plains", 1), ("plains", 2)]
    assert s.player("Blue").territories == 1  # the Swamp gives nothing, the lone Plains 1 VP


def test_storm_peak_is_a_mountain_region_space(rulebook_text):
    quote(rulebook_text, "Terrain type: The Storm Peak is considered to be a Glacier / Mountain space during the final scoring.")
    tiles = [Tile("storm-peak", 0, 0), Tile("gigantic-cavern", 1, 0)]
    s = score(position(tiles, [((1, 0), "Red", "nomad")]))
    assert [(r.region.terrain, r.region.size, r.vp) for r in s.regions] == [("mountain", 2, 8)]


def test_special_areas_count_as_their_terrain(rulebook_text):
    quote(rulebook_text, "Terrain type: Each building corresponds to a terrain type, and thus has the traits of that terrain (resources, region at end of the game...).")
    b, where = world_with([14, 17, 21], players=3)
    for kind, terrain in (("gigantic-cavern", "mountain"), ("doppelgangers-house", "forest"), ("alchemists-tower", "forest")):
        s = where[kind][0]
        assert b.world.terrain(s) == terrain
        r = next(r for r in score(position(b.layout().tiles, players=3)).regions if s in r.region.spaces)
        assert r.region.terrain == terrain


def test_scoring_entry_carries_the_tales():
    b, where = world_with([10, 23])
    d = where["dolmens"]
    a, c = land_near(b, d, 2)
    R = EntryRules()
    e = R.apply(R.initial(), {"type": "start", "world": b.layout().to_dict(), "players": [
        {"name": "Red", "gold": 0, "tale_trophies": [], "cathedral": False}, {"name": "Blue", "gold": 0}]})
    assert e.tales == (10, 23) and e.markers
    e = R.apply(e, {"type": "piece", "q": a[0], "r": a[1], "player": "Red", "piece": "nomad"})
    e = R.apply(e, {"type": "piece", "q": c[0], "r": c[1], "player": "Red", "piece": "nomad"})
    assert (10, 20) in tale_lines(e.full_score(), "Red")
    e = R.apply(e, {"type": "books", "player": 1, "cathedral": True})
    assert tale_lines(e.fast_score(), "Blue") == [(8, 15)]
    assert not any(set(where["volcano"]) & set(r.spaces) for r in e.regions())


def test_quick_scoring_adds_the_tales():
    pos = position(line_of("caravansary", 2), [((0, 0), "Red", "nomad")], Red={"tale_trophies": [9]})
    steps = quick_scoring(pos)
    assert steps[-1].text.startswith("Each player adds the VP of the Tales")
    assert steps[-1].gp["Red"] == score(pos).player("Red").total


def test_a_game_without_tales_scores_as_before():
    pos = position(line_of("caravansary", 2), [((0, 0), "Red", "nomad")])
    s = score(pos)
    assert all(not p.tale_lines for p in s.players) and "tales" not in s.to_dict()["players"]["Red"]


def test_command_line_new_with_tales_check_render_and_score(tmp_path):
    import subprocess
    import sys

    def run(*args):
        return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True)

    out = tmp_path / "w.json"
    p = run("new", "--players", "2", "--seed", "4", "--tales", "-o", str(out))
    assert p.returncode == 0, p.stderr
    assert "with the Tales" in p.stdout
    doc = json.loads(out.read_text())
    assert len(doc["tales"]) == 2
    p = run("check", str(out), "--json")
    assert p.returncode == 0 and json.loads(p.stdout)["complete"], p.stdout
    p = run("render", str(out), "-o", str(tmp_path / "w.svg"))
    assert p.returncode == 0, p.stderr
    pos = {"format": "rise-and-fall/position", "version": 1, "layout": doc,
           "players": [{"name": "Ann", "gold": 4, "tale_trophies": [5], "cathedral": True}, {"name": "Bo", "gold": 2}], "pieces": []}
    (tmp_path / "p.json").write_text(json.dumps(pos))
    p = run("score", str(tmp_path / "p.json"), "--json")
    assert p.returncode == 0, p.stderr + p.stdout
    ann = json.loads(p.stdout)["players"]["Ann"]
    assert ann["tales"] == 35 and ann["total"] == 2 + 35
    assert {x["tale"] for x in ann["tale_lines"]} == {5, 8}


def test_pieces_where_no_piece_may_stand_are_refused(rulebook_text):
    quote(rulebook_text, "Unless otherwise specified, players are not allowed to construct a City, Temple, or any special buildings on a special area.")
    quote(rulebook_text, "No unit can enter the space of a Storm Peak.")
    quote(rulebook_text, "Effect: Replace a Mountaineer on that space with a City for free.")
    tiles = [Tile("storm-peak", 0, 0), Tile("gigantic-cavern", 1, 0), Tile("caravansary", 2, 0), Tile("caravansary", 3, 0)]
    ok = position(tiles, [((1, 0), "Red", "city"), ((2, 0), "Blue", "nomad")])
    assert problems(ok) == []
    assert "No unit can enter the space of a Storm Peak" in problems(position(tiles, [((0, 0), "Red", "mountaineer")]))[0]
    assert "not allowed to construct a City" in problems(position(tiles, [((2, 0), "Red", "city")]))[0]
    assert "Dolmens" in problems(position(tiles, [((3, 0), "Red", "nomad")], drawn=[10, 1], markers=[("dolmens", (3, 0))]))[0]
