"""``python -m companion rise-and-fall-1989 chart FILE.json [--json]``: the turn record chart recomputed.

Exit 0 with the chart (text, or the contract's JSON); a file that breaks any rule exits 2 with one
sentence per broken rule on stderr, each beginning with its rule id, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..errors import CompanionError


def add_commands(sub) -> None:
    c = sub.add_parser("chart", help="recompute a Rise and Fall (1989) turn record chart file",
                       description="Check a rise-and-fall-1989/chart file and print every derived cell of its "
                       "charts, the players' victory points and the winner (docs/rise-and-fall-1989/formats.md).")
    c.add_argument("file", metavar="FILE.json", help="the chart file (rise-and-fall-1989/chart version 1)")
    c.add_argument("--json", action="store_true", help="print the rise-and-fall-1989/chart-result JSON")
    c.set_defaults(run=cmd_chart)


MAX_BYTES = 4 * 1024 * 1024  # far beyond any real chart (six nations over a hundred turns is some 200 KB)


def read_file(path: str) -> bytes:
    p = Path(path)
    try:
        with p.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise CompanionError(f"json: {path} is larger than 4 MB; a chart file is far smaller.")
        return data
    except FileNotFoundError:
        raise CompanionError(f"json: there is no file {path}.") from None
    except IsADirectoryError:
        raise CompanionError(f"json: {path} is a folder, not a chart file.") from None
    except OSError as e:
        raise CompanionError(f"json: {path} cannot be read ({e.strerror or e}).") from None


def cmd_chart(args) -> int:
    from .chart import ChartFileError, compute, read, result_json, result_text

    try:
        chart = read(read_file(args.file))
    except ChartFileError as e:
        for p in e.problems:
            print(str(p), file=sys.stderr)
        return 2
    result = compute(chart)
    print(result_json(result) if args.json else result_text(result))
    return 0
