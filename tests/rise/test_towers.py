"""Rise!: Towers rising, pausing and falling, stage by stage, and the two ways to win."""

import pytest
from conftest import quote

from companion.gamelog import GameStore, Session
from companion.rise.game import RiseIllegal, RiseRules, Tower, apply, start

from .helpers import custom, do, ring, shuffle

C = (0, 0)
RED_FAR, RED_FAR2 = (4, -4), (4, -3)
BLUE_FAR, BLUE_FAR2 = (-4, 4), (-3, 4)


def red_builds() -> tuple:
    """Red's sixth Worker closes the ring around (0, 0)."""
    r = ring(C)
    p = custom(set(r[:5]) | {RED_FAR}, {BLUE_FAR})
    return do(p, type="move", **{"from": list(RED_FAR), "to": list(RED_FAR2)}), r


def test_a_ring_starts_a_tower_at_once_and_it_rises_each_turn(rise_rulebook):
    quote(rise_rulebook, "To construct a tower a player must use their workers to completely surround an unoccupied land tile, as seen in the graphic below. This requires the use of 6 workers.")
    quote(rise_rulebook, "Completing this formation anytime during a turn will instantly result in the start of a tower. The player then places a \"base\" tower block on the center tile as a free action.")
    quote(rise_rulebook, "The next block is placed immediately at the start of the next turn if the player has maintained this formation. Only one tier per tower per turn can be constructed.")
    p, r = red_builds()
    p = do(p, type="place", at=list(r[5]))
    assert p.tower_at(C) == Tower(C, "red", 1)
    assert any("a Tower starts there" in e for e in p.events)
    assert p.supply("red")["base"] == 2
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    assert p.tower_at(C).tiers == 2 and p.player == "red"  # at the start of red's next turn
    p = shuffle(p, "red", RED_FAR2, RED_FAR)
    assert p.tower_at(C).tiers == 2  # one tier per tower per turn
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    assert p.tower_at(C).tiers == 3 and p.tower_at(C).complete


def test_workers_may_share_rings(rise_rulebook):
    quote(rise_rulebook, "If positioned correctly, workers may participate in the construction of multiple towers at the same time.")
    a, b = (0, 0), (2, 0)
    red = (set(ring(a)) | set(ring(b))) - {(1, 0)}
    p = custom(red - {(1, -1)}, {BLUE_FAR})
    p = do(p, type="place", at=[1, -1])
    assert p.tower_at(a) is None and p.tower_at(b) is None  # (1, 0), in both rings, is still empty
    p = do(p, type="place", at=[1, 0])
    assert p.tower_at(a) and p.tower_at(b)


def test_a_broken_ring_pauses_and_a_restored_ring_resumes_at_once(rise_rulebook):
    quote(rise_rulebook, "If your opponent can break your formation and/or invade your area with their own workers your tower construction cannot continue. Once you are able to reattain the area and restore the formation the tower construction will immediately begin again.")
    p, r = red_builds()
    p = do(p, type="place", at=list(r[5]))
    assert p.tower_at(C).tiers == 1 and p.player == "blue"
    gap = r[0]
    # blue sacrifices to eliminate a ring Worker, so blue needs three Workers
    p = custom(p.of("red"), {BLUE_FAR, BLUE_FAR2, (-2, 4)}, towers=p.towers, player="blue")
    p = do(p, type="eliminate", sacrifice=[list(BLUE_FAR2), [-2, 4]], target=list(gap))
    p = do(p, type="move", **{"from": list(BLUE_FAR), "to": list(BLUE_FAR2)})
    assert p.player == "red" and p.tower_at(C).tiers == 1  # paused: no tier at the start of red's turn
    p = do(p, type="place", at=list(gap))  # the ring is whole again: construction begins again at once
    assert p.tower_at(C).tiers == 2
    p = do(p, type="move", **{"from": list(RED_FAR2), "to": list(RED_FAR)})
    assert p.tower_at(C).tiers == 2  # still one tier per tower per turn


def test_an_invading_worker_breaks_the_ring(rise_rulebook):
    quote(rise_rulebook, "If your opponent can break your formation and/or invade your area with their own workers your tower construction cannot continue.")
    r = ring(C)
    p = custom(set(r[:5]) | {RED_FAR}, {r[5], BLUE_FAR}, towers=(Tower(C, "red", 1),), player="blue")
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    assert p.tower_at(C).tiers == 1


def test_a_complete_tower_stands_without_its_ring(rise_rulebook):
    quote(rise_rulebook, "Note: Once a tower is complete, the worker formation is not required to sustain it.")
    r = ring(C)
    p = custom(set(r) | {RED_FAR}, {BLUE_FAR}, towers=(Tower(C, "red", 3),))
    p = do(p, type="move", **{"from": list(r[0]), "to": [2, 0]})
    p = do(p, type="move", **{"from": list(r[1]), "to": [1, 1]})
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    assert p.tower_at(C) == Tower(C, "red", 3) and p.complete_towers("red") == 1


def test_destruction_and_rebuilding_in_seven_stages(rise_rulebook):
    """Decision: the seven pictured stages fall on the attacker's turns T (the ring closes),
    T+1, T+2 (the last tier goes; the tile stays empty the rest of that turn: stage 4),
    T+3 (base), T+4 (middle) and T+5 (top), while the ring holds."""
    quote(rise_rulebook, "A player may destroy their opponent's tower by completely surrounding it with their own workers. Once this is achieved one tier is immediately removed from the encompassed tower as a free action. For each round this formation is maintained one tier is removed from the tower. After destroying all 3 tiers of the tower the attacking player will begin their own tower construction the following turn, 7 turns for the entire process.")
    r = ring(C)
    p = custom(set(r[:5]) | {RED_FAR}, {BLUE_FAR}, towers=(Tower(C, "blue", 3),))
    p = do(p, type="place", at=list(r[5]))
    stages = [p.tower_at(C)]  # 1: turn T, a tier removed at once
    assert p.supply("blue")["top"] == 3
    p = do(p, type="move", **{"from": list(RED_FAR), "to": list(RED_FAR2)})
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    stages.append(p.tower_at(C))  # 2: the start of T+1
    p = shuffle(p, "red", RED_FAR2, RED_FAR)
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    stages.append(p.tower_at(C))  # 3: the start of T+2, the last tier
    p = shuffle(p, "red", RED_FAR2, RED_FAR)
    assert p.player == "blue"
    stages.append(p.tower_at(C))  # 4: the tile stays empty for the rest of T+2, red's ring around it
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    stages.append(p.tower_at(C))  # 5: the following turn, T+3: red's base
    for _ in range(2):
        p = shuffle(p, "red", RED_FAR2, RED_FAR)
        p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
        stages.append(p.tower_at(C))  # 6 and 7: T+4 and T+5
    got = [(t.colour, t.tiers) if t else None for t in stages]
    assert got == [("blue", 2), ("blue", 1), None, None, ("red", 1), ("red", 2), ("red", 3)]


def test_destruction_is_one_tier_per_round(rise_rulebook):
    quote(rise_rulebook, "For each round this formation is maintained one tier is removed from the tower.")
    r = ring(C)
    p = custom(set(r[:5]) | {RED_FAR}, {BLUE_FAR}, towers=(Tower(C, "blue", 3),))
    p = do(p, type="place", at=list(r[5]))
    assert p.tower_at(C).tiers == 2
    p = do(p, type="move", **{"from": list(RED_FAR), "to": list(RED_FAR2)})
    assert p.tower_at(C).tiers == 2  # the ring held through red's second action: still one tier this turn
    p = do(p, type="move", **{"from": list(BLUE_FAR), "to": list(BLUE_FAR2)})
    assert p.tower_at(C).tiers == 2  # blue's turn takes nothing


def test_a_ring_around_a_tower_under_construction_razes_it_too():
    r = ring(C)
    p = custom(set(r[:5]) | {RED_FAR}, {BLUE_FAR}, towers=(Tower(C, "blue", 1),))
    p = do(p, type="place", at=list(r[5]))
    assert p.tower_at(C) is None and any("last tier" in e for e in p.events)
    p = do(p, type="move", **{"from": list(RED_FAR), "to": list(RED_FAR2)})
    assert p.tower_at(C) is None  # the following turn, not this one
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    assert p.tower_at(C) == Tower(C, "red", 1)


def test_base_blocks_run_out(rise_rulebook):
    quote(rise_rulebook, "Each player should have 9 blocks total: 3 large blocks (base), 3 medium blocks (middle), and 3 small blocks (top).")
    towers = (Tower((-3, 3), "red", 1), Tower((3, -3), "red", 1), Tower((-3, 0), "red", 3))
    r = ring(C)
    p = custom(set(r[:5]) | {RED_FAR}, {BLUE_FAR}, towers=towers)
    p = do(p, type="place", at=list(r[5]))
    assert p.tower_at(C) is None
    assert any("all 3 of Red's base blocks are in Towers" in e for e in p.events)
    assert p.supply("red")["base"] == 0


def test_three_complete_towers_win_and_close_the_game(rise_rulebook):
    quote(rise_rulebook, "The first player to have 3 completed towers on the board is declared the winner. All 3 towers must be fully constructed with 3 tiers and all on the board at the same time. If a tower is missing a tier or has been destroyed it does not count towards victory.")
    towers = (Tower((-3, 3), "red", 3), Tower((3, -3), "red", 3), Tower(C, "red", 2))
    r = ring(C)
    p = custom(set(r) | {RED_FAR}, {BLUE_FAR}, towers=towers, player="blue")
    assert p.winner is None  # missing a tier: does not count
    p = shuffle(p, "blue", BLUE_FAR, BLUE_FAR2)
    assert p.winner == "red" and p.reason == "towers"
    assert any("Red wins with 3 complete Towers" in e for e in p.events)
    with pytest.raises(RiseIllegal) as e:
        apply(p, {"type": "tile", "at": [5, 0]})
    assert e.value.rule == "game-over"


def test_the_last_worker_gone_wins_and_undo_reopens(rise_rulebook, tmp_path):
    quote(rise_rulebook, "A Player is declared the winner if they can eliminate all the workers of the other player.")
    store = GameStore(tmp_path)
    _, log = store.create("rise/game", "Red v Blue")
    s = Session(log, RiseRules())
    s.do({"type": "place", "at": [2, 0]})
    s.do({"type": "tile", "at": [8, 0]})
    s.do({"type": "tile", "at": [9, 0]})
    s.do({"type": "place", "at": [3, 0]})
    s.do({"type": "eliminate", "sacrifice": [[1, 0], [2, 0]], "target": [6, 0]})
    assert s.state.winner == "red" and s.state.reason == "elimination"
    with pytest.raises(RiseIllegal):
        s.do({"type": "tile", "at": [10, 0]})
    s.undo()
    assert s.state.winner is None and s.state.player == "red" and s.state.actions_left == 1
    s.redo()
    assert s.state.winner == "red"
    again = Session(store.open(log.path.stem), RiseRules())
    assert again.state == s.state


def test_a_jump_can_take_the_last_worker():
    p = custom({(0, 0)}, {(1, 0)})
    p = do(p, type="jump", **{"from": [0, 0], "over": [1, 0]})
    assert p.winner == "red" and p.of("blue") == frozenset()


def test_start_is_what_the_log_begins_with():
    assert RiseRules().initial() == start()


def test_a_whole_game_from_the_start_to_three_complete_towers(rise_rulebook):
    quote(rise_rulebook, "The first player to construct 3 towers, or eliminate their opponent's workers, wins.")
    from companion.hexgrid import neighbours

    centres = [(1, -2), (3, -2), (2, -4)]
    cells = {h for c in centres for h in neighbours(c)}
    p = start()
    # red's plan: the land first (each new tile beside the land), then Workers outward from (1, 0)
    land = []
    have = set(p.tiles)
    todo = (cells | set(centres)) - have
    while todo:
        h = min(x for x in todo if any(n in have for n in neighbours(x)))
        land.append(h)
        have.add(h)
        todo.discard(h)
    workers, group, todo = [], {(1, 0)}, set(cells)
    while todo:
        h = min(x for x in todo if any(n in group for n in neighbours(x)))
        workers.append(h)
        group.add(h)
        todo.discard(h)
    plan = [{"type": "tile", "at": list(h)} for h in land] + [{"type": "place", "at": list(h)} for h in workers]
    blue_at, blue_to = (6, 0), (7, 0)
    seen: dict[tuple, list[int]] = {}
    while not p.over:
        if p.player == "red":
            action = plan.pop(0) if plan else {"type": "move", "from": [1, 0], "to": [0, 0]}
            if not plan and action["type"] == "move" and (1, 0) not in p.of("red"):
                action = {"type": "move", "from": [0, 0], "to": [1, 0]}
            p = apply(p, action)
        else:
            p = apply(p, {"type": "move", "from": list(blue_at), "to": list(blue_to)})
            blue_at, blue_to = blue_to, blue_at
        for t in p.towers:
            seen.setdefault(t.at, [])
            if not seen[t.at] or seen[t.at][-1] != t.tiers:
                seen[t.at].append(t.tiers)
        assert p.turn < 60
    assert p.winner == "red" and p.reason == "towers"
    assert all(seen[c] == [1, 2, 3] for c in centres)  # one tier per turn, never lost
    assert p.complete_towers("red") == 3 and len(p.tiles) == 12 + len(land)
