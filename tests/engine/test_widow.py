"""Widow whist (rules-variants.md section 7a): the widow dealt first, trumps,
taking the widow in turn and keeping one hand whole, the chain, par scoring
and its example, the 12-deal match; its player."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Exchange, Pass, Play
from engine.ai.family import choose_action
from engine.deal import Deal
from engine.errors import RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.widow import WidowRules
from engine.match import Match
from engine.order import NO_TRUMP
from engine.seats import Seat
from engine.shuffle import shuffled_pack

WIDOW = get_game("widow")
RULES = WidowRules()
P0, P1, P2 = Seat(0), Seat(1), Seat(2)


def new_deal(seed: int = 1, dealer: Seat = P0, rules: WidowRules = RULES) -> Deal:
    return Deal(WIDOW.next_record(rules, dealer, 0, seed), rules, WIDOW)


def test_four_hands_one_at_a_time_the_widow_first_and_the_dealers_13th_card_for_trumps():
    deal = new_deal(4, P2)
    pack = shuffled_pack(4)
    widow = deal.record.pile("widow")
    assert widow[0] == pack[0] and len(widow) == 13 and pack[4] in widow
    hands = deal.record.hands()
    assert pack[1] in hands[P0] and pack[2] in hands[P1] and pack[3] in hands[P2]  # eldest is P0
    assert deal.record.trump_card == pack[51] and pack[51] in hands[P2] and deal.trump == pack[51].suit
    assert new_deal(4, P2, WidowRules(trumps="fixed(H)")).trump == 1
    assert new_deal(4, P2, WidowRules(trumps="none")).trump == NO_TRUMP


def test_eldest_then_the_next_then_the_dealer_may_take_and_the_taker_keeps_one_hand_whole():
    deal = new_deal(2, P0)
    assert deal.phase == Phase.AUCTION and deal.turn == P1
    deal.apply(Pass(P1))
    deal.apply(Bid(P2, call="take"))
    assert deal.phase == Phase.EXCHANGE and deal.turn == P2
    obs = deal.observe(P2)
    widow = set(deal.record.pile("widow"))
    assert len(obs.hand) == 26 and widow <= set(obs.hand)  # the widow seen
    own = set(deal.record.hands()[P2] or ())
    offered = {frozenset(a.discard) for a in obs.legal if isinstance(a, Exchange)}
    assert offered == {frozenset(widow), frozenset(own)}
    mixed = tuple(sorted(widow))[:12] + (min(own),)
    with pytest.raises(RulesError, match="keep one hand whole"):
        deal.apply(Exchange(P2, mixed))
    deal.apply(Exchange(P2, tuple(sorted(own))))
    assert deal.hand(P2) == widow and deal.phase == Phase.PLAY and deal.turn == P1  # eldest leads
    assert deal.observe(P2).piles == {"dead": tuple(sorted(own))}
    assert deal.observe(P0).piles == {}


def test_nobody_takes_the_widow_lies_dead_and_everyone_has_par_three():
    deal = new_deal(3, P0)
    for seat in (P1, P2, P0):
        deal.apply(Pass(seat))
    assert deal.phase == Phase.PLAY and deal.contract is not None and deal.contract.declarer is None
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    assert len(deal.tricks) == 13 and all(len(t.cards) == 3 for t in deal.tricks)
    score = WIDOW.score_hand(deal, (0, 0, 0), RULES, 1, None)
    assert score.points == tuple(t - 3 for t in deal.taken)


def test_the_chain_offers_the_rejected_hand_to_the_players_after_the_taker_unseen():
    rules = WidowRules(chain=True)
    deal = new_deal(5, P0, rules)
    deal.apply(Bid(P1, call="take"))
    widow = tuple(sorted(deal.record.pile("widow")))
    deal.apply(Exchange(P1, widow))  # P1 keeps its own: the widow is offered on
    assert deal.phase == Phase.AUCTION and deal.turn == P2
    assert [a.call for a in deal.legal_actions() if isinstance(a, Bid)] == ["swap"]
    assert len(deal.hand(P2) or ()) == 13  # not seen before swapping
    deal.apply(Bid(P2, call="swap"))
    assert deal.phase == Phase.EXCHANGE and len(deal.hand(P2) or ()) == 26
    old = tuple(sorted(deal.record.hands()[P2] or ()))
    assert [a.discard for a in deal.legal_actions()] == [old]
    with pytest.raises(RulesError, match="swap lays away the hand you held"):
        deal.apply(Exchange(P2, widow))
    deal.apply(Exchange(P2, old))
    assert deal.hand(P2) == set(widow) and deal.turn == P0  # the dealer is offered P2's old hand
    deal.apply(Pass(P0))
    assert deal.phase == Phase.PLAY and deal.turn == P1


def test_example_eldest_takes_and_wins_six_plus_two_the_others_four_and_three():
    deal = new_deal(6, P0)
    deal.apply(Bid(P1, call="take"))
    deal.apply(Exchange(P1, tuple(sorted(deal.record.pile("widow")))))
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        deal.apply(Play(seat, min(deal.legal_moves(), key=deal.order.power)))
    deal.taken = [3, 6, 4]
    score = WIDOW.score_hand(deal, (0, 0, 0), RULES, 1, None)
    assert score.points == (0, 2, 1)


def test_settings_are_checked():
    with pytest.raises(RulesError, match="trumps"):
        WidowRules(trumps="fixed(X)")
    with pytest.raises(RulesError, match="unknown widow whist setting"):
        WIDOW.rules_from_dict({"widow": 1})
    assert WIDOW.rules_from_dict({"chain": "on", "trumps": "none"}) == WidowRules("none", True)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_random_matches_of_twelve_deals_replay_the_same(seed: int, chain: bool) -> None:
    rules = WidowRules(chain=chain)
    rng = random.Random(seed)
    match = Match(rules, Seat(seed % 3), seed, WIDOW)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            level = "rules" if turn == P0 else "random"
            deal.apply(choose_action(deal.observe(turn), level, rng.random()))
        played = [c for t in deal.tricks for c in t.cards]
        assert len(played) == 39 == len(set(played))
        match.finish_deal()
    assert len(match.hands) >= 12
    again = Match.from_dict(match.to_dict())
    assert [h.points for h in again.hands] == [h.points for h in match.hands]
    totals = [sum(h.points[s] for h in match.hands) for s in range(3)]
    assert match.winner == again.winner == totals.index(max(totals))


def test_the_searching_levels_play_legal_cards_to_the_end():
    for seed in range(4):
        deal = new_deal(seed, P0, WidowRules(chain=True))
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            action = choose_action(deal.observe(seat), "hard" if seat == P1 else "rules", seed)
            assert deal.is_legal(action)
            deal.apply(action)
