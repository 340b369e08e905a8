"""The command line of formats.md, run as a real process."""

import json
import subprocess
import sys

import pytest
from helpers import complete_layout

from companion.rise_and_fall.world.layout import save


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, cwd=cwd)


def test_new_then_check(tmp_path):
    out = tmp_path / "w.json"
    p = run("new", "--players", "3", "--seed", "11", "-o", str(out))
    assert p.returncode == 0, p.stderr
    p = run("check", str(out), "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout) == {"valid": True, "complete": True, "tile": None, "rule": None, "message": json.loads(p.stdout)["message"]}


def test_same_seed_same_world(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run("new", "--players", "2", "--seed", "5", "-o", str(a))
    run("new", "--players", "2", "--seed", "5", "-o", str(b))
    assert a.read_bytes() == b.read_bytes()


def test_illegal_layout_exits_1_with_the_rule(tmp_path):
    doc = json.loads(complete_layout(2).dumps())
    doc["tiles"][3]["q"] += 40
    p_ = tmp_path / "bad.json"
    p_.write_text(json.dumps(doc))
    p = run("check", str(p_), "--json")
    assert p.returncode == 1
    out = json.loads(p.stdout)
    assert out["valid"] is False and out["tile"] == 3 and out["rule"] == "sea-touch"


@pytest.mark.parametrize(
    "content,needle",
    [("{oops", "not valid JSON"), ('{"format": "rise-and-fall/layout", "version": 1, "players": 2, "tiles": [{"tile": "sea", "q": 0, "r": 0, "rotation": 9}]}', "tile 0")],
)
def test_unreadable_files_exit_2_with_a_sentence(tmp_path, content, needle):
    p_ = tmp_path / "bad.json"
    p_.write_text(content)
    for cmd in (["check", str(p_)], ["render", str(p_), "-o", str(tmp_path / "x.png")]):
        p = run(*cmd)
        assert p.returncode == 2
        assert needle in p.stderr and "Traceback" not in p.stderr
        assert len(p.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.png").exists()


def test_missing_file_exits_2(tmp_path):
    p = run("check", str(tmp_path / "nope.json"))
    assert p.returncode == 2 and "no such file" in p.stderr


@pytest.mark.parametrize("ext,magic", [(".svg", b"<svg"), (".png", b"\x89PNG")])
def test_render(tmp_path, ext, magic):
    src = tmp_path / "w.json"
    save(complete_layout(2), src)
    out = tmp_path / f"w{ext}"
    p = run("render", str(src), "-o", str(out))
    assert p.returncode == 0, p.stderr
    assert out.read_bytes().startswith(magic)


def test_render_png_shows_terrain_and_cliffs(tmp_path):
    from PIL import Image

    from companion.rise_and_fall.world.views import CLIFF, TERRAIN_COLOURS

    src = tmp_path / "w.json"
    save(complete_layout(4), src)
    out = tmp_path / "w.png"
    assert run("render", str(src), "-o", str(out)).returncode == 0
    colours = {c for _, c in Image.open(out).convert("RGB").getcolors(1 << 20)}

    def rgb(h):
        return tuple(int(h[i : i + 2], 16) for i in (1, 3, 5))

    for terrain in ("sea", "plains", "forest", "mountain", "glacier"):
        assert rgb(TERRAIN_COLOURS[terrain]) in colours, terrain
    assert rgb(CLIFF) in colours


def test_a_bare_command_line_says_in_one_sentence_where_to_look():
    p = run()
    assert p.returncode == 2 and p.stdout == ""
    said = p.stderr.strip()
    assert "\n" not in said and "--help" in said and said.endswith("."), said
    p = run("rise-and-fall")  # a game without a command
    assert p.returncode == 2 and "--help" in p.stderr and "Traceback" not in p.stderr


def _commands_of(parser):
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield name, sub
                yield from ((f"{name} {n}", s) for n, s in _commands_of(sub))


def test_every_command_says_what_it_does_and_every_argument_what_it_is():
    from companion.cli import build_parser

    commands = [(name, sub) for name, sub in _commands_of(build_parser()) if " " in name]  # game + command
    assert {"rise-and-fall check", "rise-and-fall new", "rise-and-fall render", "rise-and-fall score", "rise check"} <= {n for n, _ in commands}
    for name, sub in commands:
        assert sub.description and sub.description.strip().endswith("."), name
        for action in sub._actions:
            if action.dest != "help":
                assert action.help, f"{name}: {action.dest} has no help text"
    p = run("new", "--help")  # version 1's form
    assert p.returncode == 0 and "Build a complete random World" in p.stdout and "the random seed" in p.stdout
