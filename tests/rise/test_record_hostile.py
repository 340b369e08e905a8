"""Rise!: ``rise check`` on hostile input: each answers with one short sentence on stderr and exit 2, never a hang."""

import json
import os
import subprocess
import sys

import pytest

from companion.cli import main


def run(path, timeout=20):
    return subprocess.run([sys.executable, "-m", "companion", "rise", "check", str(path)], check=False, capture_output=True,
                          text=True, timeout=timeout)


def one_sentence(done, *words):
    assert done.returncode == 2, done
    err = done.stderr.strip()
    assert "Traceback" not in err and len(err.splitlines()) == 1 and len(err) < 300, err
    for w in words:
        assert w in err, err
    return err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_with_no_writer_is_refused_not_waited_for(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    one_sentence(run(fifo, timeout=20), "is not a regular file")


def write(tmp_path, doc):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return path


def test_a_version_of_true_is_not_version_1(tmp_path):
    one_sentence(run(write(tmp_path, {"format": "rise/game", "version": True, "actions": []})), "reads version 1", "not True")
    one_sentence(run(write(tmp_path, {"format": "rise/game", "version": 1.0, "actions": []})), "reads version 1")


def test_a_badly_shaped_sacrifice_names_no_internal_key(tmp_path):
    doc = {"format": "rise/game", "version": 1, "actions": [{"type": "eliminate", "sacrifice": [[1, 0], "x"], "target": [6, 0]}]}
    err = one_sentence(run(write(tmp_path, doc)), "each Worker of a sacrifice", "'x'")
    assert "'t'" not in err and "'sacrifice'" not in err


def test_a_4001_digit_coordinate_gets_a_short_sentence(tmp_path):
    big = "9" * 4001
    text = '{"format": "rise/game", "version": 1, "actions": [{"type": "tile", "at": [' + big + ", 0]}]}"
    err = one_sentence(run(write(tmp_path, text)), "a 4,001-digit number")
    assert big[:50] not in err


def test_an_illegal_move_still_exits_1(tmp_path, capsys):
    path = write(tmp_path, {"format": "rise/game", "version": 1, "actions": [{"type": "tile", "at": [0, 0]}]})
    assert main(["rise", "check", str(path)]) == 1
    assert "tile-taken" not in capsys.readouterr().out  # the sentence, not the id, on the text output
