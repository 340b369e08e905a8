"""``python -m companion <game> <command>``: every game's commands, from the registry.

``python -m companion --help`` lists the games. Version 1's commands (``check``, ``render``,
``new``, ``score``: Rise & Fall's) still answer without the game's name. A file that cannot be
read exits 2 with one sentence on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from . import games
from .errors import CompanionError, FileFormatError, cut

PROG = "python -m companion"


#: What a bare ``python -m companion`` says (exit 2): one sentence, and where to look.
BARE = f"{PROG}: name a game and one of its commands ({PROG} --help lists them)."


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with one sentence, like bad files
        if len(message) > 200:  # an argument may be thousands of characters long
            message = message[:160] + "…" + message[-30:]
        self.exit(2, f"{self.prog}: {message} ({self.prog} --help says more)\n")


def _commands(parser: argparse.ArgumentParser, game: games.Game) -> argparse.ArgumentParser:
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="command")
    game.add_commands(sub)
    return parser


def game_parser(game: games.Game, prog: str) -> argparse.ArgumentParser:
    """One game's commands as a parser of their own."""
    return _commands(_Parser(prog=prog, description=f"{game.title}: the table companion's commands."), game)


def build_parser() -> argparse.ArgumentParser:
    """The top level: one entry per game, its commands under it."""
    first = games.get(games.VERSION_1_GAME)
    p = _Parser(
        prog=PROG,
        description="The table companion's command line: pick a game, then one of its commands.",
        epilog=f"{first.title}'s commands also answer without the game's name, as before: {PROG} check my-world.json",
    )
    sub = p.add_subparsers(dest="game", required=True, parser_class=_Parser, metavar="game", title="games")
    for g in games.games():
        names = ", ".join(_names(g))
        gp = sub.add_parser(g.id, help=f"{g.title} ({g.player_count}): {names}",
                            description=f"{g.title}: the table companion's commands.")
        _commands(gp, g)
    return p


def _names(game: games.Game) -> list[str]:
    probe = argparse.ArgumentParser(add_help=False)
    sub = probe.add_subparsers()
    game.add_commands(sub)
    return list(sub.choices)


RULES_INDEX = "rules-index"


def _rules_index(argv: list[str]) -> int:
    """``python -m companion rules-index [PROJECT]``: write every game's ``docs/<game>/rules-index.md`` from its
    rules index (the project folder holding ``docs/``: by default the one this package is in)."""
    from pathlib import Path

    from .rulebook import write_docs

    p = _Parser(prog=f"{PROG} {RULES_INDEX}", description="Write each game's docs/<game>/rules-index.md from its rules index.")
    p.add_argument("project", nargs="?", default=str(Path(__file__).resolve().parents[1]), help="the project folder (holding docs/)")
    args = p.parse_args(argv)
    if not (Path(args.project) / "docs").is_dir():
        print(f"{args.project} has no docs folder to write the rules index into.", file=sys.stderr)
        return 2
    for path in write_docs(args.project):
        print(path)
    return 0


def _say_anything() -> None:
    """Print any text: a name that cannot be encoded for this terminal (a lone surrogate, an ASCII terminal)
    is printed escaped (``\\ud800``) rather than raising ``UnicodeEncodeError`` after the work is done."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):  # a stream that is not a text file (a test's capture)
            pass


def main(argv: list[str] | None = None) -> int:
    _say_anything()
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        print(BARE, file=sys.stderr)
        return 2
    if argv[0] == RULES_INDEX:
        return _rules_index(argv[1:])
    first = games.get(games.VERSION_1_GAME)
    if argv and argv[0] in _names(first):  # version 1: Rise & Fall's commands without the game's name
        args = game_parser(first, PROG).parse_args(argv)
    else:
        args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except FileFormatError as e:
        for line in e.lines():  # the first problems and how many more, each line cut short
            print(line, file=sys.stderr)
        return 2
    except CompanionError as e:
        print(cut(str(e)), file=sys.stderr)
        return 2
    except MemoryError:
        print("The input is too large to handle.", file=sys.stderr)
        return 2
