"""Classic whist's play in the point games' standard ISMCTS (the bench's yardstick for
classic, engine/csrc/pointmcts.c): the model its package describes plays a hand as the
engine does (the same legal cards at every card, each pair's tricks the engine's), its
layouts keep the turned trump in the dealer's hand, and its search outplays random play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Play
from engine.cards import Card
from engine.games.classic import GAME
from engine.games.classic.rules import Rules
from engine.match import Match
from engine.search import pointmcts, pointmcts_py
from engine.search.pointmcts import PointPlay, knowledge
from engine.search.pointmcts_py import State
from engine.seats import Seat

BACKENDS = (_pointmcts, pointmcts_py)


def match_of(rules: Rules, seed: int) -> Match:
    return Match(rules, Seat(seed % 4), seed, GAME.with_rules(rules))


def full_state(match: Match, play: PointPlay) -> State:
    """The search's state of the hand in progress with every hand as dealt."""
    deal = match.current
    assert deal is not None and deal.turn is not None
    state = knowledge(match.observe(deal.turn), play)[0]
    hands = tuple(pointmcts.mask_of(frozenset(deal.hand(Seat(s)) or ())) for s in range(4))
    return (*state[:5], hands, state[6])


def side_tricks(state: State) -> tuple[int, int]:
    """Each pair's tricks in the model's state: four cards a trick taken."""
    won = state[6]
    cards = [bin(won[0]).count("1") + bin(won[2]).count("1"), bin(won[1]).count("1") + bin(won[3]).count("1")]
    assert all(c % 4 == 0 for c in cards)
    return cards[0] // 4, cards[1] // 4


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), cycling=st.booleans(), hands=st.integers(1, 5))
def test_the_model_plays_every_card_and_counts_every_trick_as_the_engine(seed: int, cycling: bool,
                                                                         hands: int) -> None:
    """Random whole hands (with cycling trumps, no-trump hands among them): at every card the
    legal cards are the engine's in C and in Python, the state after it is the one the next
    seat's observation describes, and each pair's tricks are the engine's."""
    match = match_of(Rules(cycling_trumps=cycling), seed)
    rng = random.Random(seed)
    for _ in range(hands):
        if match.is_over:
            break
        deal = match.new_deal()
        state: State | None = None
        game = None
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            play = GAME.point_play(obs)
            game = play.game()
            now = full_state(match, play)
            if state is not None:
                assert now == state
            state = now
            legal = sorted(int(a.card) for a in deal.legal_actions() if isinstance(a, Play))
            for backend in BACKENDS:
                assert list(backend.legal(game, state)) == legal
            ns = obs.won[0] + obs.won[2]
            ew = obs.won[1] + obs.won[3]
            assert side_tricks(state) == (ns, ew)
            card = rng.choice(legal)
            after = _pointmcts.apply(game, state, card)
            assert pointmcts_py.apply(game, state, card) == after
            state = after
            match.apply(Play(deal.turn, Card(card)))
        assert state is not None and game is not None
        score = match.finish_deal()
        assert side_tricks(state) == score.tricks
        for backend in BACKENDS:
            assert backend.points(game, state) == tuple(4 * t for t in score.tricks)


def test_every_layout_keeps_the_turned_trump_in_the_dealer_hand_until_played() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        match = match_of(Rules(), seed)
        deal = match.new_deal()
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            play = GAME.point_play(obs)
            turned = obs.trump_card
            assert turned is not None
            played = {c for t in (*obs.tricks, obs.trick) for c in t.cards}
            if obs.seat != obs.dealer and turned not in played:
                k = knowledge(obs, play)
                s = rng.getrandbits(64)
                hands = _pointmcts.sample(play.game(), k, s)
                assert hands == pointmcts_py.sample(play.game(), k, s)
                assert hands[int(obs.dealer)] >> int(turned) & 1
                checked += 1
            match.apply(rng.choice(deal.legal_actions()))
    assert checked >= 20


def searched_tricks(seed: int, side: int, rng: random.Random) -> int:
    """The tricks ``side`` takes searching with 1,000 simulations a card, the other pair at random."""
    match = match_of(Rules(), seed)
    deal = match.new_deal()
    while not deal.is_over:
        assert deal.turn is not None
        if int(deal.turn) % 2 == side:
            obs = match.observe(deal.turn)
            action = pointmcts.search(obs, GAME.point_play(obs), seed=rng.getrandbits(64))
            assert action in obs.legal
            match.apply(action)
        else:
            match.apply(rng.choice(deal.legal_actions()))
    return match.finish_deal().tricks[side]


def test_the_search_takes_more_tricks_than_random_play() -> None:
    """Duplicate hands, each played twice with the search in either pair: the search takes
    more of the 13 tricks than random play in the same seats, by more than three a hand."""
    rng = random.Random(2)
    margins = [searched_tricks(seed, 0, rng) + searched_tricks(seed, 1, rng) - 13 for seed in range(6)]
    assert sum(margins) / len(margins) > 3
