"""bench/tips.py: the literal-tips reference bot plays legal cards and, unlike
the table's rules player, remembers no played cards."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import rules
from engine.ai.view import view_of
from engine.deal import Deal, DealRecord
from engine.seats import Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import tips  # noqa: E402


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_tips_plays_whole_hands_legally(seed: int) -> None:
    deal = Deal(DealRecord.deal(Seat(seed % 4), seed=seed))
    while not deal.is_over:
        card = tips.choose(view_of(deal.observation(deal.turn)))
        assert card in deal.legal_moves()
        deal.play(card)


def _obs(seat: str, hand: list[str], tricks: list[dict], trick: dict) -> dict:
    return {"seat": seat, "hand": hand, "dealer": "W", "trump": "S", "trump_card": None,
            "tricks": tricks, "trick": trick}


def test_tips_forgets_that_the_ace_has_gone() -> None:
    # East won the first trick with the heart ace; its king is now the master
    hand = ["HK", "H9", "H4", "S7", "S6", "S5", "D7", "D6", "D4", "C8", "C6", "C2"]
    view = view_of(_obs("E", hand, [{"leader": "N", "cards": ["H5", "HA", "H2", "H3"]}],
                        {"leader": "E", "cards": []}))
    assert str(rules.choose(view)) == "HK"  # rules counts the cards: cash the master
    assert str(tips.choose(view)) == "H4"  # tips sees a king without its ace: lead low


def test_tips_plays_third_hand_high_literally() -> None:
    hand = ["HK", "HQ", "H2", "S9", "S8", "S7", "S6", "D9", "D8", "D7", "C9", "C8", "C7"]
    view = view_of(_obs("S", hand, [], {"leader": "N", "cards": ["H5", "H7"]}))
    assert str(tips.choose(view)) == "HK"
    assert str(rules.choose(view)) == "HQ"  # the lower of equal cards
