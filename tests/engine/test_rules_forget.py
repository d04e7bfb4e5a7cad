"""bench's weaker reference opponent, ``tips``, is the table's one textbook
player remembering no played cards (``rules.forget``): it plays legal cards,
and where memory matters it plays as if it had none."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.deal import Deal, DealRecord
from engine.search import rules
from engine.search.view import view_of
from engine.seats import Seat


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
def test_forgetful_textbook_player_plays_whole_hands_legally(seed: int) -> None:
    deal = Deal(DealRecord.deal(Seat(seed % 4), seed=seed))
    while not deal.is_over:
        turn = deal.turn
        assert turn is not None
        card = rules.choose(rules.forget(view_of(deal.observation(turn))))
        assert card in deal.legal_moves()
        deal.play(card)


def _obs(seat: str, hand: list[str], tricks: list[dict], trick: dict) -> dict:
    return {"seat": seat, "hand": hand, "dealer": "W", "trump": "S", "trump_card": None,
            "tricks": tricks, "trick": trick}


def test_forgetting_it_does_not_know_the_ace_has_gone() -> None:
    # East won the first trick with the heart ace; its king is now the master
    hand = ["HK", "H9", "H4", "S7", "S6", "S5", "D7", "D6", "D4", "C8", "C6", "C2"]
    view = view_of(_obs("E", hand, [{"leader": "N", "cards": ["H5", "HA", "H2", "H3"]}],
                        {"leader": "E", "cards": []}))
    assert str(rules.choose(view)) == "HK"  # counting the cards: cash the master
    assert str(rules.choose(rules.forget(view))) == "H4"  # a king without its ace: lead low


def test_forgetting_keeps_the_trick_on_the_table_and_the_cards_in_hand() -> None:
    hand = ["HK", "HQ", "H2", "S9", "S8", "S7", "S6", "D9", "D8", "D7", "C9", "C8", "C7"]
    view = view_of(_obs("S", hand, [], {"leader": "N", "cards": ["H5", "H7"]}))
    # third hand high, the lower of equal cards: both need no memory
    assert str(rules.choose(rules.forget(view))) == str(rules.choose(view)) == "HQ"
