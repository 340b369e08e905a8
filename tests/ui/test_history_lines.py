"""History shows every finished game, also one scored with Guilds or Tales (whose scores keep
each guild's and Tale's lines beside the points), and one odd record never hides the others:
it is named in a sentence and the rest are shown."""

import json
import sqlite3

from companion.history import FinishedGames, stats
from companion.rise_and_fall.history import History
from companion.rise_and_fall.scoring.scoring import PlayerScore, Score
from companion.rise_and_fall.variants.guilds.guilds import GuildLine
from companion.rise_and_fall.variants.tales.tales import TaleLine
from companion.ui.app import App
from companion.ui.history_screen import HistoryScreen, categories


def player(name: str, economy: int, guilds=(), tales=()) -> PlayerScore:
    return PlayerScore(name, economy, economy, 10, 12, 20, {}, guild_lines=tuple(guilds), tale_lines=tuple(tales))


def keep_guilds_and_tales_game(root) -> None:
    """A finished game with the Guilds and the Tales, kept as the Scores screen's Final keeps it."""
    ana = player("Ana", 9, guilds=[GuildLine("trophy-hunters", "Trophy Hunters: Dragon Trophy doubled", 20)],
                 tales=[TaleLine(3, "Dragon Trophy", 20)])
    ben = player("Ben", 7, guilds=[GuildLine("collectors", "Collectors: 4 resources", 8)])
    h = History(root)
    h.record("g-tales", "Dragon Coast", Score([ana, ben], []), {"Ana": "#d33b2c", "Ben": "#2a5db0"})
    h.close()


def keep_plain_game(root, log_id: str = "g-plain", world: str = "Four Winds") -> None:
    h = History(root)
    h.record(log_id, world, Score([player("Ana", 5), player("Cy", 11)], []))
    h.close()


def test_the_statistics_add_up_points_only_never_the_lines_kept_beside_them(tmp_path):
    keep_guilds_and_tales_game(tmp_path)
    keep_plain_game(tmp_path)
    games = FinishedGames(tmp_path).finished()
    cats = categories(games)
    assert "guild_lines" not in cats and "tale_lines" not in cats
    assert {"economy", "guilds", "tales"} <= set(cats)
    st = stats(games, cats)  # a TypeError (int += list) before
    assert st["averages"]["Ana"]["guilds"] == 10.0 and st["averages"]["Ana"]["tales"] == 10.0
    assert st["totals"]["Ana"] == [9 + 42 + 20 + 20, 5 + 42]
    # even asked to add up the lines, the statistics add up numbers only
    assert stats(games, ("guild_lines", "economy"))["averages"]["Ana"] == {"guild_lines": 0.0, "economy": 7.0}


def test_history_shows_a_game_with_guilds_and_tales_with_its_lines(tmp_path):
    keep_guilds_and_tales_game(tmp_path)
    body = HistoryScreen(FinishedGames(tmp_path)).body.value
    assert "1 finished game" in body and "Dragon Coast" in body
    assert "<th>Guilds</th>" in body and "<th>Tales</th>" in body
    assert "Guild_Lines" not in body and "Tale_Lines" not in body and "[{" not in body
    assert "Trophy Hunters: Dragon Trophy doubled: +20 VP" in body
    assert "Dragon Trophy: +20 VP" in body and "Collectors: 4 resources: +8 VP" in body


def test_the_history_of_every_game_and_rise_and_fall_s_history_tab_open(tmp_path, monkeypatch):
    keep_guilds_and_tales_game(tmp_path / "d")
    app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    app.show_history()  # the shelf's "History of every game"
    assert "Something went wrong" not in app.alert.value
    assert "Dragon Coast" in app._history.body.value
    app.choose("rise-and-fall", "history")  # the History tab of the game's bar
    assert app.place == "History" and "Dragon Coast" in app._history.body.value
    monkeypatch.setenv("QUERY_STRING", "game=rise-and-fall&screen=history")  # a fresh page at that address
    fresh = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
    assert fresh.place == "History" and "Dragon Coast" in fresh._history.body.value


def odd_rows(path) -> None:
    """Rows no companion writes: a player's points as words, a player as a number, scores that
    are not JSON, winners that are not a list."""
    db = sqlite3.connect(path)
    rows = [
        ("odd-words", 1.0, "Words Isle", json.dumps({"Ana": {"economy": "lots", "total": "many"}}), json.dumps(["Ana"])),
        ("odd-number", 2.0, "Number Isle", json.dumps({"Ben": 12}), json.dumps(["Ben"])),
        ("odd-json", 3.0, "Broken <Isle>", "{not json", "[]"),
        ("odd-winners", 4.0, "Winners Isle", json.dumps({"Cy": {"economy": 3, "total": 3}}), json.dumps("Cy")),
    ]
    db.executemany("INSERT INTO finished (id, at, world, scores, winners, game) VALUES (?, ?, ?, ?, ?, 'rise-and-fall')", rows)
    db.commit()
    db.close()


def test_an_odd_record_is_named_in_a_sentence_and_every_other_game_is_shown(tmp_path):
    keep_plain_game(tmp_path, "g-1", "Four Winds")
    odd_rows(tmp_path / "history.sqlite")
    keep_guilds_and_tales_game(tmp_path)
    games = FinishedGames(tmp_path).finished()
    assert [f.problem is not None for f in games] == [True, True, True, True, False, False]
    st = stats(games, categories(games))
    assert st["games"] == 2 and st["totals"]["Ana"] == [5 + 42, 9 + 42 + 20 + 20]
    for screen in (HistoryScreen(FinishedGames(tmp_path)), HistoryScreen(FinishedGames(tmp_path), "rise-and-fall")):
        body = screen.body.value
        assert "Four Winds" in body and "Dragon Coast" in body and "2 finished games" in body
        for world in ("Words Isle", "Number Isle", "Broken &lt;Isle&gt;", "Winners Isle"):
            assert f"{world}</b> cannot be shown" in body, world
        assert "Broken <Isle>" not in body
        assert "the points of Ana are not numbers" in body
    assert History(tmp_path).stats()["games"] == 2


def test_a_record_that_breaks_the_drawing_is_named_and_the_others_shown(tmp_path, monkeypatch):
    keep_plain_game(tmp_path, "g-1", "Four Winds")
    keep_plain_game(tmp_path, "g-2", "Harbour")
    import companion.ui.history_screen as hs

    real = hs.scorepad_html

    def breaks_on_harbour(f, colours=None):
        if f.world == "Harbour":
            raise ValueError("a drawing that fails")
        return real(f, colours)

    monkeypatch.setattr(hs, "scorepad_html", breaks_on_harbour)
    body = HistoryScreen(FinishedGames(tmp_path)).body.value
    assert "Four Winds" in body and "Harbour</b> cannot be shown" in body
