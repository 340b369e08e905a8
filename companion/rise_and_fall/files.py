"""Open a file that may be a layout or a position, by its ``format`` key.

The reading itself (bounded, never blocking, valid text) is the shared :mod:`companion.jsonfile`;
its names are kept here too for the scripts that import them from Rise & Fall. See
docs/formats.md for the limits.
"""

from __future__ import annotations

import os
from typing import Any

from companion.jsonfile import MAX_BYTES, parse_json, read_bounded, read_json

__all__ = ["MAX_BYTES", "load_any", "parse_json", "read_bounded", "read_json"]


def load_any(path: str | os.PathLike) -> tuple[str, Any]:
    """("layout", Layout) or ("position", Position)."""
    doc = read_json(path)
    fmt = doc.get("format") if isinstance(doc, dict) else None
    if fmt == "rise-and-fall/position":
        from companion.rise_and_fall.scoring.position import parse_position

        return "position", parse_position(doc, str(path))
    from companion.rise_and_fall.world.layout import parse

    return "layout", parse(doc, str(path))
