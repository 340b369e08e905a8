"""Rise and Fall (1989) (issue 28): charting a 6-nation, 30-turn file, the command line as a whole process,
and the taps to record one nation's ordinary turn against the cells the paper chart asks to write."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from bench.common import median_ms, process_ms, row
from companion.rome1989.battle import loss_choices
from companion.rome1989.chart import compute, read, result_json
from companion.rome1989.game import ChartRules
from companion.rome1989.taps import combat_taps, dice_taps, offer, revolt_taps, taps_for

TURNS = 30
#: The paper chart's cells written on an ordinary kingdom turn: turn number, income, treasury, maintenance,
#: purchase, final treasury, victory points (bonus, refund and % stay blank).
PAPER_CELLS = 7


def six_nations() -> dict:
    """A legal 6-nation file of 30 turns each: Rome's halves, Persia, and three barbarians who become kingdoms."""
    def empire(k: int) -> dict:
        return {"status": "E", "areas_income": 80 + k % 7, "capitol_on_board": True, "maintenance": 60,
                "purchases": 10 + k % 5, "revolt_table": k % 4, **({"refund_pct": 10} if k % 3 == 0 else {})}

    def barbarian_then_kingdom(k: int) -> dict:
        if k < 10:
            levy = {"levy_revolt_values": 12, "levies_spent": 24} if k < 3 else {}
            return {"status": "B", "areas_income": 5 + k, "capitol_on_board": False, **levy}
        return {"status": "K", "areas_income": 20 + k % 9, "capitol_on_board": True, "maintenance": 18,
                "purchases": k % 6, "admin_leader": k % 2 == 0}

    nations = [
        {"name": "Western Rome", "kind": "western-rome", "first_turn": 11, "player": "Ann",
         "opening": {"final_treasury": 40, "refund_pct": 10}, "turns": [empire(k) for k in range(TURNS)]},
        {"name": "Eastern Rome", "kind": "eastern-rome", "player": "Ann", "turns": [empire(k + 1) for k in range(TURNS)]},
        {"name": "Persia", "kind": "persia", "first_turn": 6, "player": "Bo",
         "turns": [{"status": "K" if k < 10 else "E", "areas_income": 50, "capitol_on_board": True, "maintenance": 40,
                    "purchases": 8, "modifier_rolls": k % 2} for k in range(TURNS)]},  # K6–K15, then an empire
    ]
    for name, player in (("Huns", "Cy"), ("Goths", "Di"), ("Vandals", "Ed")):
        nations.append({"name": name, "kind": "other", "player": player,
                        "turns": [barbarian_then_kingdom(k) for k in range(TURNS)]})
    return {"format": "rise-and-fall-1989/chart", "version": 1, "victory": {"points": 5000}, "nations": nations}


def ordinary_turn_taps() -> tuple[int, int]:
    """(taps for a kingdom turn whose areas' income changed and which bought units, taps for an unchanged one)."""
    rules = ChartRules()
    s = rules.initial()
    for a in ({"type": "setup", "title": "bench", "victory": None}, {"type": "nation", "name": "Goths", "kind": "other"}):
        s = rules.apply(s, a)
    for k in range(4):
        t = {"status": "K" if k == 3 else "B", "areas_income": 30, "capitol_on_board": k == 3,
             **({"maintenance": 20} if k == 3 else {})}
        s = rules.apply(s, {"type": "turn", "nation": "Goths", "turn": t})
    d = offer(s, "Goths").draft
    assert d is not None
    return taps_for(d, d.set("areas_income", 34).set("purchases", 12)), taps_for(d, d)


def empire_overtax_taps() -> int:
    """Taps for Western Rome's E12 (the six-player scenario) with its areas' income changed and a 20 % overtax."""
    rules = ChartRules()
    s = rules.apply(rules.initial(), {"type": "setup", "title": "bench", "scenario": "six-player", "rules": 2})
    s = rules.apply(s, {"type": "turn", "nation": "Western Rome", "turn": offer(s, "Western Rome").draft.turn()})
    d = offer(s, "Western Rome").draft
    return taps_for(d, d.set("areas_income", d.get("areas_income") - 3).set("overtax_pct", 20))


def revolt_with_table_dice_taps() -> int:
    """Taps for Western Rome's revolt once its areas are known: the Revolt Table's 4, then the table's dice of each
    step (three rebellion dice less one for the 10 % refund, the checks they give, the revolting areas)."""
    rules = ChartRules()
    s = rules.apply(rules.initial(), {"type": "setup", "title": "bench", "scenario": "six-player", "rules": 2})
    areas = [{"name": "Italia", "revolt_value": 1, "capitol": True}, {"name": "Gallia", "revolt_value": 6},
             {"name": "Hispania", "revolt_value": 6, "infantry": 1}, {"name": "Africa", "revolt_value": 4},
             {"name": "Illyricum", "revolt_value": 5}, {"name": "Britannia", "revolt_value": 8, "infantry": 2}]
    s = rules.apply(s, {"type": "areas", "nation": "Western Rome", "areas": areas})
    s = rules.apply(s, {"type": "revolt", "nation": "Western Rome", "revolt_table": 4})
    counts = []
    for purpose, dice in (("rebellion", [6, 4, 9]), ("revolt", None), ("forces", None)):
        p = s.procedure
        if p is None or p.purpose != purpose:
            break
        counts.append(p.dice_due)
        s = rules.apply(s, {"type": "roll", "nation": "Western Rome", "purpose": purpose, "by": "table",
                            "dice": dice or [3] * p.dice_due})
    return revolt_taps(counts)


def combat_4_against_3_taps() -> int:
    """Taps for a battle of 4 units (2 infantry, 2 cavalry) against 3 infantry with a -1, one round with the table's
    dice, played through the log's battle (12.0.8): the attacker's two counts, the opponent, the defenders' count
    and defence modifier, Start; then each step the battle waits for: a volley's dice (the field, a digit a die,
    the button), a choice of losses (one tap; none when it is forced)."""
    rules = ChartRules()
    s = rules.apply(rules.initial(), {"type": "setup", "title": "bench", "victory": None})
    s = rules.apply(s, {"type": "nation", "name": "Goths", "kind": "other"})
    battle = {"type": "battle", "nation": "Goths",
              "attacker": {"name": "Goths", "units": [{"unit": "infantry", "count": 2, "attack": 3},
                                                      {"unit": "cavalry", "count": 2, "attack": 4}]},
              "defender": {"name": "Independent area", "units": [{"unit": "infantry", "count": 3, "attack": 3}],
                           "defence": 1}}
    taps = combat_taps(groups_set=3, digits=3, choices=2, dice=0) + 1
    s = rules.apply(s, battle)
    for faces in ([1, 5, 9], [2, 1, 6, 9]):  # the defender hits once, the attacker twice (a round)
        dice = faces[:s.battle.dice_due]
        taps += dice_taps(len(dice))
        s = rules.apply(s, {"type": "roll", "nation": "Goths", "purpose": "combat", "by": "table", "dice": dice})
        b = s.battle
        if b.losing is not None:
            taps += 1
            s = rules.apply(s, {"type": "losses", "nation": "Goths", "units": loss_choices(b.side(b.losing), b.hits_due)[0]})
    return taps


def run() -> None:
    doc = six_nations()
    data = json.dumps(doc).encode("utf-8")
    compute(read(data))  # legal, or this raises
    ms = median_ms(lambda: result_json(compute(read(data))), repeat=30)
    row("rome1989: chart a 6-nation, 30-turn file (read, check, compute, JSON)", ms, "≤ 5 ms", ok=ms <= 5)
    with tempfile.TemporaryDirectory() as tmp:
        f = Path(tmp) / "six.json"
        f.write_bytes(data)
        ms = process_ms(["rise-and-fall-1989", "chart", str(f), "--json"], repeat=5)
        row("rome1989: python -m companion rise-and-fall-1989 chart (whole process)", ms, "≤ 1000 ms", ok=ms <= 1000)
    changed, same = ordinary_turn_taps()
    row("rome1989: taps, an ordinary kingdom turn (income changed, units bought)", changed,
        f"< {PAPER_CELLS} paper cells", unit="taps", ok=changed < PAPER_CELLS)
    row("rome1989: taps, a turn like the last", same, f"< {PAPER_CELLS} paper cells", unit="taps", ok=same < PAPER_CELLS)
    row("rome1989: taps, an ordinary kingdom turn (goal of issue 34)", changed, "≤ 6", unit="taps", ok=changed <= 6)
    row("rome1989: taps, an empire turn with overtax", empire_overtax_taps(), "≤ 6", unit="taps",
        ok=empire_overtax_taps() <= 6)
    revolt = revolt_with_table_dice_taps()
    row("rome1989: taps, a revolt with the table's dice (areas known)", revolt, "≤ 20", unit="taps", ok=revolt <= 20)
    fight = combat_4_against_3_taps()
    row("rome1989: taps, a battle of 4 against 3 (a round, table's dice, the log's steps)", fight, "a figure", unit="taps")
