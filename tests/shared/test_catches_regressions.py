"""Small deliberate bugs each make one of these fail: redo after a new action, the layer-order
boundary, and every printed Trophy and Development VP entry (each with a worked example)."""

from __future__ import annotations

import pytest
from helpers import complete_layout

from companion.errors import IllegalAction
from companion.gamelog import GameStore, Session, effective
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.scoring.position import Piece, PlayerState, Position
from companion.rise_and_fall.scoring.scoring import quick_scoring, score
from companion.rise_and_fall.world.builder import BuildRules, world_setup_action
from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.layout import Layout
from companion.rise_and_fall.world.placement import violation
from companion.rise_and_fall.world.world import World

# --- redo after a new action -------------------------------------------------------------------


def test_after_do_undo_do_redo_is_unavailable_and_refused(tmp_path):
    store = GameStore(tmp_path)
    s = store.start("world", "W", BuildRules(), world_setup_action(3, first=0))
    lay = complete_layout(3, 5)
    seas = [t for t in lay.tiles if t.kind == "sea"]
    a = {"type": "place", "tile": "sea", "q": seas[0].q, "r": seas[0].r, "rotation": seas[0].rotation}
    s.do(a)
    s.undo()
    assert s.can_redo()
    other = next(t for t in s.state.legal("sea") if t != seas[0])  # another legal first Sea tile
    b = {"type": "place", "tile": "sea", "q": other.q, "r": other.r, "rotation": other.rotation}
    s.do(b)  # a new action: the undone one is gone for good
    assert not s.can_redo()
    with pytest.raises(IllegalAction):
        s.redo()
    tiles = s.state.tiles
    again = Session(store.open(s.log.path.stem), BuildRules())
    assert not again.can_redo() and again.state.tiles == tiles
    assert [e.action for e in effective(s.log.entries())][-1] == b
    assert a not in [e.action for e in effective(s.log.entries())]


# --- the layer order at its boundary ----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_plains_tile_is_refused_with_one_sea_tile_left_and_accepted_with_none(players):
    lay = complete_layout(players, 3)
    first_plains = next(i for i, t in enumerate(lay.tiles) if t.kind == "plains")
    before, plains = lay.tiles[:first_plains], lay.tiles[first_plains]
    assert before[-1].kind == "sea"
    one_left = World(before[:-1])
    v = violation(one_left, plains, players)
    assert v is not None and v.rule == "phase-order" and "1 of" in v.message
    assert violation(World(before), plains, players) is None
    # the same boundary through the file checker and the builder
    report = check(Layout(players, list(before[:-1]) + [plains]))
    assert (report.valid, report.rule, report.tile) == (False, "phase-order", first_plains - 1)
    assert check(Layout(players, list(before) + [plains])).valid


# --- every printed VP entry, with a worked example per type ----------------------------------

#: The Trophy tiles and the lower section of each Civilization card, as printed (copied here
#: by hand, not read from rules.json, so a changed entry in the data is caught).
PRINTED_TROPHY_VP = {"nomad": 10, "city": 10, "ship": 25, "mountaineer": 15, "temple": 20, "merchant": 20}
PRINTED_DEVELOPMENT_VP = {
    "nomad": [0, 1, 2, 3, 4, 5, 6, 7, 8],
    "city": [0, 1, 3, 5, 7, 9, 11, 13, 15],
    "ship": [0, 5, 10, 15, 20, 25],
    "mountaineer": [0, 2, 5, 10],
    "temple": [0, 5, 10, 15],
    "merchant": [0, 1, 4, 9, 16, 25, 36],
}
STANDS = {"ship": "sea", "mountaineer": "glacier"}


def one_player(pieces: list[tuple[str, int]], trophies: list[str] = ()) -> Position:
    """One player, Red, with ``n`` pieces of each type in a row of Spaces of their own terrain."""
    terrain, placed = {}, []
    for row, (kind, n) in enumerate(pieces):
        for q in range(n):
            terrain[(2 * q, 3 * row)] = STANDS.get(kind, "plains")
            placed.append(Piece((2 * q, 3 * row), "Red", kind))
    terrain.setdefault((0, 99), "plains")
    return Position(terrain, [PlayerState("Red", gold=0, trophies=list(trophies))], placed)


def test_the_printed_tables_have_an_entry_for_every_piece_a_player_owns():
    owned = load_rules().pieces_per_player
    assert set(PRINTED_DEVELOPMENT_VP) == set(owned) == set(PRINTED_TROPHY_VP)
    for kind, table in PRINTED_DEVELOPMENT_VP.items():
        assert len(table) == owned[kind] + 1


@pytest.mark.parametrize("kind", sorted(PRINTED_TROPHY_VP))
def test_each_trophy_scores_its_printed_vp(kind):
    s = score(one_player([], trophies=[kind]))
    assert s.players[0].trophies == PRINTED_TROPHY_VP[kind]
    quick = quick_scoring(one_player([], trophies=[kind]))
    assert quick[-1].gp["Red"] == PRINTED_TROPHY_VP[kind]


@pytest.mark.parametrize(
    "kind,n", [(k, n) for k, table in sorted(PRINTED_DEVELOPMENT_VP.items()) for n in range(1, len(table))]
)
def test_each_development_entry_scores_as_printed(kind, n):
    """E.g. 3 Cities in the World, City card active: 5 VP of Development."""
    s = score(one_player([(kind, n)]))
    assert s.players[0].development == PRINTED_DEVELOPMENT_VP[kind][n]
    assert s.players[0].development_lines[kind] == (n, PRINTED_DEVELOPMENT_VP[kind][n])


def test_a_card_in_decline_scores_no_development():
    pos = one_player([("city", 3)])
    pos.players[0].decline = ["city"]
    assert score(pos).players[0].development == 0
