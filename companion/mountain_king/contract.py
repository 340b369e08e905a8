"""Fall of the Mountain King's rules under the shared contract (``companion.rules``).

``legal_actions``: the setup (one per player count, on the placeholder board of its side; any players and
board given are offered, the rules judge them); the table's own board until the first action; during a Wave,
each player's Honour from each source (with the number the table enters: a Gnome's strength, the lines a
disc passed, the Wheel's spaces and boost, a Champion's amount), Votes on each plank, supplies, the next
invasion or Breach, and 'Wave over'; at the End of the Wave its step (Entrenchment, each invasion's falls,
each Champion and each contender's choice), with Honour and Votes still taken; while a Wave is scored, each
cavern not entered by the fast path (controlled, overrun, nobody) or cavern by cavern (Trolls per player,
Gnomes), the rest of a Domain as empty, a cavern or the rest of its Domain as the last Wave scored it, a Domain
at once in Waves I–II (each player's caverns controlled, the overrun ones), a cavern or Domain entered again to
correct it, the Elders, and scoring the Wave; at any time, the Great Halls' values and the
Vote tiles.

The contract is closed: an action outside these is refused (``unknown-action``), after the game's own rules
(which say why in their words when they can). A number the table enters is offered from its least value up
(``Field(open=True)``): its range is the random player's, the rules judge a larger one.

``outcome``: once Wave III is scored: the winners (most Honour, then most Votes on the Clan board, else a
shared victory), each player's Honour, the scorepad Wave by Wave. No secret: every seat sees the table.
"""

from __future__ import annotations

from typing import Any

from ..rules import Contract, Field, Given, Move, Outcome
from .board import placeholder, side_for
from .end_of_wave import OUTSIDER
from .game import ACTIONS, ROMAN, State, domain_caverns, rest_of_domain
from .numbers import numbers
from .scoring import winner_sentence
from .view import colours, history_scores

NAMES = ("Blue", "Yellow", "Pink", "Green", "Red")
HONOUR_FIELDS = {"gnomes": (Field("strength", 1, 6, open=True),), "fallen": (),
                 "consolation": (Field("lines", 1, 4, open=True),),
                 "wheel": (Field("spaces", 1, 6, open=True), Field("boost", 0, 3, open=True)),
                 "champion": (Field("amount", 1, 5, open=True), Given("champion", optional=True))}
#: what a setup may give besides its players and board: the rules' version, the Start player, the Vote tiles
#: and the Great Halls' values drawn already
SETUP_OPTIONS = (Given("rules", optional=True), Given("start", optional=True), Given("tiles", optional=True),
                 Given("halls", optional=True))
VOTE_SOURCES = ("seize", "gnomes", "champion", "wild")


def _spread(moves: list[Move], share: float) -> list[Move]:
    """The moves of one kind, sharing ``share`` of the random player's picks."""
    return [Move(m.action, m.fields, m.seat, share / len(moves)) for m in moves] if moves else []


class MountainKingContract(Contract):
    kind = "game"
    action_types = frozenset(ACTIONS)
    closed = True

    def started(self, state: State) -> bool:
        return state.started

    def setup_sentence(self, state: State) -> str:
        return "Set up the game first: its players and its board."

    def over_sentence(self, state: State) -> str:
        return "The game is over: Wave III is scored (undo to change it)."

    def legal_actions(self, state: State, seat: Any = None) -> list[Move]:
        if state.finished:
            return []
        if not state.started:
            return [Move({"type": "setup", "players": list(NAMES[:n]), "board": placeholder(side_for(n)).to_dict()},
                         (Given("players"), Given("board"), *SETUP_OPTIONS))
                    for n in numbers().players]
        moves = self._board(state) + self._drawn(state)
        if state.end is not None:
            moves += self._end(state) + self._gains(state, 0.1)
        elif state.scoring:
            moves += self._scoring(state)
        else:
            moves += self._play(state)
        return [m for m in moves if seat is None or m.seat in (None, seat)]

    def _board(self, state: State) -> list[Move]:
        """The table's own board, entered before the first action of the game (it is played on it)."""
        return [] if state.played else [Move({"type": "board", "board": state.board.to_dict() if state.board else {}},
                                              (Given("board"),), weight=0.0)]

    def _gains(self, state: State, share: float) -> list[Move]:
        """Honour from each source and Votes on each plank (during the Battle, and still at the End of the Wave:
        a Champion's ability, a tap the table missed)."""
        honour = [Move({"type": "honour", "player": p, "source": s}, HONOUR_FIELDS[s], p)
                  for p in state.players for s in HONOUR_FIELDS]
        votes = [Move({"type": "votes", "player": p, "clan": c, **({"source": s} if s else {})},
                      (Field("votes", 1, 3, open=True),), p)
                 for p in state.players for c in numbers().domains for s in (*VOTE_SOURCES, None)]
        return _spread(honour, share * 0.75) + _spread(votes, share * 0.25)

    def _end(self, state: State) -> list[Move]:
        """The End of the Wave, step by step: Entrenchment done; in an invasion, each player's Troll falling or
        the invasion over; at Award Champions, the next Champion (a Clan or an Outsider, the markers in arrival
        order) or each contender's choice, or no more Champions."""
        if state.end == "entrenchment":
            return [Move({"type": "step-done", "step": "entrenchment"})]
        k = len(state.falls)
        if state.end == "invasions":
            falls = [Move({"type": "fall", "player": p, "invasion": k}, seat=p) for p in state.players]
            return _spread(falls, 0.5) + [Move({"type": "step-done", "step": "invasion", "invasion": k}, weight=0.5)]
        if state.pending:
            champ, p = state.champions[-1], state.pending[0]
            base = {"type": "consolation", "champion": champ.number, "player": p}
            vote = {**base, "choice": "vote", **({"clan": numbers().domains[0]} if champ.clan == OUTSIDER else {})}
            return [Move(vote, (Given("clan", optional=True),), p, 0.5),
                    Move({**base, "choice": "honour"}, (Field("lines", 0, 4, open=True),), p, 0.5)]
        n = len(state.champions) + 1
        ps = state.players
        tracks = [[], [[ps[0], 2]], [[ps[-1], 1], [ps[0], 3]], [[ps[0], 2], [ps[1], 2]]]
        votes = (Given("track", optional=True), Field("votes", 0, 0, open=True, optional=True))  # any track, the rules judge

        def drawn(tr: list) -> tuple:  # the random player's: a track, and Votes for its victor
            return (Given("track"), Field("votes", 1, 4, open=True)) if tr else votes

        champs = [Move({"type": "champion", "champion": n, "clan": c, "track": tr}, drawn(tr))
                  for c in numbers().domains[:1] for tr in tracks]
        champs += [Move({"type": "champion", "champion": n, "clan": OUTSIDER, "track": tr, "wild": w}, drawn(tr))
                   for w in numbers().domains[:1] for tr in tracks]
        others = [Move({"type": "champion", "champion": n, "clan": c}, votes, weight=0.0)
                  for c in numbers().domains[1:]]
        others += [Move({"type": "champion", "champion": n, "clan": OUTSIDER, "wild": w}, votes, weight=0.0)
                   for w in numbers().domains[1:]]
        return _spread(champs, 0.75) + others + [Move({"type": "step-done", "step": "champions"}, weight=0.05)]

    def _play(self, state: State) -> list[Move]:
        supply = [Move({"type": "supply", "player": p},
                       (Field("base", 4, 8, open=True), Field("symbols", 0, 10, open=True),
                        Field("wild_pairs", 0, 2, open=True), Field("desperation", 0, 3, open=True)), p)
                  for p in state.players]
        return (self._gains(state, 0.8) + _spread(supply, 0.05)
                + _spread([Move({"type": "invasion"}), Move({"type": "breach"})], 0.03)
                + _spread([Move({"type": "fall", "player": p, "breach": True}, seat=p) for p in state.players], 0.04)
                + [Move({"type": "end-wave"}, weight=0.03), Move({"type": "wave-over"}, weight=0.05)])

    def _drawn(self, state: State) -> list[Move]:
        """The Great Halls' values and the Vote tiles: drawn while the game lacks them (a fixed draw: any other is
        entered alike), and corrected at any time (a Hall's value tapped on its Hall)."""
        out = []
        halls = state.board.great_halls if state.board else ()
        values = numbers().great_hall_values
        lacking = len(state.halls) != len(halls)
        if halls:
            out.append(Move({"type": "halls", "values": [values[k % len(values)] for k in range(len(halls))]},
                            (Given("values"),), weight=0.05 if lacking else 0.0))
            out += [Move({"type": "hall", "hall": i, "value": v}, weight=0.0) for i in range(1, len(halls) + 1) for v in values]
        missing = [d for d in numbers().domains if d not in state.tiles]
        out.append(Move({"type": "tiles", "tiles": {d: [6, 3, 1] for d in missing}}, (Given("tiles"),),
                        weight=0.05 if missing else 0.0))
        return out

    def _scoring(self, state: State) -> list[Move]:
        todo = [c for c in state.caverns_to_enter() if c not in state.walk]
        entered = [c for c in state.caverns_to_enter() if c in state.walk]
        trolls = tuple(Field(("trolls", p), 0, 3, open=True, optional=True) for p in state.players)
        gnomes = Field("gnomes", 0, 0, open=True, optional=True)  # drawn 0 beside Trolls; the rules judge more
        walk: list[Move] = []
        for cid in todo:
            walk += [Move({"type": "control", "cavern": cid, "controller": p}) for p in state.players]
            walk += [Move({"type": "control", "cavern": cid, "overrun": True}), Move({"type": "control", "cavern": cid})]
            walk.append(Move({"type": "cavern", "cavern": cid}, (Field("gnomes", 1, 2, open=True),)))
            walk.append(Move({"type": "rest", "cavern": cid}))
            if cid in state.last_walk:
                walk.append(Move({"type": "as-before", "cavern": cid}))
                if all(c in state.last_walk for c in rest_of_domain(state, cid)):
                    walk.append(Move({"type": "rest", "cavern": cid, "as": "before"}))
            walk.append(Move({"type": "cavern", "cavern": cid, "trolls": {}}, (*trolls, gnomes)))
        walk += self._at_once(state)
        fixes: list[Move] = []  # a cavern entered again (v1 logs: also without saying so)
        for cid in entered:
            if state.board is not None and state.board.cavern(cid).domain in state.tallied:
                continue  # a Domain entered at once is corrected at once (``_at_once``)
            for again in ({"again": True}, *([{}] if state.version < 2 else [])):
                fixes += [Move({"type": "control", "cavern": cid, "controller": p, **again}, weight=0.0) for p in state.players]
                fixes += [Move({"type": "control", "cavern": cid, "overrun": True, **again}, weight=0.0),
                          Move({"type": "control", "cavern": cid, **again}, weight=0.0),
                          Move({"type": "cavern", "cavern": cid, **again}, (Field("gnomes", 1, 2, open=True),), weight=0.0),
                          Move({"type": "cavern", "cavern": cid, "trolls": {}, **again}, (*trolls, gnomes), weight=0.0)]
                if cid in state.last_walk:
                    fixes.append(Move({"type": "as-before", "cavern": cid, **again}, weight=0.0))
        lacking = state.wave == 3 and any(m.weight for m in self._drawn(state))
        elders = ([Move({"type": "elders", "player": p}, (Field("elders", 0, numbers().most_elders),), p) for p in state.players]
                  if state.wave == 3 else [])
        score = [] if lacking else [Move({"type": "score-wave", "empty": todo}, (Given("empty", optional=True),),
                                         weight=1.0 if not todo else 0.03)]
        return _spread(walk, 0.97 if todo else 0.0) + fixes + _spread(elders, 0.2) + score

    def _at_once(self, state: State) -> list[Move]:
        """Waves I–II: a Domain at once (how many of its caverns each player controls, how many are overrun),
        drawn for a Domain none of whose caverns is entered, with counts that fit it; entered again (a
        correction) for any other, the rules judging the counts."""
        if state.wave == 3 or state.board is None:
            return []
        out = []
        for d in numbers().domains:
            ids = domain_caverns(state, d)
            if not ids:
                continue
            if any(c in state.walk for c in ids):
                fields = tuple(Field(("controlled", p), 0, 0, open=True, optional=True) for p in state.players)
                out.append(Move({"type": "domain", "domain": d, "controlled": {}, "again": True},
                                (*fields, Field("overrun", 0, 0, open=True, optional=True)), weight=0.0))
                continue
            most = len(ids) // (len(state.players) + 1)  # every player and the Gnomes at most this many: they fit
            fields = tuple(Field(("controlled", p), 0, most, open=True, optional=True) for p in state.players)
            out.append(Move({"type": "domain", "domain": d, "controlled": {}}, (*fields, Field("overrun", 0, most, open=True, optional=True))))
        return out

    def outcome(self, state: State) -> Outcome | None:
        if not state.finished:
            return None
        sc = state.scores[-1]
        return Outcome(
            winners=tuple(sc.winners or ()),
            scores={p: state.honour(p) for p in state.players},
            pad=history_scores(state),
            sentence=winner_sentence(sc),
            extra={"colours": colours(state.players)},
        )

    def player_count(self, action: dict) -> int | None:
        return len(action["players"]) if action.get("type") == "setup" and isinstance(action.get("players"), list) else None

    def actor(self, state: State, action: dict) -> Any:
        return action.get("player") if action.get("type") != "setup" else None

    def news(self, before: State, action: dict, after: State, seat: Any = None) -> list[str]:
        """The action as the table's story tells it (``story.sentence``: Honour gained, a cavern's control, a
        Wave over, the Vote tiles); a new Wave said when it begins. Nothing of this game is secret."""
        from .story import sentence

        out = [sentence(action, before)] if action.get("type") != "setup" else []
        if after.wave != before.wave and before.wave and not after.finished:
            out.append(f"Wave {ROMAN[after.wave]} begins.")
        return out


CONTRACTS = {"game": MountainKingContract()}
