"""Our double-dummy solver beside DDS (through endplay), same positions, same process.

For each set of positions it prints the median, 90th percentile and maximum
time per call of ours (``solve_moves_masks``: every legal card's value) and
of DDS (``solve_board``: every card's value), the ratio of the medians and
the median and worst per-position ratio, and checks every value matches.
It also prints how many positions each search reached: the nodes at the
start of a trick (DDS reports only those), so a gap in time can be told
apart as search effort (more positions) or speed (time per position).

Both run single-threaded: endplay's ``solve_board`` makes one ``SolveBoard``
call on thread slot 0 (DDS only spreads work over threads in its batch
calls such as ``SolveAllBoards``), and ours searches on the calling thread.

    python bench/solver.py [--full 120] [--mid 200] [--largest N] [--seed 1] [--quick]
    python bench/solver.py --by-left 5,7,9,11,13 [--positions 100] [--seed 1]

``--by-left`` shows where the two searches part: at each number of tricks left, the
positions each reached to find the value of random trick starts, ours over DDS's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import solver  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.ddsformat import Position, random_position  # noqa: E402
from engine.pbn import format_hands  # noqa: E402

SHARED = ROOT / ".." / "shared" / "dds-hands"

def to_endplay(pos: Position):
    from endplay.types import Deal, Denom, Player

    hands, trump, leader, trick = pos
    full = list(hands)
    for i, c in enumerate(trick):
        full[(leader + i) % 4] |= 1 << c
    cards = [[Card(c) for c in range(52) if m >> c & 1] for m in full]
    deal = Deal(format_hands(cards))
    deal.first = Player(leader)
    deal.trump = Denom(trump)
    for c in trick:
        deal.play(str(Card(c)))
    return deal


def dds_values(result) -> dict[int, int]:
    out = {}
    for card, score in result:
        rank = int(card.rank.value).bit_length() - 1
        out[int(card.suit) * 13 + rank - 2] = score
    return out


def largest_positions() -> list[Position]:
    path = SHARED / "largest.txt"
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.startswith("PBN"):
            parts = line.split()
            trump, first = int(parts[3]), int(parts[4])
            masks = solver.hands_to_masks(line.split('"')[1])
            out.append((masks, trump, first, ()))
    return out


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * (len(xs) - 1) + 0.5))]


def run_set(name: str, positions: list[Position]) -> dict[str, float]:
    from endplay.dds import solve_board

    ours, theirs, ratios = [], [], []
    our_pos, dds_pos, pos_ratios = [], [], []
    mismatches = 0
    for pos in positions:
        deal = to_endplay(pos)
        n0 = trick_nodes()
        t0 = time.perf_counter()
        mine = solver.solve_moves_masks(*pos)
        t1 = time.perf_counter()
        board = solve_board(deal)
        t2 = time.perf_counter()
        ref = dds_values(board)
        if mine != ref:
            mismatches += 1
        ours.append(t1 - t0)
        theirs.append(t2 - t1)
        ratios.append((t1 - t0) / max(t2 - t1, 1e-7))
        theirs_n = getattr(getattr(board, "_data", None), "nodes", None)
        if n0 is not None and theirs_n:
            our_pos.append(trick_nodes() - n0)  # type: ignore[operator]
            dds_pos.append(theirs_n)
            pos_ratios.append(our_pos[-1] / theirs_n)
    row = {
        "n": len(positions),
        "ours_med": statistics.median(ours), "ours_p90": pct(ours, 0.9), "ours_max": max(ours),
        "dds_med": statistics.median(theirs), "dds_p90": pct(theirs, 0.9),
        "dds_max": max(theirs),
        "ratio_of_medians": statistics.median(ours) / statistics.median(theirs),
        "median_ratio": statistics.median(ratios), "max_ratio": max(ratios),
        "ours_total": sum(ours), "dds_total": sum(theirs), "mismatches": mismatches,
    }
    if pos_ratios:
        row.update(ours_pos_med=statistics.median(our_pos), dds_pos_med=statistics.median(dds_pos),
                   pos_median_ratio=statistics.median(pos_ratios))
    ms = 1000.0
    print(
        f"{name:<22}{row['n']:>5}  "
        f"{row['ours_med'] * ms:8.2f}{row['ours_p90'] * ms:9.2f}{row['ours_max'] * ms:9.1f}  "
        f"{row['dds_med'] * ms:8.2f}{row['dds_p90'] * ms:9.2f}{row['dds_max'] * ms:9.1f}  "
        f"{row['ratio_of_medians']:6.2f} {row['median_ratio']:6.2f} {row['max_ratio']:6.2f}"
        f"  {row['mismatches']:>4}",
        flush=True,
    )
    if pos_ratios:
        print(f"{'':<22}{'':>5}  positions reached: ours med {row['ours_pos_med']:.0f}, "
              f"DDS med {row['dds_pos_med']:.0f}, median ratio {row['pos_median_ratio']:.2f}", flush=True)
    return row


def trick_start(rng: random.Random, left: int) -> Position:
    """A random deal played at random to the start of a trick with ``left`` tricks left."""
    hands, trump, leader, trick = random_position(rng, left)
    full = list(hands)
    for i, c in enumerate(trick):  # the trick begun is taken back into its players' hands
        full[(leader + i) % 4] |= 1 << c
    return (full[0], full[1], full[2], full[3]), trump, leader, ()


def by_tricks_left(rng: random.Random, lefts: list[int], n: int) -> None:
    """Where the searches part: the value of each of ``n`` random trick starts with so many
    tricks left, ours (``solve_masks``) beside DDS's (``solve_board``, one card of the most
    tricks): the positions each reached (the nodes at a trick's start), ours over DDS's.
    DDS keeps its table while one deal is solved again: an unrelated deal is solved between.
    (No times: on a few tricks they are tens of microseconds, the caches' more than the
    search's.)"""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode

    other = to_endplay(random_position(random.Random(-5), 2))
    print(f"{'tricks left':<12}{'n':>5}  {'ours/DDS: median':>17}{'total':>8}{'worst':>8}")
    for left in lefts:
        ratios, ours_n, dds_n = [], 0, 0
        for _ in range(n):
            hands, trump, leader, _ = trick_start(rng, left)
            solve_board(other)
            board = solve_board(to_endplay((hands, trump, leader, ())), SolveMode.OptimalOne)
            theirs = max(1, board._data.nodes)
            n0 = trick_nodes() or 0
            solver.solve_masks(hands, trump, leader)
            mine = (trick_nodes() or 0) - n0
            ratios.append(mine / theirs)
            ours_n, dds_n = ours_n + mine, dds_n + theirs
        print(f"{left:<12}{n:>5}  {statistics.median(ratios):>17.2f}{ours_n / dds_n:>8.2f}"
              f"{max(ratios):>8.2f}", flush=True)


def trick_nodes() -> int | None:
    """Positions (trick starts) our C core has searched so far; None without it."""
    try:
        from engine import _solver  # type: ignore[attr-defined]
    except ImportError:
        return None
    count = getattr(_solver, "trick_nodes", None)
    return int(count()) if count is not None and solver.HAVE_C else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", type=int, default=120, help="random full deals")
    ap.add_argument("--mid", type=int, default=200, help="random mid-hand positions")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--largest", type=int, default=None, help="only the first N of largest.txt")
    ap.add_argument("--quick", action="store_true", help="a small smoke run")
    ap.add_argument("--by-left", default=None, metavar="K,K,...",
                    help="instead: the value of random trick starts with K tricks left, ours beside DDS's")
    ap.add_argument("--positions", type=int, default=100, help="trick starts for each K of --by-left")
    args = ap.parse_args(argv)
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        print("endplay is not installed: pip install the bench extras")
        return 2
    if args.quick:
        args.full, args.mid = 10, 20
    rng = random.Random(args.seed)
    if args.by_left:
        by_tricks_left(rng, [int(k) for k in args.by_left.split(",")], args.positions)
        return 0
    full = [random_position(rng, None) for _ in range(args.full)]
    mid = [random_position(rng, rng.randint(5, 9)) for _ in range(args.mid)]
    largest = largest_positions()
    if args.quick:
        largest = largest[:3]
    if args.largest is not None:
        largest = largest[:args.largest]
    print(f"solver backend: {solver.BACKEND}; table {solver.table_size() >> 20} MiB; "
          "times in ms per call, both single-threaded")
    print(f"{'set':<22}{'n':>5}  {'ours med':>8}{'p90':>9}{'max':>9}  "
          f"{'DDS med':>8}{'p90':>9}{'max':>9}  {'ratio':>6}{'med r':>7}{'max r':>7}  {'diff':>4}")
    rows = {
        "full deals": run_set("full deals", full),
        "mid-hand (5-9 left)": run_set("mid-hand (5-9 left)", mid),
    }
    if largest:
        rows["largest.txt"] = run_set("largest.txt", largest)
    print("ratio = our median / DDS median; med r / max r = median / worst of per-position "
          "ratios; diff = positions where any card's value differs from DDS; positions reached = "
          "search nodes at the start of a trick (DDS's own node count)")
    bad = sum(r["mismatches"] for r in rows.values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
