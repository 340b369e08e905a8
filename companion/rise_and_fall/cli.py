"""Rise & Fall's commands: ``python -m companion rise-and-fall check | render | new | score``.

The same commands answer without the game's name (``python -m companion check``), as in
version 1. Exit codes: 0 good, 1 an illegal World, 2 a file that cannot be read (one sentence
on stderr, never a traceback, nothing written).
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.atomic import check_output, cut_path, write_output
from companion.drawing import to_png, to_svg
from companion.errors import CompanionError


def add_commands(sub) -> None:
    """The commands of formats.md, added to the command line's sub-parsers."""
    c = sub.add_parser("check", help="replay a layout's tiles under the rules of Creating the World",
                       description="Replay a layout file's tiles in order under the rules of Creating the World: "
                                   "exit 0 if every tile is legal, 1 with the first illegal tile and its rule, "
                                   "2 if the file cannot be read.")
    c.add_argument("layout", help="the layout file (JSON, docs/formats.md)")
    c.add_argument("--json", action="store_true", help="print the verdict as JSON (valid, complete, tile, rule, message)")
    c.set_defaults(run=cmd_check)
    r = sub.add_parser("render", help="draw a layout or position as SVG or PNG",
                       description="Draw a layout or a position file as a picture; the output's extension "
                                   "(.svg or .png) chooses the format.")
    r.add_argument("file", help="the layout or position file (JSON) to draw")
    r.add_argument("-o", "--output", required=True, help="the picture to write, ending in .svg or .png")
    r.set_defaults(run=cmd_render)
    n = sub.add_parser("new", help="a complete random World",
                       description="Build a complete random World, every tile placed legally in turn order, "
                                   "and write its layout file; the same players and seed give the same World.")
    n.add_argument("--players", type=int, required=True, choices=(2, 3, 4), help="how many players the World is for")
    n.add_argument("--seed", type=int, required=True, help="the random seed (a whole number): the same seed, the same World")
    n.add_argument("-o", "--output", required=True, help="the layout file to write (JSON)")
    n.add_argument("--name", default=None, help="the World's name in the file (default: one made from the seed)")
    n.add_argument("--tales", action="store_true", help="draw one Tale per player from the seed and place their special areas")
    n.set_defaults(run=cmd_new)
    s = sub.add_parser("score", help="final scores of one or more position files",
                       description="Count the final scores of one or more position files "
                                   "(the World with every piece on it at the end of the game).")
    s.add_argument("positions", nargs="+", help="the position files (JSON) to score")
    s.add_argument("--json", action="store_true", help="print the scores as JSON")
    s.add_argument("--quick", action="store_true", help="also print the Quick Scoring variant step by step")
    s.set_defaults(run=cmd_score)


def _write(out: str | Path, data: str | bytes) -> None:
    """Write an output file atomically, or say in one sentence why it cannot be written."""
    write_output(out, data)  # its folder must exist, and nothing is left behind


def _text_argument(value: str, what: str) -> str:
    """A command-line text that is valid Unicode (undecodable bytes arrive as lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise CompanionError(f"The {what} is not valid text (it holds bytes that are not UTF-8).") from None
    return value


def cmd_check(args) -> int:
    from companion.jsonfile import read_json
    from companion.rise_and_fall.play.state_file import FORMAT as STATE
    from companion.rise_and_fall.world.check import check
    from companion.rise_and_fall.world.layout import parse

    doc = read_json(args.layout)
    if isinstance(doc, dict) and doc.get("format") == STATE:
        return _check_state(doc, args)
    report = check(parse(doc, str(args.layout)))
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        print(report.message)
    return 0 if report.valid else 1


def _check_state(doc: dict, args) -> int:
    """A state file (a game joined in progress): every problem, one sentence and rule id each; exit 1 with any."""
    from companion.rise_and_fall.play.state_file import parse_state, problems

    st = parse_state(doc, str(args.layout), check=False)
    found = problems(st)
    if args.json:
        print(json.dumps({"valid": not found, "problems": [{"rule": p.rule, "message": str(p)} for p in found]}))
    elif found:
        print("\n".join(str(p) for p in found))
    else:
        print(f"A game in progress for {len(st.players)} players, at the start of turn {st.turn}"
              + (f", phase {st.phase}" if st.phase != "A" else "") + ": it can be played on.")
    return 1 if found else 0


def cmd_new(args) -> int:
    from companion.rise_and_fall.world.worldgen import generate

    name = _text_argument(args.name, "name") if args.name is not None else None
    if name is not None and len(name) > 200:
        raise CompanionError("The name is longer than 200 characters.")
    check_output(_text_argument(args.output, "output path"))
    if getattr(args, "tales", False):
        from companion.rise_and_fall.variants.tales.tales import draw, tale
        from companion.rise_and_fall.variants.tales.worlds import generate_with_tales

        layout = generate_with_tales(args.players, args.seed, draw(args.players, args.seed))
        if name is not None:
            layout.name = name
        tales = ", ".join(f"{n} {tale(n).name}" for n in layout.extra["tales"])
        _write(args.output, layout.dumps())
        print(f"Wrote {args.output}: a complete {args.players}-player World from seed {args.seed}, with the Tales {tales}.")
        return 0
    layout = generate(args.players, args.seed, name=name)
    _write(args.output, layout.dumps())
    print(f"Wrote {args.output}: a complete {args.players}-player World from seed {args.seed}.")
    return 0


def cmd_render(args) -> int:
    from companion.rise_and_fall.files import load_any
    from companion.rise_and_fall.world.views import world_scene

    out = Path(_text_argument(args.output, "output path"))
    if out.suffix.lower() not in (".svg", ".png"):
        raise CompanionError(f"{cut_path(out)}: the picture must end in .svg or .png.")
    check_output(out)
    kind, obj = load_any(args.file)
    if kind == "layout":
        from companion.rise_and_fall.variants.tales.tales import parse_markers

        scene = world_scene(obj.world(), markers=parse_markers(obj.extra.get("tale_pieces")))
    else:
        from companion.rise_and_fall.scoring.position_view import position_scene

        scene = position_scene(obj)
    data = to_svg(scene) if out.suffix.lower() == ".svg" else to_png(scene)
    _write(out, data)
    print(f"Wrote {cut_path(out)}.")
    return 0


def cmd_score(args) -> int:
    from companion.rise_and_fall.scoring.position import load_position
    from companion.rise_and_fall.scoring.scoring import quick_scoring, score, scorepad_text

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


