"""How far two players follow the book the AI's inference believes, in classic whist.

    python bench/book_rates.py A B --deals N [--seed S]

Plays the arena's deals (seeds ``S-0``, ``S-1``, ...; A North-South, then
East-West) and, from the hands each player held, checks every card it played
against the book that engine.search.inference reads the others' play by:
the card led, second hand low, third hand high, fourth hand winning cheaply,
a void player ruffing as cheaply as it could. Prints, for each player and
kind of card, the share that was the book's, and for the suits led the mean
log-likelihood under the inference's length model against a uniform choice
(higher is better; the model helps only where it beats the uniform one).
The inference believes each kind with the same trust (inference.CARD_TRUST,
TRUST); a player who follows the book less than that is read too firmly.
A and B are the table's levels or the bench's bots (bench/arena.py).
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import arena  # noqa: E402

from engine.deal import Deal  # noqa: E402
from engine.search import inference  # noqa: E402
from engine.search.pimc import Hands  # noqa: E402
from engine.search.view import View, mask_of, view_of  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    args, bots = arena.two_players(__doc__, argv)
    hits: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    suit_ll: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for record, seed in arena.bench_deals(args.seed, args.deals):
        for who in ((args.a, args.b), (args.b, args.a)):  # who sits North-South, East-West
            deal = Deal(record)
            # each seat's checks come from the next seat's view at its last turn
            last: dict[int, tuple[View, Hands]] = {}
            for seat, _, _ in arena.play_out(deal, who, bots, seed):
                masks = [mask_of(deal.hand(s) or ()) for s in deal.seats]
                last[int(seat)] = (view_of(deal.observation(seat)), (masks[0], masks[1], masks[2], masks[3]))
            for s in range(4):
                view, hands = last[(s + 1) % 4]
                name = who[s % 2]
                for c in inference.book_checks(view, hands):
                    if c.seat != s:
                        continue
                    hits[(name, c.kind)][0] += c.book
                    hits[(name, c.kind)][1] += 1
                    if c.suit_chance is not None:
                        ll = suit_ll[name]
                        ll[0] += math.log(c.suit_chance)
                        ll[1] += math.log(1 / c.suits_held)
                        ll[2] += 1
        print(f"  ... deal {seed + 1} of {args.deals}", file=sys.stderr, flush=True)
    print(f"{args.a} and {args.b}: {args.deals} deals, seed {args.seed!r}, each played twice")
    print(f"the book's card, by kind (the inference believes each with trust {inference.CARD_TRUST}):")
    for name in dict.fromkeys((args.a, args.b)):
        row = [f"{kind} {hits[(name, kind)][0] / max(1, hits[(name, kind)][1]):.3f} "
               f"({hits[(name, kind)][1]})" for kind in inference.KINDS]
        print(f"  {name:>9}: " + ", ".join(row))
    print("the suit led, mean log-likelihood a lead (the inference's length model / a uniform choice):")
    for name in dict.fromkeys((args.a, args.b)):
        m, u, n = suit_ll[name]
        print(f"  {name:>9}: {m / max(1, n):.3f} / {u / max(1, n):.3f} ({n:.0f} leads)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
