"""No screen holds a rule or writes History (issue 32): a game's ``screens/`` draw what its core offers and send
the action; the refusals are the core's (``IllegalAction`` with its rule id) and History is read from the logs
(``companion.history``). Checked on the source of every ``screens/`` module of every registered game and of
``companion/ui/``: no ``IllegalAction`` (or a subclass) made there, no ``rule=`` named there, no History written
(``keep``, ``record``, ``FinishedGames(...)`` with a write)."""

from __future__ import annotations

import ast
from importlib import resources
from pathlib import Path

import pytest

from companion import games

WRITES = {"keep", "record"}  # FinishedGames.keep, Rise & Fall's History.record


def _screen_modules() -> list[Path]:
    out: list[Path] = []
    for game in games.games():
        package = game.screens.split(":")[0].rsplit(".screens", 1)[0]
        root = Path(str(resources.files(package)))
        out += sorted((root / "screens").rglob("*.py")) if (root / "screens").is_dir() else [root / "screens.py"]
    out += sorted((Path(str(resources.files("companion"))) / "ui").rglob("*.py"))
    return [p for p in out if p.exists()]


MODULES = _screen_modules()


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = _name(node.func)
            if called.endswith("Illegal") or called == "IllegalAction":
                out.append(f"line {node.lineno}: makes a refusal ({called}): a rule the core should hold")
            if any(k.arg == "rule" for k in node.keywords):
                out.append(f"line {node.lineno}: names a rule id (rule=...)")
            if called in WRITES and isinstance(node.func, ast.Attribute) and "hist" in ast.unparse(node.func.value).lower():
                out.append(f"line {node.lineno}: writes History ({ast.unparse(node.func)})")
    return out


def test_there_are_screens_to_check() -> None:
    assert len(MODULES) >= 20 and any(p.parent.name == "ui" for p in MODULES)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def test_no_screen_makes_a_refusal_or_writes_history(path: Path) -> None:
    assert _offences(path) == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    bad = tmp_path / "screen.py"
    bad.write_text("def f(self):\n    raise IllegalAction('No.', rule='mine')\n\ndef g(self):\n    self.table.history().keep(1)\n")
    assert len(_offences(bad)) == 3
