"""A game opened sends the page only the models it needs: a widget that keeps the default layout or style holds the
page's shared one (each model of its own is a message the tablet waits for: Fall of the Mountain King opened with 678
models, 282 of them a default layout). A layout or style of its own always says something."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as W
import pytest

from companion import games
from companion.ui.app import App

from .test_screens_drawn_again import in_progress

NOT_LOOKS = {"_model_module", "_model_module_version", "_model_name", "_view_count", "_view_module",
             "_view_module_version", "_view_name"}


def says_something(model: W.Widget) -> bool:
    """A layout or style with a value of its own (not every trait at its default)."""
    fresh = type(model).__mro__[0]()
    try:
        return any(getattr(model, k) != getattr(fresh, k) for k in model.keys if k not in NOT_LOOKS)
    finally:
        fresh.close()


@pytest.mark.parametrize("game", games.games(), ids=lambda g: g.id)
def test_every_layout_and_style_of_a_game_opened_says_something(tmp_path: Path, game: games.Game, monkeypatch) -> None:
    in_progress(tmp_path / "d", game)
    made: list[W.Widget] = []
    opened = W.Widget.open
    monkeypatch.setattr(W.Widget, "open", lambda self: (made.append(self), opened(self))[1])
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game=game.id)
    for screen in app.screens():
        app.go_to(screen)
    looks = [m for m in made if isinstance(m, (W.Layout, W.Style)) and m.comm is not None]
    idle = [m for m in looks if type(m) in (W.Layout, *W.Style.__subclasses__()) and not says_something(m)]
    assert idle == [], f"{game.title}: {len(idle)} layouts or styles of their own at their defaults, of {len(made)} models: {idle[:5]}"
    assert sum(isinstance(m, W.Layout) for m in looks) < len(made) / 4

