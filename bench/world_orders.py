"""Building the World by hand, as a table may: over random legal tile-by-tile orders (each tile
placed at random among its legal places), how often the Sea layer is left with no place for a
Sea tile (goal: at most 2 %), and how often a Plains tile needs the rulebook's rescue."""

from __future__ import annotations

import argparse
import time

from bench.common import print_table, row
from companion.rise_and_fall.world.worldgen import first_dead_end

ORDERS = 1000


def run(orders: int = ORDERS) -> None:
    for players in (2, 3, 4):
        t = time.perf_counter()
        ends = [first_dead_end(players, s) for s in range(orders)]
        ms = (time.perf_counter() - t) * 1000 / orders
        sea = sum(1 for e in ends if e is not None and e[0] == "sea")
        plains = sum(1 for e in ends if e is not None and e[0] == "plains")
        row(f"{players} players: Sea layer left with no place for a Sea tile ({sea} of {orders} random orders)",
            100 * sea / orders, "<= 2 %", unit="%", ok=sea <= 0.02 * orders)
        row(f"{players} players: a Plains tile needing the rescue ({plains} of {orders - sea} orders that reach it)",
            100 * plains / max(1, orders - sea), "shown, no target", unit="%")
        row(f"{players} players: one order through the Sea and Plains layers", ms, "shown, no target")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(prog="python -m bench.world_orders")
    ap.add_argument("--orders", type=int, default=ORDERS)
    run(ap.parse_args().orders)
    print_table()
