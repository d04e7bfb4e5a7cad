"""A general game-AI baseline for the games where each plays alone (Oh Hell,
Knockout): single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse 2012), 1,000 simulations a move.

Each simulation deals the unseen cards at random consistent with what the
seat knows (engine.ai.solo.sample: the suits each player showed out of, how
many cards each holds), walks one tree of the seat's information set by
UCB1 with availability counts over the actions legal in that deal (the
bids, the naming of trumps and the cards of every seat), adds one node,
plays the rest of the hand at random and backs up every seat's result (its
points, scaled to 0..1) to the nodes where that seat chose. No game
knowledge beyond the rules: it is the yardstick the table's AI is measured
against.

As an external player (reads observations, writes actions, one JSON line
each, see docs/observation.md)::

    whist-table arena --game oh-hell --players 4 hard "cmd:python bench/ismcts.py" --timeout 30

Options: ``--iterations N`` (default 1000), ``--seed S``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Action, Bid, Declare, Play  # noqa: E402
from engine.ai import solo  # noqa: E402
from engine.cards import STRAINS, Card  # noqa: E402
from engine.game import Phase  # noqa: E402
from engine.observation import Observation  # noqa: E402

ITERATIONS = 1000
EXPLORE = 0.7
BID, DECLARE = 100, 200  # action codes: 100 + tricks bid, 200 + strain, else a card


@dataclass
class Sim:
    """One determinized hand from the observer's position: a fast forward model."""

    players: int
    ring: list[int]
    hands: list[list[int]]
    dealer: int
    bids: list[int | None]
    hook: bool
    trump: int
    phase: str  # bid | declare | play | over
    turn: int  # the seat to act
    trick: list[int] = field(default_factory=list)
    leader: int = 0
    taken: list[int] = field(default_factory=list)

    def copy(self) -> Sim:
        return Sim(self.players, self.ring, [list(h) for h in self.hands], self.dealer, list(self.bids),
                   self.hook, self.trump, self.phase, self.turn, list(self.trick), self.leader,
                   list(self.taken))

    def _after(self, seat: int) -> int:
        i = self.ring.index(seat)
        return self.ring[(i + 1) % len(self.ring)]

    def eldest(self) -> int:
        return next(s for s in ((self.dealer + i) % self.players for i in range(1, self.players + 1))
                    if s in self.ring)

    def legal(self) -> list[int]:
        if self.phase == "bid":
            k = len(self.hands[self.turn])
            barred = -1
            if self.hook and self.turn == self.dealer:
                barred = k - sum(b for b in self.bids if b is not None)
            return [BID + b for b in range(k + 1) if b != barred]
        if self.phase == "declare":
            return [DECLARE + s for s in range(4)]
        return solo.legal(self.hands[self.turn], self.trick)

    def apply(self, action: int) -> None:
        if self.phase == "bid":
            self.bids[self.turn] = action - BID
            if all(self.bids[s] is not None for s in self.ring):
                self.phase, self.turn = "play", self.eldest()
                self.leader = self.turn
            else:
                self.turn = self._after(self.turn)
            return
        if self.phase == "declare":
            self.trump = action - DECLARE
            self.phase, self.turn = "play", self.eldest()
            self.leader = self.turn
            return
        self.hands[self.turn].remove(action)
        self.trick.append(action)
        if len(self.trick) == len(self.ring):
            i = self.ring.index(self.leader)
            winner = self.ring[(i + solo.winning_index(self.trick, self.trump)) % len(self.ring)]
            self.taken[winner] += 1
            self.leader = self.turn = winner
            self.trick = []
            if not self.hands[winner]:
                self.phase = "over"
        else:
            self.turn = self._after(self.turn)

    def rewards(self, goal: solo.Goal, size: int) -> list[float]:
        out = []
        for s in range(self.players):
            if goal.knockout:
                out.append(0.0 if s not in self.ring else (0.8 if self.taken[s] else 0.0)
                           + 0.2 * self.taken[s] / max(1, size))
                continue
            low = -goal.miss_penalty * size
            high = goal.exact_bonus + goal.trick_value * size
            pts = goal.points(self.bids[s] or 0, self.taken[s])
            out.append((pts - low) / (high - low))
        return out


@dataclass
class Node:
    mover: int = -1  # the seat that chose the action leading here
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[int, Node] = field(default_factory=dict)


def _root(obs: Observation, rng: random.Random) -> Sim:
    k = solo.knowledge(obs)
    hands = solo.sample(k, rng)
    bids: list[int | None] = [None] * obs.players
    for s, t in obs.bids.items():
        bids[int(s)] = t
    phase = {Phase.AUCTION: "bid", Phase.DECLARE: "declare"}.get(obs.phase, "play")
    hook = bool(obs.rules.get("hook", True))
    return Sim(obs.players, k.ring, hands, int(obs.dealer), bids, hook, obs.trump, phase, int(obs.seat),
               list(k.trick), k.leader, list(k.taken))


def search(obs: Observation, iterations: int = ITERATIONS, seed: int | str = 0) -> Action:
    rng = random.Random(f"{seed}|{json.dumps(obs.to_json(), sort_keys=True)}")
    goal = solo.Goal.of(obs)
    size = len(obs.hand) + sum(1 for t in list(obs.tricks) + [obs.trick] for s, _ in t.plays()
                               if s == obs.seat)
    root = Node()
    for _ in range(iterations):
        sim = _root(obs, rng)
        node, path = root, [root]
        # selection and expansion
        while sim.phase != "over":
            legal = sim.legal()
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                a = rng.choice(untried)
                child = Node(mover=sim.turn)
                node.children[a] = child
                child.available = 1
                sim.apply(a)
                path.append(child)
                break
            best, best_u = legal[0], -1.0
            for a in legal:
                c = node.children[a]
                u = c.total / c.visits + EXPLORE * math.sqrt(math.log(c.available) / c.visits)
                if u > best_u:
                    best, best_u = a, u
            sim.apply(best)
            node = node.children[best]
            path.append(node)
        # a random play-out
        while sim.phase != "over":
            sim.apply(rng.choice(sim.legal()))
        rewards = sim.rewards(goal, size)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += rewards[n.mover]
    action = max(root.children, key=lambda a: root.children[a].visits)
    if action >= DECLARE:
        return Declare(obs.seat, trump=STRAINS[action - DECLARE])
    if action >= BID:
        return Bid(obs.seat, tricks=action - BID)
    return Play(obs.seat, Card(action))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--seed", default="0")
    args = parser.parse_args()
    for line in sys.stdin:
        obs = Observation.from_json(json.loads(line))
        legal = list(obs.legal)
        action = legal[0] if len(legal) == 1 else search(obs, args.iterations, args.seed)
        print(json.dumps(action.to_dict(obs.players)), flush=True)


if __name__ == "__main__":
    main()
