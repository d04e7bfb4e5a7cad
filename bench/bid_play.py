"""Bid Whist card play alone: every auction, declaration and exchange made by
one level (``--bidder``, the same at both tables), the card play by A for one
side and B for the other, in duplicate (each deal played twice, the sides
swapped). Both tables of a deal reach the same contract whenever the bidder is
deterministic given the seat's cards, so the margin measures the play, not the
bidding. A's trick margin on a deal is its tricks at both tables minus 12.

    python bench/bid_play.py hard rules --deals 300 --seed play300 --progress 25
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import ai  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.games.bid import BidRules  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.seats import SEATS  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, math.ceil(q * len(xs)) - 1)] if xs else math.nan


def mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n) if n > 1 else math.nan
    return mean, se


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--bidder", default="hard", help="the level that bids, declares and exchanges")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number (to split a run)")
    parser.add_argument("--seed", default="play")
    parser.add_argument("--progress", type=int, default=0, help="a line on stderr every N deals")
    args = parser.parse_args()
    game = get_game("bid")
    tricks: list[float] = []
    points: list[float] = []
    same = 0
    cpu: dict[str, list[float]] = {args.a: [], args.b: []}
    for i in range(args.first, args.first + args.deals):
        record = game.next_record(BidRules(), SEATS[i % 4], 0, f"{args.seed}-{i}")
        a_tricks = 0
        a_points = 0
        contracts = []
        for a_side in (0, 1):
            match = Match(BidRules(), first_dealer=record.dealer, seed=f"{args.seed}-{i}", game=game)
            deal = match.start_deal(record)
            while not deal.is_over:
                seat = deal.turn
                if deal.phase == Phase.PLAY:
                    level = args.a if seat.side == a_side else args.b
                    t0 = time.process_time()
                    action = ai.choose_action(match.observe(seat), level, match.move_seed(), budget=None)
                    cpu[level].append(time.process_time() - t0)
                else:
                    action = ai.choose_action(match.observe(seat), args.bidder, match.move_seed(),
                                              budget=None)
                match.apply(action)
            score = match.finish_deal()
            c = deal.contract
            assert c is not None
            contracts.append((c.declarer, c.level, c.trump, c.downtown))
            a_tricks += deal.tricks_taken()[a_side]
            a_points += score.points[a_side] - score.points[1 - a_side]
        same += contracts[0] == contracts[1]
        tricks.append(a_tricks - 12)
        points.append(a_points)
        if args.progress and (i + 1 - args.first) % args.progress == 0:
            m, se = mean_se(tricks) if len(tricks) > 1 else (tricks[0], math.nan)
            print(f"  ... {i + 1 - args.first} deals: {args.a} {m:+.3f} ± {se:.3f} tricks/deal",
                  file=sys.stderr, flush=True)
    tm, tse = mean_se(tricks)
    pm, pse = mean_se(points)
    out = {"deals": len(tricks), "seed": args.seed, "first": args.first, "bidder": args.bidder,
           "same_contract_both_tables": same,
           f"{args.a}_tricks_per_deal": round(tm, 3), "tricks_se": round(tse, 3),
           f"{args.a}_points_per_deal": round(pm, 3), "points_se": round(pse, 3),
           "cpu_ms_p99": {k: round(1000 * pct(v, 0.99), 1) for k, v in cpu.items()},
           "cpu_ms_max": {k: round(1000 * max(v), 1) for k, v in cpu.items()},
           "margins": tricks}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
