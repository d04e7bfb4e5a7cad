"""Hearts' player: the textbook's pass and play (duck, dump the queen and hearts when void,
stop a rival's moon, run one's own), the search playing for fewest points, and every level
playing whole hands legally at every table size."""

import random

import pytest

from engine.actions import Exchange, Play
from engine.cards import Card, parse_cards
from engine.deal import Deal, DealRecord
from engine.game import Phase
from engine.games import get_game
from engine.games.hearts import GAME, HeartsRules
from engine.games.hearts.ai import AVOID, SHOOT, STOP, choose, pass_cards, pick, textbook_play
from engine.seats import Seat

N, E, S, W = Seat(0), Seat(1), Seat(2), Seat(3)


def ints(text):
    return [int(c) for c in parse_cards(text.split())]


def test_the_pass_sends_the_queen_with_short_spades_and_high_hearts():
    hand = ints("SQ S3 HA HK H2 D4 D5 D6 C7 C8 C9 CT CJ")
    assert set(pass_cards(hand, 3)) == set(ints("SQ HA HK"))
    long_spades = ints("SQ S2 S3 S4 S5 HA HK H2 D4 D5 C7 C8 C9")
    assert int(Card("SQ")) not in pass_cards(long_spades, 3)  # the queen is safe behind five spades


def test_the_textbook_ducks_under_the_winning_card_as_high_as_it_can():
    hand = ints("D3 D9 DK C2")
    assert pick(hand, ints("D3 D9 DK"), ints("DT"), False, True) == int(Card("D9"))


def test_void_in_the_suit_led_the_textbook_dumps_the_queen_then_hearts():
    hand = ints("SQ HA C4")
    assert pick(hand, hand, ints("D5"), False, True) == int(Card("SQ"))
    hand = ints("HA H2 C4")
    assert pick(hand, hand, ints("D5"), False, False) == int(Card("HA"))


def test_stopping_a_moon_takes_a_heart_or_gives_one_to_anyone_but_the_rival():
    hand = ints("H2 HK C4")
    assert pick(hand, ints("H2 HK"), ints("HQ"), False, False, STOP) == int(Card("HK"))
    void = ints("H2 H5 C4")
    assert pick(void, void, ints("D5 D9"), False, False, STOP, rival_winning=False) in ints("H2 H5")
    assert pick(void, void, ints("D5 D9"), False, False, STOP, rival_winning=True) == int(Card("C4"))
    assert pick(hand, ints("H2 HK"), ints("HQ"), False, False, AVOID) == int(Card("H2"))


def test_running_the_moon_takes_with_the_highest_and_discards_no_point():
    hand = ints("HA H3 C4 D2")
    assert pick(hand, ints("HA H3"), ints("H9"), False, False, SHOOT) == int(Card("HA"))
    assert pick(hand, ints("C4 D2 HA H3"), ints("S9"), False, False, SHOOT) == int(Card("D2"))


FOUR = [
    "C2 C3 C4 S2 S3 S4 D2 D3 D4 H2 H3 H4 H5",
    "SQ H6 H7 H8 H9 HT HJ HQ HK HA S5 S6 S7",
    "C5 C6 C7 C8 C9 CT CJ CQ CK CA S8 S9 ST",
    "D5 D6 D7 D8 D9 DT DJ DQ DK DA SJ SK SA",
]


def fixed_deal(hands):
    rules = HeartsRules(pass_cycle="none", first_trick_points=True)
    return Deal(DealRecord.of_hands(N, [parse_cards(h.split()) for h in hands]), rules, GAME)


@pytest.mark.parametrize("level", ["rules", "medium", "hard"])
def test_void_every_level_dumps_the_queen_on_a_trick_it_cannot_win(level):
    deal = fixed_deal(FOUR)
    deal.apply(Play(N, Card("C2")))
    assert deal.turn == E  # East is void in clubs: South's clubs will win the trick
    action = choose(deal.observe(E), level, random.Random(1))
    assert action == Play(E, Card("SQ"))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("level", ["random", "rules", "easy", "medium", "hard", "expert"])
def test_every_level_plays_a_whole_hand_legally(players, level):
    game = get_game("hearts", players)
    rules = game.default_rules()
    deal = Deal(game.next_record(rules, Seat(0), 0, seed=players), rules, game)
    rng = random.Random(players)
    while not deal.is_over:
        obs = deal.observe(deal.turn)
        action = choose(obs, level, rng)
        if obs.phase is Phase.EXCHANGE:
            assert isinstance(action, Exchange) and len(action.discard) == obs.discard
        deal.apply(action)
    assert sum(deal.taken) == deal.tricks_per_hand


def test_the_textbook_is_the_rules_level_and_passes_three():
    deal = Deal(GAME.next_record(HeartsRules(), N, 0, seed=4), HeartsRules(), GAME)
    action = textbook_play(deal.observe(deal.turn))
    assert isinstance(action, Exchange) and len(action.discard) == 3


def test_hard_shoots_the_moon_with_the_cards_for_it():
    """North holds the top spades, nine top hearts and the club ace: hard takes every point,
    the others then score 26 each (a hand the others cannot stop)."""
    hands = ["SA SK SQ HA HK HQ HJ HT H9 H8 H7 H6 CA", "C2 C3 C4 C5 S2 S3 S4 S5 D2 D3 D4 D5 H2",
             "C6 C7 C8 C9 S6 S7 S8 S9 D6 D7 D8 D9 H3", "CT CJ CQ CK ST SJ DT DJ DQ DK DA H4 H5"]
    rules = HeartsRules(pass_cycle="none")
    deal = Deal(DealRecord.of_hands(W, [parse_cards(h.split()) for h in hands]), rules, GAME)
    rng = random.Random(3)
    while not deal.is_over:
        level = "hard" if deal.turn == N else "rules"
        deal.apply(choose(deal.observe(deal.turn), level, rng))
    score = GAME.score_hand(deal, (0, 0, 0, 0), rules, 1, None)
    assert score.points == (0, 26, 26, 26)


@pytest.mark.parametrize("level", ["rules", "hard", "expert"])
def test_every_level_ducks_under_the_queen_when_it_holds_a_low_spade(level):
    """South leads a spade, West drops the queen on it: East, holding the ace and king of
    spades and lower ones, plays under the queen rather than take 13 points."""
    hands = ["C2 S3 S4 S5 D2 D3 D4 H2 H3 H4 H5 H6 H7", "C3 SA SK SJ S2 D5 D6 D7 H8 H9 HT HJ HQ",
             "C4 C5 C6 C7 C8 C9 CT CJ CQ CK CA S8 S9", "SQ ST S6 S7 HK HA D8 D9 DT DJ DQ DK DA"]
    deal = fixed_deal(hands)
    for seat, card in ((N, "C2"), (E, "C3"), (S, "CA"), (W, "D8"), (S, "S8"), (W, "SQ"), (N, "S3")):
        deal.apply(Play(seat, Card(card)))
    assert deal.turn == E
    action = choose(deal.observe(E), level, random.Random(2))
    assert isinstance(action, Play) and action.card in parse_cards(["SJ", "S2"])
