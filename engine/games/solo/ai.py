"""Solo whist's player.

Who plays with whom changes every hand: the declarer alone against three
(solo, misère, the abundances), two partners against two (prop and cop), or
each alone (a general misère). The side and its goal come from the contract
and the auction (engine.games.solo.declaring_side): the declaring side of a
misère wants no trick, its defenders want it to take one; otherwise the
side wants its target and the defenders want to stop it.

The textbook (``rules``, ``easy``): bid on a count of likely tricks with the
turned suit (or the best suit for abundance) and a misère on low cards in
every suit; play the masters, win cheaply, leave a partner's trick alone,
duck in a misère and keep a misère bidder's card winning.

``medium`` and above: the textbook until few cards are left, then layouts
of the unseen cards consistent with what the seat knows (its hand, the cards
played, the suits each seat has shown out of, an open misère's hand, the
turned card while the dealer holds it) are solved exactly by the family
solver with the contract's side and goal (``maximise=False`` for a misère),
within a fixed count of search nodes so a move is the same on any machine.
The card that makes the contract on most layouts (then the most tricks for
its side) is played.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.actions import Action, Bid, Declare, Pass, Play
from engine.cards import Card
from engine.game import Contract, Phase
from engine.games.solo import ACCEPT, GENERAL_MISERE, MISERES, PROPOSE, RANK, REDEAL, TARGET, declaring_side
from engine.observation import Observation
from engine.order import NO_TRUMP, Order
from engine.search import layouts
from engine.search.hands import count_tricks, win_with
from engine.search.players import seeded
from engine.seats import Seat

SOLVE_CARDS = 9  # try layouts once each seat holds at most this many cards (a solve over budget stops)
NODES = {"medium": 15_000, "hard": 40_000, "expert": 120_000}  # search nodes a move
LAYOUTS = {"medium": 4, "hard": 12, "expert": 24}
SLIP_RATE = 0.12

# bidding: tricks a hand is counted to take, and the safety of its low cards
PROPOSE_AT = 3.0
SOLO_AT = 4.5
ABUNDANCE_AT = 8.0
MISERE_SLACK = 4  # how far above the lowest ranks a misère hand may reach in each suit
OPEN_SLACK = 2


# -- reading the observation -------------------------------------------------------

def _order(obs: Observation) -> Order:
    return Order(obs.trump, obs.order == "downtown")


def side_of(obs: Observation) -> frozenset[Seat]:
    """The declaring side of the hand in play (empty in a general misère)."""
    return declaring_side(obs.contract, obs.auction) if obs.contract is not None else frozenset()




# -- bidding ----------------------------------------------------------------------------

def misere_safety(hand: Sequence[Card], slack: int) -> bool:
    """Every suit's i-th lowest card at most 2i + 2 + slack: low enough to duck every lead."""
    for suit in range(4):
        ranks = sorted(c.rank for c in hand if c.suit == suit)
        if any(r > 2 * i + 2 + slack for i, r in enumerate(ranks)):
            return False
    return True


def choose_bid(obs: Observation) -> Action:
    turned = obs.trump_card.suit if obs.trump_card is not None else obs.trump
    hand = list(obs.hand)
    legal = {a.call: a for a in obs.legal if isinstance(a, Bid)}
    best_suit = max(range(4), key=lambda s: count_tricks(hand, s))
    wanted = []
    if count_tricks(hand, NO_TRUMP) >= 12.5:
        wanted.append("abundance declared")
    if misere_safety(hand, OPEN_SLACK):
        wanted.append("open misere")
    if count_tricks(hand, turned) >= ABUNDANCE_AT:
        wanted.append("royal abundance")
    if count_tricks(hand, best_suit) >= ABUNDANCE_AT:
        wanted.append("abundance")
    if misere_safety(hand, MISERE_SLACK):
        wanted.append("misere")
    if count_tricks(hand, turned) >= SOLO_AT:
        wanted.append("solo")
    if count_tricks(hand, turned) >= PROPOSE_AT:
        wanted += [ACCEPT, PROPOSE]
    for call in sorted((c for c in wanted if c in legal), key=lambda c: -RANK[c]):
        return legal[call]
    return next(a for a in obs.legal if isinstance(a, Pass))


def choose_trumps(obs: Observation) -> Action:
    declares = [a for a in obs.legal if isinstance(a, Declare)]
    hand = list(obs.hand)
    return max(declares, key=lambda a: count_tricks(hand, "SHDCN".index(str(a.trump))))


# -- the textbook card ---------------------------------------------------------------------

def textbook(obs: Observation) -> Card:
    order = _order(obs)
    cards = [a.card for a in obs.legal if isinstance(a, Play)]
    contract = obs.contract
    assert contract is not None
    side = side_of(obs)
    if contract.call == GENERAL_MISERE or (contract.call in MISERES and obs.seat in side):
        return _duck(order, cards, obs.trick.cards, len(obs.trick.cards) == 3)
    if contract.call in MISERES:
        return _force(obs, order, cards, next(iter(side)))
    team = side if obs.seat in side else frozenset(Seat(s) for s in range(4)) - side
    return win_with(obs, order, cards, team)


def _duck(order: Order, cards: list[Card], trick: Sequence[Card], last: bool) -> Card:
    if not trick:
        return min(cards, key=order.power)
    best = trick[order.winning_index(trick)]
    led = order.led_suit(trick)
    if all(order.suit_of(c) != led for c in cards):
        return max(cards, key=order.power)  # void: shed the most dangerous card
    under = [c for c in cards if order.winning_index([best, c]) == 0]
    if under:
        return max(under, key=order.power)
    return (max if last else min)(cards, key=order.power)


def _force(obs: Observation, order: Order, cards: list[Card], bidder: Seat) -> Card:
    """Defending a misère: keep the bidder's card on top, lead low, shed high cards."""
    trick = obs.trick
    plays = list(trick.plays())
    if not plays:
        return min(cards, key=order.power)
    winner = plays[order.winning_index([c for _, c in plays])][0]
    bidder_played = any(s == bidder for s, _ in plays)
    if bidder_played and winner == bidder:
        best = trick.cards[order.winning_index(trick.cards)]
        under = [c for c in cards if order.winning_index([best, c]) == 0]
        return max(under or cards, key=order.power)
    if bidder_played:
        return max(cards, key=order.power)
    return min(cards, key=order.power)


# -- layouts and the exact search --------------------------------------------------------------

def known_cards(obs: Observation) -> dict[Card, Seat]:
    """Cards of other seats this seat has been shown: an open misère's hand, the turned card."""
    known: dict[Card, Seat] = {}
    exposed = obs.piles.get("exposed", ())
    if exposed and obs.contract is not None and obs.contract.declarer is not None:
        known.update((c, obs.contract.declarer) for c in exposed)
    if obs.trump_card is not None:
        known[obs.trump_card] = obs.dealer
    return known


def sample_layout(obs: Observation, rng: random.Random) -> list[set[Card]] | None:
    """The other seats' cards, drawn at random within what ``obs.seat`` knows."""
    return layouts.sample(obs, rng, layouts.held_counts(obs, 13), known_cards(obs))


def _goal(contract: Contract) -> tuple[bool, int]:
    """Whether the declaring side plays for tricks, and its target."""
    if contract.call in MISERES:
        return False, 0
    return True, TARGET.get(contract.call, 0)


def solved_card(obs: Observation, level: str, rng: random.Random) -> Card | None:
    contract = obs.contract
    assert contract is not None
    if contract.call == REDEAL or len(obs.hand) > SOLVE_CARDS:
        return None
    side = side_of(obs) or frozenset((obs.seat,))
    maximise, target = _goal(contract)
    if contract.call == GENERAL_MISERE:
        side = frozenset((obs.seat,))
    mask = sum(1 << int(s) for s in side)
    taken = sum(obs.won[s] for s in side)
    ours = obs.seat in side
    order = _order(obs)
    made: dict[int, float] = {}
    tricks: dict[int, float] = {}
    solved = layouts.solve_layouts(obs, rng, LAYOUTS[level], NODES[level], mask, maximise,
                                   layouts.held_counts(obs, 13), known_cards(obs))
    for values in solved:
        for card, v in values.items():
            total = taken + v
            ok = (total >= target) if maximise else total == 0
            made[card] = made.get(card, 0.0) + ok
            tricks[card] = tricks.get(card, 0.0) + total
    if not solved:
        return None
    # the side makes its contract, the others stop it; then the side's most (or fewest) tricks
    wants_tricks = maximise == ours
    sign = 1 if ours else -1
    if contract.call == GENERAL_MISERE:
        best = min(tricks, key=lambda c: (tricks[c], order.power(Card(c))))
    else:
        best = max(made, key=lambda c: (sign * made[c], tricks[c] if wants_tricks else -tricks[c],
                                        -order.power(Card(c))))
    return Card(best)


# -- the entry point ------------------------------------------------------------------------

def choose(obs: Observation, level: str, rng: random.Random) -> Action:
    if level == "random":
        return rng.choice(obs.legal)
    if obs.phase == Phase.AUCTION:
        return choose_bid(obs)
    if obs.phase == Phase.DECLARE:
        return choose_trumps(obs)
    if level in NODES:
        card = solved_card(obs, level, rng)
        if card is not None:
            return Play(obs.seat, card)
    card = textbook(obs)
    if level == "easy" and rng.random() < SLIP_RATE:
        same = [a.card for a in obs.legal if isinstance(a, Play) and a.card.suit == card.suit]
        card = rng.choice(same)
    return Play(obs.seat, card)


PLAYER = seeded(choose)
TEXTBOOK = None  # the simple bots play engine.search.rules' card

__all__ = ["PLAYER", "TEXTBOOK", "choose", "choose_bid", "misere_safety", "sample_layout", "side_of",
           "textbook"]
