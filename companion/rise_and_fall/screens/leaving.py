"""Starting a new game while one is being played: asked first, and taken back if it was a mistake.

The Setup screen's "Start the game" during a live game asks whether to leave that game (named, with
its turn): it stays saved and can be resumed; the phones on its seats stop writing into it (they say why) until it
is resumed. Once the new
game is started, and until anything is done in it, "Back to ..." takes it back: its file goes (it
holds nothing but its setup) and every page shows the game that was being played again.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.errors import CompanionError
from companion.ui.follow import mark_left
from companion.ui.widgets import button, hbox, html_widget, message_html, own, vbox
from companion.words import and_list


def is_live(game: Any) -> bool:
    """A game being played: set up, not over."""
    return bool(getattr(game, "civs", ())) and game.phase not in ("setup", "over")


def what_is_played(hub: Any) -> str:
    """The game being played as the question names it: its players, start and turn."""
    g = hub.game
    where = "the Guild cards" if g.phase == "guilds" else "the first pieces" if g.phase == "placement" else f"turn {g.turn}"
    return f"{hub.name()} ({where})"


class LeaveGame:
    """The question before a new game is started over a live one, and the way back after it."""

    def __init__(self, hub: Any, start: Callable[[], bool], new_game: Callable[[], str], say: Callable[[str, str], None]) -> None:
        self.hub = hub
        self.start = start  # starts the new game from the form; True once started
        self.new_game = new_game  # the new game in a few words ("Ana, Ben and Cy, with the Guilds")
        self.say = say
        self.widget = vbox([])
        self.widget.add_class("rf-confirm")
        self.widget.add_class("rf-leave-game")
        self.left: tuple[str, str, str] | None = None  # (the new game's id, the game left's id, its name)

    def ask(self) -> None:
        """'Start the game' during a live game: the question, naming the game that would be left."""
        gid = self.hub.id
        yes = button("Yes, start the new game", lambda: self._answer(gid), "rf-leave-yes", primary=True)
        no = button("No, keep playing", self._keep, "rf-leave-no")
        for b in (yes, no):
            own(b).width = "auto"
        self.widget.children = [
            html_widget(message_html(
                f"A game is being played: {what_is_played(self.hub)}. Leave it and start a new game of {self.new_game()}? "
                "The game left stays saved (Saved games on the Game screen resumes it); the phones on its seats stop "
                "writing into it until it is resumed, and the new game's players scan the new codes.", "warning")),
            hbox([yes, no]),
        ]

    def _keep(self) -> None:
        self.widget.children = []
        self.say(f"Nothing was started: this is still {self.hub.name()}.", "info")

    def _answer(self, asked_about: str | None) -> None:
        self.widget.children = []
        if asked_about != self.hub.id or not is_live(self.hub.game):
            self.say("The game changed on another page since the question was asked; nothing was started. "
                     "Look and tap again.", "error")
            return
        left = (self.hub.id, self.hub.name())
        if self.start():
            self.left = (self.hub.id, *left)
            self._mark_left(left[0], self.hub.id)
            self.offer_way_back()

    def _mark_left(self, old_id: str, new_id: str) -> None:
        """The game left takes no more taps from the phones still on it (they say why), until it is resumed."""
        try:
            log = self.hub.store.open(old_id)
        except CompanionError:
            return  # a file that cannot be opened takes no taps either
        try:
            mark_left(log, new_id)
        finally:
            log.close()

    def offer_way_back(self) -> None:
        """While nothing is done in the new game, a button takes it back."""
        if not self.can_take_back():
            self.left = None
            if any("rf-back-to-game" in getattr(c, "_dom_classes", ()) for c in self.widget.children):
                self.widget.children = []
            return
        _, _, name = self.left
        back = button(f"Back to {name}", self.take_back, "rf-back-to-game")
        own(back).width = "auto"
        self.widget.children = [html_widget(f"<div>The game left, {name}, is saved; started by mistake? Take the new one back:</div>"), back]

    def can_take_back(self) -> bool:
        """The new game is still the one shown and nothing but its setup was ever written to it."""
        if self.left is None or self.hub.session is None or self.hub.id != self.left[0]:
            return False
        entries, _ = self.hub.session.log.read()
        return len(entries) == 1

    def take_back(self) -> None:
        """The new game goes (nothing was done in it); the game left is the table's game again."""
        if not self.can_take_back():
            self.widget.children = []
            self.left = None
            self.say("Something was done in the new game, or another page changed it: it stays. "
                     "The game left is in Saved games on the Game screen.", "error")
            return
        new_id, old_id, name = self.left
        try:
            self.hub.session.log.close()
            self.hub.store.discard(new_id)
            self.hub.resume(old_id)  # the table's game again: the most recently used
        except CompanionError as e:
            self.say(str(e), "error")
            return
        self.left = None
        self.widget.children = []
        self.say(f"The new game was taken back: this is {name} again.", "info")


def new_game_words(names: list[str], guilds: bool) -> str:
    """The new game as the question says it: 'Ana, Ben and Cy, without the Guilds'."""
    return f"{and_list(names)}, {'with' if guilds else 'without'} the Guilds"
