"""``python -m companion rise check | render``: Rise!'s commands, listed by the registry of games.

Each ``cmd_*`` takes parsed arguments and returns the exit code: 0 good, 1 an illegal action in
the record, 2 a file that cannot be read (one sentence on stderr, never a traceback).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import CompanionError, FileFormatError

#: The refusals that mean a badly shaped record rather than a move the rules forbid.
MALFORMED = frozenset({"bad-action"})


def add_commands(sub) -> None:
    """Add Rise!'s commands to an argparse sub-parser collection (``sub.add_parser``)."""
    c = sub.add_parser("check", help="replay a Rise! game record under the rules",
                       description="Replay a Rise! game record's actions under the rules: exit 0 if every "
                                   "action is legal, 1 with the first illegal one and its rule, 2 if the file "
                                   "cannot be read.")
    c.add_argument("game", help="the game record file (JSON)")
    c.add_argument("--json", action="store_true", help="print the verdict as JSON")
    c.set_defaults(run=cmd_check)
    r = sub.add_parser("render", help="draw a Rise! position as SVG or PNG",
                       description="Draw the position of a Rise! game record as a picture; the output's "
                                   "extension (.svg or .png) chooses the format.")
    r.add_argument("game", help="the game record file (JSON)")
    r.add_argument("-o", "--output", required=True, help="the picture to write, ending in .svg or .png")
    r.add_argument("--upto", type=int, default=None, help="the position after this many actions")
    r.set_defaults(run=cmd_render)


def cmd_check(args) -> int:
    from .record import check, load

    report = check(load(args.game))
    if not report.valid and report.rule in MALFORMED:
        # an action that is not shaped as an action: the record cannot be read (exit 2), not an illegal move
        raise FileFormatError(f"{args.game}: {report.message}")
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        print(report.message)
    return 0 if report.valid else 1


def cmd_render(args) -> int:
    from ..atomic import check_output, cut_path, write_output
    from ..drawing import to_png, to_svg
    from .game import name
    from .record import check, load
    from .view import position_scene

    out = Path(args.output)
    if out.suffix.lower() not in (".svg", ".png"):
        raise CompanionError(f"{cut_path(out)}: the picture must end in .svg or .png.")
    check_output(out)  # before any work: a folder, a path under a file, a missing folder, a name too long
    if args.upto is not None and args.upto < 0:
        raise CompanionError(f"--upto counts actions from 0; {args.upto} is not a count.")
    report = check(load(args.game), upto=args.upto)
    p = report.position
    caption = f"{name(p.winner)} has won" if p.winner else f"Turn {p.turn}: {name(p.player)} to play"
    scene = position_scene(p, caption=caption)
    write_output(out, to_svg(scene) if out.suffix.lower() == ".svg" else to_png(scene))
    note = "" if report.valid else f" (the position before action {report.action}, which the rules refuse)"
    print(f"Wrote {cut_path(out)}{note}.")
    return 0
