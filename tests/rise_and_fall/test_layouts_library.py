"""Every World shipped in layouts/ is complete and legal."""

from pathlib import Path

import pytest

from companion.rise_and_fall.world.check import check
from companion.rise_and_fall.world.layout import load

LAYOUTS = sorted((Path(__file__).resolve().parents[2] / "layouts").glob("*.json"))


def test_the_library_has_a_world_for_each_player_count():
    assert {load(p).players for p in LAYOUTS} >= {2, 3, 4}


@pytest.mark.parametrize("path", LAYOUTS, ids=[p.name for p in LAYOUTS])
def test_shipped_layout_is_complete_and_legal(path):
    report = check(load(path))
    assert report.valid and report.complete, report.message
