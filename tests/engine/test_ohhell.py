"""Oh Hell on the family machine: the rules file's worked example, the
schedules, the turned card, the hook, every scoring scheme, and whole
matches of random legal play that conserve the cards and replay."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Play
from engine.cards import parse_card, parse_cards
from engine.deal import Deal, DealRecord
from engine.errors import RulesError
from engine.game import Phase
from engine.games import game_of, get_game
from engine.games.ohhell import TEN_PLUS_BID, TRICKS_PLUS_TEN, OhHell, OhHellRules, hand_points
from engine.match import Match
from engine.order import NO_TRUMP
from engine.seats import Seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def example_deal(rules=None):
    """The rules file's example: 4 players, k=5, dealer N; bids E 2, S 0, W 1, N 1;
    tricks E 2, S 1, W 1, N 1 (no trumps, so the cards alone decide)."""
    hands = {N: "S2 S3 D3 C5 HA", E: "SA SK D2 C3 H3", S: "DA C2 D5 D6 D7", W: "CA H2 C8 C9 CT"}
    record = DealRecord.of_hands(N, [parse_cards(hands[s]) for s in (N, E, S, W)], NO_TRUMP)
    deal = Deal(record, rules or OhHellRules())
    for seat, bid in ((E, 2), (S, 0), (W, 1)):
        deal.apply(Bid(seat, tricks=bid))
    return deal


PLAY = ["E SA", "S D5", "W C8", "N S2", "E SK", "S D6", "W C9", "N S3", "E D2", "S DA", "W CT", "N D3",
        "S C2", "W CA", "N C5", "E C3", "W H2", "N HA", "E H3", "S D7"]


def played(rules=None):
    deal = example_deal(rules)
    deal.apply(Bid(N, tricks=1))
    for move in PLAY:
        seat, card = move.split()
        deal.apply(Play(Seat.parse(seat), parse_card(card)))
    return deal


def test_the_dealer_may_not_make_the_bids_add_up():
    deal = example_deal()
    assert deal.phase == Phase.AUCTION and deal.turn == N
    assert [a.tricks for a in deal.legal_actions()] == [0, 1, 3, 4, 5]
    with pytest.raises(RulesError, match="2 tricks is not allowed now"):
        deal.apply(Bid(N, tricks=2))
    no_hook = example_deal(OhHellRules(hook=False))
    assert [a.tricks for a in no_hook.legal_actions()] == [0, 1, 2, 3, 4, 5]


def test_the_worked_example_scores_as_the_rules_file_says():
    deal = played()
    assert deal.is_over and tuple(deal.taken) == (1, 2, 1, 1)  # N E S W
    game = get_game("oh-hell")
    default = game.score_hand(deal, (0, 0, 0, 0), OhHellRules(), 1, None)
    assert dict(zip("NESW", default.points, strict=True)) == {"E": 12, "S": -1, "W": 11, "N": 11}
    plus_ten = game.score_hand(deal, (0,) * 4, OhHellRules(**TRICKS_PLUS_TEN), 1, None)
    assert dict(zip("NESW", plus_ten.points, strict=True)) == {"E": 12, "S": 1, "W": 11, "N": 11}
    ten_bid = game.score_hand(deal, (0,) * 4, OhHellRules(**TEN_PLUS_BID), 1, None)
    assert ten_bid.points[S] == 0


def test_scoring_parameters():
    r = OhHellRules(exact_bonus=5, trick_value=2, miss_penalty=3)
    assert hand_points(r, 2, 2) == 9 and hand_points(r, 2, 4) == -6
    assert hand_points(OhHellRules(trick_points="always", exact_bonus=5, trick_value=2, miss_penalty=3),
                       2, 4) == 8 - 6


@pytest.mark.parametrize("settings_, sizes", [
    ({}, tuple(range(12, 0, -1)) + tuple(range(2, 13))),
    ({"schedule": "up_down", "max_cards": "3"}, (1, 2, 3, 2, 1)),
    ({"schedule": "down", "max_cards": "3"}, (3, 2, 1)),
    ({"schedule": "up", "max_cards": "3"}, (1, 2, 3)),
    ({"schedule": "fixed", "fixed": 4, "max_cards": "3"}, (4, 4, 4, 4, 4)),
    ({"max_cards": "all", "schedule": "down"}, tuple(range(13, 0, -1))),
])
def test_schedules(settings_, sizes):
    assert OhHellRules(**settings_).sizes == sizes


def test_max_cards_leaves_a_card_to_turn():
    assert [OhHellRules(players=n).most for n in (3, 4, 5, 6, 7)] == [17, 12, 10, 8, 7]
    with pytest.raises(RulesError, match="played by 3 to 7"):
        OhHellRules(players=8)
    with pytest.raises(RulesError, match="schedule is one of"):
        OhHellRules(schedule="sideways")


def test_the_turned_card_of_the_stock_is_trumps_and_stays_up():
    game = get_game("oh-hell", 5)
    record = game.next_record(game.default_rules(), Seat(2), 0, "turn")
    stock = record.pile("stock")
    assert len(stock) == 52 - 5 * 10 and record.trump_card == stock[0] and record.trump == stock[0].suit
    deal = Deal(record, game.default_rules())
    for _ in range(5):
        deal.apply(deal.legal_actions()[0])
    for _ in range(7):
        deal.apply(deal.legal_actions()[0])
    assert deal.trump_card_showing  # the dealer's cards do not include it: it stays all hand


def test_no_trumps_when_every_card_is_dealt_or_the_dealers_last_card():
    game = get_game("oh-hell", 4)
    rules = OhHellRules(max_cards="all", schedule="down")
    record = game.next_record(rules, N, 0, 3)
    assert record.trump == NO_TRUMP and record.trump_card is None and not record.pile("stock")
    turned = game.next_record(OhHellRules(max_cards="all", schedule="down", no_turnup="dealer_last_card"),
                              N, 0, 3)
    assert turned.trump_card in turned.hands()[N] and turned.trump == turned.trump_card.suit


def test_rotation_of_trumps():
    game = get_game("oh-hell", 4)
    rules = OhHellRules(trump_source="rotation")
    assert [game.next_record(rules, N, k, k).trump for k in range(6)] == [1, 3, 2, 0, NO_TRUMP, 1]


def test_a_table_of_five_is_an_instance_and_reloads_at_its_size():
    five = get_game("oh-hell", 5)
    assert isinstance(five, OhHell) and five.players == 5 and five.side_names == ("0", "1", "2", "3", "4")
    assert game_of(OhHellRules(players=5)).players == 5
    match = Match(OhHellRules(players=5), Seat(0), "x", get_game("oh-hell"))
    assert match.game.players == 5
    deal = match.new_deal()
    assert len(deal.record.hands()) == 5 and deal.turn == Seat(1)
    again = Match.from_dict(match.to_dict())
    assert again.game.players == 5 and again.current.record == deal.record


def test_the_observation_names_every_seat_its_bid_and_tricks():
    match = Match(OhHellRules(players=3), Seat(0), 5)
    deal = match.new_deal()
    deal.apply(Bid(Seat(1), tricks=3))
    obs = match.observe(Seat(2)).to_json()
    assert obs["seats"] == ["0", "1", "2"] and obs["won"] == {"0": 0, "1": 0, "2": 0}
    assert obs["bids"] == {"1": 3}
    assert {"type": "bid", "seat": "2", "tricks": 0} in obs["legal"]


def play_out(match, rng):
    while not match.is_over:
        deal = match.new_deal()
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
        match.finish_deal()


@settings(max_examples=25, deadline=None)
@given(players=st.integers(3, 7), seed=st.integers(0, 10**6),
       schedule=st.sampled_from(["down_up", "up_down", "down", "up", "fixed", "random"]),
       most=st.integers(1, 4), hook=st.booleans(), always=st.booleans(),
       tie=st.sampled_from(["share", "play_off"]))
def test_random_matches_conserve_cards_replay_and_total(players, seed, schedule, most, hook, always, tie):
    rules = OhHellRules(players=players, schedule=schedule, max_cards=str(most), fixed=most, hook=hook,
                        trick_points="always" if always else "exact_only", tie=tie)
    match = Match(rules, Seat(seed % players), seed)
    play_out(match, random.Random(seed))
    totals = [0] * players
    for deal in match.deals:
        k = deal.tricks_per_hand
        every = [c for h in deal.record.hands() for c in h] + list(deal.record.pile("stock"))
        assert len(every) == len(set(every)) == (52 if deal.record.pile("stock") or k * players == 52 else
                                                  k * players)
        dealt = sorted(c for h in deal.record.hands() for c in h)
        assert sorted(c for t in deal.tricks for c in t.cards) == dealt
        assert sum(deal.taken) == k
        bids = {a.seat: a.tricks for a in deal.auction}
        if hook:
            assert sum(bids.values()) != k
        for s in range(players):
            totals[s] += hand_points(rules, bids[Seat(s)], deal.taken[s])
    assert list(match.hands[-1].game_after) == totals
    assert len(match.hands) >= rules.hands
    winner = match.winner
    assert totals[winner] == max(totals)
    again = Match.from_dict(match.to_dict())
    assert [h.to_dict() for h in again.hands] == [h.to_dict() for h in match.hands] and again.winner == winner
