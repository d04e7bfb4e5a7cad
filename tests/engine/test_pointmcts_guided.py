"""The point games' search with play-outs guided by the game's card policy (hard and
expert's search): the standard search stays the standard one, the guided one is the
Python reference's card for card, and the levels using it repeat and play for the goal."""

from __future__ import annotations

import random

from engine import _pointmcts
from engine.actions import Play
from engine.ai.family import choose_action
from engine.cards import Card
from engine.games.catchten import CatchTenRules
from engine.games.hearts import HeartsRules
from engine.search import pointmcts, pointmcts_py
from engine.search.pointmcts import knowledge
from tests.engine.test_pointmcts import layout_positions, match_of, positions

# the standard search's cards on these positions, as the first version of the search
# (the Python reference of 23663f5) chose them: the bench's baseline must not move
STANDARD = [18, 3, 31, 17, 19, 5, 2, 25, 21, 10, 10, 25, 34, 18, 32, 9, 6, 22, 8, 17]


def test_the_standard_search_chooses_the_cards_it_always_chose() -> None:
    rng = random.Random(48)
    cards = []
    for obs, play in layout_positions(48)[::5]:
        if len([a for a in obs.legal if isinstance(a, Play)]) < 2 or len(obs.hand) > 6:
            continue
        seed = rng.getrandbits(64)
        k, game = knowledge(obs, play), play.game()
        card = _pointmcts.search(game, k, 200, pointmcts.EXPLORE, seed)
        assert card == _pointmcts.search(game, k, 200, pointmcts.EXPLORE, seed, 0)
        assert card == pointmcts.search(obs, play, 200, seed=seed).card
        cards.append(card)
    assert cards == STANDARD


def test_the_guided_search_chooses_the_card_the_python_reference_chooses() -> None:
    rng = random.Random(9)
    checked = 0
    for obs, play in layout_positions(9):
        if len([a for a in obs.legal if isinstance(a, Play)]) < 2 or len(obs.hand) > 5:
            continue
        seed = rng.getrandbits(64)
        guide = rng.choice([50, 80, 100])
        k, game = knowledge(obs, play), play.game()
        card = _pointmcts.search(game, k, 150, pointmcts.EXPLORE, seed, guide)
        assert card == pointmcts_py.search(game, k, 150, pointmcts.EXPLORE, seed, guide)
        assert Play(obs.seat, Card(card)) in obs.legal
        checked += 1
    assert checked >= 20


def test_hard_catches_an_opponents_ten_when_last_to_play() -> None:
    """Last to a trick an opponent's trump ten is winning, holding a trump above it: hard
    takes it (the ten's 10 points and the trick's cards)."""
    rng = random.Random(6)
    seen = 0
    for seed in range(60):
        match = match_of(CatchTenRules(players=4), seed)
        for obs, play, _, _, legal, _ in positions(match, rng):
            ten = Card.of(obs.trump, 10)
            if len(obs.trick.cards) != 3 or ten not in obs.trick.cards:
                continue
            taker = obs.trick.winner(play.order)
            if dict(obs.trick.plays())[taker] != ten:
                continue
            higher = [c for c in legal
                      if c // 13 == obs.trump and play.order.power(Card(c)) > play.order.power(ten)]
            if not higher or play.side[int(taker)] == play.side[int(obs.seat)]:
                continue
            action = choose_action(obs, "hard", seed, budget=None)
            assert isinstance(action, Play) and int(action.card) in higher
            seen += 1
    assert seen >= 3


def test_hard_repeats_its_card_for_a_seed_and_plays_a_legal_one() -> None:
    rng = random.Random(4)
    for rules in (CatchTenRules(players=4), CatchTenRules(players=6)):
        match = match_of(rules, 4)
        for obs, *_ in positions(match, rng)[::6]:
            first = choose_action(obs, "hard", "s", budget=None)
            assert first in obs.legal
            assert choose_action(obs, "hard", "s", budget=None) == first


def policy_card(trick: str, hand: str) -> Card:
    """The guided play-outs' card in Hearts for the seat after ``trick`` (spaced cards, the
    first its lead) holding ``hand``, hearts broken, the fourth trick."""
    match = match_of(HeartsRules(players=4), 1)
    obs, play, *_ = positions(match, random.Random(1))[0]
    r = pointmcts_py.Rules(*play.game())
    cards = [int(Card(c)) for c in trick.split()]
    hands = [0, 0, 0, 0]
    hands[len(cards)] = pointmcts.mask_of(frozenset(Card(c) for c in hand.split()))
    sim = pointmcts_py.Sim(len(cards), 0, 3, True, cards, hands, [0, 0, 0, 0])
    return Card(pointmcts_py._policy(r, sim, pointmcts_py._legal(r, sim)))


def test_where_points_are_penalties_the_guided_play_outs_duck_high_and_dump_the_worst() -> None:
    assert policy_card("DQ", "D3 DT DK C2") == Card("DT")  # under the queen, as high as it can
    assert policy_card("D9 D5", "SQ HA C4") == Card("SQ")  # void: the queen of spades first
    assert policy_card("D9", "HA H2 C4") == Card("HA")  # then the highest heart
    assert policy_card("D9 D5 D2", "SK C4") == Card("SK")  # then the highest card
    assert policy_card("", "H2 C5 D3") == Card("D3")  # lead the lowest card that carries no point
