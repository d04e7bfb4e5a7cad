"""Where the textbook card costs tricks early in the hand: at the first card of
tricks 1-3, the double-dummy tricks (on the true deal) lost by the textbook
card, by the reference PIMC choice (20 layouts, each solved exactly: what
pimc-dds plays) and by the same 20 layouts solved narrow, as ``hard`` solves
them early in the hand (engine.search.levels.NARROW); the play between them by
the textbook bot.

    python bench/early_leads.py [--deals 100] [--seed early]

An exact layout costs more to solve there than a timed move's budget: this
measures what the narrow solves give away against exact ones, and what they
gain over the textbook card.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import solver  # noqa: E402
from engine.deal import Deal, DealRecord  # noqa: E402
from engine.search import pimc, rules  # noqa: E402
from engine.search.levels import NARROW  # noqa: E402
from engine.search.view import mask_of, view_of  # noqa: E402
from engine.seats import SEATS  # noqa: E402

TRICKS = (1, 2, 3)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", default="early")
    args = ap.parse_args(argv)
    kinds = ("book", "pimc", "narrow")
    lost: dict[tuple[int, str], list[int]] = {(t, w): [] for t in TRICKS for w in kinds}
    for i in range(args.deals):
        deal = Deal(DealRecord.deal(SEATS[i % 4], seed=f"{args.seed}-{i}"))
        for k in range(4 * len(TRICKS)):
            view = view_of(deal.observation(deal.turn))
            if k % 4 == 0:
                hands = tuple(mask_of(deal.hand(s) or ()) for s in SEATS)
                values = solver.solve_moves_masks(hands, deal.trump, int(deal.current.leader), ())
                best = max(values.values())
                cfg = pimc.Search(samples=20, min_samples=20, budget=None, nodes=0, prior=0.0, threads=1)
                chosen = pimc.search(view, random.Random(f"{args.seed}-{i}-{k}"), cfg).card
                cfg.narrow = NARROW
                narrow = pimc.search(view, random.Random(f"{args.seed}-{i}-{k}"), cfg).card
                lost[(k // 4 + 1, "book")].append(best - values[int(rules.choose(view))])
                lost[(k // 4 + 1, "pimc")].append(best - values[int(chosen)])
                lost[(k // 4 + 1, "narrow")].append(best - values[int(narrow)])
            deal.play(rules.choose(view))
    print(f"{args.deals} deals, seed {args.seed!r}: double-dummy tricks lost by the leader's card")

    def gap(xs: list[int], ys: list[int]) -> str:
        diff = [x - y for x, y in zip(xs, ys, strict=True)]
        se = statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else float("nan")
        return f"{statistics.fmean(diff):+.3f} ± {se:.3f}"

    for t in TRICKS:
        book, ref, nar = lost[(t, "book")], lost[(t, "pimc")], lost[(t, "narrow")]
        print(f"  trick {t}: textbook {statistics.fmean(book):.3f}, PIMC-20 {statistics.fmean(ref):.3f}, "
              f"narrow PIMC-20 {statistics.fmean(nar):.3f}; textbook loses {gap(book, ref)} more than "
              f"PIMC-20, narrow loses {gap(nar, ref)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
