"""The board this runs on, read once, and the AI sized to it (engine.search.sizes).

The engine reads nothing of the machine: the cores and memory are read here
and passed in, with the config's ``[ai] memory`` (megabytes for the solver
tables, 0 to size them from the board).
"""

from __future__ import annotations

import logging
import os

from engine.search.sizes import MIB, Board, Sizes, sizes, use

log = logging.getLogger(__name__)


def board() -> Board:
    """The cores this process may run on and the board's memory."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return Board(cores, os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))


def size_ai(memory_mb: int = 0) -> Sizes:
    """Size the AI's solver tables and threads to this board (``memory_mb``: the
    config's ``[ai] memory``, 0 for the board's default) before its first move."""
    here = board()
    chosen = sizes(here, memory_mb * MIB)
    use(chosen)
    log.info("AI sized to %d cores and %d MB: %d solving threads, tables of %d MiB",
             here.cores, here.memory // 1_000_000, chosen.threads, chosen.table // MIB)
    return chosen
