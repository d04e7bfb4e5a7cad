"""The family solver (engine.family_solver): its C core checked against the
pure-Python reference, and its speed on Bid Whist and classic positions.

    python bench/family_solver.py [--check 10000] [--bid 20] [--classic 20] [--mid 40] [--seed 1]
                                  [--progress]

1. ``--check N``: N random positions across the family (Bid Whist with jokers
   uptown, downtown and no trump; Oh Hell-like tables of 3 to 7 each for
   themselves; two seats; misère and nullo low games; Solo sides of one or
   two), small enough for the reference: every card's value must be equal.
2. Speed, every legal card's value (``solve_family_moves``) from the opening
   lead: ``--bid`` Bid Whist deals (12 cards each from the 54, the kitty
   aside, uptown/downtown/no trump in turn, the leader's partnership
   counted); ``--classic`` classic deals (13 cards each) solved by the family
   solver and by the classic solver (engine.solver, the reference figure),
   values checked equal; ``--mid`` positions of 8 cards each of both kinds,
   where the AI's searches spend most of their calls. Medians, 90th
   percentiles, worst cases and the ratios, in CPU time of the calling
   thread (both solvers search on it), so a busy machine changes them little.
   A deal the family solver has not solved in ``--cap`` seconds is counted
   apart (and left out of the ratios: the figures say how many).

The figures go to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import family_solver as fs  # noqa: E402
from engine import solver  # noqa: E402
from engine.order import Order  # noqa: E402

VARIANTS = ("bid", "oh-hell", "two", "misere", "solo")


@dataclass(frozen=True)
class FamilyPosition:
    hands: tuple[int, ...]
    order: Order
    leader: int
    trick: tuple[int, ...]
    side: int
    maximise: bool


def deal(rng: random.Random, seats: int, each: int, jokers: bool) -> list[int]:
    deck = list(range(54 if jokers else 52))
    rng.shuffle(deck)
    return [sum(1 << c for c in deck[i * each:(i + 1) * each]) for i in range(seats)]


def play_some(rng: random.Random, hands: list[int], order: Order, leader: int, most: int) -> tuple[int, ...]:
    """Up to ``most`` random legal cards of the trick in progress, taken out of the hands."""
    trick: list[int] = []
    seats = len(hands)
    for k in range(rng.randint(0, min(most, seats - 1))):
        seat = (leader + k) % seats
        legal = order.legal([fs.card_of(c) for c in fs.cards_in(hands[seat])], [fs.card_of(c) for c in trick])
        card = int(rng.choice(legal))
        hands[seat] ^= 1 << card
        trick.append(card)
    return tuple(trick)


def small_each(rng: random.Random, seats: int) -> int:
    """Cards each for a position the reference solves in milliseconds."""
    most = {2: 5, 3: 4, 4: 3, 5: 2, 6: 2, 7: 2}[seats]
    return rng.randint(1, most)


def random_position(rng: random.Random, variant: str, each: int | None = None) -> FamilyPosition:
    """A random position of one variant of the family (``each`` cards a seat, else a small count)."""
    if variant == "bid":
        seats, jokers = 4, True
        order = Order(rng.randint(0, 4), rng.random() < 0.5, False, rng.choice(("trump", "free")))
    elif variant == "oh-hell":
        seats, jokers = rng.randint(3, 7), False
        order = Order(rng.randint(0, 4))
    elif variant == "two":
        seats, jokers = 2, rng.random() < 0.5
        order = Order(rng.randint(0, 4), rng.random() < 0.3, rng.random() < 0.5,
                      rng.choice(("trump", "free")))
    elif variant == "misere":
        seats, jokers = rng.randint(3, 4), False
        order = Order(rng.randint(0, 4), rng.random() < 0.5, rng.random() < 0.5)
    elif variant == "solo":
        seats, jokers = 4, False
        order = Order(rng.randint(0, 4))
    else:
        raise ValueError(f"no variant {variant!r}: choose from {', '.join(VARIANTS)}")
    n = each if each is not None else small_each(rng, seats)
    hands = deal(rng, seats, n, jokers)
    leader = rng.randrange(seats)
    trick = play_some(rng, hands, order, leader, seats - 1)
    mover = (leader + len(trick)) % seats
    if variant == "bid":
        side, maximise = fs.partners(rng.randrange(4)), True
    elif variant in ("oh-hell", "two"):
        side, maximise = 1 << rng.randrange(seats), True
    elif variant == "misere":
        side, maximise = 1 << rng.choice((mover, rng.randrange(seats))), False
    else:
        a = rng.randrange(4)
        side = fs.seats_mask(a) if rng.random() < 0.5 else fs.seats_mask(a, (a + rng.choice((1, 3))) % 4)
        maximise = rng.random() < 0.7
    return FamilyPosition(tuple(hands), order, leader, trick, side, maximise)


def cross_check(n: int, seed: int, progress: bool = False) -> tuple[int, list[FamilyPosition]]:
    """n positions, the variants in turn: how many agreed, and those that did not."""
    rng = random.Random(seed)
    bad = []
    for i in range(n):
        p = random_position(rng, VARIANTS[i % len(VARIANTS)])
        got = fs.solve_family_moves(p.hands, p.order, p.leader, p.trick, p.side, maximise=p.maximise)
        want = fs.reference_moves(p.hands, p.order, p.leader, p.trick, p.side, maximise=p.maximise)
        if got != want:
            bad.append(p)
        if progress and (i + 1) % 1000 == 0:
            print(f"  {i + 1} positions, {len(bad)} differences", flush=True)
    return n - len(bad), bad


def _stats(times: list[float]) -> str:
    s = sorted(times)
    p90 = s[min(len(s) - 1, int(0.9 * len(s)))]
    return f"median {statistics.median(s) * 1e3:8.1f} ms  p90 {p90 * 1e3:8.1f} ms  max {s[-1] * 1e3:8.1f} ms"


def bid_deal(rng: random.Random, each: int, strain: int) -> tuple[list[int], Order, int]:
    hands = deal(rng, 4, each, jokers=True)  # the rest of the 54 is the kitty and the cards played
    downtown = strain == 1
    order = Order(4 if strain == 2 else rng.randint(0, 3), downtown)
    return hands, order, rng.randrange(4)


def timed(fn: object, *args: object) -> tuple[float, object]:
    # CPU time of this thread (both solvers search on the calling thread): the
    # figures hold on a machine that other work keeps busy
    start = time.thread_time()
    value = fn(*args)  # type: ignore[operator]
    return time.thread_time() - start, value


def speed(n_bid: int, n_classic: int, each_bid: int, each_classic: int, seed: int, progress: bool,
          cap: float) -> None:
    rng = random.Random(seed)
    bid_times: list[float] = []
    bid_over = classic_over = 0
    kinds = ("uptown", "downtown", "no trump")
    per_kind: dict[str, list[float]] = {k: [] for k in kinds}
    for i in range(n_bid):
        hands, order, leader = bid_deal(rng, each_bid, i % 3)
        fs.clear_tables()
        t, got = timed(lambda *a: fs.solve_family_moves(*a, time_limit=cap),
                       hands, order, leader, (), fs.partners(leader))
        if got is None:
            bid_over += 1
            if progress:
                print(f"  bid {i + 1}/{n_bid}: over {cap:.0f} s", flush=True)
            continue
        bid_times.append(t)
        per_kind[kinds[i % 3]].append(t)
        if progress:
            print(f"  bid {i + 1}/{n_bid}: {t:.3f} s", flush=True)
    fam: list[float] = []
    cls: list[float] = []
    for i in range(n_classic):
        hands = deal(rng, 4, each_classic, jokers=False)
        trump, leader = rng.randint(0, 4), rng.randrange(4)
        fs.clear_tables()
        solver.clear_tables()
        t1, a = timed(lambda *x: fs.solve_family_moves(*x, time_limit=cap),
                      hands, Order(trump), leader, (), fs.partners(leader))
        t2, b = timed(solver.solve_moves_masks, tuple(hands), trump, leader)
        if a is None:
            classic_over += 1
            if progress:
                print(f"  classic {i + 1}/{n_classic}: family over {cap:.0f} s, classic {t2:.3f} s",
                      flush=True)
            continue
        if a != b:
            print(f"  classic deal {i}: the family solver says {a}, the classic solver {b}")
            raise SystemExit(1)
        fam.append(t1)
        cls.append(t2)
        if progress:
            print(f"  classic {i + 1}/{n_classic}: family {t1:.3f} s, classic {t2:.3f} s", flush=True)
    if bid_times:
        print(f"Bid Whist, {each_bid} cards each, {len(bid_times)} deals ({bid_over} more over "
              f"{cap:.0f} s):  {_stats(bid_times)}")
        for k in kinds:
            if per_kind[k]:
                print(f"    {k:9s} {len(per_kind[k]):3d} deals: {_stats(per_kind[k])}")
    if fam:
        print(f"classic, {each_classic} cards each, {len(fam)} deals ({classic_over} more over {cap:.0f} s "
              "for the family solver)")
        print(f"    family solver:  {_stats(fam)}")
        print(f"    classic solver: {_stats(cls)}")
        ratios = sorted(a / max(b, 1e-6) for a, b in zip(fam, cls, strict=True))
        medians = statistics.median(fam) / max(statistics.median(cls), 1e-6)
        print(f"    family / classic: ratio of medians {medians:.1f}, "
              f"median per-deal ratio {statistics.median(ratios):.1f}, worst {ratios[-1]:.1f}")
        if bid_times:
            print(f"Bid Whist ({each_bid}) / classic ({each_classic}) on the family solver: ratio of medians "
                  f"{statistics.median(bid_times) / statistics.median(fam):.1f}; against the classic solver "
                  f"{statistics.median(bid_times) / max(statistics.median(cls), 1e-6):.1f}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", type=int, default=10_000, help="positions checked against the reference")
    ap.add_argument("--bid", type=int, default=12, help="Bid Whist deals of 12 cards each")
    ap.add_argument("--classic", type=int, default=12, help="classic deals of 13 cards each")
    ap.add_argument("--mid", type=int, default=30, help="deals of 8 cards each, of both kinds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cap", type=float, default=60.0,
                    help="seconds (wall clock) a deal may take the family solver")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    print(f"backend: {fs.BACKEND}")
    if not fs.HAVE_C:
        print("the C core is not built: nothing to compare or time")
        return 1
    if args.check:
        start = time.perf_counter()
        agreed, bad = cross_check(args.check, args.seed, args.progress)
        print(f"C core against the reference: {agreed}/{args.check} positions equal "
              f"({time.perf_counter() - start:.1f} s)")
        for p in bad[:5]:
            print(f"    differs: {p}")
        if bad:
            return 1
    if args.mid:
        print(f"-- mid-hand: 8 cards each, {args.mid} deals of each kind")
        speed(args.mid, args.mid, 8, 8, args.seed, args.progress, args.cap)
    if args.bid or args.classic:
        print("-- whole deals from the opening lead")
        speed(args.bid, args.classic, 12, 13, args.seed + 1, args.progress, args.cap)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
