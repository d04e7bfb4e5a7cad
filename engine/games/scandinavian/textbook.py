"""Two-player Scandinavian whist's textbook player.

Bid high with strength in the 18 cards it sees of its own (10 in hand, 8 face
up); in a high game both players want tricks (the bidder seven, the other to
set it), in a low game both want to lose them. Cards come from the hand or
the face-up layout alike (the observation's ``legal``).
"""

from __future__ import annotations

from engine.actions import Action, Bid, Play
from engine.cards import Card
from engine.observation import Observation
from engine.order import Order
from engine.search.hands import high_card_points

HIGH_POINTS = 16  # 18 random cards hold about 14 of the 40 points: bid high with a little more


def own_cards(obs: Observation) -> tuple[Card, ...]:
    return tuple(obs.hand) + tuple(obs.piles.get(f"layout{int(obs.seat)}", ()))


def bid(obs: Observation) -> Action:
    call = "high" if high_card_points(own_cards(obs)) >= HIGH_POINTS else "low"
    return next(a for a in obs.legal if isinstance(a, Bid) and a.call == call)


def play(obs: Observation) -> Action:
    order = Order(obs.trump)
    cards = [a.card for a in obs.legal if isinstance(a, Play)]
    trick = obs.trick.cards
    low_game = obs.contract is not None and obs.contract.call == "low"
    if low_game:
        return Play(obs.seat, _duck(order, cards, trick))
    return Play(obs.seat, _win(order, cards, trick, own_cards(obs)))


def _win(order: Order, cards: list[Card], trick: tuple[Card, ...], own: tuple[Card, ...]) -> Card:
    if not trick:
        length = {s: sum(1 for c in own if c.suit == s) for s in range(4)}
        top = max(cards, key=lambda c: (c.rank >= 13, length[c.suit], c.rank))
        return top if top.rank >= 13 else min(cards, key=lambda c: (-length[c.suit], c.rank))
    best = trick[order.winning_index(trick)]
    winners = [c for c in cards if c.suit == best.suit and c.rank > best.rank]
    if winners:
        return min(winners, key=lambda c: c.rank)
    return min(cards, key=lambda c: c.rank)


def _duck(order: Order, cards: list[Card], trick: tuple[Card, ...]) -> Card:
    if not trick:
        return min(cards, key=lambda c: c.rank)
    best = trick[order.winning_index(trick)]
    following = [c for c in cards if c.suit == best.suit]
    if not following:
        return max(cards, key=lambda c: c.rank)  # void: shed the most dangerous card
    under = [c for c in following if c.rank < best.rank]
    return max(under, key=lambda c: c.rank) if under else min(following, key=lambda c: c.rank)


__all__ = ["bid", "own_cards", "play"]
