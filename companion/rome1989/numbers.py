"""The printed numbers of Rise and Fall (1989), read once from ``data/rules.json`` (no literals in the rules)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Numbers:
    raw: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    @property
    def die_sides(self) -> int:
        return self.raw["die"]["sides"]

    @property
    def capitol(self) -> int:
        return self.raw["income"]["capitol"]

    @property
    def pct_step(self) -> int:
        return self.raw["income"]["pct_step"]

    def bonus(self, label: str) -> int:
        return self.raw["bonus"].get(label, 0)

    def share(self, kind: str) -> Fraction:
        return Fraction(self.raw["vp_share"][kind])

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k in self.raw["vp_share"] if k != "source")

    @property
    def statuses(self) -> tuple[str, ...]:
        return tuple(self.raw["status"]["order"])

    def levy_costs(self) -> tuple[int, ...]:
        """What a barbarian unit costs in levy points (9.1.2): the purchase column of the barbarian rows."""
        return tuple(sorted({u["purchase"] for u in self.raw["units"]["barbarian"].values()}))


@lru_cache(maxsize=1)
def numbers() -> Numbers:
    text = resources.files(__package__).joinpath("data/rules.json").read_text(encoding="utf-8")
    return Numbers(json.loads(text))
