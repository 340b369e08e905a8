"""``python -m companion check | render | new | score``: the command line of formats.md.

Exit codes: 0 good, 1 an illegal World, 2 a file that cannot be read (one sentence on
stderr, never a traceback, nothing written).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .atomic import write_atomically
from .drawing import to_png, to_svg
from .errors import CompanionError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with one sentence, like bad files
        self.exit(2, f"{self.prog}: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m companion", description="Rise & Fall table companion.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    c = sub.add_parser("check", help="replay a layout's tiles under the rules of Creating the World")
    c.add_argument("layout")
    c.add_argument("--json", action="store_true")
    r = sub.add_parser("render", help="draw a layout or position as SVG or PNG")
    r.add_argument("file")
    r.add_argument("-o", "--output", required=True)
    n = sub.add_parser("new", help="a complete random World")
    n.add_argument("--players", type=int, required=True, choices=(2, 3, 4))
    n.add_argument("--seed", type=int, required=True)
    n.add_argument("-o", "--output", required=True)
    n.add_argument("--name", default=None)
    s = sub.add_parser("score", help="final scores of one or more position files")
    s.add_argument("positions", nargs="+")
    s.add_argument("--json", action="store_true")
    s.add_argument("--quick", action="store_true", help="also print the Quick Scoring variant step by step")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except CompanionError as e:
        print(str(e), file=sys.stderr)
        return 2


def cmd_check(args) -> int:
    from .rise_and_fall.layout import check, load

    report = check(load(args.layout))
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        print(report.message)
    return 0 if report.valid else 1


def cmd_new(args) -> int:
    from .rise_and_fall.layout import save
    from .rise_and_fall.worldgen import generate

    layout = generate(args.players, args.seed, name=args.name)
    save(layout, args.output)
    print(f"Wrote {args.output}: a complete {args.players}-player World from seed {args.seed}.")
    return 0


def cmd_render(args) -> int:
    from .rise_and_fall.files import load_any
    from .rise_and_fall.views import world_scene

    out = Path(args.output)
    if out.suffix.lower() not in (".svg", ".png"):
        raise CompanionError(f"{out}: the picture must end in .svg or .png.")
    kind, obj = load_any(args.file)
    if kind == "layout":
        scene = world_scene(obj.world())
    else:
        from .rise_and_fall.position_view import position_scene

        scene = position_scene(obj)
    data = to_svg(scene) if out.suffix.lower() == ".svg" else to_png(scene)
    write_atomically(out, data)
    print(f"Wrote {out}.")
    return 0


def cmd_score(args) -> int:
    from .rise_and_fall.position import load_position
    from .rise_and_fall.scoring import quick_scoring, score, scorepad_text

    positions = [load_position(p) for p in args.positions]  # all read before anything is printed
    results = [score(p) for p in positions]
    if args.json:
        docs = [r.to_dict() for r in results]
        print(json.dumps(docs[0] if len(docs) == 1 else docs, indent=2))
    else:
        for path, pos, r in zip(args.positions, positions, results):
            if len(results) > 1:
                print(f"== {path}")
            print(scorepad_text(r))
            if args.quick:
                print("\nQuick Scoring, step by step (GP after each step):")
                for k, step in enumerate(quick_scoring(pos), 1):
                    gp = ", ".join(f"{n} {v}" for n, v in step.gp.items())
                    print(f"{k:>3}. {step.text}  [{gp}]")
    return 0


COMMANDS = {"check": cmd_check, "new": cmd_new, "render": cmd_render, "score": cmd_score}
