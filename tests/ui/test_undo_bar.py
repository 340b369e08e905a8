"""The Undo/Redo row a game's screen shares: a step back or forward in the log, said in one sentence, its
buttons on only when the step can be taken, and one tap over a side's answer that goes with a turn."""

from companion.gamelog import GameStore, Session
from companion.ui.undo_bar import UndoBar

from .plain_game import started


class Screen:
    def __init__(self, tmp_path, **kw) -> None:
        self.session: Session | None = None
        self.store = GameStore(tmp_path)
        self.said: list[tuple[str, str]] = []
        self.drawn = 0
        self.bar = UndoBar(lambda: self.session, "x", lambda t: self.said.append(("info", t)),
                           lambda t: self.said.append(("error", t)), self.redraw, **kw)

    def redraw(self) -> None:
        self.drawn += 1
        self.bar.show()

    def start(self, *who: str) -> Session:
        self.session = started(self.store)
        for w in who:
            self.session.do({"type": "play", "who": w})
        self.bar.show()
        return self.session


def test_nothing_to_undo_or_redo_says_so_and_draws_nothing(tmp_path):
    s = Screen(tmp_path)
    s.bar.show()
    assert s.bar.undo_btn.disabled and s.bar.redo_btn.disabled
    s.bar.undo()
    s.bar.redo()
    assert s.said == [("error", "There is nothing to undo."), ("error", "There is nothing to redo.")] and s.drawn == 0
    assert "x-undo" in s.bar.undo_btn._dom_classes and "x-redo" in s.bar.redo_btn._dom_classes


def test_undo_and_redo_step_the_log_and_turn_the_buttons(tmp_path):
    s = Screen(tmp_path)
    game = s.start("a", "b")
    assert not s.bar.undo_btn.disabled and s.bar.redo_btn.disabled
    s.bar.undo_btn.click()
    assert game.state == ["setup", "a"] and s.said[-1] == ("info", "Undone: play.") and s.drawn == 1
    assert not s.bar.redo_btn.disabled
    s.bar.redo_btn.click()
    assert game.state == ["setup", "a", "b"] and s.said[-1] == ("info", "Done again: play.") and s.bar.redo_btn.disabled
    s.bar.show(hold_redo=True)
    s.bar.undo()
    s.bar.show(hold_redo=True)
    assert s.bar.redo_btn.disabled  # held (the computer is thinking), though there is a step to redo


def test_a_setup_that_stays_and_an_answer_stepped_over_with_the_turn(tmp_path):
    before: list[int] = []
    box: list[Screen] = []

    def undoable() -> bool:
        g = box[0].session
        return g is not None and g.can_undo() and len(g.state) > 1

    s = Screen(tmp_path, undoable=undoable, with_it=lambda: box[0].session.state[-1] == "me",  # then the computer is to move
               before_undo=lambda: before.append(len(box[0].session.state)))
    box.append(s)
    game = s.start("me", "computer")
    s.bar.undo()  # the computer's answer and the player's turn: one tap
    assert game.state == ["setup"] and before == [3]
    assert s.bar.undo_btn.disabled  # the setup stays
    s.bar.undo()
    assert game.state == ["setup"] and s.said[-1] == ("error", "There is nothing to undo.") and before == [3]
    s.bar.redo()  # the turn again, and the answer with it
    assert game.state == ["setup", "me", "computer"]


def test_undone_draws_after_an_undo_in_place_of_redraw(tmp_path):
    after: list[str] = []
    s = Screen(tmp_path, undone=lambda: after.append("undone"))
    s.start("a")
    s.bar.undo()
    assert after == ["undone"] and s.drawn == 0
    s.bar.redo()
    assert after == ["undone"] and s.drawn == 1


def test_an_undo_the_log_refuses_keeps_its_sentence_on_screen(tmp_path, monkeypatch):
    """A full disk or a damaged file: the log's sentence is what the table reads, never "Undone." over it."""
    from companion.errors import CompanionError

    s = Screen(tmp_path)
    game = s.start("a", "b")

    def refuse(self) -> None:
        raise CompanionError("The disk is full: free some space, then try again.")

    monkeypatch.setattr(Session, "undo", refuse)
    monkeypatch.setattr(Session, "redo", refuse)
    s.bar.undo()
    assert s.said[-1] == ("error", "The disk is full: free some space, then try again.") and game.state == ["setup", "a", "b"]
    assert s.drawn == 1  # drawn again from the log, as it is


def test_undo_always_says_what_it_took_back(tmp_path):
    s = Screen(tmp_path, describe=lambda a: f"{a['who']} played")
    s.start("Ana", "Ben")
    s.bar.undo()
    assert s.said[-1] == ("info", "Undone: Ben played.")
    s.bar.redo()
    assert s.said[-1] == ("info", "Done again: Ben played.")


def test_undo_after_the_end_asks_to_reopen_and_says_what_it_reopened(tmp_path):
    """Undo in a finished game (every game: the shell's Undo) asks "Reopen the finished game?" first."""
    s = Screen(tmp_path, describe=lambda a: f"{a['who']} played", over=lambda session: session.state[-1] == "last")
    game = s.start("Ana", "last")
    s.bar.undo_btn.click()
    assert game.state == ["setup", "Ana", "last"]  # nothing taken back yet: asked first
    question = s.bar.confirm.children[0].value
    assert "Reopen the finished game?" in question and "a game" in question and "last played" in question
    no = s.bar.confirm.children[1].children[1]
    no.click()
    assert game.state == ["setup", "Ana", "last"] and s.said[-1] == ("info", "The game stays finished.")
    s.bar.undo_btn.click()
    s.bar.confirm.children[1].children[0].click()  # Yes, reopen the game
    assert game.state == ["setup", "Ana"] and s.said[-1] == ("info", "Reopened a game. Undone: last played.")
    assert s.bar.confirm.children == ()


def test_a_reopen_asked_before_another_page_moved_the_game_takes_nothing_back(tmp_path):
    s = Screen(tmp_path, over=lambda session: session.state[-1] == "last")
    game = s.start("Ana", "last")
    s.bar.undo_btn.click()
    yes = s.bar.confirm.children[1].children[0]
    game.do({"type": "play", "who": "more"})  # another page played on meanwhile
    yes.click()
    assert game.state == ["setup", "Ana", "last", "more"] and s.said[-1][0] == "error"
