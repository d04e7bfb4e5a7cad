"""The rules of a trick, once for every game of the family.

Which suit a card belongs to, which card beats which, which suit a trick was
led in, who wins it and which cards a player may play to it all depend on the
hand's :class:`Order`: the trump strain, the direction (uptown, or downtown
where low cards win) and what the jokers do. Everything else (the deal, the
AI's view, recall) asks these functions instead of writing the rules again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import JOKER, STRAINS, Card
from engine.errors import RulesError

NO_TRUMP = 4
JOKER_LEADS = ("trump", "free")


@dataclass(frozen=True)
class Order:
    """How the cards rank in one hand.

    - ``trump``: 0..3 for S H D C, 4 for no trump.
    - ``downtown``: low cards win (A 2 3 .. K with the ace kept high, or
      2 .. K A reversed with ``ace_low``).
    - Jokers (Bid Whist): at a suit contract both are the two top trumps, big
      above little; at no trump they belong to no suit and never win.
      ``joker_lead`` "trump" makes a led joker a trump lead; "free" lets the
      next card fix the suit (the joker still wins as top trump).
    - ``jack_high``: the jack of trumps is the top trump, above the ace (J A K Q T ...).
    """

    trump: int = NO_TRUMP
    downtown: bool = False
    ace_low: bool = False
    joker_lead: str = "trump"
    jack_high: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.trump <= NO_TRUMP:
            raise RulesError(f"trump {self.trump} is not a strain: use 0..3 (S H D C) or 4 (no trump)")
        if self.joker_lead not in JOKER_LEADS:
            raise RulesError(f"joker lead {self.joker_lead!r} is not offered: choose trump or free")

    @property
    def name(self) -> str:
        """``uptown``, ``downtown`` or ``jack_high`` (the observation's rank order)."""
        return "downtown" if self.downtown else "jack_high" if self.jack_high else "uptown"

    @property
    def strain(self) -> str:
        return STRAINS[self.trump]

    def suit_of(self, card: Card) -> int | None:
        """The suit a card counts as: a joker is a trump, or no suit at no trump."""
        suit = card.suit
        if suit == JOKER:
            return None if self.trump == NO_TRUMP else self.trump
        return suit

    def power(self, card: Card) -> int:
        """Higher beats lower within a suit (jokers above the trump ace)."""
        rank = card.rank
        if card.suit == JOKER:
            return rank + 2
        if self.jack_high and rank == 11 and card.suit == self.trump:
            return 15
        if not self.downtown:
            return rank
        if rank == 14:
            return 1 if self.ace_low else 15
        return 16 - rank

    def led_suit(self, cards: Sequence[Card]) -> int | None:
        """The suit the trick was led in: the first card's, unless a joker led
        that fixes no suit (at no trump, or a free joker lead), when the first
        card that has a suit sets it. None while no card has fixed it."""
        for card in cards:
            if card.suit == JOKER and (self.trump == NO_TRUMP or self.joker_lead == "free"):
                continue
            return self.suit_of(card)
        return None

    def winning_index(self, cards: Sequence[Card]) -> int:
        """Index of the card winning ``cards``: the highest trump, else the
        highest card of the suit led. A powerless joker never wins."""
        if not cards:
            raise RulesError("an empty trick has no winner")
        led = self.led_suit(cards)
        best = 0
        best_key: tuple[int, int] | None = None
        for i, card in enumerate(cards):
            suit = self.suit_of(card)
            if suit is None:
                continue
            if suit == self.trump:
                key = (2, self.power(card))
            elif suit == led:
                key = (1, self.power(card))
            else:
                continue
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best

    def legal(self, hand: Iterable[Card], trick: Sequence[Card]) -> list[Card]:
        """Cards of ``hand`` that may be played to ``trick``: follow the suit
        led if able, else any card. Sorted."""
        return self.follow(hand, self.led_suit(trick))

    def follow(self, hand: Iterable[Card], led: int | None) -> list[Card]:
        """Cards of ``hand`` that may be played to a trick led in ``led`` (None:
        nothing has fixed the suit yet), sorted."""
        cards = sorted(hand)
        if led is None:
            return cards
        return [c for c in cards if self.suit_of(c) == led] or cards

    def must_follow(self, hand: Iterable[Card], trick: Sequence[Card], card: Card) -> int | None:
        """The suit ``card`` fails to follow although ``hand`` could, else None."""
        led = self.led_suit(trick)
        if led is None or self.suit_of(card) == led:
            return None
        if any(self.suit_of(c) == led for c in hand):
            return led
        return None


def classic_order(trump: int) -> Order:
    """Ace high, ``trump`` as the trump strain, no jokers: classic whist and most of the family."""
    return Order(trump)


__all__ = ["JOKER_LEADS", "NO_TRUMP", "Order", "classic_order"]
