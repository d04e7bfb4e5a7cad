"""Check the solver against DDS's own test vectors (list1000.txt by default).

For every deal: FUT (every card's value at the opening lead, via
solve_moves), TABLE (20 values, via solve) and TRACE (the value after every
card of the recorded PLAY, via solve_moves). Prints checked/matched counts.

    python bench/dds_vectors.py [--file list1000.txt] [--limit N] [--no-table]
                                [--random N] [--random-only]

--random N also compares N random positions (random deal, trump, leader,
random legal play to a random point) card by card with DDS through endplay.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine import solver  # noqa: E402
from engine.ddsformat import fut_expected, parse_dds_vectors, trace_pairs  # noqa: E402

SHARED = ROOT / ".." / "shared" / "dds-hands"


def read_vectors(path: Path) -> list[dict]:
    return parse_dds_vectors(path.read_text())


def check_deal(deal: dict, counts: dict[str, list[int]], table: bool) -> None:
    masks = solver.hands_to_masks(deal["pbn"])
    trump, first = deal["trump"], deal["first"]
    if "fut" in deal:
        got = solver.solve_moves_masks(masks, trump, first)
        counts["FUT"][0] += 1
        counts["FUT"][1] += all(got.get(c) == v for c, v in fut_expected(deal).items())
    if table and "table" in deal:
        for strain in range(5):
            for declarer in range(4):
                v = 13 - solver.solve_masks(masks, strain, (declarer + 1) % 4)
                counts["TABLE"][0] += 1
                counts["TABLE"][1] += v == deal["table"][strain * 4 + declarer]
    if "play" in deal and "trace" in deal:
        for _what, expected, got_v in trace_pairs(deal, masks, solver.solve_moves_masks):
            counts["TRACE"][0] += 1
            counts["TRACE"][1] += got_v == expected


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="list1000.txt")
    ap.add_argument("--limit", type=int, default=0, help="only the first N deals")
    ap.add_argument("--no-table", action="store_true", help="skip the 20 TABLE solves per deal")
    ap.add_argument("--random", type=int, default=0, help="random positions vs endplay")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--random-only", action="store_true", help="skip the vector file")
    args = ap.parse_args(argv)
    path = SHARED / args.file
    if not path.exists():
        print(f"{path} not found (the shared folder sits beside the clone)")
        return 2
    deals = read_vectors(path)
    if args.limit:
        deals = deals[:args.limit]
    if args.random_only:
        deals = []
    counts = {"FUT": [0, 0], "TABLE": [0, 0], "TRACE": [0, 0]}
    start = time.monotonic()
    for i, deal in enumerate(deals, 1):
        check_deal(deal, counts, not args.no_table)
        if i % 50 == 0 or i == len(deals):
            summary = ", ".join(f"{k} {m}/{n}" for k, (n, m) in counts.items())
            print(f"{i} deals, {time.monotonic() - start:.0f} s: {summary} (matched/checked)",
                  flush=True)
    if not deals:
        print("no vector deals checked")
    bad = sum(n - m for n, m in counts.values())
    if args.random:
        from endplay.dds import solve_board
        from solver import dds_values, random_position, to_endplay

        rng = random.Random(args.seed)
        same = 0
        for k in range(args.random):
            pos = random_position(rng, rng.randint(1, 13))
            same += solver.solve_moves_masks(*pos) == dds_values(solve_board(to_endplay(pos)))
            if (k + 1) % 500 == 0:
                print(f"random positions: {same}/{k + 1} equal to DDS card by card", flush=True)
        print(f"random positions: {same}/{args.random} equal to DDS card by card")
        bad += args.random - same
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
