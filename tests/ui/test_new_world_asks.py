"""Start a new World over a World being built asks first, as every game's New game does; the World left stays
in the New World panel's list of Worlds and opens again from there with its tiles. A World with no tile laid
is left without a question (nothing would be lost)."""

from companion.ui.app import App
from companion.ui.ending import title_of


def world_with_a_sea(tmp_path):
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    w = app.world
    w.n_players.value = 3
    for box, name in zip(w.names, ["Ana", "Ben", "Cy"]):
        box.value = name
    w.start_btn.click()  # nothing laid yet: started at once
    assert not w.world_question.widget.children and w.build.names == ("Ana", "Ben", "Cy")
    sea = w.build.legal("sea")[0]
    assert w.act({"type": "place", "tile": "sea", "q": sea.q, "r": sea.r, "rotation": sea.rotation})
    return w


def test_a_new_world_over_one_being_built_is_asked_and_no_keeps_it(tmp_path):
    w = world_with_a_sea(tmp_path)
    kept = w.session
    w.names[0].value = "Dee"
    w.start_btn.click()
    asked = w.world_question.widget.children[0].value
    assert f"A World is in progress: {title_of(kept)} of Ana, Ben, Cy (1 tile placed)." in asked
    assert w.session is kept and w.build == kept.state
    no = w.world_question.widget.children[1].children[1]
    assert no.description == "No, keep building"
    no.click()
    assert w.session is kept and not w.world_question.widget.children
    assert "Nothing was started" in w.message.value


def test_yes_starts_it_and_the_world_left_opens_again_from_the_list(tmp_path):
    w = world_with_a_sea(tmp_path)
    old, title, tiles = w.session.log.path.stem, title_of(w.session), w.build.tiles
    w.names[0].value = "Dee"
    w.start_btn.click()
    yes = w.world_question.widget.children[1].children[0]
    assert yes.description == "Yes, start a new World"
    yes.click()
    assert f"The World left, {title} of Ana, Ben, Cy (1 tile placed), is in the list of Worlds" in w.message.value
    started = w.session
    yes.click()  # a second quick tap on the same Yes: nothing more
    assert w.session is started and "That question is answered already: nothing more was started." in w.message.value
    assert w.build.names == ("Dee", "Ben", "Cy") and w.build.tiles != tiles
    listed = w.worlds.titles()
    assert any(title in t and "in progress" in t for t in listed)
    opener = next(b for b in w.worlds.open_buttons() if f"rf-games-open-{old}" in b._dom_classes)
    opener.click()
    assert w.session.log.path.stem == old and w.build.names == ("Ana", "Ben", "Cy") and w.build.tiles == tiles
    assert f"Opened {title} of Ana, Ben, Cy (1 tile placed)." in w.message.value
