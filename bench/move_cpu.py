"""The processor time a move of an AI level costs in any game (process time, not the
wall clock, so a machine shared with other jobs still gives the figure it would
alone): the p99 and the largest over every play and every bid of N deals.

The processor time is the level's fixed work (``budget=None``: the moves the arenas'
``--budget 0`` measure, the same on any machine). A timed move (the table's, 40 ms by
the clock) searches on every solving thread until its clock runs out, so its processor
time is the threads' count times the budget when the machine is idle and less under
load: it says nothing of the move's cost. Each move with a choice is therefore also
asked for timed, in the same position, and that call's clock time (and its
processor time, all threads together) is reported beside; the deal goes on with the
fixed-work move, so the positions do not depend on the load.

    python bench/move_cpu.py GAME [--deals N] [--level hard] [--players N] [--rule KEY=VALUE ...]

Deal i is the game's hand i of its schedule (Oh Hell's hand sizes), as in the arena.
``--matches`` plays N whole matches instead, every hand of each (Knockout: the later,
smaller hands, where the player with most tricks names trumps).
``--level ismcts`` times the ISMCTS baseline (bench/ismcts.py: engine.search.ismcts's C search with
random play-outs, 1,000 simulations), ``ismcts-py`` its Python reference.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from device.arena import teams  # noqa: E402
from device.rule_option import add_rule_option  # noqa: E402
from engine.actions import Action, Play  # noqa: E402
from engine.ai.family import choose_action  # noqa: E402
from engine.deal import Deal  # noqa: E402
from engine.errors import RulesError  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.match import Match, deal_seed  # noqa: E402
from engine.observation import Observation  # noqa: E402
from engine.search.levels import DEFAULT_BUDGET  # noqa: E402
from engine.seats import seats_at  # noqa: E402
from engine.settings import rules_with  # noqa: E402


def percentile(seconds: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) in ms; NaN when there is nothing."""
    s = sorted(seconds)
    return 1000 * s[max(0, min(len(s) - 1, math.ceil(q * len(s)) - 1))] if s else math.nan


def p99(seconds: list[float]) -> float:
    return percentile(seconds, 0.99)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--players", type=int, default=None, help="oh-hell 3-7, knockout 2-7")
    parser.add_argument("--matches", action="store_true", help="N whole matches instead of N deals")
    parser.add_argument("--no-timed", dest="timed", action="store_false",
                        help="leave out the timed moves' clock (half the run)")
    add_rule_option(parser)
    args = parser.parse_args()
    game = get_game(args.game, args.players)
    choose: Callable[..., Action] = choose_action
    if args.level.startswith("ismcts"):
        sys.path.insert(0, str(ROOT / "bench"))
        import ismcts

        python = args.level == "ismcts-py"

        def choose(obs: Observation, level: str, seed: str, budget: float | None = None) -> Action:
            return obs.legal[0] if len(obs.legal) == 1 else ismcts.search(
                obs, ismcts.ITERATIONS, seed, python=python, knockouts=game.table.knockouts)
    try:
        rules = rules_with(game, args.rule)
    except RulesError as exc:
        parser.error(f"--rule: {exc}")
    game = game.with_rules(rules)
    dealers = seats_at(game.players)
    if not game.partnerships and not teams(game):
        dealers = dealers[:game.sides]  # the players deal (not a dummy hand)
    if not args.level.startswith("ismcts"):
        from engine import ai

        ai.warm_up()  # as the table's AI worker does before the first move: no move pays for it
    plays: list[float] = []
    bids: list[float] = []
    by_kind: dict[str, list[float]] = {}  # the deal's phase when the move was asked for
    walls: list[float] = []  # the clock's time of every timed move with a choice
    timed_cpu: list[float] = []  # and its processor time, every thread's

    def play_out(deal: Deal, seed: str, apply: Callable[[Action], object]) -> None:
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            obs = deal.observe(seat)
            t0 = time.process_time()
            action = choose(obs, args.level, seed, budget=None)
            spent = time.process_time() - t0
            if len(obs.legal) > 1 and args.timed:
                t0, w0 = time.process_time(), time.perf_counter()
                choose(obs, args.level, seed, budget=DEFAULT_BUDGET)
                walls.append(time.perf_counter() - w0)
                timed_cpu.append(time.process_time() - t0)
            (plays if isinstance(action, Play) else bids).append(spent)
            by_kind.setdefault(str(deal.phase), []).append(spent)
            apply(action)

    for i in range(args.deals):
        seed = deal_seed("cpu", i)
        if args.matches:
            match = Match(rules, dealers[i % len(dealers)], seed)
            while not match.is_over:
                play_out(match.new_deal(), seed, match.apply)
                match.finish_deal()
            continue
        record = game.next_record(rules, dealers[i % len(dealers)], i % game.arena_hands(rules), seed)
        deal = Deal(record, game.rules_for_record(rules, record), game)
        play_out(deal, seed, deal.apply)
    name = " ".join([args.game, *args.rule])
    players = f" {game.players} players," if args.players else ""
    print(f"{name}{players} {args.level}, {args.deals} {'matches' if args.matches else 'deals'}: "
          f"plays {len(plays)}, "
          f"p99 {p99(plays):.1f} ms, max {1000 * max(plays):.1f} ms; "
          f"bids and other steps {len(bids)}, p99 {p99(bids):.1f} ms"
          + (f", max {1000 * max(bids):.1f} ms" if bids else ""))
    load = os.getloadavg()[0]
    if args.timed:
        print(f"  by the clock (moves with a choice; the timed budget {1000 * DEFAULT_BUDGET:.0f} ms): "
              f"p99 {p99(walls):.1f} ms, max {1000 * max(walls, default=0.0):.1f} ms, "
              f"load average {load:.1f} on {os.cpu_count()} cores; "
              f"processor time p99 {p99(timed_cpu):.1f} ms (every thread's)")
    for kind, seconds in by_kind.items():
        print(f"  {kind}: {len(seconds)} moves, p50 {percentile(seconds, 0.5):.1f} ms, "
              f"p99 {p99(seconds):.1f} ms, max {1000 * max(seconds):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
