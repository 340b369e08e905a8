"""The End of the Wave as the rulebook orders it, in pure Python: the invasions' Fallen Trolls and the Champions.

"Once all players have run out of Supplies, the Wave is over. Follow these steps in order: Entrenchment,
Invasions, Award Champions, Score the Wave." Then Refresh. The game's log walks these steps one action at a
time (``companion.mountain_king.game``); what each step gives is here:

* :func:`fallen_score`: the Honour of the k-th Troll to fall in one invasion ("The first Troll to fall in
  each invasion … earns the First Fallen score of this Wave. All subsequent Trolls that fall during the
  invasion gain 2 Honour."), so the order of falls is all an invasion's Honour depends on.
* :class:`Champion`: one Champion of the display with the Influence markers on its track; its
  :meth:`~Champion.lead` orders them ("if two markers are in the same spot, the marker on the bottom of the
  stack (signifying that it was there earlier) is in the lead"), the first is the victor, the others choose
  their consolation in that order.
* :func:`end_honour`: the Honour of a whole End of the Wave from the falls and the consolations alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from .numbers import numbers

STEPS = ("entrenchment", "invasions", "champions")
STEP_NAMES = {"entrenchment": "Entrenchment", "invasions": "Invasions", "champions": "Award Champions"}
OUTSIDER = "outsider"


def fallen_score(wave: int, k: int) -> int:
    """The Honour of the ``k``-th Troll (from 0) to fall in one invasion of Wave ``wave``."""
    n = numbers()
    return n.first_fallen[wave] if k == 0 else n.later_fallen


@dataclass(frozen=True)
class Champion:
    """One Champion of the display: its Clan (or ``outsider``), the Votes on its card, and the Influence
    markers on its track in the order they arrived (``(player, influence)``)."""

    number: int
    clan: str
    votes: int
    track: tuple[tuple[str, int], ...]
    wild: str | None = None  # the Clan an Outsider's Votes are applied to

    def lead(self) -> tuple[str, ...]:
        """The markers from the lead down: most Influence first; on one spot, the earlier arrival."""
        order = sorted(range(len(self.track)), key=lambda i: (-self.track[i][1], i))
        return tuple(self.track[i][0] for i in order)

    @property
    def victor(self) -> str | None:
        lead = self.lead()
        return lead[0] if lead else None

    @property
    def contenders(self) -> tuple[str, ...]:
        """The other players with a marker on the card, in the order they choose their consolation."""
        return self.lead()[1:]

    @property
    def votes_clan(self) -> str | None:
        """The Clan the victor's Votes go to: the Champion's, or the one named for an Outsider's Wild Votes."""
        return self.wild if self.clan == OUTSIDER else self.clan

    @property
    def name(self) -> str:
        clan = "an Outsider" if self.clan == OUTSIDER else numbers().domain_names[self.clan]
        return f"Champion {self.number} ({clan})"


def end_honour(wave: int, falls: tuple[tuple[str, ...], ...], consolations: tuple[tuple[str, int], ...]) -> dict[str, int]:
    """The Honour each player gains at the End of the Wave: each invasion's falls in order, and each
    consolation taken as Honour (``(player, yellow lines passed)``)."""
    out: dict[str, int] = {}
    for invasion in falls:
        for k, p in enumerate(invasion):
            out[p] = out.get(p, 0) + fallen_score(wave, k)
    for p, lines in consolations:
        out[p] = out.get(p, 0) + lines
    return out


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 Vote``, ``2 Votes``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
