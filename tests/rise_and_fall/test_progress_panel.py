"""The guided entry of a game in progress (Setup, "Start from a game in progress"), without a page: what the table
enters stays in the very fields it taps on, and only a change of players or World starts it over."""

from companion.rise_and_fall.screens.progress_panel import ProgressPanel
from companion.rise_and_fall.variants.tales.worlds import generate_with_tales

TALES = (2, 19, 23)  # the Leviathan, the Typhoon, the Volcano
PLAYERS = [("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green")]


def panel(world: dict, started: list) -> ProgressPanel:
    return ProgressPanel(lambda: PLAYERS, lambda: 4, lambda: world, started.append)


def test_a_reset_with_the_same_players_and_world_keeps_the_fields_and_clears_them():
    world = generate_with_tales(3, 5, TALES).to_dict()
    p = panel(world, [])
    fields = p.tale_fields
    assert fields is not None and fields.volcano is not None
    p.turn.value = 3
    fields.volcano.value = fields.volcano.options[1][1]
    fields.laid[0]["nomad"].value = 1
    p.reset()
    assert p.tale_fields is fields and p.tales_box.children == (fields.widget,)
    assert (p.turn.value, fields.volcano.value, fields.laid[0]["nomad"].value) == (1, None, 0)


def test_what_is_entered_is_what_starts():
    world = generate_with_tales(3, 5, TALES).to_dict()
    started: list = []
    p = panel(world, started)
    p.reset()  # the Setup screen resets it once more when it shows it
    p.turn.value = 3
    flows = p.tale_fields.volcano.options[1][1]
    p.tale_fields.volcano.value = flows
    p.tale_fields.laid[0]["nomad"].value = 1
    assert "can be played on from here. Turn 3, phase A: Ana has the First Player token; the Volcano lies active side up, " \
           f"its lava flows {flows}; laid on their side: Ana 1 nomad." in p.problems.value
    p.start()
    (action,) = started
    st = action["state"]
    assert (st["turn"], st["volcano"], st["players"][0]["laid"]) == (3, flows, {"nomad": 1})


def test_another_world_makes_new_fields():
    worlds = [generate_with_tales(3, 5, TALES).to_dict()]
    p = ProgressPanel(lambda: PLAYERS, lambda: 4, lambda: worlds[0], lambda a: None)
    fields = p.tale_fields
    worlds[0] = generate_with_tales(3, 5, (1, 3, 4)).to_dict()
    p.reset()
    assert p.tale_fields is not fields
