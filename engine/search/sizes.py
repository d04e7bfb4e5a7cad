"""The AI's memory and threads sized to the board it runs on.

The device reads the board (its cores and memory: device/machine.py) and the
config's ``[ai] memory``; :func:`sizes` turns them into the number of threads a
timed move solves on and the size of each solver table, and :func:`use` hands
them to the solvers. The solver tables together stay within the memory given
them: one classic table per solving thread (engine.solver), and the family
solver's (engine.family_solver) the same size each. A table's pages are only
used as its searches fill them, so a game that never calls a solver holds
nothing of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import family_solver, solver
from engine.errors import ArgumentError
from engine.search import pimc

MIB = 1 << 20
# Below this a table slows a full deal's exact solve (the review, analyse): bench/RESULTS.md.
SMALLEST_TABLE = 8 * MIB
# The solver tables together take at most this share of the board's memory (a Pi Zero 2 W:
# 32 MiB of its 512 MB, beside the OS, the display and the app) ...
SHARE = 16
# ... and no more than this on any board: more bought no move time or strength.
MOST = 96 * MIB


@dataclass(frozen=True)
class Board:
    """What the device found: the cores this process may run on and the board's memory."""

    cores: int
    memory: int  # bytes


@dataclass(frozen=True)
class Sizes:
    """How the AI uses the board."""

    threads: int  # layouts a timed move solves at once
    table: int  # bytes of each classic solver table (one per solving thread)
    family: int  # bytes of each family solver table

    @property
    def tables(self) -> int:
        """Bytes the classic tables of every solving thread take, at most."""
        return self.threads * self.table


def tables_memory(board: Board) -> int:
    """Bytes the solver tables may take on ``board`` when the config does not say."""
    return max(2 * SMALLEST_TABLE, min(MOST, board.memory // SHARE // MIB * MIB))


def sizes(board: Board, memory: int = 0) -> Sizes:
    """Threads and table sizes for ``board``; ``memory``: the bytes the config's
    ``[ai] memory`` gives the tables (0: sized from the board). A thread solves only
    with a table of its own, so where the memory holds fewer tables of
    SMALLEST_TABLE than the board has solving cores, fewer threads solve."""
    if board.cores < 1 or board.memory < 1:
        raise ArgumentError(f"a board has at least one core and some memory, not {board}")
    if memory < 0:
        raise ArgumentError(f"the memory for the solver tables is 0 (from the board) or more bytes, "
                            f"not {memory}")
    total = memory or tables_memory(board)
    threads = max(1, min(pimc.threads_for(board.cores), total // SMALLEST_TABLE))
    table = total // threads
    return Sizes(threads, table, table)


def use(chosen: Sizes) -> None:
    """Size the solvers' tables and the AI's threads (before the AI's first move: a
    table made at the old size is freed, not kept)."""
    solver.set_table_size(chosen.table)
    family_solver.set_table_size(chosen.family)
    pimc.set_threads(chosen.threads)
