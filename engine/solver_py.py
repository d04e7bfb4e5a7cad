"""Pure-Python double-dummy solver: the reference and the fallback.

Same low-level API as the C extension (``engine._solver``): hands as four
52-bit masks (bit = Card int, N E S W order), trump 0..4 (4 = no trump),
leader 0..3, trick cards as ints. Plain minimax with alpha-beta, exact values
memoised at trick boundaries and one card tried per run of equivalent cards.
It is exact but slow: fine for endings of a few tricks, far too slow for a
full deal (the C core is the one to use there).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import SUIT_NAMES, Card
from engine.errors import NotationError

SEAT_LETTERS = "NESW"
ALL_CARDS = (1 << 52) - 1
SUIT_MASK = (1 << 13) - 1


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def validate_masks(
    hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = ()
) -> None:
    """Raise NotationError (a ValueError) with a precise message if the position is impossible."""
    if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= trump <= 4:
        raise NotationError(f"trump {trump!r} is out of range: 0..3 for a suit, 4 for no trump")
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3:
        raise NotationError(f"leader {leader!r} is out of range: seats are 0..3 (N E S W)")
    hands = list(hands)
    if len(hands) != 4:
        raise NotationError(f"hands must hold 4 masks (N, E, S, W), not {len(hands)}")
    for i, m in enumerate(hands):
        if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= ALL_CARDS:
            raise NotationError(f"hand mask {i} must be a 52-bit mask (0 <= m < 2**52)")
    for i in range(4):
        for j in range(i + 1, 4):
            both = hands[i] & hands[j]
            if both:
                card = Card(_cards(both)[0])
                raise NotationError(
                    f"{card} is in both {SEAT_LETTERS[i]}'s and {SEAT_LETTERS[j]}'s hands"
                )
    trick = list(trick)
    if len(trick) > 3:
        raise NotationError(f"a trick in progress has 0 to 3 cards, not {len(trick)}")
    seen: set[int] = set()
    for c in trick:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 51:
            raise NotationError(f"trick card {c!r} is out of range 0..51")
        if c in seen:
            raise NotationError(f"{Card(c)} is played twice in the trick")
        for h in range(4):
            if hands[h] >> c & 1:
                raise NotationError(
                    f"{Card(c)} is played to the trick but still in {SEAT_LETTERS[h]}'s hand"
                )
        seen.add(c)
    mover = (leader + len(trick)) % 4
    n = hands[mover].bit_count()
    if n < 1:
        raise NotationError(f"{SEAT_LETTERS[mover]} is to play but holds no cards")
    if n > 13:
        raise NotationError(f"{SEAT_LETTERS[mover]} holds {n} cards; a hand has at most 13")
    for i in range(4):
        seat = (leader + i) % 4
        want = n - 1 if i < len(trick) else n
        has = hands[seat].bit_count()
        if has != want:
            raise NotationError(
                f"{SEAT_LETTERS[seat]} holds {has} cards but should hold {want} "
                f"({SEAT_LETTERS[mover]}, to play, holds {n}; {len(trick)} card(s) "
                "already in the trick)"
            )
    if trick:
        led = trick[0] // 13
        for i in range(1, len(trick)):
            seat = (leader + i) % 4
            if trick[i] // 13 != led and hands[seat] >> (13 * led) & SUIT_MASK:
                raise NotationError(
                    f"{SEAT_LETTERS[seat]} played {Card(trick[i])} on the lead of "
                    f"{Card(trick[0])} while still holding a {SUIT_NAMES[led][:-1]} card (revoke)"
                )


class _Limit(Exception):
    """The node limit was hit."""


class _Solver:
    def __init__(self, hands: Sequence[int], trump: int, node_limit: int = 0) -> None:
        self.hands = list(hands)
        self.trump = trump
        self.memo: dict[tuple[int, ...], int] = {}  # (four hands, leader) -> tricks
        self.nodes_left = node_limit or -1  # -1: no limit

    def legal(self, seat: int, trick: list[int]) -> list[int]:
        """One card per run of equivalent cards (same hand, nothing between them)."""
        mask = self.hands[seat]
        if trick:
            led = trick[0] // 13
            follow = mask & (SUIT_MASK << (13 * led))
            if follow:
                mask = follow
        present = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for c in trick:
            present |= 1 << c
        out = []
        for c in sorted(_cards(mask), reverse=True):
            # skip c if the next higher card of its suit still in play is ours and kept
            higher = present >> (c + 1) & (SUIT_MASK >> (c % 13 + 1))
            if higher:
                nxt = c + 1 + ((higher & -higher).bit_length() - 1)
                if self.hands[seat] >> nxt & 1:
                    continue
            out.append(c)
        return out

    def winner(self, leader: int, trick: list[int]) -> int:
        best = 0
        for i in range(1, 4):
            c, b = trick[i], trick[best]
            if c // 13 == b // 13:
                if c > b:
                    best = i
            elif c // 13 == self.trump:
                best = i
        return (leader + best) % 4

    def from_lead(self, leader: int) -> int:
        """Tricks the leader's side takes from the start of a trick."""
        if not self.hands[leader]:
            return 0
        key = (*self.hands, leader)
        got = self.memo.get(key)
        if got is None:
            got = max(self.after(leader, [c]) for c in self.legal(leader, []))
            self.memo[key] = got
        return got

    def after(self, leader: int, trick: list[int]) -> int:
        """Tricks for the side of the player who played trick[-1], from that point on."""
        if self.nodes_left > 0:
            self.nodes_left -= 1
        elif self.nodes_left == 0:
            raise _Limit
        seat = (leader + len(trick) - 1) % 4
        card = trick[-1]
        self.hands[seat] ^= 1 << card
        try:
            if len(trick) == 4:
                w = self.winner(leader, trick)
                rest = self.from_lead(w)
                total = self.hands[w].bit_count()
                won = 1 + rest if w % 2 == seat % 2 else total - rest
                return won
            nxt = (seat + 1) % 4
            total = self.hands[nxt].bit_count()
            best = max(self.after(leader, [*trick, c]) for c in self.legal(nxt, trick))
            # best is for the next player's side, which is the other side
            return total - best
        finally:
            self.hands[seat] ^= 1 << card


def _expand(solver: _Solver, seat: int, trick: list[int], values: dict[int, int]) -> dict[int, int]:
    """Give every card of a run the value found for its representative."""
    mask = solver.hands[seat]
    if trick:
        follow = mask & (SUIT_MASK << (13 * (trick[0] // 13)))
        mask = follow or mask
    present = solver.hands[0] | solver.hands[1] | solver.hands[2] | solver.hands[3]
    for c in trick:
        present |= 1 << c
    out: dict[int, int] = {}
    for c in sorted(_cards(mask), reverse=True):
        if c in values:
            out[c] = values[c]
            continue
        higher = present >> (c + 1) & (SUIT_MASK >> (c % 13 + 1))
        nxt = c + 1 + ((higher & -higher).bit_length() - 1)
        out[c] = out[nxt]
    return out


def solve_moves_masks(
    hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), node_limit: int = 0
) -> dict[int, int] | None:
    """Every legal card of the player to move -> tricks for the mover's side from here;
    None when more than node_limit (> 0) nodes were needed."""
    trick = [int(c) for c in trick]
    validate_masks(hands, trump, leader, trick)
    solver = _Solver(hands, trump, node_limit)
    seat = (leader + len(trick)) % 4
    try:
        values = {c: solver.after(leader, [*trick, c]) for c in solver.legal(seat, trick)}
    except _Limit:
        return None
    return _expand(solver, seat, trick, values)


def solve_masks(hands: Sequence[int], trump: int, leader: int, node_limit: int = 0) -> int | None:
    """Tricks the leader's side takes from the start of a trick; None when the limit was hit."""
    validate_masks(hands, trump, leader)
    try:
        return _Solver(hands, trump, node_limit).from_lead(leader)
    except _Limit:
        return None
