"""Rise and Fall (1989)'s rules under the shared contract (``companion.rules``).

``legal_actions``: the setup; a nation joining (Rome, Persia and the barbarians, with each player: a
player who quit comes back as a new nation, 8.2); each playing nation's next turn as the chart screen
drafts it for each status it may take (the defaults of the draft, and one turn with the table's numbers
entered), its dice for each purpose (the faces a field of 1 to 10); a battle (12.0.8) and, while one is fought, the
step it waits for (the volley's dice, one per firing unit; each choice of losses; a retreat); the end of the game (won, or
unfinished). Besides these drawn for the random player, what the table enters as it is — a nation's turn (its
numbers are many and bound to one another: the treasury pays what is bought), its areas, a revolt, a battle's
units, a nation joining or corrected, a dice file's dice — is offered with any value in those parts
(``Given``), for each nation of the chart, and the chart's own rules judge the value.

The contract is closed: any other action (a type at a time it has no place, a nation's action with keys the game
does not know, a battle's step with no battle) is refused (``unknown-action``), after the chart's own rules.
A phone's seat sees only its player's nations' actions.

``outcome``: once the table ends the game: the players reaching the goal, each player's victory points as
the chart shows them (one decimal: 6.7, not 7), a line per nation of their own. No secret.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..errors import IllegalAction
from ..rules import Contract, Field, Given, Move, Outcome
from .battle import loss_choices, sample_battles
from .chart import round_off
from .dice_file import PURPOSES
from .game import ChartGame, ChartRules
from .taps import blocked, offer

PLAYERS = ("Ann", "Bo", "Cy", "Di")
BARBARIANS = ("Goths", "Huns", "Vandals", "Franks", "Turks", "Dacians", "Picts", "Vikings", "Danes", "Arabs",
              "Lombards", "Alans", "Avars", "Saxons")
ROMANS = (("Western Rome", "western-rome", {"first_turn": 11, "opening": {"final_treasury": 40, "refund_pct": 10}}),
          ("Eastern Rome", "eastern-rome", {}),
          ("Persia", "persia", {"first_turn": 6, "opening": {"final_treasury": 20}}))
_RULES = ChartRules()
#: the parts of an action the table enters as they are (names, areas, units, a turn's numbers): any value is
#: offered there, and the chart's own rules judge it
SETUP_GIVEN = (Given("title", optional=True), Given("victory", optional=True), Given("rules", optional=True),
               Given("scenario", optional=True), Given("players", optional=True))
NATION_GIVEN = (Given("name"), Given("kind", optional=True), Given("player", optional=True),
                Given("enters", optional=True), Given("first_turn", optional=True), Given("opening", optional=True),
                Given("kingdom_start", optional=True))
ROLL_GIVEN = (Given("dice"), Given("by", optional=True))
REVOLT_GIVEN = (Given("revolt_table"), Given("lost_capitol", optional=True), Given("popular", optional=True))
BATTLE_GIVEN = (Given("attacker"), Given("defender"), Given("area", optional=True), Given("terrain", optional=True),
                Given("invasion", optional=True))


def vp(f: Fraction) -> float:
    """Victory points as the chart shows them: one decimal, rounded off (6.7)."""
    return round_off(f * 10) / 10


def _legal(state: ChartGame, action: dict) -> bool:
    try:
        _RULES.apply(state, action)
    except IllegalAction:
        return False
    return True


class Rome1989Contract(Contract):
    kind = "chart"
    action_types = frozenset(("setup", "nation", "turn", "roll", "end", "nation-edit", "withdraw", "areas", "revolt",
                              "battle", "losses", "retreat", "kept-dice"))
    #: the table's setting up of who plays: a nation joins (any player's name: a newcomer is no stranger) or is
    #: corrected before its first turn; the reducer judges them (setup first, the game not over)
    setup_types = frozenset(("setup", "nation", "nation-edit"))

    def started(self, state: ChartGame) -> bool:
        return state.started

    def setup_sentence(self, state: ChartGame) -> str:
        return "Set the game up first (its title and goal)."

    def over_sentence(self, state: ChartGame) -> str:
        who = " and ".join(state.winners)
        return f"The game is over{f': {who} won' if who else ''}; undo to go on."

    closed = True

    def legal_actions(self, state: ChartGame, seat: Any = None) -> list[Move]:
        if state.over:
            return []
        if not state.started:
            return [Move({"type": "setup", "title": "A game"}, (Field("victory.points", 200, 2000),)),
                    Move({"type": "setup"}, SETUP_GIVEN, weight=0.0)]
        playing = [n for n in state.chart.nations if blocked(state, n) is None]
        moves = self._nations(state, len(playing)) + self.entered(state)
        fighting = state.battle is not None and not state.battle.over
        for n in playing:
            moves += self._turns(state, n.name)
            free = ("revolt", "forces") if fighting else ("combat", "revolt", "forces")  # a volley is the battle's
            moves += [m for m in (Move({"type": "roll", "nation": n.name, "purpose": p, "by": "table"},
                                       (Field("dice", 1, 10, length=(1, 5)),), n.who, 0.05)
                                  for p in free) if _legal(state, m.sample(random.Random(0)))]
            if not fighting:
                moves += [m for m in battles(n.name, n.who) if _legal(state, m.action)]
        steps = self._battle_steps(state)  # a battle is fought to its end, as a rule, before the turn is charted
        rest = sum(m.weight for m in moves)
        moves += [Move(m.action, m.fields, m.seat, m.weight * max(1.0, rest)) for m in steps]
        if state.winners:
            moves.append(Move({"type": "end"}, weight=0.25 * max(1.0, sum(m.weight for m in moves))))
        elif (state.chart.nations and not playing) or len(state.chart.nations) > 30:
            moves.append(Move({"type": "end", "unfinished": True}))
        elif state.chart.victory is None or not state.winners:
            moves.append(Move({"type": "end", "unfinished": True}, weight=0.002))
        moves.append(Move({"type": "end"}, (Given("unfinished", optional=True),), weight=0.0))  # the rules judge it
        if seat is not None:
            moves = [m for m in moves if m.seat == seat]
        return moves

    def entered(self, state: ChartGame, seat: Any = None) -> list[Move]:
        """What the table enters as it is, each nation's (the rules judge it; the random player draws its own):
        a nation joining or corrected before its first turn, a turn, a roll, a withdrawal, the areas, a revolt,
        a battle begun, the dice of a dice file opened with the chart."""
        out = [Move({"type": "nation"}, NATION_GIVEN, weight=0.0)]
        # a combat roll is a volley of the battle being fought, its dice one per unit firing (its step, below);
        # a log of rules version 1 or 2 rolls for combat with no battle, as it was played
        purposes = [p for p in PURPOSES if p != "combat" or (state.version < 3 and (state.battle is None or state.battle.over))]
        for n in state.chart.nations:
            who, name = n.who, n.name
            if not n.turns:
                out.append(Move({"type": "nation-edit"}, NATION_GIVEN, weight=0.0))
            else:
                out.append(Move({"type": "withdraw", "nation": name}, (Given("why", optional=True),), who, 0.0))
            out += [Move({"type": "turn", "nation": name}, (Given("turn"),), who, 0.0),
                    *(Move({"type": "roll", "nation": name, "purpose": p}, ROLL_GIVEN, who, 0.0) for p in purposes),
                    Move({"type": "areas", "nation": name}, (Given("areas"),), who, 0.0),
                    Move({"type": "revolt", "nation": name}, REVOLT_GIVEN, who, 0.0)]
            if state.battle is None or state.battle.over:
                out.append(Move({"type": "battle", "nation": name}, BATTLE_GIVEN, who, 0.0))
        if not state.rolls:
            out.append(Move({"type": "kept-dice"}, (Given("rolls"), Given("unplayed", optional=True)), weight=0.0))
        return [m for m in out if seat is None or m.seat == seat] if not state.over and state.started else []

    def _battle_steps(self, state: ChartGame) -> list[Move]:
        """The step the battle being fought waits for (12.0.8): a volley, a side's losses, a retreat."""
        b = state.battle
        if b is None or b.over:
            return []
        n = state.chart.nation(b.nation)
        who = n.who if n is not None else None
        out: list[Move] = []
        if b.firing is not None:
            k = b.dice_due
            out.append(Move({"type": "roll", "nation": b.nation, "purpose": "combat", "by": "table"},
                            (Field("dice", 1, 10, length=(k, k)),), who, 3.0))
            # as the table enters them: a 0 is a ten, and the app may roll them
            out.append(Move({"type": "roll", "nation": b.nation, "purpose": "combat"},
                            (Field("dice", 0, 10, length=(k, k)), Given("by", optional=True)), who, 0.0))
        if b.choosing is not None:
            out.append(Move({"type": "retreat", "nation": b.nation}, seat=who, weight=0.5))
        if b.losing is not None:
            choices = loss_choices(b.side(b.losing), b.hits_due)
            out += [Move({"type": "losses", "nation": b.nation, "units": c}, seat=who, weight=3.0 / len(choices))
                    for c in choices]
        return out

    def _nations(self, state: ChartGame, playing: int) -> list[Move]:
        if playing >= 6:
            return []
        taken = {n.name for n in state.chart.nations}
        turn = state.game_turn + (1 if state.chart.nations else 0)
        out = []
        if not state.chart.nations:
            out += [Move({"type": "nation", "name": name, "kind": kind, "player": p, **keys}, seat=p)
                    for name, kind, keys in ROMANS for p in PLAYERS]
        free = [b for b in BARBARIANS if b not in taken][:2]
        out += [Move({"type": "nation", "name": b, "kind": "other", "player": p, "enters": max(1, turn)}, seat=p)
                for b in free for p in PLAYERS]
        share = 0.5 if not playing else 0.1
        out = [m for m in out if _legal(state, m.action)]
        # a nation is added on the tablet, never from a player's phone (seats.check_seat): no seat
        return [Move(m.action, weight=share / len(out)) for m in out] if out else []

    def _turns(self, state: ChartGame, name: str) -> list[Move]:
        o = offer(state, name)
        if o.draft is None:
            return []
        n = state.chart.nation(name)
        out = []
        for status, _ in o.statuses:
            a = {"type": "turn", "nation": name, "turn": o.draft.with_status(status).turn()}
            if _legal(state, a):
                out.append(Move(a, seat=n.who if n else None))
        from .randomplay import drawn_turn  # the table's numbers entered as a player would, drawn from the state alone

        drawn = drawn_turn(state, name, random.Random(repr((name, state.game_turn, len(state.rolls), len(state.chart.nations)))))
        if drawn is not None and all(m.action != drawn for m in out):
            out.append(Move(drawn, seat=n.who if n else None, weight=2.0))
        return out

    def outcome(self, state: ChartGame) -> Outcome | None:
        if not state.over:
            return None
        r = state.result
        scores = {p.name: vp(p.vp_total) for p in r.players}
        pad = {p.name: {"total": vp(p.vp_total),
                        "nation_lines": [{"text": n, "vp": vp(r.nation(n).vp_total)} for n in p.nations]}
               for p in r.players}
        who = " and ".join(state.winners)
        sentence = f"{who} won." if who else "The game was ended unfinished: nobody reached the goal."
        from .chart import fraction_text
        from .view import player_colours

        return Outcome(winners=tuple(state.winners), scores=scores, pad=pad, sentence=sentence, title=state.title,
                       extra={"vp_exact": {p.name: fraction_text(p.vp_total) for p in r.players},
                              "colours": player_colours(r)},  # History draws each player as the leader board does
                       kept=bool(r.players))  # a game ended before any nation's turn has nothing to keep

    def news(self, before: ChartGame, action: dict, after: ChartGame, seat: Any = None) -> list[str]:
        """A nation's turn recorded (its status), a roll, a nation joining or withdrawn, the revolt procedure,
        a new game turn, the goal reached; the chart is open to every player, so nothing is secret."""
        from .seats import possessive

        kind, name = action.get("type"), str(action.get("nation") or action.get("name") or "")
        out: list[str] = []
        if kind == "turn":
            n = after.chart.nation(name)
            k = len(n.turns) if n is not None else 0
            status = n.turns[-1].status if n is not None and n.turns else ""
            out.append(f"{possessive(name)} turn {k} is recorded" + (f": status {status}." if status else "."))
        elif kind == "roll":
            dice = ", ".join(map(str, action.get("dice") or ()))
            out.append(f"A {action.get('purpose') or 'die'} roll for {name}: {dice}.")
        elif kind == "nation":
            out.append(f"{name} joins the game, played by {action.get('player')}.")
        elif kind == "withdraw":
            out.append(f"{name} is withdrawn from the game.")
        elif kind == "revolt":
            out.append(f"{possessive(name)} revolt procedure is recorded.")
        if after.game_turn != before.game_turn and after.started and before.played.nations:
            out.append(f"Game turn {after.game_turn} begins.")
        if after.winners and not before.winners:
            out.append(f"{' and '.join(after.winners)} reached the goal.")
        return out

    def other_seat_sentence(self, state: ChartGame, action: Any, seat: Any, player: Any) -> str:
        return (f"{seat}'s phone records {seat}'s nations only; {action.get('nation')} is {player}'s "
                "(on the tablet or on their own phone).")

    def actor(self, state: ChartGame, action: dict) -> Any:
        if action.get("type") in ("turn", "roll", "withdraw", "areas", "revolt", "battle", "losses", "retreat"):
            n = state.chart.nation(action.get("nation")) if isinstance(action.get("nation"), str) else None
            return n.who if n is not None else None
        return None


def battles(nation: str, who: str | None) -> list[Move]:
    """Battles a nation may start (12.0.8 step 1), rarely: the random player's (:func:`battle.sample_battles`)."""
    return [Move(a, seat=who, weight=0.05) for a in sample_battles(nation)]


CONTRACTS = {"chart": Rome1989Contract()}
