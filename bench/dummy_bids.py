"""Dummy whist's bids for hard and expert remade from deals: every number of
``engine.games.dummy.ai.OVER``, ``OVER_SPREAD`` and ``PLAYED``.

    python bench/dummy_bids.py solve --deals 1500 [--first 0] --out F.jsonl [--progress 250]
    python bench/dummy_bids.py play --deals 150 [--first 0] [--level hard] --out F.jsonl
    python bench/dummy_bids.py fit --solved F.jsonl [F.jsonl ...] --played F.jsonl [F.jsonl ...]

A declarer's side is its hand and the dummy, 26 cards, and it names trumps once it sees
the dummy. ``solve``: deal ``i`` of seed ``bids``, eldest declaring at one of each type
(uptown, downtown, no trump) in turn, the others passing, trumps named as the textbook
names them (``choose_declare``); one JSON line a deal: for each type the textbook's count of
eldest's hand for it (``strain_count``'s best, no trump's less a half as the textbook bids
it) and the tricks over six its side takes with every card seen (the family solver from
the first lead). ``play``: the same deals, eldest declaring at one of the type the textbook
likes best, every card played by ``--level``; the tricks over six taken, beside the
solver's for the same contract. ``fit``: for each type the least-squares line of the
solved tricks over six against the count and the spread about it (one standard deviation),
and the tricks played less those solved (± its standard error).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Bid, Pass  # noqa: E402
from engine.ai.family import choose_action  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.family_solver import solve_family  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.games.dummy import DUMMY, MODES, ai  # noqa: E402
from engine.seats import Seat  # noqa: E402

GAME = get_game("dummy")
RULES = GAME.default_rules()
SEED = "bids"


def dealt(index: int) -> Deal:
    """Deal ``index`` of seed ``bids``, the dealer moving round, before the first bid."""
    return Deal(GAME.next_record(RULES, Seat(index % 3), 0, f"{SEED}{index}"), RULES, GAME)


def declared(index: int, mode: str) -> Deal:
    """Deal ``index``, eldest bidding one of ``mode``, the others passing, trumps named."""
    deal = dealt(index)
    eldest = deal.turn
    assert eldest is not None
    deal.apply(Bid(eldest, level=1, mode=mode))
    while deal.contract is None and deal.turn is not None:
        seat = deal.turn
        deal.apply(Pass(seat) if seat != eldest else ai.choose_declare(deal.observe(seat)))
    return deal


def solved_over(deal: Deal) -> int:
    """Tricks over six the declarer's side takes from the first lead with every card seen."""
    ring = GAME.play_ring(deal)
    hands = [sum(1 << int(c) for c in deal.hand(s) or ()) for s in ring]
    value = solve_family(hands, deal.order, 0, side=0b0101)
    assert value is not None
    return value - 6


def counts(deal: Deal) -> dict[str, float]:
    """The textbook's count of eldest's hand for each type of bid."""
    contract = deal.contract
    assert contract is not None and contract.declarer is not None
    return ai.mode_counts(sorted(deal.record.hands()[int(contract.declarer)]))


def solve(args: argparse.Namespace) -> int:
    start = time.monotonic()
    with open(args.out, "w") as out:
        for i in range(args.first, args.first + args.deals):
            row: dict[str, object] = {"deal": i}
            for mode in MODES:
                deal = declared(i, mode)
                row[mode] = [counts(deal)[mode], solved_over(deal)]
            out.write(json.dumps(row) + "\n")
            out.flush()  # a run stopped keeps every deal it finished
            if args.progress and (i - args.first + 1) % args.progress == 0:
                print(f"  ... {i - args.first + 1} deals, {time.monotonic() - start:.0f} s", file=sys.stderr)
    return 0


def play(args: argparse.Namespace) -> int:
    start = time.monotonic()
    with open(args.out, "w") as out:
        for i in range(args.first, args.first + args.deals):
            before = dealt(i)
            hand = sorted(before.hand(before.turn) or ())
            mode = ai.best_mode(hand)
            deal = declared(i, mode)
            contract = deal.contract
            assert contract is not None and contract.declarer is not None
            solved = solved_over(deal)
            moves = 0
            while not deal.is_over:
                seat = deal.turn
                assert seat is not None
                deal.apply(choose_action(deal.observe(seat), args.level, f"{SEED}{i}|{moves}", budget=None))
                moves += 1
            played = deal.taken[contract.declarer] + deal.taken[DUMMY] - 6
            out.write(json.dumps({"deal": i, "mode": mode, "count": ai.mode_counts(hand)[mode],
                                  "played": played, "solved": solved}) + "\n")
            out.flush()
            if args.progress and (i - args.first + 1) % args.progress == 0:
                print(f"  ... {i - args.first + 1} deals, {time.monotonic() - start:.0f} s", file=sys.stderr)
    return 0


def fit(solved: list[str], played: list[str]) -> int:
    rows = [json.loads(line) for path in solved for line in open(path)]
    for mode in MODES:
        xs = [float(r[mode][0]) for r in rows]
        ys = [float(r[mode][1]) for r in rows]
        slope, base = statistics.linear_regression(xs, ys)
        mx = statistics.mean(xs)
        sxx = sum((x - mx) ** 2 for x in xs)
        spread = statistics.stdev([y - base - slope * x for x, y in zip(xs, ys, strict=True)])
        print(f"{mode:9s} {len(rows)} deals: over six = {base:.2f} + {slope:.3f} x count, "
              f"spread {spread:.2f} (slope ± {spread / math.sqrt(sxx):.3f})")
    games = [json.loads(line) for path in played for line in open(path)]
    if games:
        diff = [g["played"] - g["solved"] for g in games]
        se = statistics.stdev(diff) / math.sqrt(len(diff))
        alike = sum(1 for d in diff if d == 0)
        print(f"played less solved: {statistics.mean(diff):+.3f} ± {se:.3f} tricks over {len(diff)} hands "
              f"({alike} alike)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="step", required=True)
    for name, what in (("solve", "each type's tricks with every card seen"),
                       ("play", "the type the textbook likes, played out")):
        p = sub.add_parser(name, help=what)
        p.add_argument("--deals", type=int, default=1500 if name == "solve" else 150)
        p.add_argument("--first", type=int, default=0)
        p.add_argument("--out", required=True)
        p.add_argument("--progress", type=int, default=250 if name == "solve" else 25)
        if name == "play":
            p.add_argument("--level", default="hard")
    f = sub.add_parser("fit", help="the lines and the spread, and play against the solver")
    f.add_argument("--solved", nargs="+", required=True)
    f.add_argument("--played", nargs="*", default=[])
    args = ap.parse_args(argv)
    if args.step == "solve":
        return solve(args)
    if args.step == "play":
        return play(args)
    return fit(args.solved, args.played)


if __name__ == "__main__":
    raise SystemExit(main())
