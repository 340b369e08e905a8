"""The script examples of the games' API pages run as written (docs/<game>/api.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Each page whose first example runs alone, with a line its output must hold.
RUN = {"docs/rise-and-fall/api.md": "Winner: Ana"}


@pytest.mark.parametrize("page", sorted(RUN))
def test_the_api_page_example_runs(page: str, capsys) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks, f"{page} has no example"
    exec(compile(blocks[0], page, "exec"), {"__name__": "__api_example__"})
    assert RUN[page] in capsys.readouterr().out
