"""German whist in the point games' standard ISMCTS (engine/csrc/pointmcts.c, the bench's
yardstick): the model German.point_play describes plays the hand as the engine does (the
same legal cards at every card, the same draws from the stock, the same counted tricks and
score) in C and in the Python reference alike, its layouts keep every card the seat has
seen where it lies and never contradict a show-out, and the searches play better than
chance (hard takes the turned trump ace cheaply)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Play
from engine.cards import Card, full_deck
from engine.errors import RulesError
from engine.games import get_game
from engine.games.german import GermanRules
from engine.games.german.ai import PLAYER, model
from engine.match import Match
from engine.observation import Observation
from engine.record import DealRecord
from engine.search import pointmcts, pointmcts_py
from engine.search.pointmcts import PointPlay, knowledge, mask_of
from engine.search.pointmcts_py import State
from engine.seats import Seat
from tests.engine.test_pointmcts import describe, full_state, play_checked

BACKENDS = (_pointmcts, pointmcts_py)
GERMAN = get_game("german")


def match_of(rules: GermanRules, seed: int) -> Match:
    return Match(rules, Seat(seed % 2), seed, GERMAN.with_rules(rules))


Position = tuple[Observation, PointPlay, State]


def positions(match: Match, rng: random.Random) -> list[Position]:
    """Every card of one hand played at random: the seat's observation, the model and the
    full state before the card."""
    deal = match.new_deal()
    out = []
    while not deal.is_over:
        assert deal.turn is not None
        obs = match.observe(deal.turn)
        play = describe(match, obs)
        out.append((obs, play, full_state(match, play)))
        match.apply(rng.choice(deal.legal_actions()))
    return out


german_rules = st.builds(GermanRules, score_mode=st.sampled_from(["per_trick", "difference"]),
                         phase1_counts=st.booleans())


@settings(max_examples=30, deadline=None)
@given(rules=german_rules, seed=st.integers(0, 10**6))
def test_the_model_plays_draws_and_scores_every_hand_as_the_engine(rules: GermanRules, seed: int) -> None:
    """Random hands under every scoring the model says: at every card the legal cards are the
    engine's in C and in Python, the state after it (both hands after the draws, the stock
    left, the tricks that count) is the one the next observation describes, and the hand's
    points are the engine's score (per trick, a point a card: twice it)."""
    match = match_of(rules, seed)
    match.new_deal()
    state, play = play_checked(match, random.Random(seed))
    score = match.finish_deal()
    assert not state[7] and tuple(bin(w).count("1") // 2 for w in state[6]) == score.tricks
    # a point a trick is its two cards' one each: twice the score, the same reward
    expected = tuple((2 if rules.score_mode == "per_trick" else 1) * p for p in score.points)
    for backend in BACKENDS:
        assert backend.points(play.game(), state) == expected


def seen_in_hands(obs: Observation) -> dict[Seat, frozenset[Card]]:
    """The turned card in the hand of the first trick's winner, until played."""
    played = {c for t in (*obs.tricks, obs.trick) for c in t.cards}
    if not obs.tricks or obs.trump_card is None or obs.trump_card in played:
        return {}
    return {obs.tricks[0].winner(obs.trump): frozenset({obs.trump_card})}


def within(hand: int, known: int, caps: tuple[int, ...]) -> bool:
    """No more of each suit among the cards of ``hand`` not ``known`` than ``caps``."""
    return all(bin(hand & ~known & (0x1FFF << (13 * suit))).count("1") <= caps[suit] for suit in range(4))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_layout_keeps_the_seen_cards_where_they_lie_and_the_real_one_fits(seed: int) -> None:
    """At every card of random hands, from the seat to play: each layout keeps the seat's hand,
    the face-up card on top of the stock, the turned card in the hand of the trick's winner
    who took it, each hand's size and the stock's, and no more of a suit than a seat may hold
    after showing out of it; the hand as it really lies fits the same bounds; once the stock
    is gone the layout is the real one."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(3):
        for obs, play, real in positions(match_of(GermanRules(), rng.getrandbits(32)), rng):
            k = knowledge(obs, play)
            state, seat, counts, voids, known, unseen, caps, _ = k
            other = 1 - seat
            assert within(real[5][other], known[other], caps[other])
            for who, cards in seen_in_hands(obs).items():
                if int(who) != seat:
                    assert known[other] == mask_of(cards)
            for _ in range(3):
                s = rng.getrandbits(64)
                layout = _pointmcts.layout(play.game(), k, s)
                assert layout == pointmcts_py.layout(play.game(), k, s)
                assert _pointmcts.sample(play.game(), k, s) == layout[5]
                hands, stock = layout[5], layout[7]
                assert hands[seat] == mask_of(obs.hand)
                assert bin(hands[other]).count("1") == counts[other]
                assert hands[other] & known[other] == known[other]
                assert within(hands[other], known[other], caps[other])
                assert len(stock) == len(real[7])
                if stock:
                    assert stock[0] == int(obs.piles["upcard"][0]) == real[7][0]
                else:
                    assert hands == real[5]
                assert hands[other] | mask_of(tuple(Card(c) for c in stock[1:])) == unseen
                checked += 1
    assert checked >= 400


def test_the_search_chooses_the_card_the_python_reference_chooses() -> None:
    """Positions through random hands, the stock's tricks and the last ones: the C and the
    Python reference search to the same card, seed for seed."""
    rng = random.Random(7)
    checked = 0
    for obs, play, _ in positions(match_of(GermanRules(), 7), rng):
        if len([a for a in obs.legal if isinstance(a, Play)]) < 2 or rng.random() > 0.3:
            continue
        seed = rng.getrandbits(64)
        k, game = knowledge(obs, play), play.game()
        card = _pointmcts.search(game, k, 40, pointmcts.EXPLORE, seed, 30)
        assert card == pointmcts_py.search(game, k, 40, pointmcts.EXPLORE, seed, 30)
        assert Play(obs.seat, Card(card)) in obs.legal
        checked += 1
    assert checked >= 5


def test_a_game_won_by_the_majority_is_refused_by_the_bench_model_and_searched_for_tricks_by_hard() -> None:
    rules = GermanRules(score_mode="majority")
    match = match_of(rules, 3)
    deal = match.new_deal()
    assert deal.turn is not None
    obs = match.observe(deal.turn)
    with pytest.raises(RulesError, match="score_mode=per_trick or difference"):
        GERMAN.point_play(obs)  # type: ignore[attr-defined]
    assert model(obs).scale() == (0.0, 26.0)  # the tricks, a game to the most of them
    action = PLAYER(obs, "hard", "3", None, None)
    assert action in obs.legal


def test_the_scores_the_model_rewards() -> None:
    """A point a counted trick, or the tricks over the other's: a side's best is the counted
    tricks' cards (per trick) or all the counted tricks over none (difference)."""
    scales = {}
    for mode in ("per_trick", "difference"):
        for counts in (False, True):
            match = match_of(GermanRules(score_mode=mode, phase1_counts=counts), 1)
            match.new_deal()
            obs = match.observe(Seat(1))
            scales[mode, counts] = GERMAN.point_play(obs).scale()  # type: ignore[attr-defined]
    assert scales == {("per_trick", False): (0.0, 26.0), ("per_trick", True): (0.0, 52.0),
                      ("difference", False): (0.0, 13.0), ("difference", True): (0.0, 26.0)}


def test_hard_takes_the_turned_trump_ace_with_its_cheapest_winner() -> None:
    """The other leads the two of spades to the first trick with the ace of trumps turned:
    hard, holding the three and the king, wins it with the three and keeps the king."""
    deck = list(full_deck())
    ace = Card("HA")
    mine = [Card(c) for c in ("S3", "SK", "H5", "D2", "D6", "D9", "DJ", "C3", "C4", "C8", "CT", "CQ", "H9")]
    theirs = [Card(c) for c in ("S2", "S7", "S9", "H2", "H3", "D3", "D4", "DT", "C2", "C5", "C6", "C7", "CK")]
    rest = [c for c in deck if c not in mine and c not in theirs and c != ace]
    random.Random(1).shuffle(rest)
    record = DealRecord.of_hands(Seat(0), [mine, theirs], ace.suit, {"stock": [ace, *rest]}, ace)
    match = Match(GermanRules(), Seat(0), 1, GERMAN)
    match.start_deal(record)
    match.apply(Play(Seat(1), Card("S2")))
    obs = match.observe(Seat(0))
    for seed in range(3):
        assert PLAYER(obs, "hard", str(seed), None, None) == Play(Seat(0), Card("S3"))


def taken(level: str, seed: int, seat: int, rng: random.Random) -> int:
    """The counted tricks ``seat`` takes playing ``level``, the other seat at random."""
    match = match_of(GermanRules(), seed)
    deal = match.new_deal()
    while not deal.is_over:
        assert deal.turn is not None
        if int(deal.turn) == seat:
            obs = match.observe(deal.turn)
            if level == "ismcts":
                match.apply(pointmcts.search(obs, GERMAN.point_play(obs),  # type: ignore[attr-defined]
                                             seed=rng.getrandbits(64)))
            else:
                match.apply(PLAYER(obs, level, str(rng.getrandbits(32)), None, None))
        else:
            match.apply(rng.choice(deal.legal_actions()))
    return match.finish_deal().tricks[seat]


@pytest.mark.parametrize("level", ["ismcts", "hard"])
def test_the_searches_take_most_of_the_last_tricks_against_random_play(level: str) -> None:
    """Duplicate hands, each played twice with the searcher in either seat: it takes more of
    the 13 counted tricks than random play in the same seats, by more than four a hand."""
    rng = random.Random(2)
    margins = [taken(level, seed, 0, rng) + taken(level, seed, 1, rng) - 13 for seed in range(4)]
    assert sum(margins) / len(margins) > 4
