"""Duplicate matches between two AI players.

    python bench/arena.py A B --deals N [--seed S] [--budget SECONDS]

Each deal is played twice with the same cards: A sits North-South and B
East-West, then the other way round. A's trick margin on a deal is A's
tricks at both tables minus 13 (so the luck of the cards cancels out); its
point margin is A's points minus B's points over the two tables (7+ tricks
score one point per trick over six). Prints the means with their standard
errors and every bot's move latency over every move it made.

Bots: random, rules, easy, medium, hard, expert (the table's AI levels),
pimc-dds (PIMC, 20 samples solved by DDS: the classic approach), peek
(hard's fixed-work search, but it also sees its partner's hand: what
knowing partner's cards is worth), dd (a cheat that sees all four
hands: the ceiling) and tips (the sources' tips read literally, remembering
no cards: a weaker textbook opponent than rules, see bench/tips.py).
"""

from __future__ import annotations

import argparse
import math
import signal
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import ai  # noqa: E402
from engine.ai import levels, pimc, rules  # noqa: E402
from engine.ai.view import mask_of, view_of  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.deal import Deal, DealRecord  # noqa: E402
from engine.seats import SEATS, Seat  # noqa: E402
from engine.solver import default_solver  # noqa: E402

Bot = Callable[[Deal, Seat, int], str]
BOTS = ("random", "rules", "easy", "medium", "hard", "expert", "pimc-dds", "peek", "dd", "tips")


def make_bot(name: str, budget: float | None, samples: int | None,
             searcher: pimc.Searcher | None = None) -> Bot:
    if name in ai.LEVELS:
        def level_bot(deal: Deal, seat: Seat, seed: int) -> str:
            if searcher is None:
                return ai.choose_card(deal.observation(seat), name, seed, budget=budget, samples=samples)
            obs = deal.observation(seat)
            return str(levels.play(view_of(obs), name, levels.seed_for(obs, seed), budget, samples, searcher))
        return level_bot
    if name == "pimc-dds":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import pimc_dds

        def dds_bot(deal: Deal, seat: Seat, seed: int) -> str:
            return pimc_dds.choose_card(deal.observation(seat), seed)
        return dds_bot
    if name == "peek":
        def peek_bot(deal: Deal, seat: Seat, seed: int) -> str:
            obs = deal.observation(seat)
            view = view_of(obs)
            known = list(view.known)
            known[seat.partner] |= mask_of(deal.hand(seat.partner) or ())
            view = replace(view, known=(known[0], known[1], known[2], known[3]))
            return str(pimc.search(view, levels.seed_for(obs, seed), levels.hard_search(None)).card)
        return peek_bot
    if name == "dd":
        solve = default_solver()

        def dd_bot(deal: Deal, seat: Seat, seed: int) -> str:
            hands = tuple(mask_of(deal.hand(s) or ()) for s in SEATS)
            trick = tuple(int(c) for c in deal.current.cards)
            vals = solve.solve_moves_masks(hands, deal.trump, int(deal.current.leader), trick)
            assert vals is not None  # no limit given
            best = max(vals.values())
            prefs = rules.rank_preferences(view_of(deal.observation(seat)))
            return str(next(c for c in prefs if vals[int(c)] == best))
        return dd_bot
    if name == "tips":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import tips

        def tips_bot(deal: Deal, seat: Seat, seed: int) -> str:
            return str(tips.choose(view_of(deal.observation(seat))))
        return tips_bot
    raise SystemExit(f"unknown bot {name!r}: choose from {', '.join(BOTS)}")


def points(tricks: int) -> int:
    return max(0, tricks - 6)


def play_table(record: DealRecord, ns: tuple[str, Bot], ew: tuple[str, Bot], seed: int,
               times: dict[str, list[float]]) -> int:
    """Play one hand; returns North-South's tricks."""
    deal = Deal(record)
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        name, bot = ns if seat.side == 0 else ew
        t0 = time.perf_counter()
        card = bot(deal, seat, seed)
        times[name].append(time.perf_counter() - t0)
        deal.play(Card(card))
    return deal.tricks_taken()[0]


def mean_se(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, se


def latency_line(name: str, ts: list[float]) -> str:
    s = sorted(ts)
    p99 = s[min(len(s) - 1, math.ceil(0.99 * len(s)) - 1)]
    return (f"  {name:>9}: {len(s)} moves, median {1000 * statistics.median(s):.1f} ms, "
            f"p99 {1000 * p99:.1f} ms, max {1000 * s[-1]:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("a", help=f"bot A ({', '.join(BOTS)})")
    p.add_argument("b", help="bot B")
    p.add_argument("--deals", type=int, default=100, help="duplicate deals (each played twice)")
    p.add_argument("--seed", default="arena", help="seed for the deals and the bots")
    p.add_argument("--budget", type=float, default=None,
                   help="think time per move in seconds for the table's levels (default: theirs; "
                        "0: no clock, a fixed number of samples, see --samples)")
    p.add_argument("--samples", type=int, default=None, help="sample cap for the PIMC levels")
    p.add_argument("--solver", choices=("engine", "dds"), default="engine",
                   help="double-dummy solver behind the table's levels: ours (default) or DDS, "
                        "to separate the AI's play from the solver's speed")
    p.add_argument("--progress", type=int, default=50, help="print a running line every N deals")
    args = p.parse_args(argv)
    from engine.ai.levels import DEFAULT_BUDGET

    budget = args.budget if args.budget is not None else DEFAULT_BUDGET
    think = budget or None
    searcher = None
    if args.solver == "dds":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import pimc_dds

        searcher = pimc_dds.SEARCHER
    name_a, name_b = args.a, args.b
    key_a, key_b = (name_a, name_b) if name_a != name_b else (name_a + "/A", name_b + "/B")
    bot_a = (key_a, make_bot(name_a, think, args.samples, searcher))
    bot_b = (key_b, make_bot(name_b, think, args.samples, searcher))
    ai.warm_up()  # as the table does when its AI worker starts: no move pays for the set-up
    times: dict[str, list[float]] = {key_a: [], key_b: []}
    margins: list[float] = []
    pts: list[float] = []
    start = time.monotonic()
    done = 0
    # a background job ignores Ctrl-C: let `kill PID` also stop the match with a report
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for i in range(args.deals):
            record = DealRecord.deal(SEATS[i % 4], seed=f"{args.seed}-{i}")
            seed = i
            ns1 = play_table(record, bot_a, bot_b, seed, times)  # A is North-South
            ns2 = play_table(record, bot_b, bot_a, seed, times)  # A is East-West
            a_tricks = ns1 + (13 - ns2)
            margins.append(a_tricks - 13)
            pts.append(points(ns1) - points(13 - ns1) + points(13 - ns2) - points(ns2))
            if args.progress and (i + 1) % args.progress == 0 and i + 1 < args.deals:
                m, se = mean_se(margins)
                print(f"  ... {i + 1} deals: {m:+.3f} ± {se:.3f} tricks/deal, "
                      f"{time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
            done = i + 1
    except KeyboardInterrupt:  # Ctrl-C or kill: report the deals finished so far
        print(f"interrupted after {done} deals", file=sys.stderr)
        margins, pts = margins[:done], pts[:done]
        if not margins:
            return 1
    elapsed = time.monotonic() - start
    m, se = mean_se(margins)
    pm, pse = mean_se(pts)
    n = len(margins)
    print(f"{name_a} vs {name_b}: {n} duplicate deals ({2 * n} hands), seed {args.seed!r}")
    print(f"  {name_a} trick margin: {m:+.3f} ± {se:.3f} tricks/deal (mean ± 1 SE)")
    print(f"  {name_a} point margin: {pm:+.3f} ± {pse:.3f} points/deal")
    print("  move latency:")
    for key in (key_a, key_b):
        print(latency_line(key, times[key]))
    print(f"  run time {elapsed:.0f} s (think budget {budget * 1000:.0f} ms for the table's levels, "
          f"solver: {'DDS through endplay' if args.solver == 'dds' else 'engine.solver'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
