"""Bid Whist's AI: the auction, the declaration, the kitty and the card play.

- Bidding counts the tricks a hand is worth in every trump and direction
  (:func:`hand_tricks`: top cards, trump length, shortness to ruff, jokers),
  adds what partner and the kitty bring on average and bids the best
  contract that count makes; ``hard`` then plays sampled layouts of the
  unseen cards and kitty out with the textbook player in its best few
  contracts and bids on their mean.
- The declaration names the strain worth most; the exchange keeps trumps,
  jokers (not at no trump) and masters, and lays away the losers of the
  shortest side suits.
- Card play: ``rules`` is the textbook (:func:`engine.search.rules.choose_in_order`);
  ``hard`` and ``expert`` search the first four tricks as a tree (the C search of
  engine.search.pointmcts on the model the package describes: the 54 cards, the
  kitty with its bidder, a fresh layout every iteration); from eight cards left,
  and at every card for ``medium``, the searching levels sample the unseen cards
  consistent with every show-out and the kitty, try each legal card in every
  layout and finish the hand with the textbook player, keeping the card that
  takes most books for the side. The work per move is fixed (no clock), so a
  move is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from engine.actions import Action, Bid, Declare, Exchange, Pass, Play
from engine.cards import JOKER, STRAINS, Card, full_deck
from engine.family_solver import partners
from engine.game import Phase
from engine.games.bid import GAME, bid_points
from engine.observation import Observation
from engine.order import NO_TRUMP, Order
from engine.search.layouts import solve_drawn
from engine.search.players import seeded
from engine.search.pointmcts import CARDS, OPENING
from engine.search.rules import choose_in_order, order_table, winning_index
from engine.seats import Seat

PARTNER_TRICKS = 2.5  # an average partner's hand in play, when partner has said nothing
PARTNER_BID_TRICKS = 3.5  # ... when partner has bid
KITTY_TRICKS = 1.0  # six more cards to choose from, the six worst laid away
BOOK = 6
# Cards played per search move (textbook plays in rollouts): about 50 ms on this machine.
PLAY_WORK = 2500
# hard and expert search the first tricks as a tree (engine.search.pointmcts, its play-outs
# guided), while a hand holds more than ROLLOUT_CARDS cards
TREE = {"hard": OPENING, "expert": OPENING}
ROLLOUT_CARDS = 8  # from this many cards in hand, the endgame: solved (hard, expert) or played out
# the solved endgame's work a move: positions searched and layouts drawn
NODES = {"hard": 40_000, "expert": 120_000}
LAYOUTS = {"hard": 12, "expert": 24}
BID_SAMPLES = 16
BID_CANDIDATES = 4
_SEAT = tuple(Seat(i) for i in range(4))  # Seat(i) is an enum call: rollouts make it by the thousand


@dataclass(frozen=True)
class Strain:
    trump: int  # 0..3, or 4 for no trump
    downtown: bool

    @property
    def mode(self) -> str:
        return "notrump" if self.trump == NO_TRUMP else ("downtown" if self.downtown else "uptown")


STRAINS_ALL = tuple(Strain(t, d) for t in range(5) for d in (False, True))


def _rules(obs: Observation) -> tuple[bool, str]:
    return obs.rules.get("downtown_ace") == "low", str(obs.rules.get("joker_lead") or "trump")


def order_for(strain: Strain, obs: Observation) -> Order:
    ace_low, joker_lead = _rules(obs)
    return Order(strain.trump, strain.downtown, ace_low, joker_lead)


# -- valuing a hand ----------------------------------------------------------------
def hand_tricks(hand: Sequence[Card], order: Order) -> float:
    """Tricks ``hand`` should take in play at ``order``: a count of sure and
    likely winners, long trumps and the ruffs shortness gives."""
    trump = order.trump
    suits: dict[int, list[Card]] = {s: [] for s in range(4)}
    jokers = 0
    for c in hand:
        if c.suit == JOKER:
            jokers += 1
        else:
            suits[c.suit].append(c)
    total = 0.0
    if trump != NO_TRUMP:
        total += jokers  # the two top trumps
    for suit, cards in suits.items():
        ranked = sorted(cards, key=order.power, reverse=True)
        n = len(ranked)
        top = _top_ranks(order)
        for i, rank in enumerate(top[:3]):
            if not any(c.rank == rank for c in ranked):
                continue
            # a card under i missing higher ones wins if guarded by i smaller cards
            guards = n - 1
            if suit == trump:
                total += (1.0, 0.85, 0.6)[i] if guards >= i else 0.25
            else:
                total += (1.0, 0.55, 0.25)[i] if guards >= i else 0.1
        if suit == trump:
            length = n + jokers
            total += max(0, length - 3) * 0.9
        elif trump == NO_TRUMP and n >= 5 and any(c.rank == top[0] for c in ranked):
            total += (n - 4) * 0.7
    if trump != NO_TRUMP:
        trumps = len(suits[trump]) + jokers
        for suit, cards in suits.items():
            if suit != trump and trumps >= 3:
                total += {0: 1.0, 1: 0.5}.get(len(cards), 0.0)
    return total


def _top_ranks(order: Order) -> list[int]:
    ranks = list(range(2, 15))
    return sorted(ranks, key=lambda r: order.power(Card.of(0, r)), reverse=True)


def best_strains(hand: Sequence[Card], obs: Observation, allowed: Sequence[Strain] = STRAINS_ALL
                 ) -> list[tuple[float, Strain]]:
    """Strains by the hand's value in them, best first."""
    scored = [(hand_tricks(hand, order_for(s, obs)), s) for s in allowed]
    return sorted(scored, key=lambda x: (-x[0], x[1].trump, x[1].downtown))


# -- the auction ---------------------------------------------------------------------
def _partner_bid(obs: Observation) -> bool:
    partner = Seat((int(obs.seat) + 2) % 4)
    return any(isinstance(a, Bid) and a.seat == partner for a in obs.auction)


def expected_books(tricks_in_play: float, obs: Observation) -> float:
    partner = PARTNER_BID_TRICKS if _partner_bid(obs) else PARTNER_TRICKS
    return tricks_in_play + partner + KITTY_TRICKS + 1  # the kitty is a book


def choose_bid(obs: Observation, level: str, rng: random.Random) -> Action:
    bids = [a for a in obs.legal if isinstance(a, Bid)]
    passing = next((a for a in obs.legal if isinstance(a, Pass)), None)
    ranked = best_strains(obs.hand, obs)
    books_at = {s: expected_books(v, obs) for v, s in ranked}
    if level in ("hard", "expert", "medium"):
        books_at = {s: rollout_tricks(obs, s, rng, BID_SAMPLES) + 1  # the kitty's book
                    for _, s in ranked[:BID_CANDIDATES]}
    # the highest bid the count makes: made scores every book over six whatever
    # the bid, so a higher one only keeps the opponents out
    making = [(b.level or 0, books_at_mode(books_at, str(b.mode)) - BOOK - (b.level or 0), b) for b in bids]
    making = [m for m in making if m[1] >= 0]
    if making:
        return max(making, key=lambda m: (m[0], m[1]))[2]
    if passing is not None:
        return passing
    # forced (the dealer after three passes): the cheapest bid in the best strain
    top = ranked[0][1]
    return next((b for b in bids if b.mode == top.mode), bids[0])


def books_at_mode(books_at: dict[Strain, float], mode: str) -> float:
    return max((v for s, v in books_at.items() if s.mode == mode), default=-99.0)


# -- declaring and the kitty ------------------------------------------------------------
def choose_declare(obs: Observation) -> Action:
    options = [a for a in obs.legal if isinstance(a, Declare)]

    def strain(d: Declare) -> Strain:
        return Strain(STRAINS.index(str(d.trump)), d.order == "downtown")

    return max(options, key=lambda d: (hand_tricks(keep_twelve(obs.hand, order_for(strain(d), obs)),
                                                   order_for(strain(d), obs)), -options.index(d)))


def keep_twelve(hand: Sequence[Card], order: Order) -> list[Card]:
    """The 12 cards to keep from ``hand`` (18 after the kitty)."""
    away = lay_away(hand, order, len(hand) - 12)
    return [c for c in hand if c not in away]


def lay_away(hand: Sequence[Card], order: Order, count: int) -> list[Card]:
    """The ``count`` cards to discard: never a trump; at no trump the jokers first;
    then the weakest cards of the shortest side suits (a void ruffs)."""
    if count <= 0:
        return []
    by_suit: dict[int | None, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(order.suit_of(c), []).append(c)
    away: list[Card] = []
    if order.trump == NO_TRUMP:
        away += sorted(by_suit.pop(None, []))[:count]
    trumps = by_suit.pop(order.trump, []) if order.trump != NO_TRUMP else []
    gone: set[Card] = set()

    above = _above(order)

    def keep_score(c: Card) -> tuple[int, int, int]:
        cards = by_suit.get(order.suit_of(c), [])
        master = all(o in cards for o in above[c][1])  # every card of its suit above it held
        return (1 if master else 0, len(cards), above[c][0])

    rest = [c for s, cs in by_suit.items() for c in cs]
    rest.sort(key=keep_score)
    for c in rest:
        if len(away) >= count:
            break
        away.append(c)
        gone.add(c)
    if len(away) < count:
        away += sorted(trumps, key=order.power)[:count - len(away)]
    return away[:count]


@cache
def _above(order: Order) -> dict[Card, tuple[int, tuple[Card, ...]]]:
    """For every card of the four suits, its power and the cards of its suit above it: the
    playouts lay away six cards from every sampled hand, so these are looked up, not rebuilt."""
    table = {}
    for suit in range(4):
        cards = [Card.of(suit, r) for r in range(2, 15)]
        for c in cards:
            table[c] = (order.power(c), tuple(o for o in cards if order.power(o) > order.power(c)))
    return table


def choose_exchange(obs: Observation) -> Action:
    if obs.contract is not None:  # trumps named before the kitty
        order = Order(obs.trump, obs.order == "downtown", *_rules(obs))
    else:
        order = order_for(best_strains(obs.hand, obs, _strains_of_bid(obs))[0][1], obs)
    return Exchange(obs.seat, tuple(sorted(lay_away(obs.hand, order, obs.discard))))


def _winning_bid(obs: Observation) -> Bid | None:
    return next((a for a in reversed(obs.auction) if isinstance(a, Bid)), None)


def _strains_of_bid(obs: Observation) -> list[Strain]:
    bid = _winning_bid(obs)
    mode = bid.mode if bid is not None else "uptown"
    if mode == "notrump":
        return [Strain(NO_TRUMP, False), Strain(NO_TRUMP, True)]
    return [Strain(t, mode == "downtown") for t in range(4)]


# -- card play ------------------------------------------------------------------------
def choose_play(obs: Observation, level: str, rng: random.Random) -> Action:
    legal = [a.card for a in obs.legal if isinstance(a, Play)]
    order = Order(obs.trump, obs.order == "downtown", *_rules(obs))
    if level == "random":
        return Play(obs.seat, rng.choice(legal))
    tree = TREE.get(level)
    if tree is not None and len(obs.hand) > ROLLOUT_CARDS and len(legal) > 1:
        return tree.play(obs, GAME.point_play(obs), rng.getrandbits(64))
    if len(legal) > 1:
        solved = solved_card(obs, level, order, rng)
        if solved is not None:
            return Play(obs.seat, solved)
    textbook = choose_in_order(list(obs.hand), obs.trick.cards, order, _gone(obs), obs.seat,
                               obs.trick.leader, _leads(obs))
    if level in ("rules", "easy") or len(legal) == 1:
        return Play(obs.seat, textbook)
    left = len(obs.hand) * 4
    samples = max(4, min(40, PLAY_WORK // max(1, left * len(legal))))
    totals = {c: 0.0 for c in legal}
    for _ in range(samples):
        hands = sample_hands(obs, rng)
        if hands is None:
            continue
        for c in legal:
            totals[c] += _finish(obs, order, hands, c)
    best = max(legal, key=lambda c: (totals[c], c == textbook))
    return Play(obs.seat, best)


def solved_card(obs: Observation, level: str, order: Order, rng: random.Random) -> Card | None:
    """The endgame's card for ``hard`` and ``expert`` (None for the other levels, or before
    ROLLOUT_CARDS): each card's double-dummy books in sampled layouts (the family solver, a
    fixed number of positions a move), scored as the hand will be, made or set, and the card
    worth most on average to the seat's side."""
    contract = obs.contract
    if (level not in NODES or len(obs.hand) > ROLLOUT_CARDS or contract is None or contract.declarer is None
            or contract.level is None):
        return None
    bidder = int(contract.declarer)
    rules = GAME.rules_from_dict(obs.rules)
    taken = obs.won[bidder] + obs.won[(bidder + 2) % 4] + 1  # the kitty is the first book
    trick = tuple(int(c) for c in obs.trick.cards)
    worth: dict[int, float] = {}
    books: dict[int, float] = {}
    solved = solve_drawn(lambda: sample_hands(obs, rng), order, int(obs.trick.leader), trick, LAYOUTS[level],
                         NODES[level], partners(bidder))
    for values in solved:
        for card, v in values.items():
            points = bid_points(rules, contract.level, order.trump == NO_TRUMP, taken + v)
            worth[card] = worth.get(card, 0.0) + points
            books[card] = books.get(card, 0.0) + v
    if not worth:
        return None
    sign = 1 if int(obs.seat) % 2 == bidder % 2 else -1
    best = max(worth, key=lambda c: (sign * worth[c], sign * books[c], -order.power(CARDS[c])))
    return CARDS[best]


def _gone(obs: Observation) -> set[Card]:
    gone = {c for t in obs.tricks for c in t.cards}
    return gone


def _leads(obs: Observation) -> list[tuple[Seat, Card]]:
    return [(t.leader, t.cards[0]) for t in obs.tricks]


def _voids(obs: Observation, order: Order) -> dict[Seat, set[int | None]]:
    out: dict[Seat, set[int | None]] = {}
    for t in (*obs.tricks, obs.trick):
        cards = t.cards
        for i, (seat, card) in enumerate(t.plays()):
            led = order.led_suit(cards[:i]) if i else None
            if led is not None and order.suit_of(card) != led:
                out.setdefault(seat, set()).add(led)
    return out


def sample_hands(obs: Observation, rng: random.Random, tries: int = 20) -> list[list[Card]] | None:
    """One layout of the other hands consistent with what ``obs.seat`` knows."""
    order = Order(obs.trump, obs.order == "downtown", *_rules(obs))
    seen = set(obs.hand) | _gone(obs) | set(obs.trick.cards) | set(obs.piles.get("discard", ()))
    unseen = [c for c in full_deck(jokers=True) if c not in seen]
    counts = [len(obs.hand)] * 4
    for seat, _ in obs.trick.plays():
        counts[seat] -= 1
    me = int(obs.seat)
    declarer = obs.contract.declarer if obs.contract is not None else None
    kitty = set(obs.piles.get("kitty", ())) & set(unseen)
    voids = _voids(obs, order)
    hidden_discard = 6 if declarer is not None and declarer != obs.seat else 0
    suit_of = order_table(order)[0]
    others = [s for s in range(4) if s != me]
    void_of = [voids.get(_SEAT[s], set()) for s in range(4)]
    allowed = {c: [s for s in others if suit_of[c] not in void_of[s]
                   and (c not in kitty or declarer is None or s == int(declarer))] for c in unseen}
    # most constrained cards first, so a layout is rarely refused
    unseen.sort(key=lambda c: len(allowed[c]))
    for _ in range(tries):
        hands: list[list[Card]] = [[] for _ in range(4)]
        hands[me] = list(obs.hand)
        room = [counts[s] if s != me else 0 for s in range(4)]
        discard_room = hidden_discard
        ok = True
        for c in unseen:
            places = [s for s in allowed[c] if room[s]]
            total = sum(room[s] for s in places) + discard_room
            if total == 0:
                ok = False
                break
            pick = rng.randrange(total)
            for s in places:
                if pick < room[s]:
                    hands[s].append(c)
                    room[s] -= 1
                    break
                pick -= room[s]
            else:
                discard_room -= 1
        if ok:
            return hands
    return None


def _finish(obs: Observation, order: Order, hands: list[list[Card]], first: Card) -> int:
    """Books the seat's side takes from here when it plays ``first`` and everyone
    then plays the textbook."""
    hands = [h[:] for h in hands]
    trick = list(obs.trick.cards)
    leader = obs.trick.leader
    gone = _gone(obs)
    leads = _leads(obs)
    seat = int(obs.seat)
    side = seat % 2
    won = 0
    card = first
    while True:
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) == 4:
            winner = (int(leader) + winning_index(trick, order)) % 4
            if winner % 2 == side:
                won += 1
            gone.update(trick)
            leads.append((leader, trick[0]))
            leader, trick, seat = _SEAT[winner], [], winner
            if not hands[seat]:
                return won
        else:
            seat = (seat + 1) % 4
        card = choose_in_order(hands[seat], trick, order, gone, _SEAT[seat], leader, leads)


def rollout_tricks(obs: Observation, strain: Strain, rng: random.Random, samples: int) -> float:
    """Mean tricks in play the side takes at ``strain`` with this seat as bidder:
    kitty and other hands sampled, the exchange by :func:`lay_away`, every seat
    playing the textbook, the bidder leading."""
    order = order_for(strain, obs)
    mine = set(obs.hand)
    unseen = [c for c in full_deck(jokers=True) if c not in mine]
    me = int(obs.seat)
    total = 0
    for _ in range(samples):
        rng.shuffle(unseen)
        kitty = unseen[:6]
        hands = [[] for _ in range(4)]  # type: list[list[Card]]
        others = unseen[6:]
        for i, s in enumerate(x for x in range(4) if x != me):
            hands[s] = others[i * 12:(i + 1) * 12]
        full = list(obs.hand) + kitty
        away = set(lay_away(full, order, 6))
        hands[me] = [c for c in full if c not in away]
        total += _rollout(hands, order, Seat(me), away)
    return total / samples


def _rollout(hands: list[list[Card]], order: Order, leader: Seat, away: set[Card]) -> int:
    hands = [h[:] for h in hands]
    side = int(leader) % 2
    gone: set[Card] = set(away)
    leads: list[tuple[Seat, Card]] = []
    won = 0
    while hands[int(leader)]:
        trick: list[Card] = []
        for i in range(4):
            seat = (int(leader) + i) % 4
            card = choose_in_order(hands[seat], trick, order, gone, _SEAT[seat], leader, leads)
            hands[seat].remove(card)
            trick.append(card)
        winner = (int(leader) + winning_index(trick, order)) % 4
        won += winner % 2 == side
        gone.update(trick)
        leads.append((leader, trick[0]))
        leader = _SEAT[winner]
    return won


def choose_action(obs: Observation, level: str, rng: random.Random) -> Action:
    """Bid Whist's action for the seat to act."""
    if obs.phase == Phase.EXCHANGE:
        return choose_exchange(obs)
    if len(obs.legal) == 1:
        return obs.legal[0]
    if level == "random":
        return rng.choice(obs.legal)
    if obs.phase == Phase.AUCTION:
        return choose_bid(obs, level, rng)
    if obs.phase == Phase.DECLARE:
        return choose_declare(obs)
    return choose_play(obs, level, rng)


PLAYER = seeded(choose_action)
TEXTBOOK = None  # the simple bots play engine.search.rules' card

__all__ = ["PLAYER", "TEXTBOOK", "choose_action", "hand_tricks", "lay_away", "sample_hands"]
