"""How a shelf tile looks: its CSS and its picture and words, in HTML without widgets.

The live shelf (``shelf.Shelf``) and the page's first paint (``first_paint``) both draw a tile
from here, so the shelf a page shows before its kernel answers is the one it shows after.
"""

from __future__ import annotations

import html

from .. import games

SHELF_CSS = """
<style>
.rf-shelf { gap: 10px; flex: 1 1 0%; min-width: 0; }  /* the screen's width, not its tiles' */
.rf-shelf-tiles { display: flex; flex-wrap: wrap; gap: 12px; }
.rf-shelf-tile { flex: 1 1 300px; max-width: 480px; padding: 10px; border-radius: 12px; background: rgba(0,0,0,.05); align-items: stretch; }
.rf-shelf-picture svg { width: 100%; height: 170px; display: block; }
.rf-shelf-title { font-size: 1.3em; font-weight: 700; }
/* as tall as with its Continue button, so the tiles stay put when the page finds the last game */
.rf-shelf-continue { padding: 8px 10px; border-radius: 12px; background: rgba(242,193,46,.25); align-items: center; flex-wrap: wrap;
  min-height: 70px; box-sizing: border-box; }
.rf-app.rf-dark .rf-shelf-tile { background: rgba(255,255,255,.07); }
.rf-bar-game { color: #fff; font-weight: 700; font-size: 1.1em; padding: 0 10px; line-height: 54px; white-space: nowrap; }
@media (max-width: 600px) { .rf-shelf-tile { flex: 1 1 100%; }
  .rf-bar-game { display: block; font-size: 15px; line-height: 44px; padding: 0 6px; overflow: hidden; text-overflow: ellipsis; } }
/* a tablet held either way: every game and History in sight without scrolling (the tiles side by side, pictures lower) */
/* drawn that small, a picture's words would be under 12 px: the picture is shown without them (the tile names the game) */
@media (min-width: 900px) { .rf-shelf-tile { flex: 1 1 200px; } .rf-shelf-picture svg { height: 120px; } .rf-shelf-picture svg text { display: none; } }
@media (min-width: 700px) and (max-height: 1100px) { .rf-shelf-picture svg { height: 120px; } .rf-shelf-picture svg text { display: none; } }
</style>
"""

#: What the Continue line says until the page has looked at the game files.
LOOKING = "Looking for the last unfinished game…"


def picture_html(game: games.Game) -> str:
    """The tile's picture: the game package's own SVG file."""
    return f"<div class='rf-shelf-picture'>{game.picture_svg()}</div>"


def about_html(game: games.Game) -> str:
    """The tile's title, player count and one line about the game."""
    return (
        f"<div class='rf-shelf-title'>{html.escape(game.title)}</div>"
        f"<div class='rf-shelf-players'>{html.escape(game.player_count)}</div>"
        f"<div class='rf-shelf-about'>{html.escape(game.about)}</div>"
    )


def play_label(game: games.Game) -> str:
    return f"Play {game.title}"


def play_classes(game: games.Game) -> str:
    """The Play button's classes (``rf-shelf-<id>`` names the game for the page and its tests)."""
    return f"rf-shelf-play rf-shelf-{game.id}"
