"""A game has one entry in History: its last final scoring replaces an earlier one; an entry can be
removed, asked first, and put back with Undo."""

from companion.history import FinishedGames, stats
from companion.ui.history_screen import HistoryScreen

from .test_one_scoring import at_the_end, scorings  # noqa: F401  (the fixture)


def keep(h: FinishedGames, scoring: str, winner: str, of: str | None) -> None:
    loser = "Ana" if winner == "Ben" else "Ben"
    h.keep("rise-and-fall", scoring, "The World", {winner: {"economy": 9, "total": 9}, loser: {"economy": 1, "total": 1}},
           [winner], of=of)


def test_the_last_final_scoring_of_a_game_is_its_one_entry(tmp_path):
    h = FinishedGames(tmp_path)
    keep(h, "scoring-1", "Ben", of="game-1")
    keep(h, "scoring-2", "Ana", of="game-1")  # the same game, scored again
    keep(h, "scoring-3", "Ben", of="game-2")
    keep(h, "scoring-4", "Ben", of=None)  # a scoring of no tracked game is its own entry
    rows = h.finished()
    assert [f.id for f in rows] == ["scoring-2", "scoring-3", "scoring-4"]
    assert stats(rows, ("economy",))["wins"] == {"Ana": 1, "Ben": 2}
    h.close()
    again = FinishedGames(tmp_path)  # as kept on disk
    assert [f.id for f in again.finished()] == ["scoring-2", "scoring-3", "scoring-4"]


def test_a_scoring_started_again_and_made_final_replaces_the_first_in_history(at_the_end):  # noqa: F811
    app = at_the_end
    first = app.scores.session.log.path.stem
    app.scores.mode.value = "fast"
    app.scores.send({"type": "rest-empty"})
    app.scores.finish_btn.click()
    app.scores.restart_btn.click()
    assert app.scores.session.log.path.stem != first and len(scorings(app)) == 2  # both scorings stay listed
    app.scores.mode.value = "fast"
    app.scores.send({"type": "rest-empty"})
    app.scores.finish_btn.click()
    rows = app.scores.history.games()
    assert [f.id for f in rows] == [app.scores.session.log.path.stem]
    assert sum(app.scores.history.stats()["wins"].values()) == len(rows[0].winners)


def test_history_removes_an_entry_when_asked_and_undo_puts_it_back(tmp_path):
    h = FinishedGames(tmp_path)
    keep(h, "scoring-1", "Ben", of="game-1")
    keep(h, "scoring-2", "Ana", of="game-2")
    screen = HistoryScreen(h)
    assert "2 finished games" in screen.body.value
    screen.pick.value = "scoring-1"
    screen.remove_btn.click()
    assert screen.asking.layout.display == "flex" and "Remove Rise &amp; Fall" in screen.question.value
    assert "Ben won" in screen.question.value and len(h.finished()) == 2  # asked first: nothing gone yet
    screen.no_btn.click()
    assert screen.asking.layout.display == "none" and len(h.finished()) == 2
    screen.remove_btn.click()
    screen.yes_btn.click()
    assert [f.id for f in h.finished()] == ["scoring-2"]
    assert "1 finished game" in screen.body.value and "Removed from the history" in screen.said.value
    assert [v for _, v in screen.pick.options] == ["scoring-2"]
    screen.undo_btn.click()
    assert [f.id for f in h.finished()] == ["scoring-1", "scoring-2"]  # with its own date, in its place
    assert "2 finished games" in screen.body.value and screen.undo_btn.layout.display == "none"


def test_each_phone_shows_the_final_scorepad_once_the_scoring_is_final(at_the_end, tmp_path, monkeypatch):  # noqa: F811
    from companion.seats import Seats
    from companion.ui.app import App

    app = at_the_end
    token = Seats(app.hub.session.log).all()[0].token
    monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={token}")
    phone = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    monkeypatch.delenv("QUERY_STRING")
    seat = phone.rooms["seat"]
    drawn = lambda: "".join(w.value for w in seat.controls.children if hasattr(w, "value"))  # noqa: E731
    assert "The scores are on the tablet until they are final" in drawn()
    app.scores.mode.value = "fast"
    app.scores.send({"type": "rest-empty"})
    app.scores.finish_btn.click()
    assert phone.poll() or seat.poll()
    shown = drawn()
    names = [p.name for p in app.scores.current_score().players]
    assert "Final scores" in shown and "rf-scorepad" in shown and all(n in shown for n in names)
    winners = app.scores.current_score().winners
    assert (f"Winner: {winners[0]}" if len(winners) == 1 else "Shared victory") in shown


def test_with_one_entry_the_list_to_remove_from_names_it_and_remove_asks_at_once(tmp_path):
    h = FinishedGames(tmp_path)
    keep(h, "scoring-1", "Ben", of="game-1")
    screen = HistoryScreen(h)
    assert screen.pick.value == "scoring-1"  # never an empty choice beside Remove
    screen.remove_btn.click()
    assert screen.asking.layout.display == "flex" and "Ben won" in screen.question.value
    screen.no_btn.click()
    keep(h, "scoring-2", "Ana", of="game-2")
    screen._refresh()
    assert screen.pick.value == "scoring-1"  # a new entry leaves the choice made
