"""Minnesota whist's bid by cards (rules-variants.md section 8, bid_style
cards): each lays a card face down, black for high by default; turned from
eldest to the first high card; the leads; what each seat sees. And nullo
played by solving sampled layouts for the fewest tricks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Pass, Play
from engine.ai.family import choose_action
from engine.cards import Card
from engine.deal import Deal
from engine.errors import RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.norwegian import FACE_DOWN, MINNESOTA, NorwegianRules, nullo
from engine.match import Match
from engine.seats import Seat

GAME = get_game("norwegian")
CARDS = NorwegianRules(bid_style="cards")
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def new_deal(rules: NorwegianRules = CARDS, seed: int = 1, dealer: Seat = N) -> Deal:
    return Deal(GAME.next_record(rules, dealer, 0, seed), rules, GAME)


def lay(deal: Deal, seat: Seat, black: bool) -> Card:
    card = next(c for c in sorted(deal.hand(seat) or ()) if (c.suit in (0, 3)) == black)
    deal.apply(Bid(seat, call=str(card)))
    return card


def test_each_lays_a_card_of_the_hand_eldest_first_and_nobody_passes():
    deal = new_deal()
    assert deal.phase == Phase.AUCTION and deal.turn == E
    legal = deal.legal_actions()
    assert len(legal) == 13 and not any(isinstance(a, Pass) for a in legal)
    assert {Card(str(a.call)) for a in legal if isinstance(a, Bid)} == deal.hand(E)
    with pytest.raises(RulesError, match="not allowed"):
        deal.apply(Bid(E, call="grand"))


def test_turned_from_eldest_to_the_first_black_card_the_grander_s_right_leads():
    deal = new_deal()
    lay(deal, E, black=False)
    lay(deal, S, black=True)
    assert deal.contract is None
    lay(deal, W, black=True)
    lay(deal, N, black=False)
    assert deal.contract is not None and deal.contract.call == "grand" and deal.contract.declarer == S
    assert deal.turn == E  # the grander's right
    assert len(deal.hand(S) or ()) == 13  # the laid card goes back to the hand


def test_all_red_is_nullo_led_by_eldest_and_red_for_high_in_the_european_form():
    deal = new_deal()
    for seat in (E, S, W, N):
        lay(deal, seat, black=False)
    assert deal.contract is not None and deal.contract.call == "nullo" and deal.contract.declarer is None
    assert deal.turn == E
    red = new_deal(NorwegianRules(bid_style="cards", high_colour="red"))
    lay(red, E, black=True)
    lay(red, S, black=False)
    lay(red, W, black=False)
    lay(red, N, black=True)
    assert red.contract is not None and red.contract.declarer == S


def test_laid_cards_are_face_down_to_the_others_until_turned_and_the_turned_ones_public():
    deal = new_deal()
    first = lay(deal, E, black=False)
    assert deal.observe(S).auction == (Bid(E, call=FACE_DOWN),)
    assert deal.observe(E).auction == (Bid(E, call=str(first)),)
    lay(deal, S, black=True)
    lay(deal, W, black=True)
    last = lay(deal, N, black=True)
    seen = deal.observe(W).auction
    assert seen[0] == Bid(E, call=str(first)) and seen[1].call != FACE_DOWN  # turned: E's and S's
    assert seen[3] == Bid(N, call=FACE_DOWN)  # never turned: N's stays N's secret
    assert deal.observe(N).auction[3] == Bid(N, call=str(last))


def test_scoring_as_the_spoken_game_and_the_settings_read_back():
    assert GAME.rules_from_dict(CARDS.to_dict()) == CARDS
    assert GAME.rules_from_dict({"grand_made": "1", "bid_style": "cards"}).bid_style == "cards"
    with pytest.raises(RulesError, match="bid style"):
        NorwegianRules(bid_style="cards down")
    with pytest.raises(RulesError, match="high colour"):
        NorwegianRules(high_colour="green")
    assert "black for grand" in CARDS.summary() and MINNESOTA.bid_style == "spoken"


def test_nullo_searching_levels_solve_the_end_for_the_fewest_tricks():
    deal = new_deal(NorwegianRules(), 5)
    for seat in (E, S, W, N):
        deal.apply(Pass(seat))
    assert deal.contract is not None and deal.contract.call == "nullo"
    rng = random.Random(2)
    used = 0
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        obs = deal.observe(seat)
        card = nullo.solved_card(obs, "hard", rng)
        if len(obs.hand) > nullo.SOLVE_CARDS:
            assert card is None
        elif card is not None:
            used += 1
            assert Play(seat, card) in obs.legal
        deal.apply(choose_action(obs, "hard", 3))
    assert used > 0


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["black", "red"]))
def test_random_matches_by_cards_replay_the_same(seed: int, colour: str) -> None:
    rules = NorwegianRules(bid_style="cards", high_colour=colour, target=13, grand_made=1, grand_set=2,
                           nullo=1)
    rng = random.Random(seed)
    match = Match(rules, Seat(seed % 4), seed, GAME)
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            turn = deal.turn
            assert turn is not None
            level = "rules" if turn in (N, S) else "random"
            deal.apply(choose_action(deal.observe(turn), level, rng.random()))
        assert len(deal.tricks) == 13
        match.finish_deal()
    again = Match.from_dict(match.to_dict())
    assert [h.points for h in again.hands] == [h.points for h in match.hands]
    assert again.winner == match.winner is not None
