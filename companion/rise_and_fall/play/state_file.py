"""State files (``rise-and-fall/state``, version 1): a game joined in progress, at the start of a phase.

A table that started on paper, or whose tablet died, enters where it is: each player's Civilization cards by
state, Treasury, pieces in the World and Trophies, the First Player, the turn and phase, the Guilds and the Tales in
play, the creatures' Spaces, and what the Tales leave lying from one turn to the next (the Volcano active side up, the
pieces laid on their side, a Guild card drawn at the Doppelganger's House). The phase is one a table stops at: the start of phase A (before the cards are played),
of phase C (after the actions, before any card is put into Decline: the Trophies claimed this turn say how many
each player owes) or of phase D (before any card in Decline is bought back). In the middle of a phase, some players
have played, acted or bought and others not; the table finishes the phase on paper first.
The game log's first action is ``{"type": "start-from-state", "state": {...}}`` (the tracker's
``start-from-state``); the game goes on from that phase of that turn, and undo stops there.

:func:`problems` lists every reason a state cannot be a game's (one sentence each, a
:class:`~companion.errors.Problem` with its rule id); :func:`parse_state` refuses a state with the first of them;
:func:`to_game` is the tracker's :class:`~companion.rise_and_fall.play.tracker.Game` of a state and :func:`of_game`
the state of a tracked game (the documented way for a script to build one: start from :func:`state` or from
a game, change what it needs, and give it to ``start-from-state``). Pure Python.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.errors import FileFormatError, Problem, rule_of
from companion.jsonfile import read_json
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.world import layout as layout_file
from companion.rise_and_fall.world.views import is_colour

if TYPE_CHECKING:
    from companion.rise_and_fall.state.civilizations import Game

FORMAT = "rise-and-fall/state"
VERSION = 1
PILES = ("hand", "discard", "reserve", "decline")
MAX_GOLD = 1_000_000
MAX_TURN = 1000
#: The phases a state starts at, each at its start: what the table says and what the tracker needs to go on.
STATE_PHASES = {
    "A": "the start of phase A, before the cards are played",
    "C": "the start of phase C, after the actions and before any card is put into Decline",
    "D": "the start of phase D, before any card in Decline is bought back",
}


@dataclass
class PlayerEntry:
    """One player's Civilization in a state: the six cards by pile, the Treasury, the pieces in the World."""

    name: str
    colour: str
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    decline: list[str] = field(default_factory=list)
    gold: int = 0
    wood: int = 0
    stone: int = 0
    pieces: dict[str, int] = field(default_factory=dict)
    trophies: list[str] = field(default_factory=list)
    extinct: bool = False
    guilds: list[str] = field(default_factory=list)
    level: str | None = None  # the Guild variant's handicap level
    buildings: dict[str, int] = field(default_factory=dict)  # the Tales: Bank, Port, Capital, Cathedral, Floating Cities
    tale_trophies: list[int] = field(default_factory=list)  # the Tales: numbers of the Tale Trophies claimed
    laid: dict[str, int] = field(default_factory=dict)  # the Tales: pieces laid on their side (Storm Peak, the Typhoon)
    house: str | None = None  # the Tales: the Guild card drawn at the Doppelganger's House
    ask_again: bool = True  # the Guilds: False when the holder kept the Doppelgangers 'do not ask again'

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "colour": self.colour}
        for pile in PILES:
            d[pile] = list(getattr(self, pile))
        d.update(gold=self.gold, wood=self.wood, stone=self.stone, pieces={t: self.pieces.get(t, 0) for t in PIECE_TYPES},
                 trophies=list(self.trophies))
        if self.extinct:
            d["extinct"] = True
        if self.guilds:
            d["guilds"] = list(self.guilds)
        if self.level is not None:
            d["level"] = self.level
        if any(self.buildings.values()):
            d["buildings"] = {b: k for b, k in self.buildings.items() if k}
        if self.tale_trophies:
            d["tale_trophies"] = list(self.tale_trophies)
        if any(self.laid.values()):
            d["laid"] = {t: k for t, k in self.laid.items() if k}
        if self.house is not None:
            d["house"] = self.house
        if not self.ask_again:
            d["ask_again"] = False
        return d


@dataclass
class State:
    players: list[PlayerEntry]
    first: int = 0
    turn: int = 1
    trophies_to_end: int = field(default_factory=lambda: load_rules().standard_trophies_to_end)
    bank: dict[str, int] | None = None  # None: what the players do not hold
    world: dict[str, Any] | None = None  # a layout's dict, or None (the World is the table's)
    tracker_version: int = 0  # 0: the current one
    pass_tablet: bool = False
    world_pieces: dict[str, int] = field(default_factory=dict)  # the Tales' pieces of no one: {"dragon": 0, "bridge": 1}
    phase: str = "A"  # one of STATE_PHASES
    claimed_this_turn: list[tuple[str, int]] = field(default_factory=list)  # phases C and D: (Trophy, player), in order
    creatures: dict[str, tuple[int, int]] = field(default_factory=dict)  # the Tales: {"leviathan": (q, r)}
    volcano: str | None = None  # the Tales: the Volcano active side up, its lava flows' orientation (None: inactive side up)

    def drawn(self) -> tuple[int, ...]:
        """The Tales of the state's World (its layout's ``tales``)."""
        from companion.rise_and_fall.variants.tales.tales import drawn_of

        return drawn_of(self.world) if isinstance(self.world, dict) else ()

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "turn": self.turn, "phase": self.phase, "first": self.first,
                               "trophies_to_end": self.trophies_to_end, "players": [p.to_dict() for p in self.players]}
        if self.bank is not None:
            doc["bank"] = dict(self.bank)
        if self.world is not None:
            doc["world"] = self.world
        if self.tracker_version:
            doc["tracker_version"] = self.tracker_version
        if self.pass_tablet:
            doc["pass_tablet"] = True
        if self.world_pieces:
            doc["world_pieces"] = dict(self.world_pieces)
        if self.claimed_this_turn:
            doc["claimed_this_turn"] = [{"trophy": t, "player": i} for t, i in self.claimed_this_turn]
        if self.creatures:
            doc["creatures"] = [{"piece": k, "q": s[0], "r": s[1]} for k, s in self.creatures.items()]
        if self.volcano is not None:
            doc["volcano"] = self.volcano
        return doc

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"


def state(players: list[tuple[str, str]], **given: Any) -> State:
    """A state at the start of turn 1 as the rulebook deals it, each player with 'the three corresponding Civilization
    cards (Nomad, City, Ship)' in hand and one of each of those pieces in the World; a script changes what it needs
    (``st.players[0].gold = 12``, ``st.players[0].pieces["temple"] = 3`` with the Temple card in hand ...)."""
    first = load_rules().first_pieces
    out = []
    for name, colour in players:
        out.append(PlayerEntry(name, colour, hand=list(first), reserve=[t for t in PIECE_TYPES if t not in first],
                               pieces={t: int(t in first) for t in PIECE_TYPES}))
    return State(out, **given)


# --- the checks ----------------------------------------------------------------------------------
def problems(st: State) -> list[Problem]:
    """Every reason this cannot be a game at the start of a turn, each one sentence naming player, card or key."""
    from companion.rise_and_fall.state.civilizations import TRACKER_VERSION

    rules = load_rules()
    out: list[Problem] = []
    n = len(st.players)
    if n not in rules.player_counts:
        out.append(Problem(f"A game of Rise & Fall is for 2, 3 or 4 players; this state has {n}.", "player-count"))
    names = [p.name for p in st.players]
    for k, p in enumerate(st.players):
        if not p.name.strip():
            out.append(Problem(f"Player {k} has no name.", "player-names"))
        elif names.index(p.name) != k:
            out.append(Problem(f"Two players are called {p.name}; each player needs a name of their own.", "player-names"))
        if not is_colour(p.colour):
            out.append(Problem(f"{p.name}'s colour {json.dumps(p.colour)[:30]} is not a colour (#rrggbb or a name).", "player-colours"))
        elif [q.colour for q in st.players].index(p.colour) != k:
            out.append(Problem(f"{p.name} and another player are both {p.colour}; each player needs a colour of their own.",
                               "player-colours"))
    if st.trophies_to_end not in rules.trophies_to_end:
        out.append(Problem(f"The game ends after 4, 5 or 6 Trophies, not {json.dumps(st.trophies_to_end)[:20]}.", "trophies-to-end"))
    if st.phase not in STATE_PHASES:
        out.append(Problem(f"A game in progress is entered at the start of phase A, C or D, not {json.dumps(st.phase)[:20]}: finish "
                           "the phase at the table first.", "phase"))
    if type(st.turn) is not int or not 1 <= st.turn <= MAX_TURN:
        out.append(Problem(f"The turn is a whole number from 1 to {MAX_TURN}, not {json.dumps(st.turn)[:20]}.", "turn"))
    if type(st.tracker_version) is not int or not 0 <= st.tracker_version <= TRACKER_VERSION:
        out.append(Problem(f"This companion knows the game rules of versions 1 to {TRACKER_VERSION}.", "tracker-version"))
    if type(st.first) is not int or not 0 <= st.first < n:
        out.append(Problem(f"The First Player is one of the players (0 to {n - 1}), not {json.dumps(st.first)[:20]}.", "first-player"))
    # an extinct player may still hold the token: play starts from the next player clockwise, and the token passes on
    # at the next recycling, as the tracker plays it
    for p in st.players:
        out += _player_problems(p, st.phase)
    claimed: dict[str, str] = {}
    for p in st.players:
        for t in p.trophies:
            if t in claimed:
                who = "twice by " + p.name if claimed[t] == p.name else f"by both {claimed[t]} and {p.name}"
                out.append(Problem(f"The {t.title()} Trophy is claimed {who}; each Trophy can only be claimed once.", "one-trophy"))
            claimed.setdefault(t, p.name)
    out += _tale_problems(st)
    out += _in_play_problems(st)
    total = len(claimed) + sum(len(p.tale_trophies) for p in st.players)
    before = total - len(st.claimed_this_turn)  # the game ends at the end of the turn whose Trophies reach the number
    if type(st.trophies_to_end) is int and before >= st.trophies_to_end:
        out.append(Problem(f"{before} Trophies are claimed{' before this turn' if st.claimed_this_turn else ''}: a game to "
                           f"{st.trophies_to_end} is over; go to the Scores.", "game-over"))
    elif type(st.trophies_to_end) is int and total >= st.trophies_to_end and st.phase == "A":
        out.append(Problem(f"{total} Trophies are claimed: a game to {st.trophies_to_end} is over; go to the Scores.", "game-over"))
    owner: dict[str, str] = {}
    for p in st.players:
        for g in p.guilds:
            if g in owner:
                out.append(Problem(f"The {G.guild(g).name} Guild card is in front of {owner[g]} and {p.name}; there is one of each.",
                                   "guild-card"))
            owner.setdefault(g, p.name)
    for p in st.players:
        if not p.ask_again and not any(G.swap_cost((g,)) is not None for g in p.guilds if g in G.all_guilds()):
            out.append(Problem(f"{p.name} kept the Doppelgangers 'do not ask again' ('ask_again': false) but has no Doppelgangers "
                               "in front of them; leave 'ask_again' out.", "doppelgangers-keep"))
    if st.bank is not None:
        for r in ("gold", "wood", "stone"):
            v = st.bank.get(r, 0) if isinstance(st.bank, dict) else None
            if type(v) is not int or not 0 <= v <= MAX_GOLD:
                out.append(Problem(f"The bank's {r} is {json.dumps(v)[:20]}; it is a whole number from 0 to {MAX_GOLD:,}.", "bank"))
    if not any(not p.extinct for p in st.players) and st.players:
        out.append(Problem("Every Civilization is extinct: the game is over, with no winner.", "game-over"))
    if not out:
        out += _phase_problems(st)
    out += _creature_problems(st)
    return out


def _phase_problems(st: State) -> list[Problem]:
    """What the phase needs: the Trophies claimed this turn (held by their player, each once; phase C needs one and a
    player with a card to put into Decline), a card in Decline to buy back in phase D, no one left to go extinct."""
    from companion.rise_and_fall.variants.tales.tales import all_tales

    out: list[Problem] = []
    n = len(st.players)
    tale_ids = {all_tales()[k].id: k for k in all_tales()}
    seen: set[str] = set()
    for t, i in st.claimed_this_turn:
        if type(i) is not int or not 0 <= i < n:
            out.append(Problem(f"'claimed_this_turn': a Trophy is claimed by one of the players (0 to {n - 1}), not "
                               f"{json.dumps(i)[:20]}.", "trophies-this-turn"))
            continue
        p = st.players[i]
        held = t in p.trophies or tale_ids.get(t) in p.tale_trophies
        if not held:
            out.append(Problem(f"'claimed_this_turn': {p.name} claimed the {json.dumps(t)[:30]} Trophy this turn but does not hold it.",
                               "trophies-this-turn"))
        elif t in seen:
            out.append(Problem(f"'claimed_this_turn': the {json.dumps(t)[:30]} Trophy is listed twice; each Trophy can only be "
                               "claimed once.", "one-trophy"))
        seen.add(t)
    if out:
        return out
    active = {k: len(p.hand) + len(p.discard) for k, p in enumerate(st.players) if not p.extinct}
    if st.phase == "A" and st.claimed_this_turn:
        out.append(Problem("At the start of phase A no Trophy is claimed yet this turn; leave 'claimed_this_turn' out.",
                           "trophies-this-turn"))
    if st.phase == "C":
        if not st.claimed_this_turn:
            out.append(Problem("Cards go into Decline in phase C, after a Trophy is claimed: name the Trophies claimed this "
                               "turn ('claimed_this_turn'), or start at phase D.", "phase"))
        elif not any(active.values()):
            out.append(Problem("No player has a card in hand or discard pile to put into Decline: the table is in phase D.",
                               "phase"))
    if st.phase == "D":
        version = st.tracker_version or _current_version()
        price = load_rules().decline_cost(sum(len(p.trophies) + len(p.tale_trophies) for p in st.players))
        for k, p in enumerate(st.players):
            if not p.extinct and not active[k] and p.decline and p.gold < G.decline_price(price, p.guilds):
                out.append(Problem(f"{p.name} has no active card and cannot pay for one in Decline ({p.gold} GP): the "
                                   "Civilization goes extinct at the start of phase D (\"extinct\": true).", "extinct"))
        if version >= 2 and not any(p.decline for p in st.players if not p.extinct):
            out.append(Problem("No player has a card in Decline: there is nothing to buy back in phase D; start at phase A of "
                               "the next turn.", "phase"))
    return out


def _current_version() -> int:
    from companion.rise_and_fall.state.civilizations import TRACKER_VERSION

    return TRACKER_VERSION


def volcano_orientations(drawn: tuple[int, ...]) -> tuple[str, ...]:
    """The orientations the Volcano's lava flows may point to, when a Tale of ``drawn`` has the Volcano (else none)."""
    from companion.rise_and_fall.variants.tales.fantastic import event

    return next((tuple(spec["orientations"]) for n in drawn if "sides" in (spec := event(n) or {})), ())


def laying(drawn: tuple[int, ...]) -> dict[str, list[int]]:
    """The piece types the Tales of ``drawn`` lay on their side (Storm Peak's, the Typhoon's), each with those Tales."""
    from companion.rise_and_fall.variants.tales.tales import tale_data

    out: dict[str, list[int]] = {}
    for t in tale_data()["tales"]:
        if t["number"] in drawn:
            for piece in t.get("event", {}).get("lays", []) + t.get("play", {}).get("lays_down", {}).get("pieces", []):
                out.setdefault(piece, []).append(t["number"])
    return out


def house_tales(drawn: tuple[int, ...]) -> tuple[int, ...]:
    """The Tales of ``drawn`` whose special area gives a Guild card (the Doppelganger's House)."""
    from companion.rise_and_fall.variants.tales.tales import tale_data

    return tuple(t["number"] for t in tale_data()["tales"] if t["number"] in drawn
                 and any("house" in spec for specs in t.get("play", {}).get("actions", {}).values() for spec in specs))


def _in_play_problems(st: State) -> list[Problem]:
    """The Tales' effects that last from one turn to the next: the Volcano active side up, the pieces laid on their
    side, the Guild card drawn at the Doppelganger's House; each needs its Tale in the World."""
    from companion.rise_and_fall.variants.tales.in_play import SINCE_VERSION
    from companion.rise_and_fall.variants.tales.tales import all_tales

    out: list[Problem] = []
    drawn = st.drawn()
    names = ", ".join(f"{n} ({all_tales()[n].name})" for n in drawn) or "none"
    volcano = next(t for t in all_tales().values() if t.id == "volcano")
    if st.volcano is not None:
        flows = volcano_orientations(drawn)
        if not flows:
            out.append(Problem(f"'volcano': the Volcano is the piece of {volcano.name} ({volcano.number}), not a Tale of this World "
                               f"({names}).", "volcano"))
        elif st.volcano not in flows:
            out.append(Problem(f"'volcano' is {json.dumps(st.volcano)[:30]}: the First Player chooses the Volcano's orientation: its "
                               f"lava flows point {' or '.join(flows)}.", "volcano-orientation"))
    lays = laying(drawn)
    for p in st.players:
        for t, k in p.laid.items():
            if t not in PIECE_TYPES or t not in lays:
                said = "; ".join(f"{all_tales()[n].name} lays {', '.join(x for x, by in lays.items() if n in by)}"
                                 for n in sorted({n for by in lays.values() for n in by})) or "none of them lays a piece down"
                out.append(Problem(f"{p.name}: {json.dumps(t)[:30]} pieces are not laid on their side by this World's Tales ({said}).",
                                   "laid-down"))
            elif type(k) is not int or not 0 <= k <= p.pieces.get(t, 0):
                n = p.pieces.get(t, 0)
                out.append(Problem(f"{p.name} has {n} {t} piece{'' if n == 1 else 's'} in the World; {json.dumps(k)[:20]} cannot lie on "
                                   "their side.", "laid-down"))
        if p.house is not None:
            if not house_tales(drawn):
                out.append(Problem(f"{p.name}: a Guild card is drawn at the Doppelganger's House, not a special area of this World "
                                   f"({names}); leave 'house' out.", "doppelgangers-house"))
            elif p.house not in p.guilds:
                out.append(Problem(f"{p.name}'s Guild card from the Doppelganger's House ({json.dumps(p.house)[:30]}) is in front of them: "
                                   "list it in their 'guilds' too.", "doppelgangers-house"))
    version = st.tracker_version or _current_version()
    if (st.volcano is not None or any(p.laid for p in st.players) or any(p.house for p in st.players)) and version < SINCE_VERSION:
        out.append(Problem(f"The Fantastic Events and the special areas act during the game from the game rules' version "
                           f"{SINCE_VERSION}; this state names version {version}.", "tale-state"))
    return out


def _creature_problems(st: State) -> list[Problem]:
    """The creatures' Spaces: on the World the state gives, creatures of its Tales still in it, each on a Space of a
    terrain its Tale lets it stand on, not on a special area that no piece stops on, one creature per Space."""
    from companion.rise_and_fall.variants.tales.tales import (
        all_areas,
        area_spaces,
        creature_problems,
        creatures,
        parse_markers,
    )
    from companion.rise_and_fall.world.world import top_terrain

    if not st.creatures:
        return []
    if not isinstance(st.world, dict):
        return [Problem("The creatures' Spaces are Spaces of a World: give the state's 'world', or leave 'creatures' out.",
                        "creature-world")]
    out: list[Problem] = []
    known = creatures()
    drawn = st.drawn()
    for piece, s in st.creatures.items():
        spec = known.get(piece)
        if spec is None or not (isinstance(s, tuple) and len(s) == 2 and all(type(x) is int for x in s)):
            names = ", ".join(f'"{k}"' for k in known)
            out.append(Problem(f"'creatures': {json.dumps(piece)[:30]} is not a creature on a Space (q, r); the creatures are {names}.",
                               "creatures"))
        elif spec["tale"] not in drawn:
            out.append(Problem(f"The {spec['label']} is the creature of {spec['name']} ({spec['tale']}), not a Tale of this World.",
                               "creature-tale"))
        elif st.world_pieces.get(piece, 1) == 0:
            out.append(Problem(f"The {spec['label']} is not in the World ('world_pieces' says 0: it was hunted), so it has no Space.",
                               "creature-tale"))
    if out:
        return out
    lay = layout_file.parse(st.world, "the World")
    out += creature_problems(st.creatures, top_terrain(lay.tiles))
    areas = all_areas()
    for kind, spaces in area_spaces(lay.tiles, parse_markers(lay.extra.get("tale_pieces"))).items():
        rule = areas[kind].no_piece
        for piece, s in st.creatures.items():
            if rule and kind != "typhoon" and s in spaces:
                out.append(Problem(f"The {known[piece]['label']} at {s[0]},{s[1]} is on the {areas[kind].label}: {rule}",
                                   "special-area-no-piece"))
    return out


def _tale_problems(st: State) -> list[Problem]:
    """The Tale buildings and Trophies: only the World's Tales, as many as the game has, each Trophy once."""
    from companion.rise_and_fall.variants.tales import pieces as TP
    from companion.rise_and_fall.variants.tales.tales import all_tales

    out: list[Problem] = []
    drawn = st.drawn()
    kinds = {b: p for n in TP.tracked(drawn) for b, p in TP.pieces_of(n).items()}
    names = ", ".join(f"{n} ({all_tales()[n].name})" for n in drawn) or "none"
    totals: dict[str, int] = {}
    for p in st.players:
        for b, k in p.buildings.items():
            spec = kinds.get(b)
            if spec is None or spec.get("of_no_one"):
                out.append(Problem(f"{p.name}: {json.dumps(b)[:30]} is not a Tale building of this World's Tales ({names}).", "tale-building"))
                continue
            if type(k) is not int or k < 0:
                out.append(Problem(f"{p.name}'s {b} count is {json.dumps(k)[:20]}; it is a whole number.", "tale-building"))
                continue
            if "per_player" in spec and k > spec["per_player"]:
                out.append(Problem(f"{p.name} has {k} {b}s; each player has {spec['per_player']}.", "tale-building-count"))
            totals[b] = totals.get(b, 0) + k
    for b, k in totals.items():
        spec = kinds[b]
        most = spec.get("in_game", TP.tiles_in_game(b, len(st.players)) if "tiles_per_player" in spec else None)
        if most is not None and k > most:
            out.append(Problem(f"{k} {b}s are in the World; there {'is' if most == 1 else 'are'} {most} in the game.", "one-in-game"))
    for b, k in st.world_pieces.items():
        if b not in kinds or not kinds[b].get("of_no_one") or k not in (0, 1):
            out.append(Problem(f"'world_pieces': {json.dumps(b)[:30]} is not a piece of no one of this World's Tales, or its count is "
                               "not 0 or 1.", "tale-building"))
    owner: dict[int, str] = {}
    for p in st.players:
        for n in p.tale_trophies:
            if n not in drawn or not all_tales()[n].trophy_vp:
                out.append(Problem(f"{p.name}: {json.dumps(n)[:20]} is not a Tale with a Trophy in this World ({names}).", "tale-trophy"))
            elif n in owner:
                out.append(Problem(f"The Trophy of {all_tales()[n].name} is claimed by {owner[n]} and {p.name}; each Trophy can only "
                                   "be claimed once.", "one-trophy"))
            owner.setdefault(n, p.name)
    return out


def _player_problems(p: PlayerEntry, phase: str) -> list[Problem]:
    rules = load_rules()
    out: list[Problem] = []
    who = p.name
    piles = {pile: list(getattr(p, pile)) for pile in PILES}
    listed = [c for pile in PILES for c in piles[pile]]
    for c in listed:
        if c not in PIECE_TYPES:
            out.append(Problem(f"{who}: {json.dumps(c)[:30]} is not a Civilization card; cards are {', '.join(PIECE_TYPES)}.", "cards"))
    for t in PIECE_TYPES:
        k = listed.count(t)
        if k != 1:
            out.append(Problem(f"{who}'s {t.title()} card is in {'no pile' if k == 0 else f'{k} piles'}; each of the six cards lies in "
                               f"one of {', '.join(PILES)}.", "cards"))
    for t in p.trophies:
        if t not in PIECE_TYPES:
            out.append(Problem(f"{who}: {json.dumps(t)[:30]} is not a Trophy; Trophies are {', '.join(PIECE_TYPES)}.", "trophy"))
    owned = rules.pieces_per_player
    for t, k in p.pieces.items():
        if t not in PIECE_TYPES:
            out.append(Problem(f"{who}: {json.dumps(t)[:30]} is not a piece type; types are {', '.join(PIECE_TYPES)}.", "piece-type"))
        elif type(k) is not int or not 0 <= k <= owned[t]:
            out.append(Problem(f"{who} has {json.dumps(k)[:20]} {t} pieces in the World; each player owns {owned[t]}.", "pieces-per-player"))
    limit = G.treasury_limit(p.guilds)
    if type(p.gold) is not int or not 0 <= p.gold <= MAX_GOLD:
        out.append(Problem(f"{who}'s gold is {json.dumps(p.gold)[:20]}; it is a whole number of GP from 0 to {MAX_GOLD:,}.", "gold"))
    for r in ("wood", "stone"):
        v = getattr(p, r)
        if type(v) is not int or not 0 <= v <= limit[r]:
            out.append(Problem(f"{who}'s {r} is {json.dumps(v)[:20]}; a player cannot possess more than {limit['wood']} Wood and "
                               f"{limit['stone']} Stones.", "treasury-limit"))
    for g in p.guilds:
        if g not in G.all_guilds():
            out.append(Problem(f"{who}: {json.dumps(g)[:30]} is not a Guild card; Guild cards are {', '.join(G.all_guilds())}.",
                               "guild-card"))
    if p.level is not None and p.level not in G.levels():
        out.append(Problem(f"{who}'s handicap level is one of {', '.join(G.levels())}.", "guild-level"))
    if out:
        return out
    if p.extinct:
        if p.hand or p.discard or any(p.pieces.values()) or p.gold or p.wood or p.stone:
            out.append(Problem(f"{who} is extinct: the Civilization has left the World, with no piece, card in hand or discard "
                               "pile, or resource.", "extinct"))
        return out
    for t in PIECE_TYPES:
        n = p.pieces.get(t, 0)
        if n and t in p.reserve:
            out.append(Problem(f"{who} has {n} {t} piece{'s' if n > 1 else ''} in the World and the {t.title()} card in the reserve: 'If a "
                               "player controls a type of piece for which they don't have an active card and which isn't in Decline, they "
                               "immediately add the corresponding card to their hand from their reserve.'", "card-state"))
        if not n and (t in p.hand or t in p.discard):
            out.append(Problem(f"{who} has no {t} piece in the World and the {t.title()} card active: 'If a player loses their last "
                               "piece of a given type, the corresponding card is immediately placed into their reserve.'", "card-state"))
    if not p.hand and phase == "A":
        out.append(Problem(f"{who} has no card in hand at the start of phase A: a discard pile is recycled before the turn, and with "
                           "none the Civilization is extinct (\"extinct\": true).", "hand"))
    return out


# --- reading ---------------------------------------------------------------------------------------
def _fail(source: str, msg: str) -> FileFormatError:
    return FileFormatError(f"{source}: {msg}")


def _player(i: int, p: Any, source: str) -> PlayerEntry:
    if not isinstance(p, dict) or not isinstance(p.get("name"), str):
        raise _fail(source, f"player {i} must be an object with a name, a colour, cards by pile, Treasury and pieces.")
    if len(p["name"]) > 40:
        raise _fail(source, f"player {i}'s name is {len(p['name'])} characters long; a name has at most 40.")
    for pile in PILES + ("trophies", "guilds"):
        if not isinstance(p.get(pile, []), list):
            raise _fail(source, f"player {p['name']}: '{pile}' must be a list.")
    for key in ("pieces", "buildings"):
        if not isinstance(p.get(key, {}), dict):
            raise _fail(source, f"player {p['name']}: '{key}' must map types to counts, e.g. {{\"nomad\": 2}}.")
    if not isinstance(p.get("tale_trophies", []), list):
        raise _fail(source, f"player {p['name']}: 'tale_trophies' must be a list of Tale numbers.")
    if not isinstance(p.get("laid", {}), dict):
        raise FileFormatError(f"{source}: player {p['name']}: 'laid' maps piece types to how many lie on their side, e.g. "
                              '{"ship": 1}.', rule="laid-down")
    if type(p.get("ask_again", True)) is not bool:
        raise FileFormatError(f"{source}: player {p['name']}: 'ask_again' is false when they kept the Doppelgangers 'do not ask "
                              "again' (leave it out otherwise).", rule="doppelgangers-keep")
    if not isinstance(p.get("house"), (str, type(None))):
        raise FileFormatError(f"{source}: player {p['name']}: 'house' names the Guild card drawn at the Doppelganger's House, "
                              'e.g. "miners".', rule="doppelgangers-house")
    if not all(isinstance(c, str) for pile in PILES + ("trophies", "guilds") for c in p.get(pile, [])):
        raise _fail(source, f"player {p['name']}: cards, Trophies and Guild cards are named by text.")
    return PlayerEntry(p["name"], p.get("colour", p.get("color", "")), *(list(p.get(pile, [])) for pile in PILES),
                       gold=p.get("gold", 0), wood=p.get("wood", 0), stone=p.get("stone", 0), pieces=dict(p.get("pieces", {})),
                       trophies=list(p.get("trophies", [])), extinct=p.get("extinct") is True, guilds=list(p.get("guilds", [])),
                       level=p.get("level"), buildings=dict(p.get("buildings", {})), tale_trophies=list(p.get("tale_trophies", [])),
                       laid=dict(p.get("laid", {})), house=p.get("house"), ask_again=p.get("ask_again", True))


def parse_state(doc: Any, source: str = "the state", check: bool = True) -> State:
    """A state from its JSON document; a :class:`FileFormatError` with the first problem (and its rule id)."""
    if not isinstance(doc, dict):
        raise _fail(source, "a state must be a JSON object with format, version, turn, first and players.")
    for key in ("format", "version", "players"):
        if key not in doc:
            raise _fail(source, f"the key '{key}' is missing.")
    if doc["format"] != FORMAT:
        raise _fail(source, f"'format' is {json.dumps(doc['format'])[:40]}; a state file says \"{FORMAT}\".")
    if type(doc["version"]) is not int or doc["version"] != VERSION:
        raise _fail(source, f"'version' is {json.dumps(doc['version'])[:20]}; this companion reads version {VERSION}.")
    phase = doc.get("phase", "A")
    if phase not in STATE_PHASES:
        raise FileFormatError(f"{source}: a game in progress is entered at {STATE_PHASES['A']} (\"A\"), at "
                              f"{STATE_PHASES['C']} (\"C\") or at {STATE_PHASES['D']} (\"D\"); not {json.dumps(phase)[:20]}: "
                              "finish the phase at the table first.", rule="phase")
    claimed = doc.get("claimed_this_turn", [])
    if not isinstance(claimed, list) or not all(isinstance(c, dict) and isinstance(c.get("trophy"), str) for c in claimed):
        raise FileFormatError(f"{source}: 'claimed_this_turn' lists the Trophies claimed this turn, in order, as "
                              '[{"trophy": "temple", "player": 0}].', rule="trophies-this-turn")
    from companion.rise_and_fall.variants.tales.tales import parse_creatures

    creatures, why = parse_creatures(doc.get("creatures"))
    if why:
        raise FileFormatError(f"{source}: {why}", rule="creatures")
    for piece, s in creatures.items():
        if max(abs(s[0]), abs(s[1])) > 1000:
            raise FileFormatError(f"{source}: 'creatures': the {piece} is at a Space far outside any World.", rule="space-in-world")
    volcano = doc.get("volcano")
    if not isinstance(volcano, (str, type(None))):
        raise FileFormatError(f"{source}: 'volcano' is the orientation of the Volcano's lava flows when it lies active side up, "
                              'e.g. "north-east" (leave it out while it lies inactive side up).', rule="volcano-orientation")
    if not isinstance(doc["players"], list) or not 1 <= len(doc["players"]) <= 8:
        raise _fail(source, "'players' must be a list of the players (2 to 4).")
    players = [_player(i, p, source) for i, p in enumerate(doc["players"])]
    world = doc.get("world")
    if world is not None:
        layout_file.parse(world, f"{source}, 'world'")
    bank = doc.get("bank")
    if bank is not None and not isinstance(bank, dict):
        raise _fail(source, "'bank' maps gold, wood and stone to whole numbers.")
    st = State(players, first=doc.get("first", 0), turn=doc.get("turn", 1),
               trophies_to_end=doc.get("trophies_to_end", load_rules().standard_trophies_to_end), bank=bank, world=world,
               tracker_version=doc.get("tracker_version", 0), pass_tablet=doc.get("pass_tablet") is True,
               world_pieces=dict(doc["world_pieces"]) if isinstance(doc.get("world_pieces"), dict) else {}, phase=phase,
               claimed_this_turn=[(c["trophy"], c.get("player")) for c in claimed], creatures=creatures, volcano=volcano)
    if check:
        found = problems(st)
        if found:
            more = f" ({len(found) - 1} more problem{'s' if len(found) > 2 else ''} after this one.)" if len(found) > 1 else ""
            raise FileFormatError(f"{source}: {found[0]}{more}", rule=rule_of(found[0], "state"))
    return st


def load_state(path: str | os.PathLike) -> State:
    return parse_state(read_json(path), str(path))


# --- to and from the tracker --------------------------------------------------------------------------
def to_game(st: State) -> "Game":
    """The tracker's game at the start of the state's phase of its turn (a state :func:`problems` finds none in):
    phase C with the cards each player owes to the Decline zone, phase D with who has nothing to buy back."""
    from companion.rise_and_fall.state.civilizations import TRACKER_VERSION, Civ, Game
    from companion.rise_and_fall.state.records import replace
    from companion.rise_and_fall.variants.registered import VARIANTS
    from companion.rise_and_fall.variants.tales.pieces import initial
    from companion.rise_and_fall.variants.tales.state import NONE
    from companion.rise_and_fall.variants.tales.tales import drawn_of, parse_markers

    rules = load_rules()
    n = len(st.players)
    civs = tuple(Civ(name=p.name, colour=p.colour, hand=tuple(p.hand), discard=tuple(p.discard), reserve=tuple(p.reserve),
                     decline=tuple(p.decline), gold=p.gold, wood=p.wood, stone=p.stone,
                     pieces=tuple((t, p.pieces.get(t, 0)) for t in PIECE_TYPES), trophies=tuple(p.trophies), extinct=p.extinct,
                     guilds=tuple(p.guilds)) for p in st.players)
    raw_bank = rules.raw["bank"]
    held = {r: sum(getattr(p, r) for p in st.players) for r in ("gold", "wood", "stone")}
    start = {"gold": rules.bank_gold(n), "wood": raw_bank["wood"], "stone": raw_bank["stone"]}
    bank = {r: max(0, start[r] - held[r]) for r in start}  # what the players do not hold, unless the state says
    bank.update(st.bank or {})
    version = st.tracker_version or TRACKER_VERSION
    tiles, world_name, tales, markers = (), "", (), ()
    if st.world is not None:
        lay = layout_file.parse(st.world, "the World")
        tiles, world_name, tales = tuple(lay.tiles), lay.name, drawn_of(lay.extra)
        markers = tuple((m.kind, *m.space) for m in parse_markers(lay.extra.get("tale_pieces")))
    # the Guild variant: a handicap level, or a Guild card other than one drawn at the Doppelganger's House
    guild_game = any(p.level is not None or any(g != p.house for g in p.guilds) for p in st.players)
    levels = tuple(p.level or G.STANDARD_LEVEL for p in st.players) if guild_game else ()
    game = Game(civs=civs, trophies_to_end=st.trophies_to_end, bank_gold=bank["gold"], bank_wood=bank["wood"],
                bank_stone=bank["stone"], first=st.first, turn=st.turn, phase=st.phase, tiles=tiles, world_name=world_name,
                cards_owed=(0,) * n, pass_tablet=st.pass_tablet, tracker_version=version,
                claimed_this_turn=tuple((t, i) for t, i in st.claimed_this_turn),
                variants=tuple((v, v.initial) for v in VARIANTS))
    game = replace(game, levels=levels, world_tales=tales, world_tale_pieces=markers,  # the variants' states, by their names
                   tales=_tale_state(st, initial(tales, n) if version >= 4 and tales else None),
                   tale_play=replace(NONE, creatures=tuple((k, q, r) for k, (q, r) in st.creatures.items()), volcano=st.volcano,
                                     laid=tuple(sorted((i, t, k) for i, p in enumerate(st.players) for t, k in p.laid.items() if k)),
                                     house=tuple((i, p.house) for i, p in enumerate(st.players) if p.house is not None)),
                   # 'do not ask again' stands while the Guild cards on the table stay as they are now
                   kept=tuple((i, tuple(c.guilds for c in civs)) for i, p in enumerate(st.players) if not p.ask_again))
    if st.phase == "C":
        # 'each player must place as many cards in Decline as Trophies claimed this turn' (as many as they have)
        k = len(st.claimed_this_turn)
        game = replace(game, cards_owed=tuple(min(k, len(c.active)) if not c.extinct else 0 for c in civs))
    elif st.phase == "D" and version >= 2:
        # a player with no card in Decline has nothing to buy back: no tap is needed from them
        game = replace(game, decided=tuple(i for i in game.order() if not civs[i].decline))
    return game


def _tale_state(st: State, start: Any) -> Any:
    """The Tale pieces of the state: each player's buildings, the pieces of no one, the Tale Trophies claimed."""
    from companion.rise_and_fall.state.records import replace
    from companion.rise_and_fall.variants.tales.pieces import with_building

    if start is None:
        return None
    tales = start
    for i, p in enumerate(st.players):
        for b, k in p.buildings.items():
            if k:
                tales = with_building(tales, i, b, k)
    for b, k in st.world_pieces.items():
        tales = with_building(tales, None, b, k - dict(tales.world).get(b, 0))
    trophies = tuple((n, i) for i, p in enumerate(st.players) for n in p.tale_trophies)
    return replace(tales, trophies=trophies) if trophies else tales


def at_phase_start(game: "Game") -> bool:
    """Whether a tracked game stands at the start of a phase a state can hold (A, C or D): nobody has played a card,
    put one into Decline, bought or passed yet."""
    if game.phase == "A":
        return not any(c.played for c in game.civs) and not game.drawn
    if game.phase == "C":
        k = len(game.claimed_this_turn)
        return not game.face_down and game.cards_owed == tuple(min(k, len(c.active)) if not c.extinct else 0 for c in game.civs)
    if game.phase == "D":
        start = tuple(i for i in game.order() if not game.civs[i].decline) if game.tracker_version >= 2 else ()
        return not game.in_order and game.decided == start
    return False


def of_game(game: "Game") -> State:
    """The state of a tracked game at the start of phase A, C or D (before any card is played, put into Decline or
    bought back): the documented way for a script to carry a game on, or to build one from a game it played."""
    if not at_phase_start(game):
        where = f"in phase {game.phase}" if game.phase not in STATE_PHASES else f"in the middle of phase {game.phase}"
        raise FileFormatError(f"A state is taken at {STATE_PHASES['A']}, at {STATE_PHASES['C']} or at {STATE_PHASES['D']}; "
                              f"this game is {where}.", rule="phase")
    from companion.rise_and_fall.variants.guilds.variant import keeps_doppelgangers
    from companion.rise_and_fall.variants.tales.fantastic import present

    play = game.tale_play
    house = dict(play.house)
    players = [PlayerEntry(c.name, c.colour, list(c.hand), list(c.discard), list(c.reserve), list(c.decline), c.gold, c.wood,
                           c.stone, dict(c.pieces), list(c.trophies), c.extinct, list(c.guilds),
                           game.levels[i] if game.levels else None,
                           {b: k for b, k in game.tales.buildings[i] if k} if game.tales is not None else {},
                           list(game.tales.trophies_of(i)) if game.tales is not None else [],
                           {t: k for j, t, k in play.laid if j == i}, house.get(i), not keeps_doppelgangers(game, i))
               for i, c in enumerate(game.civs)]
    world = None
    if game.tiles or game.world_tales:  # a World of Tales with no tiles given keeps its Tales
        from companion.rise_and_fall.world.layout import Layout

        world = Layout(len(game.civs), list(game.tiles), name=game.world_name).to_dict()
        if game.world_tales:
            world["tales"] = list(game.world_tales)
        if game.world_tale_pieces:
            world["tale_pieces"] = [{"area": k, "q": q, "r": r} for k, q, r in game.world_tale_pieces]
    return State(players, first=game.first, turn=game.turn, trophies_to_end=game.trophies_to_end,
                 bank={"gold": game.bank_gold, "wood": game.bank_wood, "stone": game.bank_stone}, world=world,
                 tracker_version=game.tracker_version, pass_tablet=game.pass_tablet,
                 world_pieces=dict(game.tales.world) if game.tales is not None else {}, phase=game.phase,
                 claimed_this_turn=list(game.claimed_this_turn) if game.phase != "A" else [],
                 creatures={k: (q, r) for k, q, r in play.creatures if present(game, k)}, volcano=play.volcano)
