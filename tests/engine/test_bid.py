"""Bid Whist on the family machine: the deal with its kitty, the auction and
its settings, the declaration, the kitty exchange, jokers and downtown in
play, the rules file's worked examples and whole random matches."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Bid, Claim, Declare, Exchange, Pass, Play, action_from_dict
from engine.cards import Card, full_deck, parse_cards
from engine.deal import Deal, DealRecord
from engine.errors import NotYourTurn, RulesError
from engine.game import Phase
from engine.games import get_game
from engine.games.bid import BidRules, bid_points, deal_pack, own_cards_laid_away
from engine.match import Match
from engine.observation import Observation
from engine.seats import Seat

GAME = get_game("bid")
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def new_deal(rules=None, seed=1, dealer=N, record=None):
    rules = rules or BidRules()
    return Deal(record or GAME.next_record(rules, dealer, 0, seed), rules)


def run(deal, actions):
    for a in actions:
        deal.apply(a)
    return deal


def bid(seat, level, mode="uptown"):
    return Bid(seat, level=level, mode=mode)


def won_by(deal, seat, level, mode, trump):
    """The four speak once from the dealer's left; ``seat`` wins with its bid."""
    speakers = [deal.dealer.offset(i) for i in range(1, 5)]
    if seat == speakers[-1]:  # the dealer wins when the first three pass
        run(deal, [Pass(s) for s in speakers[:3]] + [bid(seat, level, mode)])
    else:
        run(deal, [bid(s, level, mode) if s == seat else Pass(s) for s in speakers])
    order = "uptown" if mode == "notrump" else mode
    deal.apply(Declare(seat, trump=trump, order=order if mode != "notrump" else "uptown"))
    return deal


def lay_away(deal, cards=None):
    seat = deal.turn
    hand = sorted(deal.hand(seat))
    deal.apply(Exchange(seat, tuple(cards or hand[:6])))
    return deal


def finish(deal, books_in_play_for_declarer, rules=None):
    """Score as if the declarer's side took that many tricks in play (a claim)."""
    deal.apply(Claim(deal.contract.declarer, books_in_play_for_declarer))
    return GAME.score_hand(deal, (0, 0), rules or deal.rules, 1, None)


def test_54_cards_12_each_and_a_kitty_of_6_spread_through_the_first_six_rounds():
    pack = full_deck(jokers=True)
    hands, kitty = deal_pack(pack, N, "spread")
    assert [len(h) for h in hands] == [12, 12, 12, 12]
    assert kitty == tuple(pack[i] for i in (4, 9, 14, 19, 24, 29))  # positions 5, 10, .. 30
    # the first four and the last four cards go to players, eldest (East) first
    assert pack[0] in hands[E] and pack[3] in hands[N] and pack[50] in hands[E] and pack[53] in hands[N]
    hands6, kitty6 = deal_pack(pack, N, "last_six")
    assert kitty6 == tuple(pack[48:]) and pack[47] in hands6[N]
    record = GAME.next_record(BidRules(), W, 0, 7)
    every = [c for h in record.hands() for c in h] + list(record.pile("kitty"))
    assert sorted(every) == full_deck(jokers=True) and Card.joker(True) in every
    assert record.trump == 4 and record.trump_card is None


def test_the_auction_starts_at_the_dealers_left_and_each_bid_must_beat_the_last():
    deal = new_deal()
    assert deal.phase == Phase.AUCTION and deal.turn == E
    legal = deal.legal_actions()
    assert len(legal) == 22 and legal[0] == bid(E, 1) and legal[-1] == Pass(E)  # 7 numbers x 3 types + pass
    with pytest.raises(NotYourTurn, match="East to speak"):
        deal.apply(Pass(S))
    deal.apply(bid(E, 3, "downtown"))
    offered = [a for a in deal.legal_actions() if isinstance(a, Bid)]
    # at one number uptown < downtown < no trump
    assert offered[0] == bid(S, 3, "notrump") and bid(S, 3, "uptown") not in offered
    with pytest.raises(RulesError, match="3 uptown is not allowed now"):
        deal.apply(bid(S, 3))
    run(deal, [bid(S, 4), Pass(W), Pass(N)])
    assert deal.phase == Phase.DECLARE and deal.turn == S


def test_the_dealer_must_bid_when_the_first_three_pass():
    deal = run(new_deal(), [Pass(E), Pass(S), Pass(W)])
    assert Pass(N) not in deal.legal_actions() and bid(N, 1) in deal.legal_actions()
    with pytest.raises(RulesError, match="pass is not allowed now"):
        deal.apply(Pass(N))
    deal.apply(bid(N, 1))
    assert deal.phase == Phase.DECLARE and deal.turn == N


def test_house_settings_of_the_auction():
    # the lowest bid
    assert min(a.level for a in new_deal(BidRules(min_bid=4)).legal_actions() if isinstance(a, Bid)) == 4
    # uptown and downtown of one number equal: neither overcalls the other
    flat = run(new_deal(BidRules(downtown_beats_uptown=False)), [bid(E, 3)])
    assert bid(S, 3, "downtown") not in flat.legal_actions() and bid(S, 3, "notrump") in flat.legal_actions()
    # the dealer may take the high bid at the same number and type
    matching = run(new_deal(BidRules(dealer_may_match=True)), [bid(E, 3, "downtown"), Pass(S), Pass(W)])
    assert bid(N, 3, "downtown") in matching.legal_actions()
    strict = run(new_deal(), [bid(E, 3, "downtown"), Pass(S), Pass(W)])
    assert bid(N, 3, "downtown") not in strict.legal_actions()
    matching.apply(bid(N, 3, "downtown"))
    assert matching.turn == N and matching.phase == Phase.DECLARE


def test_an_open_auction_goes_round_until_three_pass_and_a_pass_is_final():
    deal = run(new_deal(BidRules(auction="open")), [bid(E, 1), Pass(S), bid(W, 2), bid(N, 3), bid(E, 4)])
    assert deal.phase == Phase.AUCTION and deal.turn == W  # South passed: skipped
    run(deal, [Pass(W), bid(N, 5)])
    assert deal.turn == E
    deal.apply(Pass(E))
    assert deal.phase == Phase.DECLARE and deal.turn == N


def test_suit_bids_name_trumps_and_no_trump_names_the_direction():
    suit = run(new_deal(), [bid(E, 2, "downtown"), Pass(S), Pass(W), Pass(N)])
    assert suit.legal_actions() == [Declare(E, trump=t, order="downtown") for t in "SHDC"]
    nt = run(new_deal(), [bid(E, 2, "notrump"), Pass(S), Pass(W), Pass(N)])
    assert nt.legal_actions() == [Declare(E, trump="N", order=o) for o in ("uptown", "downtown")]
    with pytest.raises(RulesError, match="not allowed now"):
        nt.apply(Declare(E, trump="S", order="uptown"))


def test_the_kitty_goes_into_the_bidders_hand_shown_to_all_unless_no_trump():
    deal = won_by(new_deal(), S, 4, "downtown", "H")
    kitty = deal.record.pile("kitty")
    assert deal.phase == Phase.EXCHANGE and deal.turn == S and len(deal.hand(S)) == 18
    assert set(kitty) <= deal.hand(S)
    for seat in (N, E, S, W):
        assert deal.observe(seat).piles["kitty"] == kitty
    obs = deal.observe(S)
    assert obs.discard == 6 and obs.legal == ()
    with pytest.raises(RulesError, match="exactly 6 cards, not 5"):
        deal.apply(Exchange(S, tuple(sorted(deal.hand(S))[:5])))
    with pytest.raises(RulesError, match="does not hold"):
        deal.apply(Exchange(S, tuple(sorted(deal.hand(E))[:6])))
    own = sorted(deal.hand(S) - set(kitty))[:2]
    discard = (*own, *kitty[:4])
    deal.apply(Exchange(S, discard))
    assert own_cards_laid_away(deal) == 2
    assert deal.phase == Phase.PLAY and deal.turn == S  # the bidder leads
    assert deal.contract.call == "4 downtown" and deal.contract.trump == 1 and deal.contract.downtown
    assert deal.observe(S).piles["discard"] == discard and "discard" not in deal.observe(E).piles
    assert len(deal.hand(S)) == 12
    nt = won_by(new_deal(), S, 4, "notrump", "N")
    assert "kitty" not in nt.observe(E).piles
    always = won_by(new_deal(BidRules(kitty_shown="always")), S, 4, "notrump", "N")
    assert "kitty" in always.observe(E).piles
    never = won_by(new_deal(BidRules(kitty_shown="never")), S, 4, "uptown", "S")
    assert "kitty" not in never.observe(E).piles


def test_trumps_after_the_kitty_when_the_house_says_so():
    deal = run(new_deal(BidRules(trump_before_kitty=False)), [bid(E, 3), Pass(S), Pass(W), Pass(N)])
    assert deal.phase == Phase.EXCHANGE and len(deal.hand(E)) == 18
    lay_away(deal)
    assert deal.phase == Phase.DECLARE
    deal.apply(Declare(E, trump="C", order="uptown"))
    assert deal.phase == Phase.PLAY and deal.turn == E and deal.trump == 3


def fixed_record():
    """North holds both jokers and the top spades; a layout to test ranks."""
    hands = [
        parse_cards("BJ LJ SA SK H2 H3 H4 H5 H6 H7 H8 H9".split()),
        parse_cards("S2 S3 S4 HT HJ HQ HK HA D2 D3 D4 D5".split()),
        parse_cards("S5 S6 S7 D6 D7 D8 D9 DT DJ DQ DK DA".split()),
        parse_cards("S8 S9 ST SJ SQ C2 C3 C4 C5 C6 C7 C8".split()),
    ]
    kitty = parse_cards("C9 CT CJ CQ CK CA".split())
    return DealRecord.of_hands(W, hands, piles={"kitty": kitty})


def played(deal, *cards):
    for c in cards:
        deal.play(c)
    return deal.tricks[-1]


def test_jokers_are_the_top_trumps_and_a_led_joker_calls_for_trumps():
    deal = won_by(new_deal(record=fixed_record()), N, 1, "uptown", "S")
    lay_away(deal, parse_cards("C9 CT CJ CQ CK CA".split()))
    assert deal.turn == N
    deal.play("LJ")
    with pytest.raises(RulesError, match="must follow spades"):  # a led joker is a trump lead
        deal.play("HA")
    trick = played(deal, "S2", "S5", "S8")
    assert trick.winner(deal.order) == N
    assert played(deal, "H2", "HA", "S6", "C2").winner(deal.order) == S  # South trumps in
    assert played(deal, "S7", "SQ", "BJ", "S3").winner(deal.order) == N


def test_downtown_low_cards_win_and_the_ace_stays_high():
    deal = won_by(new_deal(record=fixed_record()), N, 1, "downtown", "S")
    lay_away(deal, parse_cards("C9 CT CJ CQ CK CA".split()))
    assert played(deal, "H9", "HT", "D6", "C2").winner(deal.order) == N  # the nine beats the ten
    assert played(deal, "H2", "HA", "D7", "C3").winner(deal.order) == E  # the ace stays high downtown
    low = won_by(new_deal(BidRules(downtown_ace="low"), record=fixed_record()), N, 1, "downtown", "S")
    lay_away(low, parse_cards("C9 CT CJ CQ CK CA".split()))
    assert played(low, "H9", "HA", "D6", "C2").winner(low.order) == N  # ace below the king: the nine wins


def test_at_no_trump_the_jokers_are_worthless_and_the_next_card_sets_the_suit():
    deal = won_by(new_deal(record=fixed_record()), N, 1, "notrump", "N")
    lay_away(deal, parse_cards("C9 CT CJ CQ CK CA".split()))
    assert set(deal.legal_moves()) >= {Card.joker(True), Card.joker(False)}
    trick = played(deal, "BJ", "HA", "D6", "C2")  # East may play anything; hearts are set
    assert trick.winner(deal.order) == E


def test_worked_examples_of_the_rules_file():
    # N bids 4 downtown in hearts. 9 tricks in play: books 10, +4; 8 tricks: books 9, -1 or -4
    def four_downtown(rules):
        return lay_away(won_by(new_deal(rules, dealer=W), N, 4, "downtown", "H"))
    assert finish(four_downtown(BidRules()), 9).points == (4, 0)
    assert finish(four_downtown(BidRules()), 8).points == (-1, 0)
    assert finish(four_downtown(BidRules(set_penalty="bid")), 8).points == (-4, 0)
    # 4 no trump made with 11 books scores +5, or +10 with nt_double
    def four_nt(rules):
        return lay_away(won_by(new_deal(rules, dealer=W), N, 4, "notrump", "N"))
    assert finish(four_nt(BidRules()), 10).points == (5, 0)
    assert finish(four_nt(BidRules(nt_double=True)), 10).points == (10, 0)
    assert finish(four_nt(BidRules(made_score="bid_only")), 10).points == (4, 0)
    assert bid_points(BidRules(), 4, True, 9) == -1 and bid_points(BidRules(nt_double=True), 4, True, 9) == -2


def test_games_are_won_at_plus_five_and_lost_at_minus_five_or_as_the_house_says():
    deal = lay_away(won_by(new_deal(dealer=N), E, 1, "uptown", "S"))
    deal.apply(Claim(E, 11))
    made = GAME.score_hand(deal, (0, 0), BidRules(), 1, None)  # 12 books: +6
    assert made.points == (0, 6) and made.game_won_by == 1
    deal = lay_away(won_by(new_deal(dealer=N), E, 7, "uptown", "S"))
    deal.apply(Claim(E, 5))
    lost = GAME.score_hand(deal, (0, -2), BidRules(), 1, None)  # 6 books on a 7 bid: -7
    assert lost.game_after == (0, -9) and lost.game_won_by == 0
    assert GAME.score_hand(deal, (0, -2), BidRules(win_at=7, lose_at=None), 1, None).game_won_by is None


def test_rules_are_checked_and_read_back():
    odd = BidRules(kitty_deal="last_six", min_bid=3, auction="open", lose_at=None, nt_double=True)
    assert GAME.rules_from_dict(json.loads(json.dumps(odd.to_dict()))) == odd
    read = GAME.rules_from_dict({"nt_double": "on", "lose_at": "none"})
    assert read == BidRules(nt_double=True, lose_at=None)
    with pytest.raises(RulesError, match="unknown Bid Whist"):
        GAME.rules_from_dict({"honours": 1})
    with pytest.raises(RulesError, match="choose once or open"):
        BidRules(auction="twice")
    with pytest.raises(RulesError, match="1 to 7"):
        BidRules(min_bid=8)
    assert "game to 5, lost at -5" in BidRules().summary()


def test_actions_have_the_json_of_the_protocol():
    forms = [
        ({"type": "bid", "seat": "N", "level": 4, "mode": "downtown"}, bid(N, 4, "downtown")),
        ({"type": "pass", "seat": "E"}, Pass(E)),
        ({"type": "declare", "seat": "S", "trump": "N", "order": "downtown"}, Declare(S, "N", "downtown")),
        ({"type": "exchange", "seat": "W", "discard": ["BJ", "S2", "H3", "D4", "C5", "LJ"]},
         Exchange(W, tuple(parse_cards(["BJ", "S2", "H3", "D4", "C5", "LJ"])))),
        ({"type": "play", "seat": "N", "card": "BJ"}, Play(N, Card.joker(True))),
    ]
    for data, action in forms:
        assert action_from_dict(data) == action and action.to_dict() == data


def random_exchange(deal, rng):
    hand = sorted(deal.hand(deal.turn))
    return Exchange(deal.turn, tuple(rng.sample(hand, deal.exchange_count())))


HOUSES = [
    BidRules(),
    BidRules(auction="open", trump_before_kitty=False, joker_lead="free", kitty_deal="last_six"),
    BidRules(dealer_may_match=True, downtown_ace="low", set_penalty="bid", nt_double=True, games_per_match=3),
]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(HOUSES))
def test_random_matches_conserve_cards_score_one_side_and_replay_the_same(seed, rules):
    rng = random.Random(seed)
    match = Match(rules, seed=seed, game=GAME)
    while not match.is_over and len(match.hands) < 40:
        deal = match.new_deal()
        while not deal.is_over:
            if deal.phase == Phase.EXCHANGE:
                match.apply(random_exchange(deal, rng))
            else:
                match.apply(rng.choice(deal.legal_actions()))
            obs = deal.observe(deal.turn or N)
            assert Observation.from_json(json.loads(json.dumps(obs.to_json()))).legal == obs.legal
        played_cards = [c for t in deal.tricks for c in t.cards]
        assert len(played_cards) == 48 and len(set(played_cards)) == 48
        assert sorted(played_cards + list(deal.exchanges[0].discard)) == full_deck(jokers=True)
        score = match.finish_deal()
        side = deal.contract.declarer.side
        assert sum(score.tricks) == 12 and score.points[1 - side] == 0
        assert score.points[side] == bid_points(rules, deal.contract.level, deal.trump == 4,
                                                score.tricks[side] + 1)
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.to_dict() == match.to_dict() and again.game is GAME
    assert [h.points for h in again.hands] == [h.points for h in match.hands]
