"""The bar of screens on a phone: a screen's shorter name where its own would not fit (``Game.phone_names``)."""

from __future__ import annotations

from urllib.parse import quote

from .. import games

#: The page names each screen's button by its name as encodeURIComponent writes it (ipywidgets' ``data-value``).
_URI_SAFE = "-_.!~*'()"


def css_string(text: str) -> str:
    """``text`` as a CSS string, nothing in it able to end the string or the style element."""
    out = text.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ").replace("\n", "\\a ")
    return f'"{out}"'


def phone_names_css() -> str:
    """Style rules drawing each registered game's shorter screen names on a phone's bar (at most 600 px wide)."""
    rules = []
    for game in games.games():
        for name, short in game.phone_names.items():
            value = css_string(quote(name, safe=_URI_SAFE))
            button = f".rf-nav .widget-toggle-buttons .widget-toggle-button[data-value={value}]"
            rules.append(f"{button} {{ font-size: 0; }} "
                         f"{button}::before {{ content: {css_string(short)}; font-size: 13px; }}")
    if not rules:
        return ""
    return "<style>@media (max-width: 600px) {\n" + "\n".join(rules) + "\n}</style>"
