"""What each button on the screens means, in pure Python: Honour taps with their number, the scoring walk.

The screens draw these offers and send their actions to the log; nothing here knows a widget.

* :func:`honour_offers`: one :class:`Offer` per source of Honour for a player, each with the Honour it
  gives now and the action to send (the First Fallen score follows the Wave and the invasion).
* :func:`walk_step`: where the scoring walk of a Wave stands: the next cavern (Domain by Domain from Moss
  clockwise in Waves I–II; the caverns around the Great Halls in Wave III), and the fast-path offers for
  it (each player as its controller, overrun, nobody).
* :func:`cavern_action`: the cavern-by-cavern tap: Trolls per player and Gnomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .end_of_wave import OUTSIDER, fallen_score, plural
from .game import ROMAN, State, as_before, domain_caverns, rest_of_domain
from .numbers import numbers

Action = dict[str, Any]


@dataclass(frozen=True)
class Offer:
    """One button: its words, the Honour it gives (None: not Honour), and the action it sends."""

    label: str
    action: Action
    honour: int | None = None

    @property
    def text(self) -> str:
        return f"{self.label}: +{self.honour}" if self.honour is not None else self.label


def honour_offers(state: State, player: str, *, strength: int = 1, spaces: int = 1,
                  boost: int | None = None, amount: int = 1) -> list[Offer]:
    """Every source of Honour for ``player`` during the Battle, with the numbers the screen's steppers hold (a
    Champion's consolation is chosen at Award Champions, once: it is not offered here)."""
    b = state.boost.get(player, 0) if boost is None else boost
    base = {"type": "honour", "player": player}
    return [
        Offer("Troll fallen in a Breach", {"type": "fall", "player": player, "breach": True}, numbers().breach_fallen),
        Offer(f"Defeated Gnomes (strength {strength})", {**base, "source": "gnomes", "strength": strength}, strength),
        Offer(f"Gnome Wheel: Gain Honour ({spaces} + Boost {b})", {**base, "source": "wheel", "spaces": spaces, "boost": b}, spaces + b),
        Offer("Champion ability", {**base, "source": "champion", "amount": amount}, amount),
    ]


def fall_offers(state: State) -> list[Offer]:
    """During an invasion: a Troll of each player falls, with the Honour it earns there (the invasion's
    First Fallen score for the first, 2 for each later one); each tap names the invasion it answers."""
    if state.end != "invasions":
        return []
    k = len(state.falls)
    honour = fallen_score(state.wave, len(state.falls[-1]))
    return [Offer(f"{p}'s Troll falls", {"type": "fall", "player": p, "invasion": k}, honour) for p in state.players]


def invasion_done(state: State) -> Offer:
    k = len(state.falls)
    then = "next invasion" if k < state.invasions else "Award Champions"
    return Offer(f"Invasion {k} of {state.invasions} is over: {then}", {"type": "step-done", "step": "invasion", "invasion": k})


def consolation_offers(state: State, most_lines: int = 6) -> list[Offer]:
    """The next contender's choice: one Vote in the Champion's Clan (for an Outsider, in a Clan of their
    choice), or Honour for the yellow lines their disc passed (0 to ``most_lines``). One or the other."""
    if not state.pending:
        return []
    champ, p = state.champions[-1], state.pending[0]
    base = {"type": "consolation", "champion": champ.number, "player": p}
    n = numbers()
    if champ.clan == OUTSIDER:
        votes = [Offer(f"1 {n.domain_names[d]} Vote", {**base, "choice": "vote", "clan": d}) for d in n.domains]
    else:
        votes = [Offer(f"1 {n.domain_names[champ.clan]} Vote", {**base, "choice": "vote"})]
    honour = [Offer(f"Honour: {plural(k, 'yellow line')}", {**base, "choice": "honour", "lines": k}, k) for k in range(most_lines + 1)]
    return votes + honour


def vote_offer(player: str, clan: str, votes: int = 1, source: str = "seize") -> Offer:
    name = numbers().domain_names[clan]
    return Offer(f"{player}: +{plural(votes, name + ' Vote')}",
                 {"type": "votes", "player": player, "clan": clan, "votes": votes, "source": source})


@dataclass(frozen=True)
class WalkStep:
    """Where the scoring walk stands: the next cavern to enter (None: all entered) and its offers."""

    wave: int
    cavern: str | None
    domain: str | None
    entered: int
    to_enter: int
    fast: tuple[Offer, ...]
    dominated: tuple[Offer, ...] = ()  # cavern by cavern: only one player's Trolls here, one tap for player and count
    rest: Offer | None = None  # the cavern asked and the rest of its Domain not entered: empty, one tap
    before: Offer | None = None  # the cavern as the last Wave scored it (Waves II and III), one tap
    rest_before: Offer | None = None  # the cavern asked and the rest of its Domain as the last Wave scored them
    at_once: Offer | None = None  # Waves I–II: the Domain of the cavern asked at once (its counts: the table's)
    tallied: bool = False  # the cavern asked is of a Domain entered at once: the rules correct it at once only

    @property
    def done(self) -> bool:
        return self.cavern is None

    @property
    def prompt(self) -> str:
        if self.cavern is None:
            return f"Every cavern is entered ({self.entered}); tap Score Wave {ROMAN[self.wave]}."
        where = numbers().domain_names[self.domain] if self.domain else ""
        return f"{where}: who controls {self.cavern}? ({self.entered + 1} of {self.to_enter})"


def walk_order(state: State) -> tuple[str, ...]:
    """The caverns in the walk's order: Domain by Domain from Moss clockwise, each in board order."""
    if state.board is None:
        return ()
    wanted = set(state.caverns_to_enter())
    return tuple(c.id for d in numbers().domains for c in state.board.of(d) if c.id in wanted)


def walk_step(state: State, asked: str | None = None) -> WalkStep:
    """The next cavern not entered, or ``asked`` (a cavern tapped to correct it): its offers carry the cavern
    they answer, and a correction says so (``again``), so a second quick tap is refused, not recorded twice."""
    order = walk_order(state)
    left = [c for c in order if c not in state.walk]
    cid = asked if asked in order else left[0] if left else None
    domain = state.board.cavern(cid).domain if cid and state.board else None
    fast: tuple[Offer, ...] = ()
    dominated: tuple[Offer, ...] = ()
    rest = before = rest_before = at_once = None
    if cid is not None:
        again = {"again": True} if cid in state.walk else {}
        fast = tuple(Offer(p, {"type": "control", "cavern": cid, "controller": p, **again}) for p in state.players) + (
            Offer("Overrun (Gnomes)", {"type": "control", "cavern": cid, "overrun": True, **again}),
            Offer("Nobody (empty or tied)", {"type": "control", "cavern": cid, **again}),
        )
        dominated = tuple(Offer(f"{p} {k}", cavern_action(cid, {p: k}, again=bool(again)))
                          for p in state.players for k in range(1, DOMINATED_COUNTS + 1))
        rest = rest_offer(state, cid) if not again else None
        if cid in state.last_walk:  # not a cavern of a Domain the last Wave entered at once
            before = Offer(f"As at the end of Wave {ROMAN[state.wave - 1]}: {contents_words(as_before(state, cid))}",
                           {"type": "as-before", "cavern": cid, **again})
            rest_before = rest_offer(state, cid, before=True) if not again else None
        at_once = at_once_offer(state, domain) if domain is not None else None
    return WalkStep(state.wave, cid, domain, len(order) - len(left), len(order), fast, dominated, rest, before, rest_before,
                    at_once, domain in state.tallied)


def at_once_offer(state: State, domain: str) -> Offer | None:
    """A Domain at once (Waves I–II): the action without its counts (``controlled``, ``overrun``: the table's
    taps), a correction when any of its caverns is entered."""
    if state.wave == 3:
        return None
    ids = domain_caverns(state, domain)
    again = {"again": True} if any(c in state.walk for c in ids) else {}
    name = numbers().domain_names[domain]
    return Offer(f"Enter {name} at once ({plural(len(ids), 'cavern')})", {"type": "domain", "domain": domain, **again})


def contents_words(c) -> str:
    """A cavern's contents in a few words: "Blue 2, Pink 1", "2 Gnomes", "empty"."""
    if c.gnomes:
        return plural(c.gnomes, "Gnome")
    return ", ".join(f"{p} {k}" for p, k in c.trolls.items() if k) or "empty"


DOMINATED_COUNTS = 4  # "Only Blue: 1 … 4" on the cavern-by-cavern path; more Trolls are counted on the steppers


def rest_offer(state: State, cid: str, before: bool = False) -> Offer | None:
    """One tap for the cavern asked and the rest of its Domain not entered yet (when more than one): all empty, or
    (``before``) each as the last Wave scored it."""
    rest = rest_of_domain(state, cid)
    if len(rest) < 2 or state.board is None or (before and any(c not in state.last_walk for c in rest)):
        return None
    name = numbers().domain_names[state.board.cavern(cid).domain]
    if before:
        return Offer(f"The rest of {name} as at the end of Wave {ROMAN[state.wave - 1]} ({plural(len(rest), 'cavern')})",
                     {"type": "rest", "cavern": cid, "as": "before"})
    return Offer(f"Nobody controls the rest of {name} ({plural(len(rest), 'cavern')})", {"type": "rest", "cavern": cid})


def cavern_action(cavern: str, trolls: dict[str, int], gnomes: int = 0, again: bool = False) -> Action:
    """The cavern-by-cavern entry: each player's Trolls (Champion pawns count one) and the Gnome tokens."""
    return {"type": "cavern", "cavern": cavern, "trolls": {p: n for p, n in trolls.items() if n}, "gnomes": gnomes,
            **({"again": True} if again else {})}


def fast_path_taps(state: State) -> int:
    """Taps to score this Wave by the fast path: one per cavern, then Score the Wave."""
    return len(walk_order(state)) + 1


def cavern_taps(trolls: dict[str, int], gnomes: int) -> int:
    """Taps to enter one cavern cavern by cavern: one per Troll or Gnome counted (a stepper's +), then Enter."""
    return sum(trolls.values()) + gnomes + 1


PLACES = ("1st", "2nd", "3rd")


@dataclass(frozen=True)
class TilePick:
    """One value a Vote tile's next place may show: the tile picked so far with it, and, once all three places
    are picked, the log's ``tiles`` action for that Clan (None before)."""

    label: str
    picked: tuple[int, ...]
    action: Action | None


def tile_offers(clan: str, picked: tuple[int, ...] = ()) -> tuple[TilePick, ...]:
    """A Clan's Vote tile picked place by place, as it lies face up on its plank: the values the next place may
    show, from 0 up to the place before ("the displayed amount of Honour for 1st, 2nd, and 3rd place"); the
    third place's pick is the log's ``tiles`` action for that Clan."""
    if len(picked) >= len(PLACES):
        return ()
    most = picked[-1] if picked else numbers().vote_tile_most
    out = []
    for v in range(most + 1):
        tile = (*picked, v)
        out.append(TilePick(str(v), tile, {"type": "tiles", "tiles": {clan: list(tile)}} if len(tile) == len(PLACES) else None))
    return tuple(out)


def tile_prompt(clan: str, picked: tuple[int, ...]) -> str:
    """What the row of values asks: "Moss tile, 2nd place (1st: 9):"."""
    name = numbers().domain_names[clan]
    so_far = ", ".join(f"{PLACES[i]}: {v}" for i, v in enumerate(picked))
    return f"{name} Vote tile, {PLACES[min(len(picked), 2)]} place" + (f" ({so_far})" if so_far else "")


def next_tile_clan(state: State, after: str | None = None) -> str | None:
    """The next Clan from the top of the Clan board (after ``after``) whose Vote tile is not entered yet."""
    domains = numbers().domains
    start = domains.index(after) + 1 if after in domains else 0
    for d in domains[start:] + domains[:start]:
        if d not in state.tiles:
            return d
    return None
