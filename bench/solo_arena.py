"""Oh Hell and Knockout's hard in the arena: against the textbook player and
against the general ISMCTS baseline (bench/ismcts.py), 500 duplicate deals
each, at three, four and five players, as bench/RESULTS.md quotes them.
Each run is `whist-table arena`, so any one can be rerun alone:

    whist-table arena --game oh-hell --players 3 hard "cmd:python bench/ismcts.py" \\
        --deals 500 --seed oh500 --timeout 60

    python bench/solo_arena.py [--deals N] [--only oh-hell-3-ismcts ...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = f"cmd:{sys.executable} bench/ismcts.py"

# name -> (game, players, opponent, seed)
RUNS = {
    **{f"oh-hell-{n}-{who}": ("oh-hell", n, opponent, "oh500")
       for n in (3, 4, 5) for who, opponent in (("ismcts", BASELINE), ("rules", "rules"))},
    **{f"knockout-{n}-{who}": ("knockout", n, opponent, "ko500")
       for n in (3, 4, 5) for who, opponent in (("ismcts", BASELINE), ("rules", "rules"))},
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--only", nargs="*", choices=sorted(RUNS), default=None)
    args = parser.parse_args(argv)
    status = 0
    for name in args.only or RUNS:
        game, players, opponent, seed = RUNS[name]
        cmd = [sys.executable, "-m", "device.cli", "arena", "--game", game, "--players", str(players), "hard",
               opponent, "--deals", str(args.deals), "--seed", seed, "--timeout", "60"]
        print(f"-- {name}: whist-table {' '.join(cmd[3:])}", flush=True)
        start = time.monotonic()
        status |= subprocess.call(cmd, cwd=ROOT)
        print(f"-- {name}: {time.monotonic() - start:.0f} s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
