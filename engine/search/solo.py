"""The AI of the games where each plays alone for a count of tricks: Oh Hell
(take exactly your bid) and Knockout whist (take a trick to stay in, the
most to name trumps): the textbook player, medium's flat search, and the
pieces hard's and expert's tree search (engine.search.ismcts) is made of.

The goal is a count, not the most tricks, so medium plans for it:
layouts of the unseen cards consistent with what the seat knows (its hand,
the cards played, the turned card, the suits each player has shown out of,
how many cards each holds) are sampled, every legal card is tried on the
same layouts, and the rest of the hand is played out by the textbook policy
below for every seat, each aiming at its own bid; the card with the best
mean score for the mover (its points for the hand) is played. Near the end
of a hand, when few cards are left, the play-out is replaced by an exact
search of the layout (every seat choosing the card best for its own score).
Bids are chosen the same way: each legal bid is played out on the same
layouts and the bid with the best mean points is made.

The textbook player (level ``rules``) bids its sure and likely winners
and plays by its need: win cheaply while it needs tricks, duck under the
winning card once it has its count.

Cards here are the ``engine.cards.Card`` ints (suit * 13 + rank - 2); the
trick rules used in the play-outs are ``engine.order.Order``'s, cross-checked
by tests/engine/test_solo_ai.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Bid, Declare, Pass, Play
from engine.cards import STRAINS, Card
from engine.game import Phase
from engine.observation import Observation

NO_TRUMP = 4
SURE_IN = 1000  # Knockout: staying in is worth more than any count of tricks
# Medium's work of a decision, in cards played in play-outs (shared by the candidate cards
# or bids), not in seconds, so a move is the same on any machine; a bid gets six times a
# card's (bench/RESULTS.md, 2026-12-03).
WORK = {"medium": 1500}
BID_WORK = 6
SLIP_RATE = 0.12  # easy: the share of cards played without thought
EXACT_CARDS_EACH = 2  # exact search of a layout once each player holds at most this many cards
EXACT_LAYOUTS = 10
MAX_LAYOUTS = 120  # a cap on the layouts of small hands, where the work would buy hundreds
BID_SPREAD = 3  # bids further than this from the textbook's estimate are not tried


def _suit(c: int) -> int:
    return c // 13


def _rank(c: int) -> int:
    return c % 13


@dataclass(frozen=True)
class Goal:
    """What a hand is worth to a player: Oh Hell's points for a bid, or Knockout's
    staying in (any trick) and then the most tricks."""

    knockout: bool
    exact_bonus: int = 10
    trick_value: int = 1
    always: bool = False
    miss_penalty: int = 1

    def points(self, bid: int, tricks: int) -> int:
        if self.knockout:
            return (SURE_IN if tricks else 0) + tricks
        if tricks == bid:
            return self.exact_bonus + self.trick_value * tricks
        return (self.trick_value * tricks if self.always else 0) - self.miss_penalty * abs(tricks - bid)

    @classmethod
    def of(cls, obs: Observation, knockouts: bool = False) -> Goal:
        """The goal at ``obs``'s table: staying in where a player with no trick leaves the
        game (``knockouts``, the game's ``table.knockouts``), else its house's points for a bid."""
        r = obs.rules
        if knockouts:
            return cls(True)
        return cls(False, int(str(r.get("exact_bonus", 10))), int(str(r.get("trick_value", 1))),
                   r.get("trick_points") == "always", int(str(r.get("miss_penalty", 1))))


def winning_index(cards: Sequence[int], trump: int) -> int:
    """The index of the card winning ``cards`` (Order's rule on card ints)."""
    led = cards[0] // 13
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        s = c // 13
        key = 100 + c % 13 if s == trump else c % 13 if s == led else -1
        if key > best_key:
            best, best_key = i, key
    return best


def legal(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    if not trick:
        return list(hand)
    led = trick[0] // 13
    follow = [c for c in hand if c // 13 == led]
    return follow or list(hand)


def _beats(card: int, best: int, led: int, trump: int) -> bool:
    s, bs = card // 13, best // 13
    if s == bs:
        return card % 13 > best % 13
    return s == trump


def policy(hand: Sequence[int], trick: Sequence[int], trump: int, need: int, last: bool) -> int:
    """The textbook card: while the player needs tricks, win as cheaply as the
    position allows (lead its best card); once it has its count, lose (the highest
    card that still loses, lead its lowest)."""
    if len(hand) == 1:
        return hand[0]
    if not trick:
        if need > 0:
            return max(hand, key=lambda c: (c // 13 == trump) * 100 + c % 13)
        return min(hand, key=lambda c: (c // 13 == trump) * 100 + c % 13)
    led = trick[0] // 13
    # the card winning so far, as (is trump, rank)
    top = -1
    for c in trick:
        s = c // 13
        key = 100 + c % 13 if s == trump else c % 13 if s == led else -1
        if key > top:
            top = key
    follow = [c for c in hand if c // 13 == led]
    options = follow or hand
    win_lo = win_hi = lose_lo = lose_hi = -1
    win_lo_k = lose_lo_k = 1000
    win_hi_k = lose_hi_k = -1
    for c in options:
        s = c // 13
        key = 100 + c % 13 if s == trump else c % 13 if s == led else -1
        # a card of neither suit is thrown: its worth to keep is its rank
        worth = key if key >= 0 else c % 13
        if key > top:
            if worth < win_lo_k:
                win_lo, win_lo_k = c, worth
            if worth > win_hi_k:
                win_hi, win_hi_k = c, worth
        else:
            if worth < lose_lo_k:
                lose_lo, lose_lo_k = c, worth
            if worth > lose_hi_k:
                lose_hi, lose_hi_k = c, worth
    if need > 0:
        if win_lo >= 0:
            return win_lo if last else win_hi
        return lose_lo  # throw the least useful card
    if lose_hi >= 0:
        return lose_hi
    return win_hi if last else win_lo


def run(hands: list[list[int]], ring: Sequence[int], pos: int, trick: list[int], taken: list[int],
        trump: int, targets: Sequence[int]) -> None:
    """Play the hand out by :func:`policy` for every seat; ``pos`` is the index in
    ``ring`` of the seat to play, ``taken`` is updated."""
    n = len(ring)
    while True:
        seat = ring[pos]
        hand = hands[seat]
        if not hand:
            return
        card = policy(hand, trick, trump, targets[seat] - taken[seat], len(trick) == n - 1)
        hand.remove(card)
        trick.append(card)
        if len(trick) == n:
            winner = (pos - (n - 1) + winning_index(trick, trump)) % n
            taken[ring[winner]] += 1
            pos = winner
            trick = []
        else:
            pos = (pos + 1) % n


@dataclass
class Table:
    """A position with every hand known (one layout): play it out."""

    hands: list[list[int]]
    ring: list[int]  # the seats in play order round the table (out seats left out)
    leader: int
    trick: list[int]
    taken: list[int]
    trump: int

    def copy(self) -> Table:
        return Table([list(h) for h in self.hands], self.ring, self.leader, list(self.trick),
                     list(self.taken), self.trump)

    def turn(self) -> int:
        i = self.ring.index(self.leader)
        return self.ring[(i + len(self.trick)) % len(self.ring)]

    def play(self, card: int) -> None:
        seat = self.turn()
        self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) == len(self.ring):
            i = self.ring.index(self.leader)
            winner = self.ring[(i + winning_index(self.trick, self.trump)) % len(self.ring)]
            self.taken[winner] += 1
            self.leader = winner
            self.trick = []

    def over(self) -> bool:
        return not self.trick and not self.hands[self.leader]

    def playout(self, targets: Sequence[int]) -> None:
        pos = (self.ring.index(self.leader) + len(self.trick)) % len(self.ring)
        run(self.hands, self.ring, pos, self.trick, self.taken, self.trump, targets)


def exact(table: Table, bids: Sequence[int], goal: Goal) -> tuple[int, ...]:
    """Every seat's points with the rest of ``table`` played out, each seat
    choosing the card best for its own points (max^n)."""
    if table.over():
        return tuple(goal.points(bids[s], table.taken[s]) for s in range(len(table.taken)))
    seat = table.turn()
    best: tuple[int, ...] | None = None
    for card in legal(table.hands[seat], table.trick):
        nxt = table.copy()
        nxt.play(card)
        value = exact(nxt, bids, goal)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    return best


# -- what the seat knows ---------------------------------------------------------------
@dataclass(frozen=True)
class Knowledge:
    seat: int
    players: int
    ring: list[int]
    hand: list[int]
    unseen: list[int]  # cards in other hands or the stock
    counts: dict[int, int]  # cards each other seat still holds
    voids: dict[int, set[int]]
    taken: list[int]
    trick: list[int]
    leader: int
    trump: int

    def deal_order(self) -> list[int]:
        """The other seats, most voids first: the order a layout is dealt in, so the seats
        with the fewest suits open get their cards before the pool runs short of them."""
        return sorted(self.counts, key=lambda s: -len(self.voids[s]))


def hand_size(obs: Observation) -> int:
    """The cards the seat held at the start of the hand: those in hand and those it played."""
    return len(obs.hand) + sum(1 for t in list(obs.tricks) + [obs.trick] for s, _ in t.plays()
                               if s == obs.seat)


def knowledge(obs: Observation) -> Knowledge:
    n = obs.players
    out = set(obs.trick.out)
    ring = [s for s in range(n) if s not in out]
    hand = [int(c) for c in obs.hand]
    played = [int(c) for t in obs.tricks for c in t.cards] + [int(c) for c in obs.trick.cards]
    known = set(hand) | set(played)
    if obs.trump_card is not None:
        known.add(int(obs.trump_card))
    unseen = [c for c in range(52) if c not in known]
    size = hand_size(obs)
    counts = {s: size for s in ring if s != obs.seat}
    voids: dict[int, set[int]] = {s: set() for s in range(n)}
    for t in list(obs.tricks) + [obs.trick]:
        plays = t.plays()
        if not plays:
            continue
        led = plays[0][1].suit
        for s, c in plays:
            if int(s) in counts:
                counts[int(s)] -= 1
            if c.suit != led:
                voids[int(s)].add(led)
    # the trick's first player: its leader, unless that seat sits out (a spent dog's life)
    first = int(obs.trick.seat_of(0))
    return Knowledge(int(obs.seat), n, ring, hand, unseen, counts, voids, list(obs.won),
                     [int(c) for c in obs.trick.cards], first, obs.trump)


def sample(k: Knowledge, rng: random.Random, tries: int = 20) -> list[list[int]]:
    """The seats' hands in one layout consistent with ``k`` (the rest lies in the stock)."""
    hands: list[list[int]] = [[] for _ in range(k.players)]
    hands[k.seat] = list(k.hand)
    order = k.deal_order()
    for _ in range(tries):
        pool = list(k.unseen)
        rng.shuffle(pool)
        ok = True
        for s in order:
            allowed = [c for c in pool if c // 13 not in k.voids[s]]
            if len(allowed) < k.counts[s]:
                ok = False
                break
            got = allowed[:k.counts[s]]
            hands[s] = got
            taken = set(got)
            pool = [c for c in pool if c not in taken]
        if ok:
            return hands
    # the void constraints were too tight to meet by chance: deal ignoring them
    pool = list(k.unseen)
    rng.shuffle(pool)
    for s in order:
        hands[s], pool = pool[:k.counts[s]], pool[k.counts[s]:]
    return hands


def _table(k: Knowledge, hands: list[list[int]]) -> Table:
    return Table(hands, k.ring, k.leader, list(k.trick), list(k.taken), k.trump)


# -- bidding ----------------------------------------------------------------------------
def textbook_estimate(hand: Sequence[int], trump: int, players: int) -> float:
    """Tricks the hand should take: top trumps, long trumps, side aces and guarded kings,
    fewer of them the more players there are to trump them."""
    est = 0.0
    by_suit: dict[int, list[int]] = {}
    for c in hand:
        by_suit.setdefault(c // 13, []).append(c % 13)
    crowd = 1.0 if players <= 4 else 0.85
    for suit, ranks in by_suit.items():
        ranks.sort(reverse=True)
        if suit == trump:
            for i, r in enumerate(ranks):
                if r >= 12 - i:  # A, or K behind the A, ... : top of the trumps
                    est += 1.0
                elif r >= 10 and len(ranks) >= 13 - r:
                    est += 0.6
            est += max(0, len(ranks) - 3) * 0.6
            continue
        if ranks[0] == 12:
            est += 0.9 * crowd if len(ranks) <= 4 else 0.6
        if 11 in ranks and len(ranks) >= 2 and len(ranks) <= 4:
            est += 0.5 * crowd
    return est


def textbook_bid(obs: Observation) -> Action:
    bids = [a for a in obs.legal if isinstance(a, Bid) and a.tricks is not None]
    est = textbook_estimate([int(c) for c in obs.hand], obs.trump, obs.players)
    return min(bids, key=lambda b: (abs((b.tricks or 0) - est), b.tricks or 0))


def search_bid(obs: Observation, rng: random.Random, work: int, knockouts: bool = False) -> Action:
    """Each legal bid played out on the same layouts (the other seats bid as they
    have, or as the textbook would); the bid with the best mean points."""
    k = knowledge(obs)
    est = textbook_estimate(k.hand, k.trump, k.players)
    legal_bids = [a for a in obs.legal if isinstance(a, Bid) and a.tricks is not None]
    bids = [a for a in legal_bids if abs((a.tricks or 0) - est) <= BID_SPREAD] or legal_bids
    goal = Goal.of(obs, knockouts)
    known = {int(s): t for s, t in obs.bids.items()}
    per = len(k.hand) * len(k.ring)
    layouts = min(MAX_LAYOUTS, max(6, work // (per * len(bids))))
    totals = [0.0] * len(bids)
    pos = k.ring.index(k.leader)
    for _ in range(layouts):
        hands = sample(k, rng)
        targets = [known.get(s, round(textbook_estimate(hands[s], k.trump, k.players)))
                   for s in range(k.players)]
        for i, b in enumerate(bids):
            targets[k.seat] = b.tricks or 0
            taken = [0] * k.players
            run([list(h) for h in hands], k.ring, pos, [], taken, k.trump, targets)
            totals[i] += goal.points(targets[k.seat], taken[k.seat])
    best = max(range(len(bids)), key=lambda i: (totals[i], -abs((bids[i].tricks or 0) - est)))
    return bids[best]


# -- play ---------------------------------------------------------------------------------
def _targets(obs: Observation, k: Knowledge, knockouts: bool) -> list[int]:
    if knockouts:
        return [len(k.hand) + 1] * k.players  # everyone wants every trick
    bids = {int(s): t for s, t in obs.bids.items()}
    return [bids.get(s, 0) for s in range(k.players)]


def textbook_play(obs: Observation, knockouts: bool = False) -> Action:
    """The textbook's card towards the seat's bid, or (``knockouts``) towards staying in."""
    k = knowledge(obs)
    targets = _targets(obs, k, knockouts)
    need = targets[k.seat] - k.taken[k.seat]
    if knockouts:
        need = 1 if k.taken[k.seat] == 0 else len(k.hand)
    card = policy(k.hand, k.trick, k.trump, need, len(k.trick) == len(k.ring) - 1)
    return Play(obs.seat, Card(card))


def distinct(cards: list[int], k: Knowledge) -> list[int]:
    """One card of each run of equals: cards of a suit with nothing between them but
    cards the seat holds or that are gone play alike (the lowest stands for the run)."""
    gone = set(range(52)) - set(k.unseen) - set(k.hand)
    out: list[int] = []
    for c in sorted(cards):
        prev = out[-1] if out else -1
        if prev >= 0 and prev // 13 == c // 13 and all(
                x in gone or x in k.hand for x in range(prev + 1, c)):
            continue
        out.append(c)
    return out


def search_play(obs: Observation, rng: random.Random, work: int, knockouts: bool = False) -> Action:
    """Every legal card tried on the same layouts: played out by the textbook for
    every seat, or searched exactly near the end; the best mean score for the mover."""
    k = knowledge(obs)
    goal = Goal.of(obs, knockouts)
    targets = _targets(obs, k, knockouts)
    cards = distinct([int(a.card) for a in obs.legal if isinstance(a, Play)], k)
    left = len(k.hand) * len(k.ring) - len(k.trick)
    totals = dict.fromkeys(cards, 0.0)
    if len(k.hand) <= EXACT_CARDS_EACH:
        for _ in range(EXACT_LAYOUTS):
            hands = sample(k, rng)
            for c in cards:
                table = _table(k, [list(h) for h in hands])
                table.play(c)
                totals[c] += exact(table, targets, goal)[k.seat]
    else:
        layouts = min(MAX_LAYOUTS, max(4, work // (left * len(cards))))
        for _ in range(layouts):
            hands = sample(k, rng)
            for c in cards:
                table = _table(k, [list(h) for h in hands])
                table.play(c)
                table.playout(targets)
                totals[c] += goal.points(targets[k.seat], table.taken[k.seat])
    textbook = textbook_play(obs, knockouts)
    first = int(textbook.card) if isinstance(textbook, Play) else -1
    best = max(cards, key=lambda c: (totals[c], c == first))
    return Play(obs.seat, Card(best))


# -- Knockout: naming trumps ---------------------------------------------------------------
def suit_strength(hand: Sequence[int], suit: int) -> float:
    ranks = [c % 13 for c in hand if c // 13 == suit]
    return 10 * len(ranks) + sum(max(0, r - 8) for r in ranks)  # length first, honours break ties


def textbook_trumps(obs: Observation) -> Action:
    """Name the longest suit, the higher cards breaking a tie."""
    hand = [int(c) for c in obs.hand]
    options = [a for a in obs.legal if isinstance(a, Declare)]
    suits = [a for a in options if a.trump is not None and a.trump in STRAINS[:4]]
    return max(suits, key=lambda a: suit_strength(hand, STRAINS.index(a.trump or "S")))


def search_trumps(obs: Observation, rng: random.Random, work: int) -> Action:
    """Try each strain on the same layouts, played out by the textbook for every seat."""
    k = knowledge(obs)
    goal = Goal(True)
    options = [a for a in obs.legal if isinstance(a, Declare)]
    leader = next(s for s in (((int(obs.dealer) + i) % k.players) for i in range(1, k.players + 1))
                  if s in k.ring)
    totals = [0.0] * len(options)
    for _ in range(min(MAX_LAYOUTS, max(6, work // (len(k.hand) * len(k.ring) * len(options))))):
        hands = sample(k, rng)
        for i, a in enumerate(options):
            table = Table([list(h) for h in hands], k.ring, leader, [], [0] * k.players,
                          STRAINS.index(a.trump or "N"))
            table.playout([len(k.hand) + 1] * k.players)
            totals[i] += goal.points(0, table.taken[k.seat])
    textbook = textbook_trumps(obs)
    best = max(range(len(options)), key=lambda i: (totals[i], options[i] == textbook))
    return options[best]


def dog(obs: Observation) -> Action:
    """On a dog's life (one card, may knock): play the card when it wins the trick as it
    stands and nobody after can beat it for sure (a trump, or the last to play), else knock."""
    card = next(a for a in obs.legal if isinstance(a, Play))
    trick = [int(c) for c in obs.trick.cards]
    c = int(card.card)
    if not trick:
        return card if c % 13 == 12 or c // 13 == obs.trump else next(a for a in obs.legal
                                                                      if isinstance(a, Pass))
    best = trick[winning_index(trick, obs.trump)]
    wins = _beats(c, best, trick[0] // 13, obs.trump) and (
        c // 13 == obs.trump or c // 13 == trick[0] // 13)
    last = len(trick) == obs.trick.size - 1
    if wins and (last or c // 13 == obs.trump or c % 13 == 12):
        return card
    return next(a for a in obs.legal if isinstance(a, Pass))


def choose(obs: Observation, level: str, rng: random.Random, knockouts: bool = False) -> Action:
    """The action of ``level`` (random to medium; hard and expert are engine.search.ismcts's)
    for an Oh Hell or Knockout observation (``knockouts``: a player with no trick leaves)."""
    if level == "random":
        return rng.choice(obs.legal)
    work = WORK.get(level, 0)
    if obs.phase == Phase.AUCTION:
        return search_bid(obs, rng, BID_WORK * work, knockouts) if work else textbook_bid(obs)
    if obs.phase == Phase.DECLARE:
        return search_trumps(obs, rng, BID_WORK * work) if work else textbook_trumps(obs)
    if any(isinstance(a, Pass) for a in obs.legal):
        return dog(obs)
    if level == "easy" and rng.random() < SLIP_RATE:
        return rng.choice(obs.legal)
    if obs.rules.get("dogs_life"):
        # the play-outs deal every seat alike; a dog's one card is the textbook's to play
        return textbook_play(obs, knockouts)
    return search_play(obs, rng, work, knockouts) if work else textbook_play(obs, knockouts)


__all__ = ["Goal", "Table", "choose", "exact", "knowledge", "legal", "policy", "sample",
           "textbook_bid", "textbook_estimate", "textbook_play", "winning_index"]
