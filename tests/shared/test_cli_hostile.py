"""Hostile input on the command line: exit 2 and one sentence, never a traceback, never a hang,
bounded memory."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import complete_layout

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile-names.json"


def limited() -> None:  # bounded memory: 1 GiB of address space is far more than a real file needs
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def run(*args, timeout: float = 60):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, timeout=timeout, preexec_fn=limited)


def one_sentence(p) -> str:
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode == 2, (p.returncode, err[-500:])
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err[-500:]
    assert len(err) < 600, err[:600]
    return err


def layout_doc() -> dict:
    return json.loads(complete_layout(3).dumps())


def write(tmp_path, doc, name="f.json") -> Path:
    p = tmp_path / name
    p.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return p


def position_doc() -> dict:
    return json.loads(HOSTILE.read_text(encoding="utf-8"))


CASES = {
    "an integer longer than Python's digit limit": lambda: json.dumps(layout_doc()).replace('"players": 3', '"players": ' + "9" * 5000),
    "a coordinate of 4,000 digits": lambda: {**layout_doc(), "tiles": [{"tile": "sea", "q": int("9" * 4000), "r": 0, "rotation": 0}]},
    "a tile far away": lambda: {**layout_doc(), "tiles": layout_doc()["tiles"] + [{"tile": "glacier", "q": 1000, "r": -1000, "rotation": 0}]},
    "a lone surrogate in a layout name": lambda: '{"format": "rise-and-fall/layout", "version": 1, "name": "A\\ud800", "players": 2, "tiles": []}',
    "an invalid colour in a layout": lambda: {**layout_doc(), "colours": ['#"/><script>', "red", "blue"]},
    "a lone surrogate in a player's name": lambda: json.dumps(position_doc()).replace("onerror", "\\udc80onerror"),
    "an invalid colour for a player": lambda: {**position_doc(), "players": [{**position_doc()["players"][0], "colour": "javascript:x"}] + position_doc()["players"][1:]},
    "a piece far away": lambda: {**position_doc(), "pieces": [[1000, 1000, position_doc()["players"][0]["name"], "ship"]]},
    "gold with 4,000 digits": lambda: {**position_doc(), "players": [{**position_doc()["players"][0], "gold": int("9" * 4000)}] + position_doc()["players"][1:]},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hostile_files_exit_2_with_one_sentence(tmp_path, case):
    f = write(tmp_path, CASES[case]())
    is_position = "position" in f.read_text(encoding="utf-8")[:2000] and "rise-and-fall/position" in f.read_text(encoding="utf-8")
    commands = [["render", str(f), "-o", str(tmp_path / "x.svg")], ["render", str(f), "-o", str(tmp_path / "x.png")]]
    commands.append(["score", str(f), "--json"] if is_position else ["check", str(f), "--json"])
    for cmd in commands:
        one_sentence(run(*cmd))
    assert not (tmp_path / "x.svg").exists() and not (tmp_path / "x.png").exists()


def test_dev_zero_is_refused_after_a_bounded_read():
    for cmd in (["check", "/dev/zero"], ["score", "/dev/zero"], ["render", "/dev/zero", "-o", "/tmp/never.png"]):
        assert "larger than" in one_sentence(run(*cmd, timeout=30))


def test_a_fifo_with_no_writer_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    one_sentence(run("check", str(fifo), timeout=30))


def test_a_fifo_with_a_writer_is_read(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    p = subprocess.Popen([sys.executable, "-m", "companion", "check", str(fifo), "--json"], stdout=subprocess.PIPE)
    with open(fifo, "w") as w:
        w.write(complete_layout(2).dumps())
    out, _ = p.communicate(timeout=30)
    assert p.returncode == 0 and json.loads(out)["complete"]


def test_a_folder_as_input(tmp_path):
    assert "folder" in one_sentence(run("check", str(tmp_path)))


@pytest.mark.parametrize("where", ["under-a-file", "a-folder"])
def test_an_unwritable_output_path(tmp_path, where):
    f = tmp_path / "w.json"
    f.write_text(complete_layout(2).dumps())
    out = tmp_path / "w.json" / "x.png" if where == "under-a-file" else tmp_path / "dir.svg"
    if where == "a-folder":
        out.mkdir()
    for cmd in (["render", str(f), "-o", str(out)], ["new", "--players", "2", "--seed", "1", "-o", str(out)]):
        assert "cannot be written" in one_sentence(run(*cmd))


def test_a_read_only_output_folder(tmp_path):
    if os.geteuid() == 0:
        target = Path("/proc/companion-test.svg")  # root may write anywhere but /proc
    else:
        (tmp_path / "ro").mkdir(mode=0o500)
        target = tmp_path / "ro" / "x.svg"
    f = tmp_path / "w.json"
    f.write_text(complete_layout(2).dumps())
    assert "cannot be written" in one_sentence(run("render", str(f), "-o", str(target)))


def test_hostile_arguments(tmp_path):
    one_sentence(run("new", "--players", "3", "--seed", "9" * 5000, "-o", str(tmp_path / "x.json")))
    one_sentence(run("new", "--players", "9" * 5000, "--seed", "1", "-o", str(tmp_path / "x.json")))
    bad_name = os.fsdecode(b"World \xff\xfe")  # bytes that are not UTF-8 arrive as lone surrogates
    assert "not valid text" in one_sentence(run("new", "--players", "2", "--seed", "1", "--name", bad_name, "-o", str(tmp_path / "x.json")))
    assert not (tmp_path / "x.json").exists()


def test_a_huge_seed_within_the_digit_limit_still_makes_a_world(tmp_path):
    p = run("new", "--players", "2", "--seed", "9" * 4000, "-o", str(tmp_path / "x.json"))
    assert p.returncode == 0, p.stderr
