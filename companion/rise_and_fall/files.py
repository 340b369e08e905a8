"""Open a file that may be a layout or a position, by its ``format`` key."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..errors import FileFormatError


def read_json(path: str | os.PathLike) -> Any:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FileFormatError(f"{path}: no such file.") from None
    except UnicodeDecodeError:
        raise FileFormatError(f"{path} is not UTF-8 text; these files are JSON.") from None
    except OSError as e:
        raise FileFormatError(f"{path} cannot be read: {e.strerror}.") from None
    return parse_json(text, str(path))


def parse_json(text: str, source: str) -> Any:
    """Decoded JSON, or one sentence naming ``source`` and where the JSON breaks."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise FileFormatError(f"{source} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}.") from None
    except RecursionError:
        raise FileFormatError(f"{source} is nested too deeply to be read.") from None


def load_any(path: str | os.PathLike) -> tuple[str, Any]:
    """("layout", Layout) or ("position", Position)."""
    doc = read_json(path)
    fmt = doc.get("format") if isinstance(doc, dict) else None
    if fmt == "rise-and-fall/position":
        from .position import parse_position

        return "position", parse_position(doc, str(path))
    from .layout import parse

    return "layout", parse(doc, str(path))
