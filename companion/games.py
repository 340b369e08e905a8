"""The games of the dashboard: the one list that the shelf, the store and the command line read.

A game is its folder ``companion/<game>/`` and one ``Game(...)`` entry in :data:`BUILT`. The
entry names things as ``"module:attribute"`` (or ``"package:file"`` for data files); nothing is
imported until it is needed, so the shelf stays light. Nothing else in the code lists games.
"""

from __future__ import annotations

import hashlib
import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

from .errors import CompanionError

#: Version 1 held one game and wrote its log kinds without a game id ("world", "game", "scoring").
VERSION_1_GAME = "rise-and-fall"


def _load(ref: str) -> Any:
    """``"package.module:attribute"`` → the attribute, imported on demand."""
    module, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def _read(ref: str) -> bytes:
    """``"package:file"`` → the file's bytes (package data)."""
    package, _, name = ref.partition(":")
    return resources.files(package).joinpath(name).read_bytes()


@dataclass(frozen=True)
class Game:
    """What the dashboard knows of one game.

    ``screens`` names a factory called with the shared parts of the page (``companion.ui.table.Table``:
    the store, the settings, History, a way to show an error or bring a screen forward). It
    returns the game's screens: an object with ``screens`` (the names on the game's own bar) and
    ``screen(name)`` (that screen's widget), or simply one ``widget``. It may also have
    ``shown(name)`` (a screen comes to the front), ``resume(kind, log_id)`` (open that log; returns
    the screen that shows it), ``reopen()`` (the page attached: read the logs again) and
    ``poll()`` (follow other pages; True if something changed).
    ``kinds`` maps each kind of log the game keeps to its reducer class (``Reducer`` of gamelog).
    ``commands`` names ``add_commands(subparsers)``, which adds the game's command-line commands,
    each with ``set_defaults(run=function)``. ``finished`` names ``finished(kind, state) -> bool``:
    whether a log needs no more play (the shelf's "Continue" passes over finished ones).
    """

    id: str
    title: str
    players: tuple[int, ...]
    picture: str
    screens: str
    kinds: dict[str, str] = field(default_factory=dict)
    commands: str = ""
    rules_data: str = ""
    about: str = ""
    finished: str = ""
    seat: str = ""  # names ``open_seat(store, token)``: a player's own page on their phone (``widget``, ``poll``, ``reopen``)
    colours: str = ""  # names ``colours(data_dir, log_id) -> {player: "#rrggbb"} | None``: a finished game's colours from its logs
    #: kinds of log that prepare a play (Rise & Fall's World): once a later log of the game is
    #: finished (the game played on it is over), "Continue" passes over them
    prepares: tuple[str, ...] = ()

    def kind(self, short: str) -> str:
        """The store's kind of one of this game's logs, e.g. ``rise-and-fall/world``."""
        if short not in self.kinds:
            raise CompanionError(f"{self.title} keeps no log of kind {short!r}.")
        return f"{self.id}/{short}"

    def reducer(self, kind: str) -> Any:
        """A fresh reducer for one of this game's log kinds (short or with the game id)."""
        short = kind.split("/", 1)[1] if "/" in kind else kind
        if short not in self.kinds:
            raise CompanionError(f"{self.title} keeps no log of kind {short!r}.")
        return _load(self.kinds[short])()

    def rules_version(self) -> str:
        """A fingerprint of the rules data a log is played under (empty for a game without one)."""
        return _rules_version(self.rules_data) if self.rules_data else ""

    def picture_svg(self) -> str:
        return _read(self.picture).decode("utf-8")

    def is_finished(self, kind: str, state: Any) -> bool:
        short = kind.split("/", 1)[1] if "/" in kind else kind
        return bool(self.finished) and bool(_load(self.finished)(short, state))

    def open_screens(self, table: Any) -> Any:
        return _load(self.screens)(table)

    def open_seat(self, store: Any, token: str) -> Any:
        """A player's own seat (``?game=ID&seat=TOKEN``); only for a game that has seats."""
        return _load(self.seat)(store, token)

    def recover_colours(self, root: Any, log_id: str) -> dict[str, str] | None:
        """The players' colours of a game kept in the history without them, read back from its logs."""
        return _load(self.colours)(root, log_id) if self.colours else None

    def add_commands(self, sub: Any) -> None:
        if self.commands:
            _load(self.commands)(sub)

    @property
    def player_count(self) -> str:
        """``2–4 players`` as a shelf tile says it."""
        lo, hi = min(self.players), max(self.players)
        return f"{lo} players" if lo == hi else f"{lo}–{hi} players"


@lru_cache(maxsize=None)
def _rules_version(ref: str) -> str:
    return hashlib.sha256(_read(ref)).hexdigest()[:12]


RF = "companion.rise_and_fall"

#: Every game that is built, in shelf order. One entry per game.
BUILT: tuple[Game, ...] = (
    Game("rise-and-fall", "Rise & Fall", (2, 3, 4), f"{RF}:picture.svg", f"{RF}.screens:open_screens",
         {"world": f"{RF}.builder:BuildRules", "game": f"{RF}.tracker:TrackerRules", "scoring": f"{RF}.endgame:EntryRules"},
         f"{RF}.cli:add_commands", f"{RF}:rules.json", "Build the World tile by tile, keep the books, score the end.",
         f"{RF}:finished", f"{RF}.screens.seat_screen:open_seat", colours=f"{RF}.history:recovered_colours",
         prepares=("world",)),
    Game("rise", "Rise!", (2,), "companion.rise:picture.svg", "companion.rise.screens:open_screens", {"game": "companion.rise.game:RiseRules"},
         "companion.rise.cli:add_commands", "companion.rise:rules.json", "Land tiles, Workers and Towers; or practise against the computer.",
         "companion.rise:finished"),
)

_games: dict[str, Game] = {g.id: g for g in BUILT}


def games() -> list[Game]:
    """Every registered game, in shelf order."""
    return list(_games.values())


def get(game_id: str) -> Game:
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(_games)
        raise CompanionError(f"There is no game {game_id!r} here; the games are: {known}.") from None


def find(game_id: str) -> Game | None:
    """The registered game of that id, or None (a game of an older or newer dashboard)."""
    return _games.get(game_id)


def register(game: Game) -> Callable[[], None]:
    """Add a game (a test's own game, for one); returns the function that takes it away again."""
    if "/" in game.id or not game.id:
        raise ValueError(f"A game id is a plain name without '/': {game.id!r}")
    _games[game.id] = game

    def unregister() -> None:
        if _games.get(game.id) is game:
            del _games[game.id]

    return unregister


def qualified(kind: str) -> str:
    """The kind with its game id; version 1's kinds ("world", "game", "scoring") were Rise & Fall's."""
    return kind if "/" in kind else f"{VERSION_1_GAME}/{kind}"


def game_of(kind: str) -> Game | None:
    """The registered game a log kind belongs to (None for a game this dashboard does not hold)."""
    return _games.get(qualified(kind).split("/", 1)[0])
