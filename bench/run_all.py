"""`make bench`: every benchmark in turn, each printing our figure beside its reference.

Pass names to run only some (``python bench/run_all.py solver frames``);
BENCH_QUICK=1 shrinks the long runs for a smoke check.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUICK = os.environ.get("BENCH_QUICK") == "1"

# name -> arguments (full run, quick run); the script is the name up to the first "-".
# A full run takes hours (500 duplicate deals against the DDS-backed bot alone).
BENCHES: dict[str, tuple[list[str], list[str]]] = {
    # the smallest Pi's budgets: memory at the menu, in a hand and headless; move times; DDS
    "pi_budget": ([], ["--quick"]),
    "solver": ([], ["--quick"]),
    # the whole family's solver: its C core against the reference, Bid Whist beside classic
    "family_solver": ([], ["--check", "1000", "--mid", "5", "--bid", "1", "--classic", "1"]),
    "sampler": ([], ["--positions", "20"]),
    "dds_vectors-list100": (["--file", "list100.txt"], ["--file", "list100.txt", "--limit", "10"]),
    # list1000 with TABLE is 20,000 full-deal solves: hours; FUT and TRACE here.
    "dds_vectors-list1000": (["--no-table", "--random", "3000"], ["--limit", "20", "--no-table"]),
    "arena": (["hard", "rules", "--deals", "500"], ["hard", "rules", "--deals", "20"]),
    "arena-vs-dds": (["hard", "pimc-dds", "--deals", "500"], ["hard", "pimc-dds", "--deals", "20"]),
    # hard with inference (the layouts solved are the ones the play so far makes likely)
    "arena-expert": (["expert", "rules", "--deals", "500"], ["expert", "rules", "--deals", "20"]),
    "arena-expert-vs-dds": (["expert", "pimc-dds", "--deals", "500"],
                            ["expert", "pimc-dds", "--deals", "20"]),
    # where hard's margin over PIMC-DDS-20 is won and lost: every card's double-dummy error
    "dd_errors": (["hard", "pimc-dds", "--deals", "150", "--seed", "st"],
                  ["hard", "pimc-dds", "--deals", "2"]),
    # where hard's book prior keeps the book's card, and how sharp its layouts' weights are
    "search_stats": (["hard", "pimc-dds", "--deals", "12", "--seed", "rep"],
                     ["hard", "rules", "--deals", "2"]),
    # the reference bot against our textbook bot: what "+1.6 against a textbook bot" is here
    "arena-reference": (["pimc-dds", "rules", "--deals", "500"], ["pimc-dds", "rules", "--deals", "5"]),
    # the information hard lacks: hard seeing its partner's hand (dd, which sees all four, is the ceiling)
    "arena-peek": (["peek", "rules", "--deals", "500"], ["peek", "rules", "--deals", "5"]),
    "arena-cheat": (["dd", "rules", "--deals", "500"], ["dd", "rules", "--deals", "5"]),
    # the same against the textbook player remembering no cards (rules.forget): how much of
    # the gap to "+1.6 against a textbook bot" is the strength of the textbook bot
    "arena-tips": (["hard", "tips", "--deals", "500"], ["hard", "tips", "--deals", "5"]),
    "arena-reference-tips": (["pimc-dds", "tips", "--deals", "500"], ["pimc-dds", "tips", "--deals", "5"]),
    "arena-cheat-tips": (["dd", "tips", "--deals", "200"], ["dd", "tips", "--deals", "5"]),
    "arena-rules-tips": (["rules", "tips", "--deals", "500"], ["rules", "tips", "--deals", "5"]),
    # what the textbook card and hard's narrow solves give away in the first tricks
    "early_leads": ([], ["--deals", "5"]),
    "frames": ([], []),
    "soak": ([], ["--hands", "1000"]),
    # Oh Hell (3-5 players) and Knockout's hard against the textbook and the ISMCTS baseline
    "solo_arena": ([], ["--deals", "3", "--only", "oh-hell-3-ismcts", "knockout-4-rules"]),
    # every game's hard (and classic's expert) against the textbook, the standard ISMCTS at 1,000
    # and 4,000 simulations and PIMC-DDS, after the baseline's own check (issue 48)
    "strength": ([], ["--deals", "3", "--only", "check-oh-hell-3-random", "oh-hell-3-hard-ismcts-1000"]),
    # a whist drive through a real Mosquitto at 10, 30 and 100 tables (hall simulate)
    "hall_drive": ([], ["--tables", "3", "10", "--rounds", "2"]),
}


def main(argv: list[str]) -> int:
    wanted = argv or list(BENCHES)
    failed = []
    for name in wanted:
        if name not in BENCHES:
            print(f"unknown benchmark {name!r}; choose from {', '.join(BENCHES)}")
            return 2
        script = HERE / (name.split("-")[0] + ".py")
        if not script.exists():
            print(f"== {name}: {script.name} not present, skipped")
            continue
        args = BENCHES[name][1 if QUICK else 0]
        print(f"\n== {name}: python bench/{script.name} {' '.join(args)}", flush=True)
        start = time.monotonic()
        rc = subprocess.call([sys.executable, str(script), *args])
        print(f"== {name}: exit {rc}, {time.monotonic() - start:.0f} s", flush=True)
        if rc:
            failed.append(name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
