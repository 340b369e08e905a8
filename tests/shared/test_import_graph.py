"""The import structure of ``companion/``: no circle among its modules, no import from a lower layer up to
a higher one, no module that imports another's private names.

Read from the source (every ``import`` a module runs, in a function too, and the packages' ``__init__`` each import
runs first; not those under ``if TYPE_CHECKING:``, which never run). ``python tests/shared/test_import_graph.py`` prints the figures: modules, imports, circles,
imports up.
"""

from __future__ import annotations

import ast
import functools
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"
GAMES = ("rise_and_fall", "rise", "rome1989", "mountain_king")

#: Rise & Fall's rooms from the lowest up, by module (the longest prefix decides): a module imports only from its
#: own layer and the layers below. The variants' cards and records are data; the World holds the Tale cards it is
#: made with (``world/tale_cards``, ``world/special_areas``) and names no variant; what the Tales add on a World
#: stands on it; the variants' rules sit on the game's state, below the one list of the variants, which the tracker
#: and the files read.
RISE_AND_FALL = [
    ("data", ("numbers", "state.records", "state.counts", "variants", "variants.guilds.guilds", "variants.guilds.state",
              "variants.tales.state")),
    ("world", ("world",)),
    ("the Tales on the World", ("variants.tales.tales", "variants.tales.buildings", "variants.tales.worlds")),
    ("state", ("state",)),
    ("variant rules", ("variants.guilds.variant", "variants.tales.pieces", "variants.tales.in_play", "variants.tales.fantastic",
                       "variants.tales.variant")),
    ("variant list", ("variants.registered",)),
    ("play", ("play",)),
    ("scoring", ("scoring",)),
    ("top", ("", "meta", "files", "cli", "history", "randomplay", "screens")),
]


def modules() -> dict[str, Path]:
    out = {}
    for p in sorted(PACKAGE.rglob("*.py")):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(mods: dict[str, Path]) -> tuple[dict[str, set[str]], list[tuple[str, str, str]]]:
    """Each module's imports of other modules of the package, and the private names imported (module, from, name)."""

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = defaultdict(set)
    private: list[tuple[str, str, str]] = []
    for m, p in mods.items():
        package = m if p.name == "__init__.py" else m.rpartition(".")[0]
        tree = ast.parse(p.read_text(encoding="utf-8"))
        aliases: dict[str, str] = {}
        todo: list[ast.AST] = [tree]
        while todo:
            node = todo.pop()
            for child in ast.iter_child_nodes(node):
                if _type_checking(child):
                    todo.extend(child.orelse)
                    continue
                todo.append(child)
                names: list[str] = []
                if isinstance(child, ast.Import):
                    names = [a.name for a in child.names]
                elif isinstance(child, ast.ImportFrom):
                    base = child.module or ""
                    if child.level:
                        up = package.split(".")[: len(package.split(".")) - child.level + 1]
                        base = ".".join(up + ([base] if base else []))
                    names = [base] + [f"{base}.{a.name}" for a in child.names]
                    for a in child.names:
                        full = f"{base}.{a.name}"
                        if full in mods:
                            aliases[a.asname or a.name] = full
                        elif a.name.startswith("_") and not a.name.startswith("__") and resolve(base):
                            private.append((m, base, a.name))
                for n in names:
                    r = resolve(n)
                    if r and r != m:
                        edges[m].add(r)
                    while r and "." in r:  # importing a module runs its packages' __init__ first
                        r = r.rpartition(".")[0]
                        if r in mods and r != m and not m.startswith(r + "."):  # a module's own packages already run
                            edges[m].add(r)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
                if node.attr.startswith("_") and not node.attr.startswith("__"):
                    private.append((m, aliases[node.value.id], node.attr))
    return edges, private


@functools.cache
def companion_graph() -> tuple[dict[str, Path], dict[str, set[str]], list[tuple[str, str, str]]]:
    """The package's modules, their imports and the private names imported, read once for the tests below."""
    mods = modules()
    edges, private = imports(mods)
    return mods, dict(edges), private


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def tier(m: str) -> int:
    """0 for what every game shares, 1 for ``ui/``, 2 for a game."""
    part = m.split(".")[1] if "." in m else ""
    return 2 if part in GAMES else 1 if part == "ui" else 0


def layer(m: str) -> int | None:
    """The layer of a module of Rise & Fall (None for another module)."""
    prefix = "companion.rise_and_fall"
    if m != prefix and not m.startswith(prefix + "."):
        return None
    rest = m[len(prefix) + 1:]
    best, depth = None, -1
    for k, (_, rooms) in enumerate(RISE_AND_FALL):
        for room in rooms:
            if (rest == room or rest.startswith(room + ".") or room == "") and len(room) > depth:
                best, depth = k, len(room)
    return best


def imports_up(edges: dict[str, set[str]], mods: dict[str, Path]) -> list[str]:
    # a package whose __init__ imports nothing (a docstring) is below everything in it
    empty = {t for t, p in mods.items() if p.name == "__init__.py" and not edges.get(t)}
    out = []
    for m in sorted(edges):
        for t in sorted(edges[m] - empty):
            if tier(t) > tier(m) or (tier(m) == tier(t) == 2 and m.split(".")[1] != t.split(".")[1]):
                out.append(f"{m} -> {t} (a shared module, ui/ or another game reaches into a game)")
            lm, lt = layer(m), layer(t)
            if lm is not None and lt is not None and lt > lm:
                out.append(f"{m} ({RISE_AND_FALL[lm][0]}) -> {t} ({RISE_AND_FALL[lt][0]})")
    return out


def test_no_import_circle_in_companion() -> None:
    _, edges, _ = companion_graph()
    assert circles(edges) == []


def test_no_import_from_a_lower_layer_up() -> None:
    mods, edges, _ = companion_graph()
    assert imports_up(edges, mods) == []


def test_every_module_of_rise_and_fall_has_a_layer() -> None:
    assert [m for m in modules() if m.startswith("companion.rise_and_fall") and layer(m) is None] == []


RF = "companion.rise_and_fall."
#: What ``play/`` may import of ``variants/``: the interface and the list of the variants, never a variant's own module.
PLAY_ASKS_VARIANTS_THROUGH = (RF + "variants", RF + "variants.registered")
#: The modules of ``play/`` that still import a variant's own modules, and which: the file of a game in progress
#: (``state_file``), whose Guild and Tale parts are not yet read and written by hooks of the variants.
#: The list only shrinks: a module of ``play/`` that names a variant anew fails, and so does an import moved away
#: but still listed here.
PLAY_NAMES_VARIANTS = {
    "play.state_file": {"variants.guilds.guilds", "variants.guilds.variant", "variants.tales.fantastic",
                        "variants.tales.in_play", "variants.tales.pieces", "variants.tales.state", "variants.tales.tales"},
}


def between(edges: dict[str, set[str]], mods: dict[str, Path], low: str, high: str) -> dict[str, set[str]]:
    """Each module under ``low`` with the modules under ``high`` it imports (a package that imports nothing left out)."""
    empty = {t for t, p in mods.items() if p.name == "__init__.py" and not edges.get(t)}
    out: dict[str, set[str]] = {}
    for m in sorted(edges):
        if m == low or m.startswith(low + "."):
            found = {t for t in edges[m] - empty if t == high or t.startswith(high + ".")}
            if found:
                out[m] = found
    return out


def test_the_variants_import_nothing_of_play() -> None:
    """The variants stand on the game's state (``state/``), below the base game's rules, which ask them at hook points."""
    mods, edges, _ = companion_graph()
    assert between(edges, mods, RF + "variants", RF + "play") == {}


def test_play_asks_the_variants_through_the_interface_and_the_list_alone() -> None:
    mods, edges, _ = companion_graph()
    named = {m: found - set(PLAY_ASKS_VARIANTS_THROUGH) for m, found in between(edges, mods, RF + "play", RF + "variants").items()}
    left = {RF + m: {RF + t for t in ts} for m, ts in PLAY_NAMES_VARIANTS.items()}
    assert {m: ts for m, ts in named.items() if ts} == left


def test_the_world_names_no_variant() -> None:
    """The World is below the variants: the Tale cards it is made with are its own data (``world/tale_cards``,
    ``world/special_areas``), and the Tales' modules stand on it."""
    mods, edges, _ = companion_graph()
    assert between(edges, mods, RF + "world", RF + "variants") == {}


def test_the_state_imports_no_rule_and_no_variant() -> None:
    mods, edges, _ = companion_graph()
    assert between(edges, mods, RF + "state", RF + "variants") == {}
    assert between(edges, mods, RF + "state", RF + "play") == {}


def test_no_module_imports_another_s_private_names() -> None:
    _, _, private = companion_graph()
    assert private == []


def test_the_checks_see_a_circle_an_import_up_and_a_private_name() -> None:
    """The checks above fail on the shapes they forbid."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    up = {"companion.rise_and_fall.state.civilizations": {"companion.rise_and_fall.play.tracker"},
          "companion.hexgrid": {"companion.ui.board"}}
    assert len(imports_up(up, {})) == 2
    assert layer("companion.rise_and_fall.variants.tales.pieces") > layer("companion.rise_and_fall.state.civilizations")
    assert layer("companion.rise_and_fall.variants") < layer("companion.rise_and_fall.state.civilizations")
    assert layer("companion.rise_and_fall.state.records") < layer("companion.rise_and_fall.variants.guilds.variant")
    edges = {RF + "variants.tales.pieces": {RF + "play.tracker", RF + "state"}, RF + "state": set(),
             RF + "play.offers": {RF + "variants", RF + "variants.tales.pieces"}}
    mods = {RF + "state": Path("state/__init__.py")}
    assert between(edges, mods, RF + "variants", RF + "play") == {RF + "variants.tales.pieces": {RF + "play.tracker"}}
    assert between(edges, mods, RF + "play", RF + "variants") == {RF + "play.offers": {RF + "variants", RF + "variants.tales.pieces"}}
    world = {RF + "world.builder": {RF + "world.tale_cards", RF + "variants.tales.tales"}}
    assert between(world, {}, RF + "world", RF + "variants") == {RF + "world.builder": {RF + "variants.tales.tales"}}
    assert layer(RF + "world.tale_cards") < layer(RF + "variants.tales.tales") < layer(RF + "state.civilizations")


def test_the_reading_finds_private_names_and_leaves_out_type_checking(tmp_path: Path) -> None:
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("from typing import TYPE_CHECKING\nfrom companion.x.b import _hidden\nfrom companion.x import b as B\n"
                 "if TYPE_CHECKING:\n    from companion.x.c import C\n\ndef f():\n    return B._other()\n", encoding="utf-8")
    b.write_text("", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    package, d = tmp_path / "sub" / "__init__.py", tmp_path / "sub" / "d.py"
    package.write_text("from companion.x.a import f\n", encoding="utf-8")
    d.write_text("X = 1\n", encoding="utf-8")
    a.write_text(a.read_text(encoding="utf-8") + "from companion.x.sub.d import X\n", encoding="utf-8")
    mods = {"companion.x.a": a, "companion.x.b": b, "companion.x.c": b, "companion.x.sub": package, "companion.x.sub.d": d}
    edges, private = imports(mods)
    # importing a submodule runs its package's __init__ first: here a circle a -> sub -> a
    assert edges["companion.x.a"] == {"companion.x.b", "companion.x.sub", "companion.x.sub.d"}
    assert circles(edges) == [["companion.x.a", "companion.x.sub"]]
    assert sorted(private) == [("companion.x.a", "companion.x.b", "_hidden"), ("companion.x.a", "companion.x.b", "_other")]

if __name__ == "__main__":
    mods = modules()
    edges, private = imports(mods)
    found = circles(edges)
    up = imports_up(edges, mods)
    print(f"{len(mods)} modules, {sum(len(v) for v in edges.values())} imports between them")
    print(f"{len(found)} import circle(s)" + "".join(f"\n  {' <-> '.join(c)}" for c in found))
    print(f"{len(up)} import(s) from a lower layer up" + "".join(f"\n  {u}" for u in up))
    print(f"{len(private)} private name(s) imported" + "".join(f"\n  {m} imports {n} of {f}" for m, f, n in private))
    sys.exit(1 if found or up or private else 0)
