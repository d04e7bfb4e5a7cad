"""What solving nullo's end is worth in Norwegian whist: ``hard`` against
``hard`` that plays every nullo card by the ducking textbook, over duplicate
deals (the same deals and seeds as ``whist-table arena --game norwegian``).
Only nullo hands differ between the two, so the margin is the solver's.

    python bench/nullo_solver.py --deals 500 [--seed arena]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from device.arena import Arena, Entrant, MoveSeed, make_entrant, standard_deals  # noqa: E402
from engine import ai  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.seats import Seat  # noqa: E402


def ducking_hard(match: Match, seat: Seat, seed: MoveSeed) -> Action:
    obs = match.observe(seat)
    nullo = obs.phase == Phase.PLAY and obs.contract is not None and obs.contract.call == "nullo"
    return ai.choose_action(obs, "rules" if nullo else "hard", seed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", default="arena")
    args = parser.parse_args()
    game = get_game("norwegian")
    rules = game.default_rules()
    start = time.monotonic()
    hard = make_entrant("hard", "hard", ai.DEFAULT_BUDGET)
    with Arena(game, hard, Entrant("hard-duck", "hard-duck", ducking_hard), rules) as arena:
        arena.play(standard_deals(game, rules, args.seed, args.deals), 50)
    print("\n".join(arena.summary(args.seed, time.monotonic() - start, "nullo solver").lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
