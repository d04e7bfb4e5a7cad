"""Pure-Python trick solver for the whole family: the reference and the fallback.

Plain minimax over every legal card, exact values memoised at the start of
each trick, and nothing else: every rule (the suit a card counts as, which
cards may follow, who wins the trick) is asked of :class:`engine.order.Order`,
so this solver is the family's rules searched exhaustively and the C core
(engine/csrc/family.c) is checked against it. It is exact and slow: fine for
positions of a few tricks, far too slow for a full deal.

Use it through :mod:`engine.family_solver`, which checks the arguments first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.cards import BIG_JOKER_ID, Card
from engine.order import Order

DECK = 54
_CARDS = tuple(Card(i) if i < 52 else Card.joker(i == BIG_JOKER_ID) for i in range(DECK))


class Limit(Exception):
    """The node limit was hit."""


def card_of(i: int) -> Card:
    """The Card for a card int 0..53 (52 = little joker, 53 = big joker)."""
    return _CARDS[i]


def cards_in(mask: int) -> list[int]:
    """The card ints of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# Order's answers memoised (they depend only on their arguments): the search asks
# the same few questions many times over.
@lru_cache(maxsize=1 << 16)
def _led(order: Order, trick: tuple[int, ...]) -> int | None:
    return order.led_suit([_CARDS[c] for c in trick])


@lru_cache(maxsize=1 << 18)
def _legal(order: Order, hand: int, led: int | None) -> tuple[int, ...]:
    return tuple(int(c) for c in order.follow([_CARDS[c] for c in cards_in(hand)], led))


@lru_cache(maxsize=1 << 18)
def _winner(order: Order, trick: tuple[int, ...]) -> int:
    return order.winning_index([_CARDS[c] for c in trick])


class _Search:
    def __init__(self, hands: Sequence[int], order: Order, side: int, maximise: bool,
                 node_limit: int) -> None:
        self.hands = list(hands)
        self.seats = len(self.hands)
        self.order = order
        self.side = side
        self.maximise = maximise
        self.memo: dict[tuple[int, ...], int] = {}  # (hands..., leader) -> side's tricks
        self.nodes_left = node_limit or -1  # -1: no limit

    def legal(self, seat: int, trick: Sequence[int]) -> tuple[int, ...]:
        return _legal(self.order, self.hands[seat], _led(self.order, tuple(trick)))

    def wants_most(self, seat: int) -> bool:
        """Whether ``seat`` plays for the side's most tricks (else for the fewest)."""
        return bool(self.side >> seat & 1) == self.maximise

    def from_lead(self, leader: int) -> int:
        """The side's tricks from the start of a trick led by ``leader``."""
        if not self.hands[leader]:
            return 0
        key = (*self.hands, leader)
        got = self.memo.get(key)
        if got is None:
            got = self.best(leader, [])
            self.memo[key] = got
        return got

    def best(self, leader: int, trick: list[int]) -> int:
        """The side's tricks (this trick included) with the next card to play to ``trick``."""
        seat = (leader + len(trick)) % self.seats
        values = [self.after(leader, trick, c) for c in self.legal(seat, trick)]
        return max(values) if self.wants_most(seat) else min(values)

    def after(self, leader: int, trick: list[int], card: int) -> int:
        """The side's tricks (this trick included) once the next seat has played ``card``."""
        if self.nodes_left > 0:
            self.nodes_left -= 1
        elif self.nodes_left == 0:
            raise Limit
        seat = (leader + len(trick)) % self.seats
        played = [*trick, card]
        self.hands[seat] ^= 1 << card
        try:
            if len(played) < self.seats:
                return self.best(leader, played)
            won = (leader + _winner(self.order, tuple(played))) % self.seats
            return (self.side >> won & 1) + self.from_lead(won)
        finally:
            self.hands[seat] ^= 1 << card


def solve_moves(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int], side: int,
                maximise: bool = True, node_limit: int = 0) -> dict[int, int] | None:
    """Every legal card of the player to move -> the side's tricks from here (current
    trick included) after it, best play after; None past ``node_limit`` (> 0) nodes.
    The arguments are taken as checked (engine.family_solver checks them)."""
    search = _Search(hands, order, side, maximise, node_limit)
    seat = (leader + len(trick)) % search.seats
    played = list(trick)
    try:
        return {c: search.after(leader, played, c) for c in search.legal(seat, played)}
    except Limit:
        return None


def solve(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int], side: int,
          maximise: bool = True, node_limit: int = 0) -> int | None:
    """The side's tricks from here (current trick included) with best play by every seat."""
    values = solve_moves(hands, order, leader, trick, side, maximise, node_limit)
    if values is None:
        return None
    seat = (leader + len(trick)) % len(hands)
    wants_most = bool(side >> seat & 1) == maximise
    return max(values.values()) if wants_most else min(values.values())
