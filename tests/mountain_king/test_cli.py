"""``python -m companion mountain-king score FILE.json [--json]``: the page's output exactly, exit 2 on a bad file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli

from .helpers import example, example_text, wave2


@pytest.mark.parametrize("n", [0, 1])
def test_the_command_prints_the_page_s_json_byte_for_byte(tmp_path, capsys, n):
    f = tmp_path / "wave.json"
    f.write_text(example_text(n), encoding="utf-8")
    assert cli.main(["mountain-king", "score", str(f), "--json"]) == 0
    out, err = capsys.readouterr()
    assert out == example(n)[1] + "\n" and err == ""


def test_the_plain_output_is_a_scorepad_and_names_the_winner(tmp_path, capsys):
    f = tmp_path / "wave.json"
    f.write_text(example_text(1), encoding="utf-8")
    assert cli.main(["mountain-king", "score", str(f)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The end of Wave III.\n")
    assert "Yellow            2      17           5     24     84" in out
    assert "Great Hall 1 (8): Yellow, Pink and the Gnomes tie, Yellow and Pink gain 2 each." in out
    assert out.endswith("Pink wins with 86 Honour: tied with Green, Pink has the most Votes on the Clan board (6).\n")


def test_a_bad_file_exits_2_with_one_sentence_per_broken_rule_each_beginning_with_its_id(tmp_path, capsys):
    doc = wave2()
    doc["wave"] = 7
    doc["caverns"][3]["trolls"] = {"Blue": 1}
    doc["caverns"][0]["domain"] = "Hammer"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(doc), encoding="utf-8")
    assert cli.main(["mountain-king", "score", str(f), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert [line.split(":")[0] for line in err.splitlines()] == ["wave", "unknown-domain", "trolls-and-gnomes"]


@pytest.mark.parametrize("content", [b"{nope", b'{"a": 1, "a": 2}', b"\xff\xfe", b'{"wave": NaN}'])
def test_what_is_not_json_exits_2_with_the_json_rule(tmp_path, capsys, content):
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    assert cli.main(["mountain-king", "score", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("json: ") and len(err.splitlines()) == 1


def test_a_missing_file_is_one_sentence_too(tmp_path, capsys):
    assert cli.main(["mountain-king", "score", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.startswith("json: ")


def test_the_whole_process_runs_without_a_traceback(tmp_path):
    f = tmp_path / "wave.json"
    f.write_text(example_text(0), encoding="utf-8")
    root = Path(__file__).parents[2]
    r = subprocess.run([sys.executable, "-m", "companion", "mountain-king", "score", str(f), "--json"],
                       capture_output=True, text=True, cwd=root, timeout=60)
    assert r.returncode == 0 and r.stdout == example(0)[1] + "\n"
