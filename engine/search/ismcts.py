"""Information-set Monte Carlo tree search for Oh Hell and Knockout whist:
hard's and expert's bids, trumps and cards (engine.search.solo).

Each simulation deals the unseen cards at random consistent with what the
seat knows (its hand, the cards played, the turned card, the suits each
player showed out of, how many cards each holds), walks one tree of the
seat's information set by UCB1 with availability counts over the actions
legal in that deal (bids, trumps named and every seat's cards), adds one
node, plays the rest of the hand out and backs every seat's result up to the
nodes where that seat chose (Cowling, Powley and Whitehouse 2012). The
play-outs are the textbook player's (win cheaply while a seat needs tricks,
lose once it has its count) with a share of random moves, where the general
method plays at random: it gains about half a point a hand over random
play-outs at three players (bench/RESULTS.md). The bench's baseline
(bench/ismcts.py) is this search with random play-outs and 1,000
simulations.

The search runs in C (engine/csrc/ismcts.c, the GIL released) when it is
built, else in the pure-Python reference :mod:`engine.search.ismcts_py` with a
warning logged once (``WHIST_PURE_SOLVER=1`` forces it). Both take a seed, so
a move is the same for the same observation and seed.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import Action, Bid, Declare, Pass, Play
from engine.backend import pick
from engine.cards import STRAINS, Card
from engine.errors import RulesError
from engine.game import Phase
from engine.observation import Observation
from engine.search import ismcts_py, solo
from engine.search.ismcts_py import BID, DECLARE, Goal, Knowledge, State
from engine.search.solo import Goal as Worth
from engine.search.solo import hand_size, knowledge

try:
    from engine import _ismcts
except ImportError:  # not built on this machine: the reference stands in
    _BUILT = False
else:
    _BUILT = True

log = logging.getLogger(__name__)

PHASES = {Phase.AUCTION: ismcts_py.BIDDING, Phase.DECLARE: ismcts_py.DECLARING, Phase.PLAY: ismcts_py.PLAYING}


@dataclass(frozen=True)
class Options:
    """How a search runs: simulations, the play-outs' player, UCB1's exploration."""

    iterations: int  # a card's
    bid_iterations: int  # a bid's or the naming of trumps
    textbook: bool = True  # play-outs by the textbook player, else at random
    epsilon: float = 0.3  # the share of a textbook play-out's moves made at random
    explore: float = 1.0  # UCB1's constant: 1.0 gained on 0.7, 1.4 and 2.0 (bench/RESULTS.md)
    # the other seats' choices: "tree" by UCB1 on their own results (single-observer ISMCTS),
    # or chance nodes played "random" or by the play-outs' "policy"
    opponents: ismcts_py.Opponents = "tree"

    def as_tuple(self, phase: Phase) -> ismcts_py.Options:
        n = self.iterations if phase == Phase.PLAY else self.bid_iterations
        return (n, int(self.textbook), self.epsilon, self.explore, ismcts_py.OPPONENTS.index(self.opponents))


BASELINE = Options(1000, 1000, textbook=False, epsilon=0.0, explore=0.7)  # the bench's yardstick
# Simulations by level, not seconds, so a move is the same on any machine. Hard's 4,000 keep a
# card within the table's time on a Pi and gained on 1,000; four times as many for its bids
# gained nothing; expert's twice hard's stay within 50 ms a card here (bench/RESULTS.md).
LEVELS = {"hard": Options(4000, 4000), "expert": Options(8000, 8000)}


def state_of(obs: Observation, knockouts: bool = False) -> tuple[Knowledge, Goal]:
    """What ``obs``'s seat knows as the search's values, and what a hand is worth
    (``knockouts``: staying in, the game's ``table.knockouts``)."""
    if obs.phase not in PHASES:
        raise RulesError(f"there is nothing to search in the {obs.phase} phase")
    k = knowledge(obs)
    n = obs.players
    hands = [0] * n
    hands[k.seat] = ismcts_py.mask_of(k.hand)
    bids = [-1] * n
    for s, t in obs.bids.items():
        bids[int(s)] = t if t is not None else -1
    no_trumps = any(isinstance(a, Declare) and a.trump == STRAINS[4] for a in obs.legal)
    state: State = (n, tuple(k.ring), int(obs.dealer), int(bool(obs.rules.get("hook", True))),
                    5 if no_trumps else 4, k.trump, PHASES[obs.phase], int(obs.seat), k.leader,
                    tuple(k.trick), tuple(bids), tuple(k.taken), tuple(hands))
    order = tuple(k.deal_order())
    counts = tuple(k.counts.get(s, 0) for s in range(n))
    voids = tuple(ismcts_py.mask_of(k.voids[s]) for s in range(n))
    worth = Worth.of(obs, knockouts)
    goal: Goal = (int(worth.knockout), worth.exact_bonus, worth.trick_value, int(worth.always),
                  worth.miss_penalty, hand_size(obs))
    return (state, k.seat, order, counts, voids, ismcts_py.mask_of(k.unseen)), goal


def action_of(obs: Observation, code: int) -> Action:
    if code >= DECLARE:
        return Declare(obs.seat, trump=STRAINS[code - DECLARE])
    if code >= BID:
        return Bid(obs.seat, tricks=code - BID)
    return Play(obs.seat, Card(code))


Search = Callable[[Knowledge, Goal, ismcts_py.Options, int], int]


SEARCH: Search = pick("Oh Hell search", "engine._ismcts", _BUILT, lambda: _ismcts.search,
                      lambda: ismcts_py.search, log)
BACKEND = "python" if SEARCH is ismcts_py.search else "c"


def search(obs: Observation, options: Options, seed: int, knockouts: bool = False) -> Action:
    """The action the search chooses for ``obs``'s seat (a bid, trumps or a card)."""
    k, goal = state_of(obs, knockouts)
    return action_of(obs, SEARCH(k, goal, options.as_tuple(obs.phase), seed & (2**64 - 1)))


def choose(obs: Observation, level: str, rng: random.Random, knockouts: bool = False) -> Action:
    """The action of ``level`` for an Oh Hell or Knockout observation (``knockouts``: a
    player with no trick leaves the game): hard and expert search; the other levels, a
    dog's life and its knock are engine.search.solo's."""
    options = LEVELS.get(level)
    dog = any(isinstance(a, Pass) for a in obs.legal) or (
        bool(obs.rules.get("dogs_life")) and obs.phase == Phase.PLAY)  # a game played with a dog's life
    if options is None or dog:
        return solo.choose(obs, level, rng, knockouts)
    return search(obs, options, rng.getrandbits(64), knockouts)


__all__ = ["BACKEND", "BASELINE", "LEVELS", "Options", "action_of", "choose", "search", "state_of"]
