"""A physical table's record for any game: the hand size where no hand is known, and
seats known to hold nothing (knocked out) sitting the hand out."""

from __future__ import annotations

import random

import pytest

from engine.actions import Play
from engine.cards import Card
from engine.deal import Deal, DealRecord
from engine.errors import RulesError
from engine.games import get_game
from engine.match import Match
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


@pytest.mark.parametrize("name", ["german", "scandinavian"])
def test_a_card_that_came_within_reach_later_proves_no_revoke(name):
    # German whist draws from the stock after a trick, a Scandinavian layout card is turned
    # when uncovered: showing out of a suit, then playing such a card of it, is no revoke.
    game = get_game(name)
    for seed in range(30):
        match = Match(game.default_rules(), game=game, seed=seed)
        deal = match.new_deal()
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        assert deal.revokes == [], seed


def test_a_german_revoke_with_a_card_held_at_the_show_out_is_still_proven():
    game = get_game("german")
    record = game.next_record(game.default_rules(), Seat(0), 0, "r")
    first, second = record.hands()
    leader = Seat(1)  # the non-dealer leads
    deal = Deal(record, game.default_rules(), game)
    lead = next(c for c in sorted(second) if any(x.suit == c.suit for x in first)
                and any(x.suit != c.suit for x in first))
    off = next(c for c in sorted(first) if c.suit != lead.suit)
    deal.apply(Play(leader, lead))
    with pytest.raises(RulesError):  # the engine refuses it where it knows the hand
        deal.apply(Play(Seat(0), off))
    physical = DealRecord(Seat(0), record.trump, None, record.trump_card, (None, second), None, record.piles,
                          None, 13)
    deal = Deal(physical, game.default_rules(), game)
    deal.apply(Play(leader, lead))
    deal.apply(Play(Seat(0), off))  # a person's card: the table cannot know
    same = next(c for c in sorted(first) if c.suit == lead.suit)
    while deal.turn != Seat(0):
        deal.apply(Play(deal.turn, next(iter(sorted(deal.hand(deal.turn))))))
    deal.apply(Play(Seat(0), same))
    assert [(r.seat, r.trick) for r in deal.revokes] == [(Seat(0), 1)]
