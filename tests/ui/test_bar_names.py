"""A phone's bar draws a game's screens by their shorter names (``Game.phone_names``), each rule
naming the button as the page does (its ``data-value``, as encodeURIComponent writes it)."""

from dataclasses import replace

from companion import games
from companion.ui.bar import css_string, phone_names_css


def test_each_shorter_name_is_drawn_on_the_button_the_page_names_by_its_screen():
    css = phone_names_css()
    assert css.startswith("<style>@media (max-width: 600px)")
    assert '[data-value="Score%20the%20Wave"]::before { content: "Wave"; font-size: 13px; }' in css
    assert '[data-value="Clan%20board"] { font-size: 0; }' in css


def test_a_name_cannot_end_the_string_or_the_style():
    assert css_string('a"b</style>\\') == '"a\\"b\\3c /style>\\\\"'
    odd = replace(games.games()[0], id="odd-game", phone_names={'Odd "screen"</style>': "</style><script>"})
    take_back = games.register(odd)
    try:
        css = phone_names_css()
    finally:
        take_back()
    assert "</style><script>" not in css and css.count("</style>") == 1
