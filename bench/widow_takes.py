"""Widow whist's take or pass for hard and expert remade from deals: every number of
``engine.games.widow.ai.TAKE_BELOW_AT``.

    python bench/widow_takes.py play --deals 900 [--first 0] [--level hard] --out F.jsonl
                                     [--low 0.5] [--high 4.0] [--progress 100]
    python bench/widow_takes.py fit F.jsonl [F.jsonl ...]

``play``: deal ``i`` of seed ``take`` (the dealer moving round), and for each place in
the widow's offer (eldest, the next, the dealer) whose hand the textbook counts
(``engine.search.hands.count_tricks``) from ``--low`` up to ``--high``, the hand played
out twice from there, that seat taking and passing, the seats before it passing and
the seats after it taking or passing as the textbook does (``choose_bid``), every
other choice the level's own (the hand a taker keeps, the cards). One JSON
line a place: its count, the counts of the seats before it, and the seat's points
after taking and after passing.

``fit``: for each place, the least-squares line of taking's gain over passing against
the count, and the count where it crosses zero (± its standard error): a hand counted
below that gains by taking. The seats before it pass in these deals whatever they
hold, as they do in play only when they count at least the threshold of their own
place.
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

from engine.actions import Action, Bid, Pass  # noqa: E402
from engine.ai.family import choose_action  # noqa: E402
from engine.deal import DealRecord  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.games.widow import GAME  # noqa: E402
from engine.games.widow.ai import choose_bid  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.search.hands import count_tricks  # noqa: E402
from engine.seats import Seat, around  # noqa: E402

PLACES = GAME.players  # eldest, the next, the dealer: every seat is offered the widow in turn


def played(record: DealRecord, place: int, take: bool, level: str) -> tuple[int, ...]:
    """The hand's points when the seat at ``place`` takes (or passes), those before it pass."""
    rules = GAME.default_rules()
    match = Match(rules, record.dealer, None, GAME)
    deal = match.start_deal(record)
    offers = 0
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        obs = match.observe(seat)
        action: Action
        if obs.phase == Phase.AUCTION and offers <= place:
            wanted = Bid if offers == place and take else Pass
            action = next(a for a in obs.legal if isinstance(a, wanted))
            offers += 1
        elif obs.phase == Phase.AUCTION:
            action = choose_bid(obs)  # the textbook's, so the figures do not move with the fit
        else:
            action = choose_action(obs, level, f"{record.dealer}|{len(deal.actions)}", budget=None)
        match.apply(action)
    return match.finish_deal().points


def play(args: argparse.Namespace) -> int:
    rules = GAME.default_rules()
    start = time.monotonic()
    with open(args.out, "a", encoding="utf-8") as out:
        for n, i in enumerate(range(args.first, args.first + args.deals), 1):
            record = GAME.next_record(rules, Seat(i % PLACES), 0, f"take{i}")
            hands = record.hands()
            seats = [around(record.dealer, p + 1, PLACES) for p in range(PLACES)]
            counts = [count_tricks(list(hands[seat] or ()), record.trump) for seat in seats]
            for place, seat in enumerate(seats):
                if not args.low <= counts[place] < args.high:
                    continue
                taking = played(record, place, True, args.level)[seat]
                passing = played(record, place, False, args.level)[seat]
                out.write(json.dumps({"deal": i, "place": place, "count": counts[place],
                                      "before": counts[:place], "take": taking, "pass": passing}) + "\n")
            out.flush()
            if args.progress and n % args.progress == 0:
                print(f"  ... {n} deals, {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    return 0


def fit(paths: list[str]) -> int:
    missing = [path for path in paths if not Path(path).is_file()]
    if missing:
        print(f"no deals in {', '.join(missing)}: make them with the play command first", file=sys.stderr)
        return 2
    rows = [json.loads(line) for path in paths for line in Path(path).read_text().splitlines() if line]
    print(f"{'place':<8}{'hands':>6}{'slope':>16}{'break-even count':>22}")
    for place, name in enumerate(("eldest", "next", "dealer")):
        xs = [(float(r["count"]), float(r["take"] - r["pass"])) for r in rows if r["place"] == place]
        if len(xs) < 3:
            print(f"{name:<8}{len(xs):>6}  too few hands")
            continue
        n = len(xs)
        b, a = statistics.linear_regression([x for x, _ in xs], [y for _, y in xs])
        mx = sum(x for x, _ in xs) / n
        sxx = sum((x - mx) ** 2 for x, _ in xs)
        res = sum((y - a - b * x) ** 2 for x, y in xs) / (n - 2)
        cross = -a / b
        se = math.sqrt(res * (1 / n + (cross - mx) ** 2 / sxx)) / abs(b)
        print(f"{name:<8}{n:>6}{b:>+9.3f} ± {math.sqrt(res / sxx):.3f}{cross:>14.2f} ± {se:.2f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play each hand out taking and passing")
    p.add_argument("--deals", type=int, default=900)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--level", default="hard")
    p.add_argument("--low", type=float, default=0.5)
    p.add_argument("--high", type=float, default=4.0)
    p.add_argument("--out", required=True)
    p.add_argument("--progress", type=int, default=100)
    f = sub.add_parser("fit", help="where taking starts to gain, by place")
    f.add_argument("paths", nargs="+")
    args = ap.parse_args(argv)
    return play(args) if args.command == "play" else fit(args.paths)


if __name__ == "__main__":
    raise SystemExit(main())
