"""choose_action in classic whist's play is choose_card: the same card at every
level and seed, so a table or an arena moving to actions keeps every figure."""

from __future__ import annotations

import pytest

from engine import ai
from engine.actions import Play
from engine.deal import Deal, DealRecord
from engine.seats import Seat


@pytest.mark.parametrize("level, moves", [("random", 52), ("rules", 52), ("easy", 52), ("medium", 52),
                                          ("hard", 12), ("expert", 8)])
def test_every_level_plays_choose_cards_card(level: str, moves: int) -> None:
    deal = Deal(DealRecord.deal(Seat.E, seed=f"same-{level}"))
    for i in range(moves):
        seat = deal.turn
        assert seat is not None
        seed = f"s:{i % 3}"
        card = ai.choose_card(deal.observation(seat), level, seed, budget=None)
        action = ai.choose_action(deal.observe(seat), level, seed, budget=None)
        assert isinstance(action, Play) and action.seat == seat
        assert str(action.card) == card, (level, i)
        deal.apply(action)
