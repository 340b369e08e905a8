"""Durability: SIGKILL a writer at random moments; every action it was told was saved is still
in the log afterwards, and every game file still opens (the acknowledged-but-lost count is 0).

The writer starts a game (its file and first action in one step), then adds actions and prints
each action's number once ``Session.do`` returned, which is the moment a screen would change.
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time

from bench.common import ROOT, row

KILLS = 60

WRITER = """
import sys
from companion.gamelog import GameStore, Reducer, Session

class Tally(Reducer):
    def initial(self):
        return 0
    def apply(self, state, action):
        return state + 1

store = GameStore(sys.argv[1])
rules = Tally()
s = store.latest("bench/tally", rules)
if s is None:
    s = store.start("bench/tally", "Tally", rules, {"type": "start", "n": 0})
    print("0", flush=True)
n = s.state
while True:
    n += 1
    s.do({"type": "add", "n": n})
    print(n, flush=True)
"""


def run() -> None:
    from companion.gamelog import GameStore, Reducer

    class Tally(Reducer):
        def initial(self):
            return 0

        def apply(self, state, action):
            return state + 1

    rnd = random.Random(7)
    lost = damaged = 0
    acknowledged = 0
    with tempfile.TemporaryDirectory() as d:
        for _ in range(KILLS):
            proc = subprocess.Popen([sys.executable, "-c", WRITER, d], stdout=subprocess.PIPE, text=True,
                                    cwd=ROOT)
            time.sleep(rnd.uniform(0.3, 1.2))
            proc.kill()
            out, _ = proc.communicate()
            acked = [int(x) for x in out.split()]
            store = GameStore(d)
            infos = store.games("bench/tally")
            damaged += sum(1 for g in infos if g.problem)
            s = store.latest("bench/tally", Tally())
            if acked:
                acknowledged += len(acked)
                have = [e.action.get("n") for e in s.history()] if s else []
                lost += sum(1 for n in acked if n not in have)
        games = len(GameStore(d).games("bench/tally"))
    row(f"actions acknowledged over {KILLS} SIGKILLs", acknowledged, "(counted)", unit="actions")
    row("acknowledged actions lost", lost, "0", unit="actions", ok=lost == 0)
    row("game files damaged or half-created", damaged, f"0 (of {games})", unit="files", ok=damaged == 0 and games == 1)


if __name__ == "__main__":
    from bench.common import print_table

    run()
    print_table()
