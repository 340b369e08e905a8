"""The format page's examples, read from ``docs/mountain-king/formats.md`` itself (so the tests follow the contract)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

FORMATS = Path(__file__).parents[2] / "docs" / "mountain-king" / "formats.md"


def _blocks() -> list[str]:
    return re.findall(r"```json\n(.*?)```", FORMATS.read_text(encoding="utf-8"), re.S)


def example(n: int) -> tuple[dict[str, Any], str]:
    """Example ``n`` (0: the end of Wave II, 1: the end of Wave III): the file as a dict, and the
    ``--json`` output exactly as printed on the page (without its last newline)."""
    b = _blocks()
    return json.loads(b[2 * n]), b[2 * n + 1].rstrip("\n")


def example_text(n: int) -> str:
    return _blocks()[2 * n]


def wave2() -> dict[str, Any]:
    return copy.deepcopy(example(0)[0])


def wave3() -> dict[str, Any]:
    return copy.deepcopy(example(1)[0])
