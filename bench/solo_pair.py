"""Two settings of the Oh Hell / Knockout hard (engine/search/ismcts.py) paired on the
same duplicate deals, in one process and with fixed work: how its options were
chosen (bench/RESULTS.md).

    python bench/solo_pair.py --players 3 --deals 330 --seed x2 \\
        --a '{"iterations": 4000}' --b '{"iterations": 1000}'
    python bench/solo_pair.py --players 3 --deals 330 --against ismcts

``--rule KEY=VALUE`` sets a house rule as the arena's does (``--rule
schedule=fixed``: seven-card Oh Hell hands); ``--iterations`` the baseline's
simulations. ``--a`` and ``--b`` set fields of hard's ``engine.search.ismcts.Options`` (JSON:
iterations, bid_iterations, textbook, epsilon, explore; anything not named
keeps hard's) for hard A and hard B; ``--against ismcts`` plays A against the
ISMCTS baseline (bench/ismcts.py) in-process instead of B. Prints A's margin
in points a hand (the arena's, device.arena), split by hand size, the
exact-bid rates and A's processor time a card and a bid (p99).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import ismcts  # noqa: E402

from device.arena import Arena, Entrant, standard_deals  # noqa: E402
from device.rule_option import add_rule_option  # noqa: E402
from engine.actions import Action, Play  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.search import ismcts as search  # noqa: E402
from engine.seats import Seat  # noqa: E402
from engine.settings import rules_with  # noqa: E402


def figure(xs: list[float]) -> str:
    if len(xs) < 2:
        return "n/a"
    return f"{statistics.fmean(xs):+.3f} ± {statistics.stdev(xs) / math.sqrt(len(xs)):.3f} ({len(xs)})"


def p99(xs: list[float]) -> float:
    s = sorted(xs)
    return 1000 * s[min(len(s) - 1, math.ceil(0.99 * len(s)) - 1)] if s else math.nan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="oh-hell")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", default="pilot")
    parser.add_argument("--a", default="{}", help="JSON: engine.search.ismcts.Options fields for A")
    parser.add_argument("--b", default="{}", help="JSON: engine.search.ismcts.Options fields for B")
    parser.add_argument("--against", choices=("hard", "ismcts"), default="hard")
    parser.add_argument("--iterations", type=int, default=ismcts.ITERATIONS,
                        help="the baseline's simulations")
    add_rule_option(parser)
    args = parser.parse_args()
    hard = search.LEVELS["hard"]
    a_opt = dataclasses.replace(hard, **json.loads(args.a))
    b_opt = dataclasses.replace(hard, **json.loads(args.b))
    cpu: dict[str, list[float]] = {"play": [], "bid": []}

    def seed_of(match: Match, seat: Seat, seed: int | str) -> int:
        return random.Random(f"{seed}|{match.observe(seat).to_json()}").getrandbits(64)

    def hard_a(match: Match, seat: Seat, seed: int | str) -> Action:
        obs = match.observe(seat)
        if len(obs.legal) == 1:
            return obs.legal[0]
        t0 = time.process_time()
        action = search.search(obs, a_opt, seed_of(match, seat, seed))
        cpu["play" if isinstance(action, Play) else "bid"].append(time.process_time() - t0)
        return action

    def hard_b(match: Match, seat: Seat, seed: int | str) -> Action:
        obs = match.observe(seat)
        return obs.legal[0] if len(obs.legal) == 1 else search.search(obs, b_opt, seed_of(match, seat, seed))

    def baseline(match: Match, seat: Seat, seed: int | str) -> Action:
        obs = match.observe(seat)
        return obs.legal[0] if len(obs.legal) == 1 else ismcts.search(obs, args.iterations, seed)

    game = get_game(args.game, args.players)
    rules = rules_with(game, args.rule)
    other = Entrant(args.against, args.against + "/B", baseline if args.against == "ismcts" else hard_b)
    arena = Arena(game, Entrant("hard", "hard/A", hard_a), other, rules)
    sizes = []
    for record, seed in standard_deals(game, rules, args.seed, args.deals):
        arena.play_deal(record, seed)
        sizes.append(max(len(h) for h in record.hands() if h is not None))
    m = arena.margins
    exact = ", ".join(f"{k} {100 * statistics.fmean(v):.1f}%" for k, v in arena.exact.items() if v)
    print(f"{args.game}, {args.players} players, {args.deals} deals (seed {args.seed}): A {args.a} against "
          f"{args.against} {args.b if args.against == 'hard' else ''}")
    print(f"  A's margin {figure(m)} points/hand; exact bids {exact or 'n/a'}")
    print(f"  by hand size: 1-4 {figure([x for x, z in zip(m, sizes, strict=True) if z <= 4])}, "
          f"5-9 {figure([x for x, z in zip(m, sizes, strict=True) if 4 < z <= 9])}, "
          f"10+ {figure([x for x, z in zip(m, sizes, strict=True) if z > 9])}")
    print(f"  A's processor time p99: a card {p99(cpu['play']):.1f} ms, a bid {p99(cpu['bid']):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
