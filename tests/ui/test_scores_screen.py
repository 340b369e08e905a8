"""The Scores and History screens without a browser."""

import pytest

from companion.rise_and_fall.scoring.samples import random_end_position
from companion.rise_and_fall.scoring.scoring import score
from companion.ui.app import App


@pytest.fixture
def app(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.n_players.value = 4
    a.world.seed.value = 1
    a.world.random_btn.click()
    return a


def test_score_the_world_by_entering_pieces_and_by_the_fast_path(app):
    sc = app.scores
    sc.from_world_btn.click()
    e = sc.entry
    assert e.started and len(e.players) == 4
    from companion.rise_and_fall.world.layout import parse

    lay = parse(app.world.build.layout().to_dict())
    pos = random_end_position(lay, 7)
    names = [p.name for p in e.players]
    for k, p in enumerate(pos.players):  # books by hand
        sc.send({"type": "books", "player": k, "gold": p.gold, "trophies": p.trophies, "decline": p.decline})
    for pc in pos.pieces:
        sc.who.value = names[["Red", "Yellow", "Green", "Blue"].index(pc.player)]
        sc.piece.value = pc.type
        sc.tap_space(pc.space)
    full = sc.current_score()
    renamed = {o: n for o, n in zip(["Red", "Yellow", "Green", "Blue"], names)}
    expected = score(pos)
    assert [p.total for p in full.players] == [p.total for p in expected.players]
    assert "Winner" in sc.pad.value or "Shared victory" in sc.pad.value
    # the fast path on the same game gives the same totals
    sc.mode.value = "fast"
    for k, r in enumerate(full.regions):
        sc.region = k
        sc.vote(r.controller)
    fast = sc.current_score()
    assert [p.total for p in fast.players] == [p.total for p in full.players]
    sc.finish_btn.click()
    assert sc.entry.finished
    app.go_to("History")
    assert "1 finished game" in app.history.body.value
    assert "Random 4-player World, seed 1" in app.history.body.value  # the World's name is kept
    sc.export_btn.click()
    assert "scores.csv" in sc.downloads.value and "position.json" in sc.downloads.value
    _ = renamed


def test_wrong_taps_are_sentences(app):
    sc = app.scores
    sc.from_world_btn.click()
    sea = next(s for s, t in app.world.build.world.terrain_map().items() if t == "sea")
    sc.piece.value = "city"
    sc.tap_space(sea)
    assert "cannot stand on sea" in sc.message.value
    sc.take_away.value = True
    sc.tap_space(sea)
    assert "no piece on that space" in sc.message.value


def test_scoring_entry_survives_a_reload(app, tmp_path):
    sc = app.scores
    sc.from_world_btn.click()
    land = next(s for s, t in app.world.build.world.terrain_map().items() if t == "plains")
    sc.piece.value = "city"
    sc.tap_space(land)
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    assert again.scores.entry.pieces == sc.entry.pieces


def test_bad_position_upload_is_a_sentence(app):
    app.scores.open_position(b"{not json", "p.json")
    assert "p.json is not valid JSON" in app.scores.message.value


def test_an_extinct_player_is_marked_as_lost_and_never_wins(app, rulebook_text):
    import sys
    from dataclasses import replace
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from conftest import quote

    from companion.rise_and_fall.play.tracker import TrackerRules
    from companion.rise_and_fall.scoring.endgame import from_tracker

    quote(rulebook_text, "That player has lost the game.")
    names = [{"name": n, "colour": c} for n, c in zip(["Ann", "Bo", "Cy", "Di"], ["red", "yellow", "green", "blue"])]
    g = TrackerRules().apply(TrackerRules().initial(), {"type": "setup", "players": names, "world": app.world.build.layout().to_dict()})
    civs = list(g.civs)
    civs[0] = replace(civs[0], extinct=True, trophies=("ship", "temple"))  # most VP, but extinct
    start = from_tracker(replace(g, civs=tuple(civs)))
    assert start["players"][0]["extinct"] is True
    sc = app.scores
    sc._new(start)
    sc.mode.value = "fast"
    s = sc.current_score()
    assert s.player("Ann").extinct and "Ann" not in s.winners
    assert "extinct: has lost the game" in sc.pad.value and "Ann: extinct, has lost the game" in sc.pad.value


def test_the_fast_path_by_player_is_a_tap_per_controlled_region(app):
    """Choose a player, tap the chip of every Region they control; one tap says the rest are
    nobody's. The totals are those of every piece entered, each chip outlined in its player's
    colour, and the World numbers its Regions as the chips do. Final still refuses while a
    Region has not been tapped."""
    sc = app.scores
    sc.from_world_btn.click()
    names = [p.name for p in sc.entry.players]
    pos = random_end_position(app.world.build.layout(), 7)
    truth = score(pos)
    renamed = dict(zip([p.name for p in pos.players], names))
    for pc in pos.pieces:  # the full path gives the reference totals (Development too)
        sc.who.value, sc.piece.value = renamed[pc.player], pc.type
        sc.tap_space(pc.space)
    full = [p.territories for p in sc.current_score().players]
    sc.mode.value = "fast"
    assert sc.paint_box.layout.display != "none" and len(sc.chips.children) == len(truth.regions)
    assert [o[1] for o in sc.painter.options] == names + [""] and sc.painter.value == names[0]
    assert sc.chips.children[4].description.startswith("5 ")
    texts = [t for t in sc.scene().items if getattr(t, "text", None) == "5"]
    assert texts, "the World shows each Region's number"
    sc.finish_btn.click()
    assert not sc.entry.finished and "still need a majority" in sc.message.value
    taps = 0
    for name in names:
        sc.painter.value = name
        for k, r in enumerate(truth.regions):
            if r.controller and renamed[r.controller] == name:
                sc.chips.children[k].click()
                taps += 1
                assert sc.region == k  # the Region tapped is shown on the World
                assert sc.chips.children[k].layout.border.startswith("4px solid #")
    assert taps == sum(1 for r in truth.regions if r.controller) < len(truth.regions)
    untapped = [k for k, b in enumerate(sc.chips.children) if not b.layout.border]
    assert untapped and all(truth.regions[k].controller is None for k in untapped)
    # the rest are nobody's: one tap
    next(b for b in sc.votes.children if "rf-rest-empty" in b._dom_classes).click()
    assert [p.territories for p in sc.current_score().players] == full
    assert all(sc.chips.children[k].layout.border.startswith("4px dashed") for k in untapped)
    sc.painter.value = ""  # a wrong tap is mended by tapping again for another: nobody
    sc.chips.children[0].click()
    assert dict(sc.entry.votes)[0] is None
    sc.finish_btn.click()
    assert sc.entry.finished and sc.entry.path == "fast"


def test_final_refused_says_why_right_under_final(app):
    """The player taps Final scrolled down at the scorepad: the refusal is under Final, not
    only in the screen's message at the top."""
    sc = app.scores
    sc.from_world_btn.click()
    sc.mode.value = "fast"  # no majority tapped yet
    left = len(sc.entry.regions_to_vote())
    assert left > 1
    sc.finish_btn.click()
    assert not sc.entry.finished
    kids = list(sc.pad_pane.children)
    under = kids[kids.index(sc.finish_btn) + 1]
    assert f"{left} Regions still need a majority tapped" in under.value and "rf-msg-error" in under.value
    assert "rf-answer" in under._dom_classes  # the page brings a refusal there into view
    sc.region = 0
    sc.vote(sc.entry.players[0].name)  # the scoring moves on: Final's refusal was about before
    assert under.value == ""


def test_after_a_fast_path_final_the_region_buttons_are_not_active(app):
    sc = app.scores
    sc.from_world_btn.click()
    sc.mode.value = "fast"
    sc.send({"type": "rest-empty"})
    regions = sc.entry.regions()
    assert not sc.entry.regions_to_vote() and len(regions) > 1
    chips = list(sc.chips.children)
    assert chips and not any(b.disabled for b in chips) and not any(b.disabled for b in sc.votes.children)
    sc.finish_btn.click()
    assert sc.entry.finished
    assert all(b.disabled for b in sc.chips.children), "a Region chip still looks tappable"
    assert all(b.disabled for b in sc.votes.children) and sc.painter.disabled and sc.votes.children
