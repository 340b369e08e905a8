"""A board being entered by taps (pure): caverns added per Domain, Gates and Great Halls tapped on the caverns.

The Board screen keeps one :class:`BoardDraft` and draws it after every tap; each change is checked as it is
made (a cavern a Great Hall touches cannot be removed), so the table learns of a mistake at the tap that
made it, next to it. :meth:`BoardDraft.board` gives the ``mountain-king/board`` it becomes.

Caverns are numbered in each Domain as the picture draws them: cavern 1 nearest the volcano at the Domain's
edge that comes first going clockwise from Moss, the count going clockwise along a row, then outward.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import IllegalAction
from .board import Board, BoardCavern
from .board import parse as parse_board
from .numbers import numbers

MOST_CAVERNS = 12  # a Domain's caverns on the Board screen's stepper
NUMBERING = ("In each Domain, cavern 1 is the one nearest the volcano at the Domain's edge that comes first going "
             "clockwise from Moss; the count goes clockwise along the row, then outward, as the picture shows.")


def cavern_id(domain: str, k: int) -> str:
    return f"{domain}-{k}"


@dataclass(frozen=True)
class BoardDraft:
    side: str
    counts: dict[str, int]
    gates: frozenset[str] = frozenset()
    halls: tuple[tuple[str, ...], ...] = ()
    hall: int | None = None  # the Great Hall being made (its index), None: taps mark Gates (or Lairs)
    placeholder: bool = False
    about: dict[str, str] = field(default_factory=dict)
    lairs: tuple[tuple[str, ...], ...] = ()  # the pairs of Lair spaces, each by the cavern it is beside (one while made)
    marking_lairs: bool = False  # taps mark Lair spaces

    @classmethod
    def of(cls, board: Board) -> BoardDraft:
        counts = {d: len(board.of(d)) for d in numbers().domains}
        return cls(board.side, counts, frozenset(c.id for c in board.caverns if c.gate), tuple(board.great_halls),
                   None, board.placeholder, lairs=tuple(board.lairs))

    def ids(self, domain: str) -> tuple[str, ...]:
        return tuple(cavern_id(domain, k) for k in range(1, self.counts.get(domain, 0) + 1))

    def count(self, domain: str, n: int) -> BoardDraft:
        """The Domain has ``n`` caverns; refused while a Great Hall touches one that would go."""
        if not 1 <= n <= MOST_CAVERNS:
            raise IllegalAction(f"A Domain has 1 to {MOST_CAVERNS} caverns on this screen, not {n}.", rule="board-caverns")
        gone = set(self.ids(domain)) - {cavern_id(domain, k) for k in range(1, n + 1)}
        for i, h in enumerate(self.halls):
            hit = sorted(gone & set(h))
            if hit:
                raise IllegalAction(f"Great Hall H{i + 1} touches {hit[0]}: tap it out of H{i + 1} before removing the cavern.",
                                    rule="board-hall-cavern")
        for i, pair in enumerate(self.lairs):
            hit = sorted(gone & set(pair))
            if hit:
                raise IllegalAction(f"A Lair space of L{i + 1} is beside {hit[0]}: tap it off (Taps mark: Lairs) before removing the cavern.",
                                    rule="board-lair")
        return replace(self, counts={**self.counts, domain: n}, gates=self.gates - gone, placeholder=False)

    def tap(self, cid: str) -> BoardDraft:
        """A tap on a cavern: a Gate on or off, (while a Great Hall is being made) in or out of that Hall, or
        (while Lairs are marked) a Lair space beside it or not."""
        if not any(cid in self.ids(d) for d in numbers().domains):
            raise IllegalAction(f"The board has no cavern {cid!r}.", rule="unknown-cavern")
        if self.marking_lairs:
            return self._lair(cid)
        if self.hall is None:
            return replace(self, gates=self.gates ^ {cid}, placeholder=False)
        h = self.halls[self.hall]
        h = tuple(c for c in h if c != cid) if cid in h else h + (cid,)
        return replace(self, halls=self.halls[: self.hall] + (h,) + self.halls[self.hall + 1 :], placeholder=False)

    def _lair(self, cid: str) -> BoardDraft:
        """A Lair space beside ``cid`` taken off, or put in the pair still lacking its second space (else a new pair)."""
        for i, pair in enumerate(self.lairs):
            if cid in pair:
                left = tuple(c for c in pair if c != cid)
                lairs = self.lairs[:i] + ((left,) if left else ()) + self.lairs[i + 1 :]
                return replace(self, lairs=lairs, placeholder=False)
        open_ = next((i for i, pair in enumerate(self.lairs) if len(pair) < 2), None)
        if open_ is None:
            return replace(self, lairs=self.lairs + ((cid,),), placeholder=False)
        lairs = self.lairs[:open_] + (self.lairs[open_] + (cid,),) + self.lairs[open_ + 1 :]
        return replace(self, lairs=lairs, placeholder=False)

    def new_hall(self) -> BoardDraft:
        return replace(self, halls=self.halls + ((),), hall=len(self.halls), placeholder=False, marking_lairs=False)

    def choose(self, hall: int | None) -> BoardDraft:
        """Taps go to Great Hall ``hall`` (an index), or mark Gates (None)."""
        if hall is not None and not 0 <= hall < len(self.halls):
            raise IllegalAction(f"There is no Great Hall H{hall + 1}.", rule="hall-count")
        return replace(self, hall=hall, marking_lairs=False)

    def choose_lairs(self) -> BoardDraft:
        """Taps mark Lair spaces: two taps make a pair ("pairs are marked with matching glyphs")."""
        return replace(self, hall=None, marking_lairs=True)

    def remove_hall(self) -> BoardDraft:
        if self.hall is None:
            raise IllegalAction("Choose the Great Hall to remove first.", rule="hall-count")
        halls = self.halls[: self.hall] + self.halls[self.hall + 1 :]
        return replace(self, halls=halls, hall=None, placeholder=False)

    def drawn(self) -> Board:
        """The board as the picture draws it now (a Hall with no cavern yet is not drawn)."""
        caverns = tuple(BoardCavern(c, d, c in self.gates) for d in numbers().domains for c in self.ids(d))
        lairs = tuple((p[0], p[1]) for p in self.lairs if len(p) == 2)
        return Board(self.side, caverns, tuple(h for h in self.halls if h), self.placeholder, lairs)

    def half_lairs(self) -> tuple[tuple[int, str], ...]:
        """The Lair spaces still waiting for their pair's second space: (pair index, the cavern beside it)."""
        return tuple((i, p[0]) for i, p in enumerate(self.lairs) if len(p) == 1)

    def board(self) -> Board:
        """The board file this draft is: checked as a saved one is (a Hall touching no cavern is refused, and a
        Lair pair with one space)."""
        doc = {**self.drawn().to_dict(), "great_halls": [list(h) for h in self.halls]}
        if self.lairs:
            doc["lairs"] = [list(p) for p in self.lairs]
        return parse_board(doc)
