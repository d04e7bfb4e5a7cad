"""PBN deal notation: ``N:AKQ.J98.7654.32 <east> <south> <west>``.

Hands are given clockwise from the named seat, each as
spades.hearts.diamonds.clubs with ten written ``T`` (``10`` is accepted).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import RANKS, SUITS, Card
from engine.errors import NotationError
from engine.seats import SEAT_NAMES, SEATS, Seat

Hands = tuple[frozenset[Card], frozenset[Card], frozenset[Card], frozenset[Card]]


def parse_hand(text: str) -> frozenset[Card]:
    """One hand, ``AKQ.J98.7654.32``; a void is an empty group, ``-`` allowed."""
    groups = text.split(".")
    if len(groups) != 4:
        raise NotationError(
            f"hand {text!r} has {len(groups)} suit group(s): a PBN hand has 4, "
            "spades.hearts.diamonds.clubs"
        )
    cards: list[Card] = []
    for suit, group in enumerate(groups):
        g = group.upper().replace("10", "T")
        if g == "-":
            continue
        for ch in g:
            if ch not in RANKS:
                raise NotationError(
                    f"hand {text!r}: {ch!r} is not a rank (use AKQJT98765432) "
                    f"in the {'spades hearts diamonds clubs'.split()[suit]} group"
                )
            card = Card.of(suit, RANKS.index(ch) + 2)
            if card in cards:
                raise NotationError(f"hand {text!r} lists {card} twice")
            cards.append(card)
    return frozenset(cards)


def parse_hands(text: str, *, complete: bool = False) -> Hands:
    """Parse a PBN deal into four hands in N, E, S, W order.

    With ``complete`` the deal must be all 52 cards, 13 each; otherwise any
    hands without duplicates are accepted (positions part-way through a hand).
    """
    if not isinstance(text, str):
        raise NotationError(f"a PBN deal is text, not {type(text).__name__}")
    t = text.strip().strip('"')
    if len(t) < 2 or t[1] != ":":
        raise NotationError(
            f"PBN deal {text!r} must start with a seat and a colon, e.g. 'N:AKQ.J98.7654.32 ...'"
        )
    first = Seat.parse(t[0])
    parts = t[2:].split()
    if len(parts) != 4:
        raise NotationError(f"PBN deal {text!r} has {len(parts)} hand(s): it needs 4")
    hands: list[frozenset[Card]] = [frozenset()] * 4
    seen: dict[Card, Seat] = {}
    for i, part in enumerate(parts):
        seat = first.offset(i)
        hand = parse_hand(part)
        for card in hand:
            if card in seen:
                raise NotationError(
                    f"PBN deal: {card} is in both {SEAT_NAMES[seen[card]]}'s and {SEAT_NAMES[seat]}'s hands"
                )
            seen[card] = seat
        hands[seat] = hand
    if complete:
        for seat in SEATS:
            if len(hands[seat]) != 13:
                raise NotationError(
                    f"PBN deal: {SEAT_NAMES[seat]} has {len(hands[seat])} cards; each hand needs 13"
                )
    return (hands[0], hands[1], hands[2], hands[3])


def format_hand(cards: Iterable[Card]) -> str:
    by_suit = [[] for _ in SUITS]  # type: list[list[Card]]
    for c in cards:
        by_suit[c.suit].append(c)
    return ".".join(
        "".join(c.rank_char for c in sorted(group, reverse=True)) for group in by_suit
    )


def format_hands(hands: Sequence[Iterable[Card]], first: Seat | str = Seat.N) -> str:
    """Four hands (N, E, S, W order) as PBN, listed clockwise from ``first``."""
    start = Seat.parse(first)
    return f"{start.name}:" + " ".join(
        format_hand(hands[start.offset(i)]) for i in range(4)
    )
