"""``make test``'s last words: the ten slowest tests of the whole run and the run's own time.

Reads the JUnit XML files pytest wrote (``--junitxml``) in a folder; run as
``python tests/timing.py FOLDER START_EPOCH_SECONDS``.
"""

from __future__ import annotations

import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path


def slowest(folder: Path, n: int = 10) -> list[tuple[float, str]]:
    cases = []
    for f in sorted(folder.glob("*.xml")):
        try:
            root = ET.parse(f).getroot()
        except (ET.ParseError, OSError):
            continue
        for c in root.iter("testcase"):
            cases.append((float(c.get("time") or 0), f"{c.get('classname', '')}::{c.get('name', '')}"))
    return sorted(cases, reverse=True)[:n]


def main(argv: list[str]) -> int:
    folder, start = Path(argv[1]), float(argv[2])
    print("\nThe ten slowest tests:")
    for seconds, name in slowest(folder):
        print(f"  {seconds:7.2f} s  {name}")
    took = time.time() - start
    print(f"make test took {int(took // 60)} min {int(took % 60)} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
