"""Every rule id the code raises, found by walking the syntax of ``companion/`` (no import, no run).

A rule id reaches a player through a refusal (``IllegalAction(sentence, rule=...)``, Rise!'s ``RiseIllegal``)
or a file check (``Problem``, ``FileFormatError``, a chart's ``Problem(rule, text)``), often through a small
helper (``_no(sentence, rule)``, ``check.add(rule, text)``). The walk finds every function or class with a
parameter named ``rule`` and reads that argument at each of its calls: a constant is a rule id; a name passes
one on (its own callers are read); a computed id (an f-string) must be listed in :data:`COMPUTED`.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "companion"

#: a game's package → its id (a module outside every game's package raises for every game: the log's undo)
PACKAGES = {"rise_and_fall": "rise-and-fall", "rise": "rise", "mountain_king": "mountain-king", "rome1989": "rise-and-fall-1989"}

#: the rule ids an f-string makes, by the f-string's text (the pieces it names are the Tales' few)
COMPUTED = {
    "{}-count": {"port-count", "bridge-count", "floating-city-count"},
    "{}-stays": {"dragon-stays", "leviathan-stays"},
    "{}-setup": {"dragon-setup", "leviathan-setup", "water-elemental-setup"},
}


#: a class whose ``rule`` is not a broken rule: a chart's victory names the scenario's goal ("points")
NOT_BROKEN = {("companion.rome1989.chart", "Victory")}


@dataclass(frozen=True)
class Found:
    rule: str
    game: str  # a game id, or "shared"
    where: str  # path:line


def _game_of(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    return PACKAGES.get(parts[0], "shared") if len(parts) > 1 else "shared"


def _rule_index(node: ast.FunctionDef | ast.ClassDef) -> int | None:
    """The position of the ``rule`` parameter (self not counted), or None."""
    if isinstance(node, ast.ClassDef):
        init = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name in ("__init__", "__new__")), None)
        if init is None:  # a dataclass: its fields in order
            fields = [n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
            return fields.index("rule") if "rule" in fields else None
        node = init
        names = [a.arg for a in node.args.posonlyargs + node.args.args][1:]
    else:
        names = [a.arg for a in node.args.posonlyargs + node.args.args]
        if names and names[0] in ("self", "cls"):
            names = names[1:]
    if "rule" in names:
        return names.index("rule")
    if "rule" in [a.arg for a in node.args.kwonlyargs]:
        return -1
    return None


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


@lru_cache(maxsize=1)
def _parsed() -> dict[str, tuple[Path, ast.Module]]:
    return {_module_name(p): (p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(ROOT.rglob("*.py"))}


def _definitions() -> dict[tuple[str, str], int]:
    out = {}
    for mod, (_p, tree) in _parsed().items():
        for n in ast.walk(tree):
            if (mod, n.name if isinstance(n, (ast.FunctionDef, ast.ClassDef)) else "") in NOT_BROKEN:
                continue
            if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and (i := _rule_index(n)) is not None:
                out[(mod, n.name)] = i
    names = {name: i for (_m, name), i in out.items()}
    for mod, (_p, tree) in _parsed().items():  # a subclass without its own fields: its base's (RiseIllegal)
        for n in ast.walk(tree):
            if isinstance(n, ast.ClassDef) and (mod, n.name) not in out:
                base = next((b.id for b in n.bases if isinstance(b, ast.Name) and b.id in names), None)
                if base is not None and _rule_index(n) is None:
                    out[(mod, n.name)] = names[base]
    return out


def _imports(mod: str, tree: ast.Module) -> dict[str, tuple[str, str]]:
    out = {}
    package = mod.split(".")
    is_pkg = _parsed()[mod][0].name == "__init__.py"
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom):
            base = package if is_pkg else package[:-1]
            if n.level:
                base = base[: len(base) - (n.level - 1)] if n.level > 1 else base
                source = ".".join(base + ([n.module] if n.module else []))
            else:
                source = n.module or ""
            for a in n.names:
                out[a.asname or a.name] = (source, a.name)
    return out


def _strings(tree: ast.Module) -> dict[str, str]:
    """A module's constants: ``NAME = "text"`` at its top level."""
    return {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str) for t in n.targets if isinstance(t, ast.Name)}


def _named(mod: str, name: str) -> str | None:
    """The text a name stands for in a module: its own constant, or one it imports (``rule=SEAT``)."""
    path, tree = _parsed()[mod]
    own = _strings(tree)
    if name in own:
        return own[name]
    source = _imports(mod, tree).get(name)
    if source and source[0] in _parsed():
        return _strings(_parsed()[source[0]][1]).get(source[1])
    return None


def _constants(expr: ast.expr, mod: str = "") -> tuple[set[str], set[str]]:
    """The rule ids a ``rule`` argument can be: (constants, f-string texts)."""
    if isinstance(expr, ast.Name) and mod and (text := _named(mod, expr.id)) is not None:
        return {text}, set()
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}, set()
    if isinstance(expr, ast.JoinedStr):
        return set(), {"".join(v.value if isinstance(v, ast.Constant) else "{}" for v in expr.values)}
    if isinstance(expr, (ast.Name, ast.Attribute, ast.Subscript, ast.Constant)):
        return set(), set()  # passed on from elsewhere: its callers are read
    if isinstance(expr, ast.Call):  # rule_of(problem, "default"): the default
        expr_args = [a for a in expr.args[1:]] + [k.value for k in expr.keywords]
    elif isinstance(expr, ast.BoolOp):
        expr_args = expr.values
    elif isinstance(expr, ast.IfExp):
        expr_args = [expr.body, expr.orelse]
    else:
        raise AssertionError(f"a rule id the walk cannot read: {ast.unparse(expr)}")
    consts: set[str] = set()
    texts: set[str] = set()
    for a in expr_args:
        c, t = _constants(a, mod)
        consts |= c
        texts |= t
    return consts, texts


@lru_cache(maxsize=1)
def raised() -> tuple[Found, ...]:
    """Every rule id raised in ``companion/``, where, and for which game."""
    defs = _definitions()
    by_name = defaultdict(list)
    for (mod, name), i in defs.items():
        by_name[name].append((mod, i))
    out: list[Found] = []
    for mod, (path, tree) in _parsed().items():
        imports = _imports(mod, tree)
        for n in ast.walk(tree):
            if not isinstance(n, ast.Call):
                continue
            index = None
            if isinstance(n.func, ast.Name):
                key = (mod, n.func.id) if (mod, n.func.id) in defs else imports.get(n.func.id)
                index = defs.get(key) if key else None
            elif isinstance(n.func, ast.Attribute):
                local = (mod, n.func.attr)
                if local in defs:
                    index = defs[local]
                elif n.func.attr in ("IllegalAction", "RiseIllegal", "FileFormatError"):
                    index = 1
            if index is None and not any(k.arg == "rule" for k in n.keywords):
                continue
            exprs = [k.value for k in n.keywords if k.arg == "rule"]
            if not exprs and index is not None and 0 <= index < len(n.args):
                exprs = [n.args[index]]
            for e in exprs:
                consts, texts = _constants(e, mod)
                for t in texts:
                    assert t in COMPUTED, f"{path}:{n.lineno}: a computed rule id {t!r} not listed in COMPUTED"
                    consts |= COMPUTED[t]
                out += [Found(c, _game_of(path), f"{path.relative_to(ROOT.parent)}:{n.lineno}") for c in consts if c]  # "" is no rule
    return tuple(out)


def rule_ids() -> dict[str, set[str]]:
    """game id (or "shared") → the rule ids raised in its package."""
    out: dict[str, set[str]] = defaultdict(set)
    for f in raised():
        out[f.game].add(f.rule)
    return dict(out)


if __name__ == "__main__":
    for game, ids in sorted(rule_ids().items()):
        print(game, len(ids), " ".join(sorted(ids)))
