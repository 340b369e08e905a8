"""Atomic file writes: a reader sees the old file or the new one, never half of one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: str | os.PathLike, data: str | bytes) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename it over ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, _file_mode(path))
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _file_mode(path: Path) -> int:
    """Keep an existing file's mode; new files get the usual rw-r--r-- (less the umask)."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


#: The longest name of one folder or file on the disks we know (ext4, APFS, NTFS: 255 bytes).
LONGEST_PART = 255


def check_output(path: str | os.PathLike) -> Path:
    """``path`` as an output file the command line may write, or a ``CompanionError`` with one sentence.

    Checked before any work: its folder must exist (it is never made: a mistyped folder is a mistake, not a
    wish), be a folder, and the path must not be a folder itself, nor have a name too long for a disk."""
    from .errors import CompanionError, cut

    path = Path(path)
    shown = cut(os.fspath(path).encode("utf-8", "backslashreplace").decode("utf-8"), 120)

    def refuse(why: str) -> CompanionError:
        return CompanionError(f"{shown} cannot be written: {why}.")

    try:
        os.fsencode(path)
    except UnicodeEncodeError:
        raise refuse("its name is not valid text") from None
    longest = max((len(os.fsencode(p)) for p in path.parts), default=0)
    if longest > LONGEST_PART:
        raise refuse(f"a name in it is {longest:,} bytes long, and a disk holds names of at most {LONGEST_PART}")
    parent = path.parent
    try:
        if path.is_dir():
            raise refuse("it is a folder; name a file in it")
        if not parent.exists():
            up = next((p for p in parent.parents if p.exists()), None)
            if up is not None and not up.is_dir():
                raise refuse(f"{cut(str(up), 80)} is a file, not a folder")
            raise refuse(f"there is no folder {cut(str(parent), 80)}; make it first")
        if not parent.is_dir():
            raise refuse(f"{cut(str(parent), 80)} is a file, not a folder")
    except OSError as e:  # a name the system refuses outright (ENAMETOOLONG)
        raise refuse(e.strerror or str(e)) from None
    return path


def write_output(path: str | os.PathLike, data: str | bytes) -> None:
    """Write an output file of the command line atomically into a folder that exists, or say in one sentence
    why it cannot be written (nothing is left behind)."""
    from .errors import CompanionError

    path = check_output(path)
    try:
        write_atomically(path, data)
    except OSError as e:
        raise CompanionError(f"{cut_path(path)} cannot be written: {e.strerror or e}.") from None
    except UnicodeEncodeError:
        raise CompanionError(f"{cut_path(path)} cannot be written: the text is not valid Unicode.") from None


def cut_path(path: str | os.PathLike) -> str:
    from .errors import cut

    return cut(os.fspath(path).encode("utf-8", "backslashreplace").decode("utf-8"), 120)
