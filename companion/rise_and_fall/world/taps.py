"""Taps on the World being built, turned into what is shown and what is placed (pure Python).

Tap a Space: the tile to place now is shown there, on a legal place covering that Space when
there is one (the one with the rotation last chosen first, then the nearest); "Rotate" goes
through the other legal places covering that Space, or turns the tile where no place is legal;
a tap on the tile shown, or "Place", places it. While a Starting Sea is moved, a first tap picks
it up and the next ones show it where it would go. A special area placed on a Space (the
Dolmens, the Typhoon) is placed by the tap itself.

Each of :class:`WorldTaps`'s methods answers with an :class:`Answer`: the action to send to the
World's log (said once the log has it), or a sentence for the screen, and whether the board is
to be drawn again. The World itself is never changed here; the screen sends the action and, once
the log has taken it, calls :meth:`WorldTaps.accepted`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.hexgrid import Hex
from companion.rise_and_fall.world import tale_cards as T
from companion.rise_and_fall.world.builder import Build
from companion.rise_and_fall.world.placement import TILE_NAMES, Violation, violation
from companion.rise_and_fall.world.special_areas import area_name
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import World


@dataclass
class Preview:
    tile: Tile
    verdict: Violation | None
    moving: int | None = None  # index of the Starting Sea being moved


@dataclass
class Answer:
    """What a tap means: an ``action`` for the log (``said`` once it is taken), or ``said`` at
    ``level`` ('info', 'warning' or 'error'); ``redraw`` when what the board shows changed."""

    action: dict[str, Any] | None = None
    said: str = ""
    level: str = "info"
    redraw: bool = False


@dataclass
class WorldTaps:
    preview: Preview | None = None
    rotation: int = 0
    cycle: list[Tile] = field(default_factory=list)  # the legal places covering the Space tapped
    moving_mode: bool = False
    free_kind: str = "sea"  # free design: the tile kind or special area chosen

    # --- what is being placed ----------------------------------------------------------------
    def current_kind(self, b: Build) -> str | None:
        if self.moving_mode:
            return "starting-sea"
        if b.free:
            return self.free_kind
        p = b.pending_area()
        if p is not None:
            return p[0].kind
        return b.next_kind()

    def forget(self) -> None:
        """Nothing shown any more (the World changed, or another tile kind was chosen)."""
        self.preview = None
        self.cycle = []

    def accepted(self, action: dict[str, Any]) -> None:
        """The log took ``action``: what was shown is placed."""
        self.forget()
        if action.get("type") in ("move-starting", "load"):
            self.moving_mode = False

    def cancel(self) -> None:
        self.forget()
        self.moving_mode = False

    def toggle_moving(self, b: Build) -> Answer:
        if b.seas_started:
            return Answer(said="The Starting Seas can only be moved before the first Sea tile is placed.", level="error")
        self.moving_mode = not self.moving_mode
        self.preview = None
        return Answer(said="Tap one of the Starting Sea tiles to pick it up." if self.moving_mode else "", redraw=True)

    # --- a tap on a Space ----------------------------------------------------------------------
    def tap(self, b: Build, space: Hex) -> Answer:
        """What a tap on ``space`` does: pick up, show, or place."""
        if self.moving_mode:
            return self._tap_moving(b, space)
        kind = self.current_kind(b)
        if kind is None:
            return Answer(said="The World is complete. Save it to the library, or start a new one.")
        p = b.pending_area()
        free_area = T.area_of(kind) if b.free else None
        marker = p if p is not None and p[0].marker else (free_area, 0) if free_area is not None and free_area.marker else None
        if marker is not None:  # the Dolmens, the Typhoon: a tap places them (Undo takes them back)
            v = b.area_verdict(marker[0], marker[1], space[0], space[1])
            if v is not None:
                return Answer(said=v.message, level="error")
            who = b.whose_turn()
            return Answer({"type": "area", "area": kind, "q": space[0], "r": space[1]},
                          f"{who + ' placed ' if who else 'Placed '}{area_name(marker[0])}.")
        if self.preview and self.preview.verdict is None and space in self.preview.tile.cells:
            return self.confirm(b)
        covering = b.legal_covering(kind, space)
        if covering:
            covering.sort(key=lambda t: (t.rotation != self.rotation, (t.q - space[0]) ** 2 + (t.r - space[1]) ** 2))
            self.cycle = covering
            return self.show(b, covering[0])
        self.cycle = []
        return self.show(b, Tile(kind, space[0], space[1], self.rotation))

    def _tap_moving(self, b: Build, space: Hex) -> Answer:
        if self.preview is None or self.preview.moving is None:
            top = b.world.top_index(space)
            if top is None or b.tiles[top].kind != "starting-sea":
                return Answer(said="Tap one of the Starting Sea tiles to pick it up.")
            t = b.tiles[top]
            self.preview = Preview(t, None, top)
            self.rotation = t.rotation
            return Answer(said="Now tap where this Starting Sea should go, rotate it, then press Place.", redraw=True)
        if self.preview.verdict is None and space in self.preview.tile.cells and self.preview.tile != b.tiles[self.preview.moving]:
            return self.confirm(b)
        return self._move_to(b, Tile("starting-sea", space[0], space[1], self.rotation))

    def _move_to(self, b: Build, tile: Tile) -> Answer:
        moving = self.preview.moving if self.preview else None
        others = World(t for k, t in enumerate(b.tiles) if k != moving)
        self.preview = Preview(tile, violation(others, tile, None), moving)
        self.rotation = tile.rotation
        return self.verdict(b)

    def show(self, b: Build, tile: Tile) -> Answer:
        """``tile`` shown where it would go, with the rules' verdict."""
        self.rotation = tile.rotation
        p = b.pending_area()
        if tile.spec.special_area and p is not None:
            verdict = b.area_verdict(p[0], p[1], tile.q, tile.r, tile.rotation)
        elif tile.spec.special_area and b.free:
            verdict = b.area_verdict(T.all_areas()[tile.kind], 0, tile.q, tile.r, tile.rotation)
        else:
            verdict = b.check(tile)
        self.preview = Preview(tile, verdict)
        return self.verdict(b)

    def verdict(self, b: Build) -> Answer:
        """What the screen says of the tile shown: it fits (and whether it leaves a dead end), or why not."""
        p = self.preview
        if p is None:
            return Answer(redraw=True)
        if p.verdict is not None:
            return Answer(said=p.verdict.message, level="error", redraw=True)
        what = TILE_NAMES[p.tile.kind] + ("" if p.tile.spec.special_area else " tile")
        if p.moving is not None:
            dead_end = None if p.tile == b.tiles[p.moving] else b.dead_end_after_move(p.moving, p.tile)
        else:
            dead_end = b.dead_end_after(p.tile)
        if dead_end:
            return Answer(said=f"{what} fits here, but {dead_end}. Rotate it or tap another space; "
                               "tap it again or press Place to place it all the same.", level="warning", redraw=True)
        return Answer(said=f"{what} fits here. Tap it again or press Place.", redraw=True)

    # --- the buttons beside the board ------------------------------------------------------------
    def rotate(self, b: Build) -> Answer:
        if self.preview is None:
            self.rotation = (self.rotation + 1) % 6
            return Answer(said=f"Rotation {self.rotation}: tap a space to see the tile there.")
        if self.cycle and not self.moving_mode:
            i = self.cycle.index(self.preview.tile) if self.preview.tile in self.cycle else -1
            return self.show(b, self.cycle[(i + 1) % len(self.cycle)])
        t = self.preview.tile
        tile = Tile(t.kind, t.q, t.r, (t.rotation + 1) % 6)
        if self.preview.moving is not None:
            return self._move_to(b, tile)
        return self.show(b, tile)

    def confirm(self, b: Build) -> Answer:
        """'Place': the tile shown, as an action (refused here with the rule's sentence)."""
        p = self.preview
        if p is None:
            return Answer(said="Tap a space on the board first to see the tile there.")
        if p.verdict is not None:
            return Answer(said=p.verdict.message, level="error")
        t = p.tile
        if p.moving is not None:
            return Answer({"type": "move-starting", "index": p.moving, "q": t.q, "r": t.r, "rotation": t.rotation}, "Starting Sea moved.")
        who = b.whose_turn()
        if t.spec.special_area:
            return Answer({"type": "area", "area": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation},
                          f"{who + ' placed ' if who else 'Placed '}{TILE_NAMES[t.kind]}.")
        return Answer({"type": "place", "tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation},
                      f"{who + ' placed a ' if who else 'Placed a '}{TILE_NAMES[t.kind]} tile.")
