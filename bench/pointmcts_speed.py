"""How fast the point games' standard ISMCTS chooses a card: the C core
(engine.search.pointmcts) beside its Python reference (engine.search.pointmcts_py,
the same search) and beside bench/ismcts_any.py (the same algorithm on the
engine's rules, the baseline before the C one), on the same positions.

    python bench/pointmcts_speed.py GAME [--players N] [--hands 4] [--iterations 1000]
                                         [--slow 6] [--slow-iterations 50]

Positions: every card play of ``--hands`` hands played by the textbook player;
the C search on each of them, the two Python searches on ``--slow`` of them (every
fourth position, from the first).
Processor time a card, in ms: the mean, and per simulation.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import ismcts_any  # noqa: E402
import pointmcts as baseline  # noqa: E402

from engine.ai.family import choose_action  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.search import pointmcts, pointmcts_py  # noqa: E402
from engine.seats import Seat  # noqa: E402


def positions(game_name: str, players: int | None, hands: int) -> list[Deal]:
    """Copies of the deal at every card play with a choice, textbook play throughout."""
    game = get_game(game_name, players)
    out = []
    for h in range(hands):
        match = Match(game.default_rules(), Seat(h % game.players), f"speed{h}", game)
        deal = match.new_deal()
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            if obs.phase == Phase.PLAY and len(obs.legal) > 1:
                out.append(deal.copy())
            match.apply(choose_action(obs, "rules", "speed", budget=None))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=pointmcts.ITERATIONS)
    parser.add_argument("--slow", type=int, default=6)
    parser.add_argument("--slow-iterations", type=int, default=50)
    args = parser.parse_args()
    deals = positions(args.game, args.players, args.hands)
    slow = deals[::4][:args.slow]
    c_times, py_times, any_times = [], [], []
    for deal in deals:
        assert deal.turn is not None
        obs = deal.observe(deal.turn)
        play = baseline.describe(obs)
        start = time.process_time()
        pointmcts.search(obs, play, args.iterations, seed=1)
        c_times.append(time.process_time() - start)
    for deal in slow:
        assert deal.turn is not None
        obs = deal.observe(deal.turn)
        play = baseline.describe(obs)
        game, k = play.game(), pointmcts.knowledge(obs, play)
        start = time.process_time()
        pointmcts_py.search(game, k, args.slow_iterations, pointmcts.EXPLORE, 1)
        py_times.append(time.process_time() - start)
        start = time.process_time()
        ismcts_any.search(deal, deal.turn, args.slow_iterations, ismcts_any.EXPLORE, random.Random(1))
        any_times.append(time.process_time() - start)

    def line(name: str, times: list[float], iterations: int) -> str:
        mean = 1000 * statistics.fmean(times)
        return (f"  {name}: {len(times)} positions, {iterations} simulations: {mean:.1f} ms a card, "
                f"{1000 * mean / iterations:.1f} us a simulation")

    print(f"{args.game}, {deals[0].game.players} players, processor time:")
    print(line("C (engine.search.pointmcts)", c_times, args.iterations))
    print(line("Python reference (engine.search.pointmcts_py)", py_times, args.slow_iterations))
    print(line("engine's rules in Python (bench/ismcts_any.py)", any_times, args.slow_iterations))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
