"""Layout files (``rise-and-fall/layout``, version 1): a World, tile by tile, as in formats.md.

Loading checks the shape of the document and answers every problem with one sentence
naming the file, the key or the tile index. Saving is atomic and keeps unknown keys,
and save -> load -> save gives the same bytes.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from companion.atomic import write_atomically
from companion.errors import FileFormatError
from companion.jsonfile import parse_json, read_json
from companion.rise_and_fall.numbers import load_rules
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import World

FORMAT = "rise-and-fall/layout"
VERSION = 1
_KNOWN = ("format", "version", "name", "players", "tiles")
_TILE_KEYS = ("tile", "q", "r", "rotation")
#: Limits of the files (docs/formats.md): a real World spans about ±15 Spaces.
MAX_COORDINATE = 100
MAX_TILES = 500
MAX_NAME = 200


@dataclass
class Layout:
    """A World as a file holds it. ``free`` marks a custom design without pool or turn order."""

    players: int
    tiles: list[Tile] = field(default_factory=list)
    name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    tile_extra: list[dict[str, Any]] = field(default_factory=list)

    @property
    def free(self) -> bool:
        return bool(self.extra.get("free", False))

    @property
    def pool_players(self) -> int | None:
        """The player count whose pool and layer order apply, or None in free design."""
        return None if self.free else self.players

    def world(self) -> World:
        return World(self.tiles)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "name": self.name, "players": self.players}
        out.update(self.extra)
        out["tiles"] = [self._tile_dict(i, t) for i, t in enumerate(self.tiles)]
        return out

    def _tile_dict(self, i: int, t: Tile) -> dict[str, Any]:
        d: dict[str, Any] = {"tile": t.kind, "q": t.q, "r": t.r, "rotation": t.rotation}
        if i < len(self.tile_extra):
            d.update(self.tile_extra[i])
        return d

    def dumps(self) -> str:
        """Stable text: one line per key, one line per tile."""
        d = self.to_dict()
        lines = []
        for k, v in d.items():
            if k == "tiles":
                continue
            lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}")
        tiles = ",\n".join(f"    {json.dumps(t, ensure_ascii=False)}" for t in d["tiles"])
        lines.append('  "tiles": [\n' + tiles + "\n  ]" if tiles else '  "tiles": []')
        return "{\n" + ",\n".join(lines) + "\n}\n"


@dataclass(frozen=True)
class CheckReport:
    """What ``python -m companion check`` says of a layout."""

    valid: bool
    complete: bool
    tile: int | None
    rule: str | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"valid": self.valid, "complete": self.complete, "tile": self.tile, "rule": self.rule, "message": self.message}


# --- reading -------------------------------------------------------------------------------
def parse(doc: Any, source: str = "the layout") -> Layout:
    """A Layout from a decoded JSON document, or a FileFormatError naming what is wrong."""

    def fail(msg: str) -> FileFormatError:
        return FileFormatError(f"{source}: {msg}")

    if not isinstance(doc, dict):
        raise fail("a layout must be a JSON object with the keys format, version, players and tiles.")
    for key in ("format", "version", "players", "tiles"):
        if key not in doc:
            raise fail(f"the key '{key}' is missing.")
    if doc["format"] != FORMAT:
        raise fail(f"'format' is {json.dumps(doc['format'])}; a layout file says \"{FORMAT}\".")
    if type(doc["version"]) is not int or doc["version"] != VERSION:
        raise fail(f"'version' is {json.dumps(doc['version'])}; this companion reads version {VERSION}.")
    counts = load_rules().player_counts
    if type(doc["players"]) is not int or doc["players"] not in counts:
        raise fail(f"'players' is {json.dumps(doc['players'])}; it must be one of {', '.join(map(str, counts))}.")
    name = doc.get("name", "")
    if not isinstance(name, str):
        raise fail("'name' must be text.")
    if len(name) > MAX_NAME:
        raise fail(f"'name' is {len(name)} characters long; a name has at most {MAX_NAME}.")
    _check_players_extra(doc, fail)
    if "free" in doc and not isinstance(doc["free"], bool):
        raise fail("'free' must be true or false.")
    if not isinstance(doc["tiles"], list):
        raise fail("'tiles' must be a list of tiles.")
    if len(doc["tiles"]) > MAX_TILES:
        raise fail(f"'tiles' holds {len(doc['tiles'])} tiles; a layout holds at most {MAX_TILES}.")
    kinds = load_rules().tile_kinds
    tiles, tile_extra = [], []
    for i, t in enumerate(doc["tiles"]):
        if not isinstance(t, dict):
            raise fail(f"tile {i} must be an object with tile, q, r and rotation.")
        for key in _TILE_KEYS:
            if key not in t:
                raise fail(f"tile {i} has no '{key}'.")
        if not isinstance(t["tile"], str) or t["tile"] not in kinds:
            raise fail(f"tile {i}: {json.dumps(t['tile'])} is not a tile; use one of {', '.join(kinds)}.")
        for key in ("q", "r"):
            if type(t[key]) is not int:
                raise fail(f"tile {i}: '{key}' is {shown(t[key])}; coordinates are whole numbers.")
            if abs(t[key]) > MAX_COORDINATE:
                raise fail(f"tile {i}: '{key}' is {shown(t[key])}; coordinates lie between -{MAX_COORDINATE} and {MAX_COORDINATE}.")
        if type(t["rotation"]) is not int or not 0 <= t["rotation"] <= 5:
            raise fail(f"tile {i}: 'rotation' is {shown(t['rotation'])}; it must be a whole number from 0 to 5.")
        tiles.append(Tile(t["tile"], t["q"], t["r"], t["rotation"]))
        tile_extra.append({k: v for k, v in t.items() if k not in _TILE_KEYS})
    extra = {k: v for k, v in doc.items() if k not in _KNOWN}
    if not any(tile_extra):
        tile_extra = []
    return Layout(doc["players"], tiles, name, extra, tile_extra)


def shown(value: Any, width: int = 40) -> str:
    """A value as JSON for a sentence, cut short (a number may have thousands of digits)."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, int) or abs(value) < 10**30 else f"{str(value)[:12]}…"
    return text if len(text) <= width else text[: width - 1] + "…"


def _check_players_extra(doc: dict, fail) -> None:
    """The players' names and colours a layout may carry (an extension, see docs/formats.md)."""
    from companion.rise_and_fall.world.views import is_colour

    colours = doc.get("colours")
    if colours is not None and not (isinstance(colours, list) and all(is_colour(c) for c in colours)):
        raise fail(f"'colours' is {shown(colours)}; each colour is #rrggbb or a colour name (red, yellow, green, blue, ...).")
    names = doc.get("names")
    if names is not None and not (isinstance(names, list) and all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)):
        raise fail(f"'names' is {shown(names)}; each player's name is text of 1 to 40 characters.")


def loads(text: str, source: str = "the layout") -> Layout:
    return parse(parse_json(text, source), source)


def load(path: str | os.PathLike) -> Layout:
    return parse(read_json(path), str(path))


def save(layout: Layout, path: str | os.PathLike) -> None:
    """Write atomically: a reader sees the old file or the new one, never half of one."""
    write_atomically(path, layout.dumps())
