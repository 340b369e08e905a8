"""A random legal player for the log (the every-game test and the property tests play with it).

It sets up a game on the placeholder board of a random side, taps Honour, Votes and invasions for a
while in each Wave, then scores it cavern by cavern or by the fast path (at random, cavern by cavern),
until Wave III is scored; then it answers None.
"""

from __future__ import annotations

import random
from typing import Any

from .board import placeholder, side_for
from .end_of_wave import OUTSIDER
from .game import State, not_entered
from .numbers import numbers

Action = dict[str, Any]
NAMES = ("Blue", "Yellow", "Pink", "Green", "Red")


def random_setup(rng: random.Random) -> Action:
    n = rng.choice(numbers().players)
    board = placeholder(side_for(n))
    action: Action = {"type": "setup", "players": list(NAMES[:n]), "board": board.to_dict()}
    if rng.random() < 0.7:
        action["tiles"] = {d: sorted((rng.randint(0, 10) for _ in range(3)), reverse=True) for d in numbers().domains}
    if rng.random() < 0.7:
        action["halls"] = [rng.choice(numbers().great_hall_values) for _ in board.great_halls]
    return action


def _play(state: State, rng: random.Random) -> Action:
    p = rng.choice(state.players)
    r = rng.random()
    if r < 0.08:
        return {"type": rng.choice(["end-wave", "wave-over", "wave-over"])}
    if r < 0.1:
        return {"type": "fall", "player": p, "breach": True}
    if r < 0.15:
        return {"type": rng.choice(["invasion", "invasion", "breach"])}
    if r < 0.35:
        return {"type": "votes", "player": p, "clan": rng.choice(numbers().domains), "votes": rng.randint(1, 3),
                "source": rng.choice(["seize", "gnomes", "champion", "wild"])}
    if r < 0.4:
        return {"type": "supply", "player": p, "base": rng.randint(4, 8), "symbols": rng.randint(0, 10),
                "wild_pairs": rng.randint(0, 2), "desperation": rng.randint(0, 3)}
    source = rng.choice(["gnomes", "fallen", "fallen", "consolation", "wheel", "champion"])
    a: Action = {"type": "honour", "player": p, "source": source}
    if source == "gnomes":
        a["strength"] = rng.randint(1, 6)
    elif source == "consolation":
        a["lines"] = rng.randint(1, 4)
    elif source == "wheel":
        a["spaces"], a["boost"] = rng.randint(1, 6), rng.randint(0, 3)
    elif source == "champion":
        a["amount"] = rng.randint(1, 5)
    return a


def _walk(state: State, rng: random.Random) -> Action:
    todo = [c for c in state.caverns_to_enter() if c not in state.walk]
    if state.wave == 3:
        if len(state.halls) != len(state.board.great_halls if state.board else ()):
            return {"type": "halls", "values": [rng.choice(numbers().great_hall_values) for _ in state.board.great_halls]}  # type: ignore[union-attr]
        missing = [d for d in numbers().domains if d not in state.tiles]
        if missing:
            return {"type": "tiles", "tiles": {d: sorted((rng.randint(0, 10) for _ in range(3)), reverse=True) for d in missing}}
        if rng.random() < 0.2:
            return {"type": "elders", "player": rng.choice(state.players), "elders": rng.randint(0, numbers().most_elders)}
    if not todo or rng.random() < 0.03:
        return {"type": "score-wave", "empty": list(not_entered(state))}
    cid = rng.choice(todo)
    if rng.random() < 0.5:
        r = rng.random()
        return {"type": "control", "cavern": cid, **({"overrun": True} if r < 0.25 else
                {"controller": rng.choice(state.players)} if r < 0.85 else {})}
    if rng.random() < 0.25:
        return {"type": "cavern", "cavern": cid, "gnomes": rng.randint(1, 2)}
    return {"type": "cavern", "cavern": cid, "trolls": {p: rng.randint(0, 3) for p in state.players if rng.random() < 0.5}}


def _end(state: State, rng: random.Random) -> Action:
    """A step of the End of the Wave: Entrenchment, each invasion's falls, each Champion and its contenders."""
    p = rng.choice(state.players)
    if state.end == "entrenchment":
        return {"type": "step-done", "step": "entrenchment"}
    if state.end == "invasions":
        if rng.random() < 0.5:
            return {"type": "fall", "player": p, "invasion": len(state.falls)}
        return {"type": "step-done", "step": "invasion", "invasion": len(state.falls)}
    k = len(state.champions)
    if state.pending:
        choice = rng.choice(["vote", "honour"])
        a: Action = {"type": "consolation", "champion": k, "player": state.pending[0], "choice": choice}
        if choice == "honour":
            a["lines"] = rng.randint(0, 4)
        elif state.champions[-1].clan == OUTSIDER:
            a["clan"] = rng.choice(numbers().domains)
        return a
    if rng.random() < 0.05:
        return {"type": "step-done", "step": "champions"}
    clan = rng.choice([*numbers().domains, OUTSIDER])
    track = [[q, rng.randint(1, 6)] for q in state.players if rng.random() < 0.5]
    a = {"type": "champion", "champion": k + 1, "clan": clan, "votes": rng.randint(1, 4), "track": track}
    if clan == OUTSIDER:
        a["wild"] = rng.choice(numbers().domains)
    return a


def random_action(kind: str, state: State, rng: random.Random) -> Action | None:
    """One random legal action of the game's log in that state (setup included), or None once it is finished."""
    if kind != "game" or state.finished:
        return None
    if not state.started:
        return random_setup(rng)
    if state.end is not None:
        return _end(state, rng) if rng.random() < 0.9 else _play_in_end(state, rng)
    return _walk(state, rng) if state.scoring else _play(state, rng)


def _play_in_end(state: State, rng: random.Random) -> Action:
    """Honour and Votes still come during the End of the Wave (a Champion's ability)."""
    p = rng.choice(state.players)
    if rng.random() < 0.5:
        return {"type": "honour", "player": p, "source": "champion", "amount": rng.randint(1, 3)}
    return {"type": "votes", "player": p, "clan": rng.choice(numbers().domains), "votes": 1, "source": "champion"}
