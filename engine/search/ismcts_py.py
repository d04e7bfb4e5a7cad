"""The Oh Hell / Knockout search in pure Python: the reference the C core
(engine/csrc/ismcts.c) is held to, and the fallback where it is not built.

The same functions on the same values as ``engine._ismcts``: a state is the
tuple (players, ring, dealer, hook, strains, trump, phase, turn, leader,
trick, bids, taken, hands) with hands as card masks, actions are codes (a
card, ``BID`` + tricks, ``DECLARE`` + strain). The textbook player of the
play-outs is engine.search.solo's, so the C's is checked against the one the
``rules`` level plays. Single moves differ from the C's (another random
number generator), the search is the same.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar

from engine.search import solo

BID, DECLARE = 100, 200
A = TypeVar("A")
BIDDING, DECLARING, PLAYING, OVER = 0, 1, 2, 3

State = tuple[int, tuple[int, ...], int, int, int, int, int, int, int, tuple[int, ...], tuple[int, ...],
              tuple[int, ...], tuple[int, ...]]
Knowledge = tuple[State, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
Goal = tuple[int, int, int, int, int, int]
Options = tuple[int, int, float, float, int]
Opponents = Literal["tree", "random", "policy"]
OPPONENTS: tuple[Opponents, ...] = ("tree", "random", "policy")  # the codes 0, 1, 2 of the C's options


def cards_of(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def mask_of(cards: list[int] | set[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


@dataclass
class Sim:
    """A state as mutable lists, for playing it out."""

    players: int
    ring: list[int]
    dealer: int
    hook: bool
    strains: int
    trump: int
    phase: int
    turn: int
    leader: int
    trick: list[int]
    bids: list[int]
    taken: list[int]
    hands: list[list[int]]

    @classmethod
    def of(cls, state: State) -> Sim:
        players, ring, dealer, hook, strains, trump, phase, turn, leader, trick, bids, taken, hands = state
        return cls(players, list(ring), dealer, bool(hook), strains, trump, phase, turn, leader, list(trick),
                   list(bids), list(taken), [cards_of(h) for h in hands])

    def state(self) -> State:
        return (self.players, tuple(self.ring), self.dealer, int(self.hook), self.strains, self.trump,
                self.phase, self.turn, self.leader, tuple(self.trick), tuple(self.bids), tuple(self.taken),
                tuple(mask_of(h) for h in self.hands))

    def copy(self) -> Sim:
        return Sim(self.players, self.ring, self.dealer, self.hook, self.strains, self.trump, self.phase,
                   self.turn, self.leader, list(self.trick), list(self.bids), list(self.taken),
                   [list(h) for h in self.hands])

    def _after(self, seat: int) -> int:
        return self.ring[(self.ring.index(seat) + 1) % len(self.ring)]

    def eldest(self) -> int:
        return next(s for s in ((self.dealer + i) % self.players for i in range(1, self.players + 1))
                    if s in self.ring)

    def legal(self) -> list[int]:
        if self.phase == BIDDING:
            k = len(self.hands[self.turn])
            barred = -1
            if self.hook and self.turn == self.dealer:
                barred = k - sum(b for b in self.bids if b >= 0)
            return [BID + b for b in range(k + 1) if b != barred]
        if self.phase == DECLARING:
            return [DECLARE + s for s in range(self.strains)]
        if self.phase == OVER:
            return []
        return sorted(solo.legal(self.hands[self.turn], self.trick))

    def apply(self, action: int) -> None:
        if self.phase == BIDDING:
            self.bids[self.turn] = action - BID
            if all(self.bids[s] >= 0 for s in self.ring):
                self.phase, self.turn = PLAYING, self.eldest()
                self.leader = self.turn
            else:
                self.turn = self._after(self.turn)
            return
        if self.phase == DECLARING:
            self.trump = action - DECLARE
            self.phase, self.turn = PLAYING, self.eldest()
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
                self.phase = OVER
        else:
            self.turn = self._after(self.turn)

    def textbook(self) -> int:
        legal = self.legal()
        if not legal:
            return -1
        hand = self.hands[self.turn]
        if self.phase == BIDDING:
            est = solo.textbook_estimate(hand, self.trump, self.players)
            return min(legal, key=lambda a: (abs(a - BID - est), a))
        if self.phase == DECLARING:
            suits = [a for a in legal if a - DECLARE < 4]
            return max(suits, key=lambda a: (solo.suit_strength(hand, a - DECLARE), -a))
        bid = self.bids[self.turn]
        # Knockout has no bids: every seat wants every trick
        need = bid - self.taken[self.turn] if bid >= 0 else 7 * 13
        return solo.policy(hand, self.trick, self.trump, need, len(self.trick) == len(self.ring) - 1)

    def rewards(self, goal: Goal) -> list[float]:
        """Every seat's result scaled to 0..1 (Knockout: staying in first, then tricks)."""
        knockout, _, _, _, penalty, size = goal
        size = max(1, size)
        out = []
        for s in range(self.players):
            if knockout:
                out.append(0.0 if s not in self.ring else (0.8 if self.taken[s] else 0.0)
                           + 0.2 * self.taken[s] / size)
                continue
            low = -penalty * size
            high = goal[1] + goal[2] * size
            out.append((points(goal, max(0, self.bids[s]), self.taken[s]) - low) / (high - low))
        return out


def legal(state: State) -> tuple[int, ...]:
    return tuple(Sim.of(state).legal())


def apply(state: State, action: int) -> State:
    sim = Sim.of(state)
    if action not in sim.legal():
        raise ValueError(f"action {action} is not legal here")
    sim.apply(action)
    return sim.state()


def textbook(state: State) -> int:
    return Sim.of(state).textbook()


def points(goal: Goal, bid: int, tricks: int) -> int:
    knockout, bonus, value, always, penalty, _ = goal
    if knockout:
        return (1000 if tricks else 0) + tricks
    if tricks == bid:
        return bonus + value * tricks
    return (value * tricks if always else 0) - penalty * abs(tricks - bid)


def estimate(hand: int, trump: int, players: int) -> float:
    return solo.textbook_estimate(cards_of(hand), trump, players)


def _deal(k: Knowledge, rng: random.Random) -> Sim:
    """One layout of the unseen cards, by engine.search.solo's sampler (the C's is its port)."""
    state, seat, order, counts, voids, unseen = k
    sim = Sim.of(state)
    known = solo.Knowledge(seat, sim.players, sim.ring, sim.hands[seat], cards_of(unseen),
                           {s: counts[s] for s in order},
                           {s: {u for u in range(4) if voids[s] >> u & 1} for s in range(sim.players)},
                           sim.taken, sim.trick, sim.leader, sim.trump)
    sim.hands = solo.sample(known, rng)
    return sim


@dataclass
class Node(Generic[A]):
    """A node of the information set's tree; its children by action (a code here, an
    engine Action in the bench's search for any game)."""

    mover: int = -1  # the seat (the side) that chose the action leading here
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[A, Node[A]] = field(default_factory=dict)


def search(k: Knowledge, goal: Goal, options: Options, seed: int) -> int:
    """The root's most visited action after the options' simulations."""
    iterations, use_textbook, epsilon, explore, opponents = options

    def playout(sim: Sim) -> int:
        if use_textbook and rng.random() >= epsilon:
            return sim.textbook()
        return rng.choice(sim.legal())

    rng = random.Random(seed)
    root: Node[int] = Node()
    for _ in range(max(1, iterations)):
        sim = _deal(k, rng)
        node, path = root, [root]
        while sim.phase != OVER:
            legal = sim.legal()
            if opponents and sim.turn != k[1]:  # another seat's choice: a chance node
                a = playout(sim) if OPPONENTS[opponents] == "policy" else rng.choice(legal)
                mover = sim.turn
                sim.apply(a)
                child = node.children.get(a)
                if child is None:
                    node.children[a] = child = Node[int](mover=mover, available=1)
                    path.append(child)
                    break
                node = child
                path.append(node)
                continue
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                a = rng.choice(untried)
                child = Node[int](mover=sim.turn, available=1)
                node.children[a] = child
                sim.apply(a)
                path.append(child)
                break
            best, best_u = legal[0], -1.0
            for a in legal:
                c = node.children[a]
                u = c.total / c.visits + explore * math.sqrt(math.log(c.available) / c.visits)
                if u > best_u:
                    best, best_u = a, u
            sim.apply(best)
            node = node.children[best]
            path.append(node)
        while sim.phase != OVER:
            sim.apply(playout(sim))
        rewards = sim.rewards(goal)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += rewards[n.mover]
    # the most visited; a tie goes to the first tried, as in the C
    return max(root.children, key=lambda a: root.children[a].visits)
