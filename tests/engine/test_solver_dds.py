"""The solver against DDS: its own test vectors (list100/list1000) and endplay on random positions.

Set WHIST_SLOW_TESTS=1 to check every deal of list100 for all three checks and a
larger list1000 sample; bench/dds_vectors.py checks all of list1000.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine import solver
from engine.cards import Card
from engine.ddsformat import fut_expected, parse_dds_vectors, random_position, trace_pairs

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "dds-hands"
SLOW = os.environ.get("WHIST_SLOW_TESTS") == "1"

pytestmark = pytest.mark.skipif(not solver.HAVE_C, reason="C solver not built")


def read_vectors(name: str) -> list[dict]:
    path = SHARED / name
    if not path.exists():
        pytest.skip(f"{path} not present (the shared folder sits beside the clone)")
    return parse_dds_vectors(path.read_text())


def check_fut(deal: dict) -> None:
    masks = solver.hands_to_masks(deal["pbn"])
    assert solver.solve_moves_masks(masks, deal["trump"], deal["first"]) == fut_expected(deal)


def check_table(deal: dict) -> None:
    masks = solver.hands_to_masks(deal["pbn"])
    got = []
    for strain in range(5):
        for declarer in range(4):
            got.append(13 - solver.solve_masks(masks, strain, (declarer + 1) % 4))
    assert got == deal["table"]


def check_trace(deal: dict) -> None:
    """Replay PLAY; after every card the declarer side's total must equal TRACE."""
    masks = solver.hands_to_masks(deal["pbn"])
    for what, expected, got in trace_pairs(deal, masks, solver.solve_moves_masks):
        assert got == expected, what


LIST100 = read_vectors("list100.txt") if (SHARED / "list100.txt").exists() else []
# Every deal's FUT; TRACE and TABLE on a fixed sample (all with WHIST_SLOW_TESTS=1)
# to keep the suite quick; bench/dds_vectors.py --file list100.txt checks them all.
TRACE_SAMPLE = range(100) if SLOW else range(0, 100, 5)
TABLE_SAMPLE = range(100) if SLOW else range(0, 100, 20)


@pytest.mark.parametrize("i", range(len(LIST100)))
def test_list100_fut_matches_dds(i):
    check_fut(LIST100[i])


@pytest.mark.parametrize("i", [i for i in TRACE_SAMPLE if i < len(LIST100)])
def test_list100_trace_matches_dds(i):
    check_trace(LIST100[i])


@pytest.mark.parametrize("i", [i for i in TABLE_SAMPLE if i < len(LIST100)])
def test_list100_table_matches_dds(i):
    check_table(LIST100[i])


def test_list1000_sample_matches_dds():
    deals = read_vectors("list1000.txt")
    rng = random.Random(2024)
    sample = rng.sample(range(len(deals)), 60 if SLOW else 4)
    for i in sample:
        check_fut(deals[i])
        check_trace(deals[i])


# --- random positions against DDS through endplay -----------------------------------


def dds_solve(pos) -> dict[int, int]:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    from engine.pbn import format_hands

    hands, trump, leader, trick = pos
    full = list(hands)
    for i, c in enumerate(trick):
        full[(leader + i) % 4] |= 1 << c
    deal = Deal(format_hands([[Card(c) for c in range(52) if m >> c & 1] for m in full]))
    deal.first = Player(leader)
    deal.trump = Denom(trump)
    for c in trick:
        deal.play(str(Card(c)))
    out = {}
    for card, score in solve_board(deal):
        out[int(card.suit) * 13 + int(card.rank.value).bit_length() - 3] = score
    return out


@pytest.mark.parametrize("seed", range(6))
def test_random_positions_match_dds_card_by_card(seed):
    pytest.importorskip("endplay")
    rng = random.Random(seed)
    for _ in range(50):
        pos = random_position(rng, rng.randint(1, 8))
        assert solver.solve_moves_masks(*pos) == dds_solve(pos), pos
