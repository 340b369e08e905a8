"""What the table hears: the news of the actions another page made, for one page (the tablet, or a phone's seat).

A page that follows the log replays it when another page committed (``Session.refresh``); the actions it had
not seen are then told in the game's words (``Contract.news``, what each changed for everyone and for that
seat, never a secret its ``view`` hides). The page that made a tap says its own answer and hears nothing of
it: its own actions are never replayed by a refresh. Actions taken back on another page are said as such.
Pure Python: the shell (``companion/ui/follow.py``) puts these sentences in the page's answer slot.
"""

from __future__ import annotations

from typing import Any, Sequence

from .words import plural

#: The most sentences one look tells (a page that was away long hears the last ones).
MOST = 10


def told(contract: Any, seen: Sequence[Any], seen_states: Sequence[Any], applied: Sequence[Any],
         states: Sequence[Any], seat: Any = None) -> list[str]:
    """The news for ``seat`` of the log as replayed now (``applied`` entries, ``states`` one longer) since the
    page last held it (``seen`` entries, ``seen_states``): what was taken back, then each new action's news."""
    same = 0
    for old, new in zip(seen, applied):
        if old.seq != new.seq:
            break
        same += 1
    out: list[str] = []
    back = len(seen) - same
    if back:
        out.append(f"{plural(back, 'action')} taken back on another page.")
    if contract is None:
        return out
    for k in range(same, len(applied)):
        out += of_action(contract, states[k], applied[k].action, states[k + 1], seat)
    return out[-MOST:]


def of_action(contract: Any, before: Any, action: Any, after: Any, seat: Any = None) -> list[str]:
    """What one accepted action changed, for ``seat``: the game's news of it and, when it ended the game, the
    end (announced on every page). The page that made the action says the same to its own table."""
    out = [s for s in contract.news(before, action, after, seat) if s]
    end = contract.outcome(after) if contract.outcome(before) is None else None
    if end is not None and end.kept and end.sentence:
        out.append(end.sentence)
    return out
