"""Bench-only reference bot: PIMC with 20 samples solved by DDS (through endplay).

It stands for the classic approach (GIB-style): the same uniform sampler as
the table's AI, each layout solved by Bo Haglund's DDS, the best average
card played. Never imported by the app: endplay is a test/bench dependency.
"""

from __future__ import annotations

from collections.abc import Sequence

from endplay.dds import solve_board
from endplay.types import Card as EpCard
from endplay.types import Deal as EpDeal
from endplay.types import Denom, Player

from engine.cards import RANKS, SUITS
from engine.search import pimc
from engine.search.levels import seed_for
from engine.search.view import view_of

SAMPLES = 20


def _hand_text(mask: int) -> str:
    groups = []
    for s in range(4):
        ranks = [RANKS[r] for r in range(12, -1, -1) if mask >> (s * 13 + r) & 1]
        groups.append("".join(ranks))
    return ".".join(groups)


class DdsSolver:
    """DDS as an engine.solver.Solver: exact, with no node or time limit, no estimate,
    one call at a time."""

    limits = counts = clock = narrow = guesses = concurrent = False

    def solve_moves_masks(self, hands: Sequence[int], trump: int, leader: int, trick: Sequence[int] = (), *,
                          node_limit: int = 0, time_limit: float = 0.0, guess: int = -1,
                          width: int = 0) -> dict[int, int]:
        return dds_solve_masks((hands[0], hands[1], hands[2], hands[3]), trump, leader, tuple(trick))

    def nodes(self) -> int:
        return 0

    def clear_tables(self) -> None:
        pass

    def reserve_tables(self, n: int) -> int:
        return 0


def dds_solve_masks(hands: tuple[int, int, int, int], trump: int, leader: int,
                    trick: tuple[int, ...] = ()) -> dict[int, int]:
    """Same contract as engine.solver.solve_moves_masks, answered by DDS."""
    full = list(hands)
    for i, c in enumerate(trick):
        full[(leader + i) % 4] |= 1 << c
    pbn = "N:" + " ".join(_hand_text(m) for m in full)
    deal = EpDeal(pbn, first=Player(leader), trump=Denom(trump))
    for c in trick:
        deal.play(EpCard(SUITS[c // 13] + RANKS[c % 13]))
    out: dict[int, int] = {}
    for card, tricks in solve_board(deal):
        rank = int(card.rank).bit_length() - 1  # endplay ranks are bit flags 1 << rank
        out[int(card.suit) * 13 + rank - 2] = tricks
    return out


SEARCHER = pimc.Searcher(DdsSolver())


def choose_card(observation: dict[str, object], seed: int | None = None) -> str:
    view = view_of(observation)
    # a generator of its own for every move, as the table's levels have: one stream
    # shared by the whole hand would draw nearly the same layouts move after move
    rng = seed_for(observation, seed)
    cfg = pimc.Search(samples=SAMPLES, min_samples=SAMPLES, budget=None, prior=0.0)
    return str(SEARCHER.search(view, rng, cfg).card)
