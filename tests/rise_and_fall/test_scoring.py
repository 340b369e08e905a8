"""Tallying Victory Points, as the rulebook tallies them."""

import json
import random
import subprocess
import sys

import pytest
from conftest import quote
from helpers import complete_layout
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import FileFormatError
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position, parse_position, problems
from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.scoring.scoring import quick_scoring, score, scorepad_text
from companion.rise_and_fall.world.world import regions_of


def line(q0: int, r0: int, n: int, terrain: str | list[str]) -> dict:
    """n connected Spaces in a row (each east of the last)."""
    ts = terrain if isinstance(terrain, list) else [terrain] * n
    return {(q0 + i, r0): ts[i] for i in range(n)}


def rulebook_regions() -> Position:
    """Regions A to F of the rulebook's example, each far from the others."""
    A, B, C = line(0, 0, 4, "plains"), line(0, 10, 2, "forest"), line(0, 20, 7, "sea")
    D, E = line(0, 30, 1, "plains"), line(0, 40, 2, "forest")
    F = line(0, 50, 6, ["mountain", "mountain", "glacier", "mountain", "glacier", "mountain"])
    terrain = {**A, **B, **C, **D, **E, **F}
    P = Piece
    pieces = [
        P((0, 0), "Red", "city"), P((1, 0), "Red", "nomad"), P((2, 0), "Yellow", "nomad"),  # A
        P((0, 10), "Yellow", "nomad"), P((1, 10), "Red", "nomad"),  # B
        P((0, 20), "Red", "ship"), P((3, 20), "Red", "ship"), P((5, 20), "Yellow", "ship"),  # C
        P((0, 30), "Green", "city"),  # D
        P((1, 40), "Yellow", "city"),  # E
        P((0, 50), "Yellow", "city"), P((2, 50), "Yellow", "mountaineer"), P((5, 50), "Red", "nomad"),  # F
    ]
    players = [PlayerState("Red", 0), PlayerState("Yellow", 0), PlayerState("Green", 0)]
    return Position(terrain, players, pieces)


def test_rulebook_regions_a_to_f(rulebook_text):
    quote(rulebook_text, "- A – 4-space Plains: Red has a majority and wins 4 VP (4 x 1 VP).")
    quote(rulebook_text, "- B – 2-space Forest: held jointly by Yellow and Red, it is worth no VP as no one has a majority in this Region.")
    quote(rulebook_text, "- F – 6-space Mountain: Yellow has the most pieces and gains 24 VP (6 x 4 VP).")
    s = score(rulebook_regions())
    got = {(r.region.terrain, r.region.size, r.region.spaces[0][1]): (r.controller, r.vp) for r in s.regions}
    assert got[("plains", 4, 0)] == ("Red", 4)  # A
    assert got[("forest", 2, 10)] == (None, 0)  # B
    assert got[("sea", 7, 20)] == ("Red", 14)  # C
    assert got[("plains", 1, 30)] == ("Green", 1)  # D
    assert got[("forest", 2, 40)] == ("Yellow", 6)  # E
    assert got[("mountain", 6, 50)] == ("Yellow", 24)  # F, Glaciers counted as Mountain


def recap_position() -> Position:
    """The recap: 'Economy: 43 VP. Trophies: 30 VP. Development: 33 VP. Territories: 34 VP.'

    Red controls 'a 7-space Sea, a 4-space Forest, a 3-space Plains and another 5-space Plains';
    Temple and Mountaineer are in Decline."""
    terrain = {**line(0, 0, 7, "sea"), **line(0, 4, 4, "forest"), **line(0, 8, 3, "plains"), **line(0, 12, 5, "plains"), **line(0, 16, 2, "mountain")}
    P = Piece
    pieces = [P((0, 0), "Red", "ship"), P((2, 0), "Red", "ship"), P((4, 0), "Red", "ship")]
    pieces += [P((i, 4), "Red", "nomad") for i in range(4)]
    pieces += [P((0, 8), "Red", "nomad"), P((1, 8), "Red", "city"), P((2, 8), "Red", "city")]
    pieces += [P((0, 12), "Red", "nomad"), P((1, 12), "Red", "nomad"), P((2, 12), "Red", "city"), P((3, 12), "Red", "city")]
    pieces += [P((3, 12), "Red", "merchant"), P((4, 12), "Red", "merchant")]
    pieces += [P((0, 16), "Red", "temple"), P((1, 16), "Yellow", "temple"), P((3, 0), "Yellow", "ship")]
    players = [PlayerState("Red", 87, ["nomad", "temple"], ["temple", "mountaineer"]), PlayerState("Yellow", 10)]
    return Position(terrain, players, pieces)


def test_rulebook_recap(rulebook_text):
    quote(rulebook_text, "Recap: Economy: 43 VP. Trophies: 30 VP. Development: 33 VP. Territories: 34 VP. Final Total: 140 VP.")
    pos = recap_position()
    assert problems(pos) == []
    red = score(pos).player("Red")
    assert (red.economy, red.trophies, red.development, red.territories, red.total) == (43, 30, 33, 34, 140)
    # the scorepad crosses out the lines of cards in Decline
    assert red.development_lines["temple"] is None and red.development_lines["mountaineer"] is None
    assert red.development_lines["nomad"] == (7, 7)


def test_economy_rounds_down(rulebook_text):
    quote(rulebook_text, "Each player gains 1 VP (Victory Point) for every 2 GP in their Treasury.")
    pos = Position({(0, 0): "sea"}, [PlayerState("A", 7), PlayerState("B", 8)], [])
    s = score(pos)
    assert (s.player("A").economy, s.player("B").economy) == (3, 4)


def test_tie_for_most_points_is_a_shared_victory():
    pos = Position({(0, 0): "sea"}, [PlayerState("A", 8), PlayerState("B", 8)], [])
    assert score(pos).winners == ["A", "B"]


def test_quick_scoring_gives_the_same_totals(rulebook_text):
    quote(rulebook_text, "Economy: Each player returns to the box half of their GP (rounded up).")
    for pos in (recap_position(), rulebook_regions(), random_end_position(complete_layout(4), 3)):
        final = quick_scoring(pos)[-1].gp
        assert final == {p.name: p.total for p in score(pos).players}


BAD = [
    (lambda d: d["pieces"].append([0, 0, "Red", "ship"]) or d, "one piece per space"),
    (lambda d: d["pieces"].append([1, 0, "Red", "ship"]) or d, "cannot stand on plains"),
    (lambda d: d["pieces"].append([9, 9, "Red", "nomad"]) or d, "not in the World"),
    (lambda d: d["pieces"].append([1, 1, "Zed", "nomad"]) or d, "no player called Zed"),
    (lambda d: d["pieces"].append([1, 1, "Red", "dragon"]) or d, "not a piece type"),
    (lambda d: d["players"][0].update(gold=-1) or d, "gold is -1"),
    (lambda d: d["players"][0].update(gold=2.5) or d, "gold is 2.5"),
    (lambda d: d["players"][1].update(trophies=["nomad"]) or d, "claimed by both Red and Blue"),
    (lambda d: d["spaces"].append([5, 5, "lava"]) or d, "not a terrain"),
    (lambda d: d.pop("players") and d, "'players' is missing"),
]


def base_doc():
    return {
        "format": "rise-and-fall/position",
        "version": 1,
        "spaces": [[0, 0, "sea"], [1, 0, "plains"], [1, 1, "plains"], [2, 0, "glacier"], [5, 5, "forest"]],
        "players": [{"name": "Red", "gold": 43, "trophies": ["nomad"], "decline": ["ship"]}, {"name": "Blue", "gold": 1, "trophies": [], "decline": []}],
        "pieces": [[1, 0, "Red", "city"], [1, 0, "Blue", "merchant"], [0, 0, "Red", "ship"], [2, 0, "Blue", "mountaineer"]],
    }


def test_a_good_position_is_accepted():
    pos = parse_position(base_doc())
    assert score(pos).player("Red").territories == 2  # the Sea Space; the Plains Region is tied 1-1


@pytest.mark.parametrize("mutate,needle", BAD)
def test_bad_positions_are_refused_with_a_sentence(mutate, needle):
    with pytest.raises(FileFormatError) as e:
        parse_position(mutate(base_doc()), "p.json")
    assert needle in str(e.value) and str(e.value).startswith("p.json: ")


def test_more_pieces_than_a_player_owns():
    d = base_doc()
    d["spaces"] += [[q, 9, "sea"] for q in range(6)]
    d["pieces"] += [[q, 9, "Red", "ship"] for q in range(6)]
    with pytest.raises(FileFormatError, match="has 7 ship pieces in the World; each player owns 5"):
        parse_position(d)


def test_score_command_json_and_table(tmp_path):
    p = tmp_path / "pos.json"
    p.write_text(json.dumps(base_doc()))
    out = subprocess.run([sys.executable, "-m", "companion", "score", str(p), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["players"]["Red"] == {"economy": 21, "trophies": 10, "development": 1, "territories": 2, "total": 34}
    assert doc["winners"] == ["Red"]
    assert {r["terrain"] for r in doc["regions"]} == {"sea", "plains", "mountain", "forest"}
    table = subprocess.run([sys.executable, "-m", "companion", "score", str(p), str(p)], capture_output=True, text=True)
    assert table.returncode == 0 and "Economy" in table.stdout and "Winner: Red" in table.stdout
    quick = subprocess.run([sys.executable, "-m", "companion", "score", str(p), "--quick"], capture_output=True, text=True)
    blue = doc["players"]["Blue"]["total"]
    assert "Quick Scoring" in quick.stdout and f"[Red 34, Blue {blue}]" in quick.stdout.splitlines()[-1]  # the same totals
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rise-and-fall/position"}')
    out = subprocess.run([sys.executable, "-m", "companion", "score", str(p), str(bad)], capture_output=True, text=True)
    assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr


def test_render_a_position(tmp_path):
    p = tmp_path / "pos.json"
    pos = random_end_position(complete_layout(3), 1)
    p.write_text(pos.dumps())
    out = tmp_path / "pos.png"
    r = subprocess.run([sys.executable, "-m", "companion", "render", str(p), "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"


# --- properties ------------------------------------------------------------------------------
positions = st.builds(lambda seed: random_end_position(complete_layout(3), seed), st.integers(0, 10_000))


@given(positions, st.randoms())
def test_scores_do_not_depend_on_order(pos, rnd):
    before = score(pos).to_dict()
    rnd.shuffle(pos.pieces)
    items = list(pos.terrain.items())
    rnd.shuffle(items)
    pos.terrain = dict(items)
    after = score(pos).to_dict()
    assert before["players"] == after["players"]
    assert sorted(map(json.dumps, before["regions"])) == sorted(map(json.dumps, after["regions"]))


@given(positions, st.data())
def test_moving_a_lone_piece_out_never_raises_territories(pos, data):
    s = score(pos)
    lone = [r for r in s.regions if r.controller and sum(r.pieces.values()) == 1]
    if not lone:
        return
    r = data.draw(st.sampled_from(lone))
    name = r.controller
    pos.pieces = [pc for pc in pos.pieces if pc.space not in r.region.spaces]
    assert score(pos).player(name).territories <= s.player(name).territories


@given(positions, st.data())
def test_adding_a_piece_for_the_only_player_in_a_region_never_lowers_their_score(pos, data):
    s = score(pos)
    occupied = {pc.space for pc in pos.pieces}
    cands = [r for r in s.regions if len(r.pieces) == 1 and any(sp not in occupied for sp in r.region.spaces)]
    if not cands:
        return
    r = data.draw(st.sampled_from(cands))
    name = next(iter(r.pieces))
    space = next(sp for sp in r.region.spaces if sp not in occupied)
    kind = "ship" if pos.terrain[space] == "sea" else "mountaineer" if pos.terrain[space] == "glacier" else "nomad"
    pos.pieces.append(Piece(space, name, kind))
    if any(p.startswith(f"Player {name} has") for p in problems(pos)):
        return  # all of that type already in the World
    assert score(pos).player(name).territories >= s.player(name).territories


@given(st.integers(1, 4), st.integers(0, 3))
def test_a_tie_scores_nobody(n, extra_empty):
    terrain = line(0, 0, 2 * n + extra_empty, "plains")
    pieces = [Piece((i, 0), "A", "nomad") for i in range(n)] + [Piece((n + i, 0), "B", "nomad") for i in range(n)]
    s = score(Position(terrain, [PlayerState("A", 0), PlayerState("B", 0)], pieces))
    assert s.regions[0].controller is None and s.player("A").territories == s.player("B").territories == 0


def test_random_positions_are_valid():
    for seed in range(20):
        pos = random_end_position(complete_layout(4), seed)
        assert problems(pos) == []
        again = parse_position(json.loads(pos.dumps()))
        assert score(again).to_dict() == score(pos).to_dict()
    random.seed(0)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=16,
)


@given(st.data())
def test_mutated_positions_only_raise_our_error(data):
    from companion.errors import CompanionError

    doc = base_doc()
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(["top", "player", "piece", "space"]))
        if where == "top":
            doc[data.draw(st.sampled_from(["format", "version", "players", "pieces", "spaces", "layout"]))] = data.draw(json_values)
        elif where == "player" and isinstance(doc.get("players"), list) and doc["players"] and isinstance(doc["players"][0], dict):
            doc["players"][0][data.draw(st.sampled_from(["name", "gold", "trophies", "decline", "wood"]))] = data.draw(json_values)
        elif where == "piece" and isinstance(doc.get("pieces"), list) and doc["pieces"]:
            doc["pieces"][0] = data.draw(json_values)
        elif where == "space" and isinstance(doc.get("spaces"), list) and doc["spaces"]:
            doc["spaces"][0] = data.draw(json_values)
    try:
        score(parse_position(doc, "m.json"))
    except CompanionError:
        pass


# --- the Regions walked once per World ----------------------------------------------------------
def _partial_terrain(layout, upto: int) -> dict:
    from companion.rise_and_fall.world.world import top_terrain

    return top_terrain(layout.tiles[:upto])


@given(st.integers(2, 4), st.integers(1, 3), st.integers(0, 10_000), st.integers(20, 80), st.randoms(use_true_random=False))
def test_the_cached_regions_score_exactly_as_a_fresh_walk(rulebook_text, players, world_seed, seed, tiles, rnd):
    quote(rulebook_text, "Region: a set of adjacent spaces which share the same Terrain type. Be careful: Glacier spaces are considered to be Mountains when determining Regions.")
    layout = complete_layout(players, world_seed)
    pos = random_end_position(layout, seed)
    # another World in between, so the cache holds several and must tell them apart
    other = random_end_position(complete_layout(players, world_seed % 3 + 1), seed + 1)
    for p in (pos, other, pos):
        assert score(p).to_dict() == score(p, cached=False).to_dict()
        assert score(p) == score(p, cached=False)
    # the same World changed in place (a tile more or fewer) is walked again, not answered from the cache
    pos.terrain.clear()
    pos.terrain.update(_partial_terrain(layout, min(tiles, len(layout.tiles))))
    pos.pieces = [pc for pc in pos.pieces if pc.space in pos.terrain]
    rnd.shuffle(pos.pieces)
    assert score(pos) == score(pos, cached=False)
    assert [r.region for r in score(pos).regions] == regions_of(pos.terrain)


def test_an_extinct_player_is_never_a_winner(rulebook_text):
    quote(rulebook_text, "Return its resources and Treasury to the bank. That player has lost the game. The Trophies they may have claimed are not returned to the Trophy board but are counted towards the number of Trophies to be claimed to finish the game.")
    terrain = line(0, 0, 3, "plains")
    players = [PlayerState("Red", 10, ["ship", "temple"], [], extinct=True), PlayerState("Blue", 4)]
    s = score(Position(terrain, players, [Piece((0, 0), "Blue", "nomad")]))
    assert s.player("Red").total > s.player("Blue").total  # the Trophies still count for the table...
    assert s.winners == ["Blue"]  # ...but an extinct player has lost
    assert s.to_dict()["players"]["Red"]["extinct"] is True and "extinct" not in s.to_dict()["players"]["Blue"]
    assert "Red (extinct, lost)" in scorepad_text(s) and "Winner: Blue" in scorepad_text(s)
    again = parse_position(json.loads(Position(terrain, players, []).dumps()))
    assert again.player("Red").extinct and not again.player("Blue").extinct
    with pytest.raises(FileFormatError, match="'extinct' is true or false"):
        doc = json.loads(Position(terrain, players, []).dumps())
        doc["players"][0]["extinct"] = "yes"
        parse_position(doc)
