"""A game joined in progress: the ``rise-and-fall/state`` file, checked with a sentence (and a rule id) per problem, a
script's way to build one, and the log whose first action holds it (undo stops there)."""

import json

import pytest
from conftest import quote

from companion.errors import FileFormatError, IllegalAction
from companion.gamelog import GameLog, GameStore, Session
from companion.rise_and_fall.play import state_file as S
from companion.rise_and_fall.play.public import describe
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from rise_and_fall.test_tracker import NAMES, started

R = TrackerRules()
COLOURS = ("red", "yellow", "green")


def three_temples():
    """'Red has 3 Temples, 5 Stone and 3 Wood' at turn 9, without playing 40 turns."""
    st = S.state(list(zip(NAMES, COLOURS)), turn=9, first=1)
    eric = st.players[0]
    eric.pieces.update(temple=3, city=2)
    eric.reserve.remove("temple")
    eric.hand.append("temple")
    eric.stone, eric.wood, eric.gold = 5, 3, 12
    return st


def start(store, st):
    return store.start("rise-and-fall/game", "joined", R, {"type": "start-from-state", "state": st.to_dict()})


def test_a_script_builds_a_state_and_the_game_goes_on_from_it(tmp_path, rulebook_text):
    quote(rulebook_text, "Each player takes 1 Nomad, 1 City, and 1 Ship as well as the three corresponding Civilization cards "
                         "(Nomad, City, Ship).")
    st = three_temples()
    assert S.problems(st) == []
    s = start(GameStore(tmp_path), st)
    g = s.state
    assert (g.phase, g.turn, g.first, g.tracker_version) == ("A", 9, 1, TRACKER_VERSION)
    eric = g.civs[0]
    assert (eric.count("temple"), eric.stone, eric.wood, eric.gold) == (3, 5, 3, 12) and "temple" in eric.hand
    assert g.bank_gold == S.load_rules().bank_gold(3) - 12 and g.bank_stone == 15
    assert describe(s.history()[0].action, g) == "A game in progress for Eric, Cathy and Joanna, from turn 9"
    # play goes on: everyone plays a card, Eric's Temples act
    for i, card in ((1, "city"), (2, "city"), (0, "temple")):
        g = s.do({"type": "play", "player": i, "card": card})
    assert g.phase == "B"


def test_undo_stops_at_the_state(tmp_path):
    s = start(GameStore(tmp_path), three_temples())
    assert not s.can_undo()
    with pytest.raises(IllegalAction) as e:
        s.undo()
    assert e.value.rule == "undo" and "undo stops at the state it started from" in str(e.value)
    with pytest.raises(IllegalAction):
        s.undo_to(0)
    s.do({"type": "play", "player": 1, "card": "city"})
    assert s.can_undo()
    s.undo()
    assert s.state.phase == "A" and s.state.turn == 9 and not s.can_undo()
    again = Session(GameLog(s.log.path), R)  # replayed from the log: the same state
    assert again.state == s.state


def test_a_tracked_games_state_starts_the_same_game(tmp_path):
    g = started()
    st = S.of_game(g)
    joined = R.apply(R.initial(), {"type": "start-from-state", "state": json.loads(st.dumps())})
    assert joined.civs == g.civs and (joined.bank_gold, joined.first, joined.turn) == (g.bank_gold, g.first, g.turn)
    with pytest.raises(FileFormatError) as e:
        S.of_game(R.apply(g, {"type": "play", "player": 0, "card": "city"}))
    assert e.value.rule == "phase"


@pytest.mark.parametrize(("change", "rule", "words"), [
    (lambda st: st.players[0].hand.remove("city"), "cards", "Eric's City card is in no pile"),
    (lambda st: st.players[0].discard.append("city"), "cards", "Eric's City card is in 2 piles"),
    (lambda st: st.players[0].pieces.update(temple=1), "card-state", "If a player controls a type of piece for which they don't"),
    (lambda st: st.players[0].pieces.update(ship=0), "card-state", "If a player loses their last piece of a given type"),
    (lambda st: st.players[0].pieces.update(temple=4), "pieces-per-player", "Eric has 4 temple pieces in the World; each player owns 3"),
    (lambda st: setattr(st.players[1], "wood", 6), "treasury-limit", "a player cannot possess more than 5 Wood and 5 Stones"),
    (lambda st: setattr(st.players[1], "gold", -1), "gold", "Cathy's gold is -1"),
    (lambda st: setattr(st.players[2], "name", "Eric"), "player-names", "Two players are called Eric"),
    (lambda st: setattr(st.players[2], "colour", "red"), "player-colours", "both red"),
    (lambda st: setattr(st.players[2], "colour", "mauve-ish"), "player-colours", "is not a colour"),
    (lambda st: (st.players[0].trophies.append("city"), st.players[1].trophies.append("city")), "one-trophy",
     "The City Trophy is claimed by both Eric and Cathy"),
    (lambda st: [p.trophies.append(t) for p, t in zip(st.players * 2, ("nomad", "city", "ship", "temple", "merchant"))], "game-over",
     "Trophies are claimed: a game to 4 is over"),
    (lambda st: setattr(st, "first", 3), "first-player", "The First Player is one of the players (0 to 2)"),
    (lambda st: setattr(st, "turn", 0), "turn", "The turn is a whole number"),
    (lambda st: setattr(st, "trophies_to_end", 7), "trophies-to-end", "The game ends after 4, 5 or 6 Trophies"),
    (lambda st: setattr(st.players[1], "extinct", True), "extinct", "Cathy is extinct"),
    (lambda st: (st.players[1].discard.extend(st.players[1].hand), st.players[1].hand.clear()), "hand", "no card in hand"),
    (lambda st: setattr(st.players[0], "guilds", ["lumberjacks", "nope"]), "guild-card", "\"nope\" is not a Guild card"),
    (lambda st: (setattr(st.players[0], "guilds", ["miners"]), setattr(st.players[1], "guilds", ["miners"])), "guild-card",
     "The Miners Guild card is in front of Eric and Cathy"),
    (lambda st: setattr(st, "bank", {"gold": -5}), "bank", "The bank's gold is -5"),
])
def test_each_problem_gets_one_sentence_and_its_rule(change, rule, words):
    st = S.state(list(zip(NAMES, COLOURS)))
    change(st)
    found = S.problems(st)
    assert rule in [p.rule for p in found], found
    assert any(words in p for p in found if p.rule == rule), found
    with pytest.raises(IllegalAction) as e:
        R.apply(R.initial(), {"type": "start-from-state", "state": st.to_dict()})
    assert e.value.rule == found[0].rule and "Traceback" not in str(e.value)


def test_the_file_is_read_with_a_sentence_for_what_it_is_not(tmp_path):
    path = tmp_path / "state.json"
    st = three_temples()
    path.write_text(st.dumps())
    assert S.load_state(path).players[0].pieces["temple"] == 3
    doc = st.to_dict()
    for bad, words in ((dict(doc, format="rise-and-fall/position"), "a state file says"), (dict(doc, version=True), "reads version 1"),
                       (dict(doc, phase="B"), "finish the phase at the table first"), ({k: v for k, v in doc.items() if k != "players"}, "'players'"),
                       (dict(doc, players=[{"name": "A", "hand": "city"}]), "'hand' must be a list"), ([], "JSON object")):
        with pytest.raises(FileFormatError, match=words):
            S.parse_state(bad, "state.json")
    with pytest.raises(IllegalAction):
        R.apply(started(), {"type": "start-from-state", "state": doc})  # only as a log's first action


def test_check_answers_for_a_state_file(tmp_path, capsys):
    from companion.cli import main

    path = tmp_path / "state.json"
    path.write_text(three_temples().dumps())
    assert main(["check", str(path)]) == 0
    assert "at the start of turn 9" in capsys.readouterr().out
    st = three_temples()
    st.players[0].pieces["temple"] = 4
    st.players[1].wood = 9
    path.write_text(st.dumps())
    assert main(["check", str(path), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [p["rule"] for p in doc["problems"]] == ["pieces-per-player", "treasury-limit"]
    path.write_text(json.dumps(dict(st.to_dict(), version=2)))
    assert main(["check", str(path)]) == 2


def test_the_tales_in_play_their_buildings_and_trophies(rulebook_text):
    quote(rulebook_text, "There's only one Capital in the game, so the first player to build it is the only one to control it.")
    from rise_and_fall.test_tales_tracker import tale_world

    st = S.state(list(zip(NAMES, COLOURS)), world=tale_world([1, 4, 6]), trophies_to_end=6)
    st.players[0].buildings = {"capital": 1, "bank": 1}
    st.players[0].tale_trophies = [4]
    st.players[1].buildings = {"bank": 1}
    st.world_pieces = {"dragon": 0}  # hunted
    st.players[1].tale_trophies = [1]
    assert S.problems(st) == []
    g = R.apply(R.initial(), {"type": "start-from-state", "state": st.to_dict()})
    assert g.tales.owner("capital") == 0 and g.tales.count(1, "bank") == 1 and g.tales.total("dragon") == 0
    assert g.tales.trophies_of(0) == (4,) and g.claimed == 2
    assert S.of_game(g).to_dict()["players"][0]["buildings"] == {"capital": 1, "bank": 1}
    st.players[1].buildings = {"capital": 1, "port": 1}
    st.players[2].tale_trophies = [4, 9]
    found = {p.rule: p for p in S.problems(st)}
    assert "one-in-game" in found and "2 capitals are in the World; there is 1 in the game." == found["one-in-game"]
    assert found["tale-building"].startswith("Cathy: \"port\" is not a Tale building of this World's Tales")
    assert "The Trophy of Capital is claimed by Eric and Joanna" in found["one-trophy"] and "tale-trophy" in found


def test_a_game_joined_in_progress_keeps_the_rules_it_was_started_under(tmp_path):
    """The state names its rules' version in the log, as a setup does: a game joined today replays under
    today's rules after the rules change; a log of before, whose state names none, under version 7."""
    from companion.rise_and_fall.state.civilizations import STATE_UNSTAMPED_VERSION

    st = three_temples()
    assert "tracker_version" not in st.to_dict()  # a script's or the guided screen's state names none
    s = start(GameStore(tmp_path), st)
    assert s.history()[0].action["state"]["tracker_version"] == TRACKER_VERSION
    assert Session(GameLog(s.log.path), R).state.tracker_version == TRACKER_VERSION
    old = GameLog.create(tmp_path / "old.sqlite", "rise-and-fall/game", "joined before",
                         first={"type": "start-from-state", "state": st.to_dict()})
    assert STATE_UNSTAMPED_VERSION < TRACKER_VERSION
    assert Session(old, R).state.tracker_version == STATE_UNSTAMPED_VERSION
