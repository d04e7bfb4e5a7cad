"""The AI of Oh Hell and Knockout (engine.search.solo): its trick rules are the
engine's, its layouts agree with what the seat knows, every level acts
legally through whole games, and it plays for the exact count."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Declare, Play
from engine.ai import choose_action
from engine.bots import rules_card
from engine.cards import Card, parse_cards
from engine.deal import Deal, DealRecord
from engine.games import get_game
from engine.games.ohhell import OhHellRules
from engine.match import Match
from engine.order import NO_TRUMP, Order
from engine.search import solo
from engine.seats import Seat


@settings(max_examples=200, deadline=None)
@given(cards=st.lists(st.integers(0, 51), min_size=2, max_size=7, unique=True), trump=st.integers(0, 4))
def test_the_play_outs_trick_winner_is_the_engines(cards, trump):
    assert solo.winning_index(cards, trump) == Order(trump).winning_index([Card(c) for c in cards])


@settings(max_examples=200, deadline=None)
@given(hand=st.lists(st.integers(0, 51), min_size=1, max_size=8, unique=True),
       trick=st.lists(st.integers(0, 51), max_size=5, unique=True), trump=st.integers(0, 4),
       need=st.integers(-2, 3), last=st.booleans())
def test_the_textbook_card_is_always_legal(hand, trick, trump, need, last):
    trick = [c for c in trick if c not in hand]
    card = solo.policy(hand, trick, trump, need, last)
    assert Card(card) in Order(trump).legal([Card(c) for c in hand], [Card(c) for c in trick])


def test_layouts_respect_voids_counts_and_the_turned_card():
    match = Match(OhHellRules(players=4, schedule="fixed", fixed=6), Seat.N, 11)
    deal = match.new_deal()
    rng = random.Random(3)
    while deal.phase.value == "auction" or len(deal.tricks) < 3:
        match.apply(choose_action(match.observe(deal.turn), "rules", 1))
    obs = match.observe(deal.turn)
    know = solo.knowledge(obs)
    for _ in range(50):
        hands = solo.sample(know, rng)
        for s, h in enumerate(hands):
            assert len(h) == len(deal.hand(Seat(s)))
            assert not any(c // 13 in know.voids[s] for c in h) or s == int(obs.seat)
            assert int(deal.record.trump_card) not in h


def test_the_dealer_bids_around_the_hook():
    hands = {Seat.N: "SA SK", Seat.E: "HA H2", Seat.S: "D3 D2", Seat.W: "C3 C2"}
    record = DealRecord.of_hands(Seat.W, [parse_cards(hands[s]) for s in (Seat.N, Seat.E, Seat.S, Seat.W)],
                                 NO_TRUMP)
    deal = Deal(record, OhHellRules())
    for seat, bid in ((Seat.N, 1), (Seat.E, 1), (Seat.S, 0)):
        deal.apply(Bid(seat, tricks=bid))
    for level in ("rules", "hard"):
        west = choose_action(deal.observe(Seat.W), level, 1)
        assert isinstance(west, Bid) and west.tricks != 0  # 0 would make the bids add up to 2


def test_hard_ducks_once_it_has_its_bid():
    # E bid 0 and holds HK H2: S led the HA, so E throws the HK under it rather than keep it
    hands = {Seat.N: "C4 C5", Seat.E: "HK H2", Seat.S: "HA D9", Seat.W: "H3 S4"}
    record = DealRecord.of_hands(Seat.E, [parse_cards(hands[s]) for s in (Seat.N, Seat.E, Seat.S, Seat.W)],
                                 NO_TRUMP)
    deal = Deal(record, OhHellRules())
    for seat, bid in ((Seat.S, 1), (Seat.W, 0), (Seat.N, 0), (Seat.E, 0)):
        deal.apply(Bid(seat, tricks=bid))
    deal.apply(Play(Seat.S, Card("HA")))
    deal.apply(Play(Seat.W, Card("H3")))
    deal.apply(Play(Seat.N, Card("C4")))
    for level in ("rules", "hard"):
        assert choose_action(deal.observe(Seat.E), level, 1) == Play(Seat.E, Card("HK"))


def test_knockout_names_its_longest_suit_and_every_level_finishes_a_game():
    game = get_game("knockout", 3)
    for level in ("random", "rules", "easy", "medium", "hard"):
        match = Match(game.default_rules(), Seat(0), f"ko-{level}")
        while not match.is_over:
            deal = match.new_deal()
            while not deal.is_over:
                obs = match.observe(deal.turn)
                action = choose_action(obs, level, 1)
                assert action in obs.legal
                if isinstance(action, Declare) and level == "rules":
                    suits = [sum(1 for c in obs.hand if c.suit == s) for s in range(4)]
                    assert suits["SHDC".index(action.trump)] == max(suits)
                match.apply(action)
            match.finish_deal()
        assert match.winner is not None


def test_oh_hell_every_level_plays_legal_hands_and_the_bots_textbook_card():
    match = Match(OhHellRules(players=5, schedule="down", max_cards="3"), Seat(0), "lv")
    levels = ["random", "rules", "easy", "medium", "hard"]
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            obs = match.observe(deal.turn)
            action = choose_action(obs, levels[int(deal.turn)], 2)
            assert action in obs.legal
            if isinstance(action, Play):
                assert Card(rules_card(obs.to_json())) in deal.legal_moves()
            match.apply(action)
        match.finish_deal()
    assert len(match.hands) == 3


def test_the_same_seed_gives_the_same_move():
    match = Match(OhHellRules(players=4), Seat.N, "same")
    deal = match.new_deal()
    obs = match.observe(deal.turn)
    assert choose_action(obs, "hard", 5) == choose_action(obs.to_json(), "hard", 5)
