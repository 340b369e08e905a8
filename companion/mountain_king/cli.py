"""``python -m companion mountain-king score FILE.json [--json]``: the end of a Wave scored from its file.

Exit codes: 0 scored; 2 a file that breaks the format's rules, with one sentence per broken rule on
stderr, each beginning with its rule id (``docs/mountain-king/formats.md``), never a traceback.
"""

from __future__ import annotations

import sys


def add_commands(sub) -> None:
    """Add the game's commands to an argparse sub-parser collection (``sub.add_parser``)."""
    s = sub.add_parser("score", help="score the end of a Wave from a mountain-king/wave file",
                       description="Score the end of a Wave from a mountain-king/wave file: exit 0 with the "
                                   "scores, 2 with one sentence per broken rule of the file's format.")
    s.add_argument("file", help="a mountain-king/wave file (JSON)")
    s.add_argument("--json", action="store_true", help="the scores as JSON, as docs/mountain-king/formats.md shows")
    s.set_defaults(run=cmd_score)


def cmd_score(args) -> int:
    from .scoring import score, scorepad_text, to_json_text
    from .wave import WaveFileError, load

    try:
        wave = load(args.file)
    except WaveFileError as e:
        for line in e.lines():  # the first problems and how many more: a file may break a rule 200,000 times
            print(line, file=sys.stderr)
        return 2
    result = score(wave)
    print(to_json_text(result) if args.json else scorepad_text(result))
    return 0
