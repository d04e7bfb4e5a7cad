"""Catch the Ten on the family machine: the pack at every size, the dealer's last card
turned, the jack of trumps above the ace, the packets of two and three players, the
teams, the honours and cards over of the rules' worked example, the count order when
two sides pass 41, and whole matches of random play that replay from their record."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Play
from engine.cards import Card
from engine.deal import Deal
from engine.errors import RulesError
from engine.games import get_game
from engine.games.catchten import CatchTenRules, Taken, pack_for, packet_pile, winner_of
from engine.match import Match
from engine.order import Order
from engine.seats import Seat
from engine.settings import rules_with, settings_of

GAME = get_game("catch-the-ten")


def play_hand(match, rng):
    deal = match.current or match.new_deal()
    while not deal.is_over:
        match.apply(rng.choice(deal.legal_actions()))
    return match.finish_deal()


@pytest.mark.parametrize(("players", "each", "cut"), [(2, 18, ()), (3, 12, ()), (4, 9, ()), (5, 7, ("S6",)),
                                                       (6, 6, ()), (7, 5, ("S6",)),
                                                       (8, 4, ("S6", "H6", "D6", "C6"))])
def test_the_pack_is_six_to_ace_less_the_sixes_that_keep_the_deal_even(players, each, cut):
    pack = pack_for(players)
    assert len(pack) == 36 - len(cut) == players * each
    assert not {Card(c) for c in cut} & set(pack)
    assert {c.rank for c in pack} == set(range(6 if players < 8 else 7, 15))
    match = Match(rules_with(get_game("catch-the-ten", players), {"packets": False}), Seat(0), "pack")
    deal = match.new_deal()
    dealt = [c for h in deal.record.hands() for c in h]
    assert sorted(dealt) == sorted(pack)
    assert deal.tricks_per_hand == each


def test_the_dealers_last_card_is_turned_for_trumps_and_stays_in_the_dealers_hand():
    match = Match(GAME.default_rules(), Seat.E, "turned")
    deal = match.new_deal()
    assert deal.dealer == Seat.E and deal.record.trump_card in deal.hand(Seat.E)
    obs = deal.observe(Seat.W)
    assert obs.trump_card == deal.record.trump_card


def test_the_jack_of_trumps_beats_the_ace_and_plain_jacks_rank_as_usual():
    order = Order(1, jack_high=True)  # hearts
    assert order.winning_index([Card("HA"), Card("HJ")]) == 1
    assert order.winning_index([Card("HJ"), Card("HK"), Card("HA")]) == 0
    assert order.winning_index([Card("SJ"), Card("SQ")]) == 1  # spades are plain: the queen wins
    assert order.winning_index([Card("SA"), Card("H6")]) == 1
    assert order.name == "jack_high"


def test_the_rules_worked_example_scores_27_and_5():
    """4 players, hearts trumps: N/S take HJ, HA, HT and 20 cards (2 over 18): 27; E/W take
    HK, HQ and 16 cards: 5. Found as a real hand of random play, scored by the engine."""
    for seed in range(5000):
        match = Match(GAME.default_rules(), Seat.N, seed)
        deal = match.new_deal()
        if deal.trump != 1:
            match.misdeal()
            continue
        rng = random.Random(seed)
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
        took = GAME.taken(deal)
        if sorted(took.honours[0]) == [10, 11, 14] and took.cards == (20, 16):
            score = match.finish_deal()
            assert score.points == (27, 5)
            assert score.honours == (25, 5) and score.trick_points == (2, 0)
            assert score.notes == ("honours: ten, ace, jack: North-South; king, queen: East-West",
                                   "cards over: North-South 2")
            return
    raise AssertionError("no seed gives the worked example")


def test_the_worked_example_in_numbers():
    took = Taken((20, 16), ((10, 14, 11), (13, 12)), (18, 18))
    assert (took.points(0), took.points(1)) == (27, 5)


def test_the_count_order_decides_when_two_sides_pass_the_target():
    # side 0 passes 41 with its cards over, side 1 only with the jack, counted last
    took = Taken((23, 13), ((), (11,)), (18, 18))
    before = (36, 39)
    assert winner_of(before, took, CatchTenRules()) == 0
    assert winner_of(before, took, CatchTenRules(count_order="honours_first")) == 1
    # the ten is counted before the ace
    took = Taken((18, 18), ((14,), (10,)), (18, 18))
    assert winner_of((38, 35), took, CatchTenRules()) == 1
    assert winner_of((10, 10), took, CatchTenRules()) is None


def test_packets_at_two_players_are_played_one_after_another_face_down_until_then():
    game = get_game("catch-the-ten", 2)
    match = Match(game.default_rules(), Seat(0), "packets")
    deal = match.new_deal()
    assert all(len(deal.hand(s)) == 6 for s in deal.seats)
    assert all(len(deal.record.pile(packet_pile(s))) == 12 for s in deal.seats)
    assert deal.tricks_per_hand == 18
    assert deal.record.trump_card in deal.record.pile(packet_pile(Seat(0)))  # the dealer's last card
    assert deal.trump_card_showing
    rng = random.Random(1)
    for _ in range(6):
        assert deal.observe(Seat(1)).piles == {}
        while True:
            trick = match.apply(rng.choice(deal.legal_actions()))
            if trick is not None:
                break
    assert len(deal.tricks) == 6
    assert all(len(deal.hand(s)) == 6 for s in deal.seats)
    assert set(deal.hand(Seat(0))) == set(deal.record.pile(packet_pile(Seat(0)))[:6])
    assert deal.turn == deal.tricks[-1].winner(deal.order)  # the winner leads to the next packet
    three = Match(get_game("catch-the-ten", 3).default_rules(), Seat(0), "p3").new_deal()
    assert all(len(three.hand(s)) == 6 and len(three.record.pile(packet_pile(s))) == 6 for s in three.seats)
    whole = Match(rules_with(game, {"packets": False}), Seat(0), "p").new_deal()
    assert all(len(whole.hand(s)) == 18 for s in whole.seats) and not whole.record.piles


def test_teams_at_four_six_and_eight_and_each_alone_otherwise():
    def sides_of(players, sides="two"):
        game = get_game("catch-the-ten", players)
        rules = rules_with(game, {"sides": sides})
        match = Match(rules, Seat(0), "sides")
        return match.game, match
    game, _ = sides_of(4)
    assert game.partnerships and game.side_names == ("NS", "EW")
    game, match = sides_of(6)
    assert game.sides == 2 and [game.side_of(Seat(s)) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    assert game.side_names == ("0-2-4", "1-3-5") and len(match.game_score) == 2
    game, match = sides_of(6, "three")
    assert game.sides == 3 and [game.side_of(Seat(s)) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert len(play_hand(match, random.Random(2)).points) == 3
    game, _ = sides_of(8)
    assert game.sides == 2 and game.side_names == ("0-2-4-6", "1-3-5-7")
    for n in (2, 3, 5, 7):
        game, _ = sides_of(n)
        assert not game.partnerships and game.sides == n
    game, _ = sides_of(4, "none")
    assert game.sides == 4 and not game.partnerships
    with pytest.raises(RulesError, match="three pairs need six players"):
        rules_with(get_game("catch-the-ten", 4), {"sides": "three"})
    with pytest.raises(RulesError, match="2 to 8"):
        get_game("catch-the-ten", 9)


def test_settings_are_the_rules_files_with_their_defaults():
    rules = GAME.default_rules()
    assert (rules.sides, rules.packets, rules.target, rules.count_order, rules.games_per_match) == (
        "two", True, 41, "cards_then_honours", 1)
    keys = [s.key for s in settings_of(GAME)]
    assert keys == ["sides", "packets", "target", "count_order", "games_per_match"]
    assert "three" in next(s.choices for s in settings_of(get_game("catch-the-ten", 6)) if s.key == "sides")
    assert "three" not in next(s.choices for s in settings_of(GAME) if s.key == "sides")
    with pytest.raises(RulesError, match="count_order"):
        rules_with(GAME, {"count_order": "jack_first"})


def test_an_observation_shows_no_hand_or_packet_but_the_seats_own():
    for players in (2, 4, 7):
        match = Match(get_game("catch-the-ten", players).default_rules(), Seat(0), "secret")
        deal = match.new_deal()
        rng = random.Random(players)
        for _ in range(3):
            match.apply(rng.choice(deal.legal_actions()))
        for seat in deal.seats:
            text = json.dumps(deal.observe(seat).to_json())
            hidden = set().union(*(deal.hand(s) for s in deal.seats if s != seat),
                                 *(deal.piles.get(packet_pile(s), ()) for s in deal.seats))
            hidden -= {deal.record.trump_card}  # face up while it lies on the dealer's packets
            assert not [c for c in hidden if f'"{c}"' in text]
            assert set(deal.observe(seat).hand) == set(deal.hand(seat))


def test_a_physical_record_needs_the_turned_card():
    from engine.deal import DealRecord

    record = DealRecord.physical(Seat.N, "H")
    match = Match(GAME.default_rules(), Seat.N)
    with pytest.raises(RulesError, match="scan the turned card"):
        match.start_deal(record)
    deal = match.start_deal(DealRecord.physical(Seat.N, "H", "H9"))
    assert deal.tricks_per_hand == 9
    assert deal.is_legal(Play(Seat.E, Card("S7")))


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6), sides=st.sampled_from(["two", "three", "none"]),
       packets=st.booleans(), order=st.sampled_from(["cards_then_honours", "honours_first"]))
def test_random_matches_score_thirty_in_honours_and_replay(players, seed, sides, packets, order):
    if sides == "three" and players != 6:
        sides = "two"
    rules = CatchTenRules(players=players, sides=sides, packets=packets, count_order=order, target=61)
    match = Match(rules, Seat(seed % players), seed)
    rng = random.Random(seed)
    while not match.is_over:
        score = play_hand(match, rng)
        deal = match.deals[-1]
        assert sorted(c for t in deal.tricks for c in t.cards) == sorted(pack_for(players))
        assert sum(score.honours) == 30
        took = match.game.taken(deal)
        assert sum(took.cards) == len(pack_for(players))
        assert score.points == tuple(took.points(s) for s in range(match.game.sides))
        assert len(match.hands) < 40
    assert max(match.hands[-1].game_after) >= 61
    again = Match.from_dict(match.to_dict())
    assert [h.to_dict() for h in again.hands] == [h.to_dict() for h in match.hands]
    assert again.winner == match.winner
    assert again.game.sides == match.game.sides
    last = match.deals[-1]
    assert Deal.from_dict(last.to_dict(), match.rules, match.game).tricks == last.tricks



def _position(players, dealer, hands, turned, plays, rule=None):
    from engine.deal import DealRecord

    game = get_game("catch-the-ten", players)
    cards = [[Card(c) for c in h.split()] for h in hands]
    turn = Card(turned)
    record = DealRecord.of_hands(Seat.parse_at(dealer, players), cards, turn.suit, trump_card=turn)
    deal = Deal(record, rules_with(game, rule or {}), game)
    for card in plays:
        deal.play(card)
    return deal.observe(deal.turn)


WHOLE = {"packets": False}
# hearts trumps; seat 1 leads the ten of trumps and seat 0 holds the jack
CATCH = _position(2, "0", ["HJ H6 H7 H8 S6 S7 S8 S9 ST D6 D7 D8 D9 DT C6 C7 C8 C9",
                           "HT H9 HQ HK HA SJ SQ SK SA DJ DQ DK DA CT CJ CQ CK CA"], "H8", ["HT"], WHOLE)
# hearts trumps; seat 1 leads the ace of spades, seat 0 has none and its ten is caught later
# unless it ruffs with it now (seat 1 holds the jack, ace, king and queen)
SAVE = _position(2, "0", ["HT H6 H7 H8 D6 D7 D8 D9 DT DJ C6 C7 C8 C9 CT CJ CQ CK",
                          "HJ HA HK HQ H9 S6 S7 S8 S9 ST SJ SQ SK SA DQ DK DA CA"], "H8", ["SA"], WHOLE)


@pytest.mark.parametrize("level", ["rules", "medium", "hard", "expert"])
def test_every_level_catches_the_ten_with_the_jack_and_saves_its_own(level):
    from engine.ai import choose_action

    assert choose_action(CATCH, level, seed=1) == Play(Seat(0), Card("HJ"))
    assert choose_action(SAVE, level, seed=1) == Play(Seat(0), Card("HT"))


def test_the_textbook_fattens_its_partners_sure_trick_with_the_ten():
    from engine.ai import choose_action

    # four players, hearts trumps: South leads the jack of trumps, West follows low, and
    # North plays its ten onto the trick its partner surely takes
    obs = _position(4, "E", ["HT H7 DT DJ DQ SJ SQ SK SA", "HA HK HQ H9 H8 ST DK DA C9",
                             "HJ CT CJ CQ CK CA C6 C7 C8", "H6 S6 S7 S8 S9 D6 D7 D8 D9"], "H8", ["HJ", "H6"])
    assert choose_action(obs, "rules", seed=1) == Play(Seat.N, Card("HT"))
