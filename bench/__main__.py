"""``make bench``: the speed targets of the issues, as a table of medians (not timed tests)."""

from __future__ import annotations

import argparse
import importlib

from bench.common import print_table

SECTIONS = ["world", "world_orders", "scoring", "tracker", "taps", "tap_walk", "rise", "mountain_king", "rome1989", "rules", "durability", "browser", "phones",
            "serving", "table"]


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m bench")
    ap.add_argument("--only", choices=SECTIONS, default=None)
    args = ap.parse_args()
    for name in SECTIONS:
        if args.only not in (None, name):
            continue
        try:
            module = importlib.import_module(f"bench.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"bench.{name}":
                raise
            continue
        module.run()
    print_table()


if __name__ == "__main__":
    main()
