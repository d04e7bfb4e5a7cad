"""The point games' standard ISMCTS (engine/csrc/pointmcts.c, the bench's yardstick for
Hearts and Catch the Ten): its model of the play is the engine's (the same legal cards
at every turn, the same state after every card, the hand's points the engine's score),
its layouts never break what the seat knows, and the C chooses the card the Python
reference chooses, seed for seed."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import _pointmcts
from engine.actions import Exchange, Play
from engine.cards import Card
from engine.errors import RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.catchten import CatchTenRules
from engine.games.hearts import HeartsRules
from engine.match import Match
from engine.observation import Observation
from engine.order import NO_TRUMP, Order
from engine.search import pointmcts, pointmcts_py
from engine.search.pointmcts import PointPlay, knowledge
from engine.search.pointmcts_py import Game, Knowledge, State
from engine.seats import Seat

BACKENDS = (_pointmcts, pointmcts_py)
Rules = HeartsRules | CatchTenRules


def match_of(rules: Rules, seed: int) -> Match:
    game = get_game("hearts" if isinstance(rules, HeartsRules) else "catch-the-ten", rules.players)
    game = game.with_rules(rules)
    return Match(rules, Seat(seed % rules.players), seed, game)


def describe(match: Match, obs: Observation) -> PointPlay:
    play: PointPlay = match.game.point_play(obs)  # type: ignore[attr-defined]
    return play


def full_state(match: Match, play: PointPlay) -> State:
    """The search's state of the deal in progress with every hand as dealt, in the model's
    order of seats (and a stock drawn from, German whist's, as it lies)."""
    deal = match.current
    assert deal is not None and deal.turn is not None
    state = knowledge(match.observe(deal.turn), play)[0]
    seats = play.ring or tuple(Seat(s) for s in range(match.game.players))
    hands = tuple(pointmcts.mask_of(frozenset(deal.hand(seat) or ())) for seat in seats)
    return (*state[:5], hands, state[6], tuple(int(c) for c in deal.piles.get("stock", ())), state[8])


Check = Callable[[Observation, PointPlay, State], None]


def play_searching(match: Match, searches: Callable[[Seat], bool], seed: int) -> None:
    """The deal in progress played out: the seats ``searches`` names with the search (1,000
    simulations a card, seeded by ``seed``), every other card at random."""
    deal = match.current
    assert deal is not None
    rng = random.Random(seed)
    while not deal.is_over:
        assert deal.turn is not None
        if searches(deal.turn):
            obs = match.observe(deal.turn)
            action = pointmcts.search(obs, describe(match, obs), seed=seed)
            assert action in obs.legal
            match.apply(action)
        else:
            match.apply(rng.choice(deal.legal_actions()))


def searched_margin(match_at: Callable[[int], Match], seat: Seat, seeds: int) -> float:
    """``seat``'s tricks a hand searching (1,000 simulations a card) less its tricks playing at
    random, every other card at random, over deals 0 .. ``seeds`` - 1, each ``match_at(seed)``
    ready at its first card."""
    def tricks(seed: int, searcher: Seat | None) -> int:
        match = match_at(seed)
        play_searching(match, lambda s: s == searcher, seed)
        return match.finish_deal().tricks[int(seat)]

    return sum(tricks(seed, seat) - tricks(seed, None) for seed in range(seeds)) / seeds


def drawn(match: Match, rng: random.Random) -> tuple[Observation, PointPlay, Knowledge, tuple[int, ...]]:
    """One layout from the view of the seat to act: its observation, the game's model, what
    it knows and every seat's hand as drawn, the C and the Python sampler agreeing."""
    deal = match.current
    assert deal is not None and deal.turn is not None
    obs = match.observe(deal.turn)
    play = describe(match, obs)
    k = knowledge(obs, play)
    s = rng.getrandbits(64)
    hands = _pointmcts.sample(play.game(), k, s)
    assert hands == pointmcts_py.sample(play.game(), k, s)
    return obs, play, k, hands


def left_out(obs: Observation, k: Knowledge, hands: tuple[int, ...], pack: int, pile: str, out: int) -> int:
    """A layout's hands each as many cards as its seat holds, no card in two, none of the
    cards of ``pile`` the seat was shown (those laid away out of play), and ``out`` of the
    ``pack`` (its size) neither placed nor played: the cards placed, or 0 where the seat was
    not shown the pile."""
    counts = k[2]
    assert all(bin(h).count("1") == counts[i] for i, h in enumerate(hands))
    placed = 0
    for h in hands:
        assert not placed & h
        placed |= h
    played = pointmcts.mask_of(frozenset(c for t in (*obs.tricks, obs.trick) for c in t.cards))
    assert bin(((1 << pack) - 1) & ~placed & ~played).count("1") == out
    laid = pointmcts.mask_of(frozenset(obs.piles.get(pile, ())))
    assert not placed & laid
    return placed if laid else 0


def play_checked(match: Match, rng: random.Random, each: Check | None = None) -> tuple[State, PointPlay]:
    """The deal in progress played out at random, checking at every card that the legal cards
    are the engine's in C and in Python and the state after it the one the next observation
    describes (``each``: more checks before a card): the last state and model."""
    deal = match.current
    assert deal is not None
    state: State | None = None
    play: PointPlay | None = None
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
        if each is not None:
            each(obs, play, state)
        card = rng.choice(legal)
        after = _pointmcts.apply(game, state, card)
        assert pointmcts_py.apply(game, state, card) == after
        state = after
        match.apply(Play(deal.turn, pointmcts.CARDS[card]))
    assert state is not None and play is not None
    return state, play


Position = tuple[Observation, PointPlay, Game, State, list[int], int]


def positions(match: Match, rng: random.Random) -> list[Position]:
    """Every card play of one random hand (the pass at random too): the seat's observation,
    the game's description and tuple, the full state before the card, the legal cards and
    the card played."""
    deal = match.current or match.new_deal()
    out = []
    while not deal.is_over:
        assert deal.turn is not None
        if deal.phase is Phase.EXCHANGE:
            hand = sorted(deal.hand(deal.turn) or ())
            match.apply(Exchange(deal.turn, tuple(sorted(rng.sample(hand, deal.exchange_count())))))
            continue
        obs = match.observe(deal.turn)
        play = describe(match, obs)
        action = rng.choice(deal.legal_actions())
        assert isinstance(action, Play)
        legal = sorted(int(a.card) for a in deal.legal_actions() if isinstance(a, Play))
        out.append((obs, play, play.game(), full_state(match, play), legal, int(action.card)))
        match.apply(action)
    return out


hearts_rules = st.builds(HeartsRules, players=st.integers(3, 6),
                         moon=st.sampled_from(["others_plus_26", "choice", "off"]),
                         jack_diamonds=st.booleans(), first_trick_points=st.booleans(),
                         queen_breaks_hearts=st.booleans(), target=st.sampled_from([10, 30, 100]),
                         pass_cycle=st.sampled_from(["cycle", "left", "none"]))
catch_rules = st.sampled_from([CatchTenRules(players=4), CatchTenRules(players=4, sides="none"),
                               CatchTenRules(players=5), CatchTenRules(players=6),
                               CatchTenRules(players=6, sides="three"), CatchTenRules(players=7),
                               CatchTenRules(players=8), CatchTenRules(players=2, packets=False),
                               CatchTenRules(players=3, packets=False)])


@settings(max_examples=30, deadline=None)
@given(rules=st.one_of(hearts_rules, catch_rules), seed=st.integers(0, 10**6))
def test_the_model_plays_and_scores_every_hand_as_the_engine(rules: Rules, seed: int) -> None:
    """Random matches: at every card the legal cards and the state are the engine's, in C
    and in Python, and each hand's points are what the engine scores."""
    match = match_of(rules, seed)
    rng = random.Random(seed)
    for _ in range(3):
        if match.is_over:
            break
        plays = positions(match, rng)
        state = plays[0][3]
        for _, _, game, before, legal, card in plays:
            assert state == before
            for backend in BACKENDS:
                assert list(backend.legal(game, state)) == legal
            after = _pointmcts.apply(game, state, card)
            assert pointmcts_py.apply(game, state, card) == after
            state = after
        score = match.finish_deal()
        for backend in BACKENDS:
            assert backend.points(plays[-1][2], state) == score.points


def layout_positions(seed: int) -> list[tuple[Observation, PointPlay]]:
    rng = random.Random(seed)
    out = []
    tables: list[Rules] = [HeartsRules(players=4), HeartsRules(players=3), HeartsRules(players=6),
                               CatchTenRules(players=4), CatchTenRules(players=8),
                               CatchTenRules(players=3, packets=False)]
    for rules in tables:
        match = match_of(rules, seed)
        out += [(p[0], p[1]) for p in positions(match, rng)]
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_a_layout_keeps_every_shown_out_suit_known_card_and_hand_size(seed: int) -> None:
    rng = random.Random(seed)
    for obs, play in layout_positions(seed):
        k = knowledge(obs, play)
        state, seat, counts, voids, known, unseen, _, _ = k
        for _ in range(5):
            s = rng.getrandbits(64)
            hands = _pointmcts.sample(play.game(), k, s)
            assert hands == pointmcts_py.sample(play.game(), k, s)
            assert hands[seat] == state[5][seat]
            others = 0
            for p in range(obs.players):
                if p == seat:
                    continue
                assert bin(hands[p]).count("1") == counts[p]
                assert hands[p] & known[p] == known[p]
                assert not any(hands[p] >> (13 * suit) & 0x1FFF for suit in range(4) if voids[p] >> suit & 1)
                assert not hands[p] & others
                others |= hands[p]
            assert others == unseen


def test_a_seat_that_may_hold_only_the_cards_it_needs_is_dealt_them() -> None:
    """Three seats and 16 cards out of play: East, shown out of hearts, diamonds and clubs,
    holds ten cards and only ten spades are unseen; South is out of spades. Card by card
    those ten almost never all land with East rather than out of play; the sampler
    still finds the layout (East takes them all), in C and in Python alike."""
    play = PointPlay.by_tricks((0, 1, 0), Order(NO_TRUMP))
    play = PointPlay(3, (0, 1, 0), play.pack, play.order, play.values, (26, 13), out=13)
    spades = [Card(f"S{r}") for r in "23456789TJ"]
    unseen = spades + [Card(f"{s}{r}") for s in "HD" for r in "23456789TJQKA"]
    hand = pointmcts.mask_of(tuple(Card(f"C{r}") for r in "23456789TJ"))
    state = (0, 0, 3, 0, (), (hand, 0, 0), (0, 0, 0), (), ())
    k = (state, 0, (10, 10, 10), (0, 0b1110, 0b0001), (0, 0, 0), pointmcts.mask_of(tuple(unseen)),
         ((13,) * 4,) * 3, (0, 0, 0, 0))
    for seed in range(20):
        hands = _pointmcts.sample(play.game(), k, seed)
        assert hands == pointmcts_py.sample(play.game(), k, seed)
        assert hands[1] == pointmcts.mask_of(tuple(spades))
        assert bin(hands[2]).count("1") == 10 and not hands[2] & hands[1]


def test_the_passed_cards_and_the_turned_trump_are_known_where_they_lie() -> None:
    rng = random.Random(3)
    hearts = match_of(HeartsRules(players=4), 3)
    obs, play, *_ = positions(hearts, rng)[0]
    passed = obs.piles["passed"]
    left = Seat((int(obs.seat) + 1) % 4)  # the first hand of a match passes left
    assert len(passed) == 3 and play.known == {left: frozenset(passed)}
    ten = match_of(CatchTenRules(players=4), 3)
    obs, play, *_ = positions(ten, rng)[0]
    assert obs.trump_card is not None and play.known == {obs.dealer: frozenset({obs.trump_card})}


def test_the_search_chooses_the_card_the_python_reference_chooses() -> None:
    """Late in random hands (few cards left, so the reference is quick) and a few earlier."""
    rng = random.Random(7)
    checked = 0
    for obs, play in layout_positions(7):
        left = len(obs.hand)
        if len([a for a in obs.legal if isinstance(a, Play)]) < 2 or (left > 4 and rng.random() > 0.03):
            continue
        seed = rng.getrandbits(64)
        iterations = 300 if left <= 4 else 60
        k, game = knowledge(obs, play), play.game()
        card = _pointmcts.search(game, k, iterations, pointmcts.EXPLORE, seed)
        assert card == pointmcts_py.search(game, k, iterations, pointmcts.EXPLORE, seed)
        assert Play(obs.seat, Card(card)) in obs.legal
        checked += 1
    assert checked >= 20


def test_a_seeded_search_repeats_its_card_and_always_plays_a_legal_one() -> None:
    rng = random.Random(11)
    for obs, play in layout_positions(11)[::7]:
        seed = rng.getrandbits(64)
        first = pointmcts.search(obs, play, 200, seed=seed)
        assert first in obs.legal
        assert pointmcts.search(obs, play, 200, seed=seed) == first


@pytest.mark.parametrize("rules", [HeartsRules(players=4), CatchTenRules(players=4)])
def test_the_search_takes_fewer_penalty_points_or_more_honours_than_random_play(rules: Rules) -> None:
    """Side 0 searching with 1,000 simulations, the others at random, 8 hands: Hearts' searcher
    takes fewer points than the random players' mean, Catch the Ten's pair more than the other."""
    rng = random.Random(2)
    margins = []
    for seed in range(8):
        match = match_of(rules, seed)
        deal = match.new_deal()
        while not deal.is_over:
            assert deal.turn is not None
            if deal.phase is Phase.EXCHANGE:
                hand = sorted(deal.hand(deal.turn) or ())
                match.apply(Exchange(deal.turn, tuple(rng.sample(hand, deal.exchange_count()))))
            elif match.game.side_of(deal.turn) == 0:
                obs = match.observe(deal.turn)
                match.apply(pointmcts.search(obs, describe(match, obs), seed=rng.getrandbits(64)))
            else:
                match.apply(rng.choice(deal.legal_actions()))
        points = match.finish_deal().points
        others = points[1:]
        margin = sum(others) / len(others) - points[0]
        margins.append(margin if isinstance(rules, HeartsRules) else -margin)
    assert sum(margins) / len(margins) > 3


def test_packets_still_face_down_are_refused_with_a_reason() -> None:
    match = match_of(CatchTenRules(players=2), 4)
    deal = match.new_deal()
    assert deal.turn is not None
    with pytest.raises(RulesError, match="packets=false"):
        describe(match, match.observe(deal.turn))
