"""Setup and Game screens without a browser: buttons clicked, taps on Spaces, reloads."""

import html
import re

import ipywidgets as W
import pytest

from companion.rise_and_fall.scoring.position import STANDS_ON
from companion.ui.app import App


@pytest.fixture
def app(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    a.world.n_players.value = 3
    a.world.seed.value = 4
    a.world.random_btn.click()
    return a


def start_another_game(setup) -> None:
    """Setup's Start while a game is being played: it asks first, and the answer is yes."""
    setup.start_btn.click()
    for row in setup.leave.widget.children:
        for b in getattr(row, "children", ()):
            if "rf-leave-yes" in getattr(b, "_dom_classes", ()):
                b.click()
                return


def place_all_first_pieces(app):
    g = app.hub.game
    used = set()
    terrain = app.world.build.world.terrain_map()
    while g.phase == "placement":
        civ = g.civs[g.to_move()[0]]
        piece = app.setup.piece.value
        space = next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier" and s not in used)
        used.add(space)
        app.setup.tap_space(space)
        g = app.hub.game
        assert civ.count(piece) == 0


def test_setup_needs_a_world(tmp_path):
    a = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # only the Starting Seas
    a.setup.start_btn.click()
    assert "Build the World first" in a.setup.message.value
    assert a.hub.session is None
    # said right under Start the game, where the finger is (it was at the top of the screen, 470 px above)
    kids = list(a.setup.form.children)
    assert kids.index(a.setup.message) == kids.index(a.setup.start_btn) + 2  # under Start and its question's place
    assert kids.index(a.setup.leave.widget) == kids.index(a.setup.start_btn) + 1


def test_setup_then_first_pieces_then_the_game_screen_opens(app):
    app.go_to("Setup")
    app.setup.start_btn.click()
    g = app.hub.game
    assert g.phase == "placement" and len(g.civs) == 3
    first = g.civs[g.first].name
    assert first in app.setup.status.value
    app.setup.tap_space((99, 99))
    assert "not in the World" in app.setup.message.value
    place_all_first_pieces(app)
    assert app.hub.game.phase == "A"
    assert app.nav.value == "Game"
    # the last piece placed is said on the screen the table now looks at (the tablet was silent)
    said = app.game.message.value
    assert "placed a" in said and "Every player has placed their three pieces: turn 1 begins." in said


def test_a_turn_by_buttons(app):
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    screen = app.game
    g = app.hub.game
    for i in g.order():
        screen_buttons = [b for row in screen.controls.children for b in getattr(row, "children", []) if hasattr(b, "description")]
        city = next(b for b in screen_buttons if "rf-play-city" in b._dom_classes and b in row_of(screen, g.civs[i].name))
        city.click()
    g = app.hub.game
    assert g.phase == "B"
    acting = g.civs[g.acting].name
    tax = find(screen, "rf-act-city-tax-plains")
    assert tax.description == "Taxes, City in a Plain: 2 GP"  # the amount, as the card prints it
    assert find(screen, "rf-act-city-tax-forest").description == "Taxes, City in a Forest: 3 GP"
    assert g.act_limit == 1  # one City on the World: it acts once
    tax.click()
    assert app.hub.game.civs[g.acting].gold == 2
    # every City has acted, so nothing but ending is left: the actions end in the same tap
    assert app.hub.game.acting != g.acting or app.hub.game.phase != "B"
    assert f"{acting}'s actions end: every City has acted" in html.unescape(screen.message.value)
    last = app.hub.session.applied[-1].action  # one tap, one entry of the log: the Tax carries the end
    assert last == {"type": "act", "player": g.acting, "action": "city-tax-plains", "then": "end-actions"}
    screen.undo_btn.click()  # one Undo takes back the tap: the Tax and the end of the actions
    back = app.hub.game
    assert back.acting == g.acting and back.activations == 0 and back.civs[g.acting].gold == 0
    said = html.unescape(screen.message.value)
    assert f"Undone: {acting}" in said and "Tax" in said, said  # what Undo took back, in words
    assert acting in screen.header.value + screen.controls.children[0].value
    assert find(screen, "rf-act-city-tax-plains") and find(screen, "rf-end-turn")  # ending without acting stays a tap
    screen.redo_btn.click()  # Redo brings back the tap: the Tax and the end of the actions
    assert app.hub.game.civs[g.acting].gold == 2 and (app.hub.game.acting != g.acting or app.hub.game.phase != "B")
    assert f"Done again: {acting}" in html.unescape(screen.message.value)


def test_an_action_with_more_to_come_leaves_the_end_to_the_player(app):
    """A card with pieces still to act: each action is a tap, End stays a tap of its own until the
    last piece has acted, and only then do the actions end with it."""
    import random

    from rise_and_fall.test_tracker import legal

    app.setup.start_btn.click()
    place_all_first_pieces(app)
    screen, hub = app.game, app.hub
    rnd = random.Random(5)
    for _ in range(3000):  # play on (legal actions, elsewhere) until a card acts with two pieces or more
        g = hub.game
        if g.phase == "B" and g.act_limit >= 2 and g.activations == 0 and find_any(screen, "rf-act"):
            break
        acts = legal(g)
        hub.do(rnd.choice([a for a in acts if a["type"] != "end-turn"] or acts) if g.phase == "B" and g.activations < g.act_limit
               else rnd.choice([a for a in acts if a["type"] != "act"] or acts))
    else:
        raise AssertionError("no card acted with two pieces")
    i, limit = g.acting, g.act_limit
    for n in range(1, limit + 1):
        before = hub.game
        b = find_any(screen, "rf-act")
        if b is None:
            break
        b.click()
        if n < limit:
            assert hub.game.acting == i and hub.game.activations == n and find(screen, "rf-end-turn"), screen.message.value
        else:
            assert hub.game.acting != i or hub.game.phase != "B" or hub.game.turn != before.turn
            assert hub.session.applied[-1].action.get("then") == "end-actions"


def find_any(screen, css):
    """The first shown button whose classes include ``css`` (any of the card's actions)."""
    stack = list(screen.controls.children)
    while stack:
        w = stack.pop(0)
        if isinstance(w, W.Button) and css in w._dom_classes and not w.disabled:
            return w
        stack.extend(getattr(w, "children", ()))
    return None


def row_of(screen, name):
    for row in screen.controls.children:
        kids = getattr(row, "children", [])
        if kids and name in getattr(kids[0], "value", ""):
            return list(kids)
    return []


def classes(screen):
    out = set()
    for w in screen.controls.children:
        for b in getattr(w, "children", [w]):
            out |= set(getattr(b, "_dom_classes", ()))
            for c in getattr(b, "children", []):
                out |= set(getattr(c, "_dom_classes", ()))
    return out


def find(screen, css):
    for w in screen.controls.children:
        for b in [w, *getattr(w, "children", [])]:
            if css in getattr(b, "_dom_classes", ()):
                return b
    raise AssertionError(f"no {css} among {sorted(classes(screen))}")


def test_the_game_resumes_after_a_reload(app, tmp_path):
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    g = app.hub.game
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    assert again.hub.game == g
    assert "Turn 1" in again.game.header.value


def test_a_saved_game_says_how_far_it_is_once_the_first_pieces_are_placed(app):
    from companion.rise_and_fall.screens.game_screen import progress

    app.setup.start_btn.click()
    assert progress(app.hub.game) == "not begun"
    terrain = app.world.build.world.terrain_map()
    piece = app.setup.piece.value
    app.setup.tap_space(next(s for s, t in sorted(terrain.items()) if t in STANDS_ON[piece] and t != "glacier"))
    assert progress(app.hub.game) == "placing the first pieces (1 piece placed)"
    info = app.hub.store.games("game")[0]
    assert "placing the first pieces" in app.hub.title_of(info)
    place_all_first_pieces(app)
    assert progress(app.hub.game) == "turn 1"


def test_a_saved_game_resumed_is_the_one_a_reload_opens(app, tmp_path):
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    first = app.hub.session.log.path.stem
    start_another_game(app.setup)  # a second game, begun later: the most recently changed
    assert app.hub.session.log.path.stem != first
    top = app.address.value
    app.game.resume(first)  # Saved games: Resume the first
    assert app.hub.session.log.path.stem == first
    assert "Resumed: " in app.game.message.value and "turn 1" in app.game.message.value  # said, not silent
    assert "data-top" in app.address.value and app.address.value != top  # the page shows its top
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    assert again.hub.session.log.path.stem == first  # a reload (or another device) opens it too


def test_pass_the_tablet_shows_a_hand_only_to_the_player_holding_the_tablet(app, tmp_path):
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    screen = app.game
    screen.secret.value = True
    assert app.hub.game.pass_tablet  # the table's choice is in the game's log
    again = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    assert again.game.secret.value is True  # remembered across a reload
    g = app.hub.game
    first = g.order()[0]
    assert "rf-play-city" not in classes(screen)  # nobody's cards show until they ask
    screen.reveal(first)
    assert "rf-play-city" in classes(screen)
    find(screen, "rf-play-city").click()
    assert "Pass the tablet" in screen.message.value
    assert "rf-play-city" not in classes(screen)
    face_down = screen.players.value.split("rf-state-played'")[1].split("<div class='rf-state ")[0]
    assert "Played: one card, face down" in face_down and "rf-card-name" not in face_down
    for i in app.hub.game.to_move():
        screen.reveal(i)
        find(screen, "rf-play-nomad").click()
    assert app.hub.game.phase == "B"  # all revealed together
    acting = app.hub.game.acting
    assert f"<b>{app.hub.game.civs[acting].name}</b>" in screen.acting.value  # the acting player's place, above the buttons
    assert f"<b>{app.hub.game.civs[acting].name}</b>" not in screen.players.value
    played = screen.acting.value.split("rf-state-played'")[1].split("<div class='rf-state ")[0]
    assert "<div class='rf-card-name'>City</div>" in played  # face up now, drawn as a card
    assert "All cards are revealed" in screen.message.value


def test_the_scores_screen_opens_when_the_game_ends(app):
    from dataclasses import replace

    app.setup.start_btn.click()
    place_all_first_pieces(app)
    app.go_to("Game")
    g = app.hub.game
    # the game's last action: a Trophy that reaches the target ends the game at phase F
    from companion.rise_and_fall.play.tracker import _pieces

    civs = list(g.civs)
    civs[0] = replace(_pieces(civs[0], "ship", 3), trophies=("nomad", "city", "temple"), wood=1)
    session = app.hub.session
    session._states[-1] = replace(g, civs=tuple(civs))  # a late-game state, as if replayed
    for i in g.order():
        app.hub.do({"type": "play", "player": i, "card": "nomad"})
    while app.hub.game.phase == "B":
        gg = app.hub.game
        if gg.acting == 0 and gg.civs[0].count("ship") == 4:
            app.hub.do({"type": "act", "player": 0, "action": "nomad-ship"})
        app.hub.do({"type": "end-turn", "player": app.hub.game.acting})
    while app.hub.game.phase == "C":
        i = app.hub.game.to_move()[0]
        app.hub.do({"type": "decline", "player": i, "card": app.hub.game.civs[i].active[0]})
    while app.hub.game.phase == "D":
        i = app.hub.game.to_move()[0]
        app.hub.do({"type": "pass", "player": i})
    assert app.hub.game.phase == "over"
    assert app.nav.value == "Scores"
    assert app.scores.entry.started and app.scores.entry.tracked is not None


def test_merchant_trade_counts_both_kinds_of_city(app, rulebook_text):
    """'Example: The Red Merchant trades with 4 Cities. ... In this case, it gains a total of 16 GP.'"""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from conftest import quote

    quote(rulebook_text, "Effect: The player gains 5 GP for each adjacent opposing City, and 3 GP for each adjacent allied City.")
    quote(rulebook_text, "In this case, it gains a total of 16 GP.")
    from dataclasses import replace

    from companion.rise_and_fall.play.tracker import _pieces, _set

    app.setup.start_btn.click()
    place_all_first_pieces(app)
    g = app.hub.game
    i = g.order()[0]
    civ = _pieces(_pieces(g.civs[i], "merchant", 1), "city", 1)  # a Merchant and a second City
    civ = replace(civ, hand=civ.hand + ("merchant",), reserve=tuple(c for c in civ.reserve if c != "merchant"))
    app.hub.session._states[-1] = _set(g, i, civ)  # a Merchant in the World, as if replayed
    for j in g.order():
        app.hub.do({"type": "play", "player": j, "card": "merchant" if j == i else "city"})
    screen = app.game
    screen.refresh()
    assert "opposing Cities" in screen.count.description and "your Cities" in screen.count2.description
    assert (screen.count.max, screen.count2.max) == (2, 2)  # the World holds 2 opposing Cities and 2 of its own
    screen.count.value, screen.count2.value = 5, 5
    assert (screen.count.value, screen.count2.value) == (2, 2)  # the input offers no more than that
    screen.count.value, screen.count2.value = 2, 2  # four Cities: two opposing, two of its own colour
    find(screen, "rf-act-merchant-trade").click()
    assert app.hub.game.civs[i].gold == 16


def test_the_screen_shows_the_decline_zone_and_the_reserve(app):
    from dataclasses import replace

    from companion.rise_and_fall.play.tracker import _set

    app.setup.start_btn.click()
    place_all_first_pieces(app)
    g = app.hub.game
    civ = g.civs[0]
    app.hub.session._states[-1] = _set(g, 0, replace(civ, hand=("nomad", "city"), decline=("ship",)))
    app.game.refresh()
    assert f"Decline zone: {civ.name} Ship" in app.game.header.value
    assert "1 Nomad in the World, 7 in reserve" in app.game.players.value


def test_a_slow_player_gets_a_random_card(app, rulebook_text):
    from conftest import quote

    quote(rulebook_text, "another player randomly draws a card from the slow player's hand for them to play this turn")
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    g = app.hub.game
    i = g.order()[0]
    hand = g.civs[i].hand
    row = row_of(app.game, g.civs[i].name)
    next(b for b in row if "rf-play-random" in getattr(b, "_dom_classes", ())).click()
    played = app.hub.game.civs[i].played
    assert len(played) == 1 and played[0] in hand


def test_a_second_screen_on_the_same_game_is_told_and_refreshed(app, tmp_path):
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    other = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")  # a second tab
    other.go_to("Game")  # showing the game
    g = app.hub.game
    first = g.order()[0]
    app.game.play(first, g.civs[first].hand[0])
    other.game.play(first, other.hub.game.civs[first].hand[-1])  # stale: it did not see that card played
    assert "another screen" in other.game.message.value
    assert other.hub.game == app.hub.game


def test_a_damaged_game_file_is_listed_with_the_reason(app, tmp_path):
    app.setup.start_btn.click()
    (tmp_path / "d" / "games" / "0000-broken.sqlite").write_bytes(b"garbage" * 100)
    app.go_to("Game")
    app.game.saved.selected_index = 0  # the Saved games panel opened
    texts = " ".join(getattr(w, "value", "") for w in app.game.saved_list.rows.children)
    assert "0000-broken.sqlite is damaged" in texts
    assert app.hub.game.phase == "placement"  # the game itself is untouched


def test_saved_games_are_named_by_players_world_turn_and_date(app):
    """Never a file id: who plays, on which World, how far the game is, and when."""
    app.setup.start_btn.click()
    first = app.hub.id
    names = [c.name for c in app.hub.game.civs]
    start_another_game(app.setup)  # a second game
    app.go_to("Game")
    app.game.saved.selected_index = 0
    rows = [r for r in app.game.saved_list.rows.children if isinstance(r, W.HBox)]
    labels = [r.children[0].value for r in rows]
    assert len(rows) == 2 and not any(first in x or app.hub.id in x for x in labels)
    who = f"{', '.join(names[:-1])} and {names[-1]}"
    assert all(f"<b>{html.escape(who)} · " in x and "not begun" in x for x in labels), labels
    assert sum("shown now" in x for x in labels) == 1
    assert re.search(r"· started \d\d \w{3} at \d\d:\d\d", labels[0]), "named by its start, as the Game screen names it"
    rows[1].children[1].click()  # Resume the other one
    assert app.hub.id == first


GAME_ID = re.compile(r"\d{8}-\d{6}-[0-9a-f]{6}|started \d\d \w+ at \d\d:\d\d|last played (\d\d \w+ at )?\d\d:\d\d")


def widget_texts(w, out=None) -> list[str]:
    """Every string a widget tree sends to the page: values, descriptions, options, tooltips
    (the games' file names and starting times, which differ between two data directories, left out)."""
    out = [] if out is None else out
    for name in ("value", "description", "tooltip", "placeholder", "_options_labels"):
        v = getattr(w, name, None)
        if isinstance(v, str):
            out.append(GAME_ID.sub("<id>", f"{type(w).__name__}.{name}={v}"))
        elif isinstance(v, (tuple, list)):
            out += [GAME_ID.sub("<id>", f"{type(w).__name__}.{name}={x}") for x in v if isinstance(x, str)]
    for c in getattr(w, "children", ()) or ():
        widget_texts(c, out)
    return out


def app_with_one_card_played(tmp_path, name, card, pass_tablet=False, random_draw=False):
    """A game on a fixed World where the First player has placed ``card`` face down."""
    a = App(data_dir=tmp_path / name / "d", layouts_dir=tmp_path / name / "l", game="rise-and-fall")
    a.world.n_players.value = 3
    a.world.seed.value = 4
    a.world.random_btn.click()
    a.hub.new({"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Ana", "red"), ("Ben", "yellow"), ("Cy", "blue"))],
               "first": 0, "world": a.world.build.layout().to_dict(), "tracker_version": 2, "pass_tablet": pass_tablet})
    place_all_first_pieces(a)
    a.go_to("Game")
    action = {"type": "play", "player": 0, "card": card}
    if random_draw:
        action["random"] = True
    a.game._face_down(action)
    return a


@pytest.mark.parametrize("pass_tablet", [False, True])
def test_no_widget_tells_a_card_played_face_down(tmp_path, rulebook_text, pass_tablet):
    from conftest import quote

    quote(rulebook_text, "All players simultaneously choose and play a Civilization card from their hand and place it face down in front of themselves.")
    city = app_with_one_card_played(tmp_path, "a", "city", pass_tablet)
    ship = app_with_one_card_played(tmp_path, "b", "ship", pass_tablet)
    assert city.hub.game.civs[0].played == ("city",) and ship.hub.game.civs[0].played == ("ship",)
    assert widget_texts(city.widget) == widget_texts(ship.widget)  # header, panel, history, message, buttons
    assert "Played: one card, face down" in city.game.players.value


def test_no_widget_tells_a_card_drawn_at_random(tmp_path):
    city = app_with_one_card_played(tmp_path, "a", "city", random_draw=True)
    nomad = app_with_one_card_played(tmp_path, "b", "nomad", random_draw=True)
    assert widget_texts(city.widget) == widget_texts(nomad.widget)
    assert "was too slow" in city.game.message.value
    assert "a card drawn at random" in city.game.history.options[0][0]


def test_the_too_slow_button_logs_a_random_draw(app):
    app.setup.start_btn.click()
    place_all_first_pieces(app)
    g = app.hub.game
    i = g.order()[0]
    app.game.too_slow(i)
    last = app.hub.session.history()[-1].action
    assert last["random"] is True and last["card"] in g.civs[i].hand
    assert last["card"].title() not in app.game.message.value


def test_the_setup_screen_names_the_piece_placed(app):
    app.setup.start_btn.click()
    g = app.hub.game
    who = g.civs[g.to_move()[0]].name
    app.setup.piece.value = "nomad"
    terrain = app.world.build.world.terrain_map()
    space = next(s for s, t in sorted(terrain.items()) if t == "plains")
    app.setup.tap_space(space)
    assert f"{who} placed a Nomad." in app.setup.message.value  # not the piece selected next


def app_in_phase_c(tmp_path, name, owed=(1, 1, 1)):
    """A game whose Trophy this turn sends cards into Decline (the state set as if replayed)."""
    from dataclasses import replace

    a = app_with_one_card_played(tmp_path, name, "city")
    g = a.hub.game
    civs = tuple(replace(c, hand=c.hand + c.played, played=()) for c in g.civs)
    a.hub.session._states[-1] = replace(g, civs=civs, phase="C", cards_owed=owed, claimed_this_turn=(("ship", 0),))
    a.game.refresh()
    return a


def test_no_widget_tells_a_card_placed_face_down_into_decline(tmp_path, rulebook_text):
    from conftest import quote

    quote(rulebook_text, "Otherwise, each player must place one face-down card per Trophy claimed this turn from their hand or their discard pile into the communal decline zone, including the player(s) who claimed Trophie(s).")
    city = app_in_phase_c(tmp_path, "a")
    ship = app_in_phase_c(tmp_path, "b")
    find(city.game, "rf-decline-city").click()
    find(ship.game, "rf-decline-ship").click()
    assert city.hub.game.civs[0].decline == ("city",) and ship.hub.game.civs[0].decline == ("ship",)
    assert widget_texts(city.widget) == widget_texts(ship.widget)
    assert "Decline zone: Ana 1 face down" in city.game.header.value
    for app in (city, ship):
        for i in (1, 2):
            row = row_of(app.game, app.hub.game.civs[i].name)
            next(b for b in row if "rf-decline-nomad" in b._dom_classes).click()
    assert city.hub.game.phase != "C"
    assert "The cards placed in Decline are turned over: Ana City, Ben Nomad, Cy Nomad." in city.game.message.value


def test_a_player_who_owes_two_cards_chooses_both_before_either_is_placed(tmp_path):
    app = app_in_phase_c(tmp_path, "a", owed=(2, 1, 1))
    row = row_of(app.game, "Ana")
    place = next(b for b in row if "rf-decline-place" in b._dom_classes)
    assert place.disabled
    picks = {c: next(b for b in row if f"rf-decline-{c}" in b._dom_classes) for c in ("nomad", "ship")}
    picks["nomad"].value = True
    assert place.disabled  # one of two chosen: nothing is placed yet
    assert app.hub.game.civs[0].decline == ()
    picks["ship"].value = True
    entries = len(app.hub.session.history())
    place.click()
    assert sorted(app.hub.game.civs[0].decline) == ["nomad", "ship"]
    assert len(app.hub.session.history()) == entries + 1  # one tap, one entry of the log
    assert not row_of(app.game, "Ana")  # nothing left on screen that tells the two cards
    app.game.undo()  # one Undo takes both cards back
    assert app.hub.game.civs[0].decline == () and app.hub.game.cards_owed[0] == 2
