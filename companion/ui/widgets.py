"""Small widget helpers shared by the screens: big buttons with an error boundary, messages."""

from __future__ import annotations

import html
import logging
from typing import Callable

import ipywidgets as W

log = logging.getLogger(__name__)

#: Set by the app: where a callback's unexpected error is shown to the players.
REPORT: list[Callable[[str], None]] = []


def guarded(fn: Callable[[], None]) -> Callable[..., None]:
    """Run a widget callback; an unexpected error is shown and logged, never lost."""

    def run(*_args) -> None:
        try:
            fn()
        except Exception as e:
            log.exception("callback failed")
            for report in REPORT:
                report(f"Something went wrong ({type(e).__name__}: {e}); nothing was changed.")

    return run


def button(label: str, on_click: Callable[[], None], css: str, primary: bool = False) -> W.Button:
    b = W.Button(description=label, button_style="success" if primary else "")
    b.add_class("rf-btn")
    for c in css.split():
        b.add_class(c)
    b.on_click(guarded(on_click))
    return b


def message_html(text: str, level: str = "info") -> str:
    return f"<div class='rf-msg rf-msg-{level}' role='status'>{html.escape(text)}</div>"
