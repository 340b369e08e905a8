"""Every game's commands against hostile files: each row a command, a hostile input, the exit code and a fragment
of the sentence it must answer with. Each run is a child process under a 4 GiB address-space cap and a timeout:
it answers (never hangs, never a traceback), says little (the first problems and a count, long values cut), and
writes nothing."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from helpers import complete_layout

ROOT = Path(__file__).resolve().parents[2]
CHART = ROOT / "tests" / "rome1989" / "examples" / "example1.json"
HOSTILE = ROOT / "tests" / "data" / "hostile-names.json"
CAP = 4 << 30  # 4 GiB of address space
MOST_SAID = 8_000  # characters a refusal may print: 20 problems of a few hundred characters, and the count


def capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


def wave() -> dict:
    sys.path.insert(0, str(ROOT / "tests"))
    from mountain_king.helpers import wave2

    return wave2()


def chart() -> dict:
    return json.loads(CHART.read_text(encoding="utf-8"))


def record() -> dict:
    return {"format": "rise/game", "version": 1, "actions": []}


def layout() -> str:
    return complete_layout(2).dumps()


def position() -> str:
    return HOSTILE.read_text(encoding="utf-8")


# --- hostile inputs: each makes the input file in a folder and returns its path -----------------------------


def fifo(d: Path) -> str:
    p = d / "pipe.json"
    os.mkfifo(p)
    return str(p)


def huge(d: Path) -> str:  # 50 MB, sparse: refused from its size, never read
    p = d / "huge.json"
    with open(p, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    return str(p)


def text(content: str | bytes, name: str = "f.json") -> Callable[[Path], str]:
    def make(d: Path) -> str:
        p = d / name
        p.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
        return str(p)
    return make


def doc(make: Callable[[], dict], change: Callable[[dict], None]) -> Callable[[Path], str]:
    def made(d: Path) -> str:
        x = make()
        change(x)
        return text(json.dumps(x, ensure_ascii=True))(d)
    return made


DIGITS = "9" * 4300


def honour_4300(d: Path) -> str:
    w = wave()
    w["honour_before"] = {p: 1 for p in w["players"]}
    raw = json.dumps(w).replace(f'"{w["players"][0]}": 1', f'"{w["players"][0]}": {DIGITS}', 1)
    return text(raw)(d)


def income_4300(d: Path) -> str:
    raw = json.dumps(chart()).replace('"areas_income": 5', f'"areas_income": {DIGITS}', 1)
    assert DIGITS in raw
    return text(raw)(d)


def surrogate_nation(d: Path) -> str:
    return text(json.dumps(chart()).replace('"Turks"', '"Turks \\ud800"'))(d)


def accented_nation(d: Path) -> str:
    return text(json.dumps(chart(), ensure_ascii=False).replace('"Turks"', '"Türks ‮ Ωmega"'))(d)


def bad_caverns(d: Path) -> str:  # some 4 MB of caverns in no Domain
    w = wave()
    w["caverns"] = [{"id": f"c{i}", "domain": "nowhere"} for i in range(100_000)]
    return text(json.dumps(w, separators=(",", ":")))(d)


def long_chart(d: Path) -> str:  # 30,000 turns, each breaking a rule
    c = chart()
    c["nations"][0]["turns"] = [{"status": "B", "areas_income": 1, "capitol_on_board": True}] * 30_000
    return text(json.dumps(c, separators=(",", ":")))(d)


def long_type(d: Path) -> str:  # an action type of 1 MB
    return text(json.dumps({**record(), "actions": [{"type": "x" * (1 << 20)}]}))(d)


def long_name(d: Path) -> str:  # a nation named with 3,000 characters
    return text(json.dumps(chart()).replace('"Turks"', json.dumps("T" * 3000)))(d)


def nested(d: Path) -> str:
    return text("[" * 100_000 + "]" * 100_000)(d)


def repeated(d: Path) -> str:
    return text('{"format": 1, "format": 2}')(d)


def e400(d: Path) -> str:
    return text('{"format": 1e400}')(d)


def bom(make: Callable[[], dict | str]) -> Callable[[Path], str]:
    def made(d: Path) -> str:
        x = make()
        return text(b"\xef\xbb\xbf" + (x if isinstance(x, str) else json.dumps(x)).encode())(d)
    return made


# --- the commands: what each runs on a file --------------------------------------------------------------

COMMANDS = {
    "rise-and-fall check": ["rise-and-fall", "check", "{f}"],
    "rise-and-fall render": ["rise-and-fall", "render", "{f}", "-o", "{out}/x.svg"],
    "rise-and-fall score": ["rise-and-fall", "score", "{f}"],
    "rise check": ["rise", "check", "{f}"],
    "rise render": ["rise", "render", "{f}", "-o", "{out}/x.svg"],
    "mountain-king score": ["mountain-king", "score", "{f}"],
    "mountain-king score --json": ["mountain-king", "score", "{f}", "--json"],
    "rise-and-fall-1989 chart": ["rise-and-fall-1989", "chart", "{f}"],
    "rise-and-fall-1989 chart --json": ["rise-and-fall-1989", "chart", "{f}", "--json"],
}
FILE_COMMANDS = list(COMMANDS)


@dataclass(frozen=True)
class Case:
    command: str
    hostile: str
    make: Callable[[Path], str]
    code: int
    said: str  # a fragment of what it answers (stderr, or stdout for an answer of exit 0 or 1)
    args: tuple[str, ...] = ()  # in place of the command's own (an output path)
    env: tuple[tuple[str, str], ...] = ()


CASES: list[Case] = []
for command in FILE_COMMANDS:
    CASES += [
        Case(command, "a FIFO with no writer", fifo, 2, "json"),
        # Rise! refuses a pipe or a device unread (docs/rise.md); the others read at most 4 MB of one
        Case(command, "/dev/zero", lambda d: "/dev/zero", 2,
             "not a regular file" if command.startswith("rise ") else "larger than 4 MB"),
        Case(command, "a 50 MB file", huge, 2, "larger than 4 MB"),
        Case(command, "a folder", lambda d: str(d), 2, "is a folder"),
        Case(command, "nesting 100,000 deep", nested, 2, "nested too deeply"),
        Case(command, "a repeated key", repeated, 2, "repeats the key"),
        Case(command, "1e400", e400, 2, "too large to be read"),
    ]
# "json" for the FIFO: Rise & Fall and 1989 read it as empty (not JSON), Rise! refuses a pipe unread
CASES = [c if c.hostile != "a FIFO with no writer" else Case(c.command, c.hostile, c.make, 2, "") for c in CASES]
CASES += [
    Case("mountain-king score", "a 4,300-digit honour_before", honour_4300, 2, "4,300-digit number"),
    Case("mountain-king score --json", "a 4,300-digit honour_before", honour_4300, 2, "4,300-digit number"),
    Case("rise-and-fall-1989 chart", "a 4,300-digit areas_income", income_4300, 2, "4,300-digit number"),
    Case("rise-and-fall-1989 chart --json", "a 4,300-digit areas_income", income_4300, 2, "4,300-digit number"),
    Case("rise-and-fall-1989 chart", "a lone surrogate in a nation's name", surrogate_nation, 2, "\\ud800"),
    Case("rise-and-fall-1989 chart", "a nation named in Greek and an RLO, to an ASCII terminal", accented_nation, 0,
         "T\\xfcrks", env=(("PYTHONIOENCODING", "ascii"),)),
    Case("rise-and-fall-1989 chart", "a 3,000-character nation", long_name, 2, "long-name: nation 1 (TTTT"),
    Case("mountain-king score", "4 MB of bad caverns", bad_caverns, 2, "more problems"),
    Case("rise-and-fall-1989 chart", "a 30,000-turn chart", long_chart, 2, "more problems"),
    Case("rise check", "a 1 MB action type", long_type, 1, "Unknown action"),
    Case("rise-and-fall check", "a byte-order mark", bom(layout), 0, "complete"),
    Case("mountain-king score", "a byte-order mark", bom(wave), 0, "Wave"),
    Case("rise-and-fall-1989 chart", "a byte-order mark", bom(chart), 0, "Turks"),
    Case("rise check", "a byte-order mark", bom(record), 0, "legal actions"),
    Case("rise-and-fall score", "a byte-order mark", bom(position), 0, ""),
]
for out, said in [("/proc/x.svg", "cannot be written"), ("{out}/folder.svg", "it is a folder"),
                  ("{f}/x.svg", "is a file, not a folder"), ("{out}/" + "n" * 5000 + ".svg", "bytes long"),
                  ("{out}/no-such-dir/x.png", "there is no folder")]:
    for command, make in (("rise render", text(json.dumps(record()))), ("rise-and-fall render", text(layout()))):
        CASES.append(Case(command, f"-o {out[:30]}", make, 2, said, args=(*COMMANDS[command][:3], "-o", out)))


def run(case: Case, tmp_path: Path) -> tuple[subprocess.CompletedProcess, Path]:
    files, out = tmp_path / "in", tmp_path / "out"
    files.mkdir()
    out.mkdir()
    (out / "folder.svg").mkdir()  # a folder named as a picture
    f = case.make(files)
    args = [a.replace("{f}", f).replace("{out}", str(out)) for a in (case.args or COMMANDS[case.command])]
    env = {**os.environ, **dict(case.env)}
    p = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, timeout=120,
                       preexec_fn=capped, env=env, stdin=subprocess.DEVNULL, cwd=tmp_path)
    return p, out


@pytest.mark.parametrize("case", CASES, ids=[f"{c.command} | {c.hostile}" for c in CASES])
def test_a_hostile_file_is_answered_with_a_sentence(case, tmp_path):
    p, out = run(case, tmp_path)
    err, said = p.stderr.decode("utf-8", "replace"), p.stdout.decode("utf-8", "replace")
    assert "Traceback" not in err, err[-2000:]
    assert p.returncode == case.code, (p.returncode, err[-1000:], said[-500:])
    answer = err if case.code == 2 else said
    assert case.said in answer, answer[:2000]
    if case.code != 0:
        assert len(err) + len(said) < MOST_SAID, (len(err), len(said), err[:500])
        assert len(err.splitlines()) <= 21, len(err.splitlines())
        assert [x.name for x in out.iterdir()] == ["folder.svg"], list(out.iterdir())  # nothing written or made
        assert list((out / "folder.svg").iterdir()) == []


def test_a_flood_says_how_many_more(tmp_path):
    case = next(c for c in CASES if c.hostile == "4 MB of bad caverns")
    p, _ = run(case, tmp_path)
    lines = p.stderr.decode().splitlines()
    assert len(lines) == 21 and all(x.startswith("unknown-domain: caverns[") for x in lines[:20])
    assert lines[-1] == "… and 99,980 more problems."


def test_a_fifo_with_a_writer_is_still_read(tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    p = subprocess.Popen([sys.executable, "-m", "companion", "rise-and-fall-1989", "chart", str(pipe), "--json"],
                         stdout=subprocess.PIPE, preexec_fn=capped)
    with open(pipe, "w") as w:
        w.write(CHART.read_text(encoding="utf-8"))
    got, _ = p.communicate(timeout=60)
    assert p.returncode == 0 and json.loads(got)["nations"][0]["name"] == "Turks"


LOADERS = {
    "rise-and-fall/layout": "companion.rise_and_fall.world.layout:load",
    "rise-and-fall/position": "companion.rise_and_fall.scoring.position:load_position",
    "rise-and-fall/state": "companion.rise_and_fall.play.state_file:load_state",
    "rise/game": "companion.rise.record:load",
    "mountain-king/wave": "companion.mountain_king.wave:load",
    "mountain-king/board": "companion.jsonfile:read_json",  # then board.parse; the placeholder stands in for a bad one
    "rise-and-fall-1989/chart": "companion.rome1989.chart:read_path",
}


@pytest.mark.parametrize("fmt", sorted(LOADERS))
@pytest.mark.parametrize("bad", [b'{"format": 1, "format": 2}', b'{"a": 1e400}', b'{"a": ' + b"1" * 16 + b"}",
                                 b'["\\ud800"]', b"[" * 70 + b"]" * 70, b"\xff"])
def test_every_format_refuses_with_the_one_error_type(tmp_path, fmt, bad):
    import importlib

    from companion.errors import FileFormatError

    module, name = LOADERS[fmt].split(":")
    f = tmp_path / "f.json"
    f.write_bytes(bad)
    with pytest.raises(FileFormatError) as e:
        getattr(importlib.import_module(module), name)(str(f))
    assert e.value.rules == ["json"] and len(e.value.problems) == 1 and str(f) in e.value.problems[0]


def test_a_damaged_board_file_is_refused_with_the_one_error_type_and_the_placeholder_stands_in(tmp_path):
    from companion.errors import FileFormatError, IllegalAction
    from companion.mountain_king.board import board_path, parse, saved_or_placeholder

    p = board_path(tmp_path, "2-3")
    p.parent.mkdir(parents=True)
    p.write_bytes(b'{"format": "mountain-king/board", "format": 1}')
    assert saved_or_placeholder(tmp_path, "2-3").placeholder
    with pytest.raises(IllegalAction) as e:  # a board refused in the game's log is still an IllegalAction
        parse({"format": "x"})
    assert isinstance(e.value, FileFormatError) and e.value.rules == ["board-format"]
