"""Dummy whist (rules-variants.md section 7b): the deal with the dummy last,
the Bid Whist auction once round with the dealer's forced bid, the dummy
face up opposite the declarer, who names trumps or the direction, leads and
plays the dummy's cards (the machine's play ring and actor), the scoring
and its example, game to 21."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Declare, Exchange, Pass, Play
from engine.ai.family import choose_action
from engine.cards import Card, full_deck
from engine.deal import Deal
from engine.errors import NotYourTurn, RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.dummy import DUMMY, DummyRules
from engine.match import Match
from engine.observation import Observation
from engine.seats import Seat
from engine.shuffle import fisher_yates, rng_for, shuffled_pack

GAME = get_game("dummy")
RULES = DummyRules()
N, E, S = Seat(0), Seat(1), Seat(2)


def new_deal(seed: int = 1, dealer: Seat = N, rules: DummyRules = RULES) -> Deal:
    return Deal(GAME.next_record(rules, dealer, 0, seed), rules, GAME)


def test_four_hands_one_at_a_time_from_eldest_the_dummy_fourth():
    deal = new_deal(3, S)
    pack = shuffled_pack(3)
    hands = deal.record.hands()
    assert pack[0] in hands[N] and pack[1] in hands[E] and pack[2] in hands[S] and pack[3] in hands[DUMMY]
    assert all(len(h or ()) == 13 for h in hands)
    assert deal.observe(N).piles == {}  # the dummy is face down until the auction is over


def test_bid_once_round_each_higher_and_the_dealer_must_bid_after_two_passes():
    deal = new_deal(1, N)
    assert deal.turn == E
    deal.apply(Bid(E, level=2, mode="downtown"))
    legal = deal.legal_actions()
    assert Bid(S, level=2, mode="uptown") not in legal and Bid(S, level=2, mode="notrump") in legal
    deal.apply(Pass(S))
    assert deal.turn == N and Pass(N) in deal.legal_actions()
    forced = new_deal(1, N)
    forced.apply(Pass(E))
    forced.apply(Pass(S))
    assert Pass(N) not in forced.legal_actions() and Bid(N, level=1, mode="uptown") in forced.legal_actions()
    with pytest.raises(RulesError, match="not allowed"):
        forced.apply(Pass(N))
    equal = new_deal(1, N, DummyRules(downtown_beats_uptown=False))
    equal.apply(Bid(E, level=3, mode="uptown"))
    assert Bid(S, level=3, mode="downtown") not in equal.legal_actions()


def _declared(seed: int = 2) -> Deal:
    deal = new_deal(seed, N)
    deal.apply(Bid(E, level=3, mode="uptown"))
    deal.apply(Pass(S))
    deal.apply(Pass(N))
    return deal


def test_the_dummy_turns_face_up_the_declarer_names_trumps_and_leads_then_left_dummy_right():
    deal = _declared()
    assert deal.phase == Phase.DECLARE and deal.turn == E
    assert deal.observe(S).piles["dummy"] == tuple(sorted(deal.hand(DUMMY) or ()))
    assert [a.trump for a in deal.legal_actions() if isinstance(a, Declare)] == list("SHDC")
    deal.apply(Declare(E, trump="H", order="uptown"))
    contract = deal.contract
    assert contract is not None and contract.call == "3 uptown" and deal.trump == 1 and contract.level == 3
    assert deal.turn == E
    order = []
    for _ in range(4):
        seat = deal.turn
        assert seat is not None
        order.append(seat)
        deal.apply(Play(seat, min(deal.legal_moves(), key=deal.order.power)))
    assert order == [E, S, DUMMY, N]  # declarer, left opponent, the dummy opposite, right opponent
    assert GAME.actor(deal, DUMMY) == E and GAME.actor(deal, S) == S
    seen = deal.observe(DUMMY)
    assert seen.piles["declarer"] == tuple(sorted(deal.hand(E) or ()))  # who plays the dummy holds both
    again = Observation.from_json(seen.to_json())
    assert [t.plays() for t in again.tricks] == [t.plays() for t in deal.tricks]


def test_the_dummys_cards_are_played_in_its_own_turn():
    deal = _declared(4)
    deal.apply(Declare(E, trump="S", order="uptown"))
    deal.apply(Play(E, min(deal.legal_moves(), key=deal.order.power)))
    dummy_card = min(deal.hand(DUMMY) or ())
    with pytest.raises(NotYourTurn):
        deal.apply(Play(DUMMY, dummy_card))


def test_no_trump_names_the_direction_and_downtown_keeps_the_ace_high():
    deal = new_deal(5, N)
    deal.apply(Bid(E, level=1, mode="notrump"))
    deal.apply(Pass(S))
    deal.apply(Pass(N))
    assert {a.order for a in deal.legal_actions() if isinstance(a, Declare)} == {"uptown", "downtown"}
    deal.apply(Declare(E, trump="N", order="downtown"))
    assert deal.trump == 4 and deal.order.downtown and not deal.order.ace_low


def test_example_three_uptown_in_hearts_ten_tricks_plus_four_eight_tricks_minus_one():
    deal = _declared(6)
    deal.apply(Declare(E, trump="H", order="uptown"))
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    deal.taken = [1, 6, 2, 4]  # E 6 and the dummy 4: 10
    assert GAME.score_hand(deal, (0, 0, 0), RULES, 1, None).points == (0, 4, 0)
    deal.taken = [3, 5, 2, 3]  # 8: one short
    assert GAME.score_hand(deal, (0, 0, 0), RULES, 1, None).points == (0, -1, 0)
    assert GAME.score_hand(deal, (0, 0, 0), DummyRules(set_penalty="bid"), 1, None).points == (0, -3, 0)
    on_set = GAME.score_hand(deal, (0, 0, 0), DummyRules(defenders_score_on_set=True), 1, None)
    assert on_set.points == (1, 0, 1)
    won = GAME.score_hand(deal, (20, 0, 20), DummyRules(defenders_score_on_set=True), 5, None)
    assert won.game_won_by is None  # both reach 21 together: equal, play on


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_random_matches_to_21_replay_the_same(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(RULES, Seat(seed % 3), seed, GAME)
    while not match.is_over:
        deal = match.new_deal()
        assert deal.dealer != DUMMY
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            level = "rules" if GAME.actor(deal, turn) != E else "random"
            deal.apply(choose_action(deal.observe(turn), level, rng.random()))
        played = [c for t in deal.tricks for c in t.cards]
        assert len(played) == 52 == len(set(played))
        match.finish_deal()
    again = Match.from_dict(match.to_dict())
    assert [h.points for h in again.hands] == [h.points for h in match.hands]
    assert match.winner is not None and match.winner == again.winner
    assert sum(h.points[match.winner] for h in match.hands) >= 21


def test_the_searching_levels_play_legal_cards_for_both_of_the_declarers_hands():
    for seed in range(3):
        deal = new_deal(seed, E)
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            action = choose_action(deal.observe(seat), "hard", seed)
            assert deal.is_legal(action)
            deal.apply(action)


# -- with jokers (rules-variants.md 7b: 54 cards, the dummy 15, its declarer lays 2 away) ---------------
JOKERS = DummyRules(jokers=True)
BIG, LITTLE = Card("BJ"), Card("LJ")


def _declared_with_jokers(seed: int, mode: str = "uptown") -> Deal:
    deal = new_deal(seed, N, JOKERS)
    deal.apply(Bid(E, level=2, mode=mode))
    deal.apply(Pass(S))
    deal.apply(Pass(N))
    return deal


def test_with_jokers_54_cards_13_each_and_the_last_two_to_the_dummy():
    deal = new_deal(7, S, JOKERS)
    pack = fisher_yates(full_deck(jokers=True), rng_for(7))
    hands = deal.record.hands()
    assert [len(h or ()) for h in hands] == [13, 13, 13, 15]
    assert pack[0] in hands[N] and pack[3] in hands[DUMMY] and {pack[52], pack[53]} <= hands[DUMMY]
    assert {c for h in hands for c in h or ()} == set(full_deck(jokers=True))
    assert deal.tricks_per_hand == 13
    with pytest.raises(RulesError, match="15 to the dummy"):
        GAME.check_record(JOKERS, new_deal(7, S).record, 0)  # a 52-card deal under the jokers rule


def test_with_jokers_the_declarer_lays_two_of_the_dummys_away_before_it_is_turned():
    deal = _declared_with_jokers(2)
    assert deal.phase == Phase.EXCHANGE and deal.turn == DUMMY and GAME.actor(deal, DUMMY) == E
    assert "dummy" not in deal.observe(S).piles  # still face down to the defenders
    seen = deal.observe(DUMMY)  # the declarer, acting for the dummy, sees its 15 and its own 13
    assert len(seen.hand) == 15 and seen.discard == 2 and len(seen.piles["declarer"]) == 13
    dummy = sorted(deal.hand(DUMMY) or ())
    with pytest.raises(NotYourTurn):
        deal.apply(Exchange(E, tuple(sorted(deal.hand(E) or ())[:2])))  # not from its own hand
    with pytest.raises(RulesError, match="exactly 2"):
        deal.apply(Exchange(DUMMY, tuple(dummy[:3])))
    deal.apply(Exchange(DUMMY, tuple(dummy[:2])))
    assert deal.phase == Phase.DECLARE and deal.turn == E
    assert deal.observe(S).piles == {"dummy": tuple(dummy[2:])}  # 13 face up; the 2 laid away unseen
    assert deal.observe(E).piles["discard"] == tuple(dummy[:2])  # known to its declarer
    deal.apply(Declare(E, trump="H", order="uptown"))
    rng = random.Random(2)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    played = [c for t in deal.tricks for c in t.cards]
    assert len(deal.tricks) == 13 and len(played) == 52 == len(set(played))
    assert not set(played) & set(dummy[:2])  # out of play


def test_with_jokers_the_big_joker_is_the_top_trump_and_at_no_trump_a_joker_never_wins():
    deal = _declared_with_jokers(3)
    deal.apply(Exchange(DUMMY, tuple(sorted(deal.hand(DUMMY) or ())[:2])))
    deal.apply(Declare(E, trump="S", order="uptown"))
    order = deal.order
    assert order.winning_index([Card("SA"), LITTLE, BIG, Card("SK")]) == 2
    assert order.winning_index([Card("HA"), LITTLE]) == 1  # a joker is a trump: it ruffs
    nt = _declared_with_jokers(3, "notrump")
    nt.apply(Exchange(DUMMY, tuple(sorted(nt.hand(DUMMY) or ())[:2])))
    nt.apply(Declare(E, trump="N", order="downtown"))
    assert nt.order.winning_index([Card("H5"), BIG, Card("H2"), LITTLE]) == 2  # downtown: the 2
    assert nt.order.winning_index([BIG, Card("D9"), Card("DT")]) == 1  # a joker led fixes no suit


def test_the_ai_lays_away_a_joker_at_no_trump_and_keeps_both_at_a_suit():
    seed = next(s for s in range(200) if {BIG, LITTLE} & set(new_deal(s, N, JOKERS).record.hands()[DUMMY]))
    nt = _declared_with_jokers(seed, "notrump")
    laid = choose_action(nt.observe(DUMMY), "hard", 1)
    assert isinstance(laid, Exchange) and len(laid.discard) == 2 and nt.is_legal(laid)
    assert {BIG, LITTLE} & set(nt.hand(DUMMY) or ()) <= set(laid.discard)  # worthless at no trump
    suit = _declared_with_jokers(seed, "uptown")
    kept = choose_action(suit.observe(DUMMY), "hard", 1)
    assert not {BIG, LITTLE} & set(kept.discard)  # the two top trumps


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6))
def test_random_hands_with_jokers_play_52_of_the_54_and_replay_the_same(seed: int) -> None:
    rng = random.Random(seed)
    match = Match(JOKERS, Seat(seed % 3), seed, GAME)
    for _ in range(2):
        deal = match.new_deal()
        while not deal.is_over:
            turn = deal.turn
            level = "random" if rng.random() < 0.5 else "rules"
            deal.apply(choose_action(deal.observe(turn), level, rng.random()))
        played = [c for t in deal.tricks for c in t.cards]
        assert len(played) == 52 == len(set(played)) and set(played) | set(deal.exchanges[0].discard) == set(
            full_deck(jokers=True))
        match.finish_deal()
    again = Match.from_dict(match.to_dict())
    assert [h.points for h in again.hands] == [h.points for h in match.hands]


def test_the_searching_levels_play_dummy_whist_with_jokers_legally():
    for seed in range(2):
        deal = new_deal(seed, E, JOKERS)
        while not deal.is_over:
            seat = deal.turn
            action = choose_action(deal.observe(seat), "hard", seed)
            assert deal.is_legal(action)
            deal.apply(action)
        assert len(deal.tricks) == 13


def test_a_player_out_of_trumps_is_never_dealt_a_joker_in_the_ais_layouts():
    from engine.search import layouts

    for seed in range(40):
        deal = _declared_with_jokers(seed)
        deal.apply(Exchange(DUMMY, tuple(sorted(deal.hand(DUMMY) or ())[:2])))
        deal.apply(Declare(E, trump="H", order="uptown"))
        rng = random.Random(seed)
        while not deal.is_over:
            trumps_led = deal.current.cards and deal.order.led_suit(deal.current.cards) == 1
            seat = deal.turn
            held = deal.hand(seat) or frozenset()
            placed = {c for t in deal.tricks for c in t.cards} | set(deal.current.cards)
            placed |= set(deal.hand(N) or ()) | set(deal.hand(DUMMY) or ())
            unseen = {BIG, LITTLE} - placed  # a joker North cannot place
            if trumps_led and seat == S and not any(deal.order.suit_of(c) == 1 for c in held) and unseen:
                deal.apply(Play(S, min(deal.legal_moves())))  # S shows out of trumps
                obs = deal.observe(N)
                assert layouts.voids(obs)[S] == {1}
                counts = layouts.held_counts(obs, 13)
                known = {c: DUMMY for c in obs.piles["dummy"]}
                for _ in range(30):
                    hands = layouts.sample(obs, rng, counts, known, 2, (), full_deck(jokers=True))
                    assert hands is not None and not {BIG, LITTLE} & hands[S]
                return
            deal.apply(rng.choice(deal.legal_actions()))
    pytest.fail("no position where South shows out of trumps with a joker unplayed")
