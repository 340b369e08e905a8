"""The printed numbers of Fall of the Mountain King, read from ``data/rules.json`` (the only place they live)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Numbers:
    players: tuple[int, ...]
    waves: int
    domains: tuple[str, ...]
    domain_names: dict[str, str]
    domain_colours: dict[str, str]
    first_cavern: int
    each_additional_cavern: int
    each_overrun_cavern: int
    great_hall_values: tuple[int, ...]
    gnomes: str
    elders_honour: tuple[int, ...]
    clan_places: int
    vote_tile_most: int
    first_fallen: dict[int, int]
    later_fallen: int
    breach_fallen: int
    gnome_strengths: tuple[int, ...]
    base_supply: dict[int, int | None]
    most_supply_symbols: int
    wild_per_supply: int
    gate_cards: dict[int, int]
    champions_more_than_players: int

    def invasions(self, players: int) -> int:
        """One invasion for each Gate card laid out: three for 2–3 players, four for 4, five for 5."""
        return self.gate_cards[players]

    def champions(self, players: int) -> int:
        """The Champions in the display: one more than the number of players."""
        return players + self.champions_more_than_players

    @property
    def most_elders(self) -> int:
        return len(self.elders_honour) - 1


@lru_cache(maxsize=1)
def numbers() -> Numbers:
    raw = json.loads(resources.files(__package__).joinpath("data/rules.json").read_text(encoding="utf-8"))
    ds, fallen, supply = raw["domain_scoring"], raw["fallen"], raw["supply"]
    return Numbers(
        players=tuple(raw["players"]),
        waves=raw["waves"],
        domains=tuple(raw["domains"]),
        domain_names=dict(raw["domain_names"]),
        domain_colours=dict(raw["domain_colours"]),
        first_cavern=ds["first_cavern"],
        each_additional_cavern=ds["each_additional_cavern"],
        each_overrun_cavern=ds["each_overrun_cavern"],
        great_hall_values=tuple(raw["great_hall_values"]),
        gnomes=raw["gnomes_party"],
        elders_honour=tuple(raw["elders_honour"]),
        clan_places=raw["clan_places"],
        vote_tile_most=raw["vote_tile_most"],
        first_fallen={int(k): v for k, v in fallen["first_fallen_by_wave"].items()},
        later_fallen=fallen["each_later_fallen"],
        breach_fallen=fallen["in_a_breach"],
        gnome_strengths=tuple(raw["gnome_strengths"]),
        base_supply={int(k): v for k, v in supply["base_by_wave"].items()},
        most_supply_symbols=supply["most_supply_symbols"],
        wild_per_supply=supply["wild_symbols_per_supply"],
        gate_cards={int(k): v for k, v in raw["gate_cards_laid_out"].items()},
        champions_more_than_players=raw["champions_more_than_players"],
    )
