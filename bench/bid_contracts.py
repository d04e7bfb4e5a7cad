"""Bid Whist's contracts and move times: two AI levels in duplicate (each deal
played twice, the sides swapped), counting for each level the contracts it
won, how often they were made, their mean level and its points per deal, and
the CPU time of each of its moves by kind (bids, declarations and exchanges
apart from plays). CPU time, not wall time: the figure a quiet machine would
show, whatever else shares it.

    python bench/bid_contracts.py hard rules --deals 100 --seed bench
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
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else math.nan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    game = get_game("bid")
    stats = {k: {"won": 0, "made": 0, "levels": [], "points": 0, "play": [], "other": []}
             for k in (args.a, args.b)}
    margins: list[int] = []
    for i in range(args.deals):
        record = game.next_record(BidRules(), SEATS[i % 4], 0, f"{args.seed}-{i}")
        margin = 0
        for a_side in (0, 1):
            match = Match(BidRules(), first_dealer=record.dealer, seed=f"{args.seed}-{i}-{a_side}", game=game)
            deal = match.start_deal(record)
            while not deal.is_over:
                seat = deal.turn
                level = args.a if seat.side == a_side else args.b
                kind = "play" if deal.phase == Phase.PLAY else "other"
                t0 = time.process_time()
                action = ai.choose_action(match.observe(seat), level, match.move_seed(), budget=None)
                stats[level][kind].append(time.process_time() - t0)
                match.apply(action)
            score = match.finish_deal()
            contract = deal.contract
            assert contract is not None and contract.declarer is not None and contract.level is not None
            who = args.a if contract.declarer.side == a_side else args.b
            s = stats[who]
            s["won"] += 1
            s["made"] += score.points[contract.declarer.side] > 0
            s["levels"].append(contract.level)
            margin += score.points[a_side] - score.points[1 - a_side]
            stats[args.a]["points"] += score.points[a_side]
            stats[args.b]["points"] += score.points[1 - a_side]
        margins.append(margin)
        if (i + 1) % 25 == 0:
            print(f"  ... {i + 1} deals", file=sys.stderr, flush=True)
    n = len(margins)
    mean = sum(margins) / n
    se = math.sqrt(sum((m - mean) ** 2 for m in margins) / (n - 1) / n) if n > 1 else math.nan
    out: dict[str, object] = {"deals": n, "seed": args.seed,
                              f"{args.a}_margin_points_per_deal": round(mean, 3), "se": round(se, 3)}
    for k, s in stats.items():
        levels = s["levels"]
        assert isinstance(levels, list)
        out[k] = {
            "contracts": s["won"], "made": s["made"],
            "made_rate": round(float(s["made"]) / max(1, int(s["won"])), 3),  # type: ignore[arg-type]
            "mean_level": round(sum(levels) / max(1, len(levels)), 2),
            "play_ms": {"median": round(1000 * pct(s["play"], 0.5), 1),  # type: ignore[arg-type]
                        "p99": round(1000 * pct(s["play"], 0.99), 1),  # type: ignore[arg-type]
                        "max": round(1000 * max(s["play"]), 1)},  # type: ignore[arg-type]
            "bid_declare_exchange_ms": {"p99": round(1000 * pct(s["other"], 0.99), 1),  # type: ignore[arg-type]
                                        "max": round(1000 * max(s["other"]), 1)},  # type: ignore[arg-type]
        }
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
