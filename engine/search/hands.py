"""Textbook judgements of a hand shared by the players of the games each for
themselves or with a partner chosen in the hand: a count of likely tricks, and
the card that wins a trick cheaply (masters first, a teammate's trick left alone)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card, full_deck
from engine.observation import Observation
from engine.order import NO_TRUMP, Order
from engine.seats import Seat

HIGH_CARD_POINTS = {14: 4, 13: 3, 12: 2, 11: 1}


def high_card_points(cards: Sequence[Card]) -> int:
    """The textbook count of a hand's honours: ace 4, king 3, queen 2, jack 1 (40 in a pack)."""
    return sum(HIGH_CARD_POINTS.get(c.rank, 0) for c in cards)


def played(obs: Observation) -> set[Card]:
    return {c for t in obs.tricks for c in t.cards} | set(obs.trick.cards)


def _master(card: Card, gone: set[Card], order: Order) -> bool:
    return all(c in gone for c in full_deck() if c.suit == card.suit and order.power(c) > order.power(card))


def count_tricks(hand: Sequence[Card], trump: int) -> float:
    """Likely tricks of ``hand`` with ``trump`` (4: none): top cards, trump length and ruffs."""
    total = 0.0
    lengths = {s: sorted((c.rank for c in hand if c.suit == s), reverse=True) for s in range(4)}
    for suit, ranks in lengths.items():
        n = len(ranks)
        ace, king, queen = 14 in ranks, 13 in ranks, 12 in ranks
        top = float(ace) + (0.9 if ace else 0.5) * (king and n >= 2) + (0.6 if ace and king else 0.25) * (
            queen and n >= 3)
        if suit == trump:
            top = max(top, 0.0) + max(0, n - 3)
        elif trump == NO_TRUMP and ace and king:
            top += max(0, n - 4)
        total += top
    if trump != NO_TRUMP and len(lengths[trump]) >= 3:
        spare = len(lengths[trump]) - 2
        for suit in range(4):
            if suit != trump and spare > 0:
                ruffs = {0: 1.0, 1: 0.5}.get(len(lengths[suit]), 0.0)
                total += min(ruffs, spare)
                spare -= int(ruffs >= 1)
    return total


def win_with(obs: Observation, order: Order, cards: list[Card], team: frozenset[Seat]) -> Card:
    """The textbook card for tricks: masters, cheap winners, a teammate's trick left alone."""
    gone = played(obs) - set(obs.trick.cards) | set(obs.hand)
    plays = list(obs.trick.plays())
    full = obs.players - 1  # cards before the last to play

    def cheap(c: Card) -> tuple[bool, int]:
        return (order.suit_of(c) == obs.trump, order.power(c))

    if not plays:
        masters = [c for c in cards if _master(c, gone, order)]
        trumps_first = [c for c in masters if c.suit == obs.trump] if len(team) == 1 else []
        if trumps_first or masters:
            return (trumps_first or masters)[0]
        length = {s: sum(1 for c in obs.hand if c.suit == s) for s in range(4)}
        return min(cards, key=lambda c: (c.suit == obs.trump, -length[c.suit], order.power(c)))
    trick_cards = [c for _, c in plays]
    win_at = order.winning_index(trick_cards)
    best = trick_cards[win_at]
    last = len(plays) == full
    if plays[win_at][0] in team and (last or _master(best, gone, order)):
        return min(cards, key=cheap)
    winners = [c for c in cards if order.winning_index([best, c]) == 1]
    if winners:
        return min(winners, key=order.power)
    return min(cards, key=cheap)


__all__ = ["count_tricks", "high_card_points", "played", "win_with"]
