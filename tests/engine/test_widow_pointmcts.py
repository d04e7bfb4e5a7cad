"""Widow whist's play in the point games' standard ISMCTS (the bench's yardstick,
engine/csrc/pointmcts.c): the model its package describes plays every card as the
engine does, its layouts leave the dead hand out of every seat's hand (the cards the
seat laid away where it knows them, 13 unseen cards where it does not), and its search
outplays random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Bid
from engine.cards import Card
from engine.game import Phase
from engine.games import get_game
from engine.games.widow import WidowRules
from engine.match import Match
from engine.observation import Observation
from engine.search import pointmcts_py
from engine.search.pointmcts import PointPlay
from engine.search.pointmcts_py import State
from engine.seats import Seat
from tests.engine.test_pointmcts import drawn, left_out, play_checked, searched_margin

BACKENDS = (_pointmcts, pointmcts_py)


def match_of(rules: WidowRules, seed: int) -> Match:
    game = get_game("widow", 3)
    return Match(rules, Seat(seed % 3), seed, game.with_rules(rules))


def to_play(match: Match, rng: random.Random) -> None:
    """A new hand, the widow taken or passed and a hand kept at random, up to its first card."""
    deal = match.new_deal()
    while deal.phase is not Phase.PLAY:
        match.apply(rng.choice(deal.legal_actions()))


def tricks_of(state: State) -> tuple[int, ...]:
    cards = tuple(bin(w).count("1") for w in state[6])
    assert all(c % 3 == 0 for c in cards)
    return tuple(c // 3 for c in cards)


rules_st = st.builds(WidowRules, chain=st.booleans(),
                     trumps=st.sampled_from(["dealer_last_card", "none", "fixed(S)"]))


@settings(max_examples=30, deadline=None)
@given(rules=rules_st, seed=st.integers(0, 10**6))
def test_the_model_plays_every_card_and_counts_every_trick_as_the_engine(rules: WidowRules,
                                                                         seed: int) -> None:
    """A hand with the widow taken or not, swaps along the chain, at random: at every card
    the legal cards are the engine's in C and in Python, the state after it the one the
    next observation describes, and each player's tricks the engine's."""
    match = match_of(rules, seed)
    rng = random.Random(seed)
    to_play(match, rng)

    def tricks_so_far(obs: Observation, play: PointPlay, state: State) -> None:
        assert tricks_of(state) == tuple(obs.won)

    state, _ = play_checked(match, rng, tricks_so_far)
    assert tricks_of(state) == tuple(match.finish_deal().tricks)


def test_every_layout_leaves_the_dead_hand_out_and_keeps_the_turned_card_with_the_dealer() -> None:
    """Layouts drawn in C and in Python are the same; each seat gets as many cards as it
    holds; the cards a seat laid away dead are in no hand; a seat that did not see the dead
    hand leaves 13 unseen cards out; the dealer, unless it took the widow or swapped, holds
    the turned card until it plays it."""
    rng = random.Random(11)
    out_checked = dead_checked = turned_checked = 0
    for seed in range(12):
        match = match_of(WidowRules(), seed)
        to_play(match, rng)
        deal = match.current
        assert deal is not None
        while not deal.is_over:
            obs, _, k, hands = drawn(match, rng)
            if left_out(obs, k, hands, 52, "dead", 13):
                dead_checked += 1
            else:
                out_checked += 1
            dealer_moved = any(isinstance(a, Bid) and a.seat == obs.dealer for a in obs.auction)
            turned = obs.trump_card
            if turned is not None and not dealer_moved and obs.seat != obs.dealer and \
                    Card(turned) not in {c for t in (*obs.tricks, obs.trick) for c in t.cards}:
                assert hands[int(obs.dealer)] >> int(turned) & 1
                turned_checked += 1
            match.apply(rng.choice(deal.legal_actions()))
    assert out_checked >= 50 and dead_checked >= 20 and turned_checked >= 20


def passed_by_all(seed: int) -> Match:
    """Deal ``seed`` with the widow passed by all, at its first card."""
    match = match_of(WidowRules(), seed)
    deal = match.new_deal()
    while deal.phase is not Phase.PLAY:
        assert deal.turn is not None
        match.apply(next(a for a in deal.legal_actions() if not isinstance(a, Bid)))
    return match


def test_the_search_takes_more_tricks_than_random_play_in_its_seat() -> None:
    """The same deals, East searching or playing at random against random play: the search
    takes more than one trick a hand more."""
    assert searched_margin(passed_by_all, Seat.E, 24) > 1
