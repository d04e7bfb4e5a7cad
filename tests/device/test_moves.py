"""The table's AI seats play the search the benchmarks measure (device.moves)."""

from __future__ import annotations

import pytest

from device.moves import choose_card_fixed
from engine.ai import choose_card
from engine.cards import Card
from engine.deal import Deal, DealRecord
from engine.seats import Seat


def _positions():
    """A position with 13, 11, 9 and 7 cards in the hand to play."""
    deal = Deal(DealRecord.deal(Seat.N, seed="table-moves"))
    for held in (13, 11, 9, 7):
        while len(deal.hand(deal.turn) or ()) > held or deal.current.cards:
            deal.play(min(deal.legal_moves(), key=Card.__int__))
        yield deal.observation(deal.turn)


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_tables_ai_is_the_measured_search_at_every_stage(level: str) -> None:
    # bench/arena.py --budget 0 measures choose_card(..., budget=None); a seat at
    # the table must play exactly that card, from the first trick on, not a
    # lighter search that makes fewer tricks (it once drew 2 layouts early on).
    for i, obs in enumerate(_positions()):
        seed = f"table-{i}"
        assert choose_card_fixed(obs, level, seed) == choose_card(obs, level, seed, budget=None)


def test_the_same_position_and_seed_give_the_same_card_every_time() -> None:
    for i, obs in enumerate(_positions()):
        first = choose_card_fixed(obs, "hard", f"seed-{i}")
        assert all(choose_card_fixed(obs, "hard", f"seed-{i}") == first for _ in range(2))


def test_the_hint_button_gives_the_same_answer_on_every_press() -> None:
    from device.app import ai_worker

    for obs in _positions():
        first = ai_worker.hint(obs)
        assert first["values"]  # every legal card's expected tricks
        assert ai_worker.hint(obs) == first
