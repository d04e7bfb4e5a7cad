"""A trick: who led and the cards played to it, in order.

At four seats one card from each; at other tables ``players`` seats, and in
two-player Scandinavian whist ``per_seat`` 2 (leader, other, leader, other).
Seats that sit a hand out (``out``: knocked out in Knockout whist) are passed over.
A ``ring`` gives the order of play round the table where it is not the seats'
numbers (dummy whist: declarer, left opponent, the dummy opposite, right opponent).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.cards import Card, parse_cards
from engine.errors import NotationError
from engine.order import NO_TRUMP, Order
from engine.seats import Seat, around, seat_label


def legal_cards(hand: Iterable[Card], led_suit: int | None) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick led in ``led_suit``
    (None: nothing led yet), sorted: a card of the suit led if the hand has one,
    else any card. Every player of the table asks this (the deal, the AI, the bots)."""
    return Order().follow(hand, led_suit)


@dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[Card, ...] = ()
    players: int = 4
    per_seat: int = 1
    out: frozenset[Seat] = frozenset()
    ring: tuple[Seat, ...] = ()  # the order of play round the table, when not 0, 1, 2 ...

    @property
    def size(self) -> int:
        """Cards in a complete trick."""
        if self.ring:
            return len(self.ring) * self.per_seat
        return (self.players - len(self.out)) * self.per_seat

    @property
    def complete(self) -> bool:
        return len(self.cards) == self.size

    @property
    def led_suit(self) -> int | None:
        """The first card's suit (games with jokers ask their :class:`Order`)."""
        return self.cards[0].suit if self.cards else None

    @property
    def next_seat(self) -> Seat:
        return self.seat_of(len(self.cards))

    def seat_of(self, index: int) -> Seat:
        if self.ring:  # one card a seat in the ring's order
            return self.ring[(self.ring.index(self.leader) + index) % len(self.ring)]
        if not self.out:
            return around(self.leader, index, self.players)
        ring = [s for s in (around(self.leader, i, self.players) for i in range(self.players))
                if s not in self.out]
        return ring[index % len(ring)]

    def plays(self) -> list[tuple[Seat, Card]]:
        return [(self.seat_of(i), c) for i, c in enumerate(self.cards)]

    def knock(self, seat: Seat) -> Trick:
        """The trick with ``seat`` passing its turn: it plays no card to it."""
        return Trick(self.leader, self.cards, self.players, self.per_seat, self.out | {seat}, self.ring)

    def add(self, card: Card) -> Trick:
        return Trick(self.leader, self.cards + (card,), self.players, self.per_seat, self.out, self.ring)

    def winning_index(self, trump: int | Order) -> int:
        """Index of the card now winning: highest trump, else highest of the suit led."""
        order = trump if isinstance(trump, Order) else Order(trump)
        return order.winning_index(self.cards)

    def winner(self, trump: int | Order) -> Seat:
        return self.seat_of(self.winning_index(trump))

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"leader": seat_label(self.leader, self.players),
                                  "cards": [str(c) for c in self.cards]}
        if self.out:  # seats sitting the hand out (Knockout), so the plays can be read back
            out["out"] = sorted(seat_label(s, self.players) for s in self.out)
        if self.ring:  # the order of play (dummy whist), so the plays can be read back
            out["ring"] = [seat_label(s, self.players) for s in self.ring]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object], players: int = 4, per_seat: int = 1) -> Trick:
        leader = data.get("leader")
        cards = data.get("cards")
        if leader is None or not isinstance(cards, Sequence) or isinstance(cards, str):
            raise NotationError(f"trick {dict(data)!r} needs a leader and a list of cards")
        out = data.get("out") or []
        if not isinstance(out, Sequence) or isinstance(out, str):
            raise NotationError(f"trick {dict(data)!r}: 'out' is a list of seats")
        ring = data.get("ring") or []
        if not isinstance(ring, Sequence) or isinstance(ring, str):
            raise NotationError(f"trick {dict(data)!r}: 'ring' is a list of seats")
        return cls(Seat.parse_at(str(leader), players), tuple(parse_cards([str(c) for c in cards])),
                   players, per_seat, frozenset(Seat.parse_at(str(s), players) for s in out),
                   tuple(Seat.parse_at(str(s), players) for s in ring))


__all__ = ["NO_TRUMP", "Trick"]
