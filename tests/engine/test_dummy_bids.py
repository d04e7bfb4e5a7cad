"""Dummy whist's hard and expert value their bids by the tricks the side expects (the
numbers from bench/dummy_bids.py); the textbook keeps its count."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Pass
from engine.cards import full_deck
from engine.deal import Deal
from engine.games import get_game
from engine.games.dummy import DummyRules, ai, rank
from engine.observation import Observation
from engine.seats import Seat

GAME = get_game("dummy")
RULES = DummyRules()
N, E, S = Seat(0), Seat(1), Seat(2)


def new_deal(seed: int, dealer: Seat = N) -> Deal:
    return Deal(GAME.next_record(RULES, dealer, 0, seed), RULES, GAME)


def test_a_contract_is_worth_more_the_more_the_side_expects_and_less_the_higher_the_bid():
    low, high = (ai.over_chances(ai.expected_over(c, "uptown"), "uptown") for c in (2.0, 6.0))
    assert abs(sum(low.values()) - 1) < 1e-9
    assert ai.bid_value(high, 1, RULES) > ai.bid_value(low, 1, RULES)
    assert ai.bid_value(high, 1, RULES) > ai.bid_value(high, 3, RULES) > ai.bid_value(high, 5, RULES)
    # losing the whole bid when set costs more than losing the tricks short
    assert ai.bid_value(high, 4, DummyRules(set_penalty="bid")) < ai.bid_value(high, 4, RULES)


def test_the_dealer_bids_the_least_of_its_type_and_the_others_keep_the_dealer_out():
    entered = kept_out = 0
    for seed in range(80):
        deal = new_deal(seed)
        obs = deal.observe(E)
        hard = ai.choose_bid(obs, "hard")
        if isinstance(hard, Bid):
            least = min(b.level or 0 for b in obs.legal if isinstance(b, Bid) and b.mode == hard.mode)
            kept_out += (hard.level or 0) > least
            entered += not isinstance(ai.choose_bid(obs), Bid)  # the textbook passes it
        deal.apply(Pass(E))
        deal.apply(Pass(S) if seed % 2 else Bid(S, level=1, mode="uptown"))
        obs = deal.observe(N)
        dealer = ai.choose_bid(obs, "hard")
        if isinstance(dealer, Bid):
            same = [b for b in obs.legal if isinstance(b, Bid) and b.mode == dealer.mode]
            assert dealer == min(same, key=lambda b: rank(b, RULES))
    assert entered >= 10  # hands the textbook passes are worth a contract
    assert kept_out >= 10


def test_a_hand_worth_nothing_passes_and_the_dealer_bids_when_it_must():
    deal = new_deal(5)
    # eldest's hand made the middle cards, low uptown and downtown: each suit's 6, 7 and 8 and a 9
    weak = Observation.from_json(deal.observe(E).to_json())
    middle = [c for c in full_deck() if c.rank in (6, 7, 8)] + [next(c for c in full_deck() if c.rank == 9)]
    weak = replace(weak, hand=tuple(sorted(middle)))
    assert ai.choose_bid(weak, "hard") == Pass(E)
    deal.apply(Pass(E))
    deal.apply(Pass(S))
    forced = ai.choose_bid(deal.observe(N), "hard")
    assert isinstance(forced, Bid) and forced.level == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 30), min_size=0, max_size=2))
def test_hard_always_bids_legally_and_the_dealer_always_bids_when_it_must(seed, picks):
    deal = new_deal(seed, Seat(seed % 3))
    for pick in picks:
        legal = deal.legal_actions()
        deal.apply(legal[pick % len(legal)])
    obs = deal.observe(deal.turn)
    for level in ("hard", "expert"):
        assert ai.choose_bid(obs, level) in obs.legal
