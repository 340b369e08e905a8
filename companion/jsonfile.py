"""Every game's JSON file read safely: bounded, never blocking, valid text, one sentence for each problem.

The one reader of the seven file formats (Rise & Fall's layout, position and state, Rise!'s game record,
Fall of the Mountain King's wave and board files, Rise and Fall (1989)'s chart). :func:`read_json` reads a
path, :func:`parse_json` bytes or text already in hand (an upload). What it refuses, each as a
:class:`~companion.errors.FileFormatError` whose one problem has the rule id ``json`` and a sentence naming the
file:

* a file larger than :data:`MAX_BYTES`, refused from its size before reading it, or after reading at most
  that much where the size is not known beforehand (``/dev/zero``, a pipe);
* a folder, a socket or a block device, refused from ``stat`` without opening it; a FIFO is opened without
  waiting (``O_NONBLOCK``): with no writer it reads as empty, with one it is read until its writer closes it;
* bytes that are not UTF-8 (a leading byte-order mark is allowed and ignored);
* text that is not JSON, an object repeating a key (parsers disagree on which copy counts), ``NaN``,
  ``Infinity`` or a number too large to be a finite float (``1e400``);
* an integer of more than :data:`MOST_DIGITS` digits (beyond what every JSON reader holds exactly, and far
  beyond Python's 4,300-digit limit on printing one after a sum), nesting deeper than :data:`MOST_DEPTH`;
* a string with a lone surrogate (JSON's ``"\\ud800"``): it cannot be written to a file, SQLite or a terminal.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from .errors import FileFormatError, Problem, cut

#: The largest file read: far beyond any game's (a 4-player World is about 10 KB, a long chart some 200 KB).
MAX_BYTES = 4 * 1024 * 1024
#: The deepest nesting of lists and objects (the deepest format nests six).
MOST_DEPTH = 64
#: The most digits of an integer: up to 999,999,999,999,999, exact in every JSON reader (below 2**53).
MOST_DIGITS = 15

__all__ = ["MAX_BYTES", "MOST_DEPTH", "MOST_DIGITS", "parse_json", "read_bounded", "read_json", "refusal", "shown_path"]


def refusal(sentence: str, where: str | None = None) -> FileFormatError:
    """The error for a file that cannot be read as JSON: one problem, rule ``json``."""
    return FileFormatError([Problem(sentence, "json", where)], rule="json")


def read_json(path: str | os.PathLike, limit: int = MAX_BYTES) -> Any:
    """The JSON document in the file at ``path``, or :class:`FileFormatError` with one sentence (rule ``json``)."""
    return parse_json(read_bounded(Path(path), limit), str(path))


def read_bounded(path: str | os.PathLike, limit: int = MAX_BYTES) -> bytes:
    """At most ``limit`` bytes of ``path``; one sentence for anything that is not a readable file.

    ``stat`` first: a folder, a socket or a block device is refused unopened, a regular file larger than
    ``limit`` unread. A FIFO or a character device is opened with ``O_NONBLOCK`` (a FIFO with no writer
    would block the open for ever), then read at most ``limit + 1`` bytes."""
    path = Path(path)
    name = shown_path(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise refusal(f"{name}: no such file.", name) from None
    except OSError as e:
        raise refusal(f"{name} cannot be read: {_why(e)}.", name) from None
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise refusal(f"{name} is a folder, not a file.", name)
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
        raise refusal(f"{name} is not a file (a socket or a device); a game's file is a file.", name)
    if stat.S_ISREG(mode) and st.st_size > limit:
        raise _too_large(name, limit)
    special = not stat.S_ISREG(mode)
    try:
        fd = os.open(path, os.O_RDONLY | (os.O_NONBLOCK if special else 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise refusal(f"{name} cannot be read: {_why(e)}.", name) from None
    try:
        if stat.S_ISFIFO(mode):
            os.set_blocking(fd, True)  # with no writer a read is the end of the file; with one, its data
        chunks, size = [], 0
        while size <= limit:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            except BlockingIOError:  # a device with nothing to give now (a terminal): nothing waits on it
                break
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise refusal(f"{name} cannot be read: {_why(e)}.", name) from None
    finally:
        os.close(fd)
    if size > limit:
        raise _too_large(name, limit)
    return b"".join(chunks)


def parse_json(data: bytes | str, source: str = "the file", limit: int = MAX_BYTES) -> Any:
    """The JSON document in ``data`` (bytes or text), or :class:`FileFormatError` naming ``source``."""
    source = shown_path(source)
    if isinstance(data, str):
        if len(data) > limit:  # text in hand (an upload decoded): its length bounds its bytes from below
            raise _too_large(source, limit)
        text = data
    else:
        if len(data) > limit:
            raise _too_large(source, limit)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise refusal(f"{source} is not UTF-8 text (byte {e.start} cannot be read); these files are JSON.",
                          source) from None
    if text.startswith("\ufeff"):  # a byte-order mark, as some editors write
        text = text[1:]
    if not text.strip():
        raise refusal(f"{source} is empty (a pipe with no writer reads as empty); a game's file is JSON.", source)
    try:
        doc = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant,
                         parse_int=_integer, parse_float=_finite)
    except _Refused as e:
        raise refusal(f"{source} is refused: {e}.", source) from None
    except json.JSONDecodeError as e:
        raise refusal(f"{source} is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}.",
                      f"{source}:{e.lineno}:{e.colno}") from None
    except RecursionError:
        raise refusal(f"{source} is nested too deeply to be read (lists and objects {MOST_DEPTH} deep at most).",
                      source) from None
    except ValueError:  # anything else the parser refuses (Python's own limit on an integer's digits)
        raise refusal(f"{source} holds a number with too many digits to be read.", source) from None
    bad = _walk(doc)
    if bad is not None:
        raise refusal(f"{source} {bad}.", source)
    return doc


# --- the parser's hooks ----------------------------------------------------------------------------


class _Refused(ValueError):
    pass


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Refused(f"an object repeats the key {_show(k)}, so which copy counts is unclear")
        out[k] = v
    return out


def _no_constant(name: str) -> Any:
    raise _Refused(f"it uses {name}, which is not a JSON number")


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MOST_DIGITS:
        raise _Refused(f"it holds a {len(digits.lstrip('-')):,}-digit number ({cut(digits, 12)}); "
                       f"a number in a game's file has at most {MOST_DIGITS} digits")
    return int(digits)


def _finite(text: str) -> float:
    x = float(text)
    if not math.isfinite(x):
        raise _Refused(f"it holds the number {cut(text, 12)}, too large to be read (as Infinity)")
    return x


def _walk(doc: Any) -> str | None:
    """What is wrong with the parsed document beyond the parser (a lone surrogate, too deep), if anything."""
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, str):
            if not _valid(x):
                shown = x.encode("utf-8", "backslashreplace").decode("utf-8")
                return f"holds text that is not valid Unicode (a lone surrogate such as \\ud800, in {_show(shown)})"
        elif isinstance(x, (dict, list)):
            if depth >= MOST_DEPTH:
                return f"is nested too deeply to be read (lists and objects {MOST_DEPTH} deep at most)"
            if isinstance(x, dict):
                stack.extend((k, depth) for k in x)
                stack.extend((v, depth + 1) for v in x.values())
            else:
                stack.extend((v, depth + 1) for v in x)
    return None


def _valid(s: str) -> bool:
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


# --- sentences --------------------------------------------------------------------------------------


def _show(text: str) -> str:
    """A string quoted for a sentence, cut short (a key may be a megabyte long)."""
    return json.dumps(cut(text, 40), ensure_ascii=False)


def shown_path(path: str | os.PathLike) -> str:
    """A file's name for a sentence: printable, and cut short (a name may be thousands of characters)."""
    text = os.fspath(path)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return cut(text, 120)


def _why(e: OSError) -> str:
    return e.strerror or str(e)


def _too_large(name: str, limit: int) -> FileFormatError:
    return refusal(f"{name} is larger than {limit // (1024 * 1024)} MB ({limit:,} bytes); a game's file is far smaller.", name)
