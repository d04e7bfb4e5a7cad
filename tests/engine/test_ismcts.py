"""Oh Hell and Knockout's search (engine.search.ismcts): its C forward model plays
exactly as the engine does, the C and the Python reference agree move for
move on the rules and the textbook player, and the search answers every
phase with a legal action, the same for the same seed.

On random hands played out by random legal moves, the C model's legal
actions, whose turn it is, the trick winners and each player's points equal
the engine's at every step; the textbook player's action in C equals the
reference's, which is engine.search.solo's (the ``rules`` level's). (Neither
models Knockout's dog's life: a dog's knock and card are the textbook's.)"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _ismcts
from engine.actions import Action, Bid, Declare, Pass, Play
from engine.ai import choose_action
from engine.cards import STRAINS, Card
from engine.deal import DealRecord
from engine.games.knockout import KnockoutRules
from engine.games.ohhell import OhHellRules, hand_points
from engine.match import Match
from engine.search import ismcts, ismcts_py, solo
from engine.seats import Seat

PHASE = {"auction": 0, "declare": 1, "play": 2, "over": 3}


def code(action: Action) -> int:
    if isinstance(action, Bid):
        return ismcts_py.BID + (action.tricks or 0)
    if isinstance(action, Declare):
        return ismcts_py.DECLARE + STRAINS.index(action.trump or "N")
    assert isinstance(action, Play)
    return int(action.card)


def start_state(match: Match, allow_no_trumps: bool) -> ismcts_py.State:
    deal = match.current
    assert deal is not None
    n = match.game.players
    ring = tuple(s for s in range(n) if s not in deal.out)
    turn = int(deal.turn or 0)
    hands = tuple(ismcts_py.mask_of([int(c) for c in deal.hand(Seat(s)) or ()]) for s in range(n))
    return (n, ring, int(deal.dealer), int(bool(getattr(match.rules, "hook", False))),
            5 if allow_no_trumps else 4, deal.trump, PHASE[deal.phase], turn, turn, (), (-1,) * n, (0,) * n,
            hands)


def play_match(match: Match, rng: random.Random, hands: int, allow_no_trumps: bool = False) -> int:
    """Play up to ``hands`` hands of ``match`` by random legal moves beside both models,
    checking them at every step; the number of steps checked."""
    steps = 0
    for _ in range(hands):
        if match.is_over:
            break
        deal = match.new_deal()
        worth = solo.Goal.of(match.observe(Seat(0)), match.game.table.knockouts)
        goal = (int(worth.knockout), worth.exact_bonus, worth.trick_value, int(worth.always),
                worth.miss_penalty, 1)
        state = start_state(match, allow_no_trumps)
        while not deal.is_over:
            assert state[6] == PHASE[deal.phase] and state[7] == int(deal.turn or 0)
            legal = deal.legal_actions()
            assert _ismcts.legal(state) == ismcts_py.legal(state) == tuple(sorted(code(a) for a in legal))
            assert _ismcts.textbook(state) == ismcts_py.textbook(state)
            action = rng.choice(legal)
            match.apply(action)
            after = _ismcts.apply(state, code(action))
            assert after == ismcts_py.apply(state, code(action))
            state = after
            if isinstance(action, Declare):
                assert state[5] == deal.trump
            assert state[11] == tuple(deal.taken)
            steps += 1
        assert state[6] == PHASE["over"]
        score = match.finish_deal()
        bids = state[10]
        for s in range(match.game.players):
            points = _ismcts.points(goal, bids[s], score.tricks[s])
            assert points == ismcts_py.points(goal, bids[s], score.tricks[s])
            if worth.knockout:
                assert points == (1000 if score.tricks[s] else 0) + score.points[s]
            else:
                assert points == score.points[s] == hand_points(match.rules, bids[s], score.tricks[s])
    return steps


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6), hook=st.booleans(),
       scheme=st.sampled_from([(10, 1, "exact_only", 1), (10, 1, "exact_only", 0), (10, 1, "always", 0),
                               (5, 2, "always", 2)]),
       max_cards=st.sampled_from(["leave_turnup", "all", "3"]))
def test_oh_hell_c_model_equals_the_engine(players, seed, hook, scheme, max_cards):
    bonus, value, trick_points, penalty = scheme
    rules = OhHellRules(players=players, hook=hook, exact_bonus=bonus, trick_value=value,
                        trick_points=trick_points, miss_penalty=penalty, max_cards=max_cards,
                        schedule="random")
    match = Match(rules, Seat(seed % players), seed)
    assert play_match(match, random.Random(seed), hands=2) > 0


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10**6), start=st.sampled_from([7, 13]),
       no_trumps=st.booleans(), tie_break=st.sampled_from(["cut", "earliest"]))
def test_knockout_c_model_equals_the_engine(players, seed, start, no_trumps, tie_break):
    rules = KnockoutRules(players=players, start=start, allow_no_trumps=no_trumps, tie_break=tie_break)
    match = Match(rules, Seat(seed % players), seed)
    # several hands: later ones have knocked-out seats and a trump chooser
    assert play_match(match, random.Random(seed), hands=4, allow_no_trumps=no_trumps) > 0


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), trump=st.integers(0, 4), players=st.integers(3, 7),
       size=st.integers(1, 13))
def test_the_textbook_estimate_is_the_rules_levels(seed, trump, players, size):
    hand = random.Random(seed).sample(range(52), size)
    mask = ismcts_py.mask_of(hand)
    expected = solo.textbook_estimate(hand, trump, players)
    assert _ismcts.estimate(mask, trump, players) == pytest.approx(expected)


@pytest.mark.parametrize("backend", ["c", "python"])
def test_the_search_answers_every_phase_legally_and_the_same_for_a_seed(backend, monkeypatch):
    if backend == "python":
        monkeypatch.setattr(ismcts, "SEARCH", ismcts_py.search)
    options = ismcts.Options(60, 60)
    rng = random.Random(7)
    for rules in (OhHellRules(players=5), KnockoutRules(players=3, allow_no_trumps=True)):
        match = Match(rules, Seat(0), 11)
        for _ in range(2):
            if match.is_over:
                break
            deal = match.new_deal()
            while not deal.is_over:
                obs = match.observe(deal.turn)
                if any(isinstance(a, Pass) for a in obs.legal):
                    match.apply(rng.choice(deal.legal_actions()))
                    continue
                action = ismcts.search(obs, options, 3, match.game.table.knockouts)
                assert deal.is_legal(action)
                assert ismcts.search(obs, options, 3, match.game.table.knockouts) == action
                match.apply(action if rng.random() < 0.5 else rng.choice(deal.legal_actions()))
            match.finish_deal()


def _one_card_hand(card: str, trump_card: str, dealer: int = 2) -> Match:
    """A three-player Oh Hell hand of one card each, seat 0 holding ``card``."""
    rules = OhHellRules(players=3, schedule="fixed", fixed=1)
    match = Match(rules, Seat(dealer), 1)
    others = [c for c in ("C2", "D3", "H4") if c not in (card, trump_card)][:2]
    record = DealRecord.of_hands(Seat(dealer), [[Card(card)], [Card(others[0])], [Card(others[1])]],
                                 trump=Card(trump_card).suit, trump_card=Card(trump_card))
    match.start_deal(record)
    return match


def test_hard_bids_one_holding_the_ace_of_trumps_and_none_without_a_hope():
    match = _one_card_hand("SA", "S5")
    assert choose_action(match.observe(Seat(0)), "hard", 1) == Bid(Seat(0), tricks=1)
    match = _one_card_hand("H2", "S5")
    assert choose_action(match.observe(Seat(0)), "hard", 1) == Bid(Seat(0), tricks=0)


def test_the_binding_refuses_a_state_that_cannot_be_with_the_reason():
    state = (3, (0, 1, 2), 0, 1, 4, 0, 2, 5, 0, (), (-1, -1, -1), (0, 0, 0), (1, 2, 4))
    with pytest.raises(ValueError, match="turn must be in 0..2"):
        _ismcts.legal(state)
    with pytest.raises(ValueError, match="not legal"):
        _ismcts.apply((3, (0, 1, 2), 0, 1, 4, 0, 2, 0, 0, (), (1, 0, 0), (0, 0, 0), (1, 2, 4)), 5)
    with pytest.raises(ValueError, match="52-bit"):
        _ismcts.legal((3, (0, 1, 2), 0, 1, 4, 0, 2, 0, 0, (), (1, 0, 0), (0, 0, 0), (1 << 60, 2, 4)))
