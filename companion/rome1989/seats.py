"""Each player's nations on their own phone: which player a seat is, what a phone may record and undo.

The seat tokens are :mod:`companion.seats`' (kept in the log's ``meta``, key ``seats``, one per seat
number). This game's players are names (a nation's ``player``, or its own name without one), so the
meta also keeps the player each seat number is (key ``seat_players``: a list, in the order the players
first appeared). The list only grows: undoing the nation that brought a player in does not hand that
player's seat, or its code, to the next player added.

A phone's action carries ``"seat": player`` (the name); the rules (:func:`check_seat`, called by
``ChartRules.apply``) refuse it for a nation of another player, and refuse the table's own actions
(adding a nation, ending the game) from a phone. Undo on a phone takes back the log's last action only
when it is about that player's nations (:func:`check_undo`), otherwise it says whose it is.

Pure Python, no widgets.
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalAction
from ..gamelog import GameLog
from ..seats import Seat, Seats
from .chart import Chart, players_of

KEY = "seat_players"
#: the actions a phone may send: its nations' turns and the dice they roll
PHONE_ACTIONS = ("turn", "roll", "withdraw", "areas", "revolt", "battle", "losses", "retreat")


def seat_players(log: GameLog) -> list[str]:
    """The player each seat number is (the list kept in the log's meta)."""
    raw = log.meta().get(KEY)
    return [p for p in raw if isinstance(p, str)] if isinstance(raw, list) else []


def ensure_seats(log: GameLog, chart: Chart) -> list[tuple[str, Seat]]:
    """A seat for every player of ``chart`` (made once, then kept): (player, seat) in seat order, only
    the players the chart has now (a player whose only nation was undone keeps their seat for later)."""
    known = seat_players(log)
    now = players_of(chart.nations)
    if any(p not in known for p in now):  # read, grown and written at once: another page may add a player too
        def grown(raw: Any) -> list[str]:
            kept = [p for p in raw if isinstance(p, str)] if isinstance(raw, list) else []
            return kept + [p for p in now if p not in kept]

        known = log.update_meta(KEY, grown)
    seats = Seats(log).ensure(len(known)) if known else {}
    return [(p, seats[i]) for i, p in enumerate(known) if p in now and i in seats]


def player_of_seat(log: GameLog, seat: int) -> str | None:
    players = seat_players(log)
    return players[seat] if 0 <= seat < len(players) else None


def check_seat(chart: Chart, action: dict[str, Any]) -> None:
    """A phone's action: only a turn or a roll of one of its player's nations (rule ``seat``)."""
    player = action.get("seat")
    if not isinstance(player, str) or not player:
        raise IllegalAction("A phone's action names its seat's player.", rule="seat")
    kind = action.get("type")
    if kind not in PHONE_ACTIONS:
        raise IllegalAction(f"{player}'s phone records {player}'s turns, dice and revolts only; nations are added, and the "
                            "game is ended, on the tablet.", rule="seat")
    name = action.get("nation")
    n = chart.nation(name) if isinstance(name, str) else None
    if n is None:
        if name is None:
            raise IllegalAction(f"{player}'s phone rolls for one of {player}'s nations only.", rule="seat")
        return  # the rules' own sentence: there is no such nation
    if n.who != player:
        raise IllegalAction(f"{player}'s phone records {player}'s nations only; {n.name} is {n.who}'s "
                            "(on the tablet or on their own phone).", rule="seat")


def describe(chart: Chart, action: dict[str, Any]) -> str:
    """An action in a few words, for the phone's Undo ("the Goths' turn", "a roll for Persia")."""
    kind, name = action.get("type"), action.get("nation")
    if kind == "turn":
        return f"{possessive(str(name))} turn"
    if kind == "roll":
        return f"a roll for {name}" if name else "a roll"
    if kind == "withdraw":
        return f"{possessive(str(name))} withdrawal"
    if kind == "areas":
        return f"{possessive(str(name))} areas"
    if kind == "revolt":
        return f"{possessive(str(name))} revolt procedure"
    if kind == "battle":
        return f"{possessive(str(name))} battle"
    if kind == "losses":
        return f"the losses in {possessive(str(name))} battle"
    if kind == "retreat":
        return f"a retreat from {possessive(str(name))} battle"
    if kind == "nation":
        return f"adding {action.get('name')}"
    if kind == "end":
        return "the end of the game"
    if kind == "kept-dice":
        return "the dice file's dice"
    return "setting the game up"


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def whose(chart: Chart, action: dict[str, Any]) -> str | None:
    """The player an action is about: a turn's or a roll's nation's player (None: the table's)."""
    if action.get("type") not in PHONE_ACTIONS:
        return None
    name = action.get("nation")
    n = chart.nation(name) if isinstance(name, str) else None
    return n.who if n is not None else None


def check_undo(chart: Chart, last: dict[str, Any] | None, player: str) -> None:
    """Undo on ``player``'s phone takes back the game's last action only if it is about their nations,
    recorded on their phone or on the tablet (rule ``seat-undo``); ``chart`` is the game's chart now."""
    if last is None:
        raise IllegalAction("There is nothing to undo.", rule="seat-undo")
    owner = whose(chart, last)
    if owner == player:
        return
    what = describe(chart, last)
    if owner is None:
        raise IllegalAction(f"The last action is {what}; a phone takes back only its own nations' turns and dice, "
                            "so undo it on the tablet.", rule="seat-undo")
    raise IllegalAction(f"The last action is {what}, {owner}'s; a phone takes back only its own nations' turns "
                        f"and dice: undo it on the tablet or on {owner}'s phone first.", rule="seat-undo")
