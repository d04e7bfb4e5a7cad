"""German whist (rules-variants.md section 4): the stock, the draws, the two
phases and the scoring modes, with the rules file's example."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.ai.family import choose_action
from engine.cards import full_deck
from engine.deal import Deal, DealRecord
from engine.errors import RulesError
from engine.games import get_game
from engine.games.german import GermanRules
from engine.games.german.ai import other_hand
from engine.match import Match
from engine.seats import Seat

GERMAN = get_game("german")


def new_deal(seed: int = 1, dealer: Seat = Seat.N) -> Deal:
    return Deal(GERMAN.next_record(GermanRules(), dealer, 0, seed), GermanRules(), GERMAN)


def play_randomly(deal: Deal, rng: random.Random, stop: int = 26) -> None:
    while not deal.is_over and len(deal.tricks) < stop:
        deal.apply(rng.choice(deal.legal_actions()))


def test_thirteen_each_a_stock_of_26_its_top_card_turned_for_trumps():
    deal = new_deal(4, Seat.E)
    stock = deal.record.pile("stock")
    assert [len(deal.hand(s) or ()) for s in (Seat.N, Seat.E)] == [13, 13]
    assert len(stock) == 26 and deal.record.trump_card == stock[0] and deal.trump == stock[0].suit
    assert deal.turn == Seat.N  # the non-dealer leads the first trick
    assert deal.tricks_per_hand == 26
    assert deal.observe(Seat.E).piles == {"upcard": (stock[0],)}
    assert deal.observe(Seat.N).to_json()["piles"] == {"upcard": [str(stock[0])]}


def test_the_winner_takes_the_upcard_the_loser_the_next_and_the_next_is_turned():
    deal = new_deal(7)
    stock = deal.record.pile("stock")
    before = {s: set(deal.hand(s) or ()) for s in (Seat.N, Seat.E)}
    play_randomly(deal, random.Random(1), stop=1)
    winner = deal.tricks[0].winner(deal.order)
    loser = Seat(1 - winner)
    played = dict(deal.tricks[0].plays())
    assert deal.hand(winner) == frozenset(before[winner] - {played[winner]} | {stock[0]})
    assert deal.hand(loser) == frozenset(before[loser] - {played[loser]} | {stock[1]})
    assert deal.observe(loser).piles == {"upcard": (stock[2],)}
    assert deal.turn == winner and not deal.trump_card_showing


def test_the_turned_card_may_be_played_by_whoever_drew_it():
    for seed in range(40):
        deal = new_deal(seed)
        play_randomly(deal, random.Random(seed), stop=1)
        turned = deal.record.trump_card
        holder = next(s for s in (Seat.N, Seat.E) if turned in (deal.hand(s) or ()))
        if deal.turn == holder and Play(holder, turned) in deal.legal_actions():
            deal.apply(Play(holder, turned))
            return
    pytest.fail("no deal let the drawer of the turned card lead it")


def test_after_trick_13_the_stock_is_gone_and_the_other_hand_is_known():
    deal = new_deal(11)
    play_randomly(deal, random.Random(3), stop=13)
    assert deal.piles["stock"] == ()
    assert deal.turn == deal.tricks[12].winner(deal.order)  # the winner of trick 13 leads
    seat = deal.turn
    assert seat is not None
    other = Seat(1 - seat)
    assert other_hand(deal.observe(seat)) == deal.hand(other)
    assert deal.observe(seat).piles == {}


def score(tricks_n: int, rules: GermanRules, game: tuple[int, int] = (0, 0)):
    """Score a hand in which North wins the last 13 tricks' first ``tricks_n``
    (the first 13 split as they fall)."""
    for seed in range(400):
        deal = new_deal(seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        late = [t.winner(deal.order) for t in deal.tricks[13:]]
        if late.count(Seat.N) == tricks_n:
            return deal, GERMAN.score_hand(deal, game, rules, 1, None)
    raise AssertionError(f"no random hand gave North {tricks_n} of the last 13")


def test_the_rules_example_phase_two_tricks_8_5():
    _, per_trick = score(8, GermanRules())
    assert per_trick.tricks == (8, 5) and per_trick.points == (8, 5)
    _, difference = score(8, GermanRules(score_mode="difference"))
    assert difference.points == (3, 0)
    _, majority = score(8, GermanRules(score_mode="majority"))
    assert majority.points == (1, 0) and majority.game_won_by == 0


def test_phase_one_counts_when_the_house_says_so():
    deal, s = score(8, GermanRules(phase1_counts=True))
    assert sum(s.tricks) == 26
    assert s.tricks[0] == sum(1 for t in deal.tricks if t.winner(deal.order) == Seat.N)


def test_game_to_50_the_higher_total_wins_and_equal_totals_play_on():
    _, s = score(8, GermanRules(), game=(45, 40))
    assert s.game_after == (53, 45) and s.game_won_by == 0
    _, both = score(8, GermanRules(), game=(45, 48))
    assert both.game_after == (53, 53) and both.game_won_by is None
    _, higher = score(5, GermanRules(), game=(49, 44))
    assert higher.game_after == (54, 52) and higher.game_won_by == 0


def test_settings_are_checked_with_what_is_allowed():
    with pytest.raises(RulesError, match="choose per_trick, difference, majority"):
        GermanRules(score_mode="odd")
    with pytest.raises(RulesError, match="unknown German whist setting"):
        GERMAN.rules_from_dict({"trumps": "S"})
    assert GERMAN.rules_from_dict(GermanRules(score_mode="difference").to_dict()) == \
        GermanRules(score_mode="difference")


def test_a_record_without_its_stock_is_refused():
    record = DealRecord.of_hands(Seat.N, [full_deck()[:13], full_deck()[13:26]], 0)
    with pytest.raises(RulesError, match="stock of 26"):
        GERMAN.check_record(GermanRules(), record, 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_random_matches_keep_every_card_and_replay_the_same(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(GermanRules(target=20), Seat(seed % 2), seed, GERMAN)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            action = choose_action(deal.observe(turn), "rules" if turn == Seat.N else "random", rng.random())
            deal.apply(action)
        played = [c for t in deal.tricks for c in t.cards]
        assert sorted(played) == sorted(full_deck()) and deal.piles["stock"] == ()
        match.finish_deal()
    again = Match.from_dict(match.to_dict())
    assert [h.points for h in again.hands] == [h.points for h in match.hands]
    assert again.winner == match.winner is not None
    totals = [sum(h.points[s] for h in match.hands) for s in (0, 1)]
    assert totals[match.winner] >= 20 and totals[match.winner] > totals[1 - match.winner]


def test_the_textbook_beats_random_play():
    margin = 0
    for seed in range(30):
        deal = new_deal(seed, Seat(seed % 2))
        rng = random.Random(seed)
        me = Seat(seed % 2)
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            obs = deal.observe(turn)
            deal.apply(choose_action(obs, "rules") if turn == me else rng.choice(deal.legal_actions()))
        late = [t.winner(deal.order) for t in deal.tricks[13:]]
        margin += late.count(me) - late.count(Seat(1 - me))
    assert margin / 30 > 3  # several tricks a hand better than random


