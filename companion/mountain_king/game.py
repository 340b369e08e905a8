"""A game of Fall of the Mountain King as a log: Honour kept during each Wave, the Clan board, every Wave scored.

One log of kind ``mountain-king/game``. Its actions (each one tap, each one entry, each undone by the log):

* ``setup``: ``{"players": [...], "board": {board file}, "tiles"?: {clan: [a, b, c]}, "halls"?: [value, ...]}``;
  the board is copied into the log, so a game replays the same even after the table edits its board.
* ``honour``: ``{"player", "source", ...}``, the Honour a player gains during a Wave, from one source:
  ``gnomes`` (``strength``: the defeated Gnomes' strength), ``fallen`` (the First Fallen score of the
  Wave for the first Troll of an invasion, 2 for each later one, none in a Breach), ``consolation``
  (``lines``: the yellow lines a disc passed), ``wheel`` (``spaces`` + ``boost``: Gain Honour with the
  Honour Boost), ``champion`` (``amount``: a Champion's own Honour).
* ``invasion`` / ``breach``: the next invasion (or a Breach) begins; Fallen Trolls count from it.
* ``votes``: ``{"player", "clan", "votes", "source"}``: Votes gained on a plank (a Wild Vote from an
  Outsider names the Clan it is applied to). A marker that moves arrives on top of a stack: behind.
* ``tiles`` / ``halls``: the Vote tiles drawn for the game, the Great Hall tokens' values.
* ``supply``: a player's supplies for the Wave (base, Supply symbols, wild pairs, Desperation tokens).
* ``end-wave``: the table reaches Score the Wave; then ``cavern`` (cavern by cavern: ``trolls`` per
  player and ``gnomes``) or ``control`` (the fast path: ``controller`` or ``overrun``) for each cavern,
  ``rest`` (one tap: the cavern asked and the rest of its Domain not entered are empty, each entered as an
  empty cavern; with ``"as": "before"`` each as the last Wave scored it), ``as-before`` (one cavern as the last
  Wave scored it: the map stays from one Wave to the next), ``domain`` in Waves I–II (a Domain at once, as the
  rulebook scores it: ``{"domain", "controlled": {player: caverns}, "overrun": caverns}``), ``elders`` in Wave
  III, and ``score-wave``, which scores the Wave (``scoring.score``) and begins the next one, or ends the game
  after Wave III.

The End of the Wave in the rulebook's order ("Follow these steps in order: Entrenchment, Invasions, Award
Champions, Score the Wave"), one action a step, each carrying the step it answers (refused once the table
has moved on, so a second quick tap never lands elsewhere):

* ``wave-over``: the Wave is over; Entrenchment. ``step-done`` (``step``: ``entrenchment``, ``invasion``
  with its number, or ``champions``): the table goes on to the next step, invasion or Champion.
* ``fall``: ``{"player", "invasion": k}`` a Troll falls in invasion k (its Honour follows from the order of
  falls: the Wave's First Fallen score, then 2 each); ``{"player", "breach": true}`` during the Battle: a
  Troll falls in a Breach (no Honour).
* ``champion``: ``{"champion": k, "clan" (or "outsider", then "wild": the Clan), "votes", "track":
  [[player, influence], …] in the order the markers arrived}``: the victor gains the Votes; then each
  other contender, in order of Influence, ``consolation``: ``{"champion": k, "player", "choice": "vote"
  or "honour", "lines"}`` (one or the other). After the last Champion, Score the Wave.
* ``score-wave`` after Waves I–II also refreshes: supplies and Desperation back to zero, the Start player
  marker passed clockwise.

Rules version 2 (``setup``'s ``rules``; a log written before has none and replays as version 1): a cavern
already entered is entered again only by a correction (``"again": true``), and ``score-wave`` with caverns
not entered names them (``"empty": [...]``), the table having been asked.

Refusals are :class:`~companion.errors.IllegalAction` with a sentence and a rule id, and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import IllegalAction
from ..words import name_too_long
from .board import Board, side_for
from .board import parse as parse_board
from .end_of_wave import OUTSIDER, STEP_NAMES, Champion, fallen_score, plural
from .numbers import numbers
from .scoring import WaveScore, score
from .wave import Cavern, Clan, Hall, Wave, is_int

Action = dict[str, Any]
SOURCES = ("gnomes", "fallen", "consolation", "wheel", "champion")
SOURCE_NAMES = {
    "gnomes": "Defeated Gnomes",
    "fallen": "Fallen Troll",
    "consolation": "Champion consolation",
    "wheel": "Gnome Wheel: Gain Honour",
    "champion": "Champion ability",
}
VOTE_SOURCES = ("seize", "gnomes", "champion", "consolation", "wild", "start")
ROMAN = {1: "I", 2: "II", 3: "III"}
RULES_VERSION = 2  # the version a new game's setup is written with (see the module's docstring)


def cavern_name(cid: Any) -> str:
    """A cavern as the table names it: ``moss-2`` → ``Moss 2``; another id as it is."""
    text = str(cid)
    head, _, tail = text.partition("-")
    name = numbers().domain_names.get(head)
    return f"{name} {tail}" if name and tail else text


@dataclass(frozen=True)
class Tap:
    """One gain of Honour during a Wave, with where it came from (the Honour track's story)."""

    player: str
    source: str
    honour: int
    wave: int
    label: str


@dataclass(frozen=True)
class Mark:
    """A marker on a Clan plank: its Votes, and when it arrived where it is (earlier is lower, so ahead)."""

    votes: int
    arrived: int


@dataclass(frozen=True)
class Supply:
    base: int
    symbols: int
    wild_pairs: int
    desperation: int

    @property
    def supplies(self) -> int:
        return self.base + min(self.symbols, numbers().most_supply_symbols) + self.wild_pairs


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    board: Board | None = None
    wave: int = 1
    scoring: bool = False  # the table is at Score the Wave
    taps: tuple[Tap, ...] = ()
    scores: tuple[WaveScore, ...] = ()  # each scored Wave
    clan_board: dict[str, dict[str, Mark]] = field(default_factory=dict)
    clock: int = 0  # arrival order on the Clan board
    tiles: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    halls: tuple[int, ...] = ()  # Great Hall tokens' values, by the board's Great Halls
    invasion: int | None = None  # Trolls fallen so far in the current invasion; None outside one
    breach: bool = False
    boost: dict[str, int] = field(default_factory=dict)  # each player's last Honour Boost
    supply: dict[str, Supply] = field(default_factory=dict)
    walk: dict[str, Cavern] = field(default_factory=dict)  # the caverns entered at Score the Wave
    last_walk: dict[str, Cavern] = field(default_factory=dict)  # each cavern as the last Wave scored it (the map stays)
    elders: dict[str, int] = field(default_factory=dict)
    finished: bool = False
    version: int = 1  # the rules' version of the log (setup's "rules"; a log without one: 1)
    start: int = 0  # the Start player's seat
    end: str | None = None  # the End of the Wave's step before Score the Wave (end_of_wave.STEPS); None outside
    falls: tuple[tuple[str, ...], ...] = ()  # this Wave's invasions so far, each its Fallen Trolls in order
    champions: tuple[Champion, ...] = ()  # this Wave's Champions resolved so far, from the left
    pending: tuple[str, ...] = ()  # the last Champion's contenders still to choose a consolation, in order
    played: int = 0  # actions since the setup (a board entered before the first one applies to the game)
    tallied: frozenset[str] = frozenset()  # the Domains of this walk entered at once (``domain``): counts, not caverns

    @property
    def invasions(self) -> int:
        """The invasions of an End of the Wave: one for each Gate card laid out."""
        return numbers().invasions(len(self.players))

    @property
    def display(self) -> int:
        """The Champions in the display."""
        return numbers().champions(len(self.players))

    @property
    def start_player(self) -> str:
        return self.players[self.start % len(self.players)] if self.players else ""

    @property
    def started(self) -> bool:
        return bool(self.players)

    def honour(self, player: str) -> int:
        """A player's Honour: every tap and every scored Wave (the marker on the score track)."""
        return sum(t.honour for t in self.taps if t.player == player) + sum(s.gained(player) for s in self.scores)

    def votes(self, clan: str) -> tuple[tuple[str, int], ...]:
        """A plank's markers in track order: most Votes first, then the earlier arrival (lower in the stack)."""
        marks = self.clan_board.get(clan, {})
        return tuple((p, m.votes) for p, m in sorted(marks.items(), key=lambda pm: (-pm[1].votes, pm[1].arrived)))

    def vote_total(self, player: str) -> int:
        return sum(m.votes for marks in self.clan_board.values() for p, m in marks.items() if p == player)

    def caverns_to_enter(self) -> tuple[str, ...]:
        """The caverns the scoring walk asks about: all of them in Waves I–II, those touching a Great Hall in III."""
        if self.board is None:
            return ()
        return self.board.hall_caverns() if self.wave == 3 else self.board.ids

    def wave_document(self) -> Wave:
        """The Wave being scored as a ``mountain-king/wave`` document (what ``score-wave`` scores and the screen exports)."""
        if self.board is None:
            raise IllegalAction("Set up the game first.", rule="setup-first")
        board = self.board
        caverns = tuple(self.walk.get(c) or Cavern(c, board.cavern(c).domain) for c in self.caverns_to_enter())  # not entered: empty
        before = {p: self.honour(p) for p in self.players}
        if self.wave in (1, 2):
            return Wave(self.wave, self.players, caverns, before)
        halls = tuple(Hall(v, h) for v, h in zip(self.halls, self.board.great_halls))
        clans = {d: Clan(self.tiles.get(d, (0, 0, 0)), self.votes(d)) for d in numbers().domains}
        return Wave(3, self.players, caverns, before, halls, dict(self.elders), clans)

    @property
    def winners(self) -> tuple[str, ...] | None:
        return self.scores[-1].winners if self.finished else None


def _no(sentence: str, rule: str) -> IllegalAction:
    return IllegalAction(sentence, rule=rule)


def _count(action: Action, key: str, what: str, least: int = 0, most: int | None = None) -> int:
    x = action.get(key)
    if not is_int(x) or x < least or (most is not None and x > most):
        span = f"from {least} to {most}" if most is not None else f"{least} or more"
        raise _no(f"{what} is a whole number {span}, not {x!r}.", "amount")
    return x


class MountainKingRules:
    """The reducer of a game's log (``gamelog.Reducer``): pure, each refusal a sentence with a rule id."""

    def initial(self) -> State:
        return State()

    def recorded(self, action: Action) -> Action:
        """A new game's ``setup`` is written with the rules' version (an old log's has none: version 1)."""
        if action.get("type") == "setup" and "rules" not in action:
            return {**action, "rules": RULES_VERSION}
        return action

    def apply(self, state: State, action: Action) -> State:
        kind = action.get("type")
        handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is None:
            raise _no(f"There is no action {kind!r} in this game.", "unknown-action")
        if kind != "setup" and not state.started:
            raise _no("Set up the game first: its players and its board.", "setup-first")
        if state.finished:
            raise _no("The game is over: Wave III is scored (undo to change it).", "finished")
        after = handler(state, action)
        return after if kind in ("setup", "board") else replace(after, played=after.played + 1)


def _player(state: State, action: Action) -> str:
    p = action.get("player")
    if p not in state.players:
        raise _no(f"{p!r} is not a player of this game ({', '.join(state.players)}).", "unknown-player")
    return p


def _clan(action: Action, key: str = "clan") -> str:
    c = action.get(key)
    if c not in numbers().domains:
        raise _no(f"{c!r} is not a Clan; the Clans are {', '.join(numbers().domains)}.", "unknown-clan")
    return c


def _during_play(state: State) -> None:
    if state.scoring:
        raise _no(f"Wave {ROMAN[state.wave]} is being scored; undo 'Score the Wave' to add Honour from play.", "scoring")


def _setup(state: State, a: Action) -> State:
    if state.started:
        raise _no("The game is set up already.", "setup-once")
    players = a.get("players")
    n = numbers()
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise _no("Name each player.", "empty-name")
    for p in players:
        too_long = name_too_long(p)
        if too_long:
            raise _no(too_long, "long-name")
    if not min(n.players) <= len(players) <= max(n.players):
        raise _no(f"The game is for 2 to 5 players, not {len(players)}.", "player-count")
    if len(set(players)) != len(players):
        raise _no("Two players have the same name; give each their own.", "duplicate-player")
    if n.gnomes in players:
        raise _no(f"{n.gnomes!r} is the Gnomes' name; name the player otherwise.", "reserved-name")
    board = parse_board(a.get("board"))
    if not board.suits(len(players)):
        raise _no(f"The {board.side} side of the board is not for {len(players)} players; use the {side_for(len(players))} side.", "board-side")
    version = a.get("rules", 1)
    if version not in (1, RULES_VERSION) or not is_int(version):
        raise _no(f"This game's log was written by a later companion (rules version {version!r}); update to open it.", "rules-version")
    start = a.get("start", players[0])
    if start not in players:
        raise _no(f"The Start player {start!r} is not one of the players.", "unknown-player")
    s = State(players=tuple(players), board=board, version=version, start=players.index(start))
    if "tiles" in a:
        s = _tiles(s, {"tiles": a["tiles"]})
    if "halls" in a:
        s = _halls(s, {"values": a["halls"]})
    return s


def _board(state: State, a: Action) -> State:
    """The table's board, entered before the first action of the game: the game is played on it."""
    if state.played:
        raise _no("The game has begun on its board; a board entered now is for the next new game.", "board-after-play")
    board = parse_board(a.get("board"))
    if not board.suits(len(state.players)):
        raise _no(f"The {board.side} side of the board is not for {len(state.players)} players; use the {side_for(len(state.players))} side.", "board-side")
    return replace(state, board=board, halls=())


def _tiles(state: State, a: Action) -> State:
    tiles = a.get("tiles")
    if not isinstance(tiles, dict):
        raise _no("Vote tiles are given by Clan: {clan: [first, second, third]}.", "type")
    out = dict(state.tiles)
    for clan, tile in tiles.items():
        _clan({"clan": clan})
        if not (isinstance(tile, list) and len(tile) == 3 and all(is_int(x) and x >= 0 for x in tile)):
            raise _no(f"The {numbers().domain_names[clan]} Vote tile is three whole numbers, not {tile!r}.", "type")
        if not tile[0] >= tile[1] >= tile[2]:
            raise _no(f"The {numbers().domain_names[clan]} Vote tile {tile} gives first ≥ second ≥ third.", "tile-order")
        out[clan] = (tile[0], tile[1], tile[2])
    return replace(state, tiles=out)


def _halls(state: State, a: Action) -> State:
    values = a.get("values")
    assert state.board is not None
    want = len(state.board.great_halls)
    if not isinstance(values, list) or len(values) != want:
        raise _no(f"The board has {want} Great Halls; give one token value for each.", "hall-count")
    for v in values:
        if v not in numbers().great_hall_values or not is_int(v):
            raise _no(f"A Great Hall token is worth 4, 8 or 12, not {v!r}.", "hall-value")
    return replace(state, halls=tuple(values))


def _hall(state: State, a: Action) -> State:
    """One Great Hall's token value, tapped on its Hall ("place one face up on each Great Hall space")."""
    assert state.board is not None
    count = len(state.board.great_halls)
    i = a.get("hall")
    if not is_int(i) or not 1 <= i <= count:
        raise _no(f"The board has Great Halls 1 to {count}, not {i!r}.", "hall-count")
    v = a.get("value")
    if v not in numbers().great_hall_values or not is_int(v):
        raise _no(f"A Great Hall token is worth 4, 8 or 12, not {v!r}.", "hall-value")
    values = list(state.halls) if len(state.halls) == count else [0] * count
    values[i - 1] = v
    return replace(state, halls=tuple(values))


def fallen_honour(state: State) -> tuple[int, str]:
    """What the next Fallen Troll scores now, and how to say it.

    "The first Troll to fall in each invasion (not each cavern of an invasion) earns the First Fallen score
    of this Wave. All subsequent Trolls that fall during the invasion gain 2 Honour." "Trolls that fall
    during a Breach earn zero Honour." Outside an invasion a Troll falls in the first one, which begins."""
    n = numbers()
    if state.breach:
        return n.breach_fallen, "Fallen in a Breach"
    if not state.invasion:
        return n.first_fallen[state.wave], f"First Fallen (Wave {ROMAN[state.wave]})"
    return n.later_fallen, "Fallen Troll (later in the invasion)"


def honour_of(state: State, a: Action) -> tuple[int, str]:
    """The Honour one ``honour`` action gives, and its label (for the tap and the track)."""
    source = a.get("source")
    if source == "gnomes":
        strength = _count(a, "strength", "The defeated Gnomes' strength", 1)
        return strength, f"Defeated Gnomes (strength {strength})"
    if source == "fallen":
        return fallen_honour(state)
    if source == "consolation":
        lines = _count(a, "lines", "The yellow lines passed", 1)
        return lines, f"Champion consolation ({lines} yellow {'line' if lines == 1 else 'lines'})"
    if source == "wheel":
        spaces = _count(a, "spaces", "The spaces the Wheel pawn moved", 1)
        boost = _count(a, "boost", "The Honour Boost", 0)
        return spaces + boost, f"Gnome Wheel: Gain Honour ({spaces} + Boost {boost})"
    if source == "champion":
        amount = _count(a, "amount", "A Champion's Honour", 1)
        name = a.get("champion")
        return amount, f"Champion ability ({name})" if isinstance(name, str) and name.strip() else "Champion ability"
    raise _no(f"{source!r} is not a source of Honour; the sources are {', '.join(SOURCES)}.", "unknown-source")


def _honour(state: State, a: Action) -> State:
    _during_play(state)
    player = _player(state, a)
    honour, label = honour_of(state, a)
    tap = Tap(player, a["source"], honour, state.wave, label)
    s = replace(state, taps=state.taps + (tap,))
    if a["source"] == "fallen" and not state.breach:
        s = replace(s, invasion=(state.invasion or 0) + 1)
    if a["source"] == "wheel":
        s = replace(s, boost={**state.boost, player: a["boost"]})
    return s


def _invasion(state: State, a: Action) -> State:
    _during_play(state)
    return replace(state, invasion=0, breach=False)


def _breach(state: State, a: Action) -> State:
    _during_play(state)
    return replace(state, invasion=None, breach=True)


def _votes(state: State, a: Action) -> State:
    player, clan = _player(state, a), _clan(a)
    votes = _count(a, "votes", "Votes gained", 1)
    source = a.get("source", "seize")
    if source not in VOTE_SOURCES:
        raise _no(f"{source!r} is not a source of Votes ({', '.join(VOTE_SOURCES)}).", "unknown-source")
    if state.scoring:
        raise _no("Votes are gained before Score the Wave; undo 'Score the Wave' first.", "scoring")
    marks = dict(state.clan_board.get(clan, {}))
    had = marks.get(player, Mark(0, 0))
    marks[player] = Mark(had.votes + votes, state.clock + 1)
    return replace(state, clan_board={**state.clan_board, clan: marks}, clock=state.clock + 1)


def _supply(state: State, a: Action) -> State:
    player = _player(state, a)
    n = numbers()
    symbols = _count(a, "symbols", "Supply symbols", 0)
    return replace(state, supply={**state.supply, player: Supply(
        base=_count(a, "base", "The base supply", 0),
        symbols=min(symbols, n.most_supply_symbols),
        wild_pairs=_count(a, "wild_pairs", "Pairs of Wild symbols covered", 0),
        desperation=_count(a, "desperation", "Desperation tokens", 0),
    )})


def _end_wave(state: State, a: Action) -> State:
    if state.scoring:
        raise _no(f"Wave {ROMAN[state.wave]} is already being scored.", "scoring")
    return replace(state, scoring=True, invasion=None, breach=False, walk={}, tallied=frozenset(), elders={}, end=None, pending=())


def _in_walk(state: State, a: Action) -> str:
    if not state.scoring:
        raise _no("Tap 'Score the Wave' first: caverns are entered when the Wave is scored.", "not-scoring")
    cid = a.get("cavern")
    if cid not in state.caverns_to_enter():
        where = "touching a Great Hall " if state.wave == 3 else ""
        raise _no(f"{cid!r} is not a cavern {where}of this board.", "unknown-cavern")
    if state.board is not None and state.board.cavern(cid).domain in state.tallied:
        name = numbers().domain_names[state.board.cavern(cid).domain]
        raise _no(f"{name} was entered at once (how many caverns each player controls), not cavern by cavern: "
                  f"enter {name} at once again.", "domain-at-once")
    if state.version >= 2 and cid in state.walk and a.get("again") is not True:
        raise _no(f"{cavern_name(cid)} is entered already; to change it, tap it on the picture and enter it again.", "cavern-entered")
    return cid


def _cavern(state: State, a: Action) -> State:
    cid = _in_walk(state, a)
    trolls = a.get("trolls", {})
    if not isinstance(trolls, dict):
        raise _no("Trolls are given per player.", "type")
    for p, k in trolls.items():
        _player(state, {"player": p})
        _count({"n": k}, "n", f"{p}'s Trolls", 0)
    gnomes = _count(a, "gnomes", "Gnome tokens", 0) if "gnomes" in a else 0
    if gnomes and any(trolls.values()):
        raise _no(f"{cavern_name(cid)} cannot hold both Trolls and Gnomes when the Wave is scored; every battle is over.", "trolls-and-gnomes")
    assert state.board is not None
    c = Cavern(cid, state.board.cavern(cid).domain, {p: k for p, k in trolls.items() if k}, gnomes)
    return replace(state, walk={**state.walk, cid: c})


def _control(state: State, a: Action) -> State:
    """The fast path: tap who controls the cavern, or that it is overrun, or nobody (empty or tied)."""
    cid = _in_walk(state, a)
    who = a.get("controller")
    overrun = a.get("overrun", False)
    if who is not None:
        _player(state, {"player": who})
    if type(overrun) is not bool or (overrun and who is not None):
        raise _no(f"{cavern_name(cid)} is either overrun or controlled, not both.", "trolls-and-gnomes")
    assert state.board is not None
    c = Cavern(cid, state.board.cavern(cid).domain, {who: 1} if who else {}, 1 if overrun else 0)
    return replace(state, walk={**state.walk, cid: c})


def _rest(state: State, a: Action) -> State:
    """One tap for the rest of a Domain: the cavern asked and every later one of its Domain not entered yet are
    empty, each entered as the long path enters an empty cavern (no Trolls, no Gnomes); with ``"as": "before"``,
    each as the last Wave scored it (the map stays from one Wave to the next)."""
    cid = _in_walk(state, a)
    if cid in state.walk:
        raise _no(f"{cavern_name(cid)} is entered already; the rest of its Domain is entered from the next cavern asked.", "cavern-entered")
    assert state.board is not None
    domain = state.board.cavern(cid).domain
    if a.get("as") == "before":
        _before_first(state, rest_of_domain(state, cid))
        rest = {c: as_before(state, c) for c in rest_of_domain(state, cid)}
    elif "as" in a:
        raise _no(f"The rest of a Domain is entered empty or as the last Wave scored it, not {a.get('as')!r}.", "type")
    else:
        rest = {c: Cavern(c, domain) for c in rest_of_domain(state, cid)}
    return replace(state, walk={**state.walk, **rest})


def domain_caverns(state: State, domain: str) -> tuple[str, ...]:
    """The caverns of a Domain the walk asks about, in board order."""
    if state.board is None:
        return ()
    wanted = set(state.caverns_to_enter())
    return tuple(c.id for c in state.board.of(domain) if c.id in wanted)


def _domain(state: State, a: Action) -> State:
    """A Domain at once, as the rulebook scores it ("Score 6 Honour for the first cavern in the Domain you control,
    and 2 Honour for each additional cavern … lose 1 Honour for each overrun cavern in the Domain"): how many of
    its caverns each player controls and how many are overrun; the others nobody controls. Waves I and II only
    (Wave III asks which caverns touch each Great Hall). Its counts are laid on the Domain's caverns in board
    order, one Troll or one Gnome each, so the Wave scores as if each had been entered by the fast path; the
    Domain is marked entered at once, and none of its caverns is taken "as at the end of" this Wave later."""
    if not state.scoring:
        raise _no("Tap 'Score the Wave' first: caverns are entered when the Wave is scored.", "not-scoring")
    if state.wave == 3:
        raise _no("Wave III scores the Great Halls: enter each cavern touching a Hall, not a Domain at once.", "domain-at-once")
    domain = a.get("domain")
    if domain not in numbers().domains:
        raise _no(f"{domain!r} is not one of the seven Clan Domains.", "unknown-domain")
    name = numbers().domain_names[domain]
    ids = domain_caverns(state, domain)
    if state.version >= 2 and any(c in state.walk for c in ids) and a.get("again") is not True:
        raise _no(f"Caverns of {name} are entered already; to change them, enter {name} at once again.", "cavern-entered")
    controlled = a.get("controlled", {})
    if not isinstance(controlled, dict):
        raise _no("The caverns controlled are given per player.", "type")
    counts = {}
    for p, k in controlled.items():
        _player(state, {"player": p})
        counts[p] = _count({"n": k}, "n", f"The caverns {p} controls", 0)
    overrun = _count(a, "overrun", "The overrun caverns", 0) if "overrun" in a else 0
    told = sum(counts.values()) + overrun
    if told > len(ids):
        raise _no(f"{name} has {plural(len(ids), 'cavern')}: {told} controlled or overrun is too many.", "domain-count")
    assert state.board is not None
    laid: list[tuple[dict[str, int], int]] = [({p: 1}, 0) for p in state.players for _ in range(counts.get(p, 0))]
    laid += [({}, 1)] * overrun + [({}, 0)] * (len(ids) - told)
    walk = {**state.walk, **{cid: Cavern(cid, domain, trolls, gnomes) for cid, (trolls, gnomes) in zip(ids, laid)}}
    return replace(state, walk=walk, tallied=state.tallied | {domain})


def _before_first(state: State, caverns: tuple[str, ...] = ()) -> None:
    if not state.last_walk:
        raise _no(f"Wave {ROMAN[state.wave]} is the first Wave scored: there is no last Wave to take a cavern from.", "no-last-wave")
    unknown = [c for c in caverns if c not in state.last_walk]
    if unknown and state.board is not None:
        name = numbers().domain_names[state.board.cavern(unknown[0]).domain]
        raise _no(f"{name} was entered at once at the end of Wave {ROMAN[state.wave - 1]}: how many caverns each player "
                  f"controlled, not which; enter {cavern_name(unknown[0])} as it is now.", "domain-at-once")


def as_before(state: State, cid: str) -> Cavern:
    """A cavern as the last Wave scored it (empty if it was not asked then)."""
    assert state.board is not None
    return state.last_walk.get(cid) or Cavern(cid, state.board.cavern(cid).domain)


def _as_before(state: State, a: Action) -> State:
    """One tap: the cavern is as the last Wave scored it ("Begin the next Wave": nothing takes the map's Trolls
    or Gnomes away at Refresh), entered with that Wave's counts."""
    cid = _in_walk(state, a)
    _before_first(state, (cid,))
    return replace(state, walk={**state.walk, cid: as_before(state, cid)})


def rest_of_domain(state: State, cid: str) -> tuple[str, ...]:
    """The caverns ``rest`` enters: ``cid`` and the caverns of its Domain after it in board order, not entered yet."""
    if state.board is None:
        return ()
    domain = state.board.cavern(cid).domain
    wanted = set(state.caverns_to_enter())
    ids = [c.id for c in state.board.of(domain) if c.id in wanted]
    return tuple(c for c in ids[ids.index(cid):] if c not in state.walk) if cid in ids else ()


def _elders(state: State, a: Action) -> State:
    if not state.scoring or state.wave != 3:
        raise _no("Elders are scored at the end of Wave III.", "not-scoring")
    player = _player(state, a)
    return replace(state, elders={**state.elders, player: _count(a, "elders", "Elder symbols", 0, numbers().most_elders)})


def not_entered(state: State) -> tuple[str, ...]:
    """The caverns of the walk not entered yet (scored as empty)."""
    return tuple(c for c in state.caverns_to_enter() if c not in state.walk)


def _score_wave(state: State, a: Action) -> State:
    if not state.scoring:
        raise _no("Tap 'Score the Wave' first.", "not-scoring")
    missing = not_entered(state)
    if state.version >= 2 and missing and sorted(a.get("empty") or ()) != sorted(missing):
        raise _no(f"{plural(len(missing), 'cavern')} not entered yet ({', '.join(missing)}): enter them, "
                  f"or confirm that they are empty.", "caverns-not-entered")
    if state.wave == 3:
        if len(state.halls) != len(state.board.great_halls if state.board else ()) or 0 in state.halls:
            unset = [str(i + 1) for i, v in enumerate(state.halls) if not v] if state.halls else []
            which = f" (Great {'Hall' if len(unset) == 1 else 'Halls'} {', '.join(unset)} still to enter)" if unset else ""
            raise _no(f"Enter the Great Hall tokens' values before scoring Wave III{which}: tap each Hall's value.", "hall-count")
        missing = [numbers().domain_names[d] for d in numbers().domains if d not in state.tiles]
        if missing:
            raise _no(f"Enter the Vote tiles of {', '.join(missing)} before scoring Wave III.", "tiles-missing")
    doc = state.wave_document()
    result = score(doc)
    done = state.wave == numbers().waves
    # the map stays as it is into the next Wave; a Domain entered at once left counts, not caverns, so none of its
    # caverns can be taken "as at the end of" this Wave
    at_once = {c.id for c in doc.caverns if c.domain in state.tallied}
    last = {k: v for k, v in {**state.last_walk, **{c.id: c for c in doc.caverns}}.items() if k not in at_once}
    s = replace(state, scores=state.scores + (result,), scoring=done, wave=state.wave if done else state.wave + 1,
                walk=state.walk if done else {}, tallied=state.tallied if done else frozenset(), finished=done,
                boost=state.boost, last_walk=last)
    return s if done else _refresh(s)


def _refresh(state: State) -> State:
    """Refresh: "discard any leftover Desperation tokens" (supplies are set again for the new Wave), and "The
    Starting player passes the Start player marker clockwise." The Gate cards and Champions laid out again
    are the screens' sentence (their number is ``State.invasions`` and ``State.display``)."""
    return replace(state, supply={}, start=(state.start + 1) % len(state.players), end=None, falls=(),
                   champions=(), pending=(), invasion=None, breach=False)


# --- the End of the Wave, step by step ------------------------------------------------------------------


def _not_in_end(state: State) -> None:
    if state.scoring:
        raise _no(f"Wave {ROMAN[state.wave]} is being scored; that step is over (undo to go back).", "step-changed")


def _wave_over(state: State, a: Action) -> State:
    _not_in_end(state)
    if state.end is not None:
        raise _no(f"The Wave is over already: the table is at {STEP_NAMES[state.end]}.", "step-changed")
    return replace(state, end="entrenchment", falls=(), champions=(), pending=(), invasion=None, breach=False)


def step_now(state: State) -> str:
    """The step the table is at, as a ``step-done`` names it: ``entrenchment``, ``invasion`` or ``champions``."""
    return {"invasions": "invasion"}.get(state.end or "", state.end or "")


def step_name(state: State) -> str:
    if state.end == "invasions":
        return f"Invasions: invasion {len(state.falls)} of {state.invasions}"
    if state.end == "champions" and state.pending:
        return f"Award Champions: Champion {len(state.champions)} of {state.display}, its contenders' choice"
    if state.end == "champions":
        return f"Award Champions: Champion {min(len(state.champions) + 1, state.display)} of {state.display}"
    if state.end == "entrenchment":
        return "Entrenchment"
    return "Score the Wave" if state.scoring else "the Battle"


def _asked(state: State, a: Action, step: str, number: int | None = None, key: str = "invasion") -> None:
    """The tap answers the question on screen now, or it is refused (a second quick tap, a stale page)."""
    asked_step, asked_no = a.get("step", step), a.get(key)
    if state.end is None or step_now(state) != asked_step or (number is not None and asked_no != number):
        what = asked_step + (f" {asked_no}" if is_int(asked_no) else "")
        raise _no(f"That tap was for {what}; the table is at {step_name(state)} now.", "step-changed")


def _step_done(state: State, a: Action) -> State:
    _not_in_end(state)
    step = a.get("step")
    if step == "entrenchment":
        _asked(state, a, "entrenchment")
        return replace(state, end="invasions", falls=((),))
    if step == "invasion":
        _asked(state, a, "invasion", len(state.falls))
        if len(state.falls) < state.invasions:
            return replace(state, falls=state.falls + ((),))
        return replace(state, end="champions")
    if step == "champions":
        _asked(state, a, "champions")
        if state.pending:
            raise _no(f"{state.pending[0]} chooses a consolation first (a Vote or Honour).", "consolation-first")
        return _to_scoring(state)
    raise _no(f"{step!r} is not a step of the End of the Wave.", "unknown-step")


def _to_scoring(state: State) -> State:
    return replace(state, end=None, pending=(), scoring=True, invasion=None, breach=False, walk={}, tallied=frozenset(), elders={})


def _fall(state: State, a: Action) -> State:
    player = _player(state, a)
    if a.get("breach") is True:
        if state.scoring or state.end is not None:
            raise _no("A Breach happens during the Battle; at the End of the Wave, Trolls fall in its invasions.", "step-changed")
        return replace(state, taps=state.taps + (Tap(player, "fallen", numbers().breach_fallen, state.wave, "Fallen in a Breach"),))
    _not_in_end(state)
    _asked(state, a, "invasion", len(state.falls))
    k = len(state.falls[-1])
    honour = fallen_score(state.wave, k)
    how = f"First Fallen (Wave {ROMAN[state.wave]})" if k == 0 else "later in the invasion"
    label = f"Fallen Troll, invasion {len(state.falls)} of {state.invasions}: {how}"
    falls = state.falls[:-1] + (state.falls[-1] + (player,),)
    return replace(state, taps=state.taps + (Tap(player, "fallen", honour, state.wave, label),), falls=falls)


def _gain_votes(state: State, player: str, clan: str, votes: int) -> State:
    marks = dict(state.clan_board.get(clan, {}))
    had = marks.get(player, Mark(0, 0))
    marks[player] = Mark(had.votes + votes, state.clock + 1)
    return replace(state, clan_board={**state.clan_board, clan: marks}, clock=state.clock + 1)


def _champion(state: State, a: Action) -> State:
    _not_in_end(state)
    _asked(state, a, "champions")
    if state.pending:
        raise _no(f"{state.pending[0]} chooses a consolation for Champion {len(state.champions)} first (a Vote or Honour).",
                  "consolation-first")
    k = len(state.champions) + 1
    if a.get("champion") != k:
        raise _no(f"That tap was for Champion {a.get('champion')!r}; the table is at Champion {k} of {state.display} now.", "step-changed")
    clan = a.get("clan")
    if clan != OUTSIDER:
        clan = _clan(a)
    wild = _clan(a, "wild") if clan == OUTSIDER else None
    track = a.get("track", [])
    if not isinstance(track, list) or not all(isinstance(m, list) and len(m) == 2 for m in track):
        raise _no("A Champion's track is its markers, each [player, Influence], in the order they arrived.", "type")
    seen: list[str] = []
    for p, influence in track:
        _player(state, {"player": p})
        _count({"n": influence}, "n", f"{p}'s Influence", 1)
        if p in seen:
            raise _no(f"{p} has one marker on a Champion's track, not two.", "duplicate-player")
        seen.append(p)
    votes = _count(a, "votes", "The Champion's Votes", 1) if track else 0
    champ = Champion(k, clan, votes, tuple((p, i) for p, i in track), wild)
    s = replace(state, champions=state.champions + (champ,), pending=champ.contenders)
    if champ.victor is not None:
        s = _gain_votes(s, champ.victor, champ.votes_clan or "", votes)
    return _champions_left(s)


def _champions_left(state: State) -> State:
    """After the last Champion's last consolation, the table goes on to Score the Wave."""
    return _to_scoring(state) if not state.pending and len(state.champions) >= state.display else state


def _consolation(state: State, a: Action) -> State:
    _not_in_end(state)
    _asked(state, a, "champions")
    if not state.pending or a.get("champion") != len(state.champions):
        raise _no(f"That tap was for a consolation of Champion {a.get('champion')!r}; the table is at {step_name(state)} now.",
                  "step-changed")
    player = _player(state, a)
    if player != state.pending[0]:
        raise _no(f"{state.pending[0]} chooses first (more Influence), then {', '.join(state.pending[1:])}.", "consolation-order")
    champ = state.champions[-1]
    choice = a.get("choice")
    s = replace(state, pending=state.pending[1:])
    if choice == "vote":
        clan = _clan(a) if champ.clan == OUTSIDER else champ.clan
        s = _gain_votes(s, player, clan, 1)
    elif choice == "honour":
        lines = _count(a, "lines", "The yellow lines passed", 0)
        label = f"Champion consolation ({plural(lines, 'yellow line')}, Champion {champ.number})"
        s = replace(s, taps=s.taps + (Tap(player, "consolation", lines, state.wave, label),))
    else:
        raise _no("A contender chooses one Vote in the Champion's Clan or the Honour of the yellow lines passed.", "consolation-choice")
    return _champions_left(s)


_HANDLERS = {
    "setup": _setup,
    "honour": _honour,
    "invasion": _invasion,
    "breach": _breach,
    "votes": _votes,
    "tiles": _tiles,
    "halls": _halls,
    "hall": _hall,
    "board": _board,
    "supply": _supply,
    "end-wave": _end_wave,
    "cavern": _cavern,
    "control": _control,
    "rest": _rest,
    "domain": _domain,
    "as-before": _as_before,
    "elders": _elders,
    "score-wave": _score_wave,
    "wave-over": _wave_over,
    "step-done": _step_done,
    "fall": _fall,
    "champion": _champion,
    "consolation": _consolation,
}


#: every action type of the log (the shared contract, ``contract.py``, refuses any other)
ACTIONS = tuple(_HANDLERS)
