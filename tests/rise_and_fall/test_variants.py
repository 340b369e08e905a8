"""Rise & Fall's variants are plug-ins: the rules find them by looping over the game's variants, never by name.

A tiny variant made up here ("the Drought": a Tithe counts at most 1 piece, a card in Decline costs 1 GP more and a
Treasury holds 1 Wood less, until a new action waters the fields) changes a count limit, a price and a Treasury, adds an
action to the log and its line in the history and keeps its own state, with no line of the rules naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import pytest

from companion.errors import IllegalAction
from companion.rise_and_fall.play.public import describe
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

    def decline_price(self, game: Any, i: int, price: int) -> int:
        return price if i in state_of(game, self).watered else price + 1

    def treasury_limit(self, game: Any, i: int, limit: dict[str, int]) -> dict[str, int]:
        return limit if i in state_of(game, self).watered else {**limit, "wood": limit["wood"] - 1}

    def describe(self, action: dict, who: str, names: list[str]) -> str | None:
        return f"{who} waters the fields" if action.get("type") == "water" else None


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


def test_a_variant_registered_changes_the_price_the_treasury_and_the_history_without_the_state_naming_it(drought: Drought) -> None:
    g = acting(started(), 2, "temple", pieces={"temple": 2, "nomad": 2, "city": 1, "ship": 0})
    price = g.decline_price
    assert [g.price_for(i) for i in range(3)] == [price + 1] * 3
    assert g.treasury_limit(2) == {"wood": 4, "stone": 5}
    watered = do(g, type="water", player=2)
    assert watered.price_for(2) == price and watered.treasury_limit(2) == {"wood": 5, "stone": 5}
    assert watered.price_for(0) == price + 1 and watered.treasury_limit(0) == {"wood": 4, "stone": 5}
    assert describe({"type": "water", "player": 2}, g) == "Joanna waters the fields"


def test_without_the_variant_the_game_knows_no_such_action_nor_limit() -> None:
    g = acting(started(), 2, "temple", pieces={"temple": 2, "nomad": 2, "city": 1, "ship": 0})
    assert count_limits(g, 2, TITHE)["pieces"][0] == 3
    assert g.price_for(2) == g.decline_price and g.treasury_limit(2) == {"wood": 5, "stone": 5}
    assert describe({"type": "water", "player": 2}, g) == "water"
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


@pytest.mark.parametrize("module", ["play/tracker.py", "play/public.py", "play/offers.py", "play/purchases.py", "state/civilizations.py"])
def test_the_rules_and_the_state_name_no_variant(module: str) -> None:
    text = (ROOT / "companion/rise_and_fall" / module).read_text(encoding="utf-8")
    imported = re.findall(r"^\s*from (companion\.[\w.]+) import", text, flags=re.M)
    assert [m for m in imported if m.startswith("companion.rise_and_fall.variants.") and m != "companion.rise_and_fall.variants.registered"] == []
    if module.startswith("play/"):
        assert not re.search(r"\b(guilds|tales|tale_play|levels|swapped|stolen)\b\s*[.=]", text)
