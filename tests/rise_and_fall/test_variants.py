"""Rise & Fall's variants are plug-ins: the rules find them by looping over the game's variants, never by name.

A tiny variant made up here ("the Drought": a Tithe counts at most 1 piece, and a new action waters the fields)
changes a count limit, adds an action to the log and keeps its own state, with no line of the tracker naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.errors import IllegalAction
from companion.rise_and_fall.play.tracker import TrackerRules, count_limits, least_count
from companion.rise_and_fall.state.records import replace
from companion.rise_and_fall.variants import Variant, registered, state_of, with_state
from rise_and_fall.test_tracker import acting, do, started

ROOT = Path(__file__).resolve().parents[2]
TITHE = {"id": "temple-tithe", "label": "Tithe", "count": "pieces", "per": {"gold": 2}, "at_most": "own-pieces-but-temples"}


@dataclass(frozen=True)
class Dry:
    watered: tuple[int, ...] = ()  # the players who watered their fields


def water(game: Any, a: dict, notes: list[str], then: Any) -> Any:
    i = a.get("player")
    if i in state_of(game, "drought").watered:
        raise IllegalAction("Each player waters their fields once.", rule="drought-water")
    notes.append(f"{game.civs[i].name} waters the fields.")
    return with_state(game, "drought", watered=state_of(game, "drought").watered + (i,))


class Drought(Variant):
    name = "drought"
    initial = Dry()
    fields = ("watered",)
    actions = {"water": water}
    seat_actions = ("water",)

    def count_limits(self, game: Any, i: int, spec: dict, limits: dict[str, tuple[int, str]]) -> dict[str, tuple[int, str]]:
        if spec.get("id") != "temple-tithe" or i in state_of(game, self).watered:
            return limits
        return {**limits, spec["count"]: (min(1, limits[spec["count"]][0]), "the Drought leaves one piece to pay")}


@pytest.fixture
def drought() -> Iterator[Drought]:
    """The Drought listed with the variants of Rise & Fall while a test runs, as a new variant lists itself."""
    made = Drought()
    registered.VARIANTS.append(made)
    try:
        yield made
    finally:
        registered.VARIANTS.remove(made)


def test_a_variant_registered_changes_a_count_limit_without_the_tracker_naming_it(drought: Drought) -> None:
    g = acting(started(), 2, "temple", pieces={"temple": 2, "nomad": 2, "city": 1, "ship": 0})
    assert [v.name for v, _ in g.variants] == ["guilds", "tales", "drought"]
    assert count_limits(g, 2, TITHE)["pieces"] == (1, "the Drought leaves one piece to pay")
    assert least_count(g, 2, TITHE) == {"count": 1}
    with pytest.raises(IllegalAction, match="Tithe counts at most 1 now, since the Drought leaves one piece to pay") as e:
        do(g, type="act", player=2, action="temple-tithe", count=3)
    assert e.value.rule == "count-limit"
    # its action, in the log and from a phone, with its own state
    watered = do(g, type="water", player=2, seat=2)
    assert watered.notes == ("Joanna waters the fields.",) and watered.watered == (2,)
    assert state_of(watered, drought) == Dry(watered=(2,))
    assert count_limits(watered, 2, TITHE)["pieces"][0] == 3  # watered: the Tithe counts as printed again
    assert do(watered, type="act", player=2, action="temple-tithe", count=3).civs[2].gold == 6
    with pytest.raises(IllegalAction, match="once"):
        do(watered, type="water", player=2)
    assert replace(watered, watered=()).watered == ()  # its field by the name it gives


def test_without_the_variant_the_game_knows_no_such_action_nor_limit() -> None:
    g = acting(started(), 2, "temple", pieces={"temple": 2, "nomad": 2, "city": 1, "ship": 0})
    assert count_limits(g, 2, TITHE)["pieces"][0] == 3
    with pytest.raises(IllegalAction, match="Unknown game action 'water'") as e:
        do(g, type="water", player=2)
    assert e.value.rule == "unknown-action"
    with pytest.raises(AttributeError):
        g.watered  # noqa: B018 - a name no variant of the game answers


def test_the_guilds_and_the_tales_keep_their_state_outside_of_the_game_s_fields() -> None:
    g = started()
    names = {f for f in g.__dataclass_fields__}
    assert not names & {"levels", "dealt", "chosen", "stolen", "swapped", "world_tales", "world_tale_pieces", "tales", "tale_play"}
    assert g.levels == () and g.tales is None and g.tale_play.events == ()  # read as before, from the variants' states
    assert TrackerRules().initial().levels == ()  # a game not yet set up answers as one without variants


def test_the_tracker_names_no_variant() -> None:
    text = (ROOT / "companion/rise_and_fall/play/tracker.py").read_text(encoding="utf-8")
    imported = re.findall(r"^\s*from (companion\.[\w.]+) import", text, flags=re.M)
    assert [m for m in imported if m.startswith("companion.rise_and_fall.variants.") and m != "companion.rise_and_fall.variants.registered"] == []
    assert not re.search(r"\b(guilds|tales|tale_play|levels|swapped|stolen)\b\s*[.=]", text)
