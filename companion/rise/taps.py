"""Taps on the Rise! board turned into actions: tap a Worker, then its target (pure Python).

Modes (one per button on the screen):

* ``play`` (the usual one): tap a free tile next to one of your Workers to place a Worker; tap
  one of your Workers, then a lit tile to move it or a lit enemy Worker to jump it;
* ``tile``: tap an empty space beside the land to place a land tile;
* ``eliminate`` / ``free-place``: tap two of your Workers to sacrifice, then the enemy Worker
  to eliminate / the tile for the new Worker;
* ``remove-tier``: tap one of your Towers.

:meth:`Taps.tap` answers with an action to send to the game log, or with nothing (the selection
changed); a tap the rules refuse is answered with the rule's sentence, by asking the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..hexgrid import Hex
from .game import (
    Action,
    At,
    Position,
    RiseIllegal,
    apply,
    at,
    can_sacrifice,
    check_can_sacrifice,
    free_tiles,
    jump_landing,
    jump_targets,
    move_targets,
    name,
    other,
    place_targets,
    tile_targets,
)

MODES = ("play", "tile", "eliminate", "free-place", "remove-tier")
MODE_NAMES = {
    "play": "Place, move or jump a Worker",
    "tile": "Place a Land Tile",
    "eliminate": "Sacrifice to Eliminate a Worker",
    "free-place": "Sacrifice to Place a Worker Freely",
    "remove-tier": "Remove a Tier from your Tower",
}


@dataclass
class Answer:
    action: Action | None = None
    error: str | None = None
    rule: str | None = None
    note: str | None = None


@dataclass
class Taps:
    mode: str = "play"
    selected: list[Hex] = field(default_factory=list)
    turn: tuple[int, str] | None = None  # the turn the mode and the chosen Workers were chosen in

    def follow(self, p: Position) -> None:
        """A new turn (played here, on another page, by the computer or undone) begins in the usual
        mode with nothing chosen: a mode chosen for one action does not carry over to the next player."""
        now = (p.turn, p.player)
        if self.turn is not None and self.turn != now:
            self.mode = "play"
            self.selected = []
        self.turn = now

    def set_mode(self, mode: str, p: Position | None = None) -> None:
        """Choose ``mode`` for the turn of ``p`` (the position the player saw when choosing it)."""
        if mode not in MODES:
            raise ValueError(mode)
        if p is not None:
            self.follow(p)
        self.mode = mode
        self.selected = []

    def clear(self) -> None:
        self.selected = []

    # --- what to light -------------------------------------------------------------------
    def lit(self, p: Position) -> list[Hex]:
        """The tiles (or empty spaces) a tap may go to next."""
        self.follow(p)
        if p.over:
            return []
        me = p.player
        if self.mode == "tile":
            return tile_targets(p)
        if self.mode == "remove-tier":
            return [t.at for t in p.towers_of(me)]
        if self.mode in ("eliminate", "free-place"):
            if not can_sacrifice(p):
                return []
            if len(self.selected) < 2:
                return sorted(p.of(me) - set(self.selected))
            if self.mode == "eliminate":
                return sorted(p.of(other(me)))
            return free_tiles(p) + list(self.selected)
        if self.selected:
            src = self.selected[0]
            return move_targets(p, src) + [o for o, _ in jump_targets(p, src)]
        return place_targets(p)

    def prompt(self, p: Position) -> str:
        """What the player is asked to tap now."""
        self.follow(p)
        if p.over:
            return "The game is over; undo to play on."
        me = name(p.player)
        if self.mode == "tile":
            return f"{me}: tap an empty space beside the land for the new land tile."
        if self.mode == "remove-tier":
            return f"{me}: tap one of your Towers to remove its top tier."
        if self.mode in ("eliminate", "free-place"):
            if len(self.selected) < 2:
                return f"{me}: tap {'two' if not self.selected else 'one more'} of your Workers to sacrifice."
            if self.mode == "eliminate":
                return f"{me}: tap the enemy Worker to eliminate."
            return f"{me}: tap any unoccupied tile for the new Worker."
        if self.selected:
            return f"{me}: tap a lit tile to move the Worker on {at(self.selected[0])}, or a lit enemy Worker to jump it."
        return f"{me}: tap a lit tile to place a Worker, or tap one of your Workers to move or jump with it."

    # --- a tap ---------------------------------------------------------------------------------
    def tap(self, p: Position, h: Hex) -> Answer:
        self.follow(p)
        if p.over:
            return self._ask(p, {"type": "tile", "at": list(h)})  # the rules' game-over sentence
        me = p.player
        mine = p.of(me)
        if self.mode == "tile":
            return self._ask(p, {"type": "tile", "at": list(h)})
        if self.mode == "remove-tier":
            return self._ask(p, {"type": "remove-tier", "at": list(h)})
        if self.mode in ("eliminate", "free-place"):
            return self._sacrifice(p, h)
        # play
        if self.selected:
            src = self.selected[0]
            if h == src:
                self.selected = []
                return Answer(note=f"The Worker on {at(h)} is no longer chosen.")
            if h in mine:
                self.selected = [h]
                return Answer(note=f"The Worker on {at(h)} is chosen.")
            if p.worker_at(h) == other(me):
                return self._ask(p, {"type": "jump", "from": list(src), "over": list(h)})
            over = jump_landing_of(src, h)
            if over is not None and p.worker_at(over) == other(me):  # the landing tile was tapped
                return self._ask(p, {"type": "jump", "from": list(src), "over": list(over)})
            return self._ask(p, {"type": "move", "from": list(src), "to": list(h)})
        if h in mine:
            self.selected = [h]
            return Answer(note=f"The Worker on {at(h)} is chosen: tap where it goes.")
        if h not in p.tiles:
            return Answer(error=f"{At(h)} has no land tile; to place one, choose {MODE_NAMES['tile']} first.", rule="no-land")
        return self._ask(p, {"type": "place", "at": list(h)})

    def _sacrifice(self, p: Position, h: Hex) -> Answer:
        me = p.player
        if len(self.selected) < 2:
            if h in self.selected:
                self.selected.remove(h)
                return Answer(note=f"The Worker on {at(h)} will not be sacrificed.")
            if h not in p.of(me):
                owner = p.worker_at(h)
                what = "no Worker" if owner is None else f"a {name(owner)} Worker"
                return Answer(error=f"Choose two of {name(me)}'s own Workers to sacrifice first; {at(h)} holds {what}.", rule="not-yours")
            try:
                check_can_sacrifice(p)
            except RiseIllegal as e:
                return Answer(error=e.message, rule=e.rule)
            self.selected.append(h)
            return Answer(note=f"{len(self.selected)} of 2 Workers chosen to sacrifice.")
        pair = [list(x) for x in self.selected]
        if self.mode == "eliminate":
            return self._ask(p, {"type": "eliminate", "sacrifice": pair, "target": list(h)})
        return self._ask(p, {"type": "free-place", "sacrifice": pair, "at": list(h)})

    def _ask(self, p: Position, action: Action) -> Answer:
        """The action if the rules take it, else their sentence (nothing is changed here)."""
        try:
            apply(p, action)
        except RiseIllegal as e:
            return Answer(error=e.message, rule=e.rule)
        self.selected = []
        return Answer(action=action)


def jump_landing_of(src: Hex, land: Hex) -> Hex | None:
    """The jumped tile when ``land`` is two steps from ``src`` in a straight line, else None."""
    dq, dr = land[0] - src[0], land[1] - src[1]
    if (dq, dr) in {(2, 0), (-2, 0), (0, 2), (0, -2), (2, -2), (-2, 2)}:
        over = (src[0] + dq // 2, src[1] + dr // 2)
        assert jump_landing(src, over) == land
        return over
    return None
