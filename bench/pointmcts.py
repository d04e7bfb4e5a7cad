"""The standard ISMCTS baseline for the games whose package describes their card play
(``point_play``: Hearts, Catch the Ten, classic, Norwegian, Solo, German, dummy, widow and
Scandinavian whist, Bid Whist), as an external player: single-observer information-set Monte Carlo
tree search (Cowling, Powley and Whitehouse 2012), 1,000 simulations a move, random
play-outs, UCB1 0.7 on rewards in 0..1, the final move the root's most visited; the
cards searched in C
(engine.search.pointmcts; the game's package describes its play and score), the
auction by default over the whole hand in Python (bench/ismcts_any.py).

The search plays the cards. The decisions before the play (the auctions of Norwegian,
Solo, dummy, widow and Bid Whist, Solo's trumps named in an abundance, the trumps named in
dummy and Bid Whist, Scandinavian's high or low) are made with ``--auction``:

- ``search`` (the default): the standard ISMCTS of the whole game, the same algorithm on
  the engine's own rules in Python (bench/ismcts_any.py) with the same number of
  simulations, from the seat's own view, each simulation played out at random to the end
  of the hand and rewarded by the hand's points as the game's ``score_hand`` counts them;
- ``textbook``: the game's textbook player's (the ``rules`` level): a baseline of the
  card play alone, as in the cells measured before the auction was searched.

Hearts' pass, the hand widow whist keeps after a take and Bid Whist's kitty laid away
are the textbook's in both (an exchange is any few cards of the hand: the Python search
would draw one an iteration and never compare them). Catch the Ten's packets at two and
three players are not modelled (play them with ``packets=false``).

    whist-table arena --game norwegian hard "cmd:python bench/pointmcts.py" --timeout 120

Options: ``--iterations N`` (default 1000), ``--seed S``, ``--auction search|textbook``,
``--python`` (the Python reference of the card search, slow).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Protocol, runtime_checkable

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import ismcts_any  # noqa: E402
from ismcts import seed_of  # noqa: E402

from engine.actions import Action, Play  # noqa: E402
from engine.ai.family import choose_action  # noqa: E402
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


SEARCH, TEXTBOOK = "search", "textbook"
AUCTIONS = (SEARCH, TEXTBOOK)
SEARCHED = (Phase.AUCTION, Phase.DECLARE)  # the phases ``search`` searches


def auction(obs: Observation, iterations: int, seed: int | str) -> Action:
    """The standard ISMCTS's choice before the play (bench/ismcts_any.py): every seat's
    choices in the tree, random play-outs to the end of the hand, rewarded by the hand's
    points (a pair's over the other pair's in a partnership game)."""
    rng = random.Random(seed_of(obs, seed))
    try:
        deal = ismcts_any.deal_of(obs, rng)
    except ismcts_any.NoLayout as exc:
        raise ismcts_any.NoLayout(f"{exc}: the searched auction cannot start from this observation; play "
                                  f"{obs.game} with the textbook's (--auction textbook, or ismcts-N-textbook "
                                  "in bench/pointmcts_arena.py)") from exc
    return ismcts_any.search(deal, obs.seat, iterations, ismcts_any.EXPLORE, rng, by_points=True)


def act(obs: Observation, iterations: int, seed: int | str, python: bool = False,
        before_play: str = SEARCH) -> Action:
    """The baseline's action: the search's card; before the play the searched choice
    (``before_play`` ``search``) or the textbook's (``textbook``, and Hearts' pass)."""
    legal = list(obs.legal)
    if len(legal) == 1:
        return legal[0]
    if obs.phase != Phase.PLAY:
        if before_play == SEARCH and obs.phase in SEARCHED:
            return auction(obs, iterations, seed)
        return choose_action(obs, "rules", str(seed), budget=None)
    play = describe(obs)
    if python:
        card = pointmcts_py.search(play.game(), pointmcts.knowledge(obs, play), iterations, pointmcts.EXPLORE,
                                   seed_of(obs, seed))
        return Play(obs.seat, pointmcts.CARDS[card])
    return pointmcts.search(obs, play, iterations, seed=seed_of(obs, seed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=pointmcts.ITERATIONS)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--auction", choices=AUCTIONS, default=SEARCH,
                        help="search: the auction (and Solo's trumps) by the same ISMCTS over the whole "
                             "hand, random play-outs rewarded by the hand's points (the standard ISMCTS of "
                             "the whole game); textbook: by the textbook player (a baseline of the card play "
                             "alone)")
    parser.add_argument("--python", action="store_true",
                        help="the Python reference of the card search (slow)")
    args = parser.parse_args()
    for line in sys.stdin:
        obs = Observation.from_json(json.loads(line))
        action = act(obs, args.iterations, args.seed, args.python, args.auction)
        print(json.dumps(action.to_dict(obs.players)), flush=True)


if __name__ == "__main__":
    main()
