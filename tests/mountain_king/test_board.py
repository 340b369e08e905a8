"""The board a table enters once: placeholders per side, the board file, refusals with rule ids."""

from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.mountain_king.board import parse, placeholder, save, saved_or_placeholder, side_for
from companion.mountain_king.numbers import numbers


@pytest.mark.parametrize("side", ["2-3", "4-5"])
def test_each_side_ships_a_placeholder_with_every_domain_a_gate_and_great_halls(side):
    b = placeholder(side)
    assert b.placeholder and b.side == side
    for d in numbers().domains:
        assert b.of(d) and any(c.gate for c in b.of(d))
    assert b.great_halls and set(b.hall_caverns()) <= set(b.ids)


def test_the_side_follows_the_player_count():
    assert [side_for(n) for n in (2, 3, 4, 5)] == ["2-3", "2-3", "4-5", "4-5"]
    with pytest.raises(IllegalAction) as e:
        side_for(6)
    assert e.value.rule == "player-count"


def test_a_board_entered_is_kept_and_reused_no_longer_a_placeholder(tmp_path):
    assert saved_or_placeholder(tmp_path, "4-5").placeholder
    doc = placeholder("4-5").to_dict()
    doc["caverns"].append({"id": "moss-6", "domain": "moss", "gate": True})
    save(tmp_path, parse(doc))
    mine = saved_or_placeholder(tmp_path, "4-5")
    assert not mine.placeholder and "moss-6" in mine.ids
    assert saved_or_placeholder(tmp_path, "2-3").placeholder
    (tmp_path / "mountain-king" / "board-4-5.json").write_text("{nope")
    assert saved_or_placeholder(tmp_path, "4-5").placeholder  # a damaged board file: the placeholder again


def _doc(**kv):
    d = placeholder("2-3").to_dict()
    d.update(kv)
    return d


@pytest.mark.parametrize("doc, rule", [
    ([], "board-type"),
    (_doc(notes=[]), "board-unknown-key"),
    (_doc(version=2), "board-format"),
    (_doc(side="6"), "board-side"),
    (_doc(caverns=[]), "board-caverns"),
    (_doc(caverns=[{"id": "", "domain": "moss"}]), "board-cavern-id"),
    (_doc(caverns=[{"id": "a", "domain": "moss"}, {"id": "a", "domain": "ice"}], great_halls=[]), "board-duplicate-cavern"),
    (_doc(caverns=[{"id": "a", "domain": "Moss"}]), "board-domain"),
    (_doc(great_halls=[[]]), "board-hall-empty"),
    (_doc(great_halls=[["moss-1", "moss-1"]]), "board-hall-duplicate"),
    (_doc(great_halls=[["moss-1", "lair"]]), "board-hall-cavern"),
])
def test_a_broken_board_is_refused_with_its_rule(doc, rule):
    with pytest.raises(IllegalAction) as e:
        parse(doc)
    assert e.value.rule == rule and str(e.value).endswith(".")
