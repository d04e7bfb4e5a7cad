"""Knockout whist on the family machine: the shrinking hands, the turned
card then trumps named by the player with most tricks (ties by a cut or by
who got there first), players with no tricks knocked out, and whole games of
random legal play that conserve the cards, replay and leave one player."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Declare, Pass, Play
from engine.errors import RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.knockout import KnockoutRules, hand_size, still_in
from engine.match import Match
from engine.seats import Seat


def play_hand(match, rng):
    deal = match.current or match.new_deal()
    while not deal.is_over:
        match.apply(rng.choice(deal.legal_actions()))
    return match.finish_deal()


def first_hand_like(pattern, tie_break="cut"):
    """A seeded match whose first hand ends with tricks ``pattern`` (sorted high to low)."""
    for seed in range(2000):
        match = Match(KnockoutRules(players=4, tie_break=tie_break), Seat.N, seed)
        play_hand(match, random.Random(seed))
        if tuple(sorted(match.hands[0].tricks, reverse=True)) == pattern:
            return match
    raise AssertionError("no seed gives that first hand")


def test_the_worked_example_d_out_and_a_cut_between_the_two_with_three():
    match = first_hand_like((3, 3, 1, 0))
    tricks = match.hands[0].tricks
    out = Seat(tricks.index(0))
    tied = {Seat(i) for i, t in enumerate(tricks) if t == 3}
    assert "out: " + out.name in match.hands[0].notes
    deal = match.new_deal()
    assert len(deal.hand(out)) == 0 and out in deal.out
    assert all(len(deal.hand(s)) == 6 for s in deal.seats if s != out)
    assert deal.phase == Phase.DECLARE and deal.turn in tied and deal.record.declarer == deal.turn
    assert [a.trump for a in deal.legal_actions()] == ["S", "H", "D", "C"]
    deal.apply(Declare(deal.turn, trump="H"))
    assert deal.phase == Phase.PLAY and deal.trump == 1
    assert deal.turn != out and not any(p.seat == out for p in deal.legal_actions() if isinstance(p, Play))


def test_earliest_tie_break_names_who_reached_the_count_first():
    match = first_hand_like((3, 3, 1, 0), "earliest")
    first = match.deals[0]
    count = [0] * 4
    for trick in first.tricks:
        w = trick.winner(first.order)
        count[w] += 1
        if count[w] == 3:
            break
    assert match.new_deal().record.declarer == Seat(w)


def test_the_first_hand_turns_the_top_of_the_stock_or_the_dealers_last_card():
    game = get_game("knockout", 4)
    record = game.next_record(game.default_rules(), Seat.S, 0, 9)
    assert record.trump_card == record.pile("stock")[0] and len(record.hands()[0]) == 7
    thirteen = game.next_record(KnockoutRules(start=13), Seat.S, 0, 9)
    assert not thirteen.pile("stock") and thirteen.trump_card in thirteen.hands()[Seat.S]


def test_hand_sizes_shrink_and_never_exceed_the_pack():
    assert [hand_size(7, k, 4) for k in range(7)] == [7, 6, 5, 4, 3, 2, 1]
    assert hand_size(13, 0, 5) == 10 and hand_size(13, 0, 2) == 13 and hand_size(13, 5, 5) == 8


def test_settings_are_checked():
    with pytest.raises(RulesError, match="2 to 7"):
        KnockoutRules(players=8)
    with pytest.raises(RulesError, match="7 or 13"):
        KnockoutRules(start=9)
    game = get_game("knockout", 3)
    assert game.rules_from_dict({"allow_no_trumps": "on"}).allow_no_trumps


def test_a_dogs_life_one_card_a_knock_and_back_or_out():
    for seed in range(400):
        match = Match(KnockoutRules(players=4, dogs_life=True), Seat.N, seed)
        rng = random.Random(seed)
        play_hand(match, rng)
        blank = [Seat(i) for i, t in enumerate(match.hands[0].tricks) if t == 0]
        if blank:
            break
    assert match.hands[0].notes[0].startswith("no tricks: ") and not match.is_over
    deal = match.new_deal()
    assert deal.phase == Phase.DECLARE
    match.apply(deal.legal_actions()[0])
    for dog in blank:
        assert len(deal.hand(dog)) == 1 and dog not in deal.out  # on a dog's life: one card
    assert deal.current.leader not in blank  # a dog never leads
    if deal.turn not in blank:
        with pytest.raises(RulesError):
            deal.apply(Pass(deal.turn))  # only a dog may knock
    knocked = False
    while not deal.is_over:
        legal = deal.legal_actions()
        if deal.turn in blank and len(deal.tricks) < deal.tricks_per_hand - 1:
            assert Pass(deal.turn) in legal
            match.apply(Pass(deal.turn))
            knocked = True
            continue
        assert Pass(deal.turn) not in legal  # the last trick: the dog must play its card
        match.apply(rng.choice(legal))
    assert knocked
    score = match.finish_deal()
    for dog in blank:
        assert score.tricks[dog] <= 1
    again = Match.from_dict(match.to_dict())
    assert [h.to_dict() for h in again.hands] == [h.to_dict() for h in match.hands]
    left = {Seat(i) for i, t in enumerate(score.tricks) if t > 0}
    if not match.is_over:  # a dog without a trick is out; one with a trick is fully back
        following = match.new_deal()
        assert {s for s in following.seats if s not in following.out} == left


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6), start=st.sampled_from([7, 13]),
       tie=st.sampled_from(["cut", "earliest"]), no_trumps=st.booleans(), dogs_life=st.booleans())
def test_random_games_conserve_cards_knock_out_and_replay(players, seed, start, tie, no_trumps, dogs_life):
    rules = KnockoutRules(players=players, start=start, tie_break=tie, allow_no_trumps=no_trumps,
                          dogs_life=dogs_life)
    match = Match(rules, Seat(seed % players), seed)
    rng = random.Random(seed)
    left = set(range(players))
    while not match.is_over:
        score = play_hand(match, rng)
        deal = match.deals[-1]
        dealt = [c for h in deal.record.hands() for c in h]
        assert len(dealt) + len(deal.record.pile("stock")) + (0 if deal.record.pile("stock") else 0) <= 52
        assert sorted(c for t in deal.tricks for c in t.cards) == sorted(dealt)
        assert {s for s in deal.seats if deal.record.hands()[s]} == left
        assert deal.dealer in left
        assert sum(score.tricks) == deal.tricks_per_hand
        if not dogs_life:
            left = {s for s in left if score.tricks[s] > 0}
        else:
            left = set(still_in(match))
        assert len(match.hands) <= start + 1
    assert left == {match.winner}
    again = Match.from_dict(match.to_dict())
    assert [h.to_dict() for h in again.hands] == [h.to_dict() for h in match.hands]
    assert again.winner == match.winner
