"""Rise!'s rules under the shared contract (``companion.rules``): every action, who won, what a seat sees.

Rise! has no secret and no number the table enters: ``legal_actions`` is every action (the two sacrifices with
every pair and target), so the contract is closed and the guard refuses anything outside it. A position is
over when one colour has won (three complete Towers, or the last enemy Worker gone); nobody scores points.
"""

from __future__ import annotations

from typing import Any

from ..rules import Contract, Move, Outcome
from .game import ACTION_TYPES, Position, RiseIllegal, legal_actions, name, numbers, start

Action = dict[str, Any]


class RiseContract(Contract):
    kind = "game"
    error = RiseIllegal
    action_types = frozenset((*ACTION_TYPES, "pass", "setup"))
    closed = True

    def legal_actions(self, state: Position, seat: Any = None) -> list[Move]:
        if state.over or (seat is not None and seat != state.player):
            return []
        moves = [Move(a, seat=state.player) for a in legal_actions(state)]
        if state == start():
            moves.append(Move({"type": "setup", "computer": None}, weight=0.01))
        return moves

    def outcome(self, state: Position) -> Outcome | None:
        if state.winner is None:
            return None
        how = (f"{numbers().towers_to_win} complete Towers" if state.reason == "towers"
               else "the last enemy Worker is gone")
        won = name(state.winner)
        towers = {name(c): state.complete_towers(c) for c in numbers().colours}
        return Outcome(
            winners=(won,),
            scores=towers,
            pad={name(c): {"towers": towers[name(c)], "workers": len(state.of(c)), "total": towers[name(c)]}
                 for c in numbers().colours},
            sentence=f"{won} wins: {how}.",
            extra={"colours": {"Red": "#c8102e", "Blue": "#1f5fbf"}, "reason": state.reason},
        )

    def player_count(self, action: Action) -> int | None:
        return 2

    def actor(self, state: Position, action: Action) -> Any:
        return action.get("player")

    def news(self, before: Position, action: Action, after: Position, seat: Any = None) -> list[str]:
        """The action in the rulebook's words (a Worker placed, moved, jumped; a Land Tile placed), what it
        did by itself (a Tower rising or falling), and whose turn it is when the turn passes; nothing is secret."""
        from .game import ACTION_NAMES, at

        kind = str(action.get("type", ""))
        what = ACTION_NAMES.get(kind, kind)
        for key, word in (("at", "at"), ("to", "to"), ("over", "over"), ("target", "at")):
            where = action.get(key)
            if isinstance(where, (list, tuple)) and len(where) == 2:
                what += f" {word} {at((where[0], where[1]))}"
                break
        out = [f"{name(before.player)}: {what}."] if kind in ACTION_NAMES else []
        out += list(after.events)
        if after.winner is None and after.player != before.player:
            out.append(f"{name(before.player)}'s turn ends: {name(after.player)} to play.")
        return out

    def may_act(self, state: Position, player: Any) -> bool:
        return player == state.player

    def seat_sentence(self, state: Position, player: Any) -> str:
        return f"It is {name(state.player)}'s turn, not {player!r}'s."

    def over_sentence(self, state: Position) -> str:
        how = "3 complete Towers" if state.reason == "towers" else "the last enemy Worker is gone"
        return f"The game is over: {name(state.winner or '')} has won ({how}); undo to play on."

    def normal(self, action: Action) -> Action:
        out = {k: v for k, v in action.items() if k not in ("player", "seat")}
        if isinstance(out.get("sacrifice"), list):
            out["sacrifice"] = sorted(out["sacrifice"], key=lambda h: tuple(h) if isinstance(h, list) else ())
        if out.get("type") == "setup":
            out = {"type": "setup", "computer": None}
        return out


CONTRACTS = {"game": RiseContract()}
