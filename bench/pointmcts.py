"""The standard ISMCTS baseline for the games whose package describes their card play
(``point_play``: Hearts, Catch the Ten, classic, Norwegian, Solo and German whist), as an
external player: single-observer information-set Monte Carlo tree search (Cowling,
Powley and Whitehouse 2012), 1,000 simulations a card, random play-outs, UCB1 0.7 on
rewards in 0..1, the final card the root's most visited (engine.search.pointmcts, in
C; the game's package describes its play and score).

The search plays the cards. Every other action (Hearts' pass, the auctions of
Norwegian and Solo whist) is the game's textbook player's (the ``rules`` level): in
a game with an auction this is a baseline of the play alone, not the standard ISMCTS
of the whole game. Catch the Ten's packets at two and three players are not
modelled (play them with ``packets=false``).

    whist-table arena --game catch-the-ten hard "cmd:python bench/pointmcts.py" --timeout 120

Options: ``--iterations N`` (default 1000), ``--seed S``, ``--python`` (the Python
reference, slow).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Protocol, runtime_checkable

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from ismcts import seed_of  # noqa: E402

from engine.actions import Action, Play  # noqa: E402
from engine.ai.family import choose_action  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.errors import RulesError  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.games import get_game  # noqa: E402
from engine.observation import Observation  # noqa: E402
from engine.search import pointmcts, pointmcts_py  # noqa: E402
from engine.search.pointmcts import PointPlay  # noqa: E402


@runtime_checkable
class Described(Protocol):
    """A game whose package describes its card play to engine.search.pointmcts."""

    def point_play(self, obs: Observation) -> PointPlay: ...


def describe(obs: Observation) -> PointPlay:
    game = get_game(obs.game, obs.players)
    game = game.with_rules(game.rules_from_dict(obs.rules))
    if not isinstance(game, Described):
        raise RulesError(f"{obs.game} does not describe its play to the point games' search "
                         "(its package has no point_play)")
    return game.point_play(obs)


def act(obs: Observation, iterations: int, seed: int | str, python: bool = False) -> Action:
    """The baseline's action: the search's card, or the textbook's pass."""
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    if obs.phase != Phase.PLAY:
        return choose_action(obs, "rules", str(seed), budget=None)
    play = describe(obs)
    if python:
        card = pointmcts_py.search(play.game(), pointmcts.knowledge(obs, play), iterations, pointmcts.EXPLORE,
                                   seed_of(obs, seed))
        return Play(obs.seat, Card(card))
    return pointmcts.search(obs, play, iterations, seed=seed_of(obs, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=pointmcts.ITERATIONS)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--python", action="store_true", help="the Python reference search (slow)")
    args = parser.parse_args()
    for line in sys.stdin:
        obs = Observation.from_json(json.loads(line))
        print(json.dumps(act(obs, args.iterations, args.seed, args.python).to_dict(obs.players)), flush=True)


if __name__ == "__main__":
    main()
