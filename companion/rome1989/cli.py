"""``python -m companion rise-and-fall-1989 chart FILE.json [--json]``: the turn record chart recomputed;
``python -m companion rise-and-fall-1989 dice FILE.dice.json [--chart FILE.json] [--json]``: the dice file kept
beside it, checked (with its chart file: every roll's nation is one of the chart's) and listed.

Exit 0 with the chart (text, or the contract's JSON) or the dice; a file that breaks any rule exits 2 with one
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
    d = sub.add_parser("dice", help="check and list a Rise and Fall (1989) dice file (chart.dice.json)",
                       description="Check a rise-and-fall-1989/dice file, kept beside its chart file, and list its "
                       "rolls (docs/rise-and-fall-1989/formats.md, \"The dice file beside it\").")
    d.add_argument("file", metavar="FILE.dice.json", help="the dice file (rise-and-fall-1989/dice version 1)")
    d.add_argument("--chart", metavar="FILE.json", help="its chart file: every roll's nation must be one of its nations")
    d.add_argument("--json", action="store_true", help="print the dice file as read (the format's JSON)")
    d.set_defaults(run=cmd_dice)


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


def cmd_dice(args) -> int:
    import json

    from .chart import ChartFileError, read_path
    from .dice_file import DiceFileError, dice_doc
    from .dice_file import read_path as read_dice

    try:
        nations = None
        if args.chart is not None:  # the chart first: the dice are read against its nations
            nations = {n.name for n in read_path(args.chart).nations}
        dice = read_dice(args.file, nations)
    except (ChartFileError, DiceFileError) as e:
        for line in e.lines():
            print(line, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(dice_doc(dice.title, dice.rolls), indent=1, ensure_ascii=True))
        return 0
    from .dice_file import plain
    from .dice_log import PURPOSE_WORDS

    print(plain(f"{dice.title}: {len(dice.rolls)} roll{'' if len(dice.rolls) == 1 else 's'}"))
    for k, r in enumerate(dice.rolls):
        what = PURPOSE_WORDS.get(r.purpose, r.purpose) + (f": {r.about}" if r.about else "")
        faces = " ".join("0" if x == 10 else str(x) for x in r.dice)
        line = f"{k + 1}. game turn {r.game_turn}, {r.nation or 'no nation'}, {what}: {faces} ({r.by})"
        print(plain(line))  # a name's control characters escaped: nothing a terminal obeys
    return 0
