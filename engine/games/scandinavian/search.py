"""Two-player Scandinavian whist's simulations: high or low at ``medium`` and above,
the cards at ``medium`` (``hard`` and ``expert`` play theirs with the tree search of
engine.search.pointmcts: the package's ``ai``).

The family solver cannot hold this game: four cards a trick from two hands,
and cards turned face up in the middle of the play. So the search is flat
Monte Carlo on layouts drawn from what the seat knows: the other player's
hand (never a card of a suit it showed out of), the face-down cards under
both layouts (a face-up card with a card under it is public: ``covered0``
and ``covered1``), each deal played out to the end by both players'
textbook with every hidden card known, once for every legal card; the card
with the best points on average (the hand's score for this seat less the
other's) is played. The auction the same way: each call is played out,
the dealer answering a low call with its own textbook.

Work is counted in simulated cards, not time, so a move is the same on any
machine and in every replay (the sizes keep a move's processor time within
the 50 ms a move of issue 45: bench/RESULTS.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Bid, Play
from engine.cards import Card
from engine.game import Phase
from engine.games.scandinavian.textbook import HIGH_POINTS
from engine.observation import Observation
from engine.search.layouts import voids
from engine.seats import Seat

# simulated cards a move may cost, and the fewest and most layouts a move draws
PLAY_WORK = {"medium": 1_200}  # hard and expert play with the tree (the package's ai)
BID_LAYOUTS = {"medium": 20, "hard": 80, "expert": 80}
MIN_LAYOUTS = 4
MAX_LAYOUTS = 60
POINTS = {12: 4, 11: 3, 10: 2, 9: 1}  # ace, king, queen, jack as card % 13


# a card's suit and rank by table: the play-outs ask them millions of times a minute
SUIT = tuple(c // 13 for c in range(52))
RANK = tuple(c % 13 for c in range(52))


def _lowest(cards: list[int]) -> int:
    """The first card of the lowest rank (min by rank, as a loop: the hot path)."""
    best = cards[0]
    for c in cards:
        if RANK[c] < RANK[best]:
            best = c
    return best


def _winning(trick: list[int]) -> int:
    """Index of the highest card of the suit led (the first card's)."""
    led = SUIT[trick[0]]
    best_i = 0
    for i in range(1, len(trick)):
        if SUIT[trick[i]] == led and trick[i] > trick[best_i]:
            best_i = i
    return best_i


@dataclass
class _Sim:
    """One deal with every card known, from some point of the play."""

    hands: list[set[int]]
    stacks: list[list[list[int]]]  # per seat, stacks with the top card last
    leader: int
    trick: list[int]
    taken: list[int]
    low: bool
    declarer: int | None
    win: int = 0  # index in the trick of the card winning it so far (_winning, kept up to date)

    def copy(self) -> _Sim:
        return _Sim([set(h) for h in self.hands], [[list(s) for s in st] for st in self.stacks],
                    self.leader, list(self.trick), list(self.taken), self.low, self.declarer, self.win)

    def play(self, seat: int, card: int) -> None:
        if card in self.hands[seat]:
            self.hands[seat].discard(card)
        else:
            for s in self.stacks[seat]:
                if s and s[-1] == card:
                    s.pop()  # the card under it, if any, is now face up
                    break
        trick = self.trick
        trick.append(card)
        n = len(trick)
        if n == 1:
            self.win = 0
        elif SUIT[card] == SUIT[trick[0]] and card > trick[self.win]:
            self.win = n - 1
        if n == 4:
            best = self.win
            winner = self.leader if best % 2 == 0 else 1 - self.leader
            self.taken[winner] += 1
            self.leader = winner
            self.trick = []

    def choose(self, seat: int) -> int:
        """The textbook's card for ``seat``, also careful not to overtake its own card."""
        own = list(self.hands[seat])  # playable(seat), inline: the play-outs' hottest line
        for s in self.stacks[seat]:
            if s:
                own.append(s[-1])
        trick = self.trick
        if not trick:
            cards = own
            if self.low:
                return _lowest(cards)
            length = [0, 0, 0, 0]
            for c in own:
                length[SUIT[c]] += 1
            top = max(cards, key=lambda c: (RANK[c] >= 11, length[SUIT[c]], RANK[c]))
            return top if RANK[top] >= 11 else min(cards, key=lambda c: (-length[SUIT[c]], RANK[c]))
        led = SUIT[trick[0]]
        following = [c for c in own if SUIT[c] == led]
        cards = following or own
        best_i = self.win
        best = trick[best_i]
        mine = (self.leader if best_i % 2 == 0 else 1 - self.leader) == seat
        if self.low:
            if not following:
                top = cards[0]
                for c in cards:
                    if RANK[c] > RANK[top]:
                        top = c
                return top
            under = [c for c in following if c < best]
            return max(under) if under else min(following)
        if mine:
            return _lowest(cards)
        winners = [c for c in following if c > best]
        if winners:
            return min(winners)
        return _lowest(cards)

    def finish(self) -> None:
        taken = self.taken
        while taken[0] + taken[1] < 13:
            seat = self.leader if len(self.trick) % 2 == 0 else 1 - self.leader
            self.play(seat, self.choose(seat))

    def points(self, seat: int) -> int:
        """This seat's points from the hand less the other's."""
        t = self.taken
        got = [0, 0]
        if self.declarer is not None:
            d = self.declarer
            if t[d] >= 7:
                got[d] = t[d] - 6
            else:
                got[1 - d] = 2 * (t[1 - d] - 6)
        else:
            low = 0 if t[0] < t[1] else 1
            got[low] = 7 - t[low]
        return got[seat] - got[1 - seat]


def _gone(obs: Observation) -> set[int]:
    return {int(c) for t in obs.tricks for c in t.cards} | {int(c) for c in obs.trick.cards}


def _layout(obs: Observation, seat: int) -> list[int]:
    return [int(c) for c in obs.piles.get(f"layout{seat}", ())]


def _covered(obs: Observation, seat: int) -> set[int]:
    return {int(c) for c in obs.piles.get(f"covered{seat}", ())}


def draw(obs: Observation, rng: random.Random, low: bool, declarer: int | None) -> _Sim | None:
    """A deal consistent with what ``obs.seat`` knows (None if nothing fits)."""
    me, other = int(obs.seat), 1 - int(obs.seat)
    gone = _gone(obs)
    seen = gone | {int(c) for c in obs.hand} | set(_layout(obs, 0)) | set(_layout(obs, 1))
    unseen = [c for c in range(52) if c not in seen]
    downs = [len(_covered(obs, 0)), len(_covered(obs, 1))]
    plays = sum(1 for t in (*obs.tricks, obs.trick) for s, _ in t.plays() if int(s) == other)
    in_hand = 26 - plays - len(_layout(obs, other)) - downs[other]
    if in_hand < 0 or in_hand + downs[0] + downs[1] != len(unseen):
        return None
    # a suit the other has shown out of is in neither its hand nor its face-up cards then; the
    # face-down cards were not its to play, so they may hold it
    void = voids(obs)[Seat(other)] if obs.phase == Phase.PLAY else set()
    barred = [c for c in unseen if SUIT[c] in void]
    free = [c for c in unseen if SUIT[c] not in void]
    if len(barred) > downs[0] + downs[1]:
        return None
    rng.shuffle(free)
    under = barred + free[:downs[0] + downs[1] - len(barred)]
    hand_other = free[downs[0] + downs[1] - len(barred):]
    rng.shuffle(under)
    hands: list[set[int]] = [set(), set()]
    hands[me] = {int(c) for c in obs.hand}
    hands[other] = set(hand_other)
    stacks: list[list[list[int]]] = [[], []]
    at = 0
    for seat in (0, 1):
        covered = _covered(obs, seat)
        for card in _layout(obs, seat):
            if card in covered:
                stacks[seat].append([under[at], card])
                at += 1
            else:
                stacks[seat].append([card])
    trick = [int(c) for c in obs.trick.cards]
    return _Sim(hands, stacks, int(obs.trick.leader), trick, [obs.won[0], obs.won[1]], low, declarer,
                _winning(trick) if trick else 0)


def choose_play(obs: Observation, level: str, rng: random.Random, fallback: Card) -> Card:
    contract = obs.contract
    assert contract is not None
    low = contract.call == "low"
    declarer = None if contract.declarer is None else int(contract.declarer)
    cards = [int(a.card) for a in obs.legal if isinstance(a, Play)]
    if len(cards) == 1:
        return Card(cards[0])
    left = 52 - 4 * len(obs.tricks) - len(obs.trick.cards)
    layouts = max(MIN_LAYOUTS, min(MAX_LAYOUTS, PLAY_WORK[level] // (len(cards) * left)))
    me = int(obs.seat)
    total = dict.fromkeys(cards, 0.0)
    for _ in range(layouts):
        sim = draw(obs, rng, low, declarer)
        if sim is None:
            return fallback
        for card in cards:
            trial = sim.copy()
            trial.play(me, card)
            trial.finish()
            total[card] += trial.points(me)
    # the textbook's card wins a tie: the search only overrules it on evidence
    return Card(max(cards, key=lambda c: (total[c], c == int(fallback))))


def _high_wanted(cards: Sequence[int]) -> bool:
    return sum(POINTS.get(c % 13, 0) for c in cards) >= HIGH_POINTS


def choose_bid(obs: Observation, level: str, rng: random.Random, fallback: Action) -> Action:
    me, other = int(obs.seat), 1 - int(obs.seat)
    first = not obs.auction  # the non-dealer speaks first; the dealer answers a low call
    eldest = me if first else other
    totals = {"high": 0.0, "low": 0.0}
    for _ in range(BID_LAYOUTS[level]):
        base = draw(obs, rng, False, None)
        if base is None:
            return fallback
        for call in ("high", "low"):
            sim = base.copy()
            if call == "high":
                sim.declarer, sim.low, sim.leader = me, False, other
            else:
                theirs = list(sim.hands[other]) + [s[-1] for s in sim.stacks[other]]
                if first and _high_wanted(theirs):
                    sim.declarer, sim.low, sim.leader = other, False, me
                else:
                    sim.declarer, sim.low, sim.leader = None, True, eldest
            sim.finish()
            totals[call] += sim.points(me)
    call = max(("high", "low"), key=lambda c: (totals[c], c == getattr(fallback, "call", None)))
    return next(a for a in obs.legal if isinstance(a, Bid) and a.call == call)


__all__ = ["choose_bid", "choose_play", "draw"]
