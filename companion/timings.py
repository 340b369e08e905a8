"""Where the time of a change between pages goes: marks written to ``$COMPANION_TIMINGS`` (a file).

``make bench`` sets it for the phones' pages: each kernel appends ``time pid what`` lines (a tap
handled, the log committed, another kernel noticing, its widgets updated) and the bench reads them
beside what the browser drew. Unset (as at the table), a mark costs one test of a constant.
"""

from __future__ import annotations

import os
import time

PATH = os.environ.get("COMPANION_TIMINGS") or None


def mark(what: str) -> None:
    """Note that ``what`` happened now (only while the bench listens)."""
    if PATH is None:
        return
    try:
        with open(PATH, "a", encoding="utf-8") as f:
            f.write(f"{time.time():.6f} {os.getpid()} {what}\n")
    except OSError:
        pass
