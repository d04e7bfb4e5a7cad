"""Exact double-dummy evaluator: how many tricks each card is worth with best play.

Text API (the contract in DESIGN.md)::

    solve_moves(hands, trump, leader, trick=()) -> {"SA": 7, "S2": 6, ...}
    solve(hands, trump, leader) -> 7

``hands`` is PBN of the cards still held (``"N:<n> <e> <s> <w>"``), without
the cards of the current trick; ``leader`` the seat that led the current
trick; ``trick`` the cards already played to it, in order. ``solve_moves``
returns, for every legal card of the player to move, the most tricks the
mover's side can take from here on, the current trick included.

Fast API for the AI (no text parsing; it may call it thousands of times)::

    solve_moves_masks(hands, trump, leader, trick=(), node_limit=0, time_limit=0.0)
        -> {card_int: tricks} | None
    solve_masks(hands, trump, leader, node_limit=0, time_limit=0.0) -> tricks | None

``hands`` is a tuple of four 52-bit masks in N, E, S, W order (bit ``i`` is
``Card(i)`` from engine.cards), ``trump`` 0..4 (S H D C, 4 = no trump),
``leader`` 0..3 (N E S W) and ``trick`` a tuple of card ints.

A hard time budget for the AI: both mask functions take ``node_limit`` (a
keyword, 0 = unlimited, the default). When the search visits more than that
many nodes it stops at once and the call returns None instead of a value; a
stopped search stores only what it proved, so later calls stay exact. The
node count grows roughly with the work done. ``time_limit`` (seconds, 0 = none) stops a call the
same way once it has run that long by the clock: the node limit makes a move
reproducible, the time limit bounds its latency whatever the machine is
doing. The pure-Python backend honours only the node limit (it is only used
for small positions). The text functions ``solve_moves``/``solve`` have no limit. The C core
releases the GIL while it searches; each concurrent call gets its own
transposition table from a small pool, so calls from several threads are
safe and values never depend on call history (the time a call takes does:
a context keeps its table between calls, whole while the same deal is being
solved). ``set_table_size(bytes)`` sets the table size of each context
(default 64 MiB; engine.search.sizes sizes it to the board; its pages are used
only as searches fill them, and never more than the size: when the table is
full it keeps the positions with the most tricks left and frees the rest) and
``clear_tables()`` empties the tables, so the next call's work depends on
nothing solved before.

Backends: the C extension ``engine._solver`` when it is built; otherwise the
pure-Python solver in engine.solver_py (exact but only practical for a few
tricks), with a warning logged once. Set the environment variable
``WHIST_PURE_SOLVER=1`` to force the pure-Python solver.

Bad input raises ``ValueError`` saying what is wrong: ``NotationError`` for
malformed PBN, a card twice, hand sizes that do not fit the trick, a card in
the trick that is still in a hand or shows a revoke; ``ArgumentError`` for a
bad seat, trump or limit (both are ``engine.errors.WhistError``).

The AI searches through a :class:`Solver` (the C core or the pure-Python
reference, chosen once when this module is imported), whose attributes say
what it can do.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from engine import solver_py
from engine.backend import pick
from engine.cards import Card, parse_card, parse_strain
from engine.errors import ArgumentError, NotationError
from engine.pbn import parse_hands
from engine.seats import Seat

try:
    from engine import _solver
except ImportError:  # the one place the extension may be missing: not built on this machine
    _BUILT = False
else:
    _BUILT = True

log = logging.getLogger(__name__)

Hands = tuple[int, int, int, int]


class Solver(Protocol):
    """A double-dummy evaluator as the AI's search uses it (engine.search.pimc).

    What it can do is stated by its attributes, never probed by calling it: a
    solver that cannot honour ``node_limit`` says so, and the search gives it
    none. The C core does all of it; the pure-Python reference only the node
    limit; a stand-in in a test or DDS in the bench says what it does."""

    limits: bool  # honours node_limit: returns None when the nodes run out
    counts: bool  # nodes() counts the nodes it visits: a move's work can be measured and timed
    clock: bool  # honours time_limit (seconds): returns None when the time runs out
    narrow: bool  # honours width: an estimate many times sooner than an exact value
    guesses: bool  # uses guess, the caller's estimate of the best value, to save searches
    concurrent: bool  # several threads may solve at once, each getting a table of its own

    def solve_moves_masks(self, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), *,
                          node_limit: int = 0, time_limit: float = 0.0, guess: int = -1,
                          width: int = 0) -> dict[int, int] | None:
        """Card int -> tricks for the mover's side, for every legal card of the player to move;
        None when a limit it honours was hit."""
        ...

    def nodes(self) -> int:
        """Search nodes visited so far by this process (0 when it does not count them)."""
        ...

    def clear_tables(self) -> None:
        """Forget every position stored, so the next solve's work depends on nothing before it."""
        ...

    def reserve_tables(self, n: int) -> int:
        """Have ``n`` tables ready for ``n`` threads solving at once; how many are ready."""
        ...


def _check_masks(hands: Sequence[int], trump: int, leader: int,
                 trick: Sequence[int]) -> tuple[Hands, tuple[int, ...]]:
    # Validate in Python first so both backends give the same precise messages.
    hands = tuple(hands)
    if len(hands) != 4:
        raise NotationError(f"hands must hold 4 masks (N, E, S, W), not {len(hands)}")
    hands_t = (hands[0], hands[1], hands[2], hands[3])
    trick_t = tuple(int(c) if isinstance(c, Card) else c for c in trick)
    solver_py.validate_masks(hands_t, trump, leader, trick_t)
    return hands_t, trick_t


def _check_limit(node_limit: int) -> int:
    if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 0:
        raise ArgumentError(f"node_limit must be 0 (no limit) or a positive int, not {node_limit!r}")
    return node_limit


def _check_time(time_limit: float) -> float:
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not time_limit >= 0:
        raise ArgumentError(f"time_limit must be 0 (no limit) or a positive number of seconds, "
                            f"not {time_limit!r}")
    return float(time_limit)


def _check_guess(guess: int) -> int:
    if isinstance(guess, bool) or not isinstance(guess, int) or not -1 <= guess <= 13:
        raise ArgumentError(f"guess must be -1 (none) or 0..13 tricks, not {guess!r}")
    return guess


def _check_width(width: int) -> int:
    if isinstance(width, bool) or not isinstance(width, int) or not 0 <= width <= 13:
        raise ArgumentError(f"width must be 0 (exact) or 1..13 moves, not {width!r}")
    return width


class CSolver:
    """The C core (engine._solver): exact, quick, bounded by nodes or time, one table
    per thread, the GIL released while it searches."""

    limits = counts = clock = narrow = guesses = concurrent = True

    def solve_moves_masks(self, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), *,
                          node_limit: int = 0, time_limit: float = 0.0, guess: int = -1,
                          width: int = 0) -> dict[int, int] | None:
        hands_t, trick_t = _check_masks(hands, trump, leader, trick)
        return _solver.solve_moves_masks(hands_t, trump, leader, trick_t,
                                           node_limit=_check_limit(node_limit),
                                           time_limit=_check_time(time_limit), guess=_check_guess(guess),
                                           width=_check_width(width))

    def solve_masks(self, hands: Sequence[int], trump: int, leader: int, *, node_limit: int = 0,
                    time_limit: float = 0.0) -> int | None:
        hands_t, _ = _check_masks(hands, trump, leader, ())
        return _solver.solve_masks(hands_t, trump, leader, node_limit=_check_limit(node_limit),
                                      time_limit=_check_time(time_limit))

    def nodes(self) -> int:
        return _solver.nodes()

    def clear_tables(self) -> None:
        _solver.clear_tables()

    def reserve_tables(self, n: int) -> int:
        return _solver.reserve(int(n))

    def set_table_size(self, nbytes: int) -> None:
        _solver.set_tt_bytes(int(nbytes))

    def table_size(self) -> int:
        return _solver.get_tt_bytes()

    def deal_layouts(self, plan: bytes, base: list[int], suit_cards: list[int], others: list[int],
                     needs: tuple[int, ...], n: int, seed: int) -> list[Hands]:
        """``n`` uniform layouts of the unseen cards, dealt by the C core (engine.search.sampling)."""
        return _solver.deal_layouts(plan, base, suit_cards, others, needs, n, seed)


class PythonSolver:
    """The pure-Python reference (engine.solver_py): exact, bounded by nodes only,
    practical for a few tricks. It takes the same arguments as the C core and
    states which it ignores (time_limit, guess, width)."""

    limits = True
    counts = clock = narrow = guesses = concurrent = False

    def solve_moves_masks(self, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), *,
                          node_limit: int = 0, time_limit: float = 0.0, guess: int = -1,
                          width: int = 0) -> dict[int, int] | None:
        hands_t, trick_t = _check_masks(hands, trump, leader, trick)
        _check_time(time_limit), _check_guess(guess), _check_width(width)
        return solver_py.solve_moves_masks(hands_t, trump, leader, trick_t,
                                           node_limit=_check_limit(node_limit))

    def solve_masks(self, hands: Sequence[int], trump: int, leader: int, *, node_limit: int = 0,
                    time_limit: float = 0.0) -> int | None:
        hands_t, _ = _check_masks(hands, trump, leader, ())
        _check_time(time_limit)
        return solver_py.solve_masks(hands_t, trump, leader, node_limit=_check_limit(node_limit))

    def nodes(self) -> int:
        return 0

    def clear_tables(self) -> None:
        pass  # it keeps nothing between calls

    def reserve_tables(self, n: int) -> int:
        return 0


SOLVER: CSolver | PythonSolver = pick("double-dummy solver", "engine._solver", _BUILT, CSolver, PythonSolver,
                                      log)
HAVE_C = isinstance(SOLVER, CSolver)
BACKEND = "c" if HAVE_C else "python"


def default_solver() -> Solver:
    """The solver this process uses: the C core when it is built (and WHIST_PURE_SOLVER is not set)."""
    return SOLVER


def set_table_size(nbytes: int) -> None:
    """Transposition table size per solver context, in bytes (C backend only)."""
    if isinstance(SOLVER, CSolver):
        SOLVER.set_table_size(nbytes)


def table_size() -> int:
    return SOLVER.table_size() if isinstance(SOLVER, CSolver) else 0


def clear_tables() -> None:
    """Empty the C core's transposition tables (no-op on the Python backend)."""
    SOLVER.clear_tables()


def reserve_tables(n: int) -> int:
    """Have ``n`` solver contexts (one table each) ready for ``n`` threads solving
    at once, allocated now instead of inside the first concurrent solves.
    Returns how many are ready (0 on the Python backend)."""
    return SOLVER.reserve_tables(n)


def solve_moves_masks(
    hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), node_limit: int = 0,
    time_limit: float = 0.0, guess: int = -1, width: int = 0,
) -> dict[int, int] | None:
    """Card int -> tricks for the mover's side, for every legal card of the player to move.

    None when ``node_limit`` (> 0) search nodes or ``time_limit`` (> 0) seconds were not enough.
    ``guess``: the caller's estimate of the best card's value (-1: none); a close one saves
    searches, the answer never depends on it.
    ``width`` (> 0): an estimate instead of the exact values, many times sooner: below the
    card being valued, only the first ``width`` moves of each position (in the solver's
    order) are searched. 0 (the default) is exact; the pure-Python fallback is always exact."""
    return SOLVER.solve_moves_masks(hands, trump, leader, trick, node_limit=node_limit,
                                    time_limit=time_limit, guess=guess, width=width)


def solve_masks(hands: Sequence[int], trump: int, leader: int, node_limit: int = 0,
                time_limit: float = 0.0) -> int | None:
    """Tricks the leader's side takes from the start of a trick; None when a limit was hit."""
    return SOLVER.solve_masks(hands, trump, leader, node_limit=node_limit, time_limit=time_limit)


def hands_to_masks(hands: str) -> tuple[int, int, int, int]:
    """PBN (cards still held) to four masks in N, E, S, W order."""
    parsed = parse_hands(hands)
    masks = [0, 0, 0, 0]
    for seat, cards in enumerate(parsed):
        for c in cards:
            masks[seat] |= 1 << int(c)
    return masks[0], masks[1], masks[2], masks[3]


def _trump(trump: str) -> int:
    if not isinstance(trump, str):
        raise ArgumentError(f"{trump!r} is not a trump: use S, H, D, C or N (no trump)")
    return parse_strain(trump)


def _seat(leader: str) -> int:
    if not isinstance(leader, str | Seat):
        raise ArgumentError(f"{leader!r} is not a seat: use N, E, S or W")
    return int(Seat.parse(leader))


def _trick(trick: Sequence[str]) -> tuple[int, ...]:
    if isinstance(trick, str):
        trick = trick.replace(",", " ").split()
    return tuple(int(parse_card(c)) for c in trick)


def solve_moves(
    hands: str, trump: str, leader: str, trick: Sequence[str] = ()
) -> dict[str, int]:
    """For every legal card of the player to move: tricks the mover's side takes from here."""
    masks = hands_to_masks(hands)
    values = solve_moves_masks(masks, _trump(trump), _seat(leader), _trick(trick))
    assert values is not None  # no node limit
    return {str(Card(c)): v for c, v in sorted(values.items(), key=lambda kv: -kv[1] * 64 + kv[0])}


def solve(hands: str, trump: str, leader: str) -> int:
    """Tricks the leader's side takes from a position at the start of a trick."""
    value = solve_masks(hands_to_masks(hands), _trump(trump), _seat(leader))
    assert value is not None  # no node limit
    return value


def dd_table(hands: str) -> dict[str, dict[str, int]]:
    """DDS-style table: strain -> declarer seat -> tricks for the declarer, the
    opening lead made by the declarer's left-hand opponent (all 52 cards)."""
    masks = hands_to_masks(hands)
    table: dict[str, dict[str, int]] = {}
    for strain, letter in enumerate("SHDCN"):
        row = {}
        for decl in range(4):
            lead = (decl + 1) % 4
            total = masks[lead].bit_count()
            value = solve_masks(masks, strain, lead)
            assert value is not None  # no node limit
            row["NESW"[decl]] = total - value
        table[letter] = row
    return table
