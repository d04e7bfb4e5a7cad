"""A general game-AI baseline for the games where each plays alone (Oh Hell,
Knockout): single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse 2012), 1,000 simulations a move, random
play-outs.

It is engine.search.ismcts's search with no game knowledge beyond the rules,
as the literature has it: each simulation deals the unseen cards afresh at
random consistent with what the seat knows (its hand, the cards played, the
turned card, the suits each seat showed out of, the bids in the state),
walks one tree of the seat's information set by UCB1 with availability
counts over the actions legal in that deal, adds one node, plays the rest of
the hand at random and backs up every seat's result to the nodes where that
seat chose; the move is the root's most visited. A seat's reward is its
points for the hand scaled to 0..1 between the worst and the best a hand of
that size can score, so UCB1's usual constant for rewards in 0..1,
1/sqrt(2) = 0.7 (Kocsis and Szepesvari), applies; 0.2 played no better and
0.07 worse, and OpenSpiel's ISMCTSBot on its own Oh Hell rules did not beat
it (bench/RESULTS.md). Hard is the same search with the textbook player's
play-outs and more simulations; this is the yardstick it is measured
against. ``--python`` runs the pure-Python reference instead of the C core;
bench/ismcts_any.py is the same algorithm for every other game, on the
engine's rules in Python.

As an external player (reads observations, writes actions, one JSON line
each, see docs/observation.md)::

    whist-table arena --game oh-hell --players 4 hard "cmd:python bench/ismcts.py" --timeout 30

Options: ``--iterations N`` (default 1000), ``--seed S``, ``--python``.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Action  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.observation import Observation  # noqa: E402
from engine.search import ismcts, ismcts_py  # noqa: E402

ITERATIONS = ismcts.BASELINE.iterations


def seed_of(obs: Observation, seed: int | str) -> int:
    """The search's seed: the same observation and seed give the same move."""
    digest = hashlib.sha256(f"{seed}|{json.dumps(obs.to_json(), sort_keys=True)}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def search(obs: Observation, iterations: int = ITERATIONS, seed: int | str = 0, *,
           python: bool = False, knockouts: bool | None = None) -> Action:
    """The baseline's action for ``obs`` (C core, or the Python reference); ``knockouts``
    for a game whose players with no trick leave it (by default the game's table says,
    as the game tells its own AI: Knockout's goal is staying in, not a bid)."""
    if knockouts is None:
        knockouts = get_game(obs.game, obs.players).table.knockouts
    options = dataclasses.replace(ismcts.BASELINE, iterations=iterations, bid_iterations=iterations)
    if not python:
        return ismcts.search(obs, options, seed_of(obs, seed), knockouts)
    k, goal = ismcts.state_of(obs, knockouts)
    return ismcts.action_of(obs, ismcts_py.search(k, goal, options.as_tuple(obs.phase), seed_of(obs, seed)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--python", action="store_true", help="the Python reference search (slow)")
    args = parser.parse_args()
    for line in sys.stdin:
        obs = Observation.from_json(json.loads(line))
        legal = list(obs.legal)
        action = legal[0] if len(legal) == 1 else search(obs, args.iterations, args.seed, python=args.python)
        print(json.dumps(action.to_dict(obs.players)), flush=True)


if __name__ == "__main__":
    main()
