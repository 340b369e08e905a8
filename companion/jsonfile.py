"""A game's JSON file read safely: bounded, never blocking, valid text, one sentence for each problem.

Reading is bounded: a file larger than :data:`MAX_BYTES` (or endless, like ``/dev/zero``)
is refused after reading that much, a FIFO with no writer reads as empty instead of waiting,
and every string must be valid text (no lone surrogate). Shared by every game's files.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from .errors import FileFormatError

MAX_BYTES = 4 * 1024 * 1024


def read_json(path: str | os.PathLike) -> Any:
    path = Path(path)
    raw = read_bounded(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FileFormatError(f"{path} is not UTF-8 text; these files are JSON.") from None
    return parse_json(text, str(path))


def read_bounded(path: Path, limit: int = MAX_BYTES) -> bytes:
    """At most ``limit`` bytes of ``path``; one sentence for anything that is not a readable file."""
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise FileFormatError(f"{path} is a folder, not a file.")
        flags = os.O_RDONLY | (os.O_NONBLOCK if stat.S_ISFIFO(st.st_mode) else 0)  # a FIFO never blocks the open
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileFormatError(f"{path}: no such file.") from None
    except OSError as e:
        raise FileFormatError(f"{path} cannot be read: {e.strerror}.") from None
    try:
        if flags & os.O_NONBLOCK:
            os.set_blocking(fd, True)  # with no writer, a read is the end of the file
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise FileFormatError(f"{path} cannot be read: {e.strerror}.") from None
    finally:
        os.close(fd)
    if size > limit:
        raise FileFormatError(f"{path} is larger than {limit // (1024 * 1024)} MiB; a game's file is far smaller.")
    return b"".join(chunks)


def parse_json(text: str, source: str) -> Any:
    """Decoded JSON, or one sentence naming ``source`` and where the JSON breaks."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise FileFormatError(f"{source} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}.") from None
    except RecursionError:
        raise FileFormatError(f"{source} is nested too deeply to be read.") from None
    except ValueError:  # Python's limit on the digits of an integer
        raise FileFormatError(f"{source} holds a number with too many digits to be read.") from None
    bad = _invalid_text(doc)
    if bad is not None:
        raise FileFormatError(f"{source} holds text that is not valid Unicode ({bad}).")
    return doc


def _invalid_text(doc: Any) -> str | None:
    """Where a string with a lone surrogate is, if anywhere (JSON's \\ud800 escapes allow it)."""
    stack = [doc]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if not _valid(x):
                return "a lone surrogate, such as \\ud800, in " + json.dumps(x.encode("utf-8", "replace").decode())[:40]
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return None


def _valid(s: str) -> bool:
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False
