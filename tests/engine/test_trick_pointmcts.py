"""The play of the games won by tricks in pairs (classic whist, Norwegian whist's grand and
nullo) in the point games' standard ISMCTS (the bench's yardstick, engine/csrc/pointmcts.c):
the model each package describes plays a hand as the engine does (the same legal cards at
every card, each pair's tricks the engine's), its layouts keep the cards a seat has seen
where they lie, and its search outplays random play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Bid, Pass, Play
from engine.cards import Card, parse_card
from engine.game import GameRules, Phase
from engine.games.classic import GAME
from engine.games.classic.rules import Rules
from engine.games.norwegian import GAME as NORWEGIAN
from engine.games.norwegian import NorwegianRules
from engine.match import Match
from engine.observation import Observation
from engine.search import pointmcts, pointmcts_py
from engine.search.pointmcts import PointPlay, knowledge
from engine.search.pointmcts_py import State
from engine.seats import Seat

BACKENDS = (_pointmcts, pointmcts_py)


def match_of(rules: GameRules, seed: int) -> Match:
    game = NORWEGIAN if isinstance(rules, NorwegianRules) else GAME
    return Match(rules, Seat(seed % 4), seed, game.with_rules(rules))


def describe(match: Match, obs: Observation) -> PointPlay:
    play: PointPlay = match.game.point_play(obs)  # type: ignore[attr-defined]
    return play


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


tables = st.one_of(st.builds(Rules, cycling_trumps=st.booleans()),
                   st.builds(NorwegianRules, bid_style=st.sampled_from(["spoken", "cards"])))


@settings(max_examples=30, deadline=None)
@given(rules=tables, seed=st.integers(0, 10**6), hands=st.integers(1, 5))
def test_the_model_plays_every_card_and_counts_every_trick_as_the_engine(rules: GameRules, seed: int,
                                                                         hands: int) -> None:
    """Random whole hands (classic with cycling trumps, no-trump hands among them; Norwegian
    grands and nullos, bid aloud or by cards laid), the auction at random: at every card the
    legal cards are the engine's in C and in Python, the state after it is the one the next
    seat's observation describes, and each pair's tricks are the engine's."""
    match = match_of(rules, seed)
    rng = random.Random(seed)
    for _ in range(hands):
        if match.is_over:
            break
        deal = match.new_deal()
        while deal.phase is not Phase.PLAY:
            match.apply(rng.choice(deal.legal_actions()))
        state: State | None = None
        game = None
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            play = describe(match, obs)
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


def seen_cards(obs: Observation) -> dict[Seat, Card]:
    """The cards ``obs``'s seat has seen in another's hand: classic's turned trump in the
    dealer's, the laid cards turned in a Minnesota auction, until played."""
    played = {c for t in (*obs.tricks, obs.trick) for c in t.cards}
    seen = {} if obs.trump_card is None else {obs.dealer: obs.trump_card}
    for action in obs.auction:
        if isinstance(action, Bid) and action.call is not None and action.call not in ("grand", "nullo",
                                                                                       "face down"):
            seen[action.seat] = parse_card(action.call)
    return {seat: card for seat, card in seen.items() if seat != obs.seat and card not in played}


@pytest.mark.parametrize("rules", [Rules(), NorwegianRules(bid_style="cards")])
def test_every_layout_keeps_the_cards_seen_where_they_lie_until_played(rules: GameRules) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        match = match_of(rules, seed)
        deal = match.new_deal()
        while deal.phase is not Phase.PLAY:
            match.apply(rng.choice(deal.legal_actions()))
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            play = describe(match, obs)
            for seat, card in seen_cards(obs).items():
                k = knowledge(obs, play)
                s = rng.getrandbits(64)
                hands = _pointmcts.sample(play.game(), k, s)
                assert hands == pointmcts_py.sample(play.game(), k, s)
                assert hands[int(seat)] >> int(card) & 1
                checked += 1
            match.apply(rng.choice(deal.legal_actions()))
    assert checked >= 20


def searched_tricks(rules: GameRules, seed: int, side: int, rng: random.Random) -> int:
    """The tricks ``side`` takes searching with 1,000 simulations a card, the other pair at
    random (a Norwegian auction all passes: a nullo)."""
    match = match_of(rules, seed)
    deal = match.new_deal()
    while deal.phase is not Phase.PLAY:
        assert deal.turn is not None
        match.apply(Pass(deal.turn))
    while not deal.is_over:
        assert deal.turn is not None
        if int(deal.turn) % 2 == side:
            obs = match.observe(deal.turn)
            action = pointmcts.search(obs, describe(match, obs), seed=rng.getrandbits(64))
            assert action in obs.legal
            match.apply(action)
        else:
            match.apply(rng.choice(deal.legal_actions()))
    return match.finish_deal().tricks[side]


@pytest.mark.parametrize("rules", [Rules(), NorwegianRules()])
def test_the_search_takes_more_tricks_than_random_play_or_fewer_in_a_nullo(rules: GameRules) -> None:
    """Duplicate hands, each played twice with the search in either pair: the search takes
    more of the 13 tricks than random play in the same seats, by more than three a hand (in
    a nullo fewer)."""
    rng = random.Random(2)
    margins = [searched_tricks(rules, seed, 0, rng) + searched_tricks(rules, seed, 1, rng) - 13
               for seed in range(6)]
    sign = -1 if isinstance(rules, NorwegianRules) else 1
    assert sign * sum(margins) / len(margins) > 3
