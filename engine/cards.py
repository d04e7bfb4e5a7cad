"""Cards as compact values: an int 0..51 inside, strings like ``SA`` outside.

A card's int is ``suit * 13 + (rank - 2)`` with suits in PBN order S H D C, so
within a suit a higher rank is a higher int. Bid Whist's two jokers are 52
(little, ``LJ``) and 53 (big, ``BJ``): their suit is :data:`JOKER` (4), which
no suit index uses, so a joker never follows suit by accident.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.errors import NotationError

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANKS = "23456789TJQKA"  # index + 2 is the rank number, ace high (14)
RANK_NAMES = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
# Trump strains: a suit letter, or N for no trump.
STRAINS = "SHDCN"
JOKER = 4  # the suit number of both jokers
LITTLE_JOKER_ID = 52
BIG_JOKER_ID = 53
_JOKER_TEXT = {LITTLE_JOKER_ID: "LJ", BIG_JOKER_ID: "BJ"}
_JOKER_NAMES = {LITTLE_JOKER_ID: "little joker", BIG_JOKER_ID: "big joker"}

# by card number, jokers included: the searches in Python ask these millions of times
_SUIT_OF = tuple(min(i // 13, JOKER) for i in range(54))
_RANK_OF = tuple(i % 13 + 2 if i < 52 else i - 37 for i in range(54))

_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


class Card(int):
    """One card of the 52. Immutable, hashable, ordered by suit then rank."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if not 0 <= int(value) < 52:
            raise NotationError(
                f"card number {value} is out of range 0..51 (jokers: Card('BJ'), Card('LJ'))"
            )
        return super().__new__(cls, value)

    @classmethod
    def joker(cls, big: bool) -> Card:
        """The big (``BJ``) or the little (``LJ``) joker."""
        return super().__new__(cls, BIG_JOKER_ID if big else LITTLE_JOKER_ID)

    @property
    def is_joker(self) -> bool:
        return int(self) >= 52

    @classmethod
    def of(cls, suit: int, rank: int) -> Card:
        """Card from a suit index (0=S..3=C) and a rank number (2..14)."""
        return super().__new__(cls, suit * 13 + rank - 2)

    def __bool__(self) -> bool:
        # S2 is 0: a card must never read as "no card" in a condition.
        return True

    @property
    def suit(self) -> int:
        """0..3 for S H D C; :data:`JOKER` for both jokers."""
        return _SUIT_OF[self]

    @property
    def rank(self) -> int:
        """2..14 (ace high); the little joker 15, the big joker 16."""
        return _RANK_OF[self]

    @property
    def suit_letter(self) -> str:
        return "J" if self.is_joker else SUITS[self.suit]

    @property
    def rank_char(self) -> str:
        return _JOKER_TEXT[int(self)][0] if self.is_joker else RANKS[self.rank - 2]

    @property
    def symbol(self) -> str:
        """Human text with the suit symbol and 10 for ten: ``♠A``, ``♥10``; jokers ``BJ``, ``LJ``."""
        if self.is_joker:
            return _JOKER_TEXT[int(self)]
        rank = "10" if self.rank == 10 else self.rank_char
        return SUIT_SYMBOLS[self.suit] + rank

    @property
    def name(self) -> str:
        if self.is_joker:
            return _JOKER_NAMES[int(self)]
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        if self.is_joker:
            return _JOKER_TEXT[int(self)]
        return SUITS[self.suit] + RANKS[self.rank - 2]

    def __repr__(self) -> str:
        return f"Card('{self}')"


def _rank_of(text: str) -> int | None:
    t = text.upper()
    if t == "10":
        return 10
    if len(t) == 1 and t in RANKS:
        return RANKS.index(t) + 2
    return None


def _suit_of(text: str) -> int | None:
    t = _SYMBOL_TO_SUIT.get(text, text.upper())
    if len(t) == 1 and t in SUITS:
        return SUITS.index(t)
    return None


def parse_card(text: str | Card) -> Card:
    """Parse ``SA``, ``AS``, ``10H``, ``H10``, ``10♥``, ``♠A`` in any case."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not a card: give text such as 'SA' or 'H10'")
    t = text.strip()
    joker = {"BJ": True, "LJ": False}.get(t.upper())
    if joker is not None:
        return Card.joker(joker)
    if 2 <= len(t) <= 3:
        for head, tail in ((t[:1], t[1:]), (t[:-1], t[-1:])):
            suit, rank = _suit_of(head), _rank_of(tail)
            if suit is None or rank is None:
                suit, rank = _suit_of(tail), _rank_of(head)
            if suit is not None and rank is not None:
                return Card.of(suit, rank)
    raise NotationError(
        f"{text!r} is not a card: write the suit (S H D C or a symbol) and the rank "
        "(A K Q J T/10 9..2), e.g. 'SA', 'AS', '10H', '♠A'; jokers are 'BJ' and 'LJ'"
    )


def parse_cards(items: Iterable[str | Card] | str) -> list[Card]:
    """Parse many cards; a string is split on spaces and commas."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    return [parse_card(x) for x in items]


def parse_strain(text: str) -> int:
    """Trump strain to an index 0..4 (S H D C, 4 = no trump)."""
    t = str(text).strip().upper()
    t = {"NT": "N", "NOTRUMP": "N", "NO TRUMP": "N"}.get(t, _SYMBOL_TO_SUIT.get(t, t))
    if len(t) != 1 or t not in STRAINS:
        raise NotationError(f"{text!r} is not a trump: use S, H, D, C or N (no trump)")
    return STRAINS.index(t)


def full_deck(jokers: bool = False) -> list[Card]:
    """The 52 cards in card order; with ``jokers`` the little and the big joker follow."""
    deck = [Card(i) for i in range(52)]
    if jokers:
        deck += [Card.joker(False), Card.joker(True)]
    return deck


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Display order: suits alternating colour when possible, high cards first."""
    order = {JOKER: -1, 0: 0, 1: 1, 3: 2, 2: 3}  # jokers first; S H C D alternates black/red
    return sorted(cards, key=lambda c: (order[c.suit], -c.rank))
