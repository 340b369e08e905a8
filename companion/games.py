"""The games of the dashboard: the one list that the shelf, the store and the command line read.

A game is its folder ``companion/<game>/`` (with its entry, ``GAME``, in ``meta.py``) and one line in
:data:`REGISTERED`. The entry names things as ``"module:attribute"`` (or ``"package:file"`` for data files); nothing is
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


@dataclass(frozen=True, kw_only=True)
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
    each with ``set_defaults(run=function)``. ``contracts`` names the game's rules under the shared contract
    (``companion.rules``): ``{kind: Contract}``, one per kind of log, each answering ``legal_actions``, ``outcome``
    and ``view``; the guards of every new action, History, the shelf's "Continue" and the test over every game
    read them. (``finished`` and ``random_play``, the hooks before the contract, are still read for a game that
    names no contract.)
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
    contracts: str = ""
    finished: str = ""  # names ``finished(kind, state) -> bool`` (a game without ``contracts``)
    seat_codes: str = ""  # names ``seat_codes(base_address) -> [(player, address)]``: the seats ``make table`` prints
    seat: str = ""  # names ``open_seat(store, token)``: a player's own page on their phone (``widget``, ``poll``, ``reopen``)
    seat_kind: str = "game"  # the short kind of the logs that keep the seats' tokens (``companion.seats``)
    #: names ``random_action(kind, state, rng) -> Action | None``: one random legal action of that log kind
    #: (short name) in that state, setup included, or None once the log needs no more play. The test over
    #: every registered game (``tests/every_game/``) plays with it; a new game is tested by being registered.
    random_play: str = ""
    colours: str = ""  # names ``colours(data_dir, log_id) -> {player: "#rrggbb"} | None``: a finished game's colours from its logs
    #: kinds of log that prepare a play (Rise & Fall's World): once a later log of the game is
    #: finished (the game played on it is over), "Continue" passes over them
    prepares: tuple[str, ...] = ()
    #: a screen's shorter name on a phone's bar, where its own would not fit one word to a button
    #: (``{"Score the Wave": "Wave"}``): the bar keeps the screens in one row (companion.ui.bar)
    phone_names: dict[str, str] = field(default_factory=dict)

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

    def contract(self, kind: str) -> Any:
        """The rules of one of this game's log kinds under the shared contract (``companion.rules.Contract``),
        None for a game that names none."""
        short = kind.split("/", 1)[1] if "/" in kind else kind
        return _load(self.contracts).get(short) if self.contracts else None

    def outcome(self, kind: str, state: Any) -> Any:
        """The log's ``Outcome`` (``companion.rules``): None while it goes on, or for a game with no contract."""
        c = self.contract(kind)
        return c.outcome(state) if c is not None else None

    def is_finished(self, kind: str, state: Any) -> bool:
        """Whether a log needs no more play (the shelf's "Continue" passes over finished ones)."""
        short = kind.split("/", 1)[1] if "/" in kind else kind
        c = self.contract(short)
        if c is not None:
            return bool(c.finished(state))
        return bool(self.finished) and bool(_load(self.finished)(short, state))

    def open_screens(self, table: Any) -> Any:
        return _load(self.screens)(table)

    def open_seat(self, store: Any, token: str) -> Any:
        """A player's own seat (``?game=ID&seat=TOKEN``); only for a game that has seats."""
        return _load(self.seat)(store, token)

    def seat_codes_for(self, base: str) -> list[tuple[str, str]]:
        """The seats of this game's table being played now, each with its address (none if no seats)."""
        return list(_load(self.seat_codes)(base)) if self.seat_codes else []

    def recover_colours(self, root: Any, log_id: str) -> dict[str, str] | None:
        """The players' colours of a game kept in the history without them, read back from its logs."""
        return _load(self.colours)(root, log_id) if self.colours else None

    def random_action(self, kind: str, state: Any, rng: Any) -> Any:
        """One random action drawn from the contract's ``legal_actions`` (or the older ``random_play``); None
        once the log needs no more play, or when the game has neither."""
        short = kind.split("/", 1)[1] if "/" in kind else kind
        c = self.contract(short)
        if c is not None:
            return c.random_action(state, rng)
        return _load(self.random_play)(short, state, rng) if self.random_play else None

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


#: Every game that is built, in shelf order: one line per game, its package. Each package's ``meta.py``
#: holds its entry (``GAME``, a :class:`Game` with keyword arguments); it is read when the registry is
#: first asked, so importing a game never imports the registry's list of games.
REGISTERED: tuple[str, ...] = (
    "companion.rise_and_fall",
    "companion.rise",
    "companion.mountain_king",
    "companion.rome1989",
)


class _Registry(dict):
    """The games by id, read from each package's ``meta.py`` on first use (then tests may add theirs)."""

    loaded = False

    def load(self) -> "_Registry":
        if not self.loaded:
            self.loaded = True
            for package in REGISTERED:
                game = importlib.import_module(f"{package}.meta").GAME
                self.setdefault(game.id, game)
        return self


_registry = _Registry()


def _all() -> _Registry:
    return _registry.load()


def games() -> list[Game]:
    """Every registered game, in shelf order."""
    return list(_all().values())


def get(game_id: str) -> Game:
    try:
        return _all()[game_id]
    except KeyError:
        known = ", ".join(_all())
        raise CompanionError(f"There is no game {game_id!r} here; the games are: {known}.") from None


def find(game_id: str) -> Game | None:
    """The registered game of that id, or None (a game of an older or newer dashboard)."""
    return _all().get(game_id)


def register(game: Game) -> Callable[[], None]:
    """Add a game (a test's own game, for one); returns the function that takes it away again."""
    if "/" in game.id or not game.id:
        raise ValueError(f"A game id is a plain name without '/': {game.id!r}")
    games_by_id = _all()
    games_by_id[game.id] = game

    def unregister() -> None:
        if games_by_id.get(game.id) is game:
            del games_by_id[game.id]

    return unregister


def qualified(kind: str) -> str:
    """The kind with its game id; version 1's kinds ("world", "game", "scoring") were Rise & Fall's."""
    return kind if "/" in kind else f"{VERSION_1_GAME}/{kind}"


def game_of(kind: str) -> Game | None:
    """The registered game a log kind belongs to (None for a game this dashboard does not hold)."""
    return _all().get(qualified(kind).split("/", 1)[0])
