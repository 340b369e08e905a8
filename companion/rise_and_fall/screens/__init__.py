"""Rise & Fall's screens on the page: World, Setup, Game, Scores and its History.

``open_screens(table)`` is what the registry names; the page (``companion.ui.app``) shows the
bar of these screens once Rise & Fall is chosen on the shelf. Every screen is a thin layer over
the game's logs; this class ties them together (the game opening the Scores when it ends) and
follows what other pages of the same table change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as W

from companion.errors import CompanionError
from companion.gamelog import GameLog, Session
from companion.games import qualified
from companion.rise_and_fall import GAME_LOG as GAME
from companion.rise_and_fall import SCORING_LOG as SCORING
from companion.rise_and_fall import WORLD_LOG as WORLD
from companion.rise_and_fall.meta import GAME_ID
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.scoring.endgame import EntryRules
from companion.rise_and_fall.screens.library import SHIPPED_LAYOUTS, Library
from companion.rise_and_fall.world.builder import BuildRules
from companion.ui.follow import clear_left, news_text, tell

if TYPE_CHECKING:  # imported when first visited: the World opens without them
    from companion.rise_and_fall.screens.game_screen import GameHub, GameScreen, SetupScreen
    from companion.rise_and_fall.screens.scores_screen import ScoresScreen

SCREENS = ("World", "Setup", "Game", "Scores", "History")


def open_screens(table: Any) -> "RiseAndFallScreens":
    return RiseAndFallScreens(table)


class RiseAndFallScreens:
    """The screens of Rise & Fall, built when first visited (a lighter page loads faster)."""

    screens = list(SCREENS)

    def __init__(self, table: Any) -> None:
        self.table = table
        self.store = table.store
        from companion.rise_and_fall.screens.world_screen import WorldScreen

        self.library = Library(table.layouts, shipped=SHIPPED_LAYOUTS, dark=table.dark)
        self.world = WorldScreen(self.store, self.library, dark=table.dark)
        self._hub: GameHub | None = None  # the game being played, read from its log when first needed
        self._phase = ""
        self._setup: SetupScreen | None = None
        self._game: GameScreen | None = None
        self._scores: ScoresScreen | None = None
        self._remote = False  # True while following a change made on another page
        self._seen: dict[str, int] = {}
        self._files: set[str] = set()
        self._remember()

    @property
    def hub(self) -> GameHub:
        """The game being played (Setup, Game and Scores show it), opened from the latest game
        log when a screen first needs it; until then this page follows no game log (there is
        nothing of it on the page), and the log of then is read."""
        if self._hub is None:
            from companion.rise_and_fall.hub import GameHub

            self._hub = GameHub(self.store)
            self._phase = self._hub.game.phase
            self._hub.listeners.append(self._follow_the_game)
        return self._hub

    @property
    def setup(self) -> SetupScreen:
        if self._setup is None:
            from companion.rise_and_fall.screens.game_screen import SetupScreen

            self._setup = SetupScreen(
                self.hub,
                world_layout=lambda: self.world.build.layout().to_dict(),
                world_names=lambda: (self.world.build.names, self.world.build.colours),
            )
        return self._setup

    @property
    def game(self) -> GameScreen:
        if self._game is None:
            from companion.rise_and_fall.screens.game_screen import GameScreen

            self._game = GameScreen(self.hub, go_scores=self.score_the_game)
            self._game.to_top = self.table.to_top
        return self._game

    @property
    def scores(self) -> ScoresScreen:
        if self._scores is None:
            from companion.rise_and_fall.screens.scores_screen import ScoresScreen

            self._scores = ScoresScreen(
                self.store,
                tracked=lambda: self.hub.game if self.hub.session else None,
                tracked_id=lambda: self.hub.id,
                world_source=lambda: (self.world.build.layout().to_dict(), list(self.world.build.names), list(self.world.build.colours)),
            )
            self._scores.to_top = self.table.to_top
        return self._scores

    @property
    def history(self) -> Any:
        """The page's History screen, showing Rise & Fall's finished games."""
        return self.table.history_screen(GAME_ID)

    def screen(self, name: str) -> W.Widget:
        return {"World": lambda: self.world, "Setup": lambda: self.setup, "Game": lambda: self.game,
                "Scores": lambda: self.scores, "History": lambda: self.history}[name]().widget

    def shown(self, name: str) -> None:
        if name == "World":
            self.world.refresh()
        elif name == "Setup":
            self.setup.describe_world()  # the World screen's World may have changed
        elif name == "Scores":
            self.scores.refresh()

    def problem(self, screen: str) -> str | None:
        """Why the log a screen shows is read-only (damaged, or a disk that cannot be written)."""
        session = {"World": lambda: self.world.session, "Setup": lambda: self.hub.session,
                   "Game": lambda: self.hub.session, "Scores": lambda: self.scores.session}.get(screen, lambda: None)()
        return getattr(session, "problem", None)

    def go_to(self, screen: str) -> None:
        self.table.go(screen)

    def settings_changed(self) -> None:
        self.world.refresh()
        if self.library.shown:
            self.library.refresh()  # the thumbnails in the theme

    def resume(self, kind: str, log_id: str) -> str:
        """Open one of Rise & Fall's logs (the shelf's Continue); the screen that shows it."""
        kind = qualified(kind)
        log = self.store.open(log_id)
        clear_left(log)  # a reload, and the other devices, open it too; a game left takes taps again
        if kind == WORLD:
            self.world.follow(Session(log, BuildRules()))
            return "World"
        if kind == GAME:
            self.hub.open(Session(log, TrackerRules()))
            self._phase = self.hub.game.phase
            return "Setup" if self._phase in ("setup", "guilds", "placement") else "Game"
        self.scores.follow(Session(log, EntryRules()))
        return "Scores"

    def score_the_game(self) -> None:
        """The game's one scoring, where it was left (started the first time), on the Scores screen."""
        self.scores.start_from_game()
        self.go_to("Scores")

    def _follow_the_game(self) -> None:
        """When the first pieces are all placed, the Game screen opens by itself."""
        phase = self.hub.game.phase
        if self._phase in ("setup", "guilds", "placement") and phase == "A" and self.table.place() == "Setup":
            self.go_to("Game")
            g = self.hub.game  # the last piece's sentence, said where the table now looks (the Setup screen is gone)
            self.game.say(" ".join(g.notes))
        if self._phase != "over" and phase == "over":
            if not self._remote:
                self.scores.start_from_game()  # 'take the scoreboard and proceed to Tallying Victory Points'
                self.go_to("Scores")
            elif self._scores is not None:
                self._scores_follow_the_end()
        self._phase = phase

    def _scores_follow_the_end(self) -> None:
        """The game ended on another device: what the Scores screen said of the game before its end
        goes; a page showing the Scores opens the game's one scoring (started there if no page did)."""
        self._scores.message.value = ""
        if self.table.place() == "Scores":
            self._scores.start_from_game()
        else:
            self._scores.refresh()

    # --- several pages, one game: every screen shows what the logs say now -----------------
    def reopen(self) -> None:
        """Every screen from the logs as they are now: the latest World, game and scoring."""
        self._remote = True
        try:
            world = self.store.latest(WORLD, BuildRules())
            if world is not None:
                self.world.follow(world)
            if self._hub is not None:
                self._hub.open(self.store.latest(GAME, TrackerRules()))
                self._phase = self._hub.game.phase
            if self._scores is not None:
                self._scores.follow(self.store.latest(SCORING, EntryRules()))
        finally:
            self._remote = False
        self._remember()

    def _sessions(self) -> dict[str, Session]:
        sessions: dict[str, Session] = {WORLD: self.world.session}
        if self._hub is not None and self._hub.session is not None:
            sessions[GAME] = self._hub.session
        if self._scores is not None and self._scores.session is not None:
            sessions[SCORING] = self._scores.session
        return sessions

    def _logs(self) -> dict[str, GameLog]:
        return {kind: s.log for kind, s in self._sessions().items()}

    def _remember(self) -> None:
        self._seen = {str(lg.path): lg.version() for lg in self._logs().values()}
        self._files = self.store.file_names()

    def poll(self) -> bool:
        """Follow what other pages did since the last look; True if a screen changed."""
        changed = False
        seen: dict[str, int] = {}
        self._remote = True
        try:
            changed |= self._game_taken_back()
            for kind, session in self._sessions().items():
                lg = session.log
                v = lg.version()  # read before the log: a commit after it shows at the next look
                known = self._seen.get(str(lg.path))
                if (known is not None and known != v) or (known is None and lg.head() != session.head):
                    self._changed_elsewhere(kind)
                    changed = True
                seen[str(lg.path)] = v
            files = self.store.file_names()
            for name in sorted(files - self._files):
                found = self._new_game_elsewhere(name[: -len(".sqlite")], seen)
                if found is None:
                    files.discard(name)  # its first lines are still being written: look again next time
                changed |= bool(found)
            self._files = files
        finally:
            self._remote = False
        self._seen = seen
        return changed
    def _hear(self, news: list[str]) -> None:
        """The news of the game's actions made on other pages, in the Game screen's place for its answers."""
        if self._game is not None:
            self._game.say(news_text(news), "info")

    def _game_taken_back(self) -> bool:
        """A new game started by mistake was taken back on another page (its file is gone): this
        page shows the game the table was playing again."""
        s = self._hub.session if self._hub is not None else None
        if s is None or s.log.path.exists():
            return False
        name = self.hub.name()
        s.log.close()
        self.hub.open(self.store.latest(GAME, TrackerRules()))
        self._phase = self.hub.game.phase
        said = f"The new game ({name}) was taken back on another page: this page shows {self.hub.name()} again."
        for screen in (self._game, self._setup):
            if screen is not None:
                screen.say(said, "info")
        return True

    def _new_game_elsewhere(self, game_id: str, seen: dict[str, int]) -> bool | None:
        """A World, game or scoring started on another page: this page shows it too
        (None: not readable yet)."""
        shown = self._logs()
        if game_id in {lg.path.stem for lg in shown.values()}:
            return False
        try:
            lg = self.store.open(game_id)
            seen[str(lg.path)] = lg.version()
            meta = lg.meta()
            kind = meta.get("kind")
            if not isinstance(kind, str):
                lg.close()
                return None
            kind = qualified(kind)
            if kind in shown and shown[kind].meta().get("created", 0) > meta.get("created", 0):
                lg.close()
                return False  # older than the one this page shows
            if kind == WORLD:
                self.world.follow(Session(lg, BuildRules()), "A new World was started on another page; here it is.")
            elif kind == GAME and self._hub is not None:
                self.hub.open(Session(lg, TrackerRules()))
                self._phase = self.hub.game.phase
                if self._game is not None:
                    self._game.say(f"A new game was started on another page: this page now shows {self.hub.name()}.")
            elif kind == SCORING and self._scores is not None:
                self._scores.follow(Session(lg, EntryRules()))
            else:
                lg.close()
                return False
        except CompanionError:
            return False  # still being written, or damaged: listed where games are listed
        return True

    def _changed_elsewhere(self, kind: str) -> None:
        if kind == WORLD:
            self.world.follow()
        elif kind == GAME and self._hub is not None and self._hub.session is not None:
            self.hub.session.refresh()
            self.hub.followed_at = self.hub.session.head  # buttons drawn before it are refused
            self.hub.changed()
            self._phase = self.hub.game.phase
            tell(self.hub.session, None, self._hear)
        elif kind == SCORING and self._scores is not None:
            self._scores.follow()
