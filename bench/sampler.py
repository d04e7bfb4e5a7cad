"""Layouts drawn per second: the C core's sampler against the Python reference.

    python bench/sampler.py [--positions N] [--draws N]

Positions from the arena's deals, played by the textbook to every stage of
the hand (2 to 9 tricks gone). For each the same views are sampled by both
implementations (engine.search.sampling: Sampler.sample is the Python
reference, Sampler.sample_many the C core's deal_layouts, in batches of 16 as
the expert level draws them), and the expert level's weight of each layout is
timed too, since expert weighs 16 layouts for every one it solves. Printed:
microseconds per layout and the ratio. A Raspberry Pi 4 is about 5x slower.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.deal import Deal, DealRecord  # noqa: E402
from engine.search import rules, sampling  # noqa: E402
from engine.search.inference import PlayInference  # noqa: E402
from engine.search.sampling import Sampler  # noqa: E402
from engine.search.view import View, view_of  # noqa: E402
from engine.seats import SEATS  # noqa: E402

BATCH = 16


def positions(n: int) -> list[View]:
    out = []
    for i in range(n):
        deal = Deal(DealRecord.deal(SEATS[i % 4], seed=f"arena-{i}"))
        for _ in range(4 * (2 + i % 8)):
            deal.play(rules.choose(view_of(deal.observation(deal.turn))))
        out.append(view_of(deal.observation(deal.turn)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=80)
    ap.add_argument("--draws", type=int, default=512, help="layouts per position (a move's worth)")
    args = ap.parse_args(argv)
    views = positions(args.positions)
    samplers = [Sampler.for_view(v) for v in views]
    n = len(views) * args.draws
    rng = random.Random(1)
    t0 = time.perf_counter()
    drawn = [[s.sample(rng) for _ in range(args.draws)] for s in samplers]
    python_us = (time.perf_counter() - t0) / n * 1e6
    t0 = time.perf_counter()
    weigh_all = [PlayInference() for _ in views]
    for v, w, hands in zip(views, weigh_all, drawn, strict=True):
        for h in hands:
            w(v, h)
    weigh_us = (time.perf_counter() - t0) / n * 1e6
    print(f"{len(views)} positions (2-9 tricks played), {args.draws} layouts each")
    print(f"  Python reference sampler: {python_us:6.2f} us a layout")
    if sampling._DEAL_LAYOUTS is None:
        print("  C sampler: not built (engine._solver without deal_layouts)")
        return 1
    t0 = time.perf_counter()
    for s in samplers:
        for _ in range(args.draws // BATCH):
            s.sample_many(rng, BATCH)
    c_us = (time.perf_counter() - t0) / (len(views) * (args.draws // BATCH) * BATCH) * 1e6
    print(f"  C sampler (batches of {BATCH}):  {c_us:6.2f} us a layout, "
          f"{python_us / c_us:.1f}x the reference")
    print(f"  expert's weight of a layout: {weigh_us:6.2f} us (Python)")
    per = BATCH * (c_us + weigh_us) / 1000
    ref = BATCH * (python_us + weigh_us) / 1000
    print(f"  expert's draw-and-weigh work per layout solved: {per:.2f} ms "
          f"(with the Python sampler {ref:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
