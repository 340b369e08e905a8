"""Setup's "Start from a game in progress", without a browser: the guided entry of where the game is, checked
at every change with the state's sentences, then the game goes on from there (undo stops at it)."""

from .test_pages import page


def joining(tmp_path):
    app = page(tmp_path)
    app.world.n_players.value = 3
    app.world.seed.value = 4
    app.world.random_btn.click()
    app.go_to("Setup")
    for i, n in enumerate(("Ana", "Ben", "Cy")):
        app.setup.names[i].value = n
    app.setup.in_progress.value = True
    return app


def test_the_guided_entry_is_checked_and_starts_the_game(tmp_path):
    app = joining(tmp_path)
    panel = app.setup.progress
    assert panel.widget.layout.display != "none" and app.setup.start_btn.layout.display == "none"
    assert "can be played on" in panel.problems.value and not panel.go.disabled  # turn 1 as dealt
    ana = panel.forms[0]
    ana.pieces["temple"].value = 3  # three Temples in the World while the Temple card is in the reserve
    assert panel.go.disabled and "If a player controls a type of piece" in panel.problems.value
    ana.cards["temple"].value = "hand"
    ana.stone.value, ana.wood.value, ana.gold.value = 5, 3, 12
    panel.turn.value = 7
    panel.first.value = 1
    panel.trophies["temple"].value = 0
    assert not panel.go.disabled, panel.problems.value
    ana.wood.value = 6
    assert panel.go.disabled and "cannot possess more than 5 Wood" in panel.problems.value
    ana.wood.value = 3
    panel.go.click()
    g = app.hub.game
    assert (g.phase, g.turn, g.first) == ("A", 7, 1) and g.civs[0].count("temple") == 3 and g.civs[0].trophies == ("temple",)
    assert g.tiles and app.table.place() == "Game"
    assert not app.hub.session.can_undo()


def test_the_guided_entry_starts_at_phase_c_with_the_trophies_claimed_this_turn(tmp_path):
    app = joining(tmp_path)
    panel = app.setup.progress
    assert panel.this_turn_box.layout.display == "none"  # phase A: no Trophy claimed yet this turn
    panel.turn.value = 4
    panel.phase.value = "C"
    assert panel.this_turn_box.layout.display != "none"
    assert panel.go.disabled and "Cards go into Decline in phase C, after a Trophy is claimed" in panel.problems.value
    panel.this_turn["ship"].value = True
    assert panel.go.disabled and "claimed by one of the players" in panel.problems.value  # nobody holds it
    panel.trophies["ship"].value = 1
    assert not panel.go.disabled, panel.problems.value
    panel.go.click()
    g = app.hub.game
    assert (g.phase, g.turn, g.cards_owed, g.claimed_this_turn) == ("C", 4, (1, 1, 1), (("ship", 1),))
    assert not app.hub.session.can_undo()


def test_the_guided_entry_places_the_creatures_of_the_worlds_tales(tmp_path):
    from companion.rise_and_fall.variants.tales.fantastic import unplaced, where
    from companion.rise_and_fall.variants.tales.worlds import generate_with_tales

    app = page(tmp_path)
    app.world.load_layout(generate_with_tales(3, 2, (2, 3)).to_dict())
    app.go_to("Setup")
    app.setup.n_players.value = 3
    for i, n in enumerate(("Ana", "Ben", "Cy")):
        app.setup.names[i].value = n
    app.setup.in_progress.value = True
    panel = app.setup.progress
    assert set(panel.creatures) == {"leviathan", "water-elemental"} and panel.creatures_box.layout.display != "none"
    leviathan, elemental = panel.creatures["leviathan"], panel.creatures["water-elemental"]
    assert all("(sea)" in label for label, v in leviathan.options if v is not None)
    sea = leviathan.options[1][1]
    leviathan.value = sea
    elemental.value = sea
    assert panel.go.disabled and "a creature has a space of its own" in panel.problems.value
    elemental.value = None  # left for the table to place on the Game screen
    assert not panel.go.disabled, panel.problems.value
    panel.go.click()
    g = app.hub.game
    assert where(g, "leviathan") == sea and unplaced(g) == ["water-elemental"]


def test_the_guided_entry_holds_the_tales_in_play(tmp_path):
    """The Volcano's side, pieces laid on their side, a Guild card of the Doppelganger's House, a hunted Dragon and its
    Trophy: entered on the form, checked, and the game goes on with them."""
    from companion.rise_and_fall.variants.tales.fantastic import where
    from companion.rise_and_fall.variants.tales.worlds import generate_with_tales

    app = page(tmp_path)
    app.world.load_layout(generate_with_tales(3, 2, (1, 11, 17, 23)).to_dict())
    app.go_to("Setup")
    app.setup.n_players.value = 3
    for i, n in enumerate(("Ana", "Ben", "Cy")):
        app.setup.names[i].value = n
    app.setup.in_progress.value = True
    panel = app.setup.progress
    tales = panel.tale_fields
    assert tales is not None and panel.tales_box.children == (tales.widget,)
    assert set(tales.laid[0]) == {"nomad", "ship", "merchant"} and tales.volcano is not None and len(tales.house) == 3
    tales.laid[0]["nomad"].value = 1
    tales.volcano.value = "south"
    tales.house[1].value = "miners"
    assert not panel.go.disabled, panel.problems.value
    tales.laid[0]["ship"].value = 1
    panel.forms[0].pieces["ship"].value = 0
    assert panel.go.disabled and "Ana has 0 ship pieces in the World; 1 cannot lie on their side." in panel.problems.value
    panel.forms[0].pieces["ship"].value = 1
    tales.world["dragon"].value = 0  # hunted by Cy
    tales.trophies[1].value = 2
    assert not panel.go.disabled, panel.problems.value
    panel.go.click()
    g = app.hub.game
    assert g.tale_play.volcano == "south" and g.tale_play.laid == ((0, "nomad", 1), (0, "ship", 1))
    assert g.tale_play.house == ((1, "miners"),) and g.civs[1].guilds == ("miners",) and g.levels == ()
    assert g.tales.total("dragon") == 0 and g.tales.trophies_of(2) == (1,) and where(g, "dragon") is None


def test_the_guided_entry_holds_the_guild_cards_and_levels(tmp_path):
    from companion.rise_and_fall.variants.guilds import guilds as G

    app = joining(tmp_path)
    panel = app.setup.progress
    guilds = panel.guild_fields
    assert guilds.box.layout.display == "none"
    guilds.on.value = True
    assert guilds.box.layout.display != "none" and [r.layout.display or "" for r in guilds.rows] == ["", "", "", "none"]
    guilds.levels[0].value = "novice"
    guilds.cards[0][0].value = "collectors"
    guilds.cards[1][0].value = "collectors"
    assert panel.go.disabled and "The Collectors Guild card is in front of Ana and Ben" in panel.problems.value
    guilds.cards[1][0].value = "miners"
    panel.forms[0].wood.value = 8  # the Collectors hold more
    assert not panel.go.disabled, panel.problems.value
    panel.go.click()
    g = app.hub.game
    assert g.levels == ("novice", G.STANDARD_LEVEL, G.STANDARD_LEVEL) and g.civs[0].guilds == ("collectors",)
    assert g.civs[1].guilds == ("miners",) and g.civs[0].wood == 8
