"""The AI sized to the board: solver tables within the memory given them, threads
following the cores but never more than the memory holds tables for, and a table's
memory used only as its searches fill it."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import family_solver, solver
from engine.errors import ArgumentError
from engine.search import pimc
from engine.search.sizes import MIB, MOST, SMALLEST_TABLE, Board, Sizes, sizes, tables_memory, use

ZERO_2W = Board(4, 512 * MIB)
PI4_1GB = Board(4, 1024 * MIB)
PI4_4GB = Board(4, 4096 * MIB)


def test_a_pi_zero_2w_gives_the_tables_32_mib_on_its_three_solving_threads() -> None:
    chosen = sizes(ZERO_2W)
    assert chosen.threads == 3  # four cores, one left to the screen
    assert chosen.tables <= 32 * MIB and chosen.table >= SMALLEST_TABLE


def test_bigger_boards_get_bigger_tables_up_to_a_ceiling() -> None:
    assert tables_memory(ZERO_2W) < tables_memory(PI4_1GB) < tables_memory(PI4_4GB) == MOST


def test_the_config_memory_replaces_the_boards_share() -> None:
    assert sizes(PI4_4GB, 24 * MIB) == Sizes(threads=3, table=8 * MIB, family=8 * MIB)


def test_too_little_memory_for_a_table_a_core_solves_on_fewer_threads() -> None:
    assert sizes(PI4_4GB, 16 * MIB).threads == 2
    assert sizes(PI4_4GB, 1 * MIB).threads == 1


@given(cores=st.integers(1, 64), board_mb=st.integers(64, 65536), config_mb=st.integers(0, 4096))
def test_the_tables_never_take_more_than_given_and_every_thread_has_one(cores: int, board_mb: int,
                                                                       config_mb: int) -> None:
    board = Board(cores, board_mb * MIB)
    chosen = sizes(board, config_mb * MIB)
    given_bytes = config_mb * MIB or tables_memory(board)
    assert 1 <= chosen.threads <= pimc.threads_for(cores)
    assert chosen.tables <= given_bytes
    assert chosen.threads == 1 or chosen.table >= SMALLEST_TABLE


def test_a_board_without_cores_or_a_negative_memory_is_refused() -> None:
    with pytest.raises(ArgumentError, match="at least one core"):
        sizes(Board(0, 512 * MIB))
    with pytest.raises(ArgumentError, match="0 \\(from the board\\)"):
        sizes(ZERO_2W, -1)


@pytest.fixture
def restore_sizes():
    table, family, kept = solver.table_size(), family_solver.table_size(), list(pimc._THREADS)
    yield
    solver.set_table_size(table)
    family_solver.set_table_size(family)
    pimc._THREADS[:] = kept


@pytest.mark.skipif(not (solver.HAVE_C and family_solver.HAVE_C), reason="C solvers not built")
def test_use_hands_the_sizes_to_both_solvers_and_the_search(restore_sizes) -> None:
    use(Sizes(threads=2, table=12 * MIB, family=10 * MIB))
    assert solver.table_size() == 12 * MIB
    assert family_solver.table_size() == 10 * MIB
    assert pimc.threads() == 2


def resident() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not solver.HAVE_C or not Path("/proc/self/status").exists(),
                    reason="C solver not built, or not Linux")
def test_tables_made_ready_hold_no_memory_until_a_search_uses_them(restore_sizes) -> None:
    solver.set_table_size(64 * MIB)
    before = resident()
    assert solver.reserve_tables(4) == 4
    assert resident() - before < 8 * MIB  # four 64 MiB tables made ready, almost nothing touched
    hands = (0x1F, 0x1F << 13, 0x1F << 26, 0x1F << 39)  # five cards each, a suit each
    assert solver.solve_masks(hands, 4, 0) == 5  # and they solve exactly


@pytest.mark.skipif(not (solver.HAVE_C and family_solver.HAVE_C), reason="C solvers not built")
def test_a_table_size_out_of_range_is_refused_by_both_solvers(restore_sizes) -> None:
    for set_size in (solver.set_table_size, family_solver.set_table_size):
        with pytest.raises(ValueError, match="64 KiB .. 16 GiB"):
            set_size(1000)
