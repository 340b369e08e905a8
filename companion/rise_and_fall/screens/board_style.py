"""How Rise & Fall's boards are drawn on the page: the size of a Space (no widget here, so a
seat's phone, which shows a board only for some Tales' events, imports no board to know it)."""

from __future__ import annotations

from companion.rise_and_fall.world.views import WorldStyle

STYLE = WorldStyle(hex_size=18.0, legend=False)
SPACE_PX = STYLE.hex_size * 3 ** 0.5  # scene pixels between neighbouring Spaces' centres
