"""Rise!: the game-record file and ``python -m companion rise check | render``."""

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.rise.record import MAX_BYTES, Record, check, load, save

RUSH = [
    {"type": "place", "at": [2, 0]},
    {"type": "tile", "at": [8, 0]},
    {"type": "tile", "at": [9, 0]},
    {"type": "place", "at": [3, 0]},
    {"type": "eliminate", "sacrifice": [[1, 0], [2, 0]], "target": [6, 0]},
]


def write(tmp_path, actions, **extra):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "rise/game", "version": 1, "actions": actions, **extra}))
    return path


def test_check_a_won_game(tmp_path, capsys):
    path = write(tmp_path, RUSH, players={"red": "Ann", "blue": "Ben"})
    assert main(["rise", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "5 legal actions" in out and "Red has won: the other player's last Worker is gone" in out
    assert main(["rise", "check", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["valid"] and doc["winner"] == "red" and doc["reason"] == "elimination" and doc["action"] is None


def test_check_stops_at_the_first_illegal_action(tmp_path, capsys):
    acts = [*RUSH[:3], {"type": "jump", "from": [1, 0], "over": [2, 0]}, *RUSH[3:]]
    path = write(tmp_path, acts)
    assert main(["rise", "check", str(path), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert (doc["valid"], doc["action"], doc["rule"], doc["actions"]) == (False, 3, "jump-enemy", 3)
    assert "Action 3 (jump) is refused: A jump goes over an enemy Worker" in doc["message"]
    assert doc["player"] == "red" and doc["workers"] == {"red": 2, "blue": 1}


def test_towers_are_reported(tmp_path):
    r = check(Record(tuple(RUSH[:1])))
    assert r.valid and r.to_dict()["towers"] == []


@pytest.mark.parametrize(
    "content, words",
    [
        ("{", "is not valid JSON"),
        ("[]", "a game record is a JSON object"),
        ('{"format": "rise-and-fall/layout", "version": 1}', '"format" must be "rise/game"'),
        ('{"format": "rise/game", "version": 9, "actions": []}', "version 1"),
        ('{"format": "rise/game", "version": 1, "actions": {}}', '"actions" must be a list'),
        ('{"format": "rise/game", "version": 1, "actions": [3]}', "action 0 is not an object"),
        ('{"format": "rise/game", "version": 1, "actions": [], "players": {"green": "x"}}', '"players"'),
        ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ],
)
def test_bad_files_get_one_sentence_and_exit_2(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    done = subprocess.run([sys.executable, "-m", "companion", "rise", "check", str(path)], check=False, capture_output=True, text=True)
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_unreadable_files_exit_2(tmp_path, capsys):
    assert main(["rise", "check", str(tmp_path / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 10))
    assert main(["rise", "check", str(big)]) == 2
    assert "larger than 4 MB" in capsys.readouterr().err
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main(["rise", "check", str(binary)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
    assert main(["rise", "check", str(tmp_path)]) == 2


def test_unknown_command_exits_2():
    done = subprocess.run([sys.executable, "-m", "companion", "rise", "frobnicate"], check=False, capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_render_png_and_svg(tmp_path, capsys):
    path = write(tmp_path, RUSH[:4])
    png, svg = tmp_path / "p.png", tmp_path / "p.svg"
    assert main(["rise", "render", str(path), "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["rise", "render", str(path), "-o", str(svg), "--upto", "1"]) == 0
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<circle") >= 3 and "Turn 2: Blue to play" in text
    assert main(["rise", "render", str(path), "-o", str(tmp_path / "p.gif")]) == 2


def test_save_keeps_unknown_keys(tmp_path):
    path = write(tmp_path, RUSH, note="kept")
    rec = load(path)
    save(rec, tmp_path / "again.json")
    again = load(tmp_path / "again.json")
    assert again == rec and again.extra == {"note": "kept"}


def test_rise_and_fall_commands_still_answer(capsys):
    assert main(["check", "/nonexistent.json"]) == 2
