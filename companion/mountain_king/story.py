"""Each action of a game's log as a sentence a player reads (what was done, and what Undo takes back).

:func:`sentence` is pure: the action and the state it was applied to (so the Honour of a tap is the one it
gave). The screens say it after a tap, and "Took back: …" after an Undo.
"""

from __future__ import annotations

from typing import Any

from ..errors import CompanionError
from .end_of_wave import OUTSIDER, plural
from .game import ROMAN, State, as_before, cavern_name, honour_of, rest_of_domain
from .numbers import numbers
from .taps import contents_words

Action = dict[str, Any]


def _clan(clan: Any) -> str:
    return numbers().domain_names.get(str(clan), str(clan))


def _cavern(a: Action) -> str:
    where = cavern_name(a.get("cavern"))
    fixed = " (corrected)" if a.get("again") else ""
    if a.get("type") == "control":
        if a.get("overrun"):
            return f"{where} is overrun by Gnomes{fixed}."
        who = a.get("controller")
        return f"{where}: {who} controls it{fixed}." if who else f"{where}: nobody controls it{fixed}."
    trolls = {p: k for p, k in (a.get("trolls") or {}).items() if k}
    gnomes = a.get("gnomes") or 0
    if gnomes:
        return f"{where}: {plural(gnomes, 'Gnome')}{fixed}."
    if not trolls:
        return f"{where} is empty{fixed}."
    return f"{where}: " + ", ".join(f"{p} {plural(k, 'Troll')}" for p, k in trolls.items()) + f"{fixed}."


def _last_wave(state: State) -> str:
    return f"as at the end of Wave {ROMAN.get(state.wave - 1, state.wave - 1)}"


def _rest(state: State, a: Action) -> str:
    cid = a.get("cavern")
    rest = rest_of_domain(state, cid) if isinstance(cid, str) and state.board is not None and cid in state.board.ids else ()
    before = a.get("as") == "before"
    if not rest:
        how = _last_wave(state) if before else "nobody controls them"
        return f"{cavern_name(cid)} and the rest of its Domain: {how}."
    names = [cavern_name(c) for c in rest]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if before:
        return f"{listed}: {_last_wave(state)} (the rest of the Domain)."
    return f"{listed}: nobody controls {'it' if len(names) == 1 else 'them'} (the rest of the Domain, empty)."


def _as_before(state: State, a: Action) -> str:
    cid = a.get("cavern")
    fixed = " (corrected)" if a.get("again") else ""
    if state.board is None or cid not in state.board.ids:
        return f"{cavern_name(cid)}: {_last_wave(state)}{fixed}."
    return f"{cavern_name(cid)} {_last_wave(state)}: {contents_words(as_before(state, cid))}{fixed}."


def _step(state: State, a: Action) -> str:
    step = a.get("step")
    if step == "entrenchment":
        return f"Entrenchment is done: invasion 1 of {state.invasions}."
    if step == "invasion":
        k = a.get("invasion")
        then = f"invasion {k + 1} of {state.invasions}" if isinstance(k, int) and k < state.invasions else "Award Champions"
        return f"Invasion {k} of {state.invasions} is over: {then}."
    return "The Champions left drew no Influence: Score the Wave."


def _champion(state: State, a: Action) -> str:
    k, clan, votes = a.get("champion"), a.get("clan"), a.get("votes") or 0
    track = a.get("track") or []
    if not track:
        return f"Champion {k} drew no Influence: it is discarded."
    lead = sorted(range(len(track)), key=lambda i: (-track[i][1], i))
    victor = track[lead[0]][0]
    into = _clan(a.get("wild")) if clan == OUTSIDER else _clan(clan)
    wild = " (Wild, from an Outsider)" if clan == OUTSIDER else ""
    rest = [track[i][0] for i in lead[1:]]
    then = (f"; {rest[0]} chooses a consolation" if len(rest) == 1
            else f"; {', '.join(rest)} choose a consolation, in that order" if rest else "")
    return f"Champion {k}: {victor} is the victor and gains {plural(votes, into + ' Vote')}{wild}{then}."


def _consolation(state: State, a: Action) -> str:
    p, k = a.get("player"), a.get("champion")
    if a.get("choice") == "vote":
        champ = state.champions[-1] if state.champions else None
        clan = a.get("clan") if champ is None or champ.clan == OUTSIDER else champ.clan
        return f"{p} takes 1 {_clan(clan)} Vote as Champion {k}'s consolation."
    lines = a.get("lines") or 0
    return f"{p} takes {lines} Honour ({plural(lines, 'yellow line')}) as Champion {k}'s consolation."


def _supply(a: Action) -> str:
    n = numbers()
    total = (a.get("base") or 0) + min(a.get("symbols") or 0, n.most_supply_symbols) + (a.get("wild_pairs") or 0)
    desp = a.get("desperation") or 0
    return f"{a.get('player')}'s supplies are set: {total}" + (f", with {plural(desp, 'Desperation token')}." if desp else ".")


def _domain(a: Action) -> str:
    """A Domain at once in words, e.g. 'Hammer at once: Blue controls 1 cavern, Yellow controls 2 caverns, 1 cavern overrun.'"""
    name = _clan(a.get("domain"))
    controlled = a.get("controlled") if isinstance(a.get("controlled"), dict) else {}
    parts = [f"{p} controls {plural(k, 'cavern')}" for p, k in controlled.items() if isinstance(k, int) and k > 0]
    if isinstance(a.get("overrun"), int) and a["overrun"] > 0:
        parts.append(f"{plural(a['overrun'], 'cavern')} overrun")
    fixed = " (corrected)" if a.get("again") else ""
    return f"{name} at once{fixed}: {', '.join(parts) if parts else 'nobody controls any cavern, none overrun'}."


def sentence(action: Action, state: State) -> str:
    """The action, applied to ``state``, in one sentence."""
    t = action.get("type")
    p = action.get("player")
    if t == "honour":
        try:
            honour, label = honour_of(state, action)
        except CompanionError:
            return f"{p}: Honour."
        return f"{p} gains {honour} Honour: {label}."
    if t == "fall":
        if action.get("breach"):
            return f"{p}'s Troll falls in a Breach: no Honour."
        first = bool(state.falls) and not state.falls[-1]
        from .end_of_wave import fallen_score

        honour = fallen_score(state.wave, len(state.falls[-1]) if state.falls else 0)
        how = "the First Fallen score" if first else "a later Troll of the invasion"
        return f"{p}'s Troll falls in invasion {action.get('invasion')} of {state.invasions}: {honour} Honour ({how})."
    if t == "votes":
        return f"{p} gains {plural(action.get('votes') or 0, _clan(action.get('clan')) + ' Vote')}."
    if t in ("cavern", "control"):
        return _cavern(action)
    if t == "rest":
        return _rest(state, action)
    if t == "as-before":
        return _as_before(state, action)
    if t == "domain":
        return _domain(action)
    if t == "elders":
        return f"{p} has {plural(action.get('elders') or 0, 'Elder symbol')}."
    if t == "supply":
        return _supply(action)
    if t == "tiles":
        tiles = action.get("tiles") or {}
        if len(tiles) == 1:
            ((clan, tile),) = tiles.items()
            return f"The {_clan(clan)} Vote tile is {'/'.join(map(str, tile))}."
        return "The Vote tiles are set: " + ", ".join(f"{_clan(c)} {'/'.join(map(str, v))}" for c, v in tiles.items()) + "."
    if t == "halls":
        return "The Great Hall tokens are set: " + ", ".join(map(str, action.get("values") or ())) + "."
    if t == "hall":
        return f"Great Hall {action.get('hall')} is worth {action.get('value')} Honour."
    if t == "wave-over":
        return f"Wave {ROMAN[state.wave]} is over: Entrenchment, then the invasions."
    if t == "end-wave":
        return f"Wave {ROMAN[state.wave]} is over: Score the Wave."
    if t == "step-done":
        return _step(state, action)
    if t == "champion":
        return _champion(state, action)
    if t == "consolation":
        return _consolation(state, action)
    if t == "invasion":
        return "A new invasion begins."
    if t == "breach":
        return "A Breach begins."
    if t == "score-wave":
        return f"Wave {ROMAN[state.wave]} is scored."
    if t == "board":
        return "The game is played on the table's board."
    if t == "setup":
        return f"A new game for {', '.join(action.get('players') or ())}."
    return f"{t}."
