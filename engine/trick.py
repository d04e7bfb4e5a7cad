"""A trick: who led and the cards played to it, in order."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.cards import Card
from engine.seats import Seat

NO_TRUMP = 4


def legal_cards(hand: Iterable[Card], led_suit: int | None) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick led in ``led_suit``
    (None: nothing led yet), sorted: a card of the suit led if the hand has one,
    else any card. Every player of the table asks this (the deal, the AI, the bots)."""
    cards = sorted(hand)
    if led_suit is not None:
        follow = [c for c in cards if c.suit == led_suit]
        if follow:
            return follow
    return cards


@dataclass(frozen=True)
class Trick:
    leader: Seat
    cards: tuple[Card, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.cards) == 4

    @property
    def led_suit(self) -> int | None:
        return self.cards[0].suit if self.cards else None

    @property
    def next_seat(self) -> Seat:
        return self.leader.offset(len(self.cards))

    def seat_of(self, index: int) -> Seat:
        return self.leader.offset(index)

    def plays(self) -> list[tuple[Seat, Card]]:
        return [(self.leader.offset(i), c) for i, c in enumerate(self.cards)]

    def add(self, card: Card) -> Trick:
        return Trick(self.leader, self.cards + (card,))

    def winning_index(self, trump: int) -> int:
        """Index of the card now winning: highest trump, else highest of the suit led."""
        if not self.cards:
            raise ValueError("an empty trick has no winner")
        best = 0
        for i, card in enumerate(self.cards[1:], start=1):
            top = self.cards[best]
            if card.suit == top.suit:
                if card.rank > top.rank:
                    best = i
            elif card.suit == trump:
                best = i
        return best

    def winner(self, trump: int) -> Seat:
        return self.seat_of(self.winning_index(trump))

    def to_dict(self) -> dict[str, object]:
        return {"leader": self.leader.name, "cards": [str(c) for c in self.cards]}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Trick:
        from engine.cards import parse_cards

        return cls(Seat.parse(str(data["leader"])), tuple(parse_cards(data["cards"])))  # type: ignore[arg-type]
