"""Where the dashboard keeps its files, and the one-time move from version 1's directory.

Version 1 held one game and kept its files in ``~/.local/share/rise-and-fall-companion``. The
dashboard now holds several games and keeps them in ``~/.local/share/table-companion``. The first
start finds the old directory and copies it whole under a temporary name, then renames the copy
into place in one step: a start stopped half-way leaves no half-copied directory behind, and
the old directory is never written to (an older version can still open it).
"""

from __future__ import annotations

import os
import shutil
import sys
import uuid
from pathlib import Path

NAME = "table-companion"
VERSION_1_NAME = "rise-and-fall-companion"


def default_data_dir() -> Path:
    """``$COMPANION_DATA`` if set, else ``table-companion`` in ``$XDG_DATA_HOME`` (``~/.local/share``)."""
    env = os.environ.get("COMPANION_DATA")
    if env:
        return Path(env).expanduser()
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    new, old = base / NAME, base / VERSION_1_NAME
    if not new.exists() and old.is_dir():
        if not migrate(old, new):
            return old  # could not copy (disk full?): play on the old files and try again next start
    return new


def migrate(old: Path, new: Path) -> bool:
    """Copy ``old`` to ``new`` once, atomically; False if it could not be done (nothing left behind)."""
    if new.exists():
        return True
    tmp = new.with_name(f".{new.name}.moving-{uuid.uuid4().hex[:8]}")
    try:
        shutil.copytree(old, tmp, symlinks=True)
        os.rename(tmp, new)  # one step; refused if another start moved the files first
    except OSError as e:
        shutil.rmtree(tmp, ignore_errors=True)
        if new.exists():
            return True
        print(f"The files in {old} could not be copied to {new} ({e}); they are used where they are.", file=sys.stderr)
        return False
    return True
