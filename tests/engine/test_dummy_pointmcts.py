"""Dummy whist's play in the point games' standard ISMCTS (the bench's yardstick,
engine/csrc/pointmcts.c): the model its package describes plays the four hands in the
order of play (declarer, left opponent, dummy, right opponent), the same legal cards as
the engine at every card in C and in Python, each side's tricks the engine's; its
layouts keep the dummy's hand where it lies and, playing from the dummy, the declarer's;
and its search outplays random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Exchange
from engine.game import Phase
from engine.games import get_game
from engine.games.dummy import DUMMY, DummyRules
from engine.match import Match
from engine.observation import Observation
from engine.search import pointmcts, pointmcts_py
from engine.search.pointmcts import PointPlay
from engine.search.pointmcts_py import State
from engine.seats import Seat
from tests.engine.test_pointmcts import drawn, left_out, play_checked, play_searching

BACKENDS = (_pointmcts, pointmcts_py)


def to_play(rules: DummyRules, seed: int) -> Match:
    """A match's first hand, the auction and the declarer's call at random, up to its first card."""
    game = get_game("dummy", None)
    match = Match(rules, Seat(seed % 3), seed, game.with_rules(rules))
    deal = match.new_deal()
    rng = random.Random(seed)
    while deal.phase is not Phase.PLAY:
        legal = deal.legal_actions()
        if legal:
            match.apply(rng.choice(legal))
        else:  # with jokers the declarer lays any two of the dummy's cards away
            assert deal.turn is not None
            hand = sorted(deal.hand(deal.turn) or ())
            match.apply(Exchange(deal.turn, tuple(hand[:deal.exchange_count()])))
    return match


def side_tricks(state: State) -> tuple[int, int]:
    cards = [bin(w).count("1") for w in state[6]]
    return ((cards[0] + cards[2]) // 4, (cards[1] + cards[3]) // 4)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), downtown_beats_uptown=st.booleans())
def test_the_model_plays_every_card_in_the_order_of_play_as_the_engine(seed: int,
                                                                       downtown_beats_uptown: bool) -> None:
    """A hand with its auction and call at random (suits, no trump, uptown and downtown),
    played at random: at every card the legal cards are the engine's in C and in Python,
    the state after it the one the next observation describes, and the declarer's tricks
    with the dummy's the engine's."""
    match = to_play(DummyRules(downtown_beats_uptown=downtown_beats_uptown), seed)
    deal = match.current
    assert deal is not None

    def in_order_of_play(obs: Observation, play: PointPlay, state: State) -> None:
        assert play.ring[state[0]] == deal.turn

    state, play = play_checked(match, random.Random(seed), in_order_of_play)
    declarer = play.ring[0]
    assert side_tricks(state)[0] == deal.taken[declarer] + deal.taken[DUMMY]


def test_every_layout_keeps_the_dummy_and_the_declarer_where_they_lie() -> None:
    """Layouts in C and in Python are the same; the dummy's hand is in every layout of
    every seat, and the declarer's in every layout drawn when the declarer plays from the
    dummy (only the defenders' cards are then dealt)."""
    rng = random.Random(3)
    from_dummy = 0
    for seed in range(6):
        match = to_play(DummyRules(), seed)
        deal = match.current
        assert deal is not None
        while not deal.is_over:
            _, play, _, hands = drawn(match, rng)
            dummy = play.place(DUMMY)
            assert hands[dummy] == pointmcts.mask_of(frozenset(deal.hand(DUMMY) or ()))
            if deal.turn == DUMMY:
                declarer = play.place(play.ring[0])
                assert hands[declarer] == pointmcts.mask_of(frozenset(deal.hand(play.ring[0]) or ()))
                from_dummy += 1
            match.apply(rng.choice(deal.legal_actions()))
    assert from_dummy >= 30


def declarer_tricks(seed: int, search: bool) -> int:
    """The declarer's tricks with the dummy's in hand ``seed``, its side searching with 1,000
    simulations a card (``search``) or playing at random, the defenders at random."""
    match = to_play(DummyRules(), seed)
    deal = match.current
    assert deal is not None and deal.contract is not None and deal.contract.declarer is not None
    declarer = deal.contract.declarer
    play_searching(match, lambda seat: search and seat in (declarer, DUMMY), seed)
    return deal.taken[declarer] + deal.taken[DUMMY]


def test_the_search_takes_more_tricks_than_random_play_for_the_declarer() -> None:
    margins = [declarer_tricks(seed, True) - declarer_tricks(seed, False) for seed in range(8)]
    assert sum(margins) / len(margins) > 2


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_with_jokers_the_model_plays_all_54_and_leaves_the_two_laid_away_out(seed: int) -> None:
    """Dummy whist with jokers (two top trumps, or no suit at no trump; two of the dummy's
    cards laid away): every card is played as the engine plays it, and every layout leaves
    two cards out of play, those the declarer laid away where the seat knows them."""
    match = to_play(DummyRules(jokers=True), seed)
    deal = match.current
    assert deal is not None
    rng = random.Random(seed)
    while not deal.is_over:
        obs, _, k, hands = drawn(match, rng)
        left_out(obs, k, hands, 54, "discard", 2)
        match.apply(rng.choice(deal.legal_actions()))
    match = to_play(DummyRules(jokers=True), seed)
    deal = match.current
    assert deal is not None
    state, play = play_checked(match, random.Random(seed))
    declarer = play.ring[0]
    assert side_tricks(state)[0] == deal.taken[declarer] + deal.taken[DUMMY]
