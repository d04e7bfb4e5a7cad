"""The play of the games won by tricks (classic whist; Norwegian whist's grand and nullo;
Solo whist's contracts, the declaring side against the others) in the point games'
standard ISMCTS (the bench's yardstick, engine/csrc/pointmcts.c): the model each package
describes plays a hand as the engine does (the same legal cards at every card, each
side's tricks the engine's), its layouts keep the cards a seat has seen where they lie,
and its search outplays random play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Bid, Pass
from engine.cards import Card
from engine.game import GameRules, Phase
from engine.games import get_game
from engine.games.classic.rules import Rules
from engine.games.norwegian import NorwegianRules, laid_card
from engine.games.solo import SoloRules
from engine.games.solo.table import OPEN_MISERE
from engine.match import Match
from engine.observation import Observation
from engine.search import pointmcts, pointmcts_py
from engine.search.pointmcts import PointPlay, knowledge
from engine.search.pointmcts_py import State
from engine.seats import Seat
from tests.engine.test_pointmcts import describe, play_checked

BACKENDS = (_pointmcts, pointmcts_py)
NAMES = {Rules: "classic", NorwegianRules: "norwegian", SoloRules: "solo"}


def match_of(rules: GameRules, seed: int) -> Match:
    game = get_game(NAMES[type(rules)], 4)
    return Match(rules, Seat(seed % 4), seed, game.with_rules(rules))


def by_side(play: PointPlay, per_seat: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sum(n for s, n in enumerate(per_seat) if play.side[s] == t) for t in range(play.sides))


def side_tricks(play: PointPlay, state: State) -> tuple[int, ...]:
    """Each side's tricks in the model's state: four cards a trick taken."""
    cards = by_side(play, tuple(bin(w).count("1") for w in state[6]))
    assert all(c % 4 == 0 for c in cards)
    return tuple(c // 4 for c in cards)


tables = st.one_of(st.builds(Rules, cycling_trumps=st.booleans()),
                   st.builds(NorwegianRules, bid_style=st.sampled_from(["spoken", "cards"])),
                   st.builds(SoloRules, all_pass=st.sampled_from(["redeal", "general_misere"]),
                             declared_trumps=st.sampled_from(["none", "choose"]),
                             royal_abundance=st.sampled_from(["overcall", "direct"])))


def to_play(match: Match, rng: random.Random) -> bool:
    """A new hand with its auction at random, up to its first card: False when it was
    thrown in."""
    deal = match.new_deal()
    while not deal.is_over and deal.phase is not Phase.PLAY:
        match.apply(rng.choice(deal.legal_actions()))
    if deal.is_over:
        match.finish_deal()
        return False
    return True


@settings(max_examples=40, deadline=None)
@given(rules=tables, seed=st.integers(0, 10**6), hands=st.integers(1, 5))
def test_the_model_plays_every_card_and_counts_every_trick_as_the_engine(rules: GameRules, seed: int,
                                                                         hands: int) -> None:
    """Random whole hands, the auction at random (classic with cycling trumps, no-trump hands
    among them; Norwegian grands and nullos, bid aloud or by cards laid; Solo's contracts,
    general misères, open misères shown): at every card the legal cards are the engine's in
    C and in Python, the state after it is the one the next seat's observation describes,
    and each side's tricks are the engine's (Solo's hand stops once its contract is settled)."""
    match = match_of(rules, seed)
    rng = random.Random(seed)
    for _ in range(hands):
        if match.is_over:
            break
        if not to_play(match, rng):
            continue
        def tricks_so_far(obs: Observation, play: PointPlay, state: State) -> None:
            assert side_tricks(play, state) == by_side(play, obs.won)

        state, play = play_checked(match, rng, tricks_so_far)
        score = match.finish_deal()
        tricks = by_side(play, score.tricks) if len(score.tricks) == 4 else score.tricks
        assert side_tricks(play, state) == tricks
        if sum(tricks) == 13:
            for backend in BACKENDS:
                assert backend.points(play.game(), state) == tuple(4 * t for t in tricks)


def seen_cards(obs: Observation) -> dict[Seat, frozenset[Card]]:
    """The cards ``obs``'s seat has seen in another's hand, until played: the turned trump
    in the dealer's, the laid cards turned in a Minnesota auction, an open misère's hand."""
    played = {c for t in (*obs.tricks, obs.trick) for c in t.cards}
    seen: dict[Seat, set[Card]] = {}
    if obs.trump_card is not None:
        seen[obs.dealer] = {obs.trump_card}
    for action in obs.auction if obs.game == "norwegian" else ():
        card = laid_card(action) if isinstance(action, Bid) else None
        if card is not None:
            seen.setdefault(action.seat, set()).add(card)
    if obs.contract is not None and obs.contract.declarer is not None:
        seen.setdefault(obs.contract.declarer, set()).update(obs.piles.get("exposed", ()))
    return {seat: frozenset(cards - played) for seat, cards in seen.items()
            if seat != obs.seat and cards - played}


def open_misere_first(obs: Observation, rng: random.Random) -> Bid | Pass:
    """A Solo auction's first bidder calls an open misère, the others pass (other games'
    auctions at random)."""
    bids = [a for a in obs.legal if isinstance(a, Bid) and a.call == OPEN_MISERE]
    passes = [a for a in obs.legal if isinstance(a, Pass)]
    if obs.game != "solo" or not (bids or passes):
        choice = rng.choice(obs.legal)
        assert isinstance(choice, Bid | Pass)
        return choice
    return bids[0] if bids else passes[0]


@pytest.mark.parametrize("rules", [Rules(), NorwegianRules(bid_style="cards"), SoloRules()])
def test_every_layout_keeps_the_cards_seen_where_they_lie_until_played(rules: GameRules) -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        match = match_of(rules, seed)
        deal = match.new_deal()
        while deal.phase is not Phase.PLAY:
            assert deal.turn is not None
            match.apply(open_misere_first(match.observe(deal.turn), rng))
        while not deal.is_over:
            assert deal.turn is not None
            obs = match.observe(deal.turn)
            play = describe(match, obs)
            for seat, cards in seen_cards(obs).items():
                k = knowledge(obs, play)
                s = rng.getrandbits(64)
                hands = _pointmcts.sample(play.game(), k, s)
                assert hands == pointmcts_py.sample(play.game(), k, s)
                assert hands[int(seat)] & pointmcts.mask_of(cards) == pointmcts.mask_of(cards)
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
