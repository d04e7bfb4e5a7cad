"""Two-player Scandinavian whist (rules-variants.md section 5), as the user's
source details it: the layouts, high or low, four-card tricks, the scoring
and its examples."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Claim, Play
from engine.ai.family import choose_action
from engine.cards import full_deck
from engine.deal import Deal
from engine.errors import IllegalPlay, RulesError
from engine.game import Contract, Phase
from engine.games import get_game
from engine.games.scandinavian import ScandinavianRules, stacks
from engine.games.scandinavian.search import draw
from engine.match import Match
from engine.seats import Seat

SCAN = get_game("scandinavian")
RULES = ScandinavianRules()


def new_deal(seed: int = 1, dealer: Seat = Seat.N) -> Deal:
    return Deal(SCAN.next_record(RULES, dealer, 0, seed), RULES, SCAN)


def test_the_deal_10_in_hand_8_down_under_8_up_one_at_a_time_from_the_non_dealer():
    deal = new_deal(5, Seat.E)
    record = deal.record
    pack = [c for c in full_deck()]
    assert sorted([c for h in record.hands() if h for c in h]
                  + [c for _, p in record.piles for c in p]) == sorted(pack)
    for seat in (Seat.N, Seat.E):
        assert len(deal.hand(seat) or ()) == 10
        assert len(record.pile(f"down{int(seat)}")) == len(record.pile(f"up{int(seat)}")) == 8
        assert [up for _, up in stacks(deal, seat)] == [True] * 8
    assert deal.tricks_per_hand == 13 and deal.trump == 4
    seen = deal.observe(Seat.N).piles
    assert set(seen) == {"layout0", "layout1", "covered0", "covered1"} and len(seen["layout1"]) == 8
    assert seen["covered1"] == seen["layout1"]  # every face-up card has a card under it at first
    assert not set(seen["layout1"]) & set(record.pile("down1"))  # face-down cards are not seen


def test_non_dealer_says_high_or_low_then_the_dealer_if_low():
    deal = new_deal(2, Seat.N)
    assert (deal.phase, deal.turn) == (Phase.AUCTION, Seat.E)
    deal.apply(Bid(Seat.E, call="high"))
    assert deal.contract == Contract(Seat.E, "high", 4) and deal.turn == Seat.N  # the other leads
    low = new_deal(2, Seat.N)
    low.apply(Bid(Seat.E, call="low"))
    assert low.turn == Seat.N and low.phase == Phase.AUCTION
    low.apply(Bid(Seat.N, call="high"))
    assert low.contract == Contract(Seat.N, "high", 4) and low.turn == Seat.E
    both = new_deal(2, Seat.N)
    both.apply(Bid(Seat.E, call="low"))
    both.apply(Bid(Seat.N, call="low"))
    assert both.contract == Contract(None, "low", 4) and both.turn == Seat.E  # low: the non-dealer


def test_a_trick_is_leader_other_leader_other_and_the_highest_of_the_suit_led_wins():
    deal = new_deal(9, Seat.N)
    deal.apply(Bid(Seat.E, call="high"))
    rng = random.Random(4)
    order = []
    while len(deal.tricks) < 1:
        order.append(deal.turn)
        deal.apply(rng.choice(deal.legal_actions()))
    assert order == [Seat.N, Seat.E, Seat.N, Seat.E]
    trick = deal.tricks[0]
    led = trick.cards[0].suit
    best = max((c for c in trick.cards if c.suit == led), key=lambda c: c.rank)
    assert trick.winner(deal.order) == dict((c, s) for s, c in trick.plays())[best]
    assert deal.turn == trick.winner(deal.order)


def test_a_face_up_card_may_be_played_and_the_card_under_it_is_turned_at_once():
    deal = new_deal(3, Seat.N)
    deal.apply(Bid(Seat.E, call="low"))
    deal.apply(Bid(Seat.N, call="low"))
    seat = deal.turn
    assert seat == Seat.E
    top = deal.record.pile("up1")[0]
    under = deal.record.pile("down1")[0]
    deal.apply(Play(seat, top))
    assert stacks(deal, seat)[0] == (under, True)
    assert under in SCAN.layout(deal, seat)
    seen = deal.observe(Seat.N).piles
    assert under in seen["layout1"] and under not in seen["covered1"]  # nothing under a turned card
    assert len(seen["covered1"]) == 7


def test_following_counts_the_face_up_layout_as_held():
    for seed in range(200):
        deal = new_deal(seed, Seat.N)
        deal.apply(Bid(Seat.E, call="high"))  # North leads
        lead = min(deal.hand(Seat.N) or ())
        deal.apply(Play(Seat.N, lead))
        hand = deal.hand(Seat.E) or frozenset()
        layout = SCAN.layout(deal, Seat.E)
        if any(c.suit == lead.suit for c in layout) and not any(c.suit == lead.suit for c in hand):
            off = min(hand)
            with pytest.raises(IllegalPlay, match="must follow"):
                deal.apply(Play(Seat.E, off))
            assert {a.card.suit for a in deal.legal_actions() if isinstance(a, Play)} == {lead.suit}
            return
    pytest.fail("no deal had East's only card of the suit led in the layout")


def scored(contract: tuple[str, Seat | None], first: int, game=(0, 0)):
    """The score of a hand whose first player (seat 0) takes ``first`` tricks."""
    deal = new_deal(1, Seat.E)  # North, the non-dealer, speaks first
    call, bidder = contract
    if call == "high" and bidder == Seat.N:
        deal.apply(Bid(Seat.N, call="high"))
    elif call == "high":
        deal.apply(Bid(Seat.N, call="low"))
        deal.apply(Bid(Seat.E, call="high"))
    else:
        deal.apply(Bid(Seat.N, call="low"))
        deal.apply(Bid(Seat.E, call="low"))
    deal.apply(Claim(Seat.N, 0))
    deal.taken[:] = [first, 13 - first]  # the claim's tricks, as the table would have counted them
    return SCAN.score_hand(deal, game, RULES, 1, None)


def test_the_rules_examples():
    assert scored(("high", Seat.N), 9).points == (3, 0)  # high bidder takes 9: +3
    assert scored(("high", Seat.N), 5).points == (0, 4)  # takes 5: the opponent (8) scores 4
    assert scored(("low", None), 5).points == (2, 0)  # low game 8-5: the player with 5 scores 2
    assert scored(("high", Seat.E), 4).points == (0, 3)  # East bid high and took 9
    won = scored(("high", Seat.N), 10, game=(10, 12))
    assert won.game_after == (14, 12) and won.game_won_by == 0


def test_settings_and_records_are_checked():
    with pytest.raises(RulesError, match="unknown Scandinavian whist setting"):
        SCAN.rules_from_dict({"trumps": 1})
    assert SCAN.rules_from_dict({"target": 21}) == ScandinavianRules(target=21)
    record = get_game("german").next_record(get_game("german").default_rules(), Seat.N, 0, 1)
    with pytest.raises(RulesError, match="8 down and 8 up"):
        SCAN.check_record(RULES, record, 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_random_matches_play_every_card_once_and_replay_the_same(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(RULES, Seat(seed % 2), seed, SCAN)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            level = "rules" if turn == Seat.N else "random"
            deal.apply(choose_action(deal.observe(turn), level, rng.random()))
        played = [c for t in deal.tricks for c in t.cards]
        assert sorted(played) == sorted(full_deck())
        assert all(len(t.cards) == 4 for t in deal.tricks)
        match.finish_deal()
    again = Match.from_dict(match.to_dict())
    assert [h.points for h in again.hands] == [h.points for h in match.hands]
    assert again.winner == match.winner is not None
    assert sum(h.points[match.winner] for h in match.hands) >= 13


def test_the_textbook_beats_random_play():
    margin = 0
    for seed in range(30):
        match = Match(RULES, Seat(seed % 2), seed, SCAN)
        deal = match.new_deal()
        me, rng = Seat(seed % 2), random.Random(seed)
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            obs = deal.observe(turn)
            deal.apply(choose_action(obs, "rules") if turn == me else rng.choice(deal.legal_actions()))
        score = match.finish_deal()
        margin += score.points[me] - score.points[1 - me]
    assert margin / 30 > 1.5


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_the_search_draws_only_deals_the_seat_could_be_facing(seed: int, steps: int) -> None:
    deal = new_deal(seed, Seat(seed % 2))
    rng = random.Random(seed)
    for _ in range(2 + steps):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    if deal.is_over or deal.phase != Phase.PLAY:
        return
    seat = deal.turn
    obs = deal.observe(seat)
    sim = draw(obs, rng, deal.contract.call == "low", None)
    assert sim is not None
    other = 1 - int(seat)
    assert sim.hands[int(seat)] == {int(c) for c in deal.hand(seat)}
    # the same cards left in all, each seat's face-up cards where they are, the right number face down
    assert len(sim.hands[other]) == len(deal.hand(Seat(other)))
    for s in (0, 1):
        tops = sorted(st_[-1] for st_ in sim.stacks[s] if st_)
        assert tops == sorted(int(c) for c in SCAN.layout(deal, Seat(s)))
        assert sum(len(st_) - 1 for st_ in sim.stacks[s]) == len(obs.piles[f"covered{s}"])
    left = set(sim.hands[0]) | set(sim.hands[1]) | {c for s in (0, 1) for st_ in sim.stacks[s] for c in st_}
    assert left == {int(c) for c in full_deck()} - {int(c) for c in deal.played} - {
        int(c) for c in deal.current.cards}
    # never a card in the other's hand of a suit it has shown out of
    shown_out = {t.cards[0].suit for t in (*deal.tricks, deal.current) for s, c in t.plays()
                 if s == Seat(other) and c.suit != t.cards[0].suit}
    assert not {c // 13 for c in sim.hands[other]} & shown_out


def test_hard_searches_and_outscores_the_textbook():
    margin = 0
    for seed in range(4):
        for me in (Seat(0), Seat(1)):
            match = Match(RULES, Seat(seed % 2), f"search{seed}", SCAN)
            deal = match.new_deal()
            while not deal.is_over:
                turn = deal.turn
                obs = deal.observe(turn)
                deal.apply(choose_action(obs, "hard" if turn == me else "rules", seed=seed))
            score = match.finish_deal()
            margin += score.points[me] - score.points[1 - me]
    assert margin > 0
