"""A physical table's record for any game: the hand size where no hand is known, and
seats known to hold nothing (knocked out) sitting the hand out."""

from __future__ import annotations

from engine.cards import Card
from engine.deal import Deal, DealRecord
from engine.games import get_game
from engine.seats import Seat


def test_a_record_with_no_hand_known_plays_its_size_and_round_trips():
    game = get_game("oh-hell", 5)
    record = DealRecord(Seat(0), 1, None, Card("H9"), (None,) * 5, None, (("stock", (Card("H9"),)),),
                        None, 3)
    deal = Deal(record, game.default_rules(), game)
    assert deal.tricks_per_hand == 3 and deal.trump_card_showing
    assert DealRecord.from_dict(record.to_dict()) == record
    assert "size" not in DealRecord.deal(Seat.N, seed=1).to_dict()  # stores keep their old form


def test_a_seat_known_to_hold_nothing_sits_the_hand_out():
    game = get_game("knockout", 4)
    known = (None, frozenset(), None, None)
    record = DealRecord(Seat(0), 4, None, None, known, None, (), Seat(2), 5)
    deal = Deal(record, game.default_rules(), game)
    assert deal.out == frozenset({Seat(1)})
