"""The Fantastic Event panel of the Game screen, without a browser: a game on a World with Tales
played to a Recycling phase where every hand is empty, each event resolved by buttons, steppers and
a tap on the board, then the token passes (the phones: tests/ui/test_seat_events.py)."""

import pytest
from conftest import quote

from companion.drawing import Text
from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.rise_and_fall.screens.tale_panels import tale_board_scene
from companion.rise_and_fall.variants.tales import fantastic as F
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales
from companion.rise_and_fall.world.views import WorldStyle
from companion.rise_and_fall.world.world import top_terrain
from companion.ui.app import App


@pytest.fixture
def app(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.load_layout(generate_with_tales(3, 11, (1, 19, 23)).to_dict())
    return a


def widgets(w):
    yield w
    for c in getattr(w, "children", []):
        yield from widgets(c)


def find(screen, css):
    found = [w for w in widgets(screen.controls) if css in getattr(w, "_dom_classes", ())]
    assert found, f"no {css}"
    return found


def to_recycling(app):
    app.setup.start_btn.click()
    g = app.hub.game
    used = set()
    terrain = top_terrain(g.tiles)
    while g.phase == "placement":
        piece = app.setup.piece.value
        space = next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier" and s not in used)
        used.add(space)
        app.setup.tap_space(space)
        g = app.hub.game
    for _ in range(3):
        for i in g.order():
            app.hub.do({"type": "play", "player": i, "card": app.hub.game.civs[i].hand[0]})
        while app.hub.game.phase == "B":
            app.hub.do({"type": "end-turn", "player": app.hub.game.acting})
        while app.hub.game.phase == "D":
            app.hub.do({"type": "pass", "player": app.hub.game.to_move()[0]})
    return app.hub.game


def test_the_event_panel_resolves_each_event_in_order(app):
    g = to_recycling(app)
    screen = app.game
    assert g.phase == "E" and g.tale_play.events == (1, 19, 23)
    first = g.first
    text = " ".join(getattr(w, "value", "") for w in widgets(screen.controls) if isinstance(getattr(w, "value", None), str))
    assert "Fantastic Event" in text and "The Dragon (1)" in text and f"resolved by <b>{g.civs[g.first].name}</b>" in text
    # the Dragon: one of Cathy's Nomads destroyed, then a tap on a Glacier space of the board
    boxes = find(screen, "rf-event-destroyed")
    cathy = next(b for b in boxes if b.description.startswith(g.civs[1].name + "'s Nomads"))
    cathy.value = 1
    glacier = next(s for s, t in sorted(top_terrain(g.tiles).items()) if t == "glacier")
    screen.events.tap_space(glacier)
    assert "goes to the Space outlined" in screen.events.msg.value
    find(screen, "rf-event-resolve")[0].click()
    g = app.hub.game
    assert g.tale_play.events == (19, 23) and g.civs[1].count("nomad") == 0 and F.where(g, "dragon") == glacier
    assert g.civs[1].where("nomad") == "reserve"
    # the Typhoon: a piece laid down; a tap on a Space that is not allowed gets the rule's sentence
    laid = next(b for b in find(screen, "rf-event-laid") if b.description.startswith(g.civs[0].name + "'s Cities"))
    laid.value = 1
    screen.events.tap_space(F.where(g, "typhoon"))
    find(screen, "rf-event-resolve")[0].click()
    assert "moves to another Space" in screen.message.value and app.hub.game.tale_play.events == (19, 23)
    assert next(b for b in find(screen, "rf-event-laid") if b.description.startswith(g.civs[0].name + "'s Cities")).value == 1
    forest = next(s for s, t in sorted(top_terrain(g.tiles).items()) if t == "forest")
    screen.events.tap_space(forest)
    find(screen, "rf-event-resolve")[0].click()
    g = app.hub.game
    assert g.tale_play.events == (23,) and g.tale_play.laid == ((0, "city", 1),)
    assert "Laid on their side" in screen.guilds.value
    # the Volcano: an orientation is chosen, then the token passes
    pick = find(screen, "rf-volcano-orientation")[0]
    pick.value = "south-west"
    find(screen, "rf-event-resolve")[0].click()
    g = app.hub.game
    assert g.phase == "A" and g.tale_play.volcano == "south-west" and g.first == (first + 1) % 3
    assert "the Volcano lies active side up (lava flows), its lava flows pointing south-west" in screen.guilds.value
    assert "The First Player token passes" in screen.message.value


def test_the_board_draws_the_tale_pieces_and_the_creatures(app):
    g = to_recycling(app)
    scene = tale_board_scene(g, WorldStyle(hex_size=18))
    labels = {i.text for i in scene.items if isinstance(i, Text)}
    assert "Typhoon" in labels and "D" not in labels
    glacier = next(s for s, t in sorted(top_terrain(g.tiles).items()) if t == "glacier")
    app.hub.do({"type": "fantastic-event", "tale": 1, "to": list(glacier)})
    labels = {i.text for i in tale_board_scene(app.hub.game, WorldStyle(hex_size=18)).items if isinstance(i, Text)}
    assert "D" in labels  # the Dragon where it was moved
    setup_labels = {i.text for i in app.setup.scene().items if isinstance(i, Text)}
    assert "Typhoon" in setup_labels and "D" in setup_labels


def test_the_special_areas_controls_for_the_acting_player():
    """The Caravansary's claim, Storm Peak's lay-down, the Monastery's distance and the Doppelganger's
    House: each sends the action the tracker accepts."""
    import random

    from rise_and_fall.test_tracker import acting, started

    from companion.rise_and_fall.play.tracker import TrackerRules
    from companion.rise_and_fall.screens.tale_panels import TalePlay
    from companion.rise_and_fall.state.records import replace

    rules = TrackerRules()
    state = {"g": acting(replace(started(), world_tales=(11, 16, 17, 22)), 0, "merchant", pieces={"merchant": 1}, gold=20)}
    sent = []

    def send(a):
        state["g"] = rules.apply(state["g"], a)
        sent.append(a)
        return True

    def can(a):
        try:
            rules.apply(state["g"], a)
            return True
        except Exception:
            return False

    panel = TalePlay(lambda: state["g"], send, can, random.Random(3), lambda: None)
    kinds = {c for w in panel.controls(0, "merchant") for c in w._dom_classes}
    assert {"rf-caravansary", "rf-lay-down", "rf-house-draw"} <= kinds
    next(w for w in panel.controls(0, "merchant") if "rf-caravansary" in w._dom_classes).click()
    assert state["g"].tale_play.doubled and state["g"].act_limit == 2
    next(w for w in panel.controls(0, "merchant") if "rf-lay-down" in w._dom_classes).click()
    assert state["g"].tale_play.laid == ((0, "merchant", 1),)
    next(w for w in panel.controls(0, "merchant") if "rf-house-draw" in w._dom_classes).click()
    keep = [w for w in panel.controls(0, "merchant") if "rf-house-keep" in w._dom_classes]
    assert len(keep) == 3 and keep[0].description.startswith("Keep the ")
    keep[1].click()
    assert len(state["g"].civs[0].guilds) == 1 and state["g"].civs[0].gold == 10
    state["g"] = acting(replace(started(), world_tales=(10, 16)), 0, "temple", pieces={"temple": 1}, gold=20)
    widgets_ = panel.controls(0, "temple")
    assert any("Dolmens: The Dolmens protect" in str(getattr(w, "value", "")) for w in widgets_)
    panel.distance.value = 3
    assert panel.amend({"type": "act", "player": 0, "action": "temple-convert-nomad", "target": 1})["distance"] == 3
    send(panel.amend({"type": "act", "player": 0, "action": "temple-convert-nomad", "target": 1}))
    assert state["g"].civs[0].gold == 14  # 2 GP × 3


def test_the_game_screen_shows_the_world_with_its_tale_pieces(app, rulebook_text):
    quote(rulebook_text, "The last player to place their third game piece during the deployment phase also places the Dragon on an "
                         "empty Glacier space of their choice.")
    view = app.game.world_view
    assert view.widget.layout.display == "none" and view._board is None  # no game yet: nothing to show
    g = to_recycling(app)
    assert view.widget.selected_index == 0  # the Dragon waits for its Space: the view opened by itself
    labels = {i.text for i in view.board.scene.items if isinstance(i, Text)}
    assert "Typhoon" in labels and "Volcano" in labels and "D" not in labels
    assert "Place the Dragon" in view.place_box.children[0].value
    terrain = top_terrain(g.tiles)
    view.tap_space(next(s for s, t in sorted(terrain.items()) if t == "sea"))
    assert "the Dragon goes to an empty Glacier space" in app.game.message.value
    glacier = [s for s, t in sorted(terrain.items()) if t == "glacier"]
    view.tap_space(glacier[0])
    assert F.where(app.hub.game, "dragon") == glacier[0] and not view.place_box.children
    labels = {i.text for i in view.board.scene.items if isinstance(i, Text)}
    assert "D" in labels  # the Dragon drawn where it stands
    other = next(s for s in glacier if not any(s in t.cells and glacier[0] in t.cells for t in g.tiles))
    app.hub.do({"type": "fantastic-event", "tale": 1, "to": list(other)})
    assert F.where(app.hub.game, "dragon") == other
    with pytest.raises(Exception, match="already in the World"):
        app.hub.do({"type": "place-creature", "piece": "dragon", "q": glacier[0][0], "r": glacier[0][1]})


def test_a_seat_phone_offers_its_players_special_area_actions(tmp_path, monkeypatch):
    """On the acting player's phone: the Waterfall's Improved Production and Storm Peak's laying down;
    in a Recycling phase with Fantastic Events, the First Player's phone offers them."""
    import ipywidgets as W

    from companion.seats import Seats

    monkeypatch.delenv("QUERY_STRING", raising=False)
    tablet = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    tablet.world.load_layout(generate_with_tales(3, 5, (11, 19, 20)).to_dict())
    g = to_recycling(tablet)
    assert g.tale_play.events == (19,)
    first = g.first
    token = Seats(tablet.hub.session.log).all()[first].token
    monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={token}")
    phone = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    monkeypatch.delenv("QUERY_STRING")
    said = " ".join(str(w.value) for w in widgets(phone.widget) if isinstance(w, W.HTML))
    assert f"resolved by <b>{g.civs[first].name}</b>, who has the First Player token" in said  # the event panel
    tablet.hub.do({"type": "fantastic-event", "tale": 19})
    for i in tablet.hub.game.order():
        tablet.hub.do({"type": "play", "player": i, "card": "nomad"})
    g = tablet.hub.game
    assert g.acting == g.first
    token = Seats(tablet.hub.session.log).all()[g.acting].token
    monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={token}")
    phone = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    monkeypatch.delenv("QUERY_STRING")
    found = {c for w in widgets(phone.widget) for c in getattr(w, "_dom_classes", ())}
    assert {"rf-act-nomad-waterfall", "rf-lay-down"} <= found
    wf = next(w for w in widgets(phone.widget) if "rf-act-nomad-waterfall" in getattr(w, "_dom_classes", ()))
    assert "a Nomad in the bottom space of the Waterfall" in wf.description
    wf.click()
    tablet.poll()
    assert tablet.hub.game.civs[g.acting].wood == 2


def test_the_last_action_leaves_storm_peak_s_lay_down_on_screen(tmp_path):
    """The last Nomad acted, but Storm Peak may still lay it down: the actions do not end with
    that tap, the lay-down and End stay offered."""
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.load_layout(generate_with_tales(3, 11, (11, 19, 23)).to_dict())
    a.setup.start_btn.click()
    g = a.hub.game
    used = set()
    terrain = top_terrain(g.tiles)
    while g.phase == "placement":
        piece = a.setup.piece.value
        space = next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier" and s not in used)
        used.add(space)
        a.setup.tap_space(space)
        g = a.hub.game
    for i in g.order():
        a.hub.do({"type": "play", "player": i, "card": "nomad"})
    g = a.hub.game
    first = g.acting
    assert g.phase == "B" and g.act_limit == 1
    acts = [w for w in widgets(a.game.controls) if "rf-act" in getattr(w, "_dom_classes", ()) and not w.disabled]
    assert acts and find(a.game, "rf-lay-down")
    acts[0].click()
    assert a.hub.game.acting == first and a.hub.game.activations == 1, a.game.message.value
    assert find(a.game, "rf-lay-down") and find(a.game, "rf-end-turn")
