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

The search runs in C (bench/ismcts.c, loaded with ctypes; ``make test`` and
``make bench`` build it, and this module builds it with make when it is
missing or older than its source): the same algorithm as :func:`search_py`
below, the Python reference (``--python``), at a few milliseconds a move
instead of a third of a second. tests/bench/test_ismcts_c.py checks the C
forward model against the engine.

As an external player (reads observations, writes actions, one JSON line
each, see docs/observation.md)::

    whist-table arena --game oh-hell --players 4 hard "cmd:python bench/ismcts.py" --timeout 30

Options: ``--iterations N`` (default 1000), ``--seed S``, ``--python`` (the reference).
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import json
import math
import random
import subprocess
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


def search_py(obs: Observation, iterations: int = ITERATIONS, seed: int | str = 0) -> Action:
    rng = random.Random(f"{seed}|{json.dumps(obs.to_json(), sort_keys=True)}")
    goal = solo.Goal.of(obs)
    size = _size(obs)
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
    return _action(obs, max(root.children, key=lambda a: root.children[a].visits))


def _action(obs: Observation, action: int) -> Action:
    if action >= DECLARE:
        return Declare(obs.seat, trump=STRAINS[action - DECLARE])
    if action >= BID:
        return Bid(obs.seat, tricks=action - BID)
    return Play(obs.seat, Card(action))


# -- the C search ------------------------------------------------------------------------
SEATS = 7
LIBRARY = Path(__file__).resolve().with_name("_ismcts.so")
SOURCE = LIBRARY.with_name("ismcts.c")
PHASES = {"bid": 0, "declare": 1, "play": 2, "over": 3}


class CState(ctypes.Structure):
    _fields_ = [("players", ctypes.c_int32), ("nring", ctypes.c_int32), ("ring", ctypes.c_int32 * SEATS),
                ("dealer", ctypes.c_int32), ("hook", ctypes.c_int32), ("strains", ctypes.c_int32),
                ("trump", ctypes.c_int32), ("phase", ctypes.c_int32), ("turn", ctypes.c_int32),
                ("leader", ctypes.c_int32), ("ntrick", ctypes.c_int32), ("trick", ctypes.c_int32 * SEATS),
                ("bids", ctypes.c_int32 * SEATS), ("taken", ctypes.c_int32 * SEATS),
                ("hands", ctypes.c_uint64 * SEATS)]


class CGoal(ctypes.Structure):
    _fields_ = [("knockout", ctypes.c_int32), ("exact_bonus", ctypes.c_int32),
                ("trick_value", ctypes.c_int32), ("always", ctypes.c_int32),
                ("miss_penalty", ctypes.c_int32), ("size", ctypes.c_int32)]


class CKnowledge(ctypes.Structure):
    _fields_ = [("root", CState), ("seat", ctypes.c_int32), ("norder", ctypes.c_int32),
                ("order", ctypes.c_int32 * SEATS), ("counts", ctypes.c_int32 * SEATS),
                ("voids", ctypes.c_int32 * SEATS), ("unseen", ctypes.c_uint64)]


_lib: ctypes.CDLL | None = None


def library() -> ctypes.CDLL:
    """bench/_ismcts.so, built by the project's Makefile first if it is missing or stale."""
    global _lib
    if _lib is None:
        if not LIBRARY.exists() or LIBRARY.stat().st_mtime < SOURCE.stat().st_mtime:
            subprocess.run(["make", "-s", "-C", str(ROOT), "bench/_ismcts.so"], check=True,
                           stdout=sys.stderr)
        lib = ctypes.CDLL(str(LIBRARY))
        lib.ism_legal.argtypes = [ctypes.POINTER(CState), ctypes.POINTER(ctypes.c_int32)]
        lib.ism_legal.restype = ctypes.c_int
        lib.ism_apply.argtypes = [ctypes.POINTER(CState), ctypes.c_int]
        lib.ism_apply.restype = None
        lib.ism_points.argtypes = [ctypes.POINTER(CGoal), ctypes.c_int, ctypes.c_int]
        lib.ism_points.restype = ctypes.c_int
        lib.ism_winning_index.argtypes = [ctypes.POINTER(ctypes.c_int32), ctypes.c_int, ctypes.c_int]
        lib.ism_winning_index.restype = ctypes.c_int
        lib.ism_search.argtypes = [ctypes.POINTER(CKnowledge), ctypes.POINTER(CGoal), ctypes.c_int,
                                   ctypes.c_uint64]
        lib.ism_search.restype = ctypes.c_int
        _lib = lib
    return _lib


def mask(cards: list[int] | set[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def c_state(sim: Sim) -> CState:
    """``sim`` as the C forward model's state."""
    st = CState()
    st.players, st.nring, st.dealer, st.hook = sim.players, len(sim.ring), sim.dealer, int(sim.hook)
    st.strains, st.trump, st.phase, st.turn = 4, sim.trump, PHASES[sim.phase], sim.turn
    st.leader, st.ntrick = sim.leader, len(sim.trick)
    for i, s in enumerate(sim.ring):
        st.ring[i] = s
    for i, c in enumerate(sim.trick):
        st.trick[i] = c
    for s in range(sim.players):
        st.bids[s] = -1 if sim.bids[s] is None else sim.bids[s]
        st.taken[s] = sim.taken[s]
        st.hands[s] = mask(sim.hands[s])
    return st


def c_goal(goal: solo.Goal, size: int) -> CGoal:
    return CGoal(int(goal.knockout), goal.exact_bonus, goal.trick_value, int(goal.always), goal.miss_penalty,
                 size)


def _size(obs: Observation) -> int:
    return len(obs.hand) + sum(1 for t in list(obs.tricks) + [obs.trick] for s, _ in t.plays()
                               if s == obs.seat)


def search(obs: Observation, iterations: int = ITERATIONS, seed: int | str = 0) -> Action:
    """:func:`search_py`'s search in C."""
    k = solo.knowledge(obs)
    hands: list[list[int]] = [[] for _ in range(obs.players)]
    hands[k.seat] = list(k.hand)
    bids: list[int | None] = [None] * obs.players
    for s, t in obs.bids.items():
        bids[int(s)] = t
    phase = {Phase.AUCTION: "bid", Phase.DECLARE: "declare"}.get(obs.phase, "play")
    sim = Sim(obs.players, k.ring, hands, int(obs.dealer), bids, bool(obs.rules.get("hook", True)),
              obs.trump, phase, int(obs.seat), list(k.trick), k.leader, list(k.taken))
    know = CKnowledge()
    know.root = c_state(sim)
    # the seat may name no trumps when the rules allow it (the Python reference names suits only)
    know.root.strains = 5 if any(isinstance(a, Declare) and a.trump == STRAINS[4] for a in obs.legal) else 4
    know.seat = k.seat
    order = sorted(k.counts, key=lambda s: -len(k.voids[s]))
    know.norder = len(order)
    for i, s in enumerate(order):
        know.order[i] = s
    for s in range(obs.players):
        know.counts[s] = k.counts.get(s, 0)
        know.voids[s] = mask(k.voids[s])
    know.unseen = mask(k.unseen)
    digest = hashlib.sha256(f"{seed}|{json.dumps(obs.to_json(), sort_keys=True)}".encode()).digest()
    code = library().ism_search(ctypes.byref(know), ctypes.byref(c_goal(solo.Goal.of(obs), _size(obs))),
                                iterations, int.from_bytes(digest[:8], "little"))
    if code < 0:
        raise MemoryError("the ISMCTS search could not allocate its tree")
    return _action(obs, code)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=ITERATIONS)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--python", action="store_true", help="the Python reference search (slow)")
    args = parser.parse_args()
    think = search_py if args.python else search
    for line in sys.stdin:
        obs = Observation.from_json(json.loads(line))
        legal = list(obs.legal)
        action = legal[0] if len(legal) == 1 else think(obs, args.iterations, args.seed)
        print(json.dumps(action.to_dict(obs.players)), flush=True)


if __name__ == "__main__":
    main()
