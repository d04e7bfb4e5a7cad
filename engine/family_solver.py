"""Exact trick solver for the whole whist family: any seats, any order, any side.

Beside the classic four-hand solver (engine.solver, which stays as it is for
the classic AI's speed), this one solves the positions of every game of the
family: 2 to 7 seats, hands of any size, the 54-card pack with Bid Whist's
jokers, uptown and downtown, and a side of any seats playing for the most or
the fewest tricks against all the others::

    solve_family(hands, order, leader, trick=(), side=None, *, maximise=True,
                 node_limit=0, time_limit=0.0) -> int | None
    solve_family_moves(hands, order, leader, trick=(), side=None, *, maximise=True,
                       node_limit=0, time_limit=0.0) -> dict[int, int] | None

- ``hands``: one card mask per seat, 2 to 7 seats, in seat order (the seat
  after seat ``i`` plays after it); bit ``i`` is ``engine.cards.Card`` int
  ``i``, 52 the little joker (LJ), 53 the big joker (BJ). Only the cards still
  held: the cards of the current trick are in ``trick``. At the start of a
  trick every seat holds the same number of cards; a seat that has played to
  the current trick holds one fewer.
- ``order``: an :class:`engine.order.Order`: trump 0..3 (S H D C) or 4 (no
  trump), uptown or downtown (ace high, or low with ``ace_low``), and what
  the jokers do (the two top trumps at a suit contract, no suit and never
  winning at no trump, a led joker fixing the suit or not by ``joker_lead``).
  The solver's rules are exactly Order's: the reference asks it for every
  legal card and trick winner, and the C core is tested against it.
- ``leader``: the seat that led the current trick (0 .. seats-1);
  ``trick``: the card ints played to it so far, in order (fewer than seats).
- ``side``: a bitmask of seats (bit ``s`` for seat ``s``) whose tricks are
  counted: a partnership (:func:`partners`: N and S are ``0b0101``), one
  player against all the others (Oh Hell, Knockout: ``1 << seat``, the
  others taken to play against it, "paranoid"), a soloist or a pair. None
  (the default) is the player to move alone.
- ``maximise``: True, the side plays for the most tricks and the others for
  the fewest; False, the reverse (misère, nullo, a low game: the side wants
  to lose tricks and the others to make it take them). The value is the
  side's tricks either way.
- ``node_limit`` (0 = none) and ``time_limit`` (seconds, 0 = none): a budget;
  the call returns None when it runs out. The pure-Python reference honours
  only the node limit.

``solve_family_at_least(..., k)`` asks only whether the side takes at least
``k`` tricks (True or False; None when a limit ran out): one null-window
search, much cheaper than the exact value when the answer is far from ``k``
(a par search asks it of every contract worth trying).

``solve_family`` returns the tricks the side takes from here on, the current
trick included, with best play by every seat. ``solve_family_moves`` returns,
for every legal card of the player to move (whoever that is, in the side or
not), the side's tricks after that card with best play after it: the mover
picks the largest if it plays for the side's most tricks, else the smallest.

Backends: the C core ``engine._family`` (engine/csrc/family.c: alpha-beta
with a transposition table per context, equivalent cards searched once, the
GIL released while it searches, safe from several threads) when it is built,
else the pure-Python reference :mod:`engine.family_solver_py` (exact, only
practical for a few tricks), with a warning logged once.
``WHIST_PURE_SOLVER=1`` forces the reference, as for engine.solver. A C
context keeps its table between calls with the same order, seats, side and
goal (the AI solving many layouts of one hand reuses it); values never
depend on what was solved before, and :func:`clear_tables` forgets it all.

Bad input raises ``NotationError`` (a hand, a trick or sizes that cannot be)
or ``ArgumentError`` (a seat, side, order or limit out of range), both
``ValueError`` and :class:`engine.errors.WhistError`, with the reason.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from engine import family_solver_py
from engine.backend import pick
from engine.cards import Card
from engine.errors import ArgumentError, NotationError
from engine.family_solver_py import card_of, cards_in
from engine.order import Order

try:
    from engine import _family
except ImportError:  # not built on this machine: the reference stands in
    _BUILT = False
else:
    _BUILT = True

log = logging.getLogger(__name__)

MIN_SEATS = 2
MAX_SEATS = 7
DECK_MASK = (1 << 54) - 1


def seats_mask(*seats: int) -> int:
    """The side made of ``seats``: ``seats_mask(0, 2)`` is N and S."""
    mask = 0
    for s in seats:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < MAX_SEATS:
            raise ArgumentError(f"seat {s!r} is out of range: seats are 0..{MAX_SEATS - 1}")
        mask |= 1 << s
    return mask


def partners(seat: int) -> int:
    """``seat`` and its partner across a four-seat table (N S, or E W)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ArgumentError(f"seat {seat!r} has no partner: partnerships are at four seats, 0..3")
    return seats_mask(seat, (seat + 2) % 4)


def _name(seat: int) -> str:
    return f"seat {seat}"


def check_position(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int] = (),
                   side: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The position as (hands, trick, side) once checked, or the error that says what is wrong."""
    if isinstance(hands, int | str | bytes):
        raise NotationError("hands must be a sequence of card masks, one per seat")
    hands_t = tuple(hands)
    seats = len(hands_t)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise NotationError(f"hands must hold one mask per seat, {MIN_SEATS} to {MAX_SEATS} seats, "
                            f"not {seats}")
    for i, m in enumerate(hands_t):
        if isinstance(m, bool) or not isinstance(m, int) or not 0 <= m <= DECK_MASK:
            raise NotationError(f"hand mask {i} must be a 54-bit mask (0 <= m < 2**54), not {m!r}")
    for i in range(seats):
        for j in range(i + 1, seats):
            both = hands_t[i] & hands_t[j]
            if both:
                raise NotationError(f"{card_of(cards_in(both)[0])} is in both {_name(i)}'s and "
                                    f"{_name(j)}'s hands")
    if not isinstance(order, Order):
        raise ArgumentError(f"order must be an engine.order.Order, not {type(order).__name__}")
    if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < seats:
        raise ArgumentError(f"leader {leader!r} is out of range: seats are 0..{seats - 1}")
    if isinstance(trick, int | str | bytes):
        raise NotationError("trick must be a sequence of card ints")
    trick_t = tuple(int(c) if isinstance(c, Card) else c for c in trick)
    if len(trick_t) >= seats:
        raise NotationError(f"a trick in progress at {seats} seats has 0 to {seats - 1} cards, "
                            f"not {len(trick_t)}")
    seen: set[int] = set()
    for c in trick_t:
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 53:
            raise NotationError(f"trick card {c!r} is out of range 0..53")
        if c in seen:
            raise NotationError(f"{card_of(c)} is played twice in the trick")
        for s, m in enumerate(hands_t):
            if m >> c & 1:
                raise NotationError(f"{card_of(c)} is played to the trick but still in {_name(s)}'s hand")
        seen.add(c)
    mover = (leader + len(trick_t)) % seats
    n = hands_t[mover].bit_count()
    if n < 1:
        raise NotationError(f"{_name(mover)} is to play but holds no cards")
    for i in range(seats):
        seat = (leader + i) % seats
        want = n - 1 if i < len(trick_t) else n
        has = hands_t[seat].bit_count()
        if has != want:
            raise NotationError(f"{_name(seat)} holds {has} cards but should hold {want} "
                                f"({_name(mover)}, to play, holds {n}; {len(trick_t)} card(s) "
                                "already in the trick)")
    for i in range(1, len(trick_t)):
        seat = (leader + i) % seats
        hand = [card_of(c) for c in cards_in(hands_t[seat])]
        led = order.must_follow(hand, [card_of(c) for c in trick_t[:i]], card_of(trick_t[i]))
        if led is not None:
            raise NotationError(f"{_name(seat)} played {card_of(trick_t[i])} to the trick while still "
                                f"holding a card of the suit led (revoke)")
    if side is None:
        side = 1 << mover
    if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < 1 << seats:
        raise ArgumentError(f"side {side!r} must be a bitmask of seats 0..{seats - 1} "
                            f"(0 <= side < {1 << seats})")
    return hands_t, trick_t, side


def _check_limits(maximise: bool, node_limit: int, time_limit: float) -> None:
    if not isinstance(maximise, bool):
        raise ArgumentError(f"maximise must be True or False, not {maximise!r}")
    if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 0:
        raise ArgumentError(f"node_limit must be 0 (no limit) or a positive int, not {node_limit!r}")
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not time_limit >= 0:
        raise ArgumentError(f"time_limit must be 0 (no limit) or a positive number of seconds, "
                            f"not {time_limit!r}")


def _order_code(order: Order) -> tuple[int, int, int, int]:
    if order.jack_high:
        raise ArgumentError("the family solver ranks the ace as the top trump: it cannot solve a "
                            "hand where the jack of trumps is above it")
    return order.trump, int(order.downtown), int(order.ace_low), int(order.joker_lead == "free")


class CFamilySolver:
    """The C core (engine._family): exact, quick, bounded by nodes or time."""

    limits = clock = counts = concurrent = True

    def solve_moves(self, hands: tuple[int, ...], order: Order, leader: int, trick: tuple[int, ...],
                    side: int, maximise: bool, node_limit: int, time_limit: float) -> dict[int, int] | None:
        return _family.solve_moves(hands, _order_code(order), leader, trick, side, maximise,
                                   node_limit, float(time_limit))

    def solve(self, hands: tuple[int, ...], order: Order, leader: int, trick: tuple[int, ...],
              side: int, maximise: bool, node_limit: int, time_limit: float) -> int | None:
        return _family.solve(hands, _order_code(order), leader, trick, side, maximise, node_limit,
                             float(time_limit))

    def at_least(self, hands: tuple[int, ...], order: Order, leader: int, trick: tuple[int, ...],
                 side: int, maximise: bool, k: int, node_limit: int, time_limit: float) -> bool | None:
        return _family.at_least(hands, _order_code(order), leader, trick, side, maximise, k, node_limit,
                                float(time_limit))

    def nodes(self) -> int:
        return _family.nodes()

    def clear_tables(self) -> None:
        _family.clear_tables()

    def set_table_size(self, nbytes: int) -> None:
        _family.set_tt_bytes(int(nbytes))

    def table_size(self) -> int:
        return _family.get_tt_bytes()


class PythonFamilySolver:
    """The pure-Python reference (engine.family_solver_py): exact, bounded by nodes only."""

    limits = True
    clock = counts = concurrent = False

    def solve_moves(self, hands: tuple[int, ...], order: Order, leader: int, trick: tuple[int, ...],
                    side: int, maximise: bool, node_limit: int, time_limit: float) -> dict[int, int] | None:
        return family_solver_py.solve_moves(hands, order, leader, trick, side, maximise, node_limit)

    def solve(self, hands: tuple[int, ...], order: Order, leader: int, trick: tuple[int, ...],
              side: int, maximise: bool, node_limit: int, time_limit: float) -> int | None:
        return family_solver_py.solve(hands, order, leader, trick, side, maximise, node_limit)

    def at_least(self, hands: tuple[int, ...], order: Order, leader: int, trick: tuple[int, ...],
                 side: int, maximise: bool, k: int, node_limit: int, time_limit: float) -> bool | None:
        value = family_solver_py.solve(hands, order, leader, trick, side, maximise, node_limit)
        return None if value is None else value >= k

    def nodes(self) -> int:
        return 0

    def clear_tables(self) -> None:
        pass  # it keeps nothing between calls


REFERENCE = PythonFamilySolver()
SOLVER: CFamilySolver | PythonFamilySolver = pick("family solver", "engine._family", _BUILT, CFamilySolver,
                                                  PythonFamilySolver, log)
HAVE_C = isinstance(SOLVER, CFamilySolver)
BACKEND = "c" if HAVE_C else "python"


def solve_family_moves(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int] = (),
                       side: int | None = None, *, maximise: bool = True, node_limit: int = 0,
                       time_limit: float = 0.0) -> dict[int, int] | None:
    """Card int -> the side's tricks from here (current trick included) after that card,
    for every legal card of the player to move; None when a limit ran out."""
    hands_t, trick_t, side_m = check_position(hands, order, leader, trick, side)
    _check_limits(maximise, node_limit, time_limit)
    return SOLVER.solve_moves(hands_t, order, leader, trick_t, side_m, maximise, node_limit, time_limit)


def solve_family(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int] = (),
                 side: int | None = None, *, maximise: bool = True, node_limit: int = 0,
                 time_limit: float = 0.0) -> int | None:
    """The side's tricks from here (current trick included) with best play by every seat;
    None when a limit ran out."""
    hands_t, trick_t, side_m = check_position(hands, order, leader, trick, side)
    _check_limits(maximise, node_limit, time_limit)
    return SOLVER.solve(hands_t, order, leader, trick_t, side_m, maximise, node_limit, time_limit)


def solve_family_at_least(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int] = (),
                          side: int | None = None, k: int = 1, *, maximise: bool = True,
                          node_limit: int = 0, time_limit: float = 0.0) -> bool | None:
    """Whether the side takes at least ``k`` tricks from here (current trick included)
    with best play by every seat; None when a limit ran out."""
    hands_t, trick_t, side_m = check_position(hands, order, leader, trick, side)
    _check_limits(maximise, node_limit, time_limit)
    if isinstance(k, bool) or not isinstance(k, int):
        raise ArgumentError(f"k must be a whole number of tricks, not {k!r}")
    return SOLVER.at_least(hands_t, order, leader, trick_t, side_m, maximise, k, node_limit, time_limit)


def reference_moves(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int] = (),
                    side: int | None = None, *, maximise: bool = True,
                    node_limit: int = 0) -> dict[int, int] | None:
    """``solve_family_moves`` by the pure-Python reference, whatever backend is in use
    (the tests and the bench compare the two)."""
    hands_t, trick_t, side_m = check_position(hands, order, leader, trick, side)
    _check_limits(maximise, node_limit, 0.0)
    return REFERENCE.solve_moves(hands_t, order, leader, trick_t, side_m, maximise, node_limit, 0.0)


def reference_value(hands: Sequence[int], order: Order, leader: int, trick: Sequence[int] = (),
                    side: int | None = None, *, maximise: bool = True, node_limit: int = 0) -> int | None:
    """``solve_family`` by the pure-Python reference, whatever backend is in use."""
    hands_t, trick_t, side_m = check_position(hands, order, leader, trick, side)
    _check_limits(maximise, node_limit, 0.0)
    return REFERENCE.solve(hands_t, order, leader, trick_t, side_m, maximise, node_limit, 0.0)


def nodes() -> int:
    """Search nodes the C core has visited in this process (0 on the reference)."""
    return SOLVER.nodes()


def clear_tables() -> None:
    """Forget every position the C core stored (no-op on the reference)."""
    SOLVER.clear_tables()


def set_table_size(nbytes: int) -> None:
    """Transposition table size of each C context, in bytes, at most (the table is a power
    of two of buckets); its pages are only used as searches fill them. No-op on the reference."""
    if isinstance(SOLVER, CFamilySolver):
        SOLVER.set_table_size(nbytes)


def table_size() -> int:
    """The C contexts' table size in bytes, at most (0 on the reference)."""
    return SOLVER.table_size() if isinstance(SOLVER, CFamilySolver) else 0


__all__ = [
    "card_of", "cards_in",
    "BACKEND", "HAVE_C", "MAX_SEATS", "MIN_SEATS", "check_position", "clear_tables", "nodes",
    "partners", "reference_moves", "reference_value", "seats_mask", "set_table_size", "solve_family",
    "solve_family_at_least", "solve_family_moves", "table_size",
]
