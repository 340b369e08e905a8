"""``python -m companion rise-and-fall-1989 chart FILE.json [--json]``: the turn record chart recomputed.

Exit 0 with the chart (text, or the contract's JSON); a file that breaks any rule exits 2 with one
sentence per broken rule on stderr, each beginning with its rule id, never a traceback.
"""

from __future__ import annotations

import sys


def add_commands(sub) -> None:
    c = sub.add_parser("chart", help="recompute a Rise and Fall (1989) turn record chart file",
                       description="Check a rise-and-fall-1989/chart file and print every derived cell of its "
                       "charts, the players' victory points and the winner (docs/rise-and-fall-1989/formats.md).")
    c.add_argument("file", metavar="FILE.json", help="the chart file (rise-and-fall-1989/chart version 1)")
    c.add_argument("--json", action="store_true", help="print the rise-and-fall-1989/chart-result JSON")
    c.set_defaults(run=cmd_chart)


def cmd_chart(args) -> int:
    from .chart import ChartFileError, compute, read_path, result_json, result_text

    try:  # the shared bounded reader (a pipe with no writer, /dev/zero, a huge file), then every rule
        chart = read_path(args.file)
    except ChartFileError as e:
        for line in e.lines():  # the first problems and how many more: a chart may break a rule 30,000 times
            print(line, file=sys.stderr)
        return 2
    result = compute(chart)
    print(result_json(result) if args.json else result_text(result))
    return 0
