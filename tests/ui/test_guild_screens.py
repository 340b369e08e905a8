"""The Guild variant on the screens, without a browser: the draft on Setup, the guilds and their
actions on the Game screen, a reload in the middle of the draft, the guild lines on the Scores."""

import ipywidgets as W
import pytest

from companion.rise_and_fall.variants.guilds import guilds as G
from companion.ui.app import App
from ui.test_game_screens import find, place_all_first_pieces


@pytest.fixture
def app(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.n_players.value = 3
    a.world.seed.value = 4
    a.world.random_btn.click()
    return a


def draft_buttons(app):
    return [w for w in app.setup.draft.widget.children]


def choose(app, keep_first: int):
    """The player holding the tablet shows their cards, keeps the first ``keep_first``, gives the next."""
    d = app.setup.draft
    for w in d.widget.children:
        if "rf-guild-show" in getattr(w, "_dom_classes", ()):
            w.click()
    picks = [w.children[1] for w in d.widget.children if isinstance(getattr(w, "children", None), tuple) and len(w.children) == 2
             and "rf-guild-pick" in getattr(w.children[1], "_dom_classes", ())]
    assert len(picks) == 3
    values = ["keep"] * keep_first + ["give"]
    for p, v in zip(picks, values):
        p.value = v
    next(w for w in d.widget.children if "rf-guild-choose" in getattr(w, "_dom_classes", ())).click()


def test_setup_with_guilds_draft_then_first_pieces(app, tmp_path):
    app.go_to("Setup")
    s = app.setup
    s.with_guilds.value = True
    assert s.level_box.layout.display != "none" and s.level_names[0].value == "Red"
    s.levels[2].value = "novice"
    s.first_pick.value = 2  # Green, the novice, chooses first
    s.rng.seed(3)
    s.start_btn.click()
    g = app.hub.game
    assert g.phase == "guilds" and g.levels == ("normal", "normal", "novice")
    assert s.form.layout.display == "none"
    assert G.guild(g.dealt[0][0]).name not in str([getattr(w, "value", "") for w in s.draft.widget.children])  # face down until asked
    first = g.to_move()[0]
    assert first == 2
    choose(app, 1)
    assert "Green plays as novice: they keep 2 Guild cards, not 1." in s.message.value  # a sentence; nothing changes
    assert app.hub.game.chosen == ()
    choose(app, 2)
    assert "Pass the tablet to" in s.message.value
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # a reload mid-draft
    assert again.hub.game.chosen == app.hub.game.chosen
    assert again.room.resume("game", again.hub.id) == "Setup"  # Continue opens the draft where it was
    assert any("rf-guild-show" in getattr(w, "_dom_classes", ()) for w in again.setup.draft.widget.children)
    while app.hub.game.phase == "guilds":
        i = app.hub.game.to_move()[0]
        choose(app, 2 if app.hub.game.levels[i] == "novice" else 1)
    g = app.hub.game
    assert g.phase == "placement"
    assert len(g.civs[first].guilds) == 3 and sum(len(c.guilds) for c in g.civs) == 7  # 1+1, 1+1, 2+1
    place_all_first_pieces(app)
    screen = app.game
    for c in g.civs:
        for gid in c.guilds:
            assert G.guild(gid).name in screen.guilds.value and G.guild(gid).power.split(";")[0][:30] in screen.guilds.value


def test_a_guild_action_is_offered_only_to_its_owner(app):
    hub = app.hub
    deal = [["lumberjacks", "mercenaries", "farmers"], ["miners", "archivists", "druids"], ["winged", "snowmen", "scholars"]]
    hub.new({"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"), ("Jo", "green"))],
             "first": 0, "world": app.world.build.layout().to_dict(), "tracker_version": 3,
             "guilds": {"levels": ["novice", "experienced", "experienced"], "dealt": deal}})
    hub.do({"type": "guild-choice", "player": 0, "keep": ["lumberjacks", "mercenaries"], "give": "farmers"})
    hub.do({"type": "guild-choice", "player": 1, "keep": [], "give": "miners"})
    hub.do({"type": "guild-choice", "player": 2, "keep": [], "give": "snowmen"})
    assert [c.guilds for c in hub.game.civs] == [("lumberjacks", "mercenaries", "snowmen"), ("farmers",), ("miners",)]
    place_all_first_pieces(app)
    screen = app.game

    def turn(card, act=None, count=None):
        for i in hub.game.order():
            hub.do({"type": "play", "player": i, "card": card})
        screen.refresh()
        if count is not None:
            screen.count.value = count  # the count is entered once the card's actions are on screen
        if act:
            find(screen, f"rf-act-{act}").click()  # Eric, the First player, acts first
        while hub.game.phase == "B":
            hub.do({"type": "end-turn", "player": hub.game.acting})

    turn("city", "city-tax-forest")
    turn("ship", "ship-trade", count=2)
    assert hub.game.civs[0].gold == 9
    for i in hub.game.order():
        hub.do({"type": "play", "player": i, "card": "nomad"})
    screen.refresh()
    assert hub.game.acting == 0
    assert "Produce 2 Wood" in find(screen, "rf-act-nomad-wood").description
    attack = find(screen, "rf-act-nomad-attack")
    assert "(5 GP)" in attack.description
    attack.click()
    assert "Mercenaries remove a" in screen.message.value and hub.game.civs[0].gold == 4
    assert hub.game.acting != 0  # Eric's only Nomad has acted: his actions ended with that tap
    screen.refresh()
    labels = [b.description for w in screen.controls.children for b in getattr(w, "children", [])]
    assert "Produce Wood (Nomad in a Forest)" in labels and not any("Attack" in x for x in labels)  # Cathy is no Mercenary
    assert "Eric</b> — <span class='rf-guild'" in screen.guilds.value


def test_the_scores_show_each_guilds_effect_as_a_line(app):
    from companion.rise_and_fall.scoring.position import PlayerState, Position
    from companion.rise_and_fall.scoring.scoring import score
    from companion.rise_and_fall.screens.scores_screen import scorepad_html

    pos = Position({(0, 0): "plains"}, [PlayerState("Red", 40, guilds=["capitalists"]), PlayerState("Blue", 40, guilds=["collectors"], wood=2)], [])
    page = scorepad_html(score(pos))
    assert "Guild: Capitalists" in page and "Guild: Collectors" in page
    assert "tied for the strongest economy: a tie gives no one the bonus" in page
    assert "+4" in page


def test_the_doppelgangers_swap_on_the_game_screen(app):
    hub = app.hub
    deal = [["doppelgangers", "capitalists", "farmers"], ["aquanauts", "archivists", "druids"], ["winged", "snowmen", "scholars"]]
    hub.new({"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"), ("Jo", "green"))],
             "first": 0, "world": app.world.build.layout().to_dict(), "tracker_version": 3,
             "guilds": {"levels": ["normal", "normal", "expert"], "dealt": deal}})
    hub.do({"type": "guild-choice", "player": 0, "keep": ["doppelgangers"], "give": "farmers"})
    hub.do({"type": "guild-choice", "player": 1, "keep": ["aquanauts"], "give": None})
    hub.do({"type": "guild-choice", "player": 2, "keep": [], "give": "winged"})
    assert [c.guilds for c in hub.game.civs] == [("doppelgangers", "winged"), ("aquanauts", "farmers"), ()]
    place_all_first_pieces(app)
    screen = app.game
    for card, act, n in (("city", "city-tax-forest", 0), ("ship", "ship-trade", 3)):
        for i in hub.game.order():
            hub.do({"type": "play", "player": i, "card": card})
        screen.refresh()
        screen.count.value = n
        find(screen, f"rf-act-{act}").click()
        while hub.game.phase == "B":
            hub.do({"type": "end-turn", "player": hub.game.acting})
    assert hub.game.phase == "E" and hub.game.to_move() == [0] and hub.game.civs[0].gold == 12
    screen.refresh()
    labels = [w.children[0].description for w in screen.controls.children if getattr(w, "children", None) and hasattr(w.children[0], "description")]
    assert "Take the Aquanauts of Cathy" in labels and "Take the Farmers of Cathy" in labels
    row = next(w for w in screen.controls.children if getattr(w, "children", None) and getattr(w.children[0], "description", "") == "Take the Aquanauts of Cathy")
    removed = row.children[1]  # how many of Cathy's Nomads stood at sea
    assert removed.max == 1 and "Nomads on sea" in removed.description
    removed.value = 1
    row.children[0].click()
    g = hub.game
    assert g.civs[0].guilds == ("aquanauts", "winged") and g.civs[1].guilds == ("doppelgangers", "farmers")
    assert g.civs[1].count("nomad") == 0 and g.civs[0].gold == 2 and g.phase == "A"
    assert "takes the Aquanauts from Cathy" in screen.message.value
    screen.refresh()
    assert "rf-swap" not in str([getattr(w, "_dom_classes", ()) for w in screen.controls.children])


def test_a_position_file_with_guilds_opens_on_the_scores_with_their_lines(app):
    import json

    from companion.rise_and_fall.scoring.samples import random_end_position
    from companion.rise_and_fall.scoring.scoring import score
    from companion.rise_and_fall.world.layout import parse

    lay = parse(app.world.build.layout().to_dict())
    pos = next(p for p in (random_end_position(lay, seed) for seed in range(7, 200))  # one with a Temple in a Forest
               if any(pc.type == "temple" and p.terrain[pc.space] == "forest" for pc in p.pieces))
    pos.players[0].guilds = ["farmers", "collectors"]
    pos.players[0].wood = 8
    pos.players[1].guilds = ["trophy-hunters"]
    pos.layout = lay
    forest_temples = [pc for pc in pos.pieces if pc.type == "temple" and pos.terrain[pc.space] == "forest"]
    assert forest_temples  # in a game with Guilds a Temple stands in a Forest only for the Druids
    app.scores.open_position(pos.dumps().encode(), "guilds.json")
    assert "a temple cannot stand on forest; it stands on mountain or plains" in app.scores.message.value
    pos.pieces = [pc for pc in pos.pieces if pc not in forest_temples]
    expected = score(pos)
    app.scores.open_position(pos.dumps().encode(), "guilds.json")
    e = app.scores.entry
    assert [p.guilds for p in e.players][:2] == [["farmers", "collectors"], ["trophy-hunters"]] and e.players[0].wood == 8
    got = e.full_score()
    assert [p.total for p in got.players] == [p.total for p in expected.players]
    assert got.players[0].guild_lines[1].vp == 16  # 8 Wood stored, 2 VP each
    assert json.loads(pos.dumps())["players"][0]["guilds"] == ["farmers", "collectors"]


def test_a_guild_players_phone_offers_their_guild_actions(tmp_path, monkeypatch):
    from companion.seats import Seats

    monkeypatch.delenv("QUERY_STRING", raising=False)
    tablet = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    tablet.world.n_players.value = 2
    tablet.world.seed.value = 4
    tablet.world.random_btn.click()
    hub = tablet.hub
    deal = [["lumberjacks", "mercenaries", "archivists"], ["miners", "farmers", "druids"]]
    hub.new({"type": "setup", "players": [{"name": "Eric", "colour": "red"}, {"name": "Cathy", "colour": "yellow"}],
             "first": 0, "world": tablet.world.build.layout().to_dict(), "tracker_version": 3,
             "guilds": {"levels": ["normal", "normal"], "dealt": deal}})
    hub.do({"type": "guild-choice", "player": 0, "keep": ["lumberjacks"], "give": "archivists"})
    token = Seats(hub.session.log).ensure(2)[0].token
    monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={token}")
    phone = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    monkeypatch.delenv("QUERY_STRING")
    page = [getattr(w, "value", "") for w in _walk(phone.widget)]
    assert any("Placed face down: you keep Lumberjacks; the Archivists lies face down in front of Cathy." in str(x) for x in page)
    hub.do({"type": "guild-choice", "player": 1, "keep": ["miners"], "give": "farmers"})
    place_all_first_pieces(tablet)
    for i in (0, 1):
        hub.do({"type": "play", "player": i, "card": "nomad"})
    phone.poll()
    labels = [w.description for w in _walk(phone.widget) if isinstance(w, W.Button)]
    assert "Produce 2 Wood (Nomad in a Forest)" in labels, labels  # Eric's phone: the Lumberjacks' yield


def _walk(w):
    yield w
    for c in getattr(w, "children", ()):
        yield from _walk(c)


def test_the_game_screens_header_folds_the_guilds_powers(app):
    """With the Guilds the header is one line of who holds which card; the powers' sentences open
    from it, so the acting player's buttons are not pushed below the fold."""
    hub = app.hub
    deal = [["lumberjacks", "mercenaries", "farmers"], ["miners", "archivists", "druids"], ["winged", "snowmen", "scholars"]]
    hub.new({"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"), ("Jo", "green"))],
             "first": 0, "world": app.world.build.layout().to_dict(), "tracker_version": 3,
             "guilds": {"levels": ["novice", "experienced", "experienced"], "dealt": deal}})
    hub.do({"type": "guild-choice", "player": 0, "keep": ["lumberjacks", "mercenaries"], "give": "farmers"})
    hub.do({"type": "guild-choice", "player": 1, "keep": [], "give": "miners"})
    hub.do({"type": "guild-choice", "player": 2, "keep": [], "give": "snowmen"})
    place_all_first_pieces(app)
    app.game.refresh()
    shown = app.game.guilds.value
    assert shown.startswith("<details class='rf-guilds rf-guilds-folded' data-rf-fold='guild-powers'><summary") and "<details open" not in shown
    summary, powers = shown.split("</summary>", 1)
    for c in hub.game.civs:
        for gid in c.guilds:
            assert G.guild(gid).name in summary  # who holds which card, on the folded line
            assert G.guild(gid).power.split(";")[0][:30] not in summary and G.guild(gid).power.split(";")[0][:30] in powers
