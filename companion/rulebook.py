"""The rulebook at the table: every rule id of a game as data, its glossary, setup and phases, and a search.

Each game keeps ``<game package>/data/rules-index.json``: for every rule id its refusals and file checks name,
the rulebook's section, the sentence it rests on (a short quote, word for word), a one-line plain reading, and
where the rule is ours (the rulebook is silent or contradicts itself) the decision and why. The rule ids the
log raises for every game (undo, redo) are in ``companion/data/rules-index.json``. Pure Python, no widgets:
the "Why?" of a refusal (``companion/ui/rules_screen.py``), the Rules screen and ``docs/<game>/rules-index.md``
(:func:`markdown`) all read these.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

#: a game's id → its package (the registry names them too; kept here so the lookups import no registry)
PACKAGES = {"rise-and-fall": "rise_and_fall", "rise": "rise", "mountain-king": "mountain_king",
            "rise-and-fall-1989": "rome1989"}
SHARED = "shared"
WORD = re.compile(r"[0-9a-zà-ÿ]+(?:['’][a-z]+)?", re.IGNORECASE)


@dataclass(frozen=True)
class Entry:
    """One rule id of a game, as the rulebook gives it or as we decided it."""

    game: str
    rule: str
    reading: str
    section: str = ""
    quote: str = ""
    decision: str = ""
    why: str = ""
    decided_in: str = ""

    @property
    def ours(self) -> bool:
        """A decision of ours (the rulebook is silent, ambiguous or contradicts itself)."""
        return bool(self.decision)


@dataclass(frozen=True)
class Term:
    term: str
    section: str
    quote: str


@dataclass(frozen=True)
class Phase:
    name: str
    section: str
    quote: str


class Index:
    """One game's rules index, with a word index built once for the search."""

    def __init__(self, doc: dict[str, Any], shared: dict[str, Any] | None = None) -> None:
        self.game: str = doc["game"]
        self.title: str = doc.get("title", self.game)
        self.rulebook: str = doc.get("rulebook", "")
        self.entries: dict[str, Entry] = {}
        for source in (shared or {}).get("rules", {}), doc.get("rules", {}):
            for rule, e in source.items():
                self.entries[rule] = Entry(self.game, rule, **e)
        self.glossary = [Term(**t) for t in doc.get("glossary", [])]
        self.phases = [Phase(**p) for p in doc.get("phases", [])]
        self.setup: dict[str, str] = dict(doc.get("setup", {}).get("players", {}))
        self.setup_quotes = [(q["section"], q["quote"]) for q in doc.get("setup", {}).get("quotes", [])]
        self.now: dict[str, Any] = dict(doc.get("now", {}))
        self._words: dict[str, set[str]] = {}
        for rule, e in self.entries.items():
            for w in words(" ".join((rule.replace("-", " "), e.quote, e.reading, e.decision, e.section))):
                self._words.setdefault(w, set()).add(rule)
        for t in self.glossary:  # a term finds the rules whose words hold it
            for w in words(t.term):
                self._words.setdefault(w, set())
        self._sorted = sorted(self._words)

    def entry(self, rule: str) -> Entry | None:
        return self.entries.get(rule)

    def decisions(self) -> list[Entry]:
        """Every rule that is a decision of ours, in rule order."""
        return [e for _, e in sorted(self.entries.items()) if e.ours]

    def search(self, query: str, limit: int | None = None) -> list[Entry]:
        """The entries holding every word of ``query`` (a word typed in part matches the words it begins),
        the rules whose id or quote hold the whole query first; all entries for an empty query."""
        wanted = words(query)
        if not wanted:
            found = sorted(self.entries)
        else:
            hits: set[str] | None = None
            for w in wanted:
                rules = self._prefixed(w)
                hits = rules if hits is None else hits & rules
                if not hits:
                    return []
            q = query.strip().lower()
            found = sorted(hits or (), key=lambda r: (q not in r and q not in self.entries[r].quote.lower(), r))
        return [self.entries[r] for r in (found[:limit] if limit else found)]

    def terms(self, query: str) -> list[Term]:
        """The glossary's terms whose name or sentence holds every word of ``query``."""
        wanted = words(query)
        return [t for t in self.glossary if all(any(x.startswith(w) for x in words(t.term + " " + t.quote)) for w in wanted)]

    def _prefixed(self, w: str) -> set[str]:
        import bisect
        out: set[str] = set()
        i = bisect.bisect_left(self._sorted, w)
        while i < len(self._sorted) and self._sorted[i].startswith(w):
            out |= self._words[self._sorted[i]]
            i += 1
        return out


@dataclass(frozen=True)
class Now:
    """Where the table is, as far as the game's state says: players, the phase's name, the round (Wave II)."""

    players: int | None = None
    phase: str | None = None
    round: str | None = None


def _path(obj: Any, path: str) -> Any:
    for part in path.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def table_now(ix: Index, room: Any) -> Now:
    """Where the game on the table is, read from its screens' state by the paths its index gives (``now``):
    nothing is opened or changed, and a state that does not say gives None."""
    spec = ix.now
    players = spec.get("players")
    state = next((s for p in spec.get("state", []) if (s := _path(room, p)) is not None), None) if room is not None else None
    if state is None:
        return Now(players if isinstance(players, int) else None)
    if isinstance(players, str):
        value = _path(state, players)
        players = len(value) if isinstance(value, (tuple, list, dict)) else None
    phase = None
    for one in ([spec["phase"]] if isinstance(spec.get("phase"), dict) else spec.get("phase", [])):  # the first that names one
        phase = one["names"].get(str(_path(state, one["attr"])))
        if phase:
            break
    rnd = None
    if "round" in spec:
        value = _path(state, spec["round"]["attr"])
        rnd = spec["round"]["label"].format(value) if value is not None else None
    return Now(players or None, phase, rnd)


def words(text: str) -> list[str]:
    """The words of a text, lower case (what the search compares)."""
    return [w.lower() for w in WORD.findall(text)]


def _read(package: str) -> dict[str, Any]:
    return json.loads(resources.files(package).joinpath("data/rules-index.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def index(game: str) -> Index:
    """A game's rules index (read once, with the log's rules every game shares)."""
    return Index(_read(f"companion.{PACKAGES[game]}"), _read("companion"))


def has_index(game: str) -> bool:
    return game in PACKAGES


def entry(game: str | None, rule: str) -> Entry | None:
    """The entry of a rule id for a game (the log's shared ids answer for any game), or None."""
    if game in PACKAGES:
        return index(game).entry(rule)
    shared = _read("companion").get("rules", {}).get(rule)
    return Entry(SHARED, rule, **shared) if shared else None


def game_of(where: Iterable[str]) -> str | None:
    """The game a refusal was raised in: the first module it passed through that is in a game's package."""
    packages = {f"companion.{p}": g for g, p in PACKAGES.items()}
    for name in where:
        parts = name.split(".")
        if len(parts) >= 2 and ".".join(parts[:2]) in packages:
            return packages[".".join(parts[:2])]
    return None


def why(refusal: Any, game: str | None = None) -> Entry | None:
    """The rulebook's entry for a refusal shown on screen: a :class:`companion.errors.Refusal` (``str(e)`` of
    an IllegalAction) or an error with ``rule``; None for a sentence with no rule id or a rule not indexed."""
    rule = getattr(refusal, "rule", None)
    if not rule:
        return None
    game = game or game_of(getattr(refusal, "where", ()))
    return entry(game, rule)


# --- the rulebook's sections (for writing the data and checking it; the rulebooks ship in docs/) ----------
NUMBERED = re.compile(r"^(\d+(?:\.\d+)+)\s")


def headings(text: str) -> list[tuple[int, str]]:
    """The rulebook's headings and where each begins: the table of contents' titles where it has one
    (``• Title``), else the short lines that end with no stop."""
    lines = text.splitlines(keepends=True)
    titles = {ln.strip().lstrip("•").strip() for ln in lines if ln.lstrip().startswith("• ")}
    toc = any(t and t[0].isupper() for t in titles) and "Table of Contents" in text[:200]
    out, at = [], 0
    for ln in lines:
        s = ln.strip()
        if toc:
            if s in titles and not ln.lstrip().startswith("•"):
                out.append((at, s))
        elif s and len(s) <= 60 and s[0] not in "-|(•[" and s[-1] not in ".:,;!)" and not s[0].isdigit() or \
                s and len(s) <= 60 and re.match(r"^\d+ • ", s):
            out.append((at, s))
        at += len(ln)
    return out


def sections_of(text: str, quote: str) -> list[str]:
    """The sections of every place a quote stands in (a sentence a rulebook prints twice has two)."""
    out, at = [], text.find(quote)
    while at >= 0:
        out.append(section_of(text, quote, at))
        at = text.find(quote, at + 1)
    return out


def section_of(text: str, quote: str, at: int | None = None) -> str:
    """The section a quote stands in (its first place, or the one at ``at``), as the rulebook numbers or
    titles it: its paragraph's number and heading (``13.1.6 (13.1 Collect Income)``), or the heading it
    stands under (``C - Decline``)."""
    at = text.index(quote) if at is None else at
    title = ""
    for pos, t in headings(text):
        if pos > at:
            break
        title = t
    start = text.rfind("\n", 0, at) + 1
    m = NUMBERED.match(text[start:])
    if m and not title.startswith(m.group(1)):
        return f"{m.group(1)} ({title})" if title else m.group(1)
    return title


# --- the docs -----------------------------------------------------------------------------------------
def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(game: str) -> str:
    """``docs/<game>/rules-index.md``: the game's rules index as the docs show it (one source: the data)."""
    ix = index(game)
    quoted = sum(1 for e in ix.entries.values() if e.quote)
    ours = sum(1 for e in ix.entries.values() if e.ours)
    out = [f"# {ix.title}: the rules index", "",
           f"Written by `python -m companion rules-index` from `companion/{PACKAGES[game]}/data/rules-index.json` "
           "(and the log's shared rules in `companion/data/rules-index.json`); do not edit by hand. Every quote is "
           f"found word for word in the rulebook (`{ix.rulebook}`), a test checks it.", "",
           f"{len(ix.entries)} rule ids: {quoted} rest on a sentence of the rulebook, {ours} on a decision of ours.", "",
           "## Rule ids", "", "| rule | section | the rulebook says | plainly | our decision |", "|---|---|---|---|---|"]
    for rule, e in sorted(ix.entries.items()):
        decision = f"{e.decision} *Why:* {e.why}" if e.ours else ""
        quote = f"“{e.quote}”" if e.quote else "(silent)"
        out.append(f"| `{rule}` | {_md(e.section)} | {_md(quote)} | {_md(e.reading)} | {_md(decision)} |")
    out += ["", "## Glossary", "", "| term | section | the rulebook says |", "|---|---|---|"]
    out += [f"| {_md(t.term)} | {_md(t.section)} | “{_md(t.quote)}” |" for t in ix.glossary]
    out += ["", "## Setup by player count", ""]
    out += [f"- **{n} player{'s' if n != '1' else ''}**: {_md(s)}" for n, s in ix.setup.items()]
    out += [""] + [f"> “{_md(q)}” ({_md(s)})" for s, q in ix.setup_quotes]
    out += ["", "## The turn's phases", ""]
    out += [f"{i}. **{_md(p.name)}** ({_md(p.section)})" for i, p in enumerate(ix.phases, 1)]
    out += ["", "## Our decisions", ""]
    out += [f"- `{e.rule}`: {_md(e.decision)} *Why:* {_md(e.why)}" for e in ix.decisions()]
    return "\n".join(out) + "\n"


def write_docs(root: Any) -> list[Any]:
    """Write every game's ``docs/<game>/rules-index.md`` under ``root`` (the project); returns the paths."""
    from pathlib import Path

    paths = []
    for game in PACKAGES:
        path = Path(root) / "docs" / game / "rules-index.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(markdown(game), encoding="utf-8")
        paths.append(path)
    return paths
