"""Fall of the Mountain King's rules under the shared contract (``companion.rules``).

``legal_actions``: the setup (one per player count, on the placeholder board of its side); during a Wave,
each player's Honour from each source (with the number the table enters: a Gnome's strength, the lines a
disc passed, the Wheel's spaces and boost, a Champion's amount), Votes on each plank, supplies, the next
invasion or Breach, and 'Score the Wave'; while a Wave is scored, each cavern by the fast path (controlled,
overrun, nobody) or cavern by cavern (Trolls per player, Gnomes), the rest of a Domain as empty, a cavern or the rest of its Domain as the last Wave scored it, the Great Halls' values and the Vote tiles
when Wave III needs them, the Elders, and scoring the Wave. The numbers' ranges are those a table enters in
a game (the reducer is the judge of larger ones), so the contract is not closed.

``outcome``: once Wave III is scored: the winners (most Honour, then most Votes on the Clan board, else a
shared victory), each player's Honour, the scorepad Wave by Wave. No secret: every seat sees the table.
"""

from __future__ import annotations

from typing import Any

from ..rules import Contract, Field, Move, Outcome
from .board import placeholder, side_for
from .end_of_wave import OUTSIDER
from .game import ACTIONS, ROMAN, State
from .numbers import numbers
from .scoring import winner_sentence
from .view import colours, history_scores

NAMES = ("Blue", "Yellow", "Pink", "Green", "Red")
HONOUR_FIELDS = {"gnomes": (Field("strength", 1, 6),), "fallen": (), "consolation": (Field("lines", 1, 4),),
                 "wheel": (Field("spaces", 1, 6), Field("boost", 0, 3)), "champion": (Field("amount", 1, 5),)}
VOTE_SOURCES = ("seize", "gnomes", "champion", "wild")


def _spread(moves: list[Move], share: float) -> list[Move]:
    """The moves of one kind, sharing ``share`` of the random player's picks."""
    return [Move(m.action, m.fields, m.seat, share / len(moves)) for m in moves] if moves else []


class MountainKingContract(Contract):
    kind = "game"
    action_types = frozenset(ACTIONS)

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
            return [Move({"type": "setup", "players": list(NAMES[:n]), "board": placeholder(side_for(n)).to_dict()})
                    for n in numbers().players]
        if state.end is not None:
            return self._end(state)
        return self._scoring(state) if state.scoring else self._play(state)

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
            return [Move(vote, seat=p, weight=0.5), Move({**base, "choice": "honour"}, (Field("lines", 0, 4),), p, 0.5)]
        n = len(state.champions) + 1
        ps = state.players
        tracks = [[], [[ps[0], 2]], [[ps[-1], 1], [ps[0], 3]], [[ps[0], 2], [ps[1], 2]]]
        champs = [Move({"type": "champion", "champion": n, "clan": c, "track": tr, **({"wild": "fire"} if c == OUTSIDER else {})},
                       (Field("votes", 1, 4),)) for c in ("ice", OUTSIDER) for tr in tracks]
        return _spread(champs, 0.95) + [Move({"type": "step-done", "step": "champions"}, weight=0.05)]

    def _play(self, state: State) -> list[Move]:
        honour = [Move({"type": "honour", "player": p, "source": s}, HONOUR_FIELDS[s], p)
                  for p in state.players for s in HONOUR_FIELDS]
        votes = [Move({"type": "votes", "player": p, "clan": c, "source": s}, (Field("votes", 1, 3),), p)
                 for p in state.players for c in numbers().domains for s in VOTE_SOURCES]
        supply = [Move({"type": "supply", "player": p},
                       (Field("base", 4, 8), Field("symbols", 0, 10), Field("wild_pairs", 0, 2), Field("desperation", 0, 3)), p)
                  for p in state.players]
        return (_spread(honour, 0.6) + _spread(votes, 0.2) + _spread(supply, 0.05) + self._drawn(state)
                + _spread([Move({"type": "invasion"}), Move({"type": "breach"})], 0.03)
                + _spread([Move({"type": "fall", "player": p, "breach": True}, seat=p) for p in state.players], 0.04)
                + [Move({"type": "end-wave"}, weight=0.03), Move({"type": "wave-over"}, weight=0.05)])

    def _drawn(self, state: State) -> list[Move]:
        """The Great Halls' values and the Vote tiles, while the game lacks them (a fixed draw: any other is entered alike)."""
        out = []
        halls = state.board.great_halls if state.board else ()
        if len(state.halls) != len(halls):
            values = numbers().great_hall_values
            out.append(Move({"type": "halls", "values": [values[k % len(values)] for k in range(len(halls))]}, weight=0.05))
        missing = [d for d in numbers().domains if d not in state.tiles]
        if missing:
            out.append(Move({"type": "tiles", "tiles": {d: [6, 3, 1] for d in missing}}, weight=0.05))
        return out

    def _scoring(self, state: State) -> list[Move]:
        todo = [c for c in state.caverns_to_enter() if c not in state.walk]
        walk: list[Move] = []
        for cid in todo:
            walk += [Move({"type": "control", "cavern": cid, "controller": p}) for p in state.players]
            walk += [Move({"type": "control", "cavern": cid, "overrun": True}), Move({"type": "control", "cavern": cid})]
            walk.append(Move({"type": "cavern", "cavern": cid}, (Field("gnomes", 1, 2),)))
            walk.append(Move({"type": "rest", "cavern": cid}))
            if state.last_walk:
                walk += [Move({"type": "as-before", "cavern": cid}), Move({"type": "rest", "cavern": cid, "as": "before"})]
            walk.append(Move({"type": "cavern", "cavern": cid, "trolls": {}},
                             tuple(Field(f"trolls.{p}", 0, 3) for p in state.players)))
        drawn = self._drawn(state) if state.wave == 3 else []
        elders = ([Move({"type": "elders", "player": p}, (Field("elders", 0, numbers().most_elders),), p) for p in state.players]
                  if state.wave == 3 else [])
        score = [] if drawn else [Move({"type": "score-wave", "empty": todo}, weight=1.0 if not todo else 0.03)]
        return _spread(walk, 0.97 if todo else 0.0) + drawn + _spread(elders, 0.2) + score

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
