"""Fall of the Mountain King (issue 27): scoring a Wave III file, the command line on a file, and the taps
to score a Wave II of a 4-player game by the fast path and cavern by cavern.

Taps are counted as ``bench/taps.py`` counts Rise & Fall's: the real screens are built (no browser) and
driven one widget at a time; every button pressed and every − or + of a count is one tap, and a button
pressed must be on the screen. The board is the 4–5 player placeholder (35 caverns); the caverns' contents
are drawn at random (seeded): a quarter overrun, the rest with 0–3 Trolls for some players, each cavern drawn
anew (the Waves before scored empty) — a table that changed every cavern. The walk takes the screen's
shortcuts where they apply, as a table would: the rest of a Domain nobody controls in one tap, a cavern of one
player's Trolls in one tap, the last player's Trolls and Enter in one tap; by the fast path of Waves I–II, a whole
Domain at once (each player's caverns controlled and the overrun ones, a tap per count that is not 0, then Enter)
where that takes fewer taps than its caverns one by one. The rows "half the caverns as Wave I left them" enter Wave I (not counted) and keep
each cavern of Wave II as it was with the chance 1/2 (a model, not a measure of tables), to show the taps "As at
the end of Wave I" saves.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
from pathlib import Path

from bench.common import median_ms, process_ms, row
from bench.taps import Finger
from companion.gamelog import GameStore
from companion.mountain_king.board import placeholder
from companion.mountain_king.game import domain_caverns, rest_of_domain
from companion.mountain_king.numbers import numbers
from companion.mountain_king.scoring import score
from companion.mountain_king.screens import MountainKingScreens
from companion.mountain_king.taps import walk_order, walk_step
from companion.mountain_king.wave import load

PLAYERS = ["Blue", "Yellow", "Pink", "Green"]


def contents(rng: random.Random, players: list[str]) -> dict:
    if rng.random() < 0.25:
        return {"gnomes": rng.randint(1, 2)}
    return {"trolls": {p: rng.randint(1, 3) for p in players if rng.random() < 0.4}}


def wave3_file(path: Path, rng: random.Random) -> Path:
    """A full Wave III of 5 players on the 4–5 board: every cavern, every Great Hall, all seven Clans."""
    board = placeholder("4-5")
    players = PLAYERS + ["Red"]
    doc = {
        "format": "mountain-king/wave", "version": 1, "wave": 3, "players": players,
        "honour_before": {p: rng.randint(30, 80) for p in players},
        "caverns": [{"id": c.id, "domain": c.domain, **contents(rng, players)} for c in board.caverns],
        "great_halls": [{"value": rng.choice([4, 8, 12]), "caverns": list(h)} for h in board.great_halls],
        "elders": {p: rng.randint(0, 9) for p in players},
        "clans": {d: {"tile": [9, 5, 3], "votes": [[p, v] for p, v in zip(rng.sample(players, 4), sorted(rng.sample(range(1, 12), 4), reverse=True))]}
                  for d in numbers().domains},
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def new_game(data: Path, players: list[str] = PLAYERS) -> MountainKingScreens:
    s = MountainKingScreens(GameStore(data))
    s.names.value = ", ".join(players)
    s.new_btn.click()
    return s


def to_score_step(s: MountainKingScreens) -> None:
    """The End of the Wave with nothing in it (not counted): on to the scoring walk."""
    s.act({"type": "end-wave"})


def record(c: dict, fast: bool) -> tuple:
    """What the walk records for a cavern's contents: its Trolls and Gnomes, or by the fast path its controller
    (one Troll) or one Gnome."""
    from companion.mountain_king.scoring import controller

    trolls = {p: k for p, k in c.get("trolls", {}).items() if k}
    if not fast:
        return trolls, c.get("gnomes", 0)
    who = controller(trolls)
    return ({} if c.get("gnomes") or not who else {who: 1}), (1 if c.get("gnomes") else 0)


def enter(s: MountainKingScreens, drawn: dict[str, dict], fast: bool) -> None:
    """A Wave before the one measured, entered by the long path (not counted)."""
    for cid, c in drawn.items():
        trolls, gnomes = record(c, fast)
        s.act({"type": "cavern", "cavern": cid, "trolls": trolls, "gnomes": gnomes})


def walk_taps(s: MountainKingScreens, f: Finger, rng: random.Random, fast: bool,
              drawn: dict[str, dict] | None = None, last: dict[str, dict] | None = None) -> None:
    """The scoring walk, cavern after cavern: the fast path's one tap, or each player's Trolls (one tap on a
    count), then Enter (Empty and Overrun enter at once; a cavern of one player's Trolls is one tap on that
    player and count); on either path, when nobody controls the cavern asked nor any later one of its Domain,
    the one tap for the rest of the Domain; with ``last`` (the Wave before's contents), a cavern as it left it
    is one tap, and the rest of a Domain as it left it too. The contents are drawn in the walk's order."""
    from companion.mountain_king.scoring import controller

    if drawn is None:
        drawn = {cid: contents(rng, list(s.state.players)) for cid in walk_order(s.state)}
    mode = fast or s.state.wave == 3
    while not walk_step(s.state).done:
        step = walk_step(s.state)
        if fast and step.at_once is not None and at_once_cheaper(s, step, drawn, last):
            at_once_taps(s, f, step, drawn)
            continue
        c = drawn[step.cavern]
        trolls = {p: k for p, k in c.get("trolls", {}).items() if k}
        ids = rest_of_domain(s.state, step.cavern)
        rest = [drawn[cid] for cid in ids]
        kept = [last is not None and cid in last and record(drawn[cid], mode) == record(last[cid], mode) for cid in ids]
        if step.rest_before and all(kept):
            f.press(next(b for b in s.before.children if b.description == step.rest_before.label))
        elif step.rest and all(not r.get("gnomes") and controller(r.get("trolls", {})) is None for r in rest) and (
                mode or not any(any(r.get("trolls", {}).values()) for r in rest)):
            f.press(next(b for b in s.fast.children if b.description == step.rest.label))
        elif step.before and kept[0] and not mode:  # by the fast path its one tap costs the same
            f.press(next(b for b in s.before.children if b.description == step.before.label))
        elif mode:
            who = controller(trolls)
            label = "Overrun (Gnomes)" if c.get("gnomes") else who or "Nobody (empty or tied)"
            f.press(next(b for b in s.fast.children if b.description == label))
        elif c.get("gnomes"):
            f.press(s.gnome_btns[c["gnomes"] - 1])
        elif not trolls:
            f.press(s.empty_btn)
        elif tuple(trolls.items())[-1] in s.dominated_btns:  # the others counted, the last one's count enters
            *others, last_one = trolls.items()
            for p, k in others:
                f.choose(s.troll_chips[p], str(k))
            f.press(s.dominated_btns[last_one])
        else:
            for p, k in trolls.items():
                f.choose(s.troll_chips[p], str(k))
            f.press(s.enter_btn)


def tally(ids: list[str], drawn: dict[str, dict]) -> tuple[dict[str, int], int]:
    """A Domain's counts as the table reads them: each player's caverns controlled, the overrun ones."""
    from companion.mountain_king.scoring import controller

    controlled: dict[str, int] = {}
    overrun = 0
    for cid in ids:
        c = drawn[cid]
        who = controller({p: k for p, k in c.get("trolls", {}).items() if k})
        if c.get("gnomes"):
            overrun += 1
        elif who:
            controlled[who] = controlled.get(who, 0) + 1
    return controlled, overrun


def at_once_cheaper(s: MountainKingScreens, step, drawn: dict[str, dict], last: dict[str, dict] | None) -> bool:
    """At the first cavern of a Domain, by the fast path: would the Domain at once take fewer taps than its caverns
    one by one (with the rest of the Domain nobody controls, or as the last Wave left it, in one tap)? A table
    that sees its Domain takes the quicker way."""
    from companion.mountain_king.scoring import controller

    ids = list(rest_of_domain(s.state, step.cavern))
    if any(c in s.state.walk for c in domain_caverns(s.state, step.domain)):
        return False
    controlled, overrun = tally(ids, drawn)
    at_once = len(controlled) + (overrun > 0) + 1
    one_by_one = 0
    for i, _cid in enumerate(ids):
        rest = [drawn[c] for c in ids[i:]]
        one_by_one += 1
        if len(rest) >= 2 and all(not r.get("gnomes") and controller(r.get("trolls", {})) is None for r in rest):
            break
        if last is not None and len(rest) >= 2 and all(c in last and record(drawn[c], True) == record(last[c], True) for c in ids[i:]):
            break
    return at_once < one_by_one


def at_once_taps(s: MountainKingScreens, f: Finger, step, drawn: dict[str, dict]) -> None:
    controlled, overrun = tally(list(rest_of_domain(s.state, step.cavern)), drawn)
    for p, k in controlled.items():
        f.choose(s.at_once_chips[p], str(k))
    if overrun:
        f.choose(s.at_once_overrun, str(overrun))
    f.press(s.at_once_btn)


def wave_taps(data: Path, wave: int, fast: bool, seed: int, players: list[str] = PLAYERS, kept: float | None = None) -> int:
    """Taps from the scoring walk of a Wave (after Award Champions) to the Wave scored, on the Score the Wave
    screen; Wave III with its Great Hall tokens (tapped on each Hall's row) and each player's Elders. The Waves
    before are scored empty; with ``kept``, the Wave just before is entered with random contents (not counted)
    and each cavern of the Wave measured is as that Wave left it with the chance ``kept``, else drawn anew."""
    rng = random.Random(seed)
    s = new_game(data, players)
    for d in numbers().domains:  # the Vote tiles, face up since setup (not counted)
        s.tile_inputs[d].value = "9 5 3"
    s.tiles_btn.click()
    last: dict[str, dict] | None = None
    carry = random.Random(seed + 1000)
    for w in range(1, wave):  # the Waves before (not counted)
        to_score_step(s)
        if kept is not None and w == wave - 1:
            last = {cid: contents(carry, players) for cid in walk_order(s.state)}
            enter(s, last, fast or w == 3)
        s.act({"type": "score-wave", "empty": [c for c in s.state.caverns_to_enter() if c not in s.state.walk]})
    to_score_step(s)
    drawn = None
    if last is not None and kept is not None:
        drawn = {cid: last[cid] if cid in last and carry.random() < kept else contents(rng, players) for cid in walk_order(s.state)}
    f = Finger(s.screen("Score the Wave"))
    walk_taps(s, f, rng, fast, drawn, last)
    if wave == 3:
        for i in range(len(s.hall_box.children) - 1):  # the rows are drawn again after each tap
            v = str(rng.choice([4, 8, 12]))
            f.press(next(b for b in s.hall_box.children[1 + i].children[1:] if b.description == v))
        for i, _p in enumerate(players):
            f.press(s.elder_box.children[1 + i].children[1 + rng.randint(0, 9)])
    f.press(s.score_btn)
    assert s.state.wave == wave + 1 or s.state.finished, s.message.value
    return f.taps


def vote_taps(data: Path, seed: int) -> int:
    """One Vote entry on the Clan board: the player, the Clan, the Votes (each a tap when it changes)."""
    rng = random.Random(seed)
    s = new_game(data)
    f = Finger(s.screen("Clan board"))
    f.choose(s.vote_player, rng.choice(PLAYERS))
    f.choose(s.vote_clan, rng.choice(numbers().domains))
    f.press(s.vote_adds[rng.randint(0, 4)])
    return f.taps


def end_of_wave_taps(data: Path, seed: int) -> int:
    """A 4-player End of the Wave up to the scoring walk: Entrenchment, 4 invasions with 0–2 falls each, 5
    Champions with 0–3 markers (their Influence counted as taps of +), each contender's choice."""
    rng = random.Random(seed)
    s = new_game(data)
    f = Finger(s.screen("Score the Wave"))
    f.press(s.end_btn)
    f.press(s.end_panel.entrench_btn)
    while s.state.end == "invasions":
        for _ in range(rng.randint(0, 2)):
            who = rng.choice(PLAYERS)
            f.press(next(b for b in s.end_panel.falls.children if b.description.startswith(who)))
        f.press(s.end_panel.invasion_btn)
    p = s.end_panel
    while s.state.end == "champions":
        f.choose(p.clan, rng.choice(numbers().domains))
        f.choose(p.votes, rng.randint(1, 4))
        for who in rng.sample(PLAYERS, rng.randint(0, 3)):
            f.count(p.influence[who], rng.randint(1, 4))
        f.press(p.award_btn)
        while s.state.pending:
            f.press(rng.choice(p.consolations.children[:3]))
    assert s.state.scoring
    return f.taps


def run() -> None:
    rng = random.Random(27)
    with tempfile.TemporaryDirectory() as d:
        path = wave3_file(Path(d) / "wave3.json", rng)
        ms = median_ms(lambda: score(load(path)), repeat=200)
        row("Mountain King: read, check and score a 5-player Wave III file", ms, "≤ 1 ms", ok=ms <= 1.0)
        cli = process_ms(["mountain-king", "score", str(path), "--json"])
        row("Mountain King: python -m companion mountain-king score FILE --json (whole process)", cli, "≤ 1000 ms", ok=cli <= 1000)
        for wave, fast, name, target in ((1, True, "Wave I, fast path (a Domain at once where quicker)", 33),
                                         (2, True, "Wave II, fast path (a Domain at once where quicker)", None),
                                         (2, False, "Wave II, cavern by cavern", 60), (3, True, "Wave III (Halls and Elders tapped)", 35)):
            counts = [wave_taps(Path(d) / f"{wave}-{fast}-{i}", wave, fast, 100 + i) for i in range(3)]
            m = statistics.median(counts)
            row(f"Mountain King: taps to score a 4-player {name}, from the walk (median of 3, {min(counts)}–{max(counts)})",
                m, f"≤ {target} taps" if target else "to lower", ok=m <= target if target else None, unit="taps")
        for fast, name in ((True, "fast path"), (False, "cavern by cavern")):
            counts = [wave_taps(Path(d) / f"kept-{fast}-{i}", 2, fast, 100 + i, kept=0.5) for i in range(3)]
            row(f"Mountain King: taps to score a 4-player Wave II, {name}, half the caverns as Wave I left them "
                f"(median of 3, {min(counts)}–{max(counts)})", statistics.median(counts), "to lower", unit="taps")
        counts = [wave_taps(Path(d) / f"three-{i}", 1, True, 100 + i, PLAYERS[:3]) for i in range(3)]
        m = statistics.median(counts)
        row(f"Mountain King: taps to score a 3-player Wave I (2–3 side), fast path, from the walk (median of 3, {min(counts)}–{max(counts)})",
            m, "≤ 33 taps", ok=m <= 33, unit="taps")
        votes = [vote_taps(Path(d) / f"vote-{i}", 200 + i) for i in range(5)]
        row(f"Mountain King: taps for one Vote entry (median of 5, {min(votes)}–{max(votes)})", statistics.median(votes),
            "≤ 3 taps", ok=statistics.median(votes) <= 3, unit="taps")
        ends = [end_of_wave_taps(Path(d) / f"end-{i}", 300 + i) for i in range(5)]
        row(f"Mountain King: taps for a 4-player End of the Wave up to the walk (median of 5, {min(ends)}–{max(ends)})",
            statistics.median(ends), "to lower", unit="taps")


if __name__ == "__main__":
    from bench.common import print_table

    run()
    print_table()
