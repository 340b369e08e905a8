"""The terrain levels and the cliffs, with expectations taken from the rulebook's order of the layers, not from
the rules data: changing a level in ``rules.json`` (the Glacier's, say) makes these tests fail."""

import re
from pathlib import Path

from conftest import quote

from companion.hexgrid import DIRECTIONS
from companion.rise_and_fall.numbers import TERRAINS, load_rules
from companion.rise_and_fall.world.layout import load
from companion.rise_and_fall.world.world import World

LOWEST_TO_HIGHEST = "with the Seas being the lowest and the Glaciers the highest."
CLIFF = "When two adjacent spaces have a difference of 2 or more levels (for example a Plain and a Mountain), they are separated by a cliff."
#: The tile table's columns, in the order the layers are placed (the rulebook's 'Number of non-starting tiles').
TABLE = "| Players | Sea | Plains | Forest | Mountain | Glacier |"


def rulebook_order(rulebook_text: str | None) -> list[str]:
    """The terrains from lowest to highest: the layers in the order the rulebook places them ('These will be
    placed in overlapping layers'; 'each space of the Forest tile can only cover a Plain space' ...)."""
    quote(rulebook_text, "These will be placed in overlapping layers, the levels of which will have an effect on gameplay.")
    quote(rulebook_text, TABLE)
    quote(rulebook_text, "Following the same principles, the players then place the Mountain tiles, which can only cover Forest spaces.")
    quote(rulebook_text, "each player places their unique Glacier exclusively on Mountain spaces.")
    header = TABLE
    if rulebook_text is not None:
        header = next(line for line in rulebook_text.splitlines() if line.startswith("| Players | Sea"))
    order = [c.strip().lower() for c in header.strip("|").split("|")[1:]]
    assert order[0] == "sea" and order[-1] == "glacier", LOWEST_TO_HIGHEST
    return order


def cliff_difference(rulebook_text: str | None) -> int:
    quote(rulebook_text, CLIFF)
    return int(re.search(r"a difference of (\d+) or more levels", CLIFF).group(1))


def test_the_levels_follow_the_rulebooks_layers(rulebook_text):
    quote(rulebook_text, LOWEST_TO_HIGHEST)
    order = rulebook_order(rulebook_text)
    rules = load_rules()
    assert sorted(TERRAINS) == sorted(order)
    assert sorted(order, key=rules.level) == order  # Seas lowest ... Glaciers highest
    assert [rules.level(b) - rules.level(a) for a, b in zip(order, order[1:])] == [1] * (len(order) - 1)  # one layer, one level
    assert rules.cliff_difference == cliff_difference(rulebook_text)


def expected_cliffs(world: World, order: list[str], apart: int) -> set[frozenset]:
    """The edges between adjacent Spaces whose layers in the rulebook's order are ``apart`` or more apart."""
    rank = {t: k for k, t in enumerate(order)}
    terrain = world.terrain_map()
    out = set()
    for s, t in terrain.items():
        for dq, dr in DIRECTIONS:
            n = (s[0] + dq, s[1] + dr)
            if n in terrain and abs(rank[terrain[n]] - rank[t]) >= apart:
                out.add(frozenset((s, n)))
    return out


def test_the_shipped_worlds_cliffs_follow_the_rulebook(rulebook_text):
    """A Plain and a Mountain, a Forest and a Glacier, a Sea and a Forest: each pair 2 or more layers apart."""
    order, apart = rulebook_order(rulebook_text), cliff_difference(rulebook_text)
    kinds: set[frozenset] = set()
    layouts = sorted((Path(__file__).parents[2] / "layouts").glob("*.json"))
    assert layouts
    for path in layouts:
        w = World(load(path).tiles)
        got = {frozenset((c.low, c.high)) for c in w.cliffs()}
        assert got == expected_cliffs(w, order, apart), path.name
        terrain = w.terrain_map()
        kinds |= {frozenset((terrain[c.low], terrain[c.high])) for c in w.cliffs()}
    assert frozenset(("forest", "glacier")) in kinds and frozenset(("plains", "mountain")) in kinds
    assert frozenset(("mountain", "glacier")) not in kinds and frozenset(("sea", "plains")) not in kinds
