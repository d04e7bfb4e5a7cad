"""Where a classic whist margin comes from: each card's double-dummy error.

    python bench/dd_errors.py A B --deals N [--seed S]

Plays the arena's deals (seeds ``S-0``, ``S-1``, ...; A North-South, then
East-West, every move seeded as bench/arena.py seeds it) and solves the
position before every card with all four hands seen: a card's error is the
tricks its side gives away double dummy by playing it instead of the best
card. A side's tricks are the deal's double-dummy value less its own errors
plus the other side's, so A's trick margin is exactly B's errors less A's
(printed side by side, as a check). The errors are split by the card's place
in the trick (the lead, second, third, fourth hand) and by the stage of the
hand (cards in hand), so a margin can be traced to where it is won or lost.
A double-dummy error is not always a real one: a lead that gives a trick
away double dummy may be the best guess without seeing the hands.
A and B are the table's levels or the bench's bots (bench/arena.py).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena  # noqa: E402

from engine.deal import Deal  # noqa: E402
from engine.search.view import mask_of  # noqa: E402
from engine.solver import default_solver  # noqa: E402

PLACES = ("lead", "second", "third", "fourth")
STAGES = ((10, 13), (6, 9), (1, 5))  # cards in hand, fewest and most


def stage_of(cards: int) -> int:
    return next(i for i, (lo, hi) in enumerate(STAGES) if lo <= cards <= hi)


def main(argv: list[str] | None = None) -> int:
    args, bots = arena.two_players(__doc__, argv)
    if args.a == args.b:
        raise SystemExit("give two different players: the errors are counted by name")
    solver = default_solver()
    # errors[(name, stage, place)] = [tricks given away, cards with an error, cards]
    errors: dict[tuple[str, int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    margin = 0
    for record, seed in arena.bench_deals(args.seed, args.deals):
        for who in ((args.a, args.b), (args.b, args.a)):  # who sits North-South, East-West
            deal = Deal(record)
            for seat, name, card in arena.play_out(deal, who, bots, seed):
                masks = [mask_of(deal.hand(s) or ()) for s in deal.seats]
                trick = tuple(int(c) for c in deal.current.cards)
                values = solver.solve_moves_masks((masks[0], masks[1], masks[2], masks[3]), deal.trump,
                                                  int(deal.current.leader), trick)
                assert values is not None  # no limit given
                lost = max(values.values()) - values[int(card)]
                tally = errors[(name, stage_of(masks[int(seat)].bit_count()), len(trick))]
                tally[0] += lost
                tally[1] += lost > 0
                tally[2] += 1
            tricks = deal.tricks_taken()
            margin += tricks[0] if who[0] == args.a else tricks[1]
        margin -= 13
        print(f"  ... deal {seed + 1} of {args.deals}", file=sys.stderr, flush=True)
    n: int = args.deals

    def given(name: str, stage: int | None = None, place: int | None = None) -> float:
        return sum(v[0] for (who, s, pl), v in errors.items()
                   if who == name and stage in (None, s) and place in (None, pl)) / n

    print(f"{args.a} against {args.b}: {n} deals, seed {args.seed!r}, each played twice")
    print(f"{args.a}'s margin {margin / n:+.3f} tricks a deal = {args.b}'s double-dummy errors "
          f"{given(args.b):.3f} less {args.a}'s {given(args.a):.3f}")
    print("tricks given away double dummy a deal (both tables), by the card's place in the trick;")
    print("in brackets the share of those cards that gave a trick away:")
    print(f"  {'player':>9} {'cards in hand':>13} " + " ".join(f"{p:>15}" for p in PLACES) + f" {'all':>7}")
    for name in (args.a, args.b):
        for i, (lo, hi) in enumerate(STAGES):
            cells = []
            for place in range(4):
                _, wrong, cards = errors[(name, i, place)]
                cells.append(f"{given(name, i, place):6.3f} ({100 * wrong / max(1, cards):4.1f}%)")
            print(f"  {name:>9} {f'{hi}-{lo}':>13} " + " ".join(f"{c:>15}" for c in cells)
                  + f" {given(name, i):7.3f}")
    print(f"  {args.b + ' less ' + args.a:>23} " + " ".join(
        f"{given(args.b, None, pl) - given(args.a, None, pl):+15.3f}" for pl in range(4))
        + f" {given(args.b) - given(args.a):+7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
