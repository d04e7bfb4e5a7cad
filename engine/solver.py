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
node count grows roughly with the work done (on the C core a node is about
0.1-0.3 microseconds). ``time_limit`` (seconds, 0 = none) stops a call the
same way once it has run that long by the clock: the node limit makes a move
reproducible, the time limit bounds its latency whatever the machine is
doing. The pure-Python backend honours neither (it is only used for small
positions). The text functions ``solve_moves``/``solve`` have no limit. The C core
releases the GIL while it searches; each concurrent call gets its own
transposition table from a small pool, so calls from several threads are
safe and values never depend on call history (the time a call takes does:
a context keeps its table between calls, whole while the same deal is being
solved). ``set_table_size(bytes)`` sets the table size of each context
(default 64 MiB; memory is fixed, never grown: when the table is full it
keeps the positions with the most tricks left and frees the rest) and
``clear_tables()`` empties the tables, so the next call's work depends on
nothing solved before.

Backends: the C extension ``engine._solver`` when it is built; otherwise the
pure-Python solver in engine.solver_py (exact but only practical for a few
tricks), with a warning logged once. Set the environment variable
``WHIST_PURE_SOLVER=1`` to force the pure-Python solver.

Bad input raises ``ValueError`` (``engine.errors.NotationError``) saying what
is wrong: malformed PBN, a card twice, hand sizes that do not fit the trick,
a card in the trick that is still in a hand or shows a revoke, a bad seat or
trump.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence

from engine import solver_py
from engine.cards import Card, parse_card, parse_strain
from engine.errors import NotationError
from engine.pbn import parse_hands
from engine.seats import Seat

log = logging.getLogger(__name__)

PURE_ENV = "WHIST_PURE_SOLVER"


def _load_backend():  # -> module with solve_moves_masks / solve_masks
    if os.environ.get(PURE_ENV, "").strip() not in ("", "0"):
        log.info("%s is set: using the pure-Python double-dummy solver", PURE_ENV)
        return solver_py, False
    try:
        from engine import _solver  # type: ignore[attr-defined]
    except ImportError:
        log.warning(
            "the C double-dummy solver (engine._solver) is not built: using the slow "
            "pure-Python solver; build it with 'python setup.py build_ext --inplace'"
        )
        return solver_py, False
    return _solver, True


_backend, HAVE_C = _load_backend()
BACKEND = "c" if HAVE_C else "python"


def set_table_size(nbytes: int) -> None:
    """Transposition table size per solver context, in bytes (C backend only)."""
    if HAVE_C:
        _backend.set_tt_bytes(int(nbytes))


def table_size() -> int:
    return int(_backend.get_tt_bytes()) if HAVE_C else 0


def _check_masks(hands: Sequence[int], trump: int, leader: int, trick: Sequence[int]) -> tuple:
    # Validate in Python first so both backends give the same precise messages.
    hands_t = tuple(hands) if not isinstance(hands, tuple) else hands
    trick_t = tuple(int(c) if isinstance(c, Card) else c for c in trick)
    solver_py.validate_masks(hands_t, trump, leader, trick_t)
    return hands_t, trick_t


def clear_tables() -> None:
    """Empty the C core's transposition tables (no-op on the Python backend)."""
    if HAVE_C:
        _backend.clear_tables()


def reserve_tables(n: int) -> int:
    """Have ``n`` solver contexts (one table each) ready for ``n`` threads solving
    at once, allocated now instead of inside the first concurrent solves.
    Returns how many are ready (0 on the Python backend)."""
    if not HAVE_C:
        return 0
    return int(_backend.reserve(int(n)))


def _check_limit(node_limit: int) -> int:
    if isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 0:
        raise NotationError(f"node_limit must be 0 (no limit) or a positive int, not {node_limit!r}")
    return node_limit


def _check_time(time_limit: float) -> float:
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not time_limit >= 0:
        raise NotationError(f"time_limit must be 0 (no limit) or a positive number of seconds, "
                            f"not {time_limit!r}")
    return float(time_limit)


def _limits(node_limit: int, time_limit: float) -> dict[str, int | float]:
    kw: dict[str, int | float] = {}
    if _check_limit(node_limit):
        kw["node_limit"] = node_limit
    if _check_time(time_limit) and HAVE_C:
        kw["time_limit"] = float(time_limit)
    return kw


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
    hands_t, trick_t = _check_masks(hands, trump, leader, trick)
    kw = _limits(node_limit, time_limit)
    if isinstance(guess, bool) or not isinstance(guess, int) or not -1 <= guess <= 13:
        raise NotationError(f"guess must be -1 (none) or 0..13 tricks, not {guess!r}")
    if isinstance(width, bool) or not isinstance(width, int) or not 0 <= width <= 13:
        raise NotationError(f"width must be 0 (exact) or 1..13 moves, not {width!r}")
    if guess >= 0 and HAVE_C:
        kw["guess"] = guess
    if width and HAVE_C:
        kw["width"] = width
    return _backend.solve_moves_masks(hands_t, trump, leader, trick_t, **kw)


def solve_masks(hands: Sequence[int], trump: int, leader: int, node_limit: int = 0,
                time_limit: float = 0.0) -> int | None:
    """Tricks the leader's side takes from the start of a trick; None when a limit was hit."""
    hands_t, _ = _check_masks(hands, trump, leader, ())
    return _backend.solve_masks(hands_t, trump, leader, **_limits(node_limit, time_limit))


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
        raise NotationError(f"{trump!r} is not a trump: use S, H, D, C or N (no trump)")
    return parse_strain(trump)


def _seat(leader: str) -> int:
    if not isinstance(leader, str | Seat):
        raise NotationError(f"{leader!r} is not a seat: use N, E, S or W")
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
