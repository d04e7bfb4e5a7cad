"""Duplicate deals of any game between an AI level and the standard ISMCTS baseline of
bench/ismcts_any.py (the engine's own rules in Python, random play-outs): the games
with no C baseline (Hearts and Catch the Ten have one: bench/pointmcts_arena.py).

    python bench/ismcts_any_arena.py GAME [--players N] [--level hard] [--iterations 100]
                                          [--deals 10] [--seed S] [--rule KEY=VALUE ...]

The deals, seats and margins are ``whist-table arena``'s (device.arena); the baseline
is slow (a replay of the deal a simulation), so its simulations are few and so are
the deals: the figures in bench/RESULTS.md say how many.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import ismcts_any  # noqa: E402

from device.arena import Arena, Entrant, level_bot, standard_deals  # noqa: E402
from device.rule_option import add_rule_option  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.settings import rules_with  # noqa: E402

EXPLORE = 0.7  # UCB1's constant for rewards in 0..1, as bench/ismcts.py


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", default="ismcts")
    add_rule_option(parser)
    args = parser.parse_args()
    game = get_game(args.game, args.players)
    rules = rules_with(game, args.rule)
    game = game.with_rules(rules)
    baseline = f"ismcts-{args.iterations}"
    arena = Arena(game, Entrant(args.level, args.level, level_bot(args.level, None)),
                  Entrant(baseline, baseline, ismcts_any.bot(args.iterations, EXPLORE)), rules)
    start = time.monotonic()
    arena.play(standard_deals(game, rules, args.seed, args.deals), progress=max(1, args.deals // 5))
    print("\n".join(arena.summary(args.seed, time.monotonic() - start, "fixed work").lines()))
    print(f"  house rules: {rules.summary()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
